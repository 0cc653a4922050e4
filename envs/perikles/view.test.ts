import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { kindOf } from './components.js';
import { layoutFor } from './encode.js';
import { perikles } from './index.js';
import { formatLogEntry, renderHtml, renderText } from './render.js';
import { type PeriklesJson } from './position.js';
import {
  BLUE,
  GREEN,
  RED,
  YELLOW,
  labels,
  load,
  loc,
  play,
  readable,
  fromJSON,
  positionJson,
  type PositionSpec,
} from './test-helpers.js';

const SEVEN = [
  loc('Attica'),
  loc('Naupactus'),
  loc('Delium'),
  loc('Pylos'),
  loc('Mantinea'),
  loc('Corcyra'),
  loc('Megara'),
];

/** Mid Phase F: Red (Sparta) has committed two hoplites face down at Attica; Blue leads Athens. */
function midCommit(extra: Partial<PositionSpec> = {}, committed = ['Sparta H2', 'Sparta H4']): PeriklesJson {
  return positionJson({
    phase: 'commit',
    decision: 'selectCounter',
    actor: BLUE,
    progress: { commitSeat: BLUE, stage: 1 },
    leaders: [-1, BLUE, -1, -1, RED, -1],
    locations: SEVEN,
    held: [[14], [15], [16], [17]],
    committed: committed.map((counter) => ({ slot: 0, side: 'attack' as const, ally: false, counter })),
    mainAttackers: [RED, -1, -1, -1, -1, -1, -1],
    specials: [4, 5, 6, 7],
    ...extra,
  });
}

const segment = (obs: Float32Array, players: number, name: string) => {
  const layout = layoutFor(players);
  return Array.from(obs.subarray(layout.offsets[name], layout.offsets[name] + layout.sizes[name]));
};

describe('§6 hidden information in views', () => {
  test('a seat sees its own Special tile; others see only used/unused and the public possible set', () => {
    const s = fromJSON(midCommit());
    expect(s.view(RED).specials.map((x) => x.tile)).toEqual([4, -1, -1, -1]);
    expect(s.view(BLUE).specials.map((x) => x.tile)).toEqual([-1, 5, -1, -1]);
    expect(s.view(-1).specials.map((x) => x.tile)).toEqual([-1, -1, -1, -1]);
  });

  test(
    'committed counters are face down to everyone but their controller; ' + 'pools show counts and the unseen multiset',
    () => {
      const s = fromJSON(midCommit());
      expect(s.view(RED).locations[0]!.counters.map((c) => c[2])).toEqual([2, 4]);
      expect(s.view(BLUE).locations[0]!.counters.map((c) => c[2])).toEqual([0, 0]);
      expect(s.view(-1).locations[0]!.counters.map((c) => [c[0], c[1], c[3]])).toEqual([
        [4, 0, 0],
        [4, 0, 0],
      ]);
      const sparta = (v: ReturnType<typeof s.view>, field: 'pool' | 'unseen') => v[field].slice(32, 36);
      expect(sparta(s.view(RED), 'pool')).toEqual([2, 2, 3, 1]);
      expect(sparta(s.view(RED), 'unseen')).toEqual([0, 0, 0, 0]);
      // Blue: all 10 Spartan hoplite strengths are "pool or face down" (2 + 3 + 3 + 2), 8 of them in the pool.
      expect(sparta(s.view(BLUE), 'pool')).toEqual([0, 0, 0, 0]);
      expect(sparta(s.view(BLUE), 'unseen')).toEqual([2, 3, 3, 2]);
      expect(s.view(BLUE).poolCounts[8]).toBe(8);
    },
  );

  test('the observation of a seat is identical for two states that differ only in what it cannot see', () => {
    const a = fromJSON(midCommit());
    // Different face-down strengths, another seat's Special tile, and other deck orders.
    const bJson = midCommit({ specials: [4, 5, 6, 3] }, ['Sparta H3', 'Sparta H1']);
    bJson.influence.deck.reverse();
    bJson.locations.deck.reverse();
    const b = fromJSON(bJson);
    expect(JSON.stringify(b.view(BLUE))).toBe(JSON.stringify(a.view(BLUE)));
    expect(Array.from(b.observation(BLUE))).toEqual(Array.from(a.observation(BLUE)));
    expect(Array.from(b.observation(-1))).toEqual(Array.from(a.observation(-1)));
    expect(Array.from(b.observation(RED))).not.toEqual(Array.from(a.observation(RED)));
    expect(Array.from(b.observation(YELLOW))).not.toEqual(Array.from(a.observation(YELLOW)));
  });

  test('at the battle of a Location every counter there is face up to everyone', () => {
    const json = midCommit({
      actor: RED,
      progress: { commitSeat: RED, stage: 1 },
      held: [[], [], [], []],
      specials: [0, 1, 4, 2],
      committed: [
        { slot: 0, side: 'attack', ally: false, counter: 'Sparta H2' },
        { slot: 0, side: 'attack', ally: false, counter: 'Sparta H4' },
        { slot: 0, side: 'defend', ally: false, counter: 'Athens H1' },
      ],
      mainDefenders: [BLUE, -1, -1, -1, -1, -1, -1],
    });
    const s = play(fromJSON(json), 'stop committing');
    expect(s.view(GREEN).decision).toBe('battleSpecial');
    expect(s.view(GREEN).locations[0]!.counters.map((c) => c[2])).toEqual([2, 4, 1]);
    expect(s.view(-1).locations[0]!.revealed).toBe(true);
  });
});

