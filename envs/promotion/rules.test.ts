import { describe, expect, test } from 'vitest';
import { IllegalActionError, InvalidStateError, PlayerCountError } from '../core/errors.js';
import { returnsFromRanking } from '../core/returns.js';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { SUITS, cardCode } from './components.js';
import { promotion } from './index.js';
import { ACTION_BASE, ACTION_SIZE } from './actions.js';
import { positionJson, type PositionSpec, type PromotionJson, type PromotionState } from './test-helpers.js';
import { MAX_GAME_LENGTH } from './transitions.js';

// Standard state S0 of §10 (the result of Scenario 1).
const S0 = ['S5 H7 D8 C6', 'S6 H8 D5 C7', 'S7 H5 D6 C8', 'S8 H6 D7 C5'];

const newGame = (seed: number | string = 0) => promotion.newGame({ players: 4, seed }) as PromotionState;
const load = (spec: PositionSpec) => promotion.fromJSON(positionJson(spec));

/** Places every seat's row card in Phase B order (parent first, clockwise); rows[seat] = 1..4. */
function chooseRows(s: PromotionState, rows: readonly number[]): PromotionState {
  const parent = s.view(0).parent;
  for (let i = 0; i < 4; i++) {
    const seat = (parent + i) % 4;
    expect(s.currentPlayer()).toBe(seat);
    playNamed(s, `row ${rows[seat]}`);
  }
  return s;
}

/** Each seat's field cards as 'S5 H7 D8 C6' (undrafted suits left out). */
const fieldsOf = (s: PromotionState) =>
  s.view(0).fields.map((ranks) => ranks.flatMap((r, suit) => (r === 0 ? [] : [cardCode(suit, r)])).join(' '));
const supplyOf = (s: PromotionState) => Object.fromEntries(s.view(0).supply.map((ranks, suit) => [SUITS[suit], ranks]));
const NINE_UP = [9, 10, 11, 12, 13];
/** Log events of the current round as [kind, ...args]. */
const events = (s: PromotionState, round = s.view(0).round) =>
  s
    .view(0)
    .log.filter((e) => e.round === round)
    .map((e) => [e.kind, ...e.args]);
const labels = (s: PromotionState) => s.legalActions().map((a) => s.actionToString(a));

describe('§9 action space and facts', () => {
  test('34 actions in the §9 blocks; the draft offers the undrafted suits, other decisions their full blocks', () => {
    expect(ACTION_SIZE).toBe(34);
    expect(promotion.actionSize).toBe(34);
    expect(ACTION_BASE).toEqual([0, 4, 8, 10, 14, 18, 30]);
    const s = newGame();
    expect(s.legalActions()).toEqual([0, 1, 2, 3]);
    expect(labels(s)).toEqual(['draft spades', 'draft hearts', 'draft diamonds', 'draft clubs']);
    playNamed(s, 'draft spades', 'draft clubs', 'draft hearts');
    expect(s.legalActions()).toEqual([4, 5, 6, 7]);
    expect(labels(s)).toEqual(['face α (SPIN 90°)', 'face β (Down!)', 'face γ (Change!)', 'face δ (Wild!)']);
    playNamed(s, 'face α (SPIN 90°)');
    expect(labels(s)).toEqual(['keep', 'rotate 180°']);
    expect(s.legalActions()).toEqual([8, 9]);
    playNamed(s, 'keep');
    expect(s.legalActions()).toEqual([10, 11, 12, 13]);
    expect(labels(s)).toEqual(['row 1', 'row 2', 'row 3', 'row 4']);
  });

  test('maxGameLength = 3 draft decisions + 60 rounds x 11 decisions = 663; exactly 4 players', () => {
    expect(MAX_GAME_LENGTH).toBe(663);
    expect(promotion.maxGameLength(4)).toBe(663);
    expect([promotion.minPlayers, promotion.maxPlayers, promotion.defaultPlayers]).toEqual([4, 4, 4]);
  });

  test.each([0, 1, 2, 3, 5, 4.5, '4', undefined])('%s players are rejected with PlayerCountError', (players) => {
    expect(() => promotion.newGame({ players: players as number, seed: 0 })).toThrow(PlayerCountError);
  });

  test('config options are rejected: the game has none', () => {
    expect(() => promotion.newGame({ players: 4, seed: 0, config: { strict: true } as never })).toThrow(
      /has no config options/,
    );
    expect(promotion.newGame({ players: 4, seed: 0, config: {} }).currentPlayer()).toBe(0);
  });
});

