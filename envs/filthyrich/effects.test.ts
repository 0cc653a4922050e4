import { describe, expect, test } from 'vitest';
import { playNamed } from '../core/testing.js';
import { BLUE, GREEN, RED, YELLOW, cash, diceRng, eventsOf, labels, load, rngWhere } from './test-helpers.js';

// One scenario (or more) per card effect and special of rules §2.3-§2.5 and per step of §4.
const LAST_CARD = { phase: 'card', actionsDone: 1, hands: ['C3'] } as const;
/** Yellow keeps a page die of 5: his turn ends and Red's begins (start-of-turn effects run). */
const BEFORE_RED = { phase: 'pageTurner', active: YELLOW, pageRoll: 5, hands: ['', '', '', 'C3 C3 C3 C3 C3'] } as const;

describe('§2.4 assets', () => {
  test('Yakuza Loan: costs $0, gives $10 and 2 $ symbols; a second one cannot be played', () => {
    const s = load({ phase: 'card', hands: ['A0 A0'] });
    expect(labels(s)).toEqual(['play Yakuza Loan ($0)', 'discard Yakuza Loan (+$1)']);
    playNamed(s, 'play Yakuza Loan ($0)');
    expect(cash(s)[RED]).toBe(20);
    expect(s.view(-1).symbols[RED]).toBe(2);
    expect(s.view(-1).assets[RED]).toEqual([0]);
    expect(labels(s)).toEqual(['discard Yakuza Loan (+$1)']);
  });

  test("Protection Racket: at Red's turn start each rival with a business and $1+ pays him $1, clockwise", () => {
    const s = load({
      ...BEFORE_RED,
      cash: [10, 5, 0, 3],
      assets: ['A1', '', '', 'A6'],
      businesses: ['B0 1 p1 a1', 'B1 2 p1 a2', 'B2 3 p1 a3'],
    });
    playNamed(s, 'keep the page die (5)');
    expect(eventsOf(s, 'racket')).toEqual([
      [BLUE, RED],
      [YELLOW, RED],
    ]); // Green has $0
    expect(cash(s)).toEqual([12, 4, 0, 2]);
  });

  test('Political Connections: the tax base drops by 2 $ but not below 0', () => {
    const s = load({ ...LAST_CARD, page: 2, assets: ['A2', 'A2 A4'], luxuries: ['L0 L2', 'L1'], rng: diceRng(0, 0) });
    playNamed(s, 'discard Windfall (+$1)');
    // Red: 3 $ - 2 = 1, x2 = $2. Blue: 1 (wardrobe) + 1 (assistant) - 2 = 0.
    expect(eventsOf(s, 'pay').slice(0, 2)).toEqual([
      [RED, 2, 2],
      [BLUE, 0, 0],
    ]);
  });

  test('Fire Insurance pays only its owner: an uninsured business burns for nothing', () => {
    const s = load({
      phase: 'card',
      cash: [12, 10, 10, 10],
      hands: ['C7 C3'],
      businesses: ['B20 1 p1 a1'],
      assets: ['A3'],
    });
    playNamed(s, 'play Mysterious Fire', 'burn Grand Hotel of seat 1 (pay $9)');
    expect(cash(s).slice(0, 2)).toEqual([3, 10]);
    expect(eventsOf(s, 'insurance')).toEqual([]);
  });

  test('Personal Assistant: the draw fills the hand to 6', () => {
    const s = load({ ...LAST_CARD, assets: ['A4'], rng: rngWhere((r) => r.int(10) !== 0) });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.view(-1).handSizes[RED]).toBe(6);
    expect(s.view(-1).handLimits).toEqual([6, 5, 5, 5]);
    expect(eventsOf(s, 'draw')).toEqual([[RED, 6]]);
  });

  test.each([
    [9, 0],
    [10, 1],
    [45, 3],
  ])('Savings Account: $%i at the turn start earns $%i (at most $3)', (start, gain) => {
    const s = load({ ...BEFORE_RED, cash: [start, 10, 10, 10], assets: ['A5', '', '', 'A6'] });
    playNamed(s, 'keep the page die (5)');
    expect(cash(s)[RED]).toBe(start + gain);
    expect(eventsOf(s, 'savings')).toEqual(gain > 0 ? [[RED, gain]] : []);
  });

  test('Page Turner: keeping a 3 turns the binder to page 3; without Page Turner nobody is asked', () => {
    const s = load({ ...LAST_CARD, assets: ['A6'], rng: rngWhere((r) => r.int(10) !== 0 && r.die() === 3) });
    playNamed(s, 'discard Windfall (+$1)', 'keep the page die (3)');
    expect(s.view(-1).page).toBe(3);
    const t = load({ ...LAST_CARD, rng: rngWhere((r) => r.int(10) !== 0 && r.die() === 3) });
    playNamed(t, 'discard Windfall (+$1)');
    expect(t.view(-1).page).toBe(3);
    expect(t.view(-1).active).toBe(BLUE);
  });

  test('assets need their full cost and only one of each kind (§2.4, §4.3)', () => {
    const s = load({ phase: 'card', cash: [7, 10, 10, 10], hands: ['A1 A2 A5'], assets: ['A5'] });
    // Protection Racket costs $8 > $7; Savings Account is owned already; Political Connections ($6) is fine.
    expect(labels(s).filter((l) => l.startsWith('play'))).toEqual(['play Political Connections ($6)']);
  });
});

