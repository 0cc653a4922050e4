import { describe, expect, test } from 'vitest';
import { fmtElo, fmtReturn } from './layout.js';
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

  test('returns are signed, to two decimals, never "-0", in their unit and its number', () => {
    expect([
      fmtReturn(2, 'chips'),
      fmtReturn(-1, 'chips'),
      fmtReturn(1, 'chips'),
      fmtReturn(0, 'chips'),
      fmtReturn(-0.001, 'chips'),
      fmtReturn(0.0625),
      fmtReturn(-1 / 3),
      fmtReturn(null, 'chips'),
    ]).toEqual(['+2 chips', '−1 chip', '+1 chip', '0 chips', '0 chips', '+0.06', '−0.33', '—']);
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
