import { describe, expect, test } from 'vitest';
import {
  EFFECTS,
  FULL_SUIT_MASK,
  ICON_MASK,
  KING,
  MIN_FIELD_RANK,
  RANKS_PER_SUIT,
  ROW_COUNT,
  SIDES,
  SUITS,
  SUIT_SYMBOLS,
  cardCode,
  cardLabel,
  sideLabel,
} from './components.js';

const letters = (pair: readonly number[]) => pair.map((s) => SUITS[s]).join(',');

describe('cards (rules §2)', () => {
  test('suits are S, H, D, C with indexes 0..3 (§ notation)', () => {
    expect([...SUITS]).toEqual(['S', 'H', 'D', 'C']);
    expect([...SUIT_SYMBOLS]).toEqual(['♠', '♥', '♦', '♣']);
    expect(cardCode(1, 7)).toBe('H7');
    expect(cardLabel(3, 13)).toBe('♣13');
  });

  test('field ranks are 5..13: nine per suit, 36 cards circulating; the supply mask holds exactly those bits', () => {
    expect([MIN_FIELD_RANK, KING, RANKS_PER_SUIT]).toEqual([5, 13, 9]);
    const ranks = Array.from({ length: 16 }, (_, r) => r).filter((r) => FULL_SUIT_MASK & (1 << r));
    expect(ranks).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(SUITS.length * RANKS_PER_SUIT).toBe(36);
  });

  test('the postcard is exactly the §2.2 table, ids are indexes and activation numbers 1..4', () => {
    const table = SIDES.map((s) => [s.id, s.greek, s.effect, s.activation, s.rows.map(letters).join(' | ')]);
    expect(table).toEqual([
      [0, 'α', 'spin', 1, 'S,H | C,D | S,C'],
      [1, 'β', 'down', 2, 'C,D | S,H | H,D'],
      [2, 'γ', 'change', 3, 'H,C | H,D | S,D'],
      [3, 'δ', 'wild', 4, 'S,D | S,C | H,C'],
    ]);
    SIDES.forEach((side, i) => {
      expect(side.id).toBe(i);
      expect(side.effect).toBe(EFFECTS[i]);
      expect(side.rows).toHaveLength(ROW_COUNT - 1);
    });
    expect(sideLabel(1)).toBe('β (Down!)');
    expect(Object.isFrozen(SIDES) && Object.isFrozen(SIDES[0]) && Object.isFrozen(SIDES[0].rows[0])).toBe(true);
  });

  test.each([2, 3, 4])('row %i: every suit appears on exactly two sides, and a row never repeats a suit', (row) => {
    const counts = [0, 0, 0, 0];
    for (const side of SIDES) {
      const [a, b] = side.rows[row - 2];
      expect(a).not.toBe(b);
      counts[a]++;
      counts[b]++;
    }
    expect(counts).toEqual([2, 2, 2, 2]);
  });

  test('every unordered suit pair appears exactly twice on the card', () => {
    const pairs = new Map<string, number>();
    for (const side of SIDES)
      for (const pair of side.rows) {
        const key = letters([...pair].sort());
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }
    expect(pairs.size).toBe(6);
    expect([...pairs.values()]).toEqual([2, 2, 2, 2, 2, 2]);
  });

  test('the three rows of each side show every suit at least once', () => {
    for (const side of SIDES) expect(new Set(side.rows.flat()).size).toBe(4);
  });

  test('the rows the source quotes exist: row 2 ♥♠, row 2 ♥♣, row 3 ♥♠', () => {
    const has = (row: number, suits: number[]) =>
      SIDES.some((s) => letters([...s.rows[row - 2]].sort()) === letters(suits));
    expect(has(2, [0, 1])).toBe(true);
    expect(has(2, [1, 3])).toBe(true);
    expect(has(3, [0, 1])).toBe(true);
  });

  test('ICON_MASK is the table as suit bitmasks (rows 0 and 1 carry no icons)', () => {
    for (const side of SIDES) {
      expect(ICON_MASK[side.id * 5 + 0]).toBe(0);
      expect(ICON_MASK[side.id * 5 + 1]).toBe(0);
      side.rows.forEach(([a, b], i) => expect(ICON_MASK[side.id * 5 + i + 2]).toBe((1 << a) | (1 << b)));
    }
  });
});
