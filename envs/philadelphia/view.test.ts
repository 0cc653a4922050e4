/**
 * Hidden information (§6): what each view shows, observations, determinize, rendering.
 */
import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { K } from './components.js';
import { layoutOf } from './encode.js';
import { philadelphia } from './index.js';
import { formatLogEntry, renderHtml, renderText } from './render.js';
import { logEntry } from './events.js';
import type { PhiladelphiaState } from './index.js';
import { handOf, json, knownOf, load, names } from './test-helpers.js';

/**
 * Two positions that differ only in seat 1's unknown cards (and so in the deck): seat 0 and the spectator cannot tell.
 */
const twins = () => [
  load({
    hands: [['Cafe', 'Bank'], ['Hotel', 'Miner', 'Pilot'], ['Farmer']],
    known: [[], ['Pilot'], []],
    fields: [['Fisher:1'], [], []],
  }),
  load({
    hands: [['Cafe', 'Bank'], ['Doctor', 'Guard', 'Pilot'], ['Farmer']],
    known: [[], ['Pilot'], []],
    fields: [['Fisher:1'], [], []],
  }),
];
const segment = (obs: Float32Array, players: number, name: string) => {
  const l = layoutOf(players);
  return Array.from(obs.subarray(l.offsets[name], l.offsets[name] + l.sizes[name]));
};

