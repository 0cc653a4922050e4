import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { encodeFilthyRich, layoutOf, observationSize } from './encode.js';
import { filthyrich } from './index.js';
import { formatLogEntry, renderHtml, renderText } from './render.js';
import { ACTION_SIZE } from './actions.js';
import {
  BLUE,
  GREEN,
  RED,
  YELLOW,
  diceRng,
  load,
  readableJson,
  rngWhere,
  type FilthyRichJson,
  type PositionSpec,
} from './test-helpers.js';

// Two positions that differ only in what Red cannot see: which Windfall / Tax Refund Blue holds
// and which lies in the deck. Blue's scouted Tornado Cleaners is known to everyone.
const BASE: PositionSpec = {
  phase: 'card',
  page: 2,
  cash: [12, 7, 20, 3],
  hands: ['B0 C5', 'B12 C3 A2', 'C2 C2', 'C6'],
  known: ['', 'B12', '', ''],
  businesses: ['B7 1 p1 a1', 'B10 2 p2 a3'],
  assets: ['', 'A6', '', 'A5'],
  luxuries: ['', 'L1', '', 'L0'],
  discard: 'C1 B4 C7',
  rng: diceRng(5),
};
// Every card not listed lies in the deck (ascending), so swapping Blue's Windfall for a Tax Refund changes the deck
// too.
const other: PositionSpec = { ...BASE, hands: ['B0 C5', 'B12 C4 A2', 'C2 C2', 'C6'] };
const A = () => load(BASE);
const B = () => load(other);

const unseen = (json: FilthyRichJson) =>
  [...json.hands[BLUE].filter((c) => c !== 'B12'), ...json.hands[GREEN], ...json.hands[YELLOW], ...json.deck].sort();

const segment = (obs: Float32Array, players: number, name: string) => {
  const layout = layoutOf(players);
  return Array.from(obs.subarray(layout.offsets[name], layout.offsets[name] + layout.sizes[name]));
};

describe('hidden information (§6)', () => {
  test('a seat sees its own hand, only the sizes of the others, and the known scouted business', () => {
    const red = A().view(RED);
    expect(red.hand).toEqual([0, 34]);
    expect(red.handSizes).toEqual([2, 3, 2, 1]);
    expect(red.known).toEqual([[], [12], [], []]);
    expect(JSON.stringify(red)).not.toContain('"hands"');
    expect(A().view(BLUE).hand).toEqual([12, 22 + 2, 32]);
    const spectator = A().view(-1);
    expect(spectator.seat).toBe(-1);
    expect(spectator.hand).toEqual([]);
    expect(spectator.deckSize).toBe(58);
  });

  test('states differing only in hidden cards give Red identical views, observations, renderings and labels', () => {
    const a = A();
    const b = B();
    for (const seat of [RED, GREEN, YELLOW, -1]) {
      expect(b.view(seat)).toEqual(a.view(seat));
      if (seat >= 0) expect(Array.from(b.observation(seat))).toEqual(Array.from(a.observation(seat)));
      expect(renderText(b.view(seat))).toBe(renderText(a.view(seat)));
      expect(renderHtml(b.view(seat))).toBe(renderHtml(a.view(seat)));
    }
    expect(b.view(BLUE)).not.toEqual(a.view(BLUE));
    for (let action = 0; action < ACTION_SIZE; action++)
      expect(b.actionToString(action)).toBe(a.actionToString(action));
    expect(b.legalActions()).toEqual(a.legalActions());
  });

  test('observation(p) is encode(view(p)), rotated so the viewer comes first, all values in [0, 1]', () => {
    const s = A();
    for (const seat of [RED, BLUE, GREEN, YELLOW]) {
      const obs = s.observation(seat);
      expect(obs.length).toBe(observationSize(4));
      expect(Array.from(obs)).toEqual(Array.from(encodeFilthyRich(s.view(seat))));
      for (const v of obs) expect(v >= 0 && v <= 1).toBe(true);
    }
    // From Blue's chair: Blue is offset 0, Green 1, Yellow 2, Red 3.
    const blue = s.observation(BLUE);
    expect(segment(blue, 4, 'toAct')).toEqual([0, 0, 0, 1]);
    expect(segment(blue, 4, 'eliminated')).toEqual([0, 0, 0, 0]);
    expect(segment(blue, 4, 'handSize')).toEqual([3, 2, 1, 2].map((n) => Math.fround(n / 6)));
    expect(segment(blue, 4, 'cash').filter((_, i) => i % 2 === 0)).toEqual(
      [7, 20, 3, 12].map((c) => Math.fround(c / 50)),
    );
    expect(segment(blue, 4, 'page')).toEqual([0, 1, 0, 0]);
    // Slot 1 at page 2 shows Blue's Murphy's (page 1): owner offset 0.
    expect(segment(blue, 4, 'visible').slice(0, 4)).toEqual([1, 0, 0, 0]);
    expect(segment(blue, 4, 'hand')[12]).toBe(1);
    expect(segment(s.observation(RED), 4, 'hand')[12]).toBe(0);
    expect(segment(s.observation(RED), 4, 'known')[1 * 22 + 12]).toBe(1);
  });

  test("the seat segment is the one absolute feature: the viewer's seat, which TARGET ids name", () => {
    const s = A();
    for (let p = 0; p < 4; p++)
      expect(segment(s.observation(p), 4, 'seat')).toEqual([0, 1, 2, 3].map((q) => (q === p ? 1 : 0)));
    expect(segment(s.observation(-1), 4, 'seat')).toEqual([0, 0, 0, 0]);
    expect(filthyrich.encodingVersion).toBe(2);
  });

  test('observation sizes per seat count follow the segment table', () => {
    // Per seat: pockets 36 + owners 22 + visible 9 + known 22 + cash 2 + hand size 1 + assets 7 + symbols 1
    // + luxury owners 12 + eliminated 1 + tax 4 + auction 4 + toAct 1 + active 1 + winners 1 + seat 1 = 125.
    for (const n of [2, 3, 4, 5]) {
      const layout = layoutOf(n);
      expect(observationSize(n)).toBe(layout.segments.reduce((sum, seg) => sum + seg.size, 0));
      expect(filthyrich.observationSize(n)).toBe(layout.size);
    }
    expect(observationSize(5) - observationSize(4)).toBe(125);
    expect(observationSize(3) - observationSize(2)).toBe(125);
    // The rest: phase 11, page 4, business pages 88, visible hits 9, hand 37, luxury available/removed 24,
    // discard 37, deck size + turn + steps + actions done 4, played 37, page roll 6, tax 2, auction 15, end 2 = 276.
    expect(observationSize(4)).toBe(276 + 4 * 125);
  });
});

