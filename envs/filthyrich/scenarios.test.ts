import { describe, expect, test } from 'vitest';
import { playNamed } from '../core/testing.js';
import { BLUE, GREEN, RED, YELLOW, cash, diceRng, events, eventsOf, labels, load, rngWhere } from './test-helpers.js';

// The worked scenarios of rules §10, one test each. Seats: Red 0, Blue 1, Green 2, Yellow 3.
// A "discard to roll" position: Red has used one card action and discards his last card, so the
// business dice (the RNG's next draws) follow at once.
const LAST_CARD = { phase: 'card', actionsDone: 1, hands: ['C3'] } as const;

describe('§10 rule scenarios', () => {
  test.each([
    [1, 0],
    [2, 1],
    [3, 1],
    [4, 4],
  ])('1. visibility: with the binder at page %i slot 5 shows business B%i', (page, business) => {
    const s = load({ page, businesses: ['B0 0 p1 a5', 'B1 1 p2 a5', 'B4 2 p4 a5'] });
    expect(s.view(-1).visible[4]).toBe(business);
    expect(s.view(-1).businessOwner[business]).toBe([RED, BLUE, BLUE, GREEN][page - 1]);
  });

  test(
    '2. placement and cover fee: Tornado Cleaners at anchor ' +
      "3 of page 3 pays Blue $2 for the visible Murphy's only",
    () => {
      const s = load({
        phase: 'card',
        page: 3,
        cash: [20, 10, 10, 10],
        hands: ['B12'],
        businesses: ['B7 1 p2 a5', 'B1 1 p1 a6'],
      });
      playNamed(s, 'play Tornado Cleaners ($12)');
      expect(labels(s)).toContain('place on slots 3+6 (fee $2)');
      expect(labels(s)).toContain('place on slots 1+4');
      playNamed(s, 'place on slots 3+6 (fee $2)');
      expect(cash(s)).toEqual([6, 12, 10, 10]);
      expect(s.view(-1).binder[2]).toEqual([-1, -1, 12, -1, -1, 12, -1, -1, -1]);
      expect(eventsOf(s, 'fee')).toEqual([[RED, BLUE, 2]]);
    },
  );

  test('3. no room: on page 2 with pockets free only at 1, 5, 9 only Lemonade Stand is playable', () => {
    const s = load({
      phase: 'card',
      page: 2,
      hands: ['B0 B6 B12'],
      businesses: ['B1 1 p2 a2', 'B2 1 p2 a3', 'B4 2 p2 a4', 'B5 2 p2 a6', 'B7 3 p2 a7', 'B3 1 p1 a5'],
    });
    expect(labels(s)).toEqual([
      'play Lemonade Stand ($2)',
      'discard Lemonade Stand (+$1)',
      'discard Burger Barn (+$1)',
      'discard Tornado Cleaners (+$1)',
    ]);
    playNamed(s, 'play Lemonade Stand ($2)');
    expect(labels(s)).toEqual(['place on slot 1', 'place on slot 5 (fee $2)', 'place on slot 9']);
  });

  test('4. hits: page 3, dice 5, 5, 8 pay Blue 2 x $2 for the Hot Dog Cart at slot 5; slot 8 shows nothing', () => {
    const s = load({ ...LAST_CARD, page: 3, businesses: ['B1 1 p2 a5'], rng: diceRng(5, 5, 8) });
    playNamed(s, 'discard Windfall (+$1)');
    expect(eventsOf(s, 'dice')).toEqual([[5, 5, 8, -1]]);
    expect(eventsOf(s, 'hit')).toEqual([
      [BLUE, 1, 2, -1],
      [BLUE, 1, 2, -1],
    ]);
    expect(eventsOf(s, 'tax')).toEqual([]);
    expect(cash(s)[BLUE]).toBe(14);
  });

  test.each([
    [[0, 7, 3], 1, 3],
    [[0, 0, 7], 2, 6],
  ])('5. taxes: Tornado Cleaners (2 $) + Personal Trainer (1 $), dice %j: k = %i, Red owes $%i', (dice, k, owed) => {
    const s = load({
      phase: 'preRoll',
      page: 3,
      cash: [20, 10, 10, 10],
      businesses: ['B12 0 p1 a2'],
      luxuries: ['L0'],
      rng: diceRng(...dice),
    });
    playNamed(s, 'roll the dice');
    expect(s.view(-1).tax).toMatchObject({
      multiplier: k,
      target: -1,
      participants: [RED, BLUE, GREEN, YELLOW],
      selling: RED,
    });
    playNamed(s, 'done selling');
    expect(eventsOf(s, 'pay')).toEqual([
      [RED, owed, owed],
      [BLUE, 0, 0],
      [GREEN, 0, 0],
      [YELLOW, 0, 0],
    ]);
    expect(cash(s)[RED]).toBe(20 - owed);
  });

  test.each([
    ['sell Karaoke Bar (+$4)', 3, 0],
    ['done selling', 0, 1],
  ])(
    '6. selling to survive: Green with $1, Karaoke Bar and Racehorse; "%s" leaves $%i (eliminated: %i)',
    (choice, left, out) => {
      const s = load({
        ...LAST_CARD,
        cash: [10, 10, 1, 10],
        businesses: ['B8 2 p1 a1'],
        luxuries: ['', '', 'L2'],
        rng: diceRng(0),
      });
      playNamed(s, 'discard Windfall (+$1)');
      expect(s.currentPlayer()).toBe(GREEN);
      expect(labels(s)).toEqual(['done selling', 'sell Karaoke Bar (+$4)']);
      playNamed(s, choice);
      expect(cash(s)[GREEN]).toBe(left);
      expect(s.view(-1).eliminated[GREEN] > 0 ? 1 : 0).toBe(out);
      expect(eventsOf(s, 'pay').find(([seat]) => seat === GREEN)).toEqual(out ? [GREEN, 4, 1] : [GREEN, 2, 2]);
    },
  );

  test('7. auction: Personal Trainer goes to Red for $7; nobody bids for Racehorse, which leaves the game', () => {
    const s = load({ ...LAST_CARD, cash: [20, 20, 20, 0], luxuries: ['', '', '', 'L0 L2'], rng: diceRng(0) });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.view(-1).eliminated).toEqual([0, 0, 0, 1]);
    expect(s.view(-1).auction).toMatchObject({ luxury: 0, from: YELLOW, highBidder: -1, minimumBid: 6, asked: RED });
    expect(labels(s)).toEqual(['pass', 'bid $6', 'bid $7', 'bid $10', 'bid $15']);
    playNamed(s, 'pass', 'bid $6', 'pass', 'bid $7');
    expect(s.view(-1).auction).toMatchObject({ highBid: 7, highBidder: RED, asked: BLUE, passed: [] });
    playNamed(s, 'pass', 'pass');
    expect(s.view(-1).luxuryOwner[0]).toBe(RED);
    expect(cash(s)[RED]).toBe(21 - 7);
    expect(s.view(-1).auction).toMatchObject({ luxury: 2, from: YELLOW, minimumBid: 12, asked: RED });
    expect(s.currentPlayer()).toBe(RED);
    playNamed(s, 'pass', 'pass', 'pass');
    expect(s.view(-1).luxuryOwner[2]).toBe(-2);
    expect(eventsOf(s, 'sold')).toEqual([[0, RED, 7]]);
    expect(eventsOf(s, 'unsold')).toEqual([[2]]);
    expect(s.view(-1).auction).toBeNull();
  });

  test('8. instant win: Blue with two luxuries and $20 buys Trophy Spouse and wins at once', () => {
    const s = load({ active: BLUE, cash: [10, 20, 10, 10], luxuries: ['', 'L0 L1'] });
    playNamed(s, 'buy Trophy Spouse ($15)');
    expect(s.isTerminal()).toBe(true);
    expect(s.isTruncated()).toBe(false);
    expect(s.view(-1).winners).toEqual([BLUE]);
    expect(s.ranking()[BLUE]).toBe(0);
    expect(s.scores()).toEqual([0, 3, 0, 0]);
  });

  test("9. Loan Shark: on Red's turn Red ($2) pays Blue $2; on Blue's own turn the bank pays Blue $3", () => {
    const red = load({ ...LAST_CARD, cash: [1, 10, 10, 10], businesses: ['B5 1 p1 a2'], rng: diceRng(2) });
    playNamed(red, 'discard Windfall (+$1)');
    expect(eventsOf(red, 'hit')).toEqual([[BLUE, 5, 2, RED]]);
    expect(cash(red).slice(0, 2)).toEqual([0, 12]);
    const blue = load({ ...LAST_CARD, active: BLUE, hands: ['', 'C3'], businesses: ['B5 1 p1 a2'], rng: diceRng(2) });
    playNamed(blue, 'discard Windfall (+$1)', 'roll the dice');
    expect(eventsOf(blue, 'hit')).toEqual([[BLUE, 5, 3, -1]]);
    expect(cash(blue).slice(0, 2)).toEqual([10, 14]);
  });

  test('10. Chapter 11 Books: with k = 2 Green gains $4, then owes $2 for Used Car Lot: net +$2', () => {
    const s = load({ ...LAST_CARD, page: 2, businesses: ['B3 2 p1 a1', 'B11 2 p1 a3'], rng: diceRng(0, 0) });
    playNamed(s, 'discard Windfall (+$1)', 'done selling');
    expect(eventsOf(s, 'chapter11')).toEqual([[GREEN, 4]]);
    expect(eventsOf(s, 'pay').find(([seat]) => seat === GREEN)).toEqual([GREEN, 2, 2]);
    expect(cash(s)[GREEN]).toBe(12);
  });

  test('11. Mysterious Fire and insurance: Red pays $9 to burn Grand Hotel; insured Blue gains $18', () => {
    const s = load({
      phase: 'card',
      cash: [12, 10, 10, 10],
      hands: ['C7'],
      businesses: ['B20 1 p1 a1'],
      assets: ['', 'A3'],
    });
    playNamed(s, 'play Mysterious Fire');
    expect(labels(s)).toEqual(['burn Grand Hotel of seat 1 (pay $9)']);
    playNamed(s, 'burn Grand Hotel of seat 1 (pay $9)');
    expect(cash(s).slice(0, 2)).toEqual([3, 28]);
    expect(s.view(-1).discard).toEqual([20, 36]);
    expect(s.view(-1).binder[0]).toEqual(Array(9).fill(-1));
    expect(s.view(-1).businessOwner[20]).toBe(-1);
  });

  test(
    '12. IRS Audit: Blue (Political Connections) cannot be ' + 'chosen; Green (7 $, $10) sells nothing and pays $7',
    () => {
      const s = load({
        phase: 'card',
        hands: ['C0 C3'],
        businesses: ['B9 2 p1 a1', 'B20 2 p1 a4'],
        luxuries: ['', '', 'L0'],
        assets: ['', 'A2'],
      });
      playNamed(s, 'play IRS Audit');
      expect(labels(s)).toEqual(['audit seat 2', 'audit seat 3']);
      playNamed(s, 'audit seat 2');
      expect(s.currentPlayer()).toBe(GREEN);
      expect(s.view(-1).tax).toMatchObject({ multiplier: 1, target: GREEN, participants: [GREEN] });
      playNamed(s, 'done selling');
      expect(cash(s)[GREEN]).toBe(3);
      expect(eventsOf(s, 'pay')).toEqual([[GREEN, 7, 7]]);
      // Back to Red's second card action; the audit card is in the discard pile.
      expect(s.currentPlayer()).toBe(RED);
      expect(s.view(-1).phase).toBe('card');
      expect(s.view(-1).discard).toEqual([29]);
      expect(s.view(-1).actionsDone).toBe(1);
    },
  );

  test('13. page die with Page Turner: at page 2 Red rolls 1, re-rolls 6, and the page stays 2', () => {
    const rng = rngWhere((r) => r.int(10) !== 0 && r.int(10) !== 0 && r.die() === 1 && r.die() === 6);
    const s = load({ ...LAST_CARD, page: 2, assets: ['A6'], rng });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.view(-1).phase).toBe('pageTurner');
    expect(labels(s)).toEqual(['keep the page die (1)', 're-roll the page die']);
    playNamed(s, 're-roll the page die');
    expect(eventsOf(s, 'pageDie')).toEqual([
      [RED, 1, 0],
      [RED, 6, 1],
    ]);
    expect(s.view(-1).page).toBe(2);
    expect(s.view(-1).active).toBe(BLUE);
  });

  test('14. draw with reshuffle: hand 3, deck 1, discard 10 -> hand 5, deck 9, discard 0', () => {
    const rng = rngWhere((r) => r.int(10) !== 0);
    const s = load({
      phase: 'card',
      actionsDone: 1,
      hands: ['C3 C3 C3 C3'],
      deck: 'C4',
      discard: 'C0 C0 C1 C1 C2 C2 C5 C5 C6',
      leftoverTo: BLUE,
      rng,
    });
    playNamed(s, 'discard Windfall (+$1)');
    const v = s.view(RED);
    expect(v.handSizes[RED]).toBe(5);
    expect(v.deckSize).toBe(9);
    expect(v.discard).toEqual([]);
    expect(eventsOf(s, 'reshuffle')).toEqual([[10]]);
    expect(eventsOf(s, 'draw')).toEqual([[RED, 2]]);
    // Red drew the old top card (Tax Refund) first, then one card of the reshuffled ten.
    expect(v.hand.filter((t) => t === 33)).toHaveLength(1);
  });

  test('15. Savings Account: Red starts his turn with $27 and gains $2 before buying', () => {
    const s = load({
      phase: 'pageTurner',
      active: YELLOW,
      pageRoll: 5,
      assets: ['A5', '', '', 'A6'],
      cash: [27, 10, 10, 10],
      hands: ['', '', '', 'C3 C3 C3 C3 C3'],
    });
    playNamed(s, 'keep the page die (5)');
    expect(s.view(-1).active).toBe(RED);
    expect(cash(s)[RED]).toBe(29);
    expect(events(s).slice(-2)).toEqual([
      ['turn', RED],
      ['savings', RED, 2],
    ]);
    expect(s.view(-1).phase).toBe('buy');
  });
});
