import { describe, expect, test } from 'vitest';
import {
  AD_CARDS,
  AD_KINDS,
  INDUSTRY_CODES,
  ITEM_BOOM,
  ITEM_CARDS,
  ITEM_KINDS,
  K,
  SETS,
  SET_NEED,
  kindByName,
  regularKind,
  setLabel,
} from './components.js';

describe('ad cards (rules §2.3)', () => {
  test('the table of §2.3, row by row: name, industry, ★, copies, cost, reward, period, faces', () => {
    const rows = AD_KINDS.map(
      (k) =>
        `${k.id} ${k.name} ${INDUSTRY_CODES[k.industry]}${k.specialist ? '★' : ''} ` +
        `${k.copies} ${k.cost} ${k.reward} ${k.period} ${k.faces.join(',')}`,
    );
    expect(rows).toEqual([
      '0 Construction Company CON 4 3 5 3 2,4,6',
      '1 Demolition Contractor CON 4 1 8 2 1,3,5',
      '2 Design Office CON 3 2 5 3 1,2',
      '3 Painter CON 2 2 4 4 3,4',
      '4 Architect CON★ 1 3 6 5 5,6',
      '5 Site Supervisor CON★ 1 2 4 3 3,6',
      '6 Cafe FUN 4 1 4 3 1,4',
      '7 Movie Theater FUN 3 2 5 3 2,5',
      '8 Hotel FUN 3 3 6 4 3,6',
      '9 Restaurant FUN 2 2 5 3 1,5',
      '10 Head Chef FUN★ 1 3 5 4 2,6',
      '11 Celebrity FUN★ 1 3 11 3 1,2,3',
      '12 Fire Station PUB 4 2 5 3 4,6',
      '13 Police Station PUB 4 2 5 4 1,2',
      '14 Doctor PUB 2 2 5 4 3,4',
      '15 Guard PUB 2 2 4 4 5,6',
      '16 Lawyer PUB★ 1 2 5 5 1,6',
      '17 Tax Inspector PUB★ 1 2 5 3 2,3',
      '18 Railway Company TRN 4 2 5 3 2,3',
      '19 Bus Company TRN 3 1 4 3 1,6',
      '20 Taxi Company TRN 3 1 3 3 3,5',
      '21 Airline TRN 2 3 9 3 4,5',
      '22 Pilot TRN★ 1 2 4 4 1,2',
      '23 Ship Captain TRN★ 1 3 6 4 4,6',
      '24 Farmer NAT 4 1 3 4 2,5',
      '25 Forester NAT 4 1 3 3 1,3',
      '26 Fisher NAT 3 0 2 2 4,6',
      '27 Miner NAT 2 1 8 3 2,4',
      '28 Veterinarian NAT★ 1 2 3 4 3,5',
      '29 Geologist NAT★ 1 2 4 3 1,4',
      '30 Bank FIN 4 3 6 4 4,5',
      '31 Real Estate Agency FIN 3 2 5 3 3,5',
      '32 Insurance Company FIN 2 2 4 5 6',
      '33 Trading Company FIN 2 2 5 3 2,6',
      '34 Accountant FIN★ 1 2 4 4 1,4',
      '35 Investor FIN★ 1 3 5 3 3,6',
    ]);
  });

  test(
    'the checks of §2.3: copies per industry 15/14/14/14/15/13 ' +
      '= 85; 24 regular names (9x4, 7x3, 8x2), 12 specialists x1',
    () => {
      const perIndustry = INDUSTRY_CODES.map((_, i) =>
        AD_KINDS.filter((k) => k.industry === i).reduce((n, k) => n + k.copies, 0),
      );
      expect(perIndustry).toEqual([15, 14, 14, 14, 15, 13]);
      expect(AD_CARDS).toHaveLength(85);
      const regular = AD_KINDS.filter((k) => !k.specialist);
      expect(regular).toHaveLength(24);
      expect([4, 3, 2].map((c) => regular.filter((k) => k.copies === c).length)).toEqual([9, 7, 8]);
      const specialists = AD_KINDS.filter((k) => k.specialist);
      expect(specialists).toHaveLength(12);
      expect(specialists.every((k) => k.copies === 1 && k.id % 6 >= 4)).toBe(true);
    },
  );

  test('weighted die-face coverage is 29/30/30/30/29/29', () => {
    const cover = [1, 2, 3, 4, 5, 6].map((f) =>
      AD_KINDS.filter((k) => k.faces.includes(f)).reduce((n, k) => n + k.copies, 0),
    );
    expect(cover).toEqual([29, 30, 30, 30, 29, 29]);
    for (const k of AD_KINDS) expect(k.faceMask).toBe(k.faces.reduce((m, f) => m | (1 << f), 0));
  });

  test('card ids are indexes, copies of a kind are consecutive with letters A.. (§2.2)', () => {
    AD_CARDS.forEach((card, i) => expect(card.id).toBe(i));
    AD_KINDS.forEach((k) =>
      expect(
        AD_CARDS.filter((c) => c.kind === k.id)
          .map((c) => c.letter)
          .join(''),
      ).toBe('ABCD'.slice(0, k.copies)),
    );
    expect(AD_CARDS.map((c) => c.kind)).toEqual([...AD_CARDS.map((c) => c.kind)].sort((a, b) => a - b));
    expect(Object.isFrozen(AD_KINDS) && Object.isFrozen(AD_KINDS[0]) && Object.isFrozen(AD_CARDS[0])).toBe(true);
  });

  test('the named kinds and [POST] flags match the table', () => {
    for (const [name, id] of Object.entries(K))
      expect(AD_KINDS[id].name.replace(/ /g, '').toLowerCase()).toContain(name.toLowerCase().slice(0, 4));
    expect(AD_KINDS.filter((k) => k.hasPost).map((k) => k.id)).toEqual([
      1, 2, 5, 7, 11, 12, 13, 14, 17, 19, 21, 26, 27, 29, 35,
    ]);
    expect(kindByName('Cafe')).toBe(K.cafe);
    expect(kindByName('Nothing')).toBe(-1);
  });
});