describe('the public log', () => {
  test('each seat sees what happened since its own last decision; the spectator sees this turn and the last', () => {
    const s = load({ phase: 'card', hands: ['C3 C3'], rng: rngWhere((r) => r.int(10) !== 0) });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.view(RED).log.map((e) => e.kind)).toEqual(['discard']);
    playNamed(s, 'play Windfall');
    const red = s.view(RED).log.map((e) => e.kind);
    expect(red.slice(0, 4)).toEqual(['play', 'gain', 'dice', 'pageDie']);
    expect(red).toContain('turn');
    // Blue has not moved yet: he sees Red's whole turn, the discard included.
    expect(
      s
        .view(BLUE)
        .log.map((e) => e.kind)
        .slice(0, 2),
    ).toEqual(['discard', 'play']);
    expect(s.currentPlayer()).toBe(BLUE);
    playNamed(s, 'end the buy step');
    // Blue's hand is empty, so his dice follow at once: his log starts there.
    expect(s.view(BLUE).log[0]).toMatchObject({ kind: 'dice', turn: 2 });
    expect(s.view(RED).log[0]).toEqual({ kind: 'play', turn: 1, args: [RED, 32] });
    const spectator = s.view(-1);
    expect(spectator.turn).toBe(3);
    expect(spectator.log[0]).toEqual({ kind: 'turn', turn: 2, args: [BLUE] });
  });
});

