import { describe, expect, test } from 'vitest';
import { AgoraError, IllegalActionError, PlayerCountError } from '../core/errors.js';
import { returnsFromRanking } from '../core/returns.js';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { DECK } from './components.js';
import { filthyrich } from './index.js';
import {
  ACTION_SIZE,
  A_ANCHOR,
  A_BID,
  A_CHOOSE,
  A_DISCARD,
  A_PAGE,
  A_PLAY,
  A_REROLL,
  A_SELL,
  A_TARGET,
} from './actions.js';
import { MAX_STEPS, MAX_TURNS } from './components.js';
import {
  BLUE,
  GREEN,
  RED,
  YELLOW,
  diceRng,
  eventsOf,
  load,
  loadEdited,
  readableJson,
  rngWhere,
  type FilthyRichState,
} from './test-helpers.js';

const evaluatePosition = (s: FilthyRichState, seat: number): number => filthyrich.evaluate(s, seat);

const LAST_CARD = { phase: 'card', actionsDone: 1, hands: ['C3'] } as const;
const newGame = (players: number, seed: number | string = 0) => filthyrich.newGame({ players, seed });

describe('§9 action space and facts', () => {
  test('154 actions in the §9 blocks', () => {
    expect(ACTION_SIZE).toBe(154);
    expect(filthyrich.actionSize).toBe(154);
    expect([A_SELL, A_PLAY, A_DISCARD, A_ANCHOR, A_TARGET, A_PAGE, A_CHOOSE, A_BID, A_REROLL]).toEqual([
      13, 35, 72, 109, 118, 123, 127, 149, 153,
    ]);
    expect([filthyrich.minPlayers, filthyrich.maxPlayers, filthyrich.defaultPlayers]).toEqual([2, 5, 4]);
    expect(filthyrich.maxGameLength(4)).toBe(MAX_STEPS);
    expect([MAX_TURNS, MAX_STEPS]).toEqual([200, 10_000]);
  });

  test.each([1, 6, 0, 2.5, '4', undefined])('%s players are rejected with PlayerCountError', (players) => {
    expect(() => filthyrich.newGame({ players: players as number, seed: 0 })).toThrow(PlayerCountError);
  });

  test('config options are rejected: the game has none', () => {
    expect(() => filthyrich.newGame({ players: 4, seed: 0, config: { fast: true } as never })).toThrow(AgoraError);
    expect(filthyrich.newGame({ players: 4, seed: 0, config: {} }).players).toBe(4);
  });
});

