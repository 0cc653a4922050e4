import { describe, expect, test } from 'vitest';
import { IllegalActionError } from '../core/errors.js';
import { playNamed } from '../core/testing.js';
import { BLUE, GREEN, RED, YELLOW, cash, diceRng, eventsOf, labels, load, rngWhere } from './test-helpers.js';

// Rules §8, one test (or table) per numbered edge case. Seats: Red 0, Blue 1, Green 2, Yellow 3.
const LAST_CARD = { phase: 'card', actionsDone: 1, hands: ['C3'] } as const;
/** Business dice with no 0 (so no tax event) for `count` dice. */
const noZero = (count: number) => rngWhere((r) => Array.from({ length: count }, () => r.int(10)).every((d) => d !== 0));

describe('§8 edge cases', () => {
  test('8.1 no room or not enough cash at every free anchor: the business is unplayable but can be discarded', () => {
    // Page 2's only free pocket is slot 5, over Blue's visible sign: $2 + $2 fee > $3.
    const full = ['B1 1 p2 a1', 'B2 1 p2 a2', 'B4 2 p2 a3', 'B10 3 p2 a4', 'B13 2 p2 a6', 'B5 3 p2 a8', 'B3 1 p1 a5'];
    const s = load({ phase: 'card', page: 2, cash: [3, 10, 10, 10], hands: ['B0'], businesses: full });
    expect(labels(s)).toEqual(['discard Lemonade Stand (+$1)']);
    const rich = load({ phase: 'card', page: 2, cash: [4, 10, 10, 10], hands: ['B0'], businesses: full });
    expect(labels(rich)).toEqual(['play Lemonade Stand ($2)', 'discard Lemonade Stand (+$1)']);
  });

  test('8.2 covering several slots of the same rival costs $2 per covered card', () => {
    const s = load({ phase: 'card', page: 2, cash: [30, 10, 10, 10], hands: ['B20'], businesses: ['B19 1 p1 a1'] });
    playNamed(s, 'play Grand Hotel ($18)');
    expect(labels(s)).toEqual([
      'place on slots 1+2+4+5 (fee $8)',
      'place on slots 2+3+5+6 (fee $4)',
      'place on slots 4+5+7+8 (fee $4)',
      'place on slots 5+6+8+9 (fee $2)',
    ]);
    playNamed(s, 'place on slots 1+2+4+5 (fee $8)');
    expect(cash(s).slice(0, 2)).toEqual([30 - 18 - 8, 18]);
    expect(eventsOf(s, 'fee')).toEqual([
      [RED, BLUE, 2],
      [RED, BLUE, 2],
      [RED, BLUE, 2],
      [RED, BLUE, 2],
    ]);
  });

  test("8.3 covering a hidden sign or one's own sign costs nothing: only visible rival cards count", () => {
    // Slot 1: Blue on page 1 hidden under Green on page 2. Slot 4: Red's own sign.
    const s = load({
      phase: 'card',
      page: 3,
      cash: [20, 10, 10, 10],
      hands: ['B10'],
      businesses: ['B0 1 p1 a1', 'B1 2 p2 a1', 'B2 0 p1 a4'],
    });
    playNamed(s, 'play Tattoo Parlor ($6)', 'place on slots 1+4 (fee $2)');
    expect(eventsOf(s, 'fee')).toEqual([[RED, GREEN, 2]]);
    expect(cash(s)).toEqual([12, 10, 12, 10]);
  });

  test('8.4 a hand smaller than 2: one card action, then the dice', () => {
    const s = load({ phase: 'card', hands: ['C3'], businesses: ['B0 0 p1 a1'], rng: noZero(1) });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.view(-1).phase).toBe('preRoll');
    expect(s.view(-1).actionsDone).toBe(1);
    playNamed(s, 'roll the dice');
    expect(s.view(-1).active).toBe(BLUE);
  });

  test('8.5 deck and discard pile empty: no card is drawn and the game goes on', () => {
    const s = load({
      phase: 'card',
      actionsDone: 1,
      hands: ['A5'],
      deck: '',
      discard: '',
      leftoverTo: BLUE,
      rng: noZero(1),
    });
    playNamed(s, 'play Savings Account ($4)');
    expect(eventsOf(s, 'draw')).toEqual([[RED, 0]]);
    expect(s.view(-1).handSizes[RED]).toBe(0);
    expect(s.view(-1).active).toBe(BLUE);
    expect(s.isTerminal()).toBe(false);
  });

  test('8.6 Business Scout cannot be played when the discard pile holds no business (itself included)', () => {
    const s = load({ phase: 'card', hands: ['C1 C3'], discard: 'C1 C3 A0' });
    expect(labels(s)).toEqual(['play Windfall', 'discard Business Scout (+$1)', 'discard Windfall (+$1)']);
  });

  test('8.6 Business Scout offers only the business cards of the discard pile; the one taken is known to all', () => {
    const s = load({ phase: 'card', hands: ['C1 C3'], discard: 'C3 B12 C1 B0' });
    playNamed(s, 'play Business Scout');
    expect(labels(s)).toEqual(['take Lemonade Stand ($2)', 'take Tornado Cleaners ($12)']);
    playNamed(s, 'take Tornado Cleaners ($12)');
    expect(s.view(RED).hand).toEqual([12, 32]);
    expect(s.view(BLUE).known[RED]).toEqual([12]);
    expect(s.view(BLUE).hand).toEqual([]);
    expect(s.view(-1).discard).toEqual([32, 30, 0, 30]);
  });

  test('8.7 Zoning Board must change the page; the new page sets the number of business dice', () => {
    const s = load({ phase: 'card', actionsDone: 1, hands: ['C2'], rng: noZero(4) });
    playNamed(s, 'play Zoning Board');
    expect(labels(s)).toEqual(['turn to page 2', 'turn to page 3', 'turn to page 4']);
    playNamed(s, 'turn to page 4');
    expect(eventsOf(s, 'zoning')).toEqual([[RED, 4]]);
    expect(eventsOf(s, 'dice')[0].filter((d) => d >= 0)).toHaveLength(4);
  });

  test('8.8 Extra Shift rolling 0 starts a full tax event during the action step, then the card actions go on', () => {
    const s = load({ phase: 'card', hands: ['C5 C3'], businesses: ['B12 1 p1 a1'], luxuries: ['L0'], rng: diceRng(0) });
    playNamed(s, 'play Extra Shift');
    expect(s.view(-1).tax).toMatchObject({
      multiplier: 1,
      target: -1,
      participants: [RED, BLUE, GREEN, YELLOW],
      selling: BLUE,
    });
    playNamed(s, 'done selling');
    expect(eventsOf(s, 'pay')).toEqual([
      [RED, 1, 1],
      [BLUE, 2, 2],
      [GREEN, 0, 0],
      [YELLOW, 0, 0],
    ]);
    expect(s.view(-1).phase).toBe('card');
    expect(s.view(-1).actionsDone).toBe(1);
    expect(s.view(-1).discard).toEqual([34]);
  });

  test('8.9 Mysterious Fire on a covering sign: it leaves the binder and the sign below shows again', () => {
    const s = load({
      phase: 'card',
      page: 2,
      cash: [20, 10, 10, 10],
      hands: ['C7 C3'],
      businesses: ['B12 1 p1 a2', 'B20 2 p2 a1'],
    });
    expect(s.view(-1).visible.slice(0, 6)).toEqual([20, 20, -1, 20, 20, -1]);
    playNamed(s, 'play Mysterious Fire');
    expect(labels(s)).toEqual(['burn Tornado Cleaners of seat 1 (pay $6)', 'burn Grand Hotel of seat 2 (pay $9)']);
    playNamed(s, 'burn Grand Hotel of seat 2 (pay $9)');
    expect(s.view(-1).visible.slice(0, 6)).toEqual([-1, 12, -1, -1, 12, -1]);
    expect(s.view(-1).binder[1]).toEqual(Array(9).fill(-1));
    expect(cash(s)[RED]).toBe(11);
  });

  test('8.9 Mysterious Fire on a hidden sign destroys the whole business all the same', () => {
    const s = load({
      phase: 'card',
      page: 2,
      cash: [20, 10, 10, 10],
      hands: ['C7 C3'],
      businesses: ['B12 1 p1 a2', 'B20 2 p2 a1'],
    });
    playNamed(s, 'play Mysterious Fire', 'burn Tornado Cleaners of seat 1 (pay $6)');
    expect(s.view(-1).binder[0]).toEqual(Array(9).fill(-1));
    expect(s.view(-1).visible.slice(0, 6)).toEqual([20, 20, -1, 20, 20, -1]);
    expect(s.view(-1).businessOwner[12]).toBe(-1);
    expect(s.view(-1).discard).toEqual([12, 36]);
  });

  test(
    '8.10 the active player eliminated by his own Extra ' + 'Shift: the event completes, then the next player plays',
    () => {
      const s = load({
        phase: 'card',
        cash: [0, 20, 20, 20],
        hands: ['C5 C3'],
        luxuries: ['L2'],
        assets: ['', '', 'A1'],
        businesses: ['B0 1 p1 a1'],
        rng: diceRng(0),
      });
      playNamed(s, 'play Extra Shift', 'done selling');
      expect(eventsOf(s, 'eliminated')).toEqual([[RED]]);
      // Blue, Green and Yellow still pay; then Red's Racehorse is auctioned, Blue asked first.
      expect(eventsOf(s, 'pay')).toEqual([
        [RED, 2, 0],
        [BLUE, 0, 0],
        [GREEN, 1, 1],
        [YELLOW, 0, 0],
      ]);
      expect(s.view(-1).auction).toMatchObject({ luxury: 2, from: RED, asked: BLUE });
      playNamed(s, 'bid $12', 'pass', 'pass');
      expect(s.view(-1).luxuryOwner[2]).toBe(BLUE);
      // Red's turn is over without page die or draw; Blue's turn starts (turn 2).
      expect(eventsOf(s, 'pageDie')).toEqual([]);
      expect(eventsOf(s, 'draw')).toEqual([]);
      expect(s.view(-1).active).toBe(BLUE);
      expect(s.view(-1).turn).toBe(2);
      expect(s.view(-1).discard).toEqual([32, 34]); // Red's Windfall (eliminated hand), then the Extra Shift
    },
  );

  test('8.10 the active player eliminated by his own business roll ends his turn after the auctions', () => {
    const s = load({ ...LAST_CARD, cash: [0, 10, 10, 10], luxuries: ['L0'], rng: diceRng(0) });
    playNamed(s, 'discard Windfall (+$1)');
    // Red had $1 after the discard and owes $1: he survives with $0.
    expect(eventsOf(s, 'pay')[0]).toEqual([RED, 1, 1]);
    const t = load({ ...LAST_CARD, cash: [0, 10, 10, 10], luxuries: ['L2'], rng: diceRng(0) });
    playNamed(t, 'discard Windfall (+$1)');
    expect(eventsOf(t, 'eliminated')).toEqual([[RED]]);
    expect(eventsOf(t, 'unsold')).toEqual([[2]]); // nobody can pay $12
    expect(t.view(-1).active).toBe(BLUE);
  });

  test(
    '8.11 two eliminations in one event: the first eliminated ' +
      "player's luxuries are auctioned first; the eliminated do not bid",
    () => {
      const s = load({ ...LAST_CARD, cash: [30, 0, 0, 30], luxuries: ['', 'L0', 'L1'], rng: diceRng(0) });
      playNamed(s, 'discard Windfall (+$1)');
      expect(eventsOf(s, 'eliminated')).toEqual([[BLUE], [GREEN]]);
      expect(s.view(-1).auction).toMatchObject({ luxury: 0, from: BLUE, asked: YELLOW }); // Green, left of Blue, is out
      playNamed(s, 'pass', 'bid $6', 'pass');
      expect(s.view(-1).auction).toMatchObject({ luxury: 1, from: GREEN, asked: YELLOW });
      playNamed(s, 'bid $9', 'pass');
      expect(eventsOf(s, 'sold')).toEqual([
        [0, RED, 6],
        [1, YELLOW, 9],
      ]);
      // Red and Yellow: 1 luxury each, Yellow's is worth more; Green out after Blue
      expect(s.ranking()).toEqual([1, 3, 2, 0]);
    },
  );

  test('8.12 no auction with one bidder left: the survivor wins at once', () => {
    const s = load({ players: 3, ...LAST_CARD, cash: [10, 0, 0], luxuries: ['', 'L0', 'L1'], rng: diceRng(0) });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.isTerminal()).toBe(true);
    expect(s.view(-1).winners).toEqual([RED]);
    expect(eventsOf(s, 'auction')).toEqual([]);
    expect(s.ranking()).toEqual([0, 2, 1]); // Green paid after Blue, so was eliminated later
  });

  test('8.13 one card per pocket: a position with two signs in one pocket is rejected', () => {
    expect(() => load({ businesses: ['B0 0 p1 a5', 'B12 1 p1 a2'] })).toThrow(/page 1 slot 5 holds both B0 and B12/);
  });

  test('8.14 a luxury can be bought with exactly enough money (cash may reach 0)', () => {
    const s = load({ cash: [6, 10, 10, 10], hands: ['C3'] });
    expect(labels(s)).toEqual(['end the buy step', 'buy Personal Trainer ($6)']);
    playNamed(s, 'buy Personal Trainer ($6)');
    expect(cash(s)[RED]).toBe(0);
    expect(s.view(-1).phase).toBe('card'); // nothing else to buy or sell
  });

  test('8.15 Shakedown against a player with $0 transfers $0', () => {
    const s = load({ phase: 'card', cash: [10, 0, 10, 10], hands: ['C6 C6'] });
    playNamed(s, 'play Shakedown');
    expect(labels(s)).toEqual(['shake down seat 1', 'shake down seat 2', 'shake down seat 3']);
    playNamed(s, 'shake down seat 1');
    expect(eventsOf(s, 'shakedown')).toEqual([[RED, BLUE, 0]]);
    expect(cash(s)).toEqual([10, 0, 10, 10]);
    playNamed(s, 'play Shakedown', 'shake down seat 2');
    expect(cash(s)).toEqual([13, 0, 7, 10]);
  });

  test('8.15 Loan Shark hit on an active player with $0 transfers $0 and eliminates nobody', () => {
    const s = load({
      phase: 'preRoll',
      cash: [0, 10, 10, 10],
      businesses: ['B0 0 p1 a1', 'B5 1 p1 a2'],
      rng: diceRng(2),
    });
    playNamed(s, 'roll the dice');
    expect(eventsOf(s, 'hit')).toEqual([[BLUE, 5, 0, RED]]);
    expect(s.view(-1).eliminated).toEqual([0, 0, 0, 0]);
    expect(cash(s).slice(0, 2)).toEqual([0, 10]);
  });

  test("8.16 no selling on one's own turn after the roll, except in tax windows", () => {
    const s = load({ phase: 'pageTurner', pageRoll: 3, assets: ['A6'], businesses: ['B0 0 p1 a1'] });
    expect(labels(s)).toEqual(['keep the page die (3)', 're-roll the page die']);
    const before = JSON.stringify(s.toJSON());
    expect(() => s.applyAction(13)).toThrow(IllegalActionError);
    expect(JSON.stringify(s.toJSON())).toBe(before);
    // In the tax window of his own roll he may sell.
    const t = load({ phase: 'preRoll', businesses: ['B0 0 p1 a1'], rng: diceRng(0) });
    playNamed(t, 'roll the dice');
    expect(labels(t)).toEqual(['done selling', 'sell Lemonade Stand (+$2)']);
  });

  test('8.17 two players: the first elimination ends the game', () => {
    const s = load({ players: 2, ...LAST_CARD, cash: [10, 0], luxuries: ['', 'L0'], rng: diceRng(0) });
    playNamed(s, 'discard Windfall (+$1)');
    expect(s.isTerminal()).toBe(true);
    expect(s.view(-1).winners).toEqual([RED]);
    expect(s.ranking()).toEqual([0, 1]);
    expect(s.scores()).toEqual([0, 0]);
    expect(eventsOf(s, 'win')).toEqual([[RED, 1]]);
  });
});