describe('§10 scenarios', () => {
  test('Scenario 1: the field draft in draft-parent order 0, 3, 2, 1 with the last suit forced gives S0', () => {
    const s = newGame();
    expect(s.currentPlayer()).toBe(0);
    playNamed(s, 'draft spades');
    expect(fieldsOf(s)).toEqual(['S5', 'S6', 'S7', 'S8']);
    expect(s.currentPlayer()).toBe(3);
    playNamed(s, 'draft clubs');
    expect(fieldsOf(s)).toEqual(['S5 C6', 'S6 C7', 'S7 C8', 'S8 C5']);
    expect(s.currentPlayer()).toBe(2);
    expect(labels(s)).toEqual(['draft hearts', 'draft diamonds']);
    playNamed(s, 'draft hearts');
    expect(fieldsOf(s)).toEqual(S0);
    expect(supplyOf(s)).toEqual({ S: NINE_UP, H: NINE_UP, D: NINE_UP, C: NINE_UP });
    expect(s.view(0).phase).toBe('orient');
    expect(s.view(0).round).toBe(1);
    expect(events(s, 0)).toEqual([
      ['draft', 0, 0, 0],
      ['draft', 3, 3, 0],
      ['draft', 2, 1, 0],
      ['draft', 1, 2, 1],
      ['firstParent', s.view(0).parent],
    ]);
  });

  test('Scenario 2: parent seat 1 faces δ (a = 0), then right neighbour seat 0 rotates 180° (a = 2)', () => {
    const s = load({ fields: S0, phase: 'orient', parent: 1 });
    expect(s.currentPlayer()).toBe(1);
    playNamed(s, 'face δ (Wild!)');
    expect(s.view(0).orientation).toBe(0);
    expect(s.view(0).sides).toEqual([0, 3, 2, 1]);
    expect(s.currentPlayer()).toBe(0);
    playNamed(s, 'rotate 180°');
    expect(s.view(0).orientation).toBe(2);
    expect(s.view(0).sides).toEqual([2, 1, 0, 3]);
    expect(s.view(0).phase).toBe('row');
    expect(s.currentPlayer()).toBe(1);
  });

  test.each([0, 1, 2, 3].flatMap((parent) => [0, 1, 2, 3].map((side) => [parent, side])))(
    'orientation: parent %i facing side %i really faces it, and a keep leaves it so',
    (parent, side) => {
      const s = load({ fields: S0, phase: 'orient', parent });
      s.applyAction(4 + side);
      s.applyAction(8);
      expect(s.view(0).orientation).toBe((side + parent) % 4);
      expect(s.view(0).sides[parent]).toBe(side);
    },
  );

  test('Scenario 3: rows 2-4 with batting on row 2 and a returned card reused on row 3', () => {
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [2, 3, 2, 4]);
    expect(fieldsOf(s)).toEqual(['S9 H7 D8 C6', 'S10 H8 D5 C8', 'S7 H5 D6 C9', 'S8 H9 D9 C5']);
    expect(supplyOf(s)).toEqual({
      S: [5, 6, 11, 12, 13],
      H: [6, 10, 11, 12, 13],
      D: [7, 10, 11, 12, 13],
      C: [7, 10, 11, 12, 13],
    });
    expect(events(s, 1).filter((e) => e[0] === 'promote' || e[0] === 'blocked')).toEqual([
      ['promote', 0, 2, 0, 5, 9],
      ['promote', 2, 2, 3, 8, 9],
      ['blocked', 2, 0b0010],
      ['promote', 1, 3, 0, 6, 10],
      ['promote', 1, 3, 3, 7, 8],
      ['promote', 3, 4, 1, 6, 9],
      ['promote', 3, 4, 2, 7, 9],
    ]);
    expect(s.isTerminal()).toBe(false);
    expect(s.view(0).winners).toEqual([]);
    expect([s.view(0).round, s.view(0).parent, s.view(0).phase]).toEqual([2, 1, 'orient']);
  });

  test('Scenario 4: a promotion skips held cards (S8 -> S9, H7 -> H10 past held H8 and H9)', () => {
    // Seat 1 faces β (a = 2) and is alone on row 3; the others are all on row 4, resolved after it.
    const s = load({ fields: ['S5 H5 D6 C7', 'S8 H7 D5 C6', 'S6 H8 D7 C8', 'S7 H9 D8 C5'], orientation: 2 });
    expect(supplyOf(s).H).toEqual([6, 10, 11, 12, 13]);
    chooseRows(s, [4, 3, 4, 4]);
    expect(events(s, 1).filter((e) => e[0] === 'promote' && e[2] === 3)).toEqual([
      ['promote', 1, 3, 0, 8, 9],
      ['promote', 1, 3, 1, 7, 10],
    ]);
    expect(fieldsOf(s)).toEqual(['S5 H5 D9 C7', 'S9 H10 D5 C6', 'S6 H8 D7 C8', 'S7 H11 D8 C5']);
    expect(supplyOf(s)).toEqual({
      S: [8, 10, 11, 12, 13],
      H: [6, 7, 9, 12, 13],
      D: [6, 10, 11, 12, 13],
      C: [9, 10, 11, 12, 13],
    });
  });

  test("Scenario 5: the source's row-1 example: SPIN, Down! skipped, Change!, Wild!", () => {
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [1, 1, 1, 1]);
    // k=1 SPIN by seat 0 (automatic) -> a = 1; k=2 β is faced by seat 0, already done.
    expect(s.view(0)).toMatchObject({
      phase: 'change',
      toAct: 3,
      orientation: 1,
      sides: [1, 0, 3, 2],
      done: [0],
      activation: 3,
    });
    playNamed(s, 'change ♦ with seat 0 (give ♦7, get ♦8)');
    expect(s.view(0)).toMatchObject({ phase: 'wild', toAct: 2, done: [0, 3], activation: 4 });
    playNamed(s, 'wild: promote ♣8 to ♣9');
    expect(fieldsOf(s)).toEqual(['S5 H7 D7 C6', 'S6 H8 D5 C7', 'S7 H5 D6 C9', 'S8 H6 D8 C5']);
    expect(supplyOf(s).C).toEqual([8, 10, 11, 12, 13]);
    expect(events(s, 1).slice(4)).toEqual([
      ['reveal', 1, 1, 1, 1],
      ['spin', 0],
      ['change', 3, 0, 2, 7, 8],
      ['wild', 2, 3, 8, 9],
    ]);
    expect(s.view(0).phase).toBe('orient');
  });

  test('Scenario 6: a SPIN changes the icons of rows 2-4 in the same round', () => {
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [1, 2, 2, 3]);
    expect(fieldsOf(s)).toEqual(['S5 H7 D8 C6', 'S6 H9 D5 C7', 'S7 H5 D9 C8', 'S8 H8 D10 C5']);
    expect(events(s, 1).slice(5)).toEqual([
      ['spin', 0],
      ['promote', 1, 2, 1, 8, 9],
      ['promote', 2, 2, 2, 6, 9],
      ['blocked', 2, 0b0001],
      ['promote', 3, 3, 1, 6, 8],
      ['promote', 3, 3, 2, 7, 10],
    ]);
  });

  test('Scenario 7: Down! hits seats 2, 0, 3 in activation order; seat 0 breaks its tie', () => {
    const s = load({ fields: ['S11 H7 D11 C6', 'S6 H8 D5 C7', 'S10 H12 D6 C8', 'S8 H11 D9 C9'], orientation: 2 });
    expect(supplyOf(s)).toEqual({
      S: [5, 7, 9, 12, 13],
      H: [5, 6, 9, 10, 13],
      D: [7, 8, 10, 12, 13],
      C: [5, 10, 11, 12, 13],
    });
    chooseRows(s, [4, 1, 4, 4]);
    // Seat 2 (facing SPIN) already went: H12 -> H10 because H11 is held. Seat 0 is asked out of turn.
    expect(s.view(0)).toMatchObject({ phase: 'downTie', toAct: 0, tieSuits: [0, 2] });
    expect(fieldsOf(s)[2]).toBe('S10 H10 D6 C8');
    expect(labels(s)).toEqual(['demote ♠11', 'demote ♦11']);
    playNamed(s, 'demote ♦11');
    // The state right after Down!, as the log records it: seat 3's H11 -> H9 since H10 is now held.
    expect(events(s, 1).filter((e) => e[0] === 'down' || e[0] === 'demote')).toEqual([
      ['down', 1],
      ['demote', 2, 1, 12, 10],
      ['demote', 0, 2, 11, 10],
      ['demote', 3, 1, 11, 9],
    ]);
    // Then row 4 (seats 0 γ {S,D}, 2 α {S,C}, 3 δ {H,C}): S and C blocked, D10 -> D11, H9 -> H11.
    expect(fieldsOf(s)).toEqual(['S11 H7 D11 C6', 'S6 H8 D5 C7', 'S10 H10 D6 C8', 'S8 H11 D9 C9']);
    expect(supplyOf(s)).toEqual({
      S: [5, 7, 9, 12, 13],
      H: [5, 6, 9, 12, 13],
      D: [7, 8, 10, 12, 13],
      C: [5, 10, 11, 12, 13],
    });
  });

  test('Scenario 8: Demote with nothing lower changes nothing (Down! in round 1 from S0), and asks nobody', () => {
    // a = 0: seat 3 faces β (Down!), seat 2 faces γ; both on row 1, so Change! pauses right after Down!.
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [2, 3, 1, 1]);
    expect(s.view(0)).toMatchObject({ phase: 'change', toAct: 2 });
    expect(fieldsOf(s)).toEqual(S0);
    expect(supplyOf(s)).toEqual({ S: NINE_UP, H: NINE_UP, D: NINE_UP, C: NINE_UP });
    expect(events(s).filter((e) => e[0] === 'demote')).toEqual([
      ['demote', 0, 2, 8, 8],
      ['demote', 2, 3, 8, 8],
      ['demote', 1, 1, 8, 8],
    ]);
  });

  test('Scenario 9: Wild! reaching a King ends the game at once; row 2 is never resolved', () => {
    // a = 1: seat 0 β, seat 1 α, seat 2 δ, seat 3 γ. Seat 0's row 2 {C,D} would take C13.
    const s = load({ fields: ['S5 H5 D5 C12', 'S6 H6 D6 C5', 'S7 H7 D12 C6', 'S8 H8 D7 C7'], orientation: 1 });
    chooseRows(s, [2, 3, 1, 4]);
    expect(s.view(0)).toMatchObject({ phase: 'wild', toAct: 2 });
    playNamed(s, 'wild: promote ♦12 to ♦13');
    expect(s.isTerminal()).toBe(true);
    expect(s.isTruncated()).toBe(false);
    expect(s.currentPlayer()).toBe(-1);
    expect(s.legalActions()).toEqual([]);
    expect(fieldsOf(s)).toEqual(['S5 H5 D5 C12', 'S6 H6 D6 C5', 'S7 H7 D13 C6', 'S8 H8 D7 C7']);
    expect(s.ranking()).toEqual([1, 1, 0, 1]);
    expect(returnsFromRanking(s.ranking())).toEqual([-1 / 3, -1 / 3, 1, -1 / 3]);
    expect(s.scores()).toEqual([12, 6, 13, 8]);
    expect(s.view(3).winners).toEqual([2]);
    expect(events(s).slice(-2)).toEqual([
      ['wild', 2, 2, 12, 13],
      ['win', 0b0100],
    ]);
  });

  test('Scenario 10: two Kings on the same row share the win', () => {
    const s = load({ fields: ['S12 H5 D5 C5', 'S5 H6 D6 C6', 'S6 H7 D7 C7', 'S7 H8 D12 C8'], orientation: 0 });
    chooseRows(s, [2, 3, 4, 2]);
    expect(s.isTerminal()).toBe(true);
    expect(fieldsOf(s)).toEqual(['S13 H9 D5 C5', 'S5 H6 D6 C6', 'S6 H7 D7 C7', 'S7 H8 D13 C9']);
    expect(s.ranking()).toEqual([0, 2, 2, 0]);
    expect(returnsFromRanking(s.ranking())).toEqual([2 / 3, -2 / 3, -2 / 3, 2 / 3]);
    expect(s.view(1).winners).toEqual([0, 3]);
    expect(s.scores()).toEqual([13, 6, 7, 13]);
  });

  test('Scenario 11: all four on row 4 block every suit; nothing changes', () => {
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [4, 4, 4, 4]);
    expect(fieldsOf(s)).toEqual(S0);
    expect(supplyOf(s)).toEqual({ S: NINE_UP, H: NINE_UP, D: NINE_UP, C: NINE_UP });
    expect(events(s, 1).slice(-1)).toEqual([['blocked', 4, 0b1111]]);
  });

  test('Scenario 12: after SPIN the planned Down! player faces Change! and must resolve it', () => {
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [1, 2, 3, 1]);
    expect(s.view(0)).toMatchObject({ phase: 'change', toAct: 3, orientation: 1, done: [0], activation: 3 });
    expect(s.view(0).sides[3]).toBe(2);
    expect(events(s).some((e) => e[0] === 'down')).toBe(false);
    playNamed(s, 'change ♠ with seat 0 (give ♠8, get ♠5)');
    // k=4: δ is faced by seat 2, who chose row 3: nothing; the round then ends without questions.
    expect(events(s, 1).some((e) => e[0] === 'wild')).toBe(false);
    expect(s.view(0).phase).toBe('orient');
  });

  test('Scenario 13: the cap after round 60 ranks by highest card, then sum', () => {
    const fields = ['S12 H11 D9 C8', 'S11 H12 D8 C7', 'S10 H10 D10 C9', 'S9 H9 D11 C10'];
    const s = chooseRows(load({ fields, orientation: 0, round: 60 }), [4, 4, 4, 4]);
    expect(s.isTerminal()).toBe(true);
    expect(s.isTruncated()).toBe(true);
    expect(fieldsOf(s)).toEqual(fields);
    expect(s.scores()).toEqual([12, 12, 10, 11]);
    expect(s.ranking()).toEqual([0, 1, 3, 2]);
    expect(s.view(2)).toMatchObject({ winners: [0], truncated: true, round: 60, isOver: true });
    expect(events(s).slice(-1)).toEqual([['cap']]);
  });
});

