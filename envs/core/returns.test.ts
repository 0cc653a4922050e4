import { describe, expect, test } from 'vitest';
import { isCompetitionRanking, normalizedReturns, rankByKeys, returnsFromRanking } from './returns.js';

describe('returnsFromRanking', () => {
  test.each([
    [
      [0, 1],
      [1, -1],
    ],
    [
      [0, 0],
      [0, 0],
    ],
    [
      [0, 1, 1, 1],
      [1, -1 / 3, -1 / 3, -1 / 3],
    ],
    [
      [0, 0, 2, 2],
      [2 / 3, 2 / 3, -2 / 3, -2 / 3],
    ],
    [
      [2, 0, 1],
      [-1, 1, 0],
    ],
  ])('%j -> %j', (ranking, expected) => {
    const r = returnsFromRanking(ranking);
    r.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 12));
    expect(Math.abs(r.reduce((a, b) => a + b, 0))).toBeLessThan(1e-12);
  });
});

describe('rankByKeys', () => {
  test('competition ranking, lexicographic keys, higher is better', () => {
    expect(
      rankByKeys([
        [12, 40],
        [12, 38],
        [9, 30],
        [12, 40],
      ]),
    ).toEqual([0, 2, 3, 0]);
    expect(isCompetitionRanking([0, 2, 3, 0])).toBe(true);
    expect(isCompetitionRanking([0, 1, 1, 2])).toBe(false);
  });
});

describe('normalizedReturns', () => {
  test('divides by returnScale; a ranking game (scale 1) gets its returns unchanged', () => {
    const state = { returns: () => [2, -2] };
    expect(normalizedReturns(state, { returnScale: 2 })).toEqual([1, -1]);
    const ranked = [1, -1 / 3, -1 / 3, -1 / 3];
    expect(normalizedReturns({ returns: () => ranked }, { returnScale: 1 })).toBe(ranked);
  });
});
