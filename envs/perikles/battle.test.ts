import { describe, expect, test } from 'vitest';
import type { RngState } from '../core/rng.js';
import { Rng } from '../core/rng.js';
import { rollCombat } from './battle.js';
import { KIND_TOTALS, kindOf } from './components.js';
import { EV } from './events.js';
import { type PeriklesJson } from './position.js';
import {
  type PeriklesState,
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
  type PositionSpec,
} from './test-helpers.js';
import { emptyPosition } from './position.js';

type Committed = PeriklesJson['counters']['committed'];
const att = (counter: string, slot = 0, ally = false): Committed[number] => ({ slot, side: 'attack', ally, counter });
const def = (counter: string, slot = 0, ally = false): Committed[number] => ({ slot, side: 'defend', ally, counter });
const mains = (slot0: number, slot1 = -1) => [slot0, slot1, -1, -1, -1, -1, -1];

/** Battles from the end of Phase F with the given Locations, Leaders and counters. */
function battle(spec: PositionSpec & { leaders: readonly number[] }, rng?: RngState): PeriklesState {
  return play(
    load(battleSpec({ actor: RED, specials: [0, 1, 2, 3], ...spec, rng: rng ?? spec.rng })),
    'stop committing',
  );
}

describe('§4.7 Location results', () => {
  test('no participants: the tile is removed, nothing else happens', () => {
    const s = battle({ leaders: [-1, -1, -1, -1, -1, -1] });
    expect(s.view(-1).removed).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(s.view(-1).defeats).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test("an unopposed attack with a counter of the last round's type claims the tile and defeats its city", () => {
    const s = battle({
      leaders: [-1, -1, -1, -1, RED, -1],
      locations: [loc('Delium'), 1, 2, 3, 4, 5, 6],
      committed: [att('Sparta H1')],
      mainAttackers: mains(RED),
    });
    expect(s.view(-1).claimed[RED]).toEqual([loc('Delium')]);
    expect(s.view(-1).defeats[5]).toBe(1);
    expect(events(s, 'round')).toEqual([]);
  });

  test('§4.7 step 6: a tile won by a Persian leader scores for every Persian leader; so do unattacked cubes', () => {
    // Red leads Sparta and Blue Athens; Green and Yellow are Persian leaders.
    const s = battle({
      leaders: [-1, BLUE, -1, -1, RED, -1],
      locations: [loc('Delium'), loc('Pylos'), 2, 3, 4, 5, 6],
      committed: [att('Persia H2'), def('Persia T2', 1)],
      mainAttackers: mains(GREEN),
      mainDefenders: mains(-1, YELLOW),
    });
    const v = s.view(-1);
    expect([v.claimed[GREEN], v.claimed[YELLOW], v.tileVp]).toEqual([[loc('Delium')], [loc('Delium')], [0, 0, 5, 5]]);
    expect([v.cubes[GREEN][4], v.cubes[YELLOW][4]]).toEqual([4, 4]);
    expect(events(s, 'unattacked')).toEqual([
      ['unattacked', loc('Pylos'), GREEN],
      ['unattacked', loc('Pylos'), YELLOW],
    ]);
  });

  test('§8.16: a round with no units of its type on either side is skipped and carries nothing', () => {
    const s = battle({
      leaders: [-1, BLUE, -1, -1, RED, -1],
      locations: [loc('Naupactus'), 1, 2, 4, 5, 6, 7],
      committed: [att('Sparta H4'), def('Athens H1')],
      mainAttackers: mains(RED),
      mainDefenders: mains(BLUE),
    });
    expect(events(s, 'round')).toEqual([
      ['round', 0, 0, 1, 0],
      ['round', 0, 1, 0, 3],
    ]);
    expect(events(s, 'combat')[0]).toEqual(['combat', 4, 1, 0, 0, 0]);
  });

  test('defenders who win by default keep the tile (defenders only in the last round, no combat)', () => {
    const s = battle(
      {
        leaders: [-1, BLUE, -1, -1, RED, -1],
        locations: [loc('Naupactus'), 1, 2, 4, 5, 6, 7],
        committed: [att('Sparta T1'), def('Athens T1'), def('Athens H2')],
        mainAttackers: mains(RED),
        mainDefenders: mains(BLUE),
      },
      Rng.fromSeed('default').state(),
    );
    // Round T is a combat; round H has only defenders: they win it, whoever won T.
    expect(events(s, 'round').map((e) => e[4])).toEqual([3, 2]);
    expect(s.view(-1).claimed[BLUE]).toEqual([loc('Naupactus')]);
    expect(s.view(-1).defeats[1]).toBe(0);
  });
});

describe('§4.7 casualties', () => {
  test('a tie between powers in the losing main slot is decided by its main player (D16)', () => {
    const spec = {
      leaders: [-1, BLUE, RED, -1, RED, -1],
      locations: [loc('Attica'), 0, 1, 2, 3, 4, 5],
      committed: [att('Corinth H1'), att('Sparta H1'), def('Athens H3')],
      mainAttackers: mains(RED),
      mainDefenders: mains(BLUE),
    };
    const s = seeded(
      'tie',
      (rng) => battle(spec, rng),
      (x) => x.view(-1).decision === 'casualty',
    );
    expect(s.currentPlayer()).toBe(RED);
    expect(labels(s)).toEqual(['lose Corinthian hoplite 1', 'lose Spartan hoplite 1']);
    play(s, 'lose Spartan hoplite 1');
    expect(s.view(-1).dead[kindOf(4, 0, 1)]).toBe(1);
    expect(s.view(-1).dead[kindOf(2, 0, 1)]).toBe(0);
    expect(s.view(-1).claimed[BLUE]).toEqual([loc('Attica')]);
  });

  test("the main slot's lowest counter goes first; a Persian casualty returns to the Persian stack", () => {
    const spec = {
      leaders: [-1, BLUE, -1, -1, -1, -1],
      locations: [loc('Attica'), 0, 1, 2, 3, 4, 5],
      committed: [att('Persia H3'), att('Persia H2'), def('Athens H1')],
      mainAttackers: mains(RED),
      mainDefenders: mains(BLUE),
    };
    const s = seeded(
      'persian-loss',
      (rng) => battle(spec, rng),
      (x) => events(x, 'roundWin')[0]?.[3] === 1,
    );
    expect(events(s, 'casualty')).toEqual([['casualty', 0, 0, kindOf(6, 0, 2)]]);
    expect(s.view(-1).stack[kindOf(6, 0, 2)]).toBe(KIND_TOTALS[kindOf(6, 0, 2)]);
    expect(s.view(-1).dead.every((n) => n === 0)).toBe(true);
  });

  test("the ally slot loses only when the main slot has no counter of the round's type", () => {
    // Blue is main attacker with a trireme only; Red's Spartan hoplite is in the ally slot.
    const spec = {
      leaders: [-1, BLUE, -1, -1, RED, GREEN],
      locations: [loc('Delium'), 1, 2, 3, 4, 5, 6],
      committed: [att('Athens T1'), att('Sparta H2', 0, true), def('Thebes T2'), def('Thebes H3')],
      mainAttackers: mains(BLUE),
      mainDefenders: mains(GREEN),
    };
    const s = seeded(
      'ally-loss',
      (rng) => battle(spec, rng),
      (x) => events(x, 'roundWin')[1]?.[3] === 1,
    );
    expect(events(s, 'casualty').at(-1)).toEqual(['casualty', 0, 0, kindOf(4, 0, 2)]);
  });
});

describe('§4.7 battle specials (D15)', () => {
  const hopliteFight = (specials: number[], extra: Partial<PositionSpec> = {}) =>
    battle({
      leaders: [-1, BLUE, -1, -1, RED, -1],
      specials,
      locations: [loc('Attica'), loc('Mantinea'), 2, 3, 4, 5, 7],
      committed: [att('Sparta H3'), def('Athens H2')],
      mainAttackers: mains(RED),
      mainDefenders: mains(BLUE),
      ...extra,
    });

  test(
    'eligible holders are asked in seat order from the start player; ' +
      'Thessalanian gives a token to a side with none',
    () => {
      const s = hopliteFight([0, 6, 4, 1], { startPlayer: GREEN });
      expect([s.currentPlayer(), labels(s)]).toEqual([GREEN, ['do not use Brasidas', 'use Brasidas']]);
      play(s, 'do not use Brasidas');
      expect([s.currentPlayer(), labels(s)]).toEqual([
        BLUE,
        [
          'do not use Thessalanian Allies',
          'Thessalanian Allies: token to the attackers',
          'Thessalanian Allies: token to the defenders',
        ],
      ]);
      play(s, 'Thessalanian Allies: token to the defenders');
      expect(events(s, 'combat')).toEqual([['combat', 3, 2, 3, 0, 1]]);
      // Being asked told everyone what the tiles could be: Green's is Brasidas or Thessalanian Allies,
      // Yellow (not asked) holds neither.
      expect(s.view(RED).specials[GREEN].possible).toEqual([4, 6]);
      expect(s.view(RED).specials[YELLOW].possible).toEqual([0, 1, 2, 3, 5, 7]);
    },
  );

  test('§8.15: a side holding the carried token cannot take the Persian Fleet token', () => {
    // Lesbos is H then T: the attackers win H unopposed and carry a token into the trireme round.
    const s = battle({
      leaders: [-1, BLUE, -1, -1, RED, -1],
      specials: [0, 7, 1, 2],
      locations: [loc('Lesbos'), 0, 2, 3, 4, 5, 6],
      committed: [att('Sparta H1'), att('Sparta T1'), def('Athens T1')],
      mainAttackers: mains(RED),
      mainDefenders: mains(BLUE),
    });
    expect([s.currentPlayer(), labels(s)]).toEqual([
      BLUE,
      ['do not use Persian Fleet', 'Persian Fleet: token to the defenders'],
    ]);
    expect(s.view(BLUE).battle?.tokens).toEqual([1, 0]);
  });

  test('Brasidas doubles Spartan hoplites in its one combat round only (not in the next battle)', () => {
    const s = hopliteFight([0, 1, 4, 2], {
      committed: [att('Sparta H3'), def('Athens H2'), att('Sparta H4', 1)],
      mainAttackers: mains(RED, RED),
      mainDefenders: mains(BLUE),
      locations: [loc('Attica'), loc('Plataea'), 0, 1, 3, 4, 5],
      // Plataea: the defenders' intrinsic +1 alone meets Sparta H4 (4 vs 1).
    });
    play(s, 'use Brasidas');
    const combats = events(s, 'combat');
    expect(combats[0]).toEqual(['combat', 6, 2, 0, 0, 0]);
    expect(combats[1]).toEqual(['combat', 4, 1, 0, 0, 0]);
  });

  test('Phormio doubles Athenian triremes; not asked without one in the round; no window in unopposed rounds', () => {
    const s = battle(
      {
        leaders: [-1, BLUE, -1, -1, RED, -1],
        specials: [0, 5, 1, 2],
        locations: [loc('Pylos'), 1, 2, 3, 4, 5, 6],
        committed: [att('Athens T2'), att('Athens H1'), def('Sparta T3')],
        mainAttackers: mains(BLUE),
        mainDefenders: mains(RED),
      },
      Rng.fromSeed('phormio').state(),
    );
    expect([s.currentPlayer(), labels(s)]).toEqual([BLUE, ['do not use Phormio', 'use Phormio']]);
    play(s, 'use Phormio');
    expect(events(s, 'combat')[0]).toEqual(['combat', 4, 3, 3, 0, 0]);
    // Round H (Athenian hoplite 1 alone) is won unopposed: no window, no decision until turn 2.
    expect(events(s, 'combat')).toHaveLength(1);
    expect(s.view(-1).phase).toBe('influence');
  });
});

describe('§4.7 rolls', () => {
  test('§7 Decision: a round is capped at 1,000 rolls and the defenders then win', () => {
    const t = emptyPosition(3, Rng.fromSeed(0));
    let dice = 0;
    expect(rollCombat(t, 2, 2, () => (dice++, 6))).toBe(1);
    expect(dice).toBe(4000);
    const last = t.log.length - 1;
    expect([t.log.kindAt(last), t.log.argAt(last, 2), t.log.argAt(last, 3)]).toEqual([EV.roundWin, 1, 1]);
  });

  test.each([
    ['attackers hit twice', [6, 6, 1, 1, 6, 6, 1, 1], 0],
    ['defenders hit twice', [1, 1, 6, 6, 1, 1, 6, 6], 1],
    ['a carried token plus one hit wins', [6, 6, 1, 1], 0],
  ] as const)('%s', (_name, dice, winner) => {
    const t = emptyPosition(3, Rng.fromSeed(0));
    if (dice.length === 4) t.tokA = 1;
    let i = 0;
    expect(rollCombat(t, 8, 7, () => dice[i++])).toBe(winner);
    expect(i).toBe(dice.length);
  });
});
