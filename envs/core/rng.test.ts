import seedrandom from 'seedrandom';
import { describe, expect, test } from 'vitest';
import { Rng } from './rng.js';

describe('Rng', () => {
  test('is seedrandom alea of String(seed): the number 7 and the string "7" give the same stream', () => {
    const reference = seedrandom.alea('7');
    const a = Rng.fromSeed(7);
    const b = Rng.fromSeed('7');
    for (let i = 0; i < 5; i++) {
      const u = reference();
      expect(a.next()).toBe(u);
      expect(b.next()).toBe(u);
    }
  });

  test('int, die and shuffle follow the documented formulas', () => {
    const ref = seedrandom.alea('draws');
    const rng = Rng.fromSeed('draws');
    expect(rng.int(10)).toBe(Math.floor(ref() * 10));
    expect(rng.die()).toBe(1 + Math.floor(ref() * 6));
    // Fisher-Yates from the last index down: j = int(i + 1) for i = n-1..1.
    const items = ['a', 'b', 'c', 'd'];
    const expected = [...items];
    for (let i = expected.length - 1; i > 0; i--) {
      const j = Math.floor(ref() * (i + 1));
      [expected[i], expected[j]] = [expected[j], expected[i]];
    }
    expect(rng.shuffle(items)).toEqual(expected);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });

  test('a saved state resumes the exact stream, and clones are independent', () => {
    const rng = Rng.fromSeed('save');
    rng.next();
    const saved = JSON.parse(JSON.stringify(rng.state()));
    const copy = rng.clone();
    const next = [rng.next(), rng.next()];
    expect([copy.next(), copy.next()]).toEqual(next);
    const restored = Rng.fromState(saved);
    expect([restored.next(), restored.next()]).toEqual(next);
  });

  test('fromState rejects something that is not a state', () => {
    expect(() => Rng.fromState({ c: 1 } as never)).toThrow(/not an Rng state/);
  });

  test('int is uniform enough over 60,000 draws (each of 6 values within 3% of 10,000)', () => {
    const rng = Rng.fromSeed('uniform');
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rng.int(6)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(300);
  });

  test('fork gives a stream that differs from the parent and depends on the label', () => {
    const a = Rng.fromSeed('f').fork('x');
    const b = Rng.fromSeed('f').fork('y');
    expect(a.next()).not.toBe(b.next());
  });
});

describe('Rng steps Alea itself', () => {
  test('10,000 draws equal seedrandom alea draws, across clones and saved states', () => {
    for (const seed of ['a', 'promotion:7', 12345]) {
      const reference = seedrandom.alea(String(seed));
      let rng = Rng.fromSeed(seed);
      for (let i = 0; i < 10_000; i++) {
        if (i % 1000 === 500) rng = rng.clone();
        if (i % 1000 === 900) rng = Rng.fromState(JSON.parse(JSON.stringify(rng.state())));
        expect(rng.next()).toBe(reference());
      }
    }
  });
});
