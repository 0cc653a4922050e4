import { describe, expect, test } from 'vitest';
import { fmtElo } from './layout.js';
import { count, ordinal } from './ordinal.js';

describe('numbers as people read them', () => {
  test('ratings round to whole numbers and never read "-0"; a true negative uses the minus sign', () => {
    expect([
      fmtElo(1523.6),
      fmtElo(-0.4),
      fmtElo(0.4),
      fmtElo(-0),
      fmtElo(-31.2),
      fmtElo(undefined),
      fmtElo(null),
    ]).toEqual(['1524', '0', '0', '0', '−31', '—', '—']);
  });

  test('places and counts agree in number', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
    expect([count(0, 'game'), count(1, 'game'), count(2, 'game'), count(1, 'decision')]).toEqual([
      '0 games',
      '1 game',
      '2 games',
      '1 decision',
    ]);
  });
});