describe('turn cap', () => {
  test('round 59 ending is not the cap: round 60 follows with the next parent', () => {
    const s = chooseRows(load({ fields: S0, orientation: 0, round: 59, parent: 2 }), [4, 4, 4, 4]);
    expect(s.isTerminal()).toBe(false);
    expect(s.view(0)).toMatchObject({ round: 60, parent: 3, phase: 'orient', orientation: -1, rows: null });
  });

  test('seats equal on both cap keys share the win; the next place skips', () => {
    const fields = ['S12 H11 D9 C8', 'S11 H12 D8 C9', 'S10 H10 D10 C7', 'S9 H9 D11 C10'];
    const s = chooseRows(load({ fields, orientation: 0, round: 60 }), [4, 4, 4, 4]);
    expect(s.ranking()).toEqual([0, 0, 3, 2]);
    expect(s.view(0).winners).toEqual([0, 1]);
    expect(returnsFromRanking(s.ranking())).toEqual([2 / 3, 2 / 3, -1, -1 / 3]);
  });
});

describe('row-1 effects', () => {
  test('SPIN re-targets: the SPIN player resolves once and rows 2-4 use the turned card (§8.6, §8.7)', () => {
    // a = 3: seat 3 faces α; after SPIN (a = 0) seat 3 faces β, whose number 2 comes next but seat 3 is done.
    const s = chooseRows(load({ fields: S0, orientation: 3 }), [2, 2, 4, 1]);
    expect(events(s, 1).slice(5, 6)).toEqual([['spin', 3]]);
    expect(events(s, 1).some((e) => e[0] === 'down' || e[0] === 'demote')).toBe(false);
    // Rows 2 after the turn: seat 0 α {S,H}, seat 1 δ {S,D}: S blocked.
    expect(events(s, 1).filter((e) => e[0] === 'promote' && e[2] === 2)).toEqual([
      ['promote', 0, 2, 1, 7, 9],
      ['promote', 1, 2, 2, 5, 9],
    ]);
  });

  const TIE = ['S8 H6 D5 C8', 'S5 H7 D6 C9', 'S6 H8 D7 C5', 'S7 H5 D8 C6'];
  test.each([
    [
      '♠8 (cannot go lower: nothing happens, §8.3)',
      'demote ♠8',
      ['S8 H6 D5 C8', 'S5 H7 D6 C7', 'S6 H8 D7 C5', 'S7 H5 D8 C6'],
    ],
    [
      '♣8 (to ♣7; seat 1 then gets the returned ♣8)',
      'demote ♣8',
      ['S8 H6 D5 C7', 'S5 H7 D6 C8', 'S6 H8 D7 C5', 'S7 H5 D8 C6'],
    ],
  ])('Down! tie: seat 0 chooses %s', (_name, choice, after) => {
    // a = 0: seat 3 Down!, victims seat 0 (α), seat 2 (γ), seat 1 (δ); seat 2's Change! pauses right after.
    const s = chooseRows(load({ fields: TIE, orientation: 0 }), [2, 2, 1, 1]);
    expect(s.view(1)).toMatchObject({ phase: 'downTie', toAct: 0, tieSuits: [0, 3] });
    expect(labels(s)).toEqual(['demote ♠8', 'demote ♣8']);
    playNamed(s, choice);
    expect(s.view(0)).toMatchObject({ phase: 'change', toAct: 2 });
    expect(fieldsOf(s)).toEqual(after);
  });

  test.each([
    ['a unique highest card', S0, undefined],
    ['two tied cards', ['S8 H6 D5 C8', 'S5 H7 D6 C9', 'S6 H8 D7 C5', 'S7 H5 D8 C6'], [0, 3]],
    ['three tied cards', ['S8 H8 D8 C5', 'S5 H5 D5 C6', 'S6 H6 D6 C7', 'S7 H7 D7 C8'], [0, 1, 2]],
  ])('DOWN_TIE is asked only on ties: %s', (_name, fields, tie) => {
    const s = chooseRows(load({ fields: fields as string[], orientation: 0 }), [4, 4, 4, 1]);
    if (tie === undefined) {
      expect(s.view(0).phase).not.toBe('downTie');
      expect(events(s, 1).filter((e) => e[0] === 'demote')).toHaveLength(3);
    } else {
      expect(s.view(0)).toMatchObject({ phase: 'downTie', toAct: 0, tieSuits: tie });
      expect(s.legalActions()).toEqual(tie.map((suit) => 14 + suit));
    }
  });

  test('Change!: all 12 swaps are offered (no pass), labelled with both cards; lowering yourself is allowed', () => {
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [1, 2, 3, 1]);
    expect(s.legalActions()).toEqual([18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
    expect(labels(s)).toEqual([
      'change ♠ with seat 0 (give ♠8, get ♠5)',
      'change ♥ with seat 0 (give ♥6, get ♥7)',
      'change ♦ with seat 0 (give ♦7, get ♦8)',
      'change ♣ with seat 0 (give ♣5, get ♣6)',
      'change ♠ with seat 1 (give ♠8, get ♠6)',
      'change ♥ with seat 1 (give ♥6, get ♥8)',
      'change ♦ with seat 1 (give ♦7, get ♦5)',
      'change ♣ with seat 1 (give ♣5, get ♣7)',
      'change ♠ with seat 2 (give ♠8, get ♠7)',
      'change ♥ with seat 2 (give ♥6, get ♥5)',
      'change ♦ with seat 2 (give ♦7, get ♦6)',
      'change ♣ with seat 2 (give ♣5, get ♣8)',
    ]);
    playNamed(s, 'change ♦ with seat 1 (give ♦7, get ♦5)');
    expect(events(s, 1)).toContainEqual(['change', 3, 1, 2, 7, 5]);
    // The swap leaves the supply alone; rows 2-4 then move seat 1 (α row 2) and seat 2 (δ row 3).
    expect(supplyOf(s).D).toEqual(NINE_UP);
    expect(fieldsOf(s)).toEqual(['S5 H7 D8 C6', 'S9 H9 D7 C7', 'S10 H5 D6 C9', 'S8 H6 D5 C5']);
  });

  test('Wild!: the four own suits are offered with their promotion, which is not subject to batting', () => {
    // a = 0: seat 1 faces δ (Wild!). Seats 0 and 2 collide on ♠ in row 4, but Wild! is never blocked.
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [4, 1, 4, 2]);
    expect(s.view(0)).toMatchObject({ phase: 'wild', toAct: 1 });
    expect(labels(s)).toEqual([
      'wild: promote ♠6 to ♠9',
      'wild: promote ♥8 to ♥9',
      'wild: promote ♦5 to ♦9',
      'wild: promote ♣7 to ♣9',
    ]);
    playNamed(s, 'wild: promote ♠6 to ♠9');
    expect(fieldsOf(s)[1]).toBe('S9 H8 D5 C7');
    expect(events(s, 1)).toContainEqual(['wild', 1, 0, 6, 9]);
  });

  test('two players on row 1 both resolve in activation order, with no batting (§8.5)', () => {
    // a = 0: seat 3 β Down! then seat 1 δ Wild!; seat 1 is also a Down! victim first.
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [3, 1, 2, 1]);
    expect(s.view(0)).toMatchObject({ phase: 'wild', toAct: 1, done: [3] });
  });
});

