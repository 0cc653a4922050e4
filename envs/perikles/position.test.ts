import { describe, expect, test } from 'vitest';
import { InvalidStateError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { perikles } from './index.js';
import { type PeriklesJson } from './position.js';
import { BLUE, RED, loc, readable, fromJSON, positionJson } from './test-helpers.js';

const commitPosition = (): PeriklesJson =>
  positionJson({
    phase: 'commit',
    decision: 'selectCounter',
    actor: RED,
    progress: { commitSeat: RED, stage: 1 },
    leaders: [-1, BLUE, -1, -1, RED, -1],
    held: [[14], [15], [16], [17]],
    locations: [loc('Attica'), 0, 1, 2, 3, 4, 5],
    committed: [{ slot: 0, side: 'attack', ally: false, counter: 'Sparta H2' }],
    mainAttackers: [RED, -1, -1, -1, -1, -1, -1],
    allied: [[4, 6]],
    atWar: [[4, 1]],
  });

describe('toJSON / fromJSON', () => {
  test.each([3, 4, 5])(
    '%i players: fromJSON(toJSON()) reproduces every position of a random game exactly',
    (players) => {
      const s = perikles.newGame({ players, seed: `json${players}` });
      const rng = Rng.fromSeed('json');
      const kinds = new Set<string>();
      while (!s.isTerminal()) {
        const text = JSON.stringify(s.toJSON());
        const back = fromJSON(JSON.parse(text));
        expect(JSON.stringify(back.toJSON())).toBe(text);
        expect(back.legalActions()).toEqual(s.legalActions());
        kinds.add(s.view(-1).decision);
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
      }
      expect(JSON.stringify(fromJSON(s.toJSON()).toJSON())).toBe(JSON.stringify(s.toJSON()));
      expect(kinds.size).toBeGreaterThan(8);
    },
  );

  test('a restored game plays on identically (RNG state included)', () => {
    const a = perikles.newGame({ players: 4, seed: 'resume' });
    const rng = Rng.fromSeed('resume-play');
    for (let i = 0; i < 150; i++) a.applyAction(a.legalActions()[rng.int(a.legalActions().length)]);
    const b = fromJSON(JSON.parse(JSON.stringify(a.toJSON())));
    while (!a.isTerminal()) {
      const legal = a.legalActions();
      const action = legal[rng.int(legal.length)];
      a.applyAction(action);
      b.applyAction(action);
    }
    expect(JSON.stringify(b.toJSON())).toBe(JSON.stringify(a.toJSON()));
  });

  test('the hand-made commit position loads and keeps its relationships', () => {
    const s = fromJSON(commitPosition());
    expect(s.view(RED).relations[4][6]).toBe(1);
    expect(s.view(RED).relations[1][4]).toBe(2);
    expect(readable(s).allied).toEqual([[4, 6]]);
  });
});

describe('saved-state versions', () => {
  const midGame = () => {
    const s = perikles.newGame({ players: 4, seed: 'versions' });
    const rng = Rng.fromSeed('versions-play');
    for (let i = 0; i < 400 && !s.isTerminal(); i++) s.applyAction(s.legalActions()[rng.int(s.legalActions().length)]);
    return s;
  };

  test('a saved game carries version 2; its version-1 (readable) form loads to the same position', () => {
    const s = midGame();
    const json = s.toJSON() as Record<string, unknown>;
    expect(json.version).toBe(2);
    expect(json.game).toBe('perikles');
    const v1 = readable(s);
    expect('version' in v1).toBe(false);
    expect(perikles.fromJSON(v1).toJSON()).toEqual(json);
    expect(perikles.fromJSON(v1).legalActions()).toEqual(s.legalActions());
  });

  test('version 2 states are checked by the same rules: a counter too many, an unknown version', () => {
    const json = midGame().toJSON() as Record<string, unknown> & { stack: number[] };
    expect(() => perikles.fromJSON({ ...json, version: 3 })).toThrow(/version 3 is not one this build reads/);
    const extra = { ...json, stack: json.stack.map((n, k) => (k === 0 ? n + 1 : n)) };
    expect(() => perikles.fromJSON(extra)).toThrow(/counters Argos H1; §2\.2 has 2/);
  });
});

describe('fromJSON rejects malformed and inconsistent states with InvalidStateError', () => {
  const cases: [string, (j: PeriklesJson) => void, RegExp][] = [
    ["another game's tag", (j) => ((j as { game: string }).game = 'promotion'), /game/],
    ['an unknown counter', (j) => j.counters.stack.push('Sparta H5'), /counter like 'Sparta H3'/],
    ['a counter too many', (j) => j.counters.stack.push('Argos H1'), /there are 3 counters Argos H1; §2\.2 has 2/],
    [
      'a counter missing',
      (j) => j.counters.stack.splice(j.counters.stack.indexOf('Thebes T2'), 1),
      /there are 0 counters Thebes T2; §2\.2 has 1/,
    ],
    [
      'a Persian counter in the dead pool',
      (j) => {
        j.counters.pool.splice(j.counters.pool.indexOf('Persia H2'), 1);
        j.counters.dead.push('Persia H2');
      },
      /Persian counters never go to the dead pool/,
    ],
    [
      'a pool for a city without a Leader',
      (j) => {
        j.counters.stack.splice(j.counters.stack.indexOf('Argos H1'), 1);
        j.counters.pool.push('Argos H1');
      },
      /Argos H1 is in a pool, but Argos has no leader/,
    ],
    [
      'an Influence tile twice',
      (j) => j.influence.discarded.push(j.influence.deck[0]),
      /Influence tile \d+ is in the deck and in the discarded tiles/,
    ],
    ['an Influence tile missing', (j) => j.influence.deck.pop(), /1 Influence tiles are missing/],
    [
      'a Location tile twice',
      (j) => j.locations.removed.push(j.locations.deck[0]),
      /is in the deck and in the removed tiles/,
    ],
    ['a short Location deck', (j) => j.locations.deck.pop(), /the Location deck has 13 tiles; turn 1 leaves 14/],
    ['31 cubes on the board', (j) => (j.cubes[0][0] = 21), /seat 0 has 31 cubes on the board/],
    ['a β candidate without α', (j) => (j.candidates[2] = [-1, 1]), /Corinth has a β candidate but no α/],
    ['both allied and at war', (j) => j.atWar.push([4, 6]), /Sparta and Persia are both allied and at war/],
    [
      'a decision outside its phase',
      (j) => (j.decision = 'takeTile'),
      /decision 'takeTile' cannot be asked in phase 'commit'/,
    ],
    ['no actor in a live game', (j) => (j.actor = -1), /actor -1 does not fit phase 'commit'/],
    ['a seat beyond the player count', (j) => (j.leaders[0] = 4), /leader of Argos is seat 4, but there are 4 players/],
    ['per-seat arrays of the wrong length', (j) => j.cubes.pop(), /cubes has 3 entries; expected one per seat \(4\)/],
    [
      'an unused Special outside its possible set',
      (j) => (j.specials.possible[1] = [4]),
      /seat 1's unused Special tile 1 is outside its possible set/,
    ],
    [
      'counters with no main player',
      (j) => (j.mainAttackers[0] = -1),
      /slot 0's attack side has counters but no main player/,
    ],
    ['a truncated flag without the cap', (j) => (j.truncated = true), /truncated needs phase 'over'/],
  ];

  test.each(cases)('%s', (_name, mutate, message) => {
    const json = commitPosition();
    mutate(json);
    expect(() => fromJSON(json)).toThrow(InvalidStateError);
    expect(() => fromJSON(json)).toThrow(message);
  });

  test.each([null, 42, 'x', {}, { game: 'perikles' }])('%j is rejected', (bad) => {
    expect(() => perikles.fromJSON(bad)).toThrow(InvalidStateError);
  });

  test('a live position must offer an action: a dead-pool choice with nothing to recover is rejected', () => {
    const spec = { phase: 'deadPool', decision: 'deadPool', actor: RED, leaders: [RED, -1, -1, -1, -1, -1] } as const;
    expect(() => fromJSON(positionJson({ ...spec, dead: ['Argos H1', 'Argos T1'] }))).not.toThrow();
    expect(() => fromJSON(positionJson({ ...spec, dead: ['Argos H1'] }))).toThrow(
      /decision 'deadPool' of seat 0 has no legal action/,
    );
  });
});
