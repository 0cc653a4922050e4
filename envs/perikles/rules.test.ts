import { describe, expect, test } from 'vitest';
import { AgoraError, IllegalActionError, PlayerCountError } from '../core/errors.js';
import { returnsFromRanking } from '../core/returns.js';
import { Rng } from '../core/rng.js';
import {
  A_ALKIBIADES,
  A_ASSASSINATE,
  A_CHOOSE,
  A_DEAD_POOL,
  A_DISPLAY,
  A_NOMINATE,
  A_POWER,
  A_REVOLT,
  A_SELECT,
  A_TARGET,
  A_TOKEN,
} from './actions.js';
import { perikles } from './index.js';
import { STEP_CAP } from './components.js';
import { ACTION_SIZE } from './actions.js';
import { emptyPosition } from './position.js';
import {
  BLUE,
  GREEN,
  RED,
  YELLOW,
  events,
  labels,
  load,
  loc,
  play,
  saved,
  readable,
  fromJSON,
  type positionJson,
} from './test-helpers.js';

const newGame = (players = 4, seed: number | string = 1) => perikles.newGame({ players, seed });

describe('§9 action space and game facts', () => {
  test('218 actions in the §9 ranges', () => {
    expect(ACTION_SIZE).toBe(218);
    expect(perikles.actionSize).toBe(218);
    expect([
      A_POWER,
      A_DISPLAY,
      A_NOMINATE,
      A_ASSASSINATE,
      A_ALKIBIADES,
      A_CHOOSE,
      A_DEAD_POOL,
      A_SELECT,
      A_TARGET,
      A_REVOLT,
      A_TOKEN,
    ]).toEqual([2, 9, 19, 49, 91, 121, 126, 138, 194, 208, 216]);
    expect([perikles.minPlayers, perikles.maxPlayers, perikles.defaultPlayers]).toEqual([3, 5, 4]);
  });

  test('maxGameLength is the 3,000-decision cap of §7 at every seat count', () => {
    expect([3, 4, 5].map((n) => perikles.maxGameLength(n))).toEqual([STEP_CAP, STEP_CAP, STEP_CAP]);
    expect(STEP_CAP).toBe(3000);
  });

  test.each([0, 1, 2, 6, 4.5, '4', undefined])('%s players are rejected with PlayerCountError', (players) => {
    expect(() => perikles.newGame({ players: players as number, seed: 0 })).toThrow(PlayerCountError);
  });

  test('config options are rejected: the game has none', () => {
    expect(() => perikles.newGame({ players: 4, seed: 0, config: { short: true } as never })).toThrow(
      /has no config options/,
    );
    expect(perikles.newGame({ players: 4, seed: 0, config: {} }).players).toBe(4);
  });
});