describe('determinize', () => {
  test('keeps view(p) and view(-1), the seat to act and its legal actions, and resamples the rest', () => {
    const s = fromJSON(midCommit());
    const rng = Rng.fromSeed('det');
    const seen = { specials: new Set<string>(), strengths: new Set<string>(), decks: new Set<string>() };
    for (let i = 0; i < 40; i++) {
      const world = s.determinize(BLUE, rng.fork('w'));
      expect(JSON.stringify(world.view(BLUE))).toBe(JSON.stringify(s.view(BLUE)));
      expect(JSON.stringify(world.view(-1))).toBe(JSON.stringify(s.view(-1)));
      expect(world.currentPlayer()).toBe(BLUE);
      expect(world.legalActions()).toEqual(s.legalActions());
      const j = readable(world);
      expect(j.specials.dealt[BLUE]).toBe(5);
      seen.specials.add(j.specials.dealt.join());
      seen.strengths.add(j.counters.committed.map((c) => c.counter).join());
      seen.decks.add(j.influence.deck.join() + j.locations.deck.join());
    }
    expect(seen.specials.size).toBeGreaterThan(5);
    expect(seen.strengths.size).toBeGreaterThan(3);
    expect(seen.decks.size).toBe(40);
  });

  test('is a function of view(p) and the rng: two states with the same view give the same world', () => {
    const a = fromJSON(midCommit());
    const bJson = midCommit({ specials: [4, 5, 6, 3] }, ['Sparta H3', 'Sparta H1']);
    bJson.influence.deck.reverse();
    bJson.locations.deck.reverse();
    const b = fromJSON(bJson);
    const wa = a.determinize(BLUE, Rng.fromSeed('same'));
    const wb = b.determinize(BLUE, Rng.fromSeed('same'));
    expect(JSON.stringify(wb.toJSON())).toBe(JSON.stringify(wa.toJSON()));
  });

  test(
    'resamples a selected counter awaiting permission with the rest of its ' + 'pool (the world stays consistent)',
    () => {
      const s = load({
        phase: 'commit',
        decision: 'selectCounter',
        actor: RED,
        progress: { commitSeat: RED, stage: 1 },
        leaders: [-1, BLUE, -1, -1, RED, -1],
        locations: SEVEN,
        held: [[14], [15], [16], [17]],
        specials: [4, 5, 6, 7],
      });
      play(s, 'Spartan hoplite 4', 'defend Attica');
      expect([s.currentPlayer(), s.view(BLUE).decision]).toEqual([BLUE, 'permission']);
      const rng = Rng.fromSeed('selected');
      const strengths = new Set<string | null>();
      for (let i = 0; i < 30; i++) {
        const world = s.determinize(BLUE, rng.fork('w'));
        const json = readable(world);
        expect(() => fromJSON(json)).not.toThrow();
        strengths.add(json.progress.selected);
        expect(world.view(BLUE)).toEqual(s.view(BLUE));
      }
      expect(strengths.size).toBe(4);
    },
  );

  test('respects what the windows revealed: a seat asked about Slave Revolt holds it in every world', () => {
    const s = load({
      phase: 'commit',
      decision: 'slaveRevolt',
      actor: YELLOW,
      progress: { commitSeat: YELLOW, stage: 1 },
      leaders: [-1, BLUE, -1, -1, RED, -1],
      locations: SEVEN,
      specials: [0, 1, 2, 3],
      possible: [[0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [3]],
    });
    const rng = Rng.fromSeed('sr');
    for (let i = 0; i < 30; i++) {
      const world = s.determinize(RED, rng.fork('w'));
      expect(readable(world).specials.dealt[YELLOW]).toBe(3);
      expect(world.legalActions()).toEqual(s.legalActions());
    }
  });

  test('a world deals every other unused tile consistently even when several seats are pinned', () => {
    const s = load({ specials: [0, 1, 2, 3], possible: [[0], [1, 2], [1, 2], [3, 5]] });
    const rng = Rng.fromSeed('pinned');
    const dealt = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const d = readable(s.determinize(RED, rng.fork('w'))).specials.dealt;
      expect(d[0]).toBe(0);
      expect([1, 2]).toContain(d[1]);
      expect([1, 2]).toContain(d[2]);
      expect([3, 5]).toContain(d[3]);
      dealt.add(d.join());
    }
    expect(dealt.size).toBe(4);
  });
});

