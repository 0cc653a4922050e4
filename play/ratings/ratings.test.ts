import { describe, expect, test } from 'vitest';
import { Rng } from '../../envs/index.js';
import { bradleyTerryWithIntervals, fitBradleyTerry, type GameRecord } from './bradley-terry.js';
import { applyElo, eloDeltas, expectedScore } from './elo.js';
import { pairResults } from './pairs.js';

describe('Elo', () => {
  test('a two-player win between equals moves each rating by K/2 = 16', () => {
    const ratings: Record<string, number> = {};
    applyElo(ratings, ['a', 'b'], [0, 1]);
    expect(ratings).toEqual({ a: 1516, b: 1484 });
  });

  test('a four-player game is all six pairs with K divided by 3', () => {
    const d = eloDeltas({}, ['a', 'b', 'c', 'd'], [0, 1, 1, 3]);
    // a beats three equals: 3 x (32/3) x 0.5 = 16. b: beats d, ties c, loses to a -> 0.
    expect(d.a).toBeCloseTo(16, 10);
    expect(d.b).toBeCloseTo(0, 10);
    expect(d.c).toBeCloseTo(0, 10);
    expect(d.d).toBeCloseTo(-16, 10);
    expect(Object.values(d).reduce((x, y) => x + y, 0)).toBeCloseTo(0, 10);
  });

  test('expected score is 0.5 between equals and about 0.909 at +400', () => {
    expect(expectedScore(1500, 1500)).toBe(0.5);
    expect(expectedScore(1900, 1500)).toBeCloseTo(10 / 11, 10);
  });

  test('copies of one agent in a game do not rate against each other', () => {
    expect(pairResults(['x', 'x', 'y'], [0, 1, 2])).toEqual([
      { a: 'x', b: 'y', score: 1 },
      { a: 'x', b: 'y', score: 1 },
    ]);
  });
});

describe('Bradley-Terry', () => {
  const games = (wins: number, losses: number): GameRecord[] => [
    ...Array.from({ length: wins }, () => ({ seats: ['a', 'b'], ranking: [0, 1] })),
    ...Array.from({ length: losses }, () => ({ seats: ['a', 'b'], ranking: [1, 0] })),
  ];

  test('a 3:1 record between two agents gives a rating gap of 400 log10(3.5/1.5) with the half-game prior', () => {
    const fit = fitBradleyTerry(['a', 'b'], games(30, 10));
    // With the prior: a has 30.5 wins of 41 games; MLE odds = 30.5 / 10.5.
    expect(fit.a - fit.b).toBeCloseTo(400 * Math.log10(30.5 / 10.5), 6);
    expect(fit.a + fit.b).toBeCloseTo(0, 9);
  });

  test('bootstrap intervals contain the estimate and separate a clearly stronger agent', () => {
    const records: GameRecord[] = [
      ...games(80, 20),
      ...Array.from({ length: 50 }, (_, i) => ({ seats: ['b', 'c'], ranking: i % 5 === 0 ? [1, 0] : [0, 1] })),
    ];
    const rows = bradleyTerryWithIntervals(['a', 'b', 'c'], records, Rng.fromSeed(1), 200);
    for (const r of rows) {
      expect(r.low).toBeLessThanOrEqual(r.rating);
      expect(r.high).toBeGreaterThanOrEqual(r.rating);
    }
    const [a, b, c] = rows;
    expect(a.low).toBeGreaterThan(b.high);
    expect(b.low).toBeGreaterThan(c.high);
  });
});