describe('views (§6)', () => {
  test("a seat sees its own hand, the others' hand sizes and known cards, and no deck order", () => {
    const [s] = twins();
    const v = s.view(0);
    expect(names(v.hand ?? [])).toEqual(['Cafe', 'Bank']);
    expect(v.handSizes).toEqual([2, 3, 1]);
    expect(names(v.known[1])).toEqual(['Pilot']);
    expect(v.adDeckSize).toBe(85 - 7);
    expect(JSON.stringify(v)).not.toMatch(/adDeck"|Hotel|Miner/);
    expect(s.view(-1).hand).toBeNull();
    expect(s.view(-1).seat).toBe(-1);
  });

  test('states differing only in what seat 0 cannot see give it identical views, observations and renderings', () => {
    const [a, b] = twins();
    for (const seat of [0, 2, -1]) {
      expect(a.view(seat)).toEqual(b.view(seat));
      expect(renderText(a.view(seat))).toBe(renderText(b.view(seat)));
      expect(renderHtml(a.view(seat))).toBe(renderHtml(b.view(seat)));
    }
    for (const seat of [0, 2]) expect(Array.from(a.observation(seat))).toEqual(Array.from(b.observation(seat)));
    expect(a.view(1)).not.toEqual(b.view(1));
    expect(Array.from(a.observation(1))).not.toEqual(Array.from(b.observation(1)));
  });

  test('cards taken face up become known to everyone; a face-down draw does not', () => {
    const s = load({ hands: [['Cafe'], []], deckTop: ['Bank', 'Hotel', 'Miner', 'Pilot', 'Farmer'] });
    playNamed(s, 'explore');
    expect(s.view(1).revealed).toEqual([
      [K.bank, false],
      [K.hotel, false],
      [K.miner, false],
      [K.pilot, false],
    ]);
    playNamed(s, 'take Miner (position 2)');
    expect(knownOf(s, 0)).toEqual(['Miner']);
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
    expect(knownOf(s, 1)).toEqual([]);
    expect(s.view(1).handSizes[0]).toBe(3);
  });

  test('a card leaving the hand lowers its known count (floor 0), even if the unknown copy left', () => {
    const s = load({ hands: [['Cafe', 'Cafe', 'Bank'], []], known: [['Cafe'], []] });
    playNamed(s, 'post...', 'post Cafe (cost 1)');
    expect(knownOf(s, 0)).toEqual([]);
    expect(handOf(s, 0)).toEqual(['Cafe', 'Bank']);
  });

  test('the log shows each seat what happened since its last decision', () => {
    const s = load({ hands: [['Cafe', 'Bank'], ['Hotel']] });
    playNamed(s, 'post...', 'post Cafe (cost 1)', 'acquire...', 'acquire 1 card for 1 gold');
    const v1 = s.view(1);
    const fresh = v1.log.slice(v1.newFrom).map(logEntry);
    expect(fresh.map((e) => e[0])).toEqual(['post', 'acquire', 'turn']);
    expect(formatLogEntry(v1, fresh[0])).toBe('seat 0 posts Cafe (cost 1)');
    expect(formatLogEntry(s.view(0), fresh[0])).toBe('seat 0 (you) posts Cafe (cost 1)');
    playNamed(s, 'acquire...');
    // Seat 0's own last decision was the acquire count; seat 1's was just now.
    expect(s.view(1).log.slice(s.view(1).newFrom).map(logEntry)).toEqual([]);
    expect(
      s
        .view(0)
        .log.slice(s.view(0).newFrom)
        .map((r) => logEntry(r)[0]),
    ).toEqual(['acquire', 'turn']);
  });
});

describe('determinize', () => {
  test('keeps view(p) and the spectator view, the seat to act and its legal actions; resamples the rest', () => {
    const [s] = twins();
    const rng = Rng.fromSeed('worlds');
    const hands1 = new Set<string>();
    const decks = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const w = s.determinize(0, rng.fork('w'));
      expect(w.view(0)).toEqual(s.view(0));
      expect(w.view(-1)).toEqual(s.view(-1));
      expect(w.currentPlayer()).toBe(0);
      expect(w.legalActions()).toEqual(s.legalActions());
      // Seat 1's known Pilot stays; the other two cards are redrawn from the unseen pool.
      expect(handOf(w, 1)).toContain('Pilot');
      expect(json(w).hands[2]).toHaveLength(1);
      hands1.add(json(w).hands[1].join());
      decks.add(json(w).adDeck.slice(0, 5).join());
      expect(json(w).rng).not.toEqual(json(s).rng);
    }
    expect(hands1.size).toBeGreaterThan(20);
    expect(decks.size).toBeGreaterThan(20);
  });

  test('is a function of view(p) and the rng: twins with the same view give identical worlds', () => {
    const [a, b] = twins();
    for (const seed of ['x', 'y', 'z']) {
      expect(JSON.stringify(a.determinize(0, Rng.fromSeed(seed)).toJSON())).toBe(
        JSON.stringify(b.determinize(0, Rng.fromSeed(seed)).toJSON()),
      );
    }
    expect(JSON.stringify(a.determinize(1, Rng.fromSeed('x')).toJSON())).not.toBe(
      JSON.stringify(b.determinize(1, Rng.fromSeed('x')).toJSON()),
    );
  });

  test('keeps the public display and pending selections; the item deck order is resampled', () => {
    const s = load({ hands: [['Cafe', 'Cafe', 'Cafe', 'Cafe', 'Hotel'], ['Bank']], round: 2 });
    playNamed(s, 'submit sets...', 'Pair of Cafe (1 VP)');
    expect(s.view(1).submitting).toEqual([4]);
    const deckOrders = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const w = s.determinize(1, Rng.fromSeed(`items${i}`));
      expect(w.view(1)).toEqual(s.view(1));
      deckOrders.add(json(w).items.deck.join());
    }
    expect(deckOrders.size).toBeGreaterThan(10);
  });
});

describe('observation', () => {
  test('observation(p) = encode(view(p)), every value in [0, 1], seats rotated so the viewer comes first', () => {
    const s = load({
      hands: [['Cafe'], ['Bank', 'Hotel'], []],
      gold: [6, 30, 0],
      vp: [1, 4, 0],
      fields: [[], ['Cafe:2'], []],
      startPlayer: 1,
      turnSeat: 1,
    });
    for (const seat of [0, 1, 2]) {
      const obs = s.observation(seat);
      expect(Array.from(obs)).toEqual(Array.from(philadelphia.encode(s.view(seat))));
      for (const v of obs) expect(v >= 0 && v <= 1).toBe(true);
      expect(obs).toHaveLength(philadelphia.observationSize(3));
    }
    const o1 = s.observation(1);
    expect(segment(o1, 3, 'gold')).toEqual([30 / 60, 0, 6 / 60].map(Math.fround));
    expect(segment(o1, 3, 'vp')).toEqual([4 / 20, 0, 1 / 20].map(Math.fround));
    expect(segment(o1, 3, 'toAct')).toEqual([1, 0, 0]);
    expect(segment(s.observation(0), 3, 'toAct')).toEqual([0, 1, 0]);
    expect(segment(o1, 3, 'hand').filter((x) => x > 0)).toEqual([0.25, 0.25]);
    // The Cafe with 2 markers: industry FUN (1) + position 0, markers 2/6, 2/3 of its period.
    expect(segment(o1, 3, 'fields').slice(0, 14)).toEqual(
      [0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2 / 6, 2 / 3].map(Math.fround),
    );
    expect(philadelphia.encodingVersion).toBe(1);
  });

  test('observation sizes: 328 shared values + 211 per seat (750 / 961 / 1172)', () => {
    // Per seat: toAct, turnSeat, startPlayer, handSizes, gold, vp, winners (7) + known 36 + fields 12 x 14 = 211.
    expect([2, 3, 4].map((n) => philadelphia.observationSize(n))).toEqual([750, 961, 1172]);
    expect([2, 3, 4].map((n) => layoutOf(n).size)).toEqual([328 + 2 * 211, 328 + 3 * 211, 328 + 4 * 211]);
  });
});