describe('determinize (§6)', () => {
  test('keeps view(p) and the spectator view, the seat to act and its legal actions', () => {
    const s = A();
    for (const seat of [RED, BLUE, GREEN, YELLOW]) {
      for (let k = 0; k < 5; k++) {
        const world = s.determinize(seat, Rng.fromSeed(`w${seat}:${k}`));
        expect(world.view(seat)).toEqual(s.view(seat));
        expect(world.view(-1)).toEqual(s.view(-1));
        expect(world.currentPlayer()).toBe(s.currentPlayer());
      }
    }
    expect(s.determinize(RED, Rng.fromSeed(1)).legalActions()).toEqual(s.legalActions());
  });

  test(
    'resamples the other hands and the deck from the unseen ' +
      "pool, keeping the known Tornado Cleaners in Blue's hand",
    () => {
      const s = A();
      const blueHands = new Set<string>();
      const decks = new Set<string>();
      for (let k = 0; k < 40; k++) {
        const world = s.determinize(RED, Rng.fromSeed(`resample:${k}`));
        const json = readableJson(world);
        expect(json.hands[BLUE]).toContain('B12');
        expect(json.hands[RED]).toEqual(['B0', 'C5']);
        blueHands.add(json.hands[BLUE].join(' '));
        decks.add(json.deck.join(' '));
        // The unseen pool is conserved: Blue's two unknown cards, Green's two, Yellow's one and the deck.
        expect(unseen(json)).toEqual(unseen(readableJson(s)));
        expect(json.hands.map((h) => h.length)).toEqual([2, 3, 2, 1]);
      }
      expect(blueHands.size).toBeGreaterThan(5);
      expect(decks.size).toBeGreaterThan(5);
    },
  );

  test('is a function of view(p) and the rng: two states with the same view give the same world', () => {
    for (let k = 0; k < 10; k++) {
      const a = A().determinize(RED, Rng.fromSeed(`same:${k}`));
      const b = B().determinize(RED, Rng.fromSeed(`same:${k}`));
      expect(JSON.stringify(b.toJSON())).toBe(JSON.stringify(a.toJSON()));
    }
  });

  test("reseeds the world's RNG: the real future dice cannot be read from a world", () => {
    const s = A();
    const w1 = s.determinize(RED, Rng.fromSeed('r1')).toJSON() as { rng: unknown };
    const w2 = s.determinize(RED, Rng.fromSeed('r2')).toJSON() as { rng: unknown };
    expect(w1.rng).not.toEqual((s.toJSON() as { rng: unknown }).rng);
    expect(w1.rng).not.toEqual(w2.rng);
  });
});

describe('render', () => {
  test('text shows the turn, the decision, players, the hand, known cards, the binder, luxuries and the log', () => {
    const s = A();
    playNamed(s, 'play Extra Shift');
    const text = renderText(s.view(RED));
    expect(text).toContain("Filthy Rich · turn 1 of 200 · binder at page 2 · seat 0 (you)'s turn · you are seat 0");
    expect(text).toMatch(/seat 1 +\$7 +3 +2 +Designer Wardrobe \/ Murphy's Fish Market \/ Page Turner/);
    expect(text).toContain('Your hand: Lemonade Stand ($2)');
    expect(text).toContain('Known cards: seat 1 holds Tornado Cleaners');
    expect(text).toContain('B7/1');
    expect(text).toContain('Luxuries for sale: Racehorse ($12)');
    expect(text).toContain('seat 0 (you) plays Extra Shift');
    expect(text).toMatch(/Extra Shift die shows \d/);
    const spectator = renderText(s.view(-1));
    expect(spectator).toContain('spectator view');
    expect(spectator).not.toContain('you');
    expect(spectator).not.toContain('Your hand');
  });

  test('html is an escaped fragment with tables, no scripts, and works for the spectator', () => {
    const s = A();
    const html = renderHtml(s.view(BLUE));
    expect(html.startsWith('<section class="game filthyrich">')).toBe(true);
    expect(html).toContain('<table class="players">');
    expect(html).toContain('<tr class="you"><th>seat 1 (you)</th>');
    expect(html).toContain('Murphy&#39;s Fish Market');
    expect(html).not.toMatch(/<script/i);
    expect(renderHtml(s.view(-1))).not.toContain('(you)');
  });

  test('every event kind of many random games formats as a sentence', () => {
    const kinds = new Set<string>();
    const rng = Rng.fromSeed('render');
    for (let game = 0; game < 40; game++) {
      const s = filthyrich.newGame({ players: 2 + (game % 4), seed: `render${game}` });
      while (!s.isTerminal()) {
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
      }
      const v = s.view(0);
      for (const e of v.log) {
        kinds.add(e.kind);
        expect(formatLogEntry(v, e)).not.toMatch(/undefined|NaN/);
      }
      expect(renderText(v)).toMatch(/Game over\./);
      expect(filthyrich.renderText(v)).toBe(renderText(v));
      expect(filthyrich.renderHtml(v)).toBe(renderHtml(v));
    }
    expect(kinds.size).toBeGreaterThan(12);
  });
});
