import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { rollCombat } from './battle.js';
import { kindOf } from './components.js';
import { EV } from './events.js';
import { emptyPosition } from './position.js';
import {
  BLUE,
  GREEN,
  RED,
  YELLOW,
  battleSpec,
  events,
  labels,
  load,
  loc,
  play,
  seeded,
  tiles,
  type PositionSpec,
} from './test-helpers.js';

// §10: Red = seat 0, Blue = 1, Green = 2, Yellow = 3.
const NO_INFLUENCE_SPECIALS = [4, 5, 6, 7]; // Brasidas, Phormio, Thessalanian Allies, Persian Fleet

describe('§10 rule scenarios', () => {
  test(
    'scenario 2: drafting restriction (a held Athens and Any tile bar ' + 'those colors unless nothing else is left)',
    () => {
      const display = [3, 4, tiles('candidate', 'Athens')[0], 32, 33, tiles('candidate', 'Sparta')[0], 5, 6, 18, 19];
      const s = load({
        phase: 'influence',
        decision: 'takeTile',
        actor: RED,
        held: [[2, 31], [], [], []],
        display,
        specials: NO_INFLUENCE_SPECIALS,
      });
      expect(labels(s)).toEqual([
        'take Sparta Candidate from slot 5',
        'take Corinth (2 cubes) from slot 6',
        'take Corinth (2 cubes) from slot 7',
        'take Corinth Candidate from slot 8',
        'take Corinth Candidate from slot 9',
      ]);
      // Only Athens (5 left) and Any (4 left) tiles: every one is legal.
      const onlyBarred = [3, 4, 16, 17, 26, 32, 33, 34, 35, null];
      const t = load({
        phase: 'influence',
        decision: 'takeTile',
        actor: RED,
        held: [[2, 31], [], [], []],
        display: onlyBarred,
        specials: NO_INFLUENCE_SPECIALS,
      });
      expect(t.legalActions()).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17]);
    },
  );

  test('scenario 3: Candidate tile: +1 cube in Thebes, then Red may nominate Red or Green as Athens β', () => {
    const thebesCandidate = tiles('candidate', 'Thebes')[0];
    const cubes = [
      [2, 2, 2, 2, 2, 2],
      [2, 0, 2, 2, 2, 2],
      [2, 3, 2, 2, 2, 2],
      [2, 0, 2, 2, 2, 2],
    ];
    const candidates: [number, number][] = [
      [-1, -1],
      [BLUE, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
    ];
    const s = load({
      actor: RED,
      cubes,
      candidates,
      display: [thebesCandidate, 0, 1, 2, 3, 4, 5, 6, 7, 8],
      specials: NO_INFLUENCE_SPECIALS,
    });
    play(s, 'take Thebes Candidate from slot 0');
    expect(s.view(RED).cubes[RED][5]).toBe(3);
    expect(s.view(RED).decision).toBe('nominate');
    expect(labels(s).filter((l) => l.endsWith('in Athens'))).toEqual([
      'nominate seat 0 in Athens',
      'nominate seat 2 in Athens',
    ]);
    play(s, 'nominate seat 2 in Athens');
    const v = s.view(RED);
    expect(v.cubes[GREEN][1]).toBe(2);
    expect(v.candidates[1]).toEqual([BLUE, GREEN]);
    // No influence special: the influence turn ends, the slot is refilled, Blue takes a tile.
    expect([v.decision, v.toAct, v.display[0] >= 0]).toEqual(['takeTile', BLUE, true]);
  });

  test("scenario 4: Assassin on α: β moves up, the removed cube returns to its owner's supply", () => {
    const candidates: [number, number][] = [
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [-1, -1],
      [BLUE, YELLOW],
      [-1, -1],
    ];
    const s = load({
      actor: RED,
      candidates,
      display: [tiles('assassin', 'Sparta')[0], 0, 1, 2, 3, 4, 5, 6, 7, 8],
      specials: NO_INFLUENCE_SPECIALS,
    });
    const blueSupply = s.view(RED).supply[BLUE];
    play(s, 'take Sparta Assassin from slot 0');
    expect(s.view(RED).cubes[RED][4]).toBe(3);
    play(s, 'assassinate the Sparta α candidate (seat 1)');
    const v = s.view(RED);
    expect(v.candidates[4]).toEqual([YELLOW, -1]);
    expect(v.supply[BLUE]).toBe(blueSupply + 1);
    expect(events(s, 'assassinate')).toEqual([['assassinate', RED, 4, 5, BLUE]]);
  });

  /**
   * A Phase C position whose last open candidate space (Thebes β) Yellow fills: elections, armies
   * and dead-pool recovery then run at once.
   */
  function lastNomination(cubes: number[][], candidates: [number, number][]): ReturnType<typeof load> {
    const s = load({
      phase: 'nominations',
      decision: 'nominate',
      actor: YELLOW,
      cubes,
      candidates,
      progress: { nomSeat: YELLOW },
    });
    return play(s, 'nominate seat 3 in Thebes');
  }
  const FULL: [number, number][] = [
    [RED, BLUE],
    [RED, BLUE],
    [BLUE, GREEN],
    [GREEN, YELLOW],
    [YELLOW, RED],
    [GREEN, -1],
  ];

  test('scenario 5: election tie: α wins and removes as many of his cubes as β has; he takes the Athens stack', () => {
    const cubes = [
      [2, 4, 2, 2, 2, 2],
      [2, 4, 2, 2, 2, 2],
      [2, 2, 5, 2, 2, 2],
      [2, 2, 2, 2, 2, 2],
    ];
    const before = load({
      phase: 'nominations',
      decision: 'nominate',
      actor: YELLOW,
      cubes,
      candidates: FULL,
      progress: { nomSeat: YELLOW },
    });
    const supplyBefore = before.view(RED).supply[RED];
    const s = lastNomination(cubes, FULL);
    const v = s.view(RED);
    expect(v.leaders[1]).toBe(RED);
    expect([v.cubes[RED][1], v.cubes[BLUE][1]]).toEqual([0, 4]);
    expect(v.candidates.every(([a, b]) => a === -1 && b === -1)).toBe(true);
    // Back to Red's supply: Athens 4 removed + his α cube, Argos (also a 2:2 tie won as α) 2 + his α
    // cube, and his losing Sparta β cube.
    expect(v.supply[RED]).toBe(supplyBefore + (4 + 1) + (2 + 1) + 1);
    expect(v.controlled).toEqual([0, 1]);
    expect(v.pool.slice(8, 16)).toEqual([2, 2, 2, 0, 2, 2, 2, 2]);
    expect(v.stack.slice(8, 16)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  test("scenario 6: normal election: β with more cubes wins and removes the loser's count", () => {
    const cubes = [
      [2, 4, 2, 2, 2, 2],
      [2, 4, 2, 2, 2, 2],
      [2, 2, 5, 2, 2, 2],
      [2, 2, 2, 2, 2, 2],
    ];
    const s = lastNomination(cubes, FULL);
    const v = s.view(GREEN);
    expect(v.leaders[2]).toBe(GREEN);
    expect([v.cubes[BLUE][2], v.cubes[GREEN][2]]).toEqual([2, 3]);
    expect(events(s, 'election').find((e) => e[1] === 2)).toEqual(['election', 2, GREEN, BLUE, 2]);
  });

  test('scenario 7: Plague on Corinth: ⌊n/2⌋ per player counting his candidate cube, taken from regular cubes', () => {
    const cubes = [
      [2, 2, 5, 2, 2, 2],
      [2, 2, 3, 2, 2, 2],
      [2, 2, 1, 2, 2, 2],
      [2, 2, 0, 2, 2, 2],
    ];
    const candidates: [number, number][] = [
      [-1, -1],
      [-1, -1],
      [YELLOW, BLUE],
      [-1, -1],
      [-1, -1],
      [-1, -1],
    ];
    const s = load({ actor: RED, cubes, candidates, specials: [2, 4, 5, 6] });
    play(s, 'use Plague', 'Plague in Corinth');
    const v = s.view(RED);
    expect(v.cubes.map((row) => row[2])).toEqual([3, 1, 1, 0]);
    expect(v.candidates[2]).toEqual([YELLOW, BLUE]);
    expect(events(s, 'plague')).toEqual([
      ['plague', RED, 2, 2],
      ['plague', BLUE, 2, 2],
    ]);
    // Used in the pre-window: back to taking a tile, without the option to use it again.
    expect(v.decision).toBe('takeTile');
    expect(labels(s).some((l) => l.startsWith('use'))).toBe(false);
  });

  test(
    'scenario 8: commit order: the 2-shard stage, then the 1-shard stage ' +
      'from the seat after the last 2-shard user',
    () => {
      const held = [
        [0, 1, 14, 15, 16],
        [2, 17, 18, 19, 20],
        [3, 4, 5, 21, 22],
        [23, 24, 25, 26, 27],
      ];
      const s = load({ phase: 'firstCommit', decision: 'firstCommit', actor: RED, held });
      play(s, 'seat 1 commits first');
      while (s.view(RED).phase === 'commit') play(s, 'stop committing');
      const order = events(s, 'discard').map((e) => ['Red', 'Blue', 'Green', 'Yellow'][e[1] as number]);
      expect(order).toEqual([
        'Blue',
        'Green',
        'Red',
        'Green',
        'Red',
        'Green',
        'Yellow',
        'Red',
        'Blue',
        'Green',
        'Yellow',
        'Red',
        'Blue',
        'Green',
        'Yellow',
        'Red',
        'Blue',
        'Yellow',
        'Blue',
        'Yellow',
      ]);
      // Each turn discards the lowest id of its stage.
      expect(
        events(s, 'discard')
          .slice(0, 3)
          .map((e) => e[2]),
      ).toEqual([2, 3, 0]);
    },
  );

  test('scenario 9: war and alliance constrain later commitments', () => {
    const s = load({
      phase: 'commit',
      decision: 'selectCounter',
      actor: RED,
      progress: { commitSeat: RED, stage: 1 },
      leaders: [-1, BLUE, RED, -1, RED, GREEN],
      locations: [
        loc('Attica'),
        loc('Naupactus'),
        loc('Delium'),
        loc('Amphipolis'),
        loc('Lesbos'),
        loc('Plataea'),
        loc('Potidea'),
      ],
      held: [[14], [15], [], []],
    });
    // (a)
    play(s, 'Spartan hoplite 2', 'attack Attica');
    expect(s.view(RED).relations[4][1]).toBe(2);
    // (b) on a copy: the Spartan trireme may not defend Naupactus.
    const b = play(s.clone(), 'Spartan trireme 1');
    expect(labels(b)).not.toContain('defend Naupactus');
    expect(labels(b)).toContain('attack Naupactus');
    // (c) Blue is asked and grants; Red is main defender; Corinth allied with Athens.
    play(s, 'Corinthian trireme 1', 'defend Naupactus');
    expect([s.currentPlayer(), s.view(BLUE).decision]).toEqual([BLUE, 'permission']);
    play(s, 'grant');
    expect(s.view(RED).locations[1]?.mainDefender).toBe(RED);
    expect(s.view(RED).relations[2][1]).toBe(1);
    // (d) with an extra commitment paid by a Corinth cube.
    expect(s.view(RED).decision).toBe('spendCube');
    play(s, 'spend a cube in Corinth for extra counters', 'Corinthian hoplite 1', 'attack Delium');
    expect(s.view(RED).relations[2][5]).toBe(2);
    expect(s.view(RED).cubes[RED][2]).toBe(1);
    play(s, 'stop committing');
    // (f) Blue's turn: Athens is allied with Corinth, an attacking power of Delium.
    expect(s.currentPlayer()).toBe(BLUE);
    const f = play(s.clone(), 'Athenian hoplite 1');
    expect(labels(f)).not.toContain('defend Delium');
    play(s, 'stop committing');
    // (e) Red's next turn: he leads Corinth, a defending power of Naupactus.
    expect(s.currentPlayer()).toBe(RED);
    const e = play(s.clone(), 'Spartan hoplite 1');
    expect(labels(e)).not.toContain('attack Naupactus');
    expect(labels(e)).toContain('attack Attica');
  });

  test('scenario 10: Plataea: 5 vs 3 is +2 (A7/D8); with Brasidas 10 vs 3 is 3:1 (A5/D10)', () => {
    const spec = battleSpec({
      actor: RED,
      leaders: [-1, BLUE, -1, -1, RED, -1],
      specials: [0, 1, 4, 2],
      locations: [loc('Plataea'), 3, 4, 5, 6, 7, 8],
      committed: [
        { slot: 0, side: 'attack', ally: false, counter: 'Sparta H3' },
        { slot: 0, side: 'attack', ally: false, counter: 'Sparta H2' },
        { slot: 0, side: 'defend', ally: false, counter: 'Athens H2' },
      ],
      mainAttackers: [RED, -1, -1, -1, -1, -1, -1],
      mainDefenders: [BLUE, -1, -1, -1, -1, -1, -1],
    });
    const s = play(load(spec), 'stop committing');
    expect([s.currentPlayer(), s.view(GREEN).decision]).toEqual([GREEN, 'battleSpecial']);
    expect(s.view(GREEN).battle?.strengths).toEqual([5, 3]);
    expect(labels(s)).toEqual(['do not use Brasidas', 'use Brasidas']);
    const without = play(s.clone(), 'do not use Brasidas');
    expect(events(without, 'combat')).toEqual([['combat', 5, 3, 2, 0, 0]]);
    const withBrasidas = play(s.clone(), 'use Brasidas');
    expect(events(withBrasidas, 'combat')).toEqual([['combat', 10, 3, 0, 0, 0]]);
  });

  test('scenario 11: dice at 1:1 (A8/D7): 0:1, 1:1, 2:2, a roll-off that both hit, then the defender alone', () => {
    const t = emptyPosition(4, Rng.fromSeed(0));
    const dice = [3, 4, 5, 3, 6, 2, 2, 2, 5, 5, 6, 1, 4, 4, 6, 6, 1, 2, 3, 4];
    let i = 0;
    const winner = rollCombat(t, 8, 7, () => dice[i++]);
    expect(winner).toBe(1);
    expect(i).toBe(dice.length);
    const rolls: number[][] = [];
    t.log.entries().forEach((e, i) => {
      if (t.log.kindAt(i) === EV.roll) rolls.push(e.args.slice(4));
    });
    // [tokens attackers, tokens defenders, roll-off flag] after each roll.
    expect(rolls).toEqual([
      [0, 1, 0],
      [1, 1, 0],
      [2, 2, 0],
      [2, 2, 1],
      [2, 2, 1],
    ]);
  });

  test(
    'scenario 12: Naupactus: 3 vs 7 triremes is 1:2; a defender win costs ' +
      "the attackers' Corinthian 1; H starts 0:1",
    () => {
      const spec = (rng: ReturnType<Rng['state']>) =>
        battleSpec({
          actor: RED,
          leaders: [-1, BLUE, RED, -1, -1, -1],
          rng,
          locations: [loc('Naupactus'), 0, 1, 2, 4, 5, 6],
          committed: [
            { slot: 0, side: 'attack', ally: false, counter: 'Corinth T2' },
            { slot: 0, side: 'attack', ally: false, counter: 'Corinth T1' },
            { slot: 0, side: 'attack', ally: false, counter: 'Corinth H2' },
            { slot: 0, side: 'defend', ally: false, counter: 'Athens T4' },
            { slot: 0, side: 'defend', ally: false, counter: 'Athens T3' },
            { slot: 0, side: 'defend', ally: false, counter: 'Athens H1' },
          ],
          mainAttackers: [RED, -1, -1, -1, -1, -1, -1],
          mainDefenders: [BLUE, -1, -1, -1, -1, -1, -1],
        });
      const s = seeded(
        'scenario12',
        (rng) => play(load(spec(rng)), 'stop committing'),
        (x) => events(x, 'roundWin')[0]?.[3] === 1,
      );
      const combats = events(s, 'combat');
      expect(combats[0]).toEqual(['combat', 3, 7, 5, 0, 0]);
      expect(events(s, 'casualty')[0]).toEqual(['casualty', 0, 0, kindOf(2, 1, 1)]);
      expect(s.view(RED).dead[kindOf(2, 1, 1)]).toBe(1);
      // Round H: Corinthian hoplite 2 vs Athenian hoplite 1 (2:1), defenders carrying a token.
      expect(combats[1]).toEqual(['combat', 2, 1, 1, 0, 1]);
    },
  );

  test('scenario 13: unattacked defence: the tile leaves play and the defender gains 2 cubes in its city', () => {
    const spec = battleSpec({
      actor: BLUE,
      leaders: [-1, -1, -1, -1, BLUE, -1],
      locations: [loc('Sicily'), 0, 1, 2, 3, 4, 5],
      committed: [{ slot: 0, side: 'defend', ally: false, counter: 'Sparta H1' }],
      mainDefenders: [BLUE, -1, -1, -1, -1, -1, -1],
    });
    const s = load(spec);
    const before = s.view(BLUE);
    play(s, 'stop committing');
    const v = s.view(BLUE);
    expect(v.cubes[BLUE][4]).toBe(before.cubes[BLUE][4] + 2);
    expect(v.removed).toContain(loc('Sicily'));
    expect(v.tileVp[BLUE]).toBe(0);
    expect(v.defeats[4]).toBe(0);
    expect(events(s, 'unattacked')).toEqual([['unattacked', loc('Sicily'), BLUE]]);
  });

  test(
    'scenario 14: an unopposed attack without a counter of the last ' + "round's type removes the tile, no defeat",
    () => {
      const s = play(
        load(
          battleSpec({
            actor: GREEN,
            leaders: [-1, -1, -1, -1, -1, GREEN],
            locations: [loc('Epidaurus'), 0, 1, 2, 3, 4, 5],
            committed: [{ slot: 0, side: 'attack', ally: false, counter: 'Thebes T1' }],
            mainAttackers: [GREEN, -1, -1, -1, -1, -1, -1],
          }),
        ),
        'stop committing',
      );
      const v = s.view(GREEN);
      expect(v.removed).toContain(loc('Epidaurus'));
      expect(v.defeats[4]).toBe(0);
      expect(v.tileVp[GREEN]).toBe(0);
    },
  );

  test('scenario 15: Amphipolis: T won unopposed, then 1 vs the intrinsic 1 at 1:1 with the carried token', () => {
    const spec = (rng: ReturnType<Rng['state']>) =>
      battleSpec({
        actor: GREEN,
        leaders: [-1, BLUE, -1, -1, -1, GREEN],
        rng,
        locations: [loc('Amphipolis'), 1, 2, 3, 4, 5, 6],
        committed: [
          { slot: 0, side: 'attack', ally: false, counter: 'Thebes T2' },
          { slot: 0, side: 'attack', ally: false, counter: 'Thebes H1' },
        ],
        mainAttackers: [GREEN, -1, -1, -1, -1, -1, -1],
      });
    const run = (rng: ReturnType<Rng['state']>) => play(load(spec(rng)), 'stop committing');
    const won = seeded('scenario15-win', run, (x) => events(x, 'roundWin')[0]?.[3] === 0);
    expect(events(won, 'round')).toEqual([
      ['round', 0, 0, 1, 1],
      ['round', 0, 1, 0, 3],
    ]);
    expect(events(won, 'combat')).toEqual([['combat', 1, 1, 3, 1, 0]]);
    expect(won.view(GREEN).claimed[GREEN]).toEqual([loc('Amphipolis')]);
    expect(won.view(GREEN).tileVp[GREEN]).toBe(6);
    expect(won.view(GREEN).defeats[1]).toBe(1);
    const lost = seeded('scenario15-loss', run, (x) => events(x, 'roundWin')[0]?.[3] === 1);
    expect(events(lost, 'casualty')).toEqual([['casualty', 0, 0, kindOf(5, 0, 1)]]);
    expect(lost.view(GREEN).dead[kindOf(5, 0, 1)]).toBe(1);
    expect(lost.view(GREEN).removed).toContain(loc('Amphipolis'));
    expect(lost.view(GREEN).defeats[1]).toBe(0);
  });

  test('scenario 16: final scoring 14 + 3 + 0 + 11 + 9 = 37', () => {
    const s = load({
      phase: 'over',
      decision: 'none',
      actor: -1,
      turn: 3,
      statues: [
        [0, 1, 2, 1, 0, 0],
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
      ],
      defeats: [0, 2, 1, 2, 0, 0],
      claimed: [
        { location: loc('Sicily'), seats: [RED] },
        { location: loc('Pylos'), seats: [RED] },
      ],
      locations: [null, null, null, null, null, null, null],
      cubes: [
        [0, 0, 0, 0, 9, 0],
        [2, 2, 2, 2, 2, 2],
        [2, 2, 2, 2, 2, 2],
        [2, 2, 2, 2, 2, 2],
      ],
    });
    expect(s.scores()).toEqual([37, 12, 12, 12]);
    expect(s.ranking()).toEqual([0, 1, 1, 1]);
    expect(s.view(-1).tileVp[RED]).toBe(11);
  });

  test("scenario 17: dead pool: trireme 1 (not 3) or hoplite 2, by the Athens Leader's choice", () => {
    const spec: PositionSpec = {
      phase: 'deadPool',
      decision: 'deadPool',
      actor: BLUE,
      leaders: [-1, BLUE, -1, -1, -1, -1],
      dead: ['Athens T1', 'Athens T3', 'Athens H2'],
      progress: { deadIndex: 1 },
    };
    const s = load(spec);
    expect(labels(s)).toEqual(['recover Athenian hoplite 2', 'recover Athenian trireme 1']);
    const trireme = play(load(spec), 'recover Athenian trireme 1');
    expect(trireme.view(BLUE).dead[kindOf(1, 1, 1)]).toBe(0);
    expect(trireme.view(BLUE).dead[kindOf(1, 1, 3)]).toBe(1);
    expect(trireme.view(BLUE).pool[kindOf(1, 1, 1)]).toBe(2);
    const hoplite = play(load(spec), 'recover Athenian hoplite 2');
    expect(hoplite.view(BLUE).pool[kindOf(1, 0, 2)]).toBe(2);
    expect(hoplite.view(BLUE).dead[kindOf(1, 0, 2)]).toBe(0);
    // Then the first commit player is chosen by the start player (Sparta has no Leader).
    expect([hoplite.view(BLUE).decision, hoplite.currentPlayer()]).toEqual(['firstCommit', RED]);
  });
});
