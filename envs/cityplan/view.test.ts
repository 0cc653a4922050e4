import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { CITY_KINDS, DECK_KINDS, kindByName } from './components.js';
import { ENCODING_VERSION, encodeCityPlan, layoutFor } from './encode.js';
import { cityplan } from './index.js';
import { LOG_KINDS, LOG_KIND_NAMES } from './events.js';
import { formatLogEntry, renderHtml, renderText } from './render.js';
import { commitAll, load, readable, saved, type CityPlanState } from './test-helpers.js';

const K = kindByName;

/**
 * Two positions seat 0 cannot tell apart: seat 1 holds a Factory or a Park, discarded a Steel Mill
 * or a Luxury Estate face down, and chose Council or Exchange; the deck differs accordingly.
 */
function twins(): [CityPlanState, CityPlanState] {
  const make = (hand: string, discard: string, card: string) => {
    const s = load({ players: 2, mayor: 1, hands: ['Apartments, Row Houses', hand], discards: ['Workshops', discard] });
    return playNamed(s, `play ${card}`);
  };
  return [make('Factory', 'Steel Mill', 'Council'), make('Park', 'Luxury Estate', 'Exchange')];
}

describe('§6 hidden information', () => {
  test('a seat sees its own hand, the others only as counts; the spectator sees no hand', () => {
    const s = load({ players: 3, hands: ['Apartments, Factory', 'Park', ''] });
    expect(s.view(0)).toMatchObject({ hand: [K('Apartments'), K('Factory')], handSizes: [2, 1, 0] });
    expect(s.view(1)).toMatchObject({ hand: [K('Park')], handSizes: [2, 1, 0] });
    expect(s.view(-1)).toMatchObject({ seat: -1, hand: [], ownAction: -1, ownDiscards: [] });
    expect(JSON.stringify(s.view(1))).not.toContain(String(K('Apartments')) + ',' + String(K('Factory')));
  });

  test('action cards stay hidden until every seat has chosen, then stay revealed until the next Action phase', () => {
    const s = load({ players: 3, mayor: 0, hands: ['', '', ''] });
    playNamed(s, 'play Council');
    expect(s.view(0)).toMatchObject({ ownAction: 2, committed: [true, false, false], revealed: null });
    expect(s.view(1)).toMatchObject({ ownAction: -1, committed: [true, false, false], revealed: null });
    expect(s.view(1).log).toEqual([['commit', 1, 0]]);
    playNamed(s, 'play Income', 'play Exchange');
    expect(s.view(1).revealed).toEqual([2, 0, 1]);
    playNamed(s, 'finish exchange (draw 0)', 'draw 2 cards', 'draw 2 cards', 'draw 2 cards');
    expect(s.view(1)).toMatchObject({
      phase: 'actionSelect',
      turn: 2,
      revealed: null,
      committed: [false, false, false],
    });
  });

  test('set-aside exchange cards are visible to their owner only; everyone sees how many', () => {
    const s = commitAll(load({ players: 2, hands: ['Apartments, Factory', 'Park'] }), ['Exchange', 'Income']);
    playNamed(s, 'exchange Factory');
    expect(s.view(0)).toMatchObject({ setAsideCount: 1, ownSetAside: [K('Factory')], hand: [K('Apartments')] });
    expect(s.view(1)).toMatchObject({ setAsideCount: 1, ownSetAside: [] });
    expect(s.view(-1).ownSetAside).toEqual([]);
  });

  test(
    'discard knowledge: own face-down discards and face-up cards, per-seat counts public, all cleared by a ' +
      'reshuffle',
    () => {
      const s = load({
        players: 2,
        phase: 'build',
        cities: ['Construction Site', ''],
        hands: ['Shopping Mall, Row Houses, Factory', ''],
        discards: ['', 'Park'],
      });
      playNamed(
        s,
        'build Shopping Mall (4 cards or 1 with the site, 5 power)',
        'sacrifice Construction Site (3 cards less)',
        'pay with Factory',
      );
      const mine = s.view(0);
      expect(mine.ownDiscards).toEqual([K('Factory')]);
      expect(mine.publicDiscards).toEqual([K('Construction Site')]);
      expect(mine).toMatchObject({ discardsBySeat: [1, 1], discardSize: 3 });
      expect(s.view(1).ownDiscards).toEqual([K('Park')]);
      expect(s.view(-1).ownDiscards).toEqual([]);
    },
  );

  test(
    'states differing only in what seat 0 cannot see give seat 0 identical views, ' + 'observations and renderings',
    () => {
      const [a, b] = twins();
      expect(saved(a)).not.toBe(saved(b));
      for (const seat of [0, -1]) {
        expect(a.view(seat)).toEqual(b.view(seat));
        expect(Array.from(cityplan.encode(a.view(seat)))).toEqual(Array.from(cityplan.encode(b.view(seat))));
        expect(renderText(a.view(seat))).toBe(renderText(b.view(seat)));
        expect(renderHtml(a.view(seat))).toBe(renderHtml(b.view(seat)));
      }
      expect(Array.from(a.observation(0))).toEqual(Array.from(b.observation(0)));
      expect(a.view(1)).not.toEqual(b.view(1));
      expect(Array.from(a.observation(1))).not.toEqual(Array.from(b.observation(1)));
    },
  );
});

