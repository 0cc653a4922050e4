import { describe, expect, test } from 'vitest';
import { playNamed } from '../core/testing.js';
import { LAYOUT, encodePromotion } from './encode.js';
import { promotion } from './index.js';
import { formatLogEntry, renderHtml, renderText } from './render.js';
import { positionJson, type PromotionState } from './test-helpers.js';

const S0 = ['S5 H7 D8 C6', 'S6 H8 D5 C7', 'S7 H5 D6 C8', 'S8 H6 D7 C5'];
const phaseB = () => playNamed(promotion.fromJSON(positionJson({ fields: S0, orientation: 0, parent: 0 })), 'row 3');

const segment = (obs: Float32Array, name: string) =>
  Array.from(obs.subarray(LAYOUT.offsets[name], LAYOUT.offsets[name] + LAYOUT.sizes[name]));

describe('encode', () => {
  test('the layout has the declared size (8+4+16+36+16+4+1+4+4+16+5+4+4+4+4+1 = 131)', () => {
    expect(promotion.observationSize(4)).toBe(LAYOUT.size);
    expect(LAYOUT.size).toBe(131);
    expect(promotion.encodingVersion).toBe(1);
  });

  test('seats are rotated so the viewer comes first; values are normalised into [0, 1]', () => {
    const s = phaseB();
    const obs = s.observation(1);
    expect(Array.from(obs)).toEqual(Array.from(encodePromotion(s.view(1))));
    for (const v of obs) expect(v >= 0 && v <= 1).toBe(true);
    // Seat 1 (S6 H8 D5 C7) is index 0, then seat 2 (S7 H5 D6 C8): (rank - 4) / 9.
    expect(segment(obs, 'fields').slice(0, 8)).toEqual([2, 4, 1, 3, 3, 1, 2, 4].map((r) => Math.fround(r / 9)));
    // a = 0: seat 1 faces δ, seat 2 γ, seat 3 β, seat 0 α.
    expect(segment(obs, 'sides')).toEqual([0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0]);
    // Seat 0 (the parent, offset 3 from seat 1) has committed; seat 1 is to act and sees no row.
    expect(segment(obs, 'committed')).toEqual([0, 0, 0, 1]);
    expect(segment(obs, 'parent')).toEqual([0, 0, 0, 1]);
    expect(segment(obs, 'toAct')).toEqual([1, 0, 0, 0]);
    expect(segment(obs, 'ownRow')).toEqual([0, 0, 0, 0]);
    expect(segment(s.observation(0), 'ownRow')).toEqual([0, 0, 1, 0]);
    // Ranks 5..13 of each suit: only 9..13 lie in the supply.
    expect(segment(obs, 'supply')).toEqual(Array(4).fill([0, 0, 0, 0, 1, 1, 1, 1, 1]).flat());
    expect(segment(obs, 'round')).toEqual([Math.fround(1 / 60)]);
  });
});

describe('render', () => {
  test("text shows round, parent, the decision, fields, supply, the postcard and the log, hiding others' rows", () => {
    const s = phaseB();
    const mine = renderText(s.view(0));
    const theirs = renderText(s.view(1));
    expect(theirs).toContain('Promotion · round 1 of 60 · parent: seat 0 · you are seat 1');
    expect(theirs).toContain('Your decision: choose a row (hidden until all four have chosen).');
    expect(theirs).toMatch(/seat 1 \(you\) +6 +8 +5 +7 +8/);
    expect(theirs).toContain('♠ 9 10 11 12 13');
    expect(theirs).toMatch(/seat 1 \(you\) +faces δ \(Wild!\) +row 2 ♠♦ {2}row 3 ♠♣ {2}row 4 ♥♣/);
    expect(theirs).toMatch(/seat 0 +faces α \(SPIN 90°\).*placed \(hidden\)/);
    expect(theirs).toContain('seat 0 places a row card face down');
    expect(theirs).not.toContain('row 3 (hidden from others)');
    expect(mine).toContain('row 3 (hidden from others)');
    expect(mine).toContain('Seat 1 to act: choose a row');
  });

  test('html is an escaped fragment with tables and no scripts', () => {
    const html = renderHtml(phaseB().view(2));
    expect(html.startsWith('<section class="game promotion">')).toBe(true);
    expect(html).toContain('<table class="fields">');
    expect(html).toContain('<tr class="you"><th>seat 2 (you)</th>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('placed (hidden)');
  });

  test('every event kind of a full game formats as a sentence; the end names the winners', () => {
    const s = promotion.newGame({ players: 4, seed: 3 }) as PromotionState;
    const sentences: string[] = [];
    while (!s.isTerminal()) {
      const v = s.view(0);
      for (const e of v.log) sentences.push(formatLogEntry(v, e));
      s.applyAction(s.legalActions()[0]);
    }
    const end = s.view(0);
    for (const line of sentences) expect(line).not.toMatch(/undefined|NaN/);
    expect(renderText(end)).toMatch(/Game over\. .* (wins|share the win)\./);
    expect(promotion.renderText(end)).toBe(renderText(end));
  });
});