describe('§3 setup and §5 draw order', () => {
  test.each([3, 4, 5])(
    '%i players: influence shuffle, Location shuffle, Special deal, start player, in that order',
    (players) => {
      const s = newGame(players, `setup${players}`);
      const rng = Rng.fromSeed(`setup${players}`);
      const influence = rng.shuffle(Array.from({ length: 36 }, (_, i) => i));
      const locations = rng.shuffle(Array.from({ length: 21 }, (_, i) => i));
      const specials = rng.shuffle([0, 1, 2, 3, 4, 5, 6, 7]);
      const start = rng.int(players);
      const json = readable(s);
      expect(json.influence.display).toEqual(influence.slice(0, 10));
      expect(json.influence.deck).toEqual(influence.slice(10));
      expect(json.locations.slots).toEqual(locations.slice(0, 7));
      expect(json.locations.deck).toEqual(locations.slice(7));
      expect(json.specials.dealt).toEqual(specials.slice(0, players));
      expect(json.startPlayer).toBe(start);
      expect(json.rng).toEqual(rng.state());
      expect(json.cubes).toEqual(Array.from({ length: players }, () => [2, 2, 2, 2, 2, 2]));
      expect(s.currentPlayer()).toBe(start);
    },
  );

  test("the position's Rng field draws exactly what core Rng draws", () => {
    const rng = Rng.fromSeed('alea');
    const t = emptyPosition(3, rng.clone());
    for (let i = 0; i < 1000; i++) expect(t.rng.next()).toBe(rng.next());
  });

  test('§3 step 7: two rounds of initial cubes from the start player clockwise, then turn 1 begins with him', () => {
    const s = newGame(4, 7);
    const start = s.currentPlayer();
    expect(labels(s)).toEqual([
      'place a cube in Argos',
      'place a cube in Athens',
      'place a cube in Corinth',
      'place a cube in Megara',
      'place a cube in Sparta',
      'place a cube in Thebes',
    ]);
    const seats: number[] = [];
    for (let i = 0; i < 8; i++) {
      seats.push(s.currentPlayer());
      play(s, `place a cube in ${['Argos', 'Athens', 'Corinth', 'Megara', 'Sparta', 'Thebes'][i % 6]}`);
    }
    expect(seats).toEqual([0, 1, 2, 3, 0, 1, 2, 3].map((i) => (start + i) % 4));
    const v = s.view(start);
    expect(v.cubes.flat().reduce((a, b) => a + b, 0)).toBe(4 * 12 + 8);
    expect([v.phase, v.decision, v.toAct, v.turn]).toEqual(['influence', 'takeTile', start, 1]);
  });
});

