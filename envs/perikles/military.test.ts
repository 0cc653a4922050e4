import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { KIND_TOTALS, kindOf } from './components.js';
import {
  type PeriklesState,
  BLUE,
  GREEN,
  RED,
  YELLOW,
  events,
  labels,
  load,
  loc,
  play,
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
const SLOT = { Attica: 0, Naupactus: 1, Delium: 2, Pylos: 3, Mantinea: 4, Corcyra: 5, Megara: 6 };

/** Red's commit turn (basic stage) with the given Leaders; every Leader holds his army. */
function commitTurn(spec: PositionSpec & { leaders: number[] }): PeriklesState {
  return load({
    phase: 'commit',
    decision: 'selectCounter',
    actor: spec.actor ?? RED,
    locations: SEVEN,
    held: [[14], [15], [16], [17]],
    specials: [0, 1, 2, 4],
    ...spec,
    progress: { commitSeat: spec.actor ?? RED, stage: 1, ...spec.progress },
  });
}

describe('§4.5 Phase E', () => {
  /** Phase C's last nomination (Yellow in Thebes), so elections and Phase E run on it. */
  function afterElections(candidates: [number, number][], dead: string[] = []): PeriklesState {
    // Yellow's one regular cube (in Thebes) is the last nominee anywhere.
    const zero = [0, 0, 0, 0, 0, 0];
    const cubes = [zero, zero, zero, [0, 0, 0, 0, 0, 1]];
    return play(
      load({
        phase: 'nominations',
        decision: 'nominate',
        actor: YELLOW,
        candidates,
        cubes,
        dead,
        progress: { nomSeat: YELLOW },
      }),
      'nominate seat 3 in Thebes',
    );
  }

  test('Leaders take their whole city stack; the seats leading no city share the Persian pool (§8.10)', () => {
    const s = afterElections([
      [RED, -1],
      [RED, -1],
      [-1, -1],
      [-1, -1],
      [BLUE, -1],
      [-1, -1],
    ]);
    // Thebes: Yellow nominated himself unopposed. Green leads nothing: Green is the only Persian leader.
    const v = s.view(GREEN);
    expect(v.leaders).toEqual([RED, RED, -1, -1, BLUE, YELLOW]);
    expect(v.persianLeaders).toEqual([GREEN]);
    expect(v.controlled).toEqual([6]);
    expect(v.pool.slice(48)).toEqual(KIND_TOTALS.slice(48));
    expect(v.poolCounts).toEqual([6, 3, 6, 8, 0, 0, 0, 0, 10, 4, 7, 2, 6, 4]);
    // City without a Leader (§8.8): its counters stay in the stack.
    expect(v.stack.slice(16, 24)).toEqual(KIND_TOTALS.slice(16, 24));
  });

  test('§8.9: when every seat leads a city, the Persian counters stay in their stack', () => {
    const s = afterElections([
      [RED, -1],
      [BLUE, -1],
      [GREEN, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
    ]);
    const v = s.view(-1);
    expect(v.persianLeaders).toEqual([]);
    expect(v.stack.slice(48)).toEqual(KIND_TOTALS.slice(48));
    expect(events(s, 'persians')).toEqual([['persians', 0]]);
  });

  test(
    '§4.5 step 3: single-type dead pools recover automatically, the lowest ' + 'strength first; no Leader, no recovery',
    () => {
      const s = afterElections(
        [
          [RED, -1],
          [-1, -1],
          [-1, -1],
          [-1, -1],
          [-1, -1],
          [-1, -1],
        ],
        ['Argos H2', 'Argos H3', 'Thebes T1', 'Corinth T1'],
      );
      expect(events(s, 'recover')).toEqual([
        ['recover', RED, kindOf(0, 0, 2)],
        ['recover', YELLOW, kindOf(5, 1, 1)],
      ]);
      expect(s.view(-1).dead.filter((n) => n > 0)).toHaveLength(2); // Argos H3 and Corinth T1 stay
    },
  );

  test('§4.5: dead-pool choices go in seat order from the Sparta Leader; he then names the first commit player', () => {
    const dead = ['Argos H1', 'Argos T1', 'Sparta H1', 'Sparta T1'];
    const s = afterElections(
      [
        [RED, -1],
        [-1, -1],
        [-1, -1],
        [-1, -1],
        [BLUE, -1],
        [-1, -1],
      ],
      dead,
    );
    expect([s.currentPlayer(), s.view(BLUE).decision]).toEqual([BLUE, 'deadPool']);
    expect(labels(s)).toEqual(['recover Spartan hoplite 1', 'recover Spartan trireme 1']);
    play(s, 'recover Spartan trireme 1');
    expect(s.currentPlayer()).toBe(RED);
    play(s, 'recover Argive hoplite 1');
    expect([s.currentPlayer(), s.view(BLUE).decision]).toEqual([BLUE, 'firstCommit']);
    expect(labels(s)).toEqual([
      'seat 0 commits first',
      'seat 1 commits first',
      'seat 2 commits first',
      'seat 3 commits first',
    ]);
  });
});

describe('§4.6 Phase F commitments', () => {
  test('the selection shows only counters with a legal target; a trireme never targets an H-only Location', () => {
    const s = commitTurn({ leaders: [-1, BLUE, -1, -1, RED, -1] });
    expect(labels(s)).toEqual([
      'stop committing',
      'Spartan hoplite 1',
      'Spartan hoplite 2',
      'Spartan hoplite 3',
      'Spartan hoplite 4',
      'Spartan trireme 1',
      'Spartan trireme 2',
      'Spartan trireme 3',
    ]);
    play(s, 'Spartan trireme 2');
    expect(labels(s)).not.toContain('attack Attica');
    expect(labels(s)).not.toContain('attack Mantinea');
    // Pylos is Sparta's own: Red defends it without asking and may not attack it.
    expect(labels(s)).toContain('defend Pylos');
    expect(labels(s)).not.toContain('attack Pylos');
  });

  test("§8.13: a Leader defending his own city's Location needs no permission", () => {
    const s = commitTurn({ leaders: [-1, BLUE, -1, -1, RED, -1] });
    play(s, 'Spartan hoplite 1', 'defend Pylos');
    expect([s.currentPlayer(), s.view(RED).locations[SLOT.Pylos]?.mainDefender]).toEqual([RED, RED]);
  });

  test('§8.8: a Location of a city without a Leader may be attacked by anyone but defended by nobody', () => {
    const s = commitTurn({ leaders: [-1, BLUE, -1, -1, RED, -1] });
    play(s, 'Spartan hoplite 1');
    expect(labels(s)).toContain('attack Delium');
    expect(labels(s)).not.toContain('defend Delium');
  });

  test(
    'denied permission: the counter stays in the pool and the pair is ' + 'barred for the rest of the commit turn only',
    () => {
      const s = commitTurn({ leaders: [-1, BLUE, -1, -1, RED, -1] });
      play(s, 'Spartan hoplite 1', 'defend Attica');
      expect([s.currentPlayer(), labels(s)]).toEqual([BLUE, ['deny', 'grant']]);
      expect(s.view(BLUE).commit?.selected).toEqual({ power: 4, type: 0, strength: 0 });
      expect(s.view(BLUE).commit?.request).toEqual({ slot: SLOT.Attica, side: 1 });
      play(s, 'deny');
      const v = s.view(RED);
      expect([s.currentPlayer(), v.commit?.basic, v.pool[kindOf(4, 0, 1)]]).toEqual([RED, 0, 2]);
      expect(v.locations[SLOT.Attica]?.denied).toEqual([4]);
      play(s, 'Spartan hoplite 2');
      expect(labels(s)).not.toContain('defend Attica');
      // The denial does not count as a commitment, and it is forgotten after this commit turn.
      play(s, 'defend Pylos', 'stop committing');
      expect(s.view(RED).locations[SLOT.Attica]?.denied).toEqual([]);
      expect(events(s, 'permission')).toEqual([['permission', BLUE, RED, SLOT.Attica, 4, 0, loc('Attica')]]);
    },
  );

  test('a grant lasts the whole turn: the same power defends there again without asking', () => {
    const s = commitTurn({ leaders: [-1, BLUE, -1, -1, RED, -1] });
    play(s, 'Spartan hoplite 1', 'defend Attica', 'grant');
    expect(s.view(RED).locations[SLOT.Attica]?.granted).toEqual([4]);
    play(s, 'Spartan hoplite 2', 'defend Attica');
    expect(s.currentPlayer()).toBe(RED);
    expect(s.view(RED).locations[SLOT.Attica]?.counters.map((c) => c[2])).toEqual([1, 2]);
  });

  test(
    'placement slots: the first committer is main; others go to the ally ' + 'slot, except Persian leaders together',
    () => {
      // Green and Yellow are both Persian leaders; Red leads Sparta, Blue Athens.
      const s = commitTurn({ leaders: [-1, BLUE, -1, -1, RED, -1], actor: GREEN, held: [[14], [15], [16], [17]] });
      play(s, 'Persian hoplite 2', 'attack Delium', 'Persian hoplite 3', 'attack Delium', 'no extra counters');
      expect(s.currentPlayer()).toBe(YELLOW);
      play(s, 'Persian hoplite 3', 'attack Delium', 'stop committing');
      play(s, 'Spartan hoplite 4', 'attack Delium', 'stop committing');
      const at = s.view(RED).locations[SLOT.Delium]!;
      expect(at.mainAttacker).toBe(GREEN);
      expect(at.counters.map((c) => [c[0], c[4]])).toEqual([
        [6, 0],
        [6, 0],
        [6, 0],
        [4, 1],
      ]);
      // Red sees his own counter's strength, not the Persians'.
      expect(at.counters.map((c) => c[2])).toEqual([0, 0, 0, 4]);
      expect(s.view(YELLOW).locations[SLOT.Delium]!.counters.map((c) => c[2])).toEqual([2, 3, 3, 0]);
    },
  );

  test('§8.10: no Persian leader may attack where Persia defends, nor defend where Persia attacks', () => {
    const s = commitTurn({ leaders: [-1, BLUE, -1, -1, RED, -1], actor: GREEN });
    play(s, 'Persian hoplite 2', 'attack Delium', 'Persian trireme 2', 'defend Pylos', 'grant', 'no extra counters');
    play(s, 'Persian hoplite 3');
    expect(s.currentPlayer()).toBe(YELLOW);
    expect(labels(s)).not.toContain('attack Pylos');
    expect(labels(s)).not.toContain('defend Delium');
    expect(labels(s)).toContain('attack Delium');
  });

  test(
    'extra commitments: only after 2 basic ones, a cube is spent only when ' + 'the first extra counter is placed',
    () => {
      const s = commitTurn({ leaders: [-1, BLUE, -1, -1, RED, -1] });
      play(s, 'Spartan hoplite 1', 'defend Pylos', 'Spartan hoplite 2', 'defend Pylos');
      expect(labels(s)).toEqual(['no extra counters', 'spend a cube in Sparta for extra counters']);
      const stopped = play(s.clone(), 'spend a cube in Sparta for extra counters', 'stop committing');
      expect(stopped.view(RED).cubes[RED][4]).toBe(2);
      play(s, 'spend a cube in Sparta for extra counters', 'Spartan hoplite 3', 'defend Pylos');
      expect(s.view(RED).cubes[RED][4]).toBe(1);
      play(s, 'Spartan hoplite 4', 'defend Pylos');
      // Four counters placed: the turn ends by itself and Blue commits next.
      expect([s.currentPlayer(), events(s, 'endCommit')]).toEqual([BLUE, [['endCommit', RED, 4]]]);
      expect(events(s, 'spendCube')).toEqual([['spendCube', RED, 4]]);
    },
  );

  test('a Persian leader pays for extra Persian counters with a cube from any city where he has one', () => {
    const cubes = [
      [2, 2, 2, 2, 2, 2],
      [2, 2, 2, 2, 2, 2],
      [0, 0, 0, 1, 0, 0],
      [2, 2, 2, 2, 2, 2],
    ];
    const s = commitTurn({ leaders: [-1, BLUE, -1, -1, RED, -1], actor: GREEN, cubes });
    play(s, 'Persian hoplite 2', 'attack Delium', 'Persian hoplite 2', 'attack Delium');
    expect(labels(s)).toEqual(['no extra counters', 'spend a cube in Megara for extra counters']);
    play(s, 'spend a cube in Megara for extra counters');
    expect(labels(s)).toEqual(['stop committing', 'Persian hoplite 3', 'Persian trireme 2', 'Persian trireme 3']);
  });

  test('§8.12: a seat whose counters have no legal target only discards its tile', () => {
    // Blue leads Megara, which is allied with Athens and Sparta; every Location on display is
    // theirs and they have no Leader to grant permission: Megarians can neither attack nor defend.
    const s = commitTurn({
      leaders: [-1, -1, -1, BLUE, -1, -1],
      actor: RED,
      allied: [
        [3, 1],
        [3, 4],
      ],
      locations: [0, 1, 2, 3, loc('Pylos'), loc('Sicily'), loc('Cythera')],
    });
    play(s, 'stop committing');
    expect(s.currentPlayer()).toBe(GREEN);
    expect(events(s, 'discard', 'endCommit').slice(1, 3)).toEqual([
      ['discard', BLUE, 15],
      ['endCommit', BLUE, 0],
    ]);
  });

  test('§8.11 / §4.6.3 step 5: a seat without counters only discards its tile, without a decision', () => {
    const s = commitTurn({
      leaders: [-1, -1, -1, -1, RED, -1],
      actor: RED,
      held: [[14], [15, 18], [16], [17]],
      pool: [], // nobody has any counter left
    });
    play(s, 'stop committing');
    // Blue, Green and Yellow discard automatically; then Blue's second tile, then battles and turn 2.
    expect(events(s, 'discard').map((e) => e[1])).toEqual([BLUE, GREEN, YELLOW, RED, BLUE]);
    expect(s.view(-1).turn).toBe(2);
  });
});

describe('§2.5 Slave Revolt', () => {
  const spec = (rng = Rng.fromSeed('revolt').state()): PositionSpec & { leaders: number[] } => ({
    leaders: [-1, BLUE, -1, -1, RED, -1],
    actor: BLUE,
    specials: [0, 3, 4, 5],
    rng,
    decision: 'slaveRevolt',
    committed: [
      { slot: SLOT.Attica, side: 'attack', ally: false, counter: 'Sparta H2' },
      { slot: SLOT.Attica, side: 'attack', ally: false, counter: 'Sparta H4' },
      { slot: SLOT.Naupactus, side: 'attack', ally: false, counter: 'Sparta T1' },
    ],
    mainAttackers: [RED, RED, -1, -1, -1, -1, -1],
  });

  test(
    "offered at the owner's commit-turn start, on Locations with Spartan " + "hoplites and the Sparta Leader's pool",
    () => {
      const s = commitTurn(spec());
      expect(labels(s)).toEqual([
        'do not use Slave Revolt',
        'Slave Revolt at Attica',
        "Slave Revolt on the Sparta Leader's pool",
      ]);
      play(s, 'do not use Slave Revolt');
      expect(s.view(BLUE).decision).toBe('selectCounter');
    },
  );

  test(
    '§5: the removed hoplite is index ⌊u·n⌋ of the strengths there in ' + 'ascending order, back to the Sparta stack',
    () => {
      const rng = Rng.fromSeed('revolt-draw');
      const s = commitTurn(spec(rng.state()));
      const expected = [2, 4][rng.int(2)];
      play(s, 'Slave Revolt at Attica');
      const k = kindOf(4, 0, expected);
      expect(events(s, 'slaveRevolt')).toEqual([['slaveRevolt', BLUE, SLOT.Attica, k, loc('Attica')]]);
      expect(s.view(-1).stack[k]).toBe(1);
      expect(s.view(-1).locations[SLOT.Attica]!.counters.map((c) => c[0] * 10 + c[1])).toEqual([40]);
      expect(s.view(RED).specials[BLUE]).toEqual({ tile: 3, used: true, possible: [] });
    },
  );

  test("on the pool: index ⌊u·n⌋ over the pool's Spartan hoplites listed by ascending strength", () => {
    const rng = Rng.fromSeed('revolt-pool');
    const s = commitTurn(spec(rng.state()));
    const list = [1, 1, 2, 2, 3, 3, 3, 4]; // Sparta H: 1×2, 2×3, 3×3, 4×2 minus the committed H2 and H4
    const strength = list[rng.int(list.length)];
    play(s, "Slave Revolt on the Sparta Leader's pool");
    expect(events(s, 'slaveRevolt')).toEqual([['slaveRevolt', BLUE, 7, kindOf(4, 0, strength), 127]]);
    expect(s.view(RED).pool[kindOf(4, 0, strength)]).toBe(list.filter((x) => x === strength).length - 1);
  });

  test('§8.14: a main player whose counters all went to Slave Revolt stays main', () => {
    const base = spec();
    const s = commitTurn({
      ...base,
      committed: [{ slot: SLOT.Attica, side: 'attack', ally: false, counter: 'Sparta H2' }],
    });
    play(s, 'Slave Revolt at Attica');
    const at = s.view(-1).locations[SLOT.Attica]!;
    expect([at.mainAttacker, at.counters]).toEqual([RED, []]);
  });

  test('a seat not asked while a target exists holds no Slave Revolt, and everyone can tell', () => {
    const s = commitTurn({
      ...spec(),
      actor: RED,
      decision: 'selectCounter',
      specials: [0, 3, 4, 5],
      held: [[14], [15], [16], [17]],
    });
    play(s, 'stop committing');
    // Blue holds it and is asked; Red's own next commit turn would not ask Red.
    expect([s.currentPlayer(), s.view(RED).decision]).toEqual([BLUE, 'slaveRevolt']);
    expect(s.view(RED).specials[BLUE].possible).toEqual([3]);
    play(s, 'do not use Slave Revolt', 'stop committing');
    // Green (tile 4) starts his turn while Spartan hoplites are on display: not asked.
    expect(s.currentPlayer()).toBe(GREEN);
    expect(s.view(RED).specials[GREEN].possible).toEqual([0, 1, 2, 4, 5, 6, 7]);
  });

  test('not asked when there is no Spartan hoplite anywhere, and then nothing is learnt about the tile', () => {
    const s = commitTurn({ leaders: [-1, BLUE, -1, -1, -1, -1], actor: RED, specials: [0, 3, 4, 5] });
    play(s, 'stop committing');
    expect([s.currentPlayer(), s.view(BLUE).decision]).toEqual([BLUE, 'selectCounter']);
    expect(s.view(RED).specials[BLUE].possible).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