describe('determinize', () => {
  test('the world is a function of view(p) and the rng: indistinguishable states give identical worlds', () => {
    const [a, b] = twins();
    const wa = a.determinize(0, Rng.fromSeed('world'));
    const wb = b.determinize(0, Rng.fromSeed('world'));
    expect(saved(wa)).toBe(saved(wb));
    expect(wa.view(0)).toEqual(a.view(0));
    expect(wa.legalActions()).toEqual(a.legalActions());
  });

  test(
    "keeps view(p), the spectator view and the seat to act; resamples hands, hidden commits, others' discards and " +
      'the deck',
    () => {
      const [a] = twins();
      const hands = new Set<string>();
      const commits = new Set<number>();
      const discards = new Set<string>();
      const rng = Rng.fromSeed('resample');
      for (let i = 0; i < 40; i++) {
        const w = a.determinize(0, rng.fork('w'));
        expect(w.view(0)).toEqual(a.view(0));
        expect(w.view(-1)).toEqual(a.view(-1));
        expect(w.currentPlayer()).toBe(0);
        expect(w.legalActions()).toEqual(a.legalActions());
        const json = readable(w);
        hands.add(JSON.stringify(json.hands[1]));
        commits.add(w.view(1).ownAction);
        discards.add(JSON.stringify(json.discard.bySeat[1]));
        expect(json.discard.bySeat[0]).toEqual([K('Workshops')]);
        expect(json.rng).not.toEqual(readable(a).rng);
      }
      expect(hands.size).toBeGreaterThan(10);
      expect([...commits].sort()).toEqual([0, 1, 2]);
      expect(discards.size).toBeGreaterThan(10);
    },
  );

  test('the owner of set-aside cards keeps them; another seat sees them resampled', () => {
    const s = commitAll(load({ players: 2, hands: ['Apartments, Factory', 'Park'] }), ['Exchange', 'Income']);
    playNamed(s, 'exchange Factory');
    const rng = Rng.fromSeed('aside');
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      expect(readable(s.determinize(0, rng.fork('a'))).setAside).toEqual([K('Factory')]);
      const other = s.determinize(1, rng.fork('b'));
      expect(other.view(1)).toEqual(s.view(1));
      seen.add(JSON.stringify(readable(other).setAside));
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  test('at every step of a random game, a state and any world of it determinize identically for the same rng', () => {
    for (const players of [2, 4]) {
      const s = cityplan.newGame({ players, seed: `twins:${players}` }) as CityPlanState;
      const rng = Rng.fromSeed('twins');
      while (!s.isTerminal()) {
        const p = rng.int(players);
        const twin = s.determinize(p, rng.fork('twin'));
        const seed = rng.fork('same').state();
        expect(saved(twin.determinize(p, Rng.fromState(seed)))).toBe(saved(s.determinize(p, Rng.fromState(seed))));
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
      }
    }
  });

  test("over a random game determinize keeps every seat's view and the acting seat's legal actions", () => {
    const s = cityplan.newGame({ players: 3, seed: 'det' }) as CityPlanState;
    const rng = Rng.fromSeed('walk');
    while (!s.isTerminal()) {
      const p = s.currentPlayer();
      const w = s.determinize(p, rng.fork('w'));
      expect(JSON.stringify(w.view(p))).toBe(JSON.stringify(s.view(p)));
      expect(w.legalActions()).toEqual(s.legalActions());
      const legal = s.legalActions();
      s.applyAction(legal[rng.int(legal.length)]);
    }
  });
});

describe('encode', () => {
  test('layout: 277 fixed values + 72 per seat (421, 493, 565, 637)', () => {
    // Fixed: phase 7, turn 1, hand 50, income 6, council 2, piles 2, own action 3, pending kind 50,
    // pending cost 4, set aside 1, own set aside 50, own and public discards 100, truncated 1.
    // Per seat: 11 single values, a city of 51 kinds, 7 city stats, 3 revealed action cards.
    for (const n of [2, 3, 4, 5]) {
      const size =
        7 + 1 + DECK_KINDS + 6 + 2 + 2 + 3 + DECK_KINDS + 4 + 1 + 3 * DECK_KINDS + 1 + n * (11 + CITY_KINDS + 7 + 3);
      expect(size).toBe(277 + 72 * n);
      expect(cityplan.observationSize(n)).toBe(size);
      expect(layoutFor(n).size).toBe(size);
    }
    expect(cityplan.encodingVersion).toBe(ENCODING_VERSION);
    expect(ENCODING_VERSION).toBe(1);
  });

  test('seats are rotated so the viewer comes first; values lie in [0, 1]', () => {
    const s = load({ players: 3, hands: ['', 'Apartments', ''], cities: ['', 'Stadium', 'Park'], power: [18, 30, 5] });
    const layout = layoutFor(3);
    const seg = (obs: Float32Array, name: string) =>
      Array.from(obs.subarray(layout.offsets[name], layout.offsets[name] + layout.sizes[name]));
    const obs = s.observation(1);
    expect(Array.from(obs)).toEqual(Array.from(encodeCityPlan(s.view(1))));
    for (const v of obs) expect(v >= 0 && v <= 1).toBe(true);
    // Seat 1 is offset 0: its Stadium is in its block; seat 2's Park in the next; seat 0 last.
    const cities = seg(obs, 'cities');
    expect(cities[K('Stadium')]).toBe(0.25);
    expect(cities[CITY_KINDS + K('Park')]).toBe(0.25);
    expect(seg(obs, 'hand')[K('Apartments')]).toBe(0.25);
    expect(seg(obs, 'toAct')).toEqual([0, 0, 1]);
    expect(seg(obs, 'mayor')).toEqual([0, 0, 1]);
  });
});

describe('render', () => {
  test('text: headline, decision, hand, cities, income cards, piles and the log; spectator without "you"', () => {
    const s = load({ players: 2, hands: ['Apartments x2, Factory', 'Park'], cities: ['Station', ''] });
    playNamed(s, 'play Council');
    const text = renderText(s.view(1));
    expect(text).toContain('City Plan Delta · turn 1 of 40 · mayor: seat 0 · you are seat 1');
    expect(text).toContain('Your decision: choose an action card (hidden until everyone has chosen).');
    expect(text).toContain('Your hand (1):\n  Park (S, eco, 0 cards, 0 power, 1 pts)');
    expect(text).toMatch(/seat 0 +2 buildings, 18 power, 0 chips, hand 3, score -3; action: chosen \(hidden\)/);
    expect(renderText(s.view(0))).toContain(
      '  2 x Apartments (R, 1 card, 2 power, 3 pts)\n  Factory (I, 1 card, 3 power, 3 pts)',
    );
    expect(text).toContain('Station, Initial Power Plant');
    expect(text).toContain('1 Housing Grant · 2 Commerce Grant');
    expect(text).toContain('seat 0 chooses an action card face down');
    expect(renderText(s.view(0))).toContain('action: Council (hidden from others)');
    const spectator = renderText(s.view(-1));
    expect(spectator).toContain('spectator view');
    expect(spectator).not.toMatch(/\byou\b/i);
  });

  test('html is an escaped fragment with tables and no scripts', () => {
    const s = load({ players: 2, hands: ['Apartments', "Farmers' Market"] });
    const html = renderHtml(s.view(1));
    expect(html.startsWith('<section class="game cityplan">')).toBe(true);
    expect(html).toContain('<table class="cities">');
    expect(html).toContain('Farmers&#39; Market');
    expect(html).not.toContain("Farmers' Market");
    expect(html).not.toMatch(/<script/i);
    expect(renderHtml(s.view(-1))).not.toMatch(/\(you\)/);
  });

  test('every event kind of full games formats as a sentence; the end shows the final scores', () => {
    const kinds = new Set<string>();
    for (const seed of [1, 2, 3, 4]) {
      const s = cityplan.newGame({ players: 4, seed }) as CityPlanState;
      const rng = Rng.fromSeed(seed);
      while (!s.isTerminal()) {
        const v = s.view(0);
        for (const e of v.log) {
          kinds.add(e[0]);
          expect(formatLogEntry(v, e)).not.toMatch(/undefined|NaN/);
        }
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
      }
      const end = s.view(2);
      for (const e of end.log) kinds.add(e[0]);
      expect(renderText(end)).toMatch(/Game over\. .* (wins|share the win)\./);
      expect(renderText(end)).toContain('Final scores');
      expect(renderHtml(end)).toContain('<table class="final">');
    }
    // Random play reaches all but the rare kinds (lost draws, the cap, the free-build counter).
    expect(LOG_KIND_NAMES.filter((k) => !kinds.has(k)).every((k) => ['lost', 'end', 'freeBuilds'].includes(k))).toBe(
      true,
    );
  });

  test.each(LOG_KIND_NAMES)('a %s event formats as a sentence', (kind) => {
    const view = load({ players: 2, hands: ['', ''] }).view(0);
    const args = LOG_KINDS[kind].map((_, i) => (i === 0 ? 1 : 2));
    const text = formatLogEntry(view, [kind, 3, ...args]);
    expect(text.length).toBeGreaterThan(10);
    expect(text).not.toMatch(/undefined|NaN/);
  });
});

describe('evaluate', () => {
  test('terminal: the return; before the end strictly inside (-1, 1), favouring the seat ahead', () => {
    const open = load({ players: 3, hands: ['', '', ''], cities: ['Stadium, Luxury Estate', 'Row Houses', ''] });
    const values = [0, 1, 2].map((p) => cityplan.evaluate(open, p));
    for (const v of values) expect(Math.abs(v)).toBeLessThan(1);
    expect(values[0]).toBeGreaterThan(values[1]);
    expect(values[1]).toBeGreaterThan(values[2]);
    const done = playNamed(
      load({ players: 2, phase: 'build', turn: 40, hands: ['', ''], cities: ['Stadium', ''] }),
      'draw 2 cards',
      'draw 2 cards',
    );
    expect([cityplan.evaluate(done, 0), cityplan.evaluate(done, 1)]).toEqual([1, -1]);
    expect(cityplan.evaluate(cityplan.newGame({ players: 2, seed: 0 }), 0)).toBeCloseTo(0, 1);
  });

  test('a building chosen but not yet paid for already counts, so one-ply search sees a build beat draw 2', () => {
    const s = load({ players: 2, phase: 'build', hands: ['Department Store, Row Houses x3', 'Corner Shops'] });
    const value = (label: string) => cityplan.evaluate(playNamed(s.clone(), label), 0);
    expect(value('build Department Store (3 cards, 4 power)')).toBeGreaterThan(value('draw 2 cards'));
    expect(() => cityplan.evaluate({} as never, 0)).toThrow(/not a cityplan state/);
  });
});