describe('render', () => {
  test(
    'text shows the decision, scores, hand, known cards, ' + 'items and what happened; the spectator has no "you"',
    () => {
      const s = load({
        hands: [['Cafe', 'Bank'], ['Hotel']],
        known: [[], ['Hotel']],
        round: 2,
        fields: [['Fisher:1'], []],
      });
      playNamed(s, 'post...', 'post Cafe (cost 1)');
      const mine = renderText(s.view(0));
      expect(mine).toContain('Philadelphia · round 2 of 40 · start player: seat 0 (you) · you are seat 0');
      expect(mine).toContain(
        'Your decision: choose an action: explore, acquire, post, purchase or submit (action 2 of 2).',
      );
      expect(mine).toContain('Your hand: Bank');
      expect(mine).toContain('Known cards of seat 1: Hotel');
      expect(mine).toMatch(/seat 0 \(you\) +0 +6 +1 +\[0\] Fisher 1\/2 {2}\[1\] Cafe 0\/3/);
      expect(mine).toContain('Items: [0] Job Change (2 gold)');
      const theirs = renderText(s.view(1));
      expect(theirs).toContain('Seat 0 to act: choose an action');
      expect(theirs).toContain('Since your last move:\n  seat 0 posts Cafe (cost 1)');
      expect(theirs).not.toContain('Bank');
      const spectator = renderText(s.view(-1));
      expect(spectator).toContain('spectator view');
      expect(spectator).not.toContain('(you)');
      expect(spectator).not.toContain('Your hand');
    },
  );

  test('html is an escaped fragment with tables and no scripts, for seats and the spectator', () => {
    const s = load({ hands: [['Cafe'], ['Hotel']] });
    for (const seat of [0, 1, -1]) {
      const html = renderHtml(s.view(seat));
      expect(html.startsWith('<section class="game philadelphia">')).toBe(true);
      expect(html).toContain('<table class="seats">');
      expect(html).not.toMatch(/<script/i);
      if (seat === -1) expect(html).not.toContain('Your hand');
      else expect(html).toContain(`<p class="hand">Your hand: ${seat === 0 ? 'Cafe' : 'Hotel'}</p>`);
    }
    expect(renderHtml(s.view(0))).toContain('<tr class="you"><th>seat 0 (you)</th>');
  });

  test('every event of a full game formats as a sentence; the end names the winners', () => {
    const rng = Rng.fromSeed('render');
    const s = philadelphia.newGame({ players: 3, seed: 'render' }) as PhiladelphiaState;
    const kinds = new Set<string>();
    while (!s.isTerminal()) {
      const v = s.view(-1);
      for (const rec of v.log.slice(v.newFrom)) {
        const e = logEntry(rec);
        kinds.add(e[0]);
        expect(formatLogEntry(v, e)).not.toMatch(/undefined|NaN/);
      }
      const legal = s.legalActions();
      s.applyAction(legal[rng.int(legal.length)]);
    }
    expect(kinds.size).toBeGreaterThan(15);
    expect(renderText(s.view(0))).toMatch(/Game over\. .*(wins|share the win)\./);
    expect(renderText(s.view(-1))).toMatch(/Game over\./);
  });
});