describe('§2.5 actions', () => {
  test("IRS Audit eliminating its target: the auction runs in Red's turn, then Red carries on", () => {
    const s = load({ phase: 'card', hands: ['C0 C3'], cash: [20, 10, 0, 10], luxuries: ['', '', 'L0'] });
    playNamed(s, 'play IRS Audit', 'audit seat 2');
    expect(eventsOf(s, 'eliminated')).toEqual([[GREEN]]);
    expect(s.view(-1).auction).toMatchObject({ luxury: 0, from: GREEN, asked: YELLOW });
    playNamed(s, 'bid $6', 'pass', 'pass');
    expect(s.view(-1).luxuryOwner[0]).toBe(YELLOW);
    expect(s.currentPlayer()).toBe(RED);
    expect(s.view(-1).phase).toBe('card');
    expect(s.view(-1).discard).toEqual([29]);
  });

  test('IRS Audit in a two-player game: eliminating the target wins', () => {
    const s = load({ players: 2, phase: 'card', hands: ['C0'], cash: [10, 0], luxuries: ['', 'L0'] });
    playNamed(s, 'play IRS Audit', 'audit seat 1');
    expect(s.view(-1).winners).toEqual([RED]);
  });

  test('IRS Audit on a Chapter 11 owner: he gains $2 before paying (k = 1)', () => {
    const s = load({
      phase: 'card',
      hands: ['C0 C3'],
      cash: [10, 10, 0, 10],
      businesses: ['B3 2 p1 a1'],
      luxuries: ['', '', 'L2'],
    });
    playNamed(s, 'play IRS Audit', 'audit seat 2', 'done selling');
    expect(eventsOf(s, 'chapter11')).toEqual([[GREEN, 2]]);
    expect(eventsOf(s, 'pay')).toEqual([[GREEN, 2, 2]]);
    expect(cash(s)[GREEN]).toBe(0);
  });

  test('IRS Audit is unplayable when every rival has Political Connections', () => {
    const s = load({ phase: 'card', hands: ['C0'], assets: ['', 'A2', 'A2', 'A2'] });
    expect(labels(s)).toEqual(['discard IRS Audit (+$1)']);
  });

  test.each([
    ['Windfall', 'C3', [], 4],
    ['Tax Refund (7 $, capped at 6)', 'C4', ['B21 0 p1 a1', 'B13 0 p1 a3'], 6],
    ['Tax Refund (3 $ before Political Connections)', 'C4', ['B12 0 p1 a1', 'B2 0 p1 a3'], 3],
  ])('%s gains the right amount', (_name, card, businesses, gain) => {
    const s = load({ phase: 'card', hands: [`${card} C3`], businesses, assets: ['A2'] });
    playNamed(s, `play ${card === 'C3' ? 'Windfall' : 'Tax Refund'}`);
    expect(cash(s)[RED]).toBe(10 + gain);
    expect(eventsOf(s, 'gain')).toEqual([[RED, gain, card === 'C3' ? 32 : 33]]);
  });

  test('Extra Shift rolling 1-9 is one business die: a hit on that slot', () => {
    const s = load({ phase: 'card', hands: ['C5 C3'], businesses: ['B4 1 p1 a7'], rng: diceRng(7) });
    playNamed(s, 'play Extra Shift');
    expect(eventsOf(s, 'shift')).toEqual([[RED, 7]]);
    expect(eventsOf(s, 'hit')).toEqual([[BLUE, 4, 4, -1]]);
    expect(s.view(-1).actionsDone).toBe(1);
  });

  test('Shakedown takes up to $3; only players still in the game are targets', () => {
    const s = load({ phase: 'card', hands: ['C6 C3'], cash: [10, 2, 0, 10], eliminated: [0, 0, 1, 0] });
    playNamed(s, 'play Shakedown');
    expect(labels(s)).toEqual(['shake down seat 1', 'shake down seat 3']);
    playNamed(s, 'shake down seat 1');
    expect(cash(s).slice(0, 2)).toEqual([12, 0]);
  });

  test("Mysterious Fire targets only rivals' businesses the arsonist can pay for", () => {
    const s = load({
      phase: 'card',
      cash: [6, 10, 10, 10],
      hands: ['C7'],
      businesses: ['B1 0 p1 a1', 'B12 1 p1 a2', 'B20 2 p2 a5'],
    });
    playNamed(s, 'play Mysterious Fire');
    expect(labels(s)).toEqual(['burn Tornado Cleaners of seat 1 (pay $6)']);
    const poor = load({
      phase: 'card',
      cash: [5, 10, 10, 10],
      hands: ['C7'],
      businesses: ['B1 0 p1 a1', 'B12 1 p1 a2', 'B20 2 p2 a5'],
    });
    expect(labels(poor)).toEqual(['sell Hot Dog Cart (+$2)', 'discard Mysterious Fire (+$1)']);
  });
});

