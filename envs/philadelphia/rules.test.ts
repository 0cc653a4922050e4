/**
 * The game's facts, setup, turn and round structure, the cap and its ranking, illegal actions,
 * player counts, determinism and evaluate.
 */
import { describe, expect, test } from 'vitest';
import { AgoraError, IllegalActionError, PlayerCountError } from '../core/errors.js';
import { returnsFromRanking } from '../core/returns.js';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { AD_KINDS, ITEM_BOOM, ITEM_KINDS } from './components.js';
import { philadelphia } from './index.js';
import * as A from './actions.js';
import { MAX_ROUNDS, maxGameLength, type PhiladelphiaState } from './index.js';
import { json, labels, load } from './test-helpers.js';

const newGame = (players: number, seed: number | string = 0) =>
  philadelphia.newGame({ players, seed }) as PhiladelphiaState;

describe('§9 action space and facts', () => {
  test('252 actions in the §9 blocks', () => {
    expect([
      A.A_EXPLORE,
      A.A_ACQUIRE_FIRST,
      A.A_POST_BASE,
      A.A_ITEM_BASE,
      A.A_SUBMIT,
      A.A_PASS,
      A.A_REVEAL_BASE,
      A.A_SET_BASE,
      A.A_DONE,
      A.A_SLOT_BASE,
      A.A_OPP_BASE,
      A.A_DISCARD_BASE,
      A.A_DOCTOR_BASE,
      A.A_HEADHUNT_FIRST,
      A.A_MR_BASE,
      A.A_ACQUIRE_MENU,
      A.A_POST_MENU,
      A.A_PURCHASE_MENU,
      A.ACTION_SIZE,
    ]).toEqual([0, 1, 6, 42, 45, 46, 47, 51, 153, 154, 166, 202, 238, 241, 244, 249, 250, 251, 252]);
    expect(philadelphia.actionSize).toBe(252);
    expect([philadelphia.minPlayers, philadelphia.maxPlayers, philadelphia.defaultPlayers]).toEqual([2, 4, 2]);
  });

  test('maxGameLength = 40 rounds x (players x 2 actions x 88 + 8 Forester picks)', () => {
    expect(maxGameLength(2)).toBe(40 * (2 * 2 * 88 + 8));
    expect([2, 3, 4].map((n) => philadelphia.maxGameLength(n))).toEqual([14400, 21440, 28480]);
  });

  test.each([1, 5, 0, 2.5, '3', undefined])('%s players are rejected with PlayerCountError', (players) => {
    expect(() => philadelphia.newGame({ players: players as number, seed: 0 })).toThrow(PlayerCountError);
  });

  test('config options are rejected: the game has none', () => {
    expect(() => philadelphia.newGame({ players: 2, seed: 0, config: { short: true } as never })).toThrow(AgoraError);
    expect(philadelphia.newGame({ players: 2, seed: 0, config: {} }).players).toBe(2);
  });

  test('every action has a readable label in any state; out-of-range numbers say so', () => {
    const s = newGame(3, 1);
    const all = Array.from({ length: 252 }, (_, a) => s.actionToString(a));
    for (const label of all) expect(label).toMatch(/^[a-zA-Z]/);
    expect(all[0]).toBe('explore');
    expect(all[46]).toBe('pass (reveal the hand, gain 1 gold)');
    expect(all[250]).toBe('post...');
    expect(s.actionToString(252)).toBe('action 252 (not an action)');
    expect(s.actionToString(-1)).toBe('action -1 (not an action)');
  });
});