describe('§3 setup', () => {
  test.each([2, 3, 4, 5])(
    '%i players: shuffle 73 in type order, deal 5 round-robin, $10 each, then the start player',
    (players) => {
      const s = newGame(players, `setup-${players}`);
      // Replay §3 and §5 with the same seeded RNG: 72 swaps, then the start-player draw.
      const rng = Rng.fromSeed(`setup-${players}`);
      const deck = rng.shuffle(DECK.map((c) => c.type));
      const start = rng.int(players);
      for (let seat = 0; seat < players; seat++) {
        const dealt = [0, 1, 2, 3, 4].map((round) => deck[round * players + seat]).sort((a, b) => a - b);
        expect(s.view(seat).hand).toEqual(dealt);
      }
      const v = s.view(-1);
      expect(v.deckSize).toBe(73 - 5 * players);
      expect(v.cash).toEqual(Array(players).fill(10));
      expect(v.active).toBe(start);
      expect(v.page).toBe(1);
      expect(v.turn).toBe(1);
      expect(v.binder.flat().every((b) => b === -1)).toBe(true);
      expect(v.luxuryOwner).toEqual(Array(12).fill(-1));
      expect(readableJson(s).deck).toEqual(
        deck.slice(5 * players).map((t) => (t < 22 ? `B${t}` : t < 29 ? `A${t - 22}` : `C${t - 29}`)),
      );
    },
  );

  test('the start player is really drawn: over 40 seeds every seat of 4 starts', () => {
    const starts = new Set(Array.from({ length: 40 }, (_, i) => newGame(4, i).view(-1).active));
    expect([...starts].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('§7 ranking and tie-breaks', () => {
  // Turn 200, Red's last card: his turn ends and the cap ranks everybody.
  const atCap = (luxuries: string[], money: number[], eliminated = [0, 0, 0, 0, 1]) =>
    load({
      players: 5,
      ...LAST_CARD,
      turn: MAX_TURNS,
      luxuries,
      cash: money,
      eliminated,
      rng: rngWhere((r) => r.int(10) !== 0),
    });

  test.each([
    ['equal luxuries, value and cash share a place; the next place skips', [5, 5], [0, 1, 1, 3, 4]],
    ['equal luxuries and value: more cash ranks higher', [6, 5], [0, 1, 2, 3, 4]],
  ])('cap ranking: %s', (_name, [blue, green], expected) => {
    // Red: 2 luxuries worth $39. Blue L0+L3 and Green L1+L2 are both 2 luxuries worth $21. Yellow: none.
    const s = atCap(['L4 L5', 'L0 L3', 'L1 L2', '', ''], [9, blue, green, 100, 0]);
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.isTerminal()).toBe(true);
    expect(s.isTruncated()).toBe(true);
    expect(eventsOf(s, 'cap')).toEqual([[0]]);
    expect(s.ranking()).toEqual(expected);
    expect(s.view(-1).winners).toEqual([RED]);
    expect(s.scores()).toEqual([2, 2, 2, 0, 0]);
  });

  test('cap ranking: luxury value breaks a tie in count, whatever the cash', () => {
    const s = atCap(['L0', 'L1', '', '', ''], [0, 0, 1000, 0, 0]);
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.ranking()).toEqual([1, 0, 2, 3, 4]);
  });

  test('cap ranking: two survivors tied for first are both winners', () => {
    const s = atCap(['', '', '', '', ''], [9, 10, 10, 10, 0]);
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.ranking()).toEqual([0, 0, 0, 0, 4]);
    expect(s.view(-1).winners).toEqual([0, 1, 2, 3]);
    expect(returnsFromRanking(s.ranking())).toEqual([0.25, 0.25, 0.25, 0.25, -1]);
  });

  test('the decision cap: decision 10,000 ends the game at once', () => {
    const s = loadEdited({ phase: 'card', hands: ['C3 C3'] }, (json) => {
      json.steps = MAX_STEPS - 1;
    });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.isTerminal()).toBe(true);
    expect(s.isTruncated()).toBe(true);
    expect(eventsOf(s, 'cap')).toEqual([[1]]);
    expect(s.view(-1).steps).toBe(MAX_STEPS);
  });

  test('turn 199 ending is not the cap: turn 200 follows', () => {
    const s = load({ ...LAST_CARD, turn: MAX_TURNS - 1, rng: rngWhere((r) => r.int(10) !== 0) });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.isTerminal()).toBe(false);
    expect(s.view(-1).turn).toBe(MAX_TURNS);
  });

  test('a natural win: the winner first, survivors by luxuries, the eliminated last', () => {
    const s = load({
      active: BLUE,
      cash: [10, 20, 10, 0],
      luxuries: ['L0 L1', 'L2 L4', '', ''],
      eliminated: [0, 0, 0, 1],
    });
    playNamed(s, 'buy Trophy Spouse ($15)');
    expect(s.ranking()).toEqual([1, 0, 2, 3]);
    expect(returnsFromRanking(s.ranking())).toEqual([1 / 3, 1, -1 / 3, -1]);
  });

  test.each([
    ['luxuries, then cash just before the payments', 1, [0, 1, 2, 3]],
    ['a shared place when luxuries and cash are equal', 2, [0, 1, 1, 3]],
  ])('§4.5 all bankrupt at once: ranked by %s, above the earlier eliminated', (_name, greenCash, expected) => {
    const s = load({
      ...LAST_CARD,
      cash: [0, 2, greenCash, 0],
      luxuries: ['L0 L1', 'L2', 'L4', ''],
      eliminated: [0, 0, 0, 1],
      rng: diceRng(0, 0),
      page: 2,
    });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.isTerminal()).toBe(true);
    expect(s.view(-1).bankrupt).toBe(true);
    expect(eventsOf(s, 'eliminated')).toEqual([[RED], [BLUE], [GREEN]]);
    expect(s.view(-1).tax?.cashBeforePayment).toEqual([1, 2, greenCash, 0]);
    expect(s.ranking()).toEqual(expected);
    expect(s.scores()).toEqual([0, 0, 0, 0]);
    expect(s.view(-1).winners).toEqual([RED]);
  });

  test('eliminated players rank by elimination order, later higher, within one event by payment order', () => {
    const s = load({
      players: 5,
      ...LAST_CARD,
      active: GREEN,
      hands: ['', '', 'C3'],
      cash: [0, 0, 10, 0, 10],
      luxuries: ['L0', 'L1', '', 'L2', ''],
      rng: diceRng(0),
    });
    playNamed(s, 'discard Windfall (+$1)');
    // Payment order from Green: Green, Yellow, seat 4, Red, Blue.
    expect(eventsOf(s, 'eliminated')).toEqual([[YELLOW], [RED], [BLUE]]);
    expect(s.view(-1).eliminated).toEqual([2, 3, 0, 1, 0]);
    // Survivors Green ($11) and seat 4 ($10) first; then Blue, Red, Yellow (eliminated in that order, reversed).
    expect(s.ranking()).toEqual([3, 2, 0, 4, 1]);
  });
});

