import { describe, expect, test } from 'vitest';
import {
  ACTION_CARDS,
  BUILDING_CARDS,
  CITY_KINDS,
  COUNCILOR_CHIPS,
  DECK_KINDS,
  DECK_SIZE,
  FLAGS,
  F_C,
  F_ECO,
  F_I,
  F_PLANT,
  F_R,
  F_SPECIAL,
  GAIN,
  INCOME_CARDS,
  INITIAL_PLANT,
  KINDS,
  deckCopies,
  kindByName,
} from './components.js';

const copiesOfType = (type: string) => KINDS.filter((k) => k.type === type).reduce((sum, k) => sum + k.copies, 0);

describe('§2 components', () => {
  test("kind ids are the rules' kind numbers and equal the index; 50 deck kinds + the Initial Power Plant", () => {
    expect(KINDS).toHaveLength(51);
    KINDS.forEach((k, i) => expect(k.id).toBe(i));
    expect(DECK_KINDS).toBe(50);
    expect(CITY_KINDS).toBe(51);
    expect(INITIAL_PLANT).toBe(50);
    expect(Object.isFrozen(KINDS) && Object.isFrozen(KINDS[0])).toBe(true);
  });

  test(
    'totals of §2.2: 19 R + 19 C + 19 I + 16 P + 16 S + 6 M = 95 deck cards, 24 eco, plus 5 Initial Power Plants ' +
      '= 100',
    () => {
      expect(['R', 'C', 'I', 'P', 'S', 'M'].map(copiesOfType)).toEqual([19, 19, 19, 16, 16, 6]);
      expect(DECK_SIZE.delta).toBe(95);
      expect(KINDS.filter((k) => k.eco).reduce((sum, k) => sum + k.copies, 0)).toBe(24);
      expect(BUILDING_CARDS).toHaveLength(100);
      BUILDING_CARDS.forEach((card, i) => expect(card.id).toBe(i));
      expect(BUILDING_CARDS.filter((c) => c.kind === INITIAL_PLANT).map((c) => c.id)).toEqual([95, 96, 97, 98, 99]);
      // Before the setup shuffle the cards stand in ascending kind order (§5).
      expect(BUILDING_CARDS.slice(0, 95).map((c) => c.kind)).toEqual(
        [...BUILDING_CARDS.slice(0, 95).map((c) => c.kind)].sort((a, b) => a - b),
      );
    },
  );

  test('§8.1 Plain deck: every special and mixed facility removed leaves 73 cards', () => {
    expect(DECK_SIZE.plain).toBe(73);
    const plain = deckCopies('plain');
    expect(plain[kindByName('Farm')]).toBe(0);
    expect(plain[kindByName('Thermal Power Plant')]).toBe(4);
  });

  test.each([
    [0, 'Row Houses', 'R', 3, 0, 1, 1, 3, false],
    [7, 'Garden Suburb', 'R', 2, 2, 1, 3, 1, true],
    [13, 'Shopping Mall', 'C', 1, 4, 5, 8, 0, false],
    [21, 'Chemical Complex', 'I', 1, 3, 6, 8, 0, false],
    [26, 'Nuclear Power Plant', 'P', 1, 4, 0, -2, 0, false],
    [29, 'Hydroelectric Dam', 'P', 2, 3, 0, 2, 0, true],
    [31, 'TV Tower', 'S', 1, 4, 0, 3, 0, false],
    [37, 'Park', 'S', 2, 0, 0, 1, 2, true],
    [41, 'Stadium', 'S', 1, 4, 4, 9, 0, false],
    [47, 'Hotel', 'M', 1, 2, 3, 4, 1, false],
    [49, 'Logistics Center', 'M', 1, 2, 2, 3, 1, false],
  ] as const)(
    'kind %i %s: type %s, %i copies, cost %i, power %i, %i points, bonus %i, eco %s',
    (id, name, type, copies, cost, power, points, bonus, eco) => {
      expect(KINDS[id]).toMatchObject({ name, type, copies, cost, power, points, bonus, eco });
      expect(kindByName(name)).toBe(id);
    },
  );

  test('power plants pay no power and produce: Thermal +8, Gas +10, Nuclear +18, Solar +5, Wind +7, Dam +9', () => {
    const plants = KINDS.filter((k) => k.type === 'P' && k.id !== INITIAL_PLANT);
    expect(plants.map((k) => [k.name, k.power, k.production])).toEqual([
      ['Thermal Power Plant', 0, 8],
      ['Gas Power Plant', 0, 10],
      ['Nuclear Power Plant', 0, 18],
      ['Solar Power Plant', 0, 5],
      ['Wind Farm', 0, 7],
      ['Hydroelectric Dam', 0, 9],
    ]);
    // Substation and Logistics Center gain chips when built; the Initial Power Plant's 18 are the start chips.
    expect([GAIN[kindByName('Substation')], GAIN[kindByName('Logistics Center')], GAIN[INITIAL_PLANT]]).toEqual([
      6, 4, 0,
    ]);
  });

  test('mixed facilities count as special and as their type; eco and plant flags follow the table', () => {
    const flags = (name: string) => FLAGS[kindByName(name)];
    expect(flags('Hospital')).toBe(F_R | F_SPECIAL);
    expect(flags('Bank')).toBe(F_C | F_SPECIAL);
    expect(flags('Research Lab')).toBe(F_I | F_SPECIAL);
    expect(flags('Park')).toBe(F_SPECIAL | F_ECO);
    expect(flags('Solar Power Plant')).toBe(F_PLANT | F_ECO);
    expect(FLAGS[INITIAL_PLANT]).toBe(F_PLANT);
    expect(flags('Eco Housing')).toBe(F_R | F_ECO);
  });

  test('15 action cards (5 colours x Income 1, Exchange 2, Council 3), 6 income cards, 15 councilor chips', () => {
    expect(ACTION_CARDS).toHaveLength(15);
    ACTION_CARDS.forEach((c, i) => expect(c.id).toBe(i));
    expect(ACTION_CARDS.slice(0, 3).map((c) => [c.number, c.name])).toEqual([
      [1, 'Income'],
      [2, 'Exchange'],
      [3, 'Council'],
    ]);
    expect(INCOME_CARDS.map((c) => [c.number, c.name, c.measure])).toEqual([
      [1, 'Housing Grant', 'R'],
      [2, 'Commerce Grant', 'C'],
      [3, 'Industry Grant', 'I'],
      [4, 'Eco Incentive', 'eco'],
      [5, 'Energy Grant', 'plants'],
      [6, 'Subsidy', 'buildings'],
    ]);
    expect(COUNCILOR_CHIPS).toBe(15);
  });
});