describe('rows 2-4: batting (collision) rule', () => {
  // Source example: two players on row 2 with ♥♠ and ♥♣ lose ♥; ♠ and ♣ are promoted.
  test.each([
    [
      '♥♠ and ♥♣ on row 2 (source example)',
      0,
      [2, 4, 2, 3],
      2,
      [
        [0, 0],
        [2, 3],
      ],
      0b0010,
    ],
    [
      'disjoint icons α {S,H} and β {C,D}: no collision',
      0,
      [2, 4, 3, 2],
      2,
      [
        [0, 0],
        [0, 1],
        [3, 2],
        [3, 3],
      ],
      0,
    ],
    [
      'three on row 2: α {S,H}, γ {H,C}, δ {S,D}: α gets nothing (§8.12)',
      0,
      [2, 2, 2, 4],
      2,
      [
        [1, 2],
        [2, 3],
      ],
      0b0011,
    ],
    ['all four on row 3: every suit appears twice', 0, [3, 3, 3, 3], 3, [], 0b1111],
  ])('%s', (_name, a, rows, row, promoted, blocked) => {
    const s = chooseRows(load({ fields: S0, orientation: a }), rows);
    const onRow = events(s, 1).filter(
      (e) => (e[0] === 'promote' && e[2] === row) || (e[0] === 'blocked' && e[1] === row),
    );
    const expected = [
      ...promoted.map(([seat, suit]) => ['promote', seat, row, suit]),
      ...(blocked ? [['blocked', row, blocked]] : []),
    ];
    expect(onRow.map((e) => (e[0] === 'promote' ? e.slice(0, 4) : e))).toEqual(expected);
  });
});