describe('GameState contract', () => {
  test('an illegal action is rejected with the legal labels, and toJSON() stays byte-identical', () => {
    const s = newGame();
    const before = saved(s);
    for (const bad of [-1, 218, 0.5, Number.NaN, 0, 9, A_SELECT]) {
      expect(() => s.applyAction(bad)).toThrow(IllegalActionError);
      expect(saved(s)).toBe(before);
    }
    expect(() => s.applyAction(0)).toThrow(/seat \d cannot take action 0 .*Legal now: 2=place a cube in Argos/);
  });

  test('same seed + same actions = same game; different seeds differ', () => {
    const a = newGame(5, 'same');
    const b = newGame(5, 'same');
    const rng = Rng.fromSeed('pick');
    while (!a.isTerminal()) {
      const legal = a.legalActions();
      const action = legal[rng.int(legal.length)];
      a.applyAction(action);
      b.applyAction(action);
    }
    expect(saved(b)).toBe(saved(a));
    expect(saved(newGame(5, 'other'))).not.toBe(saved(newGame(5, 'same')));
  });

  test('a finished game has no legal actions and rejects every action', () => {
    const s = load({
      phase: 'over',
      decision: 'none',
      actor: -1,
      turn: 3,
      locations: [null, null, null, null, null, null, null],
    });
    expect([s.isTerminal(), s.currentPlayer(), s.legalActions()]).toEqual([true, -1, []]);
    expect(() => s.applyAction(2)).toThrow(/the game is over/);
  });

  test("evaluate: the ranking's return when over, strictly inside (-1, 1) before", () => {
    const over = load({
      phase: 'over',
      decision: 'none',
      actor: -1,
      turn: 3,
      locations: [null, null, null, null, null, null, null],
      cubes: [
        [5, 5, 5, 5, 5, 5],
        [2, 2, 2, 2, 2, 2],
        [2, 2, 2, 2, 2, 2],
        [1, 1, 1, 1, 1, 1],
      ],
    });
    expect([0, 1, 2, 3].map((p) => perikles.evaluate(over, p))).toEqual(returnsFromRanking(over.ranking()));
    const live = load({
      cubes: [
        [20, 5, 5, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
        [2, 2, 2, 2, 2, 2],
        [2, 2, 2, 2, 2, 2],
      ],
    });
    const values = [0, 1, 2, 3].map((p) => perikles.evaluate(live, p));
    values.forEach((v) => expect(Math.abs(v)).toBeLessThan(1));
    expect(values[0]).toBeGreaterThan(values[2]);
    expect(values[2]).toBeGreaterThan(values[1]);
    // A Leadership counts as the statue it becomes: leading Corinth (9 VP) beats equal cubes.
    const leading = load({
      phase: 'firstCommit',
      decision: 'firstCommit',
      actor: BLUE,
      leaders: [-1, -1, BLUE, -1, -1, -1],
    });
    expect(perikles.evaluate(leading, BLUE)).toBeGreaterThan(0);
    expect(perikles.evaluate(leading, RED)).toBeLessThan(0);
    expect(leading.scores()).toEqual([12, 12, 12, 12]);
  });
});

describe('§7 end of game, ranking and the cap', () => {
  const over = (extra: Parameters<typeof positionJson>[0]) =>
    load({
      phase: 'over',
      decision: 'none',
      actor: -1,
      turn: 3,
      locations: [null, null, null, null, null, null, null],
      ...extra,
    });
  const flat = (n: number) => [n, 0, 0, 0, 0, 0];

  test.each([
    [
      'highest score wins',
      [flat(20), flat(18), flat(18), flat(5)],
      [],
      [
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
      ],
      [0, 1, 1, 3],
    ],
    [
      'tie-break 1: Location VP',
      [flat(10), flat(14), flat(14), flat(14)],
      [{ location: 9, seats: [RED] }],
      [],
      [0, 1, 1, 1],
    ],
    [
      'tie-break 2: statues',
      [flat(5), flat(8), flat(8), flat(2)],
      [],
      [
        [0, 3, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
      ],
      [0, 1, 1, 3],
    ],
    [
      'a full tie shares the place and the next place skips',
      [flat(9), flat(9), flat(4), flat(1)],
      [],
      [],
      [0, 0, 2, 3],
    ],
  ] as const)('%s', (_name, cubes, claimed, statuesIn, ranking) => {
    const statues = statuesIn.length === 4 ? statuesIn.map((r) => [...r]) : undefined;
    const s = over({
      cubes: cubes.map((r) => [...r]),
      claimed: claimed.map((c) => ({ location: c.location, seats: [...c.seats] })),
      statues,
    });
    expect(s.ranking()).toEqual([...ranking]);
  });

  test("tie-break 1 with numbers: 14 = 14 points, but 4 of Red's are Location VP", () => {
    const s = over({
      cubes: [flat(10), flat(14), [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]],
      claimed: [{ location: loc('Pylos'), seats: [RED] }],
    });
    expect(s.scores()).toEqual([14, 14, 0, 0]);
    expect(s.ranking()).toEqual([0, 1, 2, 2]);
  });

  test(
    'the 3,000th decision ends the game by truncation and ranks by current ' + 'scores (leaders are no statues yet)',
    () => {
      const s = load({
        phase: 'firstCommit',
        decision: 'firstCommit',
        actor: RED,
        steps: STEP_CAP - 1,
        leaders: [RED, -1, -1, -1, -1, -1],
        statues: [
          [0, 0, 0, 0, 0, 0],
          [0, 0, 0, 0, 1, 0],
          [0, 0, 0, 0, 0, 0],
          [0, 0, 0, 0, 0, 0],
        ],
        candidates: [
          [-1, -1],
          [-1, -1],
          [-1, -1],
          [-1, -1],
          [-1, -1],
          [-1, -1],
        ],
        cubes: [
          [3, 0, 0, 0, 0, 0],
          [0, 0, 0, 0, 0, 0],
          [0, 0, 0, 0, 0, 0],
          [1, 0, 0, 0, 0, 0],
        ],
        held: [[], [], [14], []],
      });
      play(s, 'seat 2 commits first');
      expect(events(s, 'discard')).toEqual([['discard', GREEN, 14]]);
      expect([s.isTerminal(), s.isTruncated(), s.currentPlayer(), s.legalActions()]).toEqual([true, true, -1, []]);
      // Red: 3 cubes (his Argos leadership is no statue); Blue: a Sparta statue worth 5; Yellow 1; Green 0.
      expect(s.scores()).toEqual([3, 5, 0, 1]);
      expect(s.ranking()).toEqual([1, 0, 3, 2]);
      expect(events(s, 'gameEnd')).toEqual([['gameEnd', 3]]);
      expect(fromJSON(s.toJSON()).isTruncated()).toBe(true);
    },
  );

  test('a natural game end is not truncated and happens after turn 3 at the latest', () => {
    const s = newGame(3, 'natural');
    const rng = Rng.fromSeed('natural-play');
    let steps = 0;
    while (!s.isTerminal()) {
      const legal = s.legalActions();
      s.applyAction(legal[rng.int(legal.length)]);
      steps++;
    }
    expect(s.isTruncated()).toBe(false);
    expect(steps).toBeLessThan(STEP_CAP);
    const end = events(s, 'gameEnd')[0][1];
    expect(end === 0 ? s.view(-1).turn : s.view(-1).defeats[end === 1 ? 1 : 4]).toBeGreaterThanOrEqual(
      end === 0 ? 3 : 4,
    );
  });
});

describe('§8 edge cases of scoring', () => {
  const finished = (extra: Parameters<typeof positionJson>[0]) =>
    load({
      phase: 'over',
      decision: 'none',
      actor: -1,
      turn: 3,
      locations: [null, null, null, null, null, null, null],
      ...extra,
    });
  const zero = [0, 0, 0, 0, 0, 0];

  test('§8.17: unused Special tiles score nothing', () => {
    const s = finished({
      cubes: [zero, zero, zero, zero],
      specials: [0, 1, 2, 3],
      specialsUsed: [false, true, false, true],
    });
    expect(s.scores()).toEqual([0, 0, 0, 0]);
    expect(s.ranking()).toEqual([0, 0, 0, 0]);
  });

  test('§8.18: defeats beyond a track make its statues worth 0', () => {
    const statues = [
      [0, 0, 0, 0, 1, 0],
      [0, 1, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ];
    // Athens 3 defeats: its last value 1; Sparta 7 defeats: beyond its 4-step track.
    const s = finished({ cubes: [zero, zero, zero, zero], statues, defeats: [0, 3, 0, 0, 7, 0] });
    expect(s.scores()).toEqual([0, 1, 0, 0]);
  });

  test('§8.20: no limit on statues or defeats', () => {
    const statues = [
      [0, 0, 12, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ];
    const s = finished({ cubes: [zero, zero, zero, zero], statues, defeats: [20, 0, 1, 0, 0, 0] });
    expect(s.scores()).toEqual([84, 0, 0, 0]);
    expect(s.view(-1).defeats[0]).toBe(20);
  });
});

describe('§4.1 Phase A and §4.8 Phase H', () => {
  /** The last commit turn of turn `turn`, with no counters anywhere: battles run without dice. */
  const endOfTurn = (extra: Parameters<typeof positionJson>[0]) =>
    load({
      phase: 'commit',
      decision: 'selectCounter',
      actor: GREEN,
      progress: { commitSeat: GREEN, stage: 1 },
      ...extra,
    });

  test(
    'the Athens Leader starts the next turn; Leaders become statues; the ' +
      'influence deck is reshuffled from id order',
    () => {
      const rngState = Rng.fromSeed('phase-a').state();
      const s = endOfTurn({ leaders: [RED, BLUE, GREEN, -1, GREEN, -1], rng: rngState });
      play(s, 'stop committing');
      const v = s.view(-1);
      expect([v.turn, v.startPlayer, v.phase, v.decision, v.toAct]).toEqual([2, BLUE, 'influence', 'takeTile', BLUE]);
      expect(v.statues).toEqual([
        [1, 0, 0, 0, 0, 0],
        [0, 1, 0, 0, 0, 0],
        [0, 0, 1, 0, 1, 0],
        [0, 0, 0, 0, 0, 0],
      ]);
      expect(v.leaders).toEqual([-1, -1, -1, -1, -1, -1]);
      expect(v.pool.every((n) => n === 0) && v.unseen.every((n) => n === 0)).toBe(true);
      expect(v.relations.flat().filter((r) => r === 2)).toHaveLength(0);
      // No dice were rolled this turn: Phase A's shuffle is the first draw from the position's RNG.
      const shuffled = Rng.fromState(rngState).shuffle(Array.from({ length: 36 }, (_, i) => i));
      expect(readable(s).influence.display).toEqual(shuffled.slice(0, 10));
      expect(readable(s).influence.deck).toEqual(shuffled.slice(10));
      expect(readable(s).locations.slots).toEqual(readable(s).locations.slots.filter((x) => x !== null));
      expect(v.locationDeck).toBe(7);
    },
  );

  test('§8.19: with no Athens Leader the start player is unchanged', () => {
    const s = play(endOfTurn({ startPlayer: YELLOW, leaders: [RED, -1, GREEN, -1, -1, -1] }), 'stop committing');
    expect([s.view(-1).startPlayer, s.currentPlayer()]).toEqual([YELLOW, YELLOW]);
  });

  test('turn 3 ends the game; so does a fourth Athens (or Sparta) defeat at the end of an earlier turn', () => {
    expect(play(endOfTurn({ turn: 3 }), 'stop committing').isTerminal()).toBe(true);
    const athens = play(endOfTurn({ defeats: [0, 4, 0, 0, 0, 0] }), 'stop committing');
    expect([athens.isTerminal(), events(athens, 'gameEnd')]).toEqual([true, [['gameEnd', 1]]]);
    const sparta = play(endOfTurn({ defeats: [0, 0, 0, 0, 5, 0] }), 'stop committing');
    expect(events(sparta, 'gameEnd')).toEqual([['gameEnd', 2]]);
    expect(play(endOfTurn({ defeats: [9, 3, 9, 9, 3, 9] }), 'stop committing').isTerminal()).toBe(false);
  });
});

describe('actionToString', () => {
  test('labels outside the current decision are generic and never read hidden state', () => {
    const s = newGame();
    expect(s.actionToString(0)).toBe('pass / stop / deny');
    expect(s.actionToString(A_SELECT + 8 * 4 + 2)).toBe('Spartan hoplite 3');
    expect(s.actionToString(A_TARGET + 3)).toBe('defend Location slot 1');
    expect(s.actionToString(A_TOKEN + 1)).toBe('battle token to the defenders');
    expect(s.actionToString(999)).toBe('action 999 (not an action)');
  });

  test('every label of a random game is unique among the legal actions and free of undefined', () => {
    const rng = Rng.fromSeed('labels');
    for (const players of [3, 4, 5]) {
      const s = newGame(players, `labels${players}`);
      while (!s.isTerminal()) {
        const legal = s.legalActions();
        const names = legal.map((a) => s.actionToString(a));
        expect(new Set(names).size).toBe(names.length);
        for (const n of names) expect(n).not.toMatch(/undefined|NaN|not an action/);
        s.applyAction(legal[rng.int(legal.length)]);
      }
    }
  });

  test('legalActions() is exactly the actions applyAction accepts, on random positions of every seat count', () => {
    const rng = Rng.fromSeed('legal');
    for (const players of [3, 4, 5]) {
      const s = newGame(players, `legal${players}`);
      for (let step = 0; !s.isTerminal(); step++) {
        const legal = s.legalActions();
        if (step % 7 === 0) {
          const accepted = Array.from({ length: ACTION_SIZE }, (_, a) => a).filter((a) => {
            const copy = s.clone();
            try {
              copy.applyAction(a);
              return true;
            } catch {
              return false;
            }
          });
          expect(accepted).toEqual(legal);
        }
        s.applyAction(legal[rng.int(legal.length)]);
      }
    }
  });

  test('AgoraError names the action when a label is unknown', () => {
    expect(() => play(newGame(), 'take everything')).toThrow(AgoraError);
  });
});