describe('sets (§2.5) and set ids (§9)', () => {
  test('102 ids: 24 pairs, 24 threes, 24 fours, 24 flush 3, 6 flush 4, with their VP', () => {
    expect(SETS).toHaveLength(102);
    SETS.forEach((s, i) => expect(s.id).toBe(i));
    const byType = (type: string) => SETS.filter((s) => s.type === type);
    expect(
      [byType('pair'), byType('three'), byType('four'), byType('flush3'), byType('flush4')].map((l) => l.length),
    ).toEqual([24, 24, 24, 24, 6]);
    expect(['pair', 'three', 'four', 'flush3', 'flush4'].map((t) => byType(t)[0].vp)).toEqual([1, 3, 5, 2, 3]);
  });

  test('regular index r = 4i + j maps to kind 6i + j; the ids the rules quote', () => {
    expect([0, 3, 4, 23].map(regularKind)).toEqual([0, 3, 6, 33]);
    expect(setLabel(52)).toBe('Four of a Kind: Cafe (5 VP)');
    expect(SETS[72].kinds).toEqual([K.demolition, K.designOffice, K.painter]);
    expect(setLabel(79)).toBe('Flush 3 Food & Leisure: Cafe, Movie Theater, Hotel (2 VP)');
    expect(setLabel(101)).toBe('Flush 4 Finance & Commerce (3 VP)');
    expect(SETS[101].kinds).toEqual([30, 31, 32, 33]);
  });

  test('no set uses a specialist, and flushes never repeat a name', () => {
    for (const s of SETS) {
      expect(s.kinds.every((k) => !AD_KINDS[k].specialist)).toBe(true);
      if (s.type.startsWith('flush')) expect(new Set(s.kinds).size).toBe(s.kinds.length);
      for (const k of s.kinds) expect(SET_NEED[s.id * 36 + k]).toBe(s.kinds.filter((x) => x === k).length);
    }
  });
});

describe('items and the field card (§2.6)', () => {
  test('6 item kinds, 14 cards, with their costs; Economic Boom last, 15 cards in the item deck', () => {
    expect(ITEM_KINDS.map((k) => `${k.name} ${k.copies} ${k.cost}`)).toEqual([
      'Job Change 3 2',
      'Overtime 3 3',
      'Contract Renewal 2 2',
      'Market Research 2 3',
      'Press Release 2 4',
      'Headhunting 2 3',
      'Economic Boom 1 0',
    ]);
    expect(ITEM_BOOM).toBe(6);
    expect(ITEM_CARDS).toHaveLength(15);
    expect(ITEM_CARDS.filter((c) => c.kind !== ITEM_BOOM)).toHaveLength(14);
    ITEM_CARDS.forEach((c, i) => expect(c.id).toBe(i));
    expect(ITEM_CARDS[14].kind).toBe(ITEM_BOOM);
  });
});
