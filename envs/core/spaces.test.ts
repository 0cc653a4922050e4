import { describe, expect, test } from 'vitest';
import { Rng } from './rng.js';
import { Box, Discrete } from './spaces.js';

describe('Discrete', () => {
  test('contains exactly the integers 0..n-1', () => {
    const d = new Discrete(4);
    expect([0, 3].map((x) => d.contains(x))).toEqual([true, true]);
    expect([-1, 4, 1.5, '1', null].map((x) => d.contains(x))).toEqual([false, false, false, false, false]);
  });

  test('masked samples only ever hit allowed actions, and reach each of them', () => {
    const d = new Discrete(6);
    const rng = Rng.fromSeed(1);
    const mask = [0, 1, 0, 1, 1, 0];
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) seen.add(d.sample(rng, mask));
    expect([...seen].sort()).toEqual([1, 3, 4]);
  });

  test('a mask of the wrong length or allowing nothing is an error', () => {
    const d = new Discrete(3);
    expect(() => d.sample(Rng.fromSeed(1), [1, 1])).toThrow(/length 2; Discrete\(3\) needs 3/);
    expect(() => d.sample(Rng.fromSeed(1), [0, 0, 0])).toThrow(/allows no action/);
    expect(() => new Discrete(0)).toThrow(/positive integer/);
  });
});

describe('Box', () => {
  test('contains checks length, bounds and finiteness', () => {
    const b = new Box(0, 1, [2, 2]);
    expect(b.size).toBe(4);
    expect(b.contains(new Float32Array([0, 0.5, 1, 0.2]))).toBe(true);
    expect(b.contains([0, 0.5, 1])).toBe(false);
    expect(b.contains([0, 0.5, 1.5, 0])).toBe(false);
    expect(b.contains([0, Number.NaN, 1, 0])).toBe(false);
  });

  test('samples lie inside; masked entries are held at low', () => {
    const b = new Box(-2, 3, [5]);
    const rng = Rng.fromSeed(2);
    for (let i = 0; i < 50; i++) expect(b.contains(b.sample(rng))).toBe(true);
    const s = b.sample(rng, [1, 0, 1, 0, 0]);
    expect([s[1], s[3], s[4]]).toEqual([-2, -2, -2]);
  });
});