describe('§3 setup', () => {
  test.each([
    [2, 'a'],
    [3, 'b'],
    [4, 'c'],
    [2, 'ph16-2300'],
  ])('%i players, seed %s: decks, items, start player and hands follow the §5 draw order', (players, seed) => {
    const s = newGame(players, seed);
    const rng = Rng.fromSeed(seed);
    const ads = rng.shuffle(AD_KINDS.flatMap((k) => Array<number>(k.copies).fill(k.id)));
    let items = rng.shuffle(ITEM_KINDS.flatMap((k) => Array<number>(k.copies).fill(k.id)));
    const slots = items.slice(0, 3);
    items = items.slice(3);
    for (let slot = 0; slot < 3; slot++) {
      while (slots[slot] === ITEM_BOOM) {
        items = rng.shuffle([...items, ITEM_BOOM].sort((a, b) => a - b));
        slots[slot] = items.shift() as number;
      }
    }
    const start = rng.int(players);
    const j = json(s);
    expect(j.startPlayer).toBe(start);
    expect(j.items.slots).toEqual(slots.map((k) => ITEM_KINDS[k].name));
    expect(j.items.deck).toEqual(items.map((k) => ITEM_KINDS[k].name));
    for (let i = 0; i < players; i++) {
      const seat = (start + i) % players;
      const dealt = ads
        .slice(4 * i, 4 * i + 4)
        .sort((a, b) => a - b)
        .map((k) => AD_KINDS[k].name);
      expect(j.hands[seat]).toEqual(dealt);
    }
    expect(j.adDeck).toEqual(ads.slice(4 * players).map((k) => AD_KINDS[k].name));
    expect(j.gold).toEqual(Array(players).fill(7));
    expect(j.vp).toEqual(Array(players).fill(0));
    expect(j.rng).toEqual(rng.state());
    expect(s.view(0)).toMatchObject({ round: 1, toAct: start, actionsLeft: 2, decision: { context: 'MAIN' } });
  });

  test('the start player is drawn uniformly: over 40 seeds every seat starts', () => {
    const starts = new Set(Array.from({ length: 40 }, (_, i) => newGame(4, `start${i}`).currentPlayer()));
    expect([...starts].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('§4 rounds and turns', () => {
  test(
    'two actions per turn, turns clockwise from the start ' + 'player, then Adoption, Renewal and a new start player',
    () => {
      const s = load({ hands: [[], [], []], startPlayer: 1 });
      const order: [number, number][] = [];
      for (let i = 0; i < 6; i++) {
        order.push([s.currentPlayer(), s.view(0).actionsLeft]);
        playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
      }
      expect(order).toEqual([
        [1, 2],
        [1, 1],
        [2, 2],
        [2, 1],
        [0, 2],
        [0, 1],
      ]);
      expect(s.view(0)).toMatchObject({
        round: 2,
        startPlayer: 2,
        toAct: 2,
        actionsLeft: 2,
        lastDie: expect.any(Number),
      });
      expect(s.view(0).lastDie).toBeGreaterThanOrEqual(1);
    },
  );

  test('VP reached during the Action phase do not end the game before the round is over (§7.1)', () => {
    const s = load({ hands: [['Cafe', 'Cafe', 'Cafe', 'Cafe'], []], vp: [5, 0] });
    playNamed(s, 'submit sets...', 'Four of a Kind: Cafe (5 VP)');
    expect(s.view(0).vp[0]).toBe(10);
    expect(s.isTerminal()).toBe(false);
    playNamed(
      s,
      'acquire...',
      'acquire 1 card for 1 gold',
      'acquire...',
      'acquire 1 card for 1 gold',
      'acquire...',
      'acquire 1 card for 1 gold',
    );
    expect(s.isTerminal()).toBe(true);
    expect(s.ranking()).toEqual([0, 1]);
  });
});

describe('§7 turn cap and ranking', () => {
  const capped = (vp: number[], gold: number[]) => {
    const n = vp.length;
    const s = load({
      hands: Array.from({ length: n }, () => []),
      vp,
      gold,
      round: MAX_ROUNDS,
      turnSeat: n - 1,
      actionsLeft: 1,
    });
    return playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
  };

  test('round 40 ending with nobody at 10 VP ends the game, truncated, ranked by VP then gold', () => {
    const s = capped([3, 5, 5], [10, 2, 5]);
    expect(s.isTerminal()).toBe(true);
    expect(s.isTruncated()).toBe(true);
    expect(s.currentPlayer()).toBe(-1);
    expect(s.legalActions()).toEqual([]);
    // Seat 2 acquired for 1 gold: 5 VP / 4 gold beats 5 VP / 2 gold.
    expect(s.ranking()).toEqual([2, 1, 0]);
    expect(s.view(1)).toMatchObject({ isOver: true, truncated: true, winners: [2] });
  });

  test('at the cap equal VP and gold share a place and the next place skips (competition ranking)', () => {
    // Seat 3 pays 1 gold for its card: 4 VP / 5 gold; seats 0 and 1 tie at 4 VP / 3 gold.
    const s = capped([4, 4, 1, 4], [3, 3, 9, 6]);
    expect(s.ranking()).toEqual([1, 1, 3, 0]);
    expect(returnsFromRanking(s.ranking())).toEqual([0, 0, -1, 1]);
  });

  test('reaching 10 VP in round 40 is a natural end, not the cap', () => {
    const s = capped([10, 2], [0, 5]);
    expect(s.isTerminal()).toBe(true);
    expect(s.isTruncated()).toBe(false);
    expect(s.ranking()).toEqual([0, 1]);
  });

  test('round 39 ending is not the cap: round 40 follows', () => {
    const s = load({ hands: [[], []], round: 39, turnSeat: 1, actionsLeft: 1 });
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
    expect(s.isTerminal()).toBe(false);
    expect(s.view(0).round).toBe(40);
  });

  test('before the end ranking() orders by the current VP and gold', () => {
    expect(load({ hands: [[], [], []], vp: [1, 3, 1], gold: [5, 0, 6] }).ranking()).toEqual([2, 0, 1]);
  });
});

describe('illegal actions', () => {
  const main = () => load({ hands: [['Cafe', 'Bank'], []] });
  const selecting = () => playNamed(load({ hands: [['Cafe', 'Cafe', 'Hotel'], []] }), 'submit sets...');
  const over = () =>
    playNamed(
      load({ hands: [[], []], vp: [10, 0], turnSeat: 1, actionsLeft: 1 }),
      'acquire...',
      'acquire 1 card for 1 gold',
    );
  test.each([
    ['a number past the action space', main, 252, /actions are integers 0\.\.251/],
    ['a negative number', main, -1, /actions are integers 0\.\.251/],
    ['a fraction', main, 0.5, /actions are integers 0\.\.251/],
    ['NaN', main, Number.NaN, /actions are integers 0\.\.251/],
    ['a parameter in MAIN', main, 6 + 6, /'post Cafe' is not a turn action: seat 0 must choose an action/],
    ['Purchase in round 1', main, 251, /nothing can be purchased in round 1/],
    ['Submit without a set', main, 45, /the hand holds no valid set/],
    ['Pass while other actions are legal', main, 46, /Pass is legal only when no other action is/],
    ['finishing a Submit before any set', selecting, 153, /'finish submitting' is not one of the choices now/],
    [
      'a set that is not in the hand',
      selecting,
      51 + 5,
      /'Pair of Movie Theater \(1 VP\)' is not one of the choices now: seat 0 must choose a set/,
    ],
    ['anything after the end', over, 0, /action 0 cannot be taken: the game is over/],
  ])('%s is rejected and the state is byte-identical', (_name, make, action, message) => {
    const s = make();
    const before = JSON.stringify(s.toJSON());
    expect(() => s.applyAction(action)).toThrow(IllegalActionError);
    expect(() => s.applyAction(action)).toThrow(message);
    expect(JSON.stringify(s.toJSON())).toBe(before);
  });

  test('the error lists the legal actions by label', () => {
    expect(() => main().applyAction(46)).toThrow(/Legal now: 0=explore, 249=acquire\.\.\., 250=post\.\.\./);
  });
});

describe('determinism, serialisation and clones', () => {
  test('same seed + same actions = same game, step by step; fromJSON(toJSON()) resumes exactly', () => {
    const rng = Rng.fromSeed('actions');
    for (const players of [2, 3, 4]) {
      const a = newGame(players, `g${players}`);
      const b = newGame(players, `g${players}`);
      while (!a.isTerminal()) {
        const legal = a.legalActions();
        const action = legal[rng.int(legal.length)];
        a.applyAction(action);
        b.applyAction(action);
        const text = JSON.stringify(a.toJSON());
        expect(JSON.stringify(b.toJSON())).toBe(text);
        const restored = philadelphia.fromJSON(JSON.parse(text));
        expect(JSON.stringify(restored.toJSON())).toBe(text);
        expect(restored.legalActions()).toEqual(a.legalActions());
      }
    }
  });

  test('a clone is independent of the original', () => {
    const s = load({ hands: [['Cafe', 'Bank'], []] });
    const before = JSON.stringify(s.toJSON());
    const c = s.clone();
    playNamed(c, 'post...', 'post Cafe (cost 1)');
    expect(JSON.stringify(s.toJSON())).toBe(before);
    expect(c.view(0).fieldKinds[0]).toHaveLength(1);
  });
});

describe('evaluate', () => {
  test('terminal: the return; before: strictly inside (-1, 1), ordered by VP, hand sets and gold', () => {
    const s = load({ hands: [['Cafe', 'Cafe'], [], ['Bank']], vp: [6, 6, 2], gold: [7, 7, 7] });
    const v = [0, 1, 2].map((p) => philadelphia.evaluate(s, p));
    for (const x of v) expect(Math.abs(x)).toBeLessThan(1);
    expect(v[0]).toBeGreaterThan(v[1]);
    expect(v[1]).toBeGreaterThan(v[2]);
    const extreme = load({ hands: [[], []], vp: [9, 0], gold: [500, 0] });
    expect(philadelphia.evaluate(extreme, 0)).toBeLessThan(1);
    expect(philadelphia.evaluate(extreme, 1)).toBeGreaterThan(-1);
    const over = playNamed(
      load({ hands: [[], []], vp: [10, 0], turnSeat: 1, actionsLeft: 1 }),
      'acquire...',
      'acquire 1 card for 1 gold',
    );
    expect([0, 1].map((p) => philadelphia.evaluate(over, p))).toEqual([1, -1]);
    expect(() => philadelphia.evaluate(newGame(2) as never, 0)).not.toThrow();
  });

  test('a non-Philadelphia state is refused', () => {
    expect(() => philadelphia.evaluate({} as never, 0)).toThrow(TypeError);
  });
});

describe('labels', () => {
  test('main and parameter labels name cards, costs and prices', () => {
    const s = load({
      hands: [['Cafe', 'Bank', 'Bank'], []],
      round: 2,
      items: ['Overtime', 'Job Change', 'Press Release'],
    });
    expect(labels(s)).toEqual(['explore', 'submit sets...', 'acquire...', 'post...', 'purchase...']);
    expect(labels(playNamed(s.clone(), 'purchase...'))).toEqual([
      'buy Overtime (slot 0, 3 gold)',
      'buy Job Change (slot 1, 2 gold)',
      'buy Press Release (slot 2, 4 gold)',
    ]);
    expect(labels(playNamed(s.clone(), 'acquire...'))).toEqual([
      'acquire 1 card for 1 gold',
      'acquire 2 cards for 2 gold',
      'acquire 3 cards for 3 gold',
      'acquire 4 cards for 4 gold',
    ]);
  });
});