describe('illegal actions', () => {
  test.each([
    ['out of range', ACTION_SIZE],
    ['negative', -1],
    ['not an integer', 0.5],
    ['NaN', Number.NaN],
    ['a luxury he cannot afford', 12],
    ['selling a business he does not own', A_SELL + 3],
    ['a PLAY during the buy step', A_PLAY + 32],
    ['an anchor when no sign is being placed', A_ANCHOR],
    ['a bid outside an auction', A_BID],
  ])('%s is rejected with IllegalActionError and leaves toJSON byte-identical', (_name, action) => {
    const s = load({ hands: ['C3 B0'], businesses: ['B1 0 p1 a1'] });
    const before = JSON.stringify(s.toJSON());
    expect(() => s.applyAction(action)).toThrow(IllegalActionError);
    expect(JSON.stringify(s.toJSON())).toBe(before);
  });

  test('the error names the seat, the action and the legal ones by label', () => {
    const s = load({ hands: ['C3 B0'] });
    expect(() => s.applyAction(A_PLAY + 32)).toThrow(
      /seat 0 cannot take action 67 .*play Windfall.*Legal now: 0=end the buy step, 1=buy Personal Trainer \(\$6\)/,
    );
  });

  test('a terminal state accepts nothing', () => {
    const s = load({ active: BLUE, cash: [10, 20, 10, 10], luxuries: ['', 'L0 L1'] });
    playNamed(s, 'buy Trophy Spouse ($15)');
    expect(s.legalActions()).toEqual([]);
    expect(s.currentPlayer()).toBe(-1);
    expect(() => s.applyAction(0)).toThrow(/the game is over/);
  });
});

describe('determinism', () => {
  test('same seed + same actions = same game, step by step; another seed differs', () => {
    const a = newGame(4, 'det');
    const b = newGame(4, 'det');
    const rng = Rng.fromSeed('det-actions');
    let steps = 0;
    while (!a.isTerminal() && steps < 400) {
      expect(JSON.stringify(b.toJSON())).toBe(JSON.stringify(a.toJSON()));
      const legal = a.legalActions();
      const action = legal[rng.int(legal.length)];
      a.applyAction(action);
      b.applyAction(action);
      steps++;
    }
    expect(JSON.stringify(b.toJSON())).toBe(JSON.stringify(a.toJSON()));
    expect(JSON.stringify(newGame(4, 'other').toJSON())).not.toBe(JSON.stringify(newGame(4, 'det').toJSON()));
  });

  test('clone is independent and fromJSON(toJSON()) resumes exactly', () => {
    const s = newGame(3, 'clone');
    for (let i = 0; i < 20; i++) s.applyAction(s.legalActions()[0]);
    const copy = s.clone();
    const restored = filthyrich.fromJSON(JSON.parse(JSON.stringify(s.toJSON())));
    expect(JSON.stringify(restored.toJSON())).toBe(JSON.stringify(s.toJSON()));
    const before = JSON.stringify(s.toJSON());
    while (!copy.isTerminal()) copy.applyAction(copy.legalActions()[copy.legalActions().length - 1]);
    expect(JSON.stringify(s.toJSON())).toBe(before);
    while (!s.isTerminal()) {
      const a = s.legalActions()[0];
      s.applyAction(a);
      restored.applyAction(a);
    }
    expect(JSON.stringify(restored.toJSON())).toBe(JSON.stringify(s.toJSON()));
  });
});

describe('evaluate', () => {
  test('terminal: the return from the ranking; before: strictly inside (-1, 1), favouring the leader', () => {
    const s = load({ active: BLUE, cash: [10, 20, 30, 10], luxuries: ['L0', 'L1 L2', '', ''] });
    for (let p = 0; p < 4; p++) {
      const v = evaluatePosition(s, p);
      expect(v > -1 && v < 1).toBe(true);
    }
    expect(evaluatePosition(s, BLUE)).toBeGreaterThan(evaluatePosition(s, RED));
    expect(evaluatePosition(s, RED)).toBeGreaterThan(evaluatePosition(s, YELLOW));
    playNamed(s, 'buy Trophy Spouse ($15)');
    expect([0, 1, 2, 3].map((p) => filthyrich.evaluate(s, p))).toEqual(returnsFromRanking(s.ranking()));
    expect(filthyrich.evaluate(s, BLUE)).toBe(1);
  });

  test('a seat that could not pay one tax is valued far below one that could', () => {
    // Red: Racehorse (2 $) and $1. Blue: Sports Car (2 $) and $7, three taxes covered.
    const s = load({ phase: 'card', cash: [1, 7, 0, 0], luxuries: ['L2', 'L4'], hands: ['C3', 'C3'] });
    // Without the danger both would stand about equal (one luxury each, little money).
    expect(evaluatePosition(s, RED)).toBeLessThan(-0.3);
    expect(evaluatePosition(s, BLUE)).toBeGreaterThan(0.15);
  });

  test('the leader by cash is preferred when luxuries are equal; eliminated players score lowest', () => {
    const s = load({ cash: [30, 5, 10, 0], eliminated: [0, 0, 0, 1] });
    expect(evaluatePosition(s, RED)).toBeGreaterThan(evaluatePosition(s, GREEN));
    expect(evaluatePosition(s, GREEN)).toBeGreaterThan(evaluatePosition(s, YELLOW));
  });
});