describe('chance, determinism and serialisation', () => {
  test.each([0, 1, 7, 42, 'x', 'promotion'])(
    'seed %s: the round-1 parent is Rng.fromSeed(seed).int(4), drawn once right after the draft',
    (seed) => {
      const s = newGame(seed);
      const initial = (s.toJSON() as PromotionJson).rng;
      expect(initial).toEqual(Rng.fromSeed(seed).state());
      playNamed(s, 'draft hearts', 'draft spades');
      expect((s.toJSON() as PromotionJson).rng).toEqual(initial);
      playNamed(s, 'draft diamonds');
      const ref = Rng.fromSeed(seed);
      const parent = ref.int(4);
      expect(s.view(0).parent).toBe(parent);
      expect(s.currentPlayer()).toBe(parent);
      expect((s.toJSON() as PromotionJson).rng).toEqual(ref.state());
    },
  );

  test('the first parent over seeds 0..39 takes every seat (the draw is really used)', () => {
    const parents = new Set(
      Array.from({ length: 40 }, (_, seed) =>
        playNamed(newGame(seed), 'draft spades', 'draft hearts', 'draft clubs').currentPlayer(),
      ),
    );
    expect([...parents].sort()).toEqual([0, 1, 2, 3]);
  });

  test('same seed + same actions = same game, step by step; fromJSON(toJSON()) resumes exactly', () => {
    const rng = Rng.fromSeed('actions');
    for (let game = 0; game < 10; game++) {
      const a = newGame(`g${game}`);
      const b = newGame(`g${game}`);
      while (!a.isTerminal()) {
        const legal = a.legalActions();
        const action = legal[rng.int(legal.length)];
        a.applyAction(action);
        b.applyAction(action);
        const text = JSON.stringify(a.toJSON());
        expect(JSON.stringify(b.toJSON())).toBe(text);
        const restored = promotion.fromJSON(JSON.parse(text));
        expect(JSON.stringify(restored.toJSON())).toBe(text);
        expect(restored.legalActions()).toEqual(a.legalActions());
        expect(restored.view(game % 4)).toEqual(a.view(game % 4));
      }
    }
  });

  test('clone is independent of the original', () => {
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [1, 1, 1, 1]);
    const before = JSON.stringify(s.toJSON());
    const c = s.clone();
    playNamed(c, 'change ♦ with seat 0 (give ♦7, get ♦8)');
    expect(JSON.stringify(s.toJSON())).toBe(before);
    expect(JSON.stringify(c.toJSON())).not.toBe(before);
  });
});

