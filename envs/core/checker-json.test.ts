import { isDeepStrictEqual } from 'node:util';
import { describe, expect, test } from 'vitest';
import { deepEqualToPlain, isPlainJson, sameJsonText, textWithFirstKey } from './checker-json.js';

/** Values plain and not: each walk must decide as the definition it stands for does. */
function samples(): unknown[] {
  const holey = [1, , 3]; // eslint-disable-line no-sparse-arrays
  const extra = Object.assign([1, 2], { note: 'x' });
  const symbolic = { a: 1, [Symbol('s')]: 2 };
  const symbolicArray = Object.assign([1], { [Symbol('s')]: 2 });
  const bare = Object.assign(Object.create(null) as object, { a: 1 });
  class Point {
    constructor(readonly x: number) {}
  }
  const base = {
    seat: 1,
    players: 2,
    hand: [3, 4],
    log: [{ kind: 'draw', args: [1, 2] }],
    done: false,
    name: 'é\ud800',
  };
  return [
    null,
    0,
    -0,
    1.5,
    Number.NaN,
    Infinity,
    'text',
    true,
    undefined,
    () => 1,
    [],
    {},
    base,
    { ...base, seat: 0 },
    { players: 2, seat: 1, hand: [3, 4], log: [{ kind: 'draw', args: [1, 2] }], done: false, name: 'é\ud800' },
    { ...base, hand: [3, 5] },
    { ...base, hand: [3, -0] },
    { ...base, extra: undefined },
    { ...base, log: [{ kind: 'draw', args: [1, 2], when: new Date(0) }] },
    { ...base, toJSON: () => 'x' },
    { 0: 'a', seat: 1 },
    { seat: 12, hand: [] },
    { seat: 1, hand: [] },
    [1, 2],
    [1, 2, 3],
    holey,
    [1, undefined, 3],
    [1, null, 3],
    extra,
    symbolic,
    symbolicArray,
    bare,
    new Point(1),
    { p: new Point(1) },
    [Number.NaN],
    [null],
  ];
}

describe('checker-json: each walk decides exactly as its definition', () => {
  const values = samples();

  test('isPlainJson(v) is isDeepStrictEqual(JSON.parse(JSON.stringify(v)), v)', () => {
    for (const v of values) {
      let expected: boolean | 'throws';
      try {
        expected = isDeepStrictEqual(JSON.parse(JSON.stringify(v)), v);
      } catch {
        expected = 'throws';
      }
      if (expected === 'throws') expect(() => isPlainJson(v)).toThrow();
      else expect(isPlainJson(v), String(JSON.stringify(v))).toBe(expected);
    }
  });

  test('sameJsonText(a, b) is JSON.stringify(b) === JSON.stringify(a)', () => {
    for (const a of values) {
      for (const b of values) {
        const text = JSON.stringify(a);
        expect(
          sameJsonText(a, b, () => text),
          `${text} / ${JSON.stringify(b)}`,
        ).toBe(JSON.stringify(b) === text);
      }
    }
  });

  test('deepEqualToPlain(a, b) is isDeepStrictEqual(a, b) for plain a', () => {
    const plain = values.filter((v) => v !== undefined && typeof v !== 'function' && isPlainJson(v));
    expect(plain.length).toBeGreaterThan(10);
    for (const a of plain) {
      for (const b of values) {
        expect(deepEqualToPlain(a, b), `${JSON.stringify(a)} / ${JSON.stringify(b)}`).toBe(isDeepStrictEqual(a, b));
      }
    }
  });

  test('textWithFirstKey is JSON.stringify({ ...v, [key]: value })', () => {
    for (const v of values) {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) continue;
      const o = v as Record<string, unknown>;
      expect(textWithFirstKey(o, JSON.stringify(o), 'seat', 0)).toBe(JSON.stringify({ ...o, seat: 0 }));
    }
  });
});
