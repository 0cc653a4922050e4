import { describe, expect, test } from 'vitest';
import {
  ACTIONS,
  ACTION_TYPE_BASE,
  ASSETS,
  ASSET_TYPE_BASE,
  BUSINESSES,
  CARD_TYPES,
  DECK,
  DECK_SIZE,
  LUXURIES,
  SHAPES,
  TYPE_COUNT,
  cardLabel,
  fireCost,
  luxuryLabel,
  placementSlots,
  saleValue,
} from './components.js';

describe('components (rules §2)', () => {
  test('§2.2 shapes and their legal anchors', () => {
    expect(SHAPES.map((s) => [s.code, s.anchors])).toEqual([
      ['S1', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
      ['H2', [1, 2, 4, 5, 7, 8]],
      ['V2', [1, 2, 3, 4, 5, 6]],
      ['H3', [1, 4, 7]],
      ['V3', [1, 2, 3]],
      ['Q4', [1, 2, 4, 5]],
    ]);
    expect(placementSlots(2, 3)).toEqual([3, 6]); // Tornado Cleaners at anchor 3 (§10 scenario 2)
    expect(placementSlots(5, 5)).toEqual([5, 6, 8, 9]);
    expect(placementSlots(3, 2)).toEqual([]);
  });

  test('§2.3: 22 businesses exactly as tabled, one sign each', () => {
    const table = BUSINESSES.map((b) => `${b.code} ${b.name} ${SHAPES[b.shape].code} ${b.cost} ${b.tax} ${b.hit}`);
    expect(table).toEqual([
      'B0 Lemonade Stand S1 2 0 1',
      'B1 Hot Dog Cart S1 3 0 2',
      "B2 Sven's Swedish Tacos S1 5 1 3",
      'B3 Chapter 11 Books S1 4 0 2',
      'B4 Pawn Shop S1 6 1 4',
      'B5 Loan Shark S1 5 1 3',
      'B6 Burger Barn H2 6 1 2',
      "B7 Murphy's Fish Market H2 9 1 3",
      'B8 Karaoke Bar H2 12 2 4',
      'B9 Diamond Exchange H2 15 3 5',
      'B10 Tattoo Parlor V2 6 1 2',
      'B11 Used Car Lot V2 9 1 3',
      'B12 Tornado Cleaners V2 12 2 4',
      'B13 Ambulance Chaser Law Firm V2 15 3 5',
      'B14 Bowling Alley H3 9 1 2',
      'B15 Mini Golf H3 13 2 3',
      'B16 Outlet Mall H3 18 3 4',
      'B17 Pancake Tower V3 9 1 2',
      'B18 Skyscraper Realty V3 13 2 3',
      'B19 Monster Truck Arena Q4 12 2 2',
      'B20 Grand Hotel Q4 18 3 3',
      'B21 Lucky Star Casino Q4 24 4 4',
    ]);
    expect(BUSINESSES.filter((b) => b.special !== 'none').map((b) => [b.name, b.special])).toEqual([
      ['Chapter 11 Books', 'chapter11'],
      ['Loan Shark', 'loanShark'],
    ]);
    // Sign cards: 6 singles, 4+4 pairs, 3+2 threes, 3 squares = 6 + 16 + 15 + 12 = 49.
    expect(BUSINESSES.reduce((sum, b) => sum + b.signCards, 0)).toBe(49);
    expect(saleValue(12)).toBe(4);
    expect(fireCost(20)).toBe(9);
    expect(fireCost(4)).toBe(3);
  });

  test('§2.4: 7 asset kinds, 20 cards', () => {
    expect(ASSETS.map((a) => `${a.code} ${a.name} ${a.copies} ${a.cost} ${a.tax}`)).toEqual([
      'A0 Yakuza Loan 3 0 2',
      'A1 Protection Racket 2 8 1',
      'A2 Political Connections 3 6 0',
      'A3 Fire Insurance 3 2 0',
      'A4 Personal Assistant 3 5 1',
      'A5 Savings Account 3 4 0',
      'A6 Page Turner 3 3 0',
    ]);
    expect(ASSETS.reduce((sum, a) => sum + a.copies, 0)).toBe(20);
  });

  test('§2.5: 8 action kinds, 31 cards (4, 4, 4, 5, 3, 4, 3, 4)', () => {
    expect(ACTIONS.map((a) => `${a.code} ${a.name} ${a.copies}`)).toEqual([
      'C0 IRS Audit 4',
      'C1 Business Scout 4',
      'C2 Zoning Board 4',
      'C3 Windfall 5',
      'C4 Tax Refund 3',
      'C5 Extra Shift 4',
      'C6 Shakedown 3',
      'C7 Mysterious Fire 4',
    ]);
    expect(ACTIONS.reduce((sum, a) => sum + a.copies, 0)).toBe(31);
  });

  test('card types 0-21 businesses, 22-28 assets, 29-36 actions; 22 + 20 + 31 = 73 cards, ids are indexes', () => {
    expect([ASSET_TYPE_BASE, ACTION_TYPE_BASE, TYPE_COUNT]).toEqual([22, 29, 37]);
    CARD_TYPES.forEach((t, i) => expect(t.type).toBe(i));
    expect(CARD_TYPES.map((t) => ({ business: 'b', asset: 'a', action: 'c' })[t.category]).join('')).toBe(
      'b'.repeat(22) + 'a'.repeat(7) + 'c'.repeat(8),
    );
    expect(DECK_SIZE).toBe(73);
    DECK.forEach((c, i) => expect(c.id).toBe(i));
    // Copies of a type are adjacent and ascending: the deck stands in ascending type order before a shuffle (§5).
    expect(DECK.every((c, i) => i === 0 || DECK[i - 1].type <= c.type)).toBe(true);
    expect(CARD_TYPES.map((t) => DECK.filter((c) => c.type === t.type).length)).toEqual(
      CARD_TYPES.map((t) => t.copies),
    );
  });

  test('§2.6: 12 luxuries from Personal Trainer $6 to Space Shuttle $45, cheapest first', () => {
    expect(LUXURIES.map((l) => `${l.code} ${l.name} ${l.price} ${l.tax}`)).toEqual([
      'L0 Personal Trainer 6 1',
      'L1 Designer Wardrobe 9 1',
      'L2 Racehorse 12 2',
      'L3 Trophy Spouse 15 1',
      'L4 Sports Car 18 2',
      'L5 Art Collection 21 1',
      'L6 European Castle 24 2',
      'L7 Yacht 27 2',
      'L8 Title of Nobility 30 0',
      'L9 Private Island 35 1',
      'L10 Private Jet 40 1',
      'L11 Space Shuttle 45 0',
    ]);
    LUXURIES.forEach((l, i) => {
      expect(l.id).toBe(i);
      if (i > 0) expect(l.price).toBeGreaterThan(LUXURIES[i - 1].price);
    });
    expect(LUXURIES.reduce((sum, l) => sum + l.price, 0)).toBe(282);
  });

  test('tables are frozen; labels name the card and its cost', () => {
    expect(Object.isFrozen(BUSINESSES) && Object.isFrozen(BUSINESSES[0]) && Object.isFrozen(SHAPES[5].cells[0])).toBe(
      true,
    );
    expect(Object.isFrozen(CARD_TYPES[30]) && Object.isFrozen(DECK[72]) && Object.isFrozen(LUXURIES[11])).toBe(true);
    expect(cardLabel(12)).toBe('Tornado Cleaners ($12)');
    expect(cardLabel(ASSET_TYPE_BASE)).toBe('Yakuza Loan ($0)');
    expect(cardLabel(ACTION_TYPE_BASE + 3)).toBe('Windfall');
    expect(luxuryLabel(3)).toBe('Trophy Spouse ($15)');
  });
});