describe('illegal actions', () => {
  const drafting = () => playNamed(newGame(), 'draft spades');
  const orienting = () => load({ fields: S0, phase: 'orient', parent: 1 });
  const tie = () =>
    chooseRows(
      load({ fields: ['S8 H6 D5 C8', 'S5 H7 D6 C9', 'S6 H8 D7 C5', 'S7 H5 D8 C6'], orientation: 0 }),
      [4, 4, 4, 1],
    );
  const over = () =>
    playNamed(
      chooseRows(
        load({ fields: ['S5 H5 D5 C12', 'S6 H6 D6 C5', 'S7 H7 D12 C6', 'S8 H8 D7 C7'], orientation: 1 }),
        [2, 3, 1, 4],
      ),
      'wild: promote ♦12 to ♦13',
    );
  test.each([
    [
      'a suit drafted already',
      drafting,
      0,
      /seat 3 cannot take action 0 \(spades were already drafted\)\. Legal now: 1=draft hearts/,
    ],
    [
      'a row during orientation',
      orienting,
      10,
      /it is a row action, but now seat 1 must choose which postcard side faces the parent/,
    ],
    ['a number past the action space', orienting, 34, /actions are integers 0\.\.33/],
    ['a negative number', orienting, -1, /actions are integers 0\.\.33/],
    ['a fraction', orienting, 4.5, /actions are integers 0\.\.33/],
    ['NaN', orienting, Number.NaN, /actions are integers 0\.\.33/],
    ['a Down! tie suit that is not tied', tie, 15, /♥6 is not one of seat 0's tied highest cards/],
    ['anything after the end', over, 10, /action 10 cannot be taken: the game is over \(no action is legal\)/],
  ])('%s is rejected and the state is byte-identical', (_name, make, action, message) => {
    const s = make();
    const before = JSON.stringify(s.toJSON());
    expect(() => s.applyAction(action)).toThrow(IllegalActionError);
    expect(() => s.applyAction(action)).toThrow(message);
    expect(JSON.stringify(s.toJSON())).toBe(before);
  });
});

describe('fromJSON validation', () => {
  const valid = () => positionJson({ fields: S0, orientation: 0 }) as PromotionJson;
  const edit = (fn: (j: PromotionJson) => void) => {
    const j = valid();
    fn(j);
    return j;
  };
  test('a hand-written position loads', () => {
    expect(fieldsOf(promotion.fromJSON(valid()))).toEqual(S0);
  });

  test('a hand-written mid-round state (Change! pause after a Down!) loads and plays on', () => {
    const s = promotion.fromJSON({
      game: 'promotion',
      phase: 'change',
      round: 1,
      parent: 0,
      orientation: 0,
      fields: [
        ['S8', 'H6', 'D5', 'C7'],
        ['S5', 'H7', 'D6', 'C8'],
        ['S6', 'H8', 'D7', 'C5'],
        ['S7', 'H5', 'D8', 'C6'],
      ],
      supply: { S: NINE_UP, H: NINE_UP, D: NINE_UP, C: NINE_UP },
      drafted: ['S', 'H', 'D', 'C'],
      rows: [2, 2, 1, 1],
      activation: 3,
      done: [3],
      downIndex: 0,
      truncated: false,
      rng: Rng.fromSeed(1).state(),
      log: [
        ['reveal', 1, 2, 2, 1, 1],
        ['down', 1, 3],
        ['demote', 1, 0, 3, 8, 7],
      ],
    });
    expect(s.currentPlayer()).toBe(2);
    expect(s.legalActions()).toHaveLength(12);
    expect(promotion.renderText(s.view(0))).toContain('seat 0 (you) is demoted ♣8 → ♣7');
    playNamed(s, 'change ♣ with seat 3 (give ♣5, get ♣6)');
    expect(s.view(0).round).toBe(2);
  });

  test.each([
    ['not an object', null, /a saved state is a JSON object, not null/],
    ['another game', { ...valid(), game: 'tictactoe' }, /game/],
    ['an unknown key', { ...valid(), extra: 1 }, /extra/],
    [
      'a rank-4 card',
      edit((j) => {
        j.fields[0][0] = 'S4';
      }),
      /expected a card like "H7"/,
    ],
    [
      'a card in the wrong suit column',
      edit((j) => {
        j.fields[0][0] = 'H9';
      }),
      /fields\[0\]\[0\] is H9, but that column holds spades/,
    ],
    [
      'a card held twice',
      edit((j) => {
        j.fields[1][0] = 'S5';
      }),
      /card S5 is held by seat 0 and seat 1/,
    ],
    [
      'a card missing everywhere',
      edit((j) => {
        j.supply.S = [9, 10, 11, 12];
      }),
      /card S13 is neither in the supply nor held/,
    ],
    [
      'a card both in the supply and a field',
      edit((j) => {
        j.supply.S.push(5);
      }),
      /card S5 is in the supply and also held by seat 0/,
    ],
    [
      'a missing field card after the draft',
      edit((j) => {
        j.fields[2][1] = null;
        j.supply.H.push(5);
      }),
      /seat 2 has no hearts field card/,
    ],
    [
      'a King held while the game runs',
      edit((j) => {
        j.fields[0][0] = 'S13';
        j.supply.S = [5, 9, 10, 11, 12];
      }),
      /a King is held, so the game must be over/,
    ],
    [
      'rows not placed from the parent on',
      edit((j) => {
        j.rows = [0, 2, 0, 0];
      }),
      /placed by the parent \(seat 0\) first/,
    ],
    [
      'a truncated game before round 60',
      edit((j) => {
        j.phase = 'over';
        j.truncated = true;
        j.rows = [4, 4, 4, 4];
      }),
      /truncated needs phase 'over', round 60/,
    ],
    [
      'a Change! pause nobody can take',
      edit((j) => {
        j.phase = 'change';
        j.activation = 3;
        j.rows = [2, 2, 2, 2];
      }),
      /faces γ \(Change!\) but did not choose row 1/,
    ],
    [
      'a log event with the wrong arity',
      edit((j) => {
        j.log = [['spin', 1, 0, 2]];
      }),
      /a 'spin' event has 2 arguments, not 3\n {2}→ at log\[0\]/,
    ],
    [
      'a bad RNG state',
      edit((j) => {
        (j.rng as unknown as { c: string }).c = 'x';
      }),
      /rng/,
    ],
  ])('rejects %s with a clear message', (_name, json, message) => {
    expect(() => promotion.fromJSON(json)).toThrow(InvalidStateError);
    expect(() => promotion.fromJSON(json)).toThrow(message);
  });
});

describe('hidden rows (§6)', () => {
  const afterSeat0Row = (row: number) => playNamed(load({ fields: S0, orientation: 0 }), `row ${row}`);

  test('during Phase B a committed row is visible only to its owner; the 4th commit reveals all', () => {
    const s = afterSeat0Row(3);
    expect(s.view(0)).toMatchObject({ ownRow: 3, rows: null, committed: [true, false, false, false] });
    expect(s.view(1)).toMatchObject({ ownRow: 0, rows: null, committed: [true, false, false, false] });
    playNamed(s, 'row 2', 'row 4');
    expect(s.view(3).rows).toBeNull();
    playNamed(s, 'row 4');
    // The round resolved; the reveal stays in the log.
    expect(events(s, 1)).toContainEqual(['reveal', 3, 2, 4, 4]);
  });

  test('states differing only in a hidden row give other seats identical views, observations and renderings', () => {
    const a = afterSeat0Row(1);
    const b = afterSeat0Row(4);
    for (const seat of [1, 2, 3]) {
      expect(a.view(seat)).toEqual(b.view(seat));
      expect(Array.from(a.observation(seat))).toEqual(Array.from(b.observation(seat)));
      expect(promotion.renderText(a.view(seat))).toBe(promotion.renderText(b.view(seat)));
      expect(promotion.renderHtml(a.view(seat))).toBe(promotion.renderHtml(b.view(seat)));
    }
    expect(Array.from(a.observation(0))).not.toEqual(Array.from(b.observation(0)));
  });

  test('determinize keeps view(p) and resamples only the rows p cannot see', () => {
    const s = playNamed(afterSeat0Row(3), 'row 2');
    const seen0 = new Set<number>();
    const seen1 = new Set<number>();
    const rng = Rng.fromSeed('worlds');
    for (let i = 0; i < 60; i++) {
      const world = s.determinize(2, rng.fork('w'));
      expect(world.view(2)).toEqual(s.view(2));
      expect(world.currentPlayer()).toBe(2);
      seen0.add(world.view(0).ownRow);
      seen1.add(world.view(1).ownRow);
      const mine = s.determinize(0, rng.fork('m'));
      expect(mine.view(0)).toEqual(s.view(0));
      expect(mine.view(0).ownRow).toBe(3);
    }
    expect([...seen0].sort()).toEqual([1, 2, 3, 4]);
    expect([...seen1].sort()).toEqual([1, 2, 3, 4]);
  });

  test('outside Phase B determinize changes nothing but the RNG, which is reseeded', () => {
    const s = chooseRows(load({ fields: S0, orientation: 0 }), [1, 1, 1, 1]);
    const world = s.determinize(1, Rng.fromSeed('w'));
    const { rng: r1, ...rest1 } = s.toJSON() as PromotionJson;
    const { rng: r2, ...rest2 } = world.toJSON() as PromotionJson;
    expect(rest2).toEqual(rest1);
    expect(r2).not.toEqual(r1);
  });
});

describe('evaluate', () => {
  test('terminal: the return; before the end strictly inside (-1, 1), favouring the leader', () => {
    const won = playNamed(
      chooseRows(
        load({ fields: ['S5 H5 D5 C12', 'S6 H6 D6 C5', 'S7 H7 D12 C6', 'S8 H8 D7 C7'], orientation: 1 }),
        [2, 3, 1, 4],
      ),
      'wild: promote ♦12 to ♦13',
    );
    expect(promotion.evaluate(won, 2)).toBe(1);
    expect(promotion.evaluate(won, 0)).toBeCloseTo(-1 / 3);
    const open = load({
      fields: ['S12 H11 D9 C8', 'S11 H12 D8 C7', 'S10 H10 D10 C9', 'S9 H9 D11 C10'],
      orientation: 0,
    });
    const values = [0, 1, 2, 3].map((p) => promotion.evaluate(open, p));
    for (const v of values) expect(Math.abs(v)).toBeLessThan(1);
    expect(values[0]).toBeGreaterThan(values[1]);
    expect(values[1]).toBeGreaterThan(values[3]);
    expect(values[3]).toBeGreaterThan(values[2]);
  });
});