describe('encode', () => {
  test.each([3, 4, 5])('%i players: the declared layout size, values in [0, 1], the viewer first', (players) => {
    const s = perikles.newGame({ players, seed: `enc${players}` });
    expect(perikles.observationSize(players)).toBe(layoutFor(players).size);
    expect(perikles.encodingVersion).toBe(2);
    const rng = Rng.fromSeed('enc');
    for (let i = 0; i < 200 && !s.isTerminal(); i++) {
      const legal = s.legalActions();
      s.applyAction(legal[rng.int(legal.length)]);
    }
    for (let p = -1; p < players; p++) {
      const obs = s.observation(p);
      expect(obs).toHaveLength(layoutFor(players).size);
      for (const v of obs) expect(v >= 0 && v <= 1).toBe(true);
    }
    const me = players - 1;
    expect(segment(s.observation(me), players, 'cubes').slice(0, 6)).toEqual(
      s.view(me).cubes[me].map((n) => Math.fround(n / 30)),
    );
    expect(segment(s.observation(me), players, 'ownSpecial')[s.view(me).specials[me].tile]).toBe(1);
    // The one absolute feature: the viewer's seat, which NOMINATE/ASSASSINATE/ALKIBIADES/CHOOSE ids name.
    for (let p = 0; p < players; p++) {
      expect(segment(s.observation(p), players, 'seat')).toEqual(
        Array.from({ length: players }, (_, q) => (q === p ? 1 : 0)),
      );
    }
    expect(segment(s.observation(-1), players, 'seat')).toEqual(new Array(players).fill(0));
  });
});

describe('render', () => {
  test('text for a seat: headline, the decision, cities, tiles, Locations, armies, and its own log', () => {
    const s = fromJSON(midCommit());
    const text = renderText(s.view(BLUE));
    expect(text).toContain(
      'Perikles · turn 1 of 3 · start player: seat 0 · Phase F: committing forces · you are seat 1',
    );
    expect(text).toContain('Your decision: choose a counter to commit, or stop.');
    expect(text).toContain('seat 1 (you): tiles Argos Candidate; special: Phormio (unused)');
    expect(text).toMatch(
      new RegExp(
        String.raw`slot 0: Attica \(Athens, 4 VP, H only\)\n {6}attack: ` +
          String.raw`seat 0: Spartan hoplite \(face down\), Spartan hoplite \(face down\)`,
      ),
    );
    expect(text).toContain('Sparta led by seat 0: hoplites: stack —, pool 8 (pool + face down: 1 1 2 2 2 3 3 3 4 4)');
    expect(text).toContain('Athens led by seat 1 (you): hoplites: stack —, pool 1 1 2 2 3 3');
    const red = renderText(s.view(RED));
    expect(red).toContain('attack: seat 0 (you): Spartan hoplite 2, Spartan hoplite 4');
    expect(red).toContain('Seat 1 to act: choose a counter to commit, or stop.');
  });

  test('the spectator view renders without "you" and hides every Special tile', () => {
    const s = fromJSON(midCommit());
    const text = renderText(s.view(-1));
    expect(text).toContain('spectator view');
    expect(text).not.toContain('(you)');
    expect(text).not.toMatch(/Brasidas|Phormio|Thessalanian|Persian Fleet/);
    const html = renderHtml(s.view(-1));
    expect(html.startsWith('<section class="game perikles">')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<table class="locations">');
  });

  test('every event of random games formats as a sentence; the end names the winners', () => {
    const rng = Rng.fromSeed('render');
    for (const players of [3, 5]) {
      const s = perikles.newGame({ players, seed: `render${players}` });
      while (!s.isTerminal()) {
        const v = s.view(s.currentPlayer());
        for (const e of v.log) expect(formatLogEntry(v, e)).not.toMatch(/undefined|NaN/);
        expect(renderText(v)).not.toMatch(/undefined|NaN/);
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
      }
      expect(renderText(s.view(0))).toMatch(/Game over\. .* (wins|share the win)\./);
      expect(perikles.renderHtml(s.view(-1))).toContain('Game over.');
    }
  });

  test('labels of a decision name only what its actor may see', () => {
    const s = fromJSON(midCommit());
    expect(labels(s)).toContain('Athenian trireme 4');
    play(s, 'Athenian trireme 4');
    expect(s.view(RED).commit?.selected).toEqual({ power: 1, type: 1, strength: 0 });
    expect(s.view(BLUE).commit?.selected).toEqual({ power: 1, type: 1, strength: 4 });
    expect(s.view(RED).log.at(-1)).toEqual(['select', BLUE, 1, 1]);
    expect(kindOf(1, 1, 4)).toBe(15);
  });
});
