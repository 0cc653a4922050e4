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

describe('games with payoffs', () => {
  // Kuhn poker: returnScale 2. Winning a 1-chip pot is worth less than losing a 2-chip one.
  const small = { ranking: [0, 1], returns: [1, -1], payoffScale: 2 };
  const big = { ranking: [1, 0], returns: [-2, 2], payoffScale: 2 };

  test('a pair is scored 0.5 + (r_i - r_j) / (4 * scale): fractional wins by chips', () => {
    expect(pairResults(['a', 'b'], small)).toEqual([{ a: 'a', b: 'b', score: 0.75 }]);
    expect(pairResults(['a', 'b'], big)).toEqual([{ a: 'a', b: 'b', score: 0 }]);
    expect(pairResults(['a', 'b'], { ranking: [0, 0], returns: [0, 0], payoffScale: 2 })[0].score).toBe(0.5);
  });

  test('without payoffScale an outcome is scored by places, exactly as a ranking', () => {
    const outcome = { ranking: [0, 1, 1], returns: [1, -0.5, -0.5] };
    expect(pairResults(['a', 'b', 'c'], outcome)).toEqual(pairResults(['a', 'b', 'c'], [0, 1, 1]));
    expect(eloDeltas({}, ['a', 'b', 'c'], outcome)).toEqual(eloDeltas({}, ['a', 'b', 'c'], [0, 1, 1]));
  });

  test('an agent winning two small pots for each big one it loses is rated below its opponent', () => {
    // a wins 2 of 3 hands (+1, +1, -2 chips: 0 net); by places it would be far ahead.
    const records: GameRecord[] = Array.from({ length: 30 }, (_, i) => ({
      seats: ['a', 'b'],
      ...(i % 3 === 2 ? big : small),
    }));
    const byChips = fitBradleyTerry(['a', 'b'], records);
    expect(byChips.a).toBeCloseTo(0, 6);
    const byPlaces = fitBradleyTerry(
      ['a', 'b'],
      records.map(({ seats, ranking }) => ({ seats, ranking })),
    );
    expect(byPlaces.a).toBeGreaterThan(50);
    const elo: Record<string, number> = {};
    for (const r of records) applyElo(elo, r.seats, r);
    expect(Math.abs(elo.a - 1500)).toBeLessThan(20);
  });
});