describe('§4 turn steps', () => {
  test('4.2 buy step: any number of luxuries and sales, then end; skipped when nothing can be bought or sold', () => {
    const s = load({ cash: [16, 10, 10, 10], hands: ['C3'], businesses: ['B12 0 p1 a1'] });
    expect(labels(s)).toEqual([
      'end the buy step',
      'buy Personal Trainer ($6)',
      'buy Designer Wardrobe ($9)',
      'buy Racehorse ($12)',
      'buy Trophy Spouse ($15)',
      'sell Tornado Cleaners (+$4)',
    ]);
    playNamed(s, 'buy Personal Trainer ($6)', 'buy Designer Wardrobe ($9)');
    expect(s.view(-1).phase).toBe('buy'); // he can still sell
    playNamed(s, 'sell Tornado Cleaners (+$4)');
    expect(s.view(-1).phase).toBe('card'); // $5 buys nothing, nothing left to sell
    expect(cash(s)[RED]).toBe(5);
    const skip = load({
      ...BEFORE_RED,
      cash: [5, 10, 10, 10],
      hands: ['C4', '', '', 'C3 C3 C3 C3 C3'],
      assets: ['', '', '', 'A6'],
    });
    playNamed(skip, 'keep the page die (5)');
    expect(skip.view(-1).active).toBe(RED);
    expect(skip.view(-1).phase).toBe('card');
  });

  test('4.3 selling between card actions is free; discarding gives $1; the third action never comes', () => {
    const s = load({
      phase: 'card',
      hands: ['C3 C3 C3'],
      businesses: ['B0 0 p1 a1', 'B6 0 p1 a4'],
      rng: rngWhere((r) => r.int(10) !== 0),
    });
    playNamed(s, 'discard Windfall (+$1)', 'sell Lemonade Stand (+$2)');
    expect(s.view(-1).actionsDone).toBe(1);
    playNamed(s, 'play Windfall');
    expect(s.view(-1).phase).toBe('preRoll');
    expect(cash(s)[RED]).toBe(10 + 1 + 2 + 4);
    expect(labels(s)).toEqual(['roll the dice', 'sell Burger Barn (+$4)']);
    playNamed(s, 'sell Burger Barn (+$4)');
    expect(s.view(-1).active).toBe(BLUE); // the last business sold: the dice rolled at once
  });

  test(
    '4.4 hits process in ascending face order: Loan Shark takes ' +
      'from the active player before his own Lemonade Stand pays',
    () => {
      const s = load({
        phase: 'preRoll',
        page: 2,
        cash: [0, 10, 10, 10],
        businesses: ['B0 0 p1 a1', 'B5 1 p1 a2'],
        rng: diceRng(2, 1),
      });
      playNamed(s, 'roll the dice');
      expect(eventsOf(s, 'dice')).toEqual([[2, 1, -1, -1]]);
      expect(eventsOf(s, 'hit')).toEqual([
        [RED, 0, 1, -1],
        [BLUE, 5, 1, RED],
      ]);
    },
  );

  test(
    '4.5 a tax event asks the selling windows clockwise from ' + 'the active player, then payments in the same order',
    () => {
      const s = load({
        ...LAST_CARD,
        active: GREEN,
        hands: ['', '', 'C3'],
        businesses: ['B0 0 p1 a1', 'B1 1 p1 a2', 'B2 3 p1 a3'],
        rng: diceRng(0),
      });
      playNamed(s, 'discard Windfall (+$1)');
      expect(s.view(-1).tax?.participants).toEqual([GREEN, YELLOW, RED, BLUE]);
      const order: number[] = [];
      while (s.view(-1).phase === 'taxSell') {
        order.push(s.currentPlayer());
        playNamed(s, 'done selling');
      }
      expect(order).toEqual([YELLOW, RED, BLUE]);
      expect(eventsOf(s, 'pay').map(([seat]) => seat)).toEqual([GREEN, YELLOW, RED, BLUE]);
    },
  );

  test('4.9 a third luxury won at auction wins at once; the remaining auctions never run', () => {
    const s = load({ ...LAST_CARD, cash: [20, 20, 20, 0], luxuries: ['', 'L1 L2', '', 'L0 L3'], rng: diceRng(0) });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.view(-1).auction).toMatchObject({ luxury: 0, from: YELLOW, asked: RED });
    playNamed(s, 'pass', 'bid $6', 'pass', 'pass');
    expect(s.isTerminal()).toBe(true);
    expect(s.view(-1).winners).toEqual([BLUE]);
    expect(eventsOf(s, 'win')).toEqual([[BLUE, 0]]);
    expect(eventsOf(s, 'auction')).toEqual([[0, YELLOW]]);
    expect(cash(s)[BLUE]).toBe(20 - 3 - 6);
  });

  test("4.9 auction: bids are minimum + 0, 1, 4, 9 up to the bidder's cash; the poor pass automatically", () => {
    const s = load({ ...LAST_CARD, cash: [7, 5, 30, 0], luxuries: ['', '', '', 'L0'], rng: diceRng(0) });
    playNamed(s, 'discard Windfall (+$1)');
    // Red ($8) is asked first; Blue ($5 < $6) never will be.
    expect(labels(s)).toEqual(['pass', 'bid $6', 'bid $7']);
    playNamed(s, 'bid $7');
    expect(s.currentPlayer()).toBe(GREEN);
    expect(labels(s)).toEqual(['pass', 'bid $8', 'bid $9', 'bid $12', 'bid $17']);
    playNamed(s, 'bid $8');
    // Red ($8 < $9) and Blue pass automatically: Green buys.
    expect(eventsOf(s, 'pass')).toEqual([
      [BLUE, 1],
      [RED, 1],
      [BLUE, 1],
    ]);
    expect(eventsOf(s, 'sold')).toEqual([[0, GREEN, 8]]);
    expect(cash(s)[GREEN]).toBe(22);
  });
});
