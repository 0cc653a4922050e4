import { describe, expect, test } from 'vitest';
import { AgoraError } from '../core/errors.js';
import { returnsFromRanking } from '../core/returns.js';
import { playNamed } from '../core/testing.js';
import { DECK_SIZE, FARM, INITIAL_PLANT, kindByName } from './components.js';
import { cityplan } from './index.js';
import { cityStats, endEffects, scoreBreakdown } from './scoring.js';
import {
  breakdownsOf,
  commitAll,
  events,
  handOf,
  labels,
  load,
  loadEdited,
  parseCards,
  readable,
  type CityPlanState,
} from './test-helpers.js';

const K = kindByName;
const FILLER = 'Suburban Homes x3, Shopping Street x3, Warehouses x3';

function city(names: string): number[] {
  const counts = new Array<number>(51).fill(0);
  for (const k of [...parseCards(names), INITIAL_PLANT]) counts[k]++;
  return counts;
}

/** Seat 0 to build, holding `hand`, with `buildings` in its city. */
const builder = (buildings: string, hand: string, power = 18) =>
  load({ players: 2, phase: 'build', cities: [buildings, ''], hands: [hand, ''], power: [power, 18] });

describe('§2.2 card-cost reducers', () => {
  test.each([
    ['Station', 'Apartments', 'Apartments (0 cards, 2 power)'],
    ['Station', 'Hospital', 'Hospital (1 card, 2 power)'],
    ['Station', 'Row Houses', 'Row Houses (0 cards, 1 power)'],
    ['Station', 'Supermarket', 'Supermarket (1 card, 3 power)'],
    ['Airport', 'Office Building', 'Office Building (1 card, 3 power)'],
    ['Airport', 'Hotel', 'Hotel (1 card, 3 power)'],
    ['Port', 'Steel Mill', 'Steel Mill (1 card, 5 power)'],
    ['Port', 'Logistics Center', 'Logistics Center (1 card, 2 power)'],
    ['Port', 'Thermal Power Plant', 'Thermal Power Plant (1 card, +8 power)'],
    ['Highway', 'Luxury Estate', 'Luxury Estate (3 cards, 3 power)'],
    ['Highway', 'Nuclear Power Plant', 'Nuclear Power Plant (3 cards, +18 power)'],
    ['Highway', 'Condominiums', 'Condominiums (2 cards, 2 power)'],
    ['Port, Highway', 'Chemical Complex', 'Chemical Complex (1 card, 6 power)'],
    ['Station, Airport, Port, Highway', 'High-rise Apartments', 'High-rise Apartments (1 card, 3 power)'],
  ])('with %s in the city: build %s', (reducers, kind, label) => {
    const s = builder(reducers, `${kind}, ${FILLER}`);
    expect(labels(s)).toContain(`build ${label}`);
  });

  test('a card never benefits from its own effect: Highway (printed 3) costs 3 cards', () => {
    expect(labels(builder('', `Highway, ${FILLER}`))).toContain('build Highway (3 cards, 1 power)');
  });

  test('reductions apply only to later buildings: building the Station then an Apartments next turn', () => {
    const s = load({ players: 2, phase: 'build', hands: ['Station, Apartments, Row Houses x2', ''] });
    playNamed(s, 'build Station (2 cards, 2 power)', 'pay with Row Houses', 'pay with Row Houses', 'draw 2 cards');
    commitAll(s, ['Income', 'Income']);
    playNamed(s, 'draw 2 cards');
    expect(labels(s)).toContain('build Apartments (0 cards, 2 power)');
  });
});

describe('§2.2 other effects', () => {
  test('TV Tower: later buildings pay no power; building it refunds nothing (§8.9); plants still produce', () => {
    const s = load({
      players: 2,
      phase: 'build',
      power: [5, 18],
      hands: ['TV Tower, Steel Mill, Thermal Power Plant, Row Houses x3, Corner Shops x2', ''],
    });
    playNamed(
      s,
      'build TV Tower (4 cards, 0 power)',
      'pay with Row Houses',
      'pay with Row Houses',
      'pay with Row Houses',
      'pay with Corner Shops',
    );
    expect(s.view(0).power).toEqual([5, 18]);
    playNamed(s, 'draw 2 cards');
    commitAll(s, ['Income', 'Income']);
    playNamed(s, 'draw 2 cards');
    expect(labels(s)).toEqual(
      expect.arrayContaining(['build Steel Mill (2 cards, 0 power)', 'build Thermal Power Plant (1 card, +8 power)']),
    );
    playNamed(s, 'build Thermal Power Plant (1 card, +8 power)', 'pay with Corner Shops');
    expect(s.view(0).power).toEqual([13, 18]);
  });

  test('Planned Construction Site: the counter counts buildings, even cost-0 cards and power plants (§8.8)', () => {
    const s = load({
      players: 2,
      phase: 'build',
      cities: ['Planned Construction Site', ''],
      freeBuilds: [2, 0],
      hands: ['Row Houses, Thermal Power Plant, Luxury Estate', ''],
    });
    playNamed(s, 'build Row Houses (0 cards, 1 power)', 'draw 2 cards');
    expect(s.view(0).freeBuilds).toEqual([1, 0]);
    commitAll(s, ['Income', 'Income']);
    playNamed(s, 'draw 2 cards', 'build Thermal Power Plant (0 cards, +8 power)');
    expect(s.view(0).freeBuilds).toEqual([0, 0]);
    commitAll(s, ['Income', 'Income']);
    expect(s.currentPlayer()).toBe(0);
    expect(s.actionToString(3 + K('Luxury Estate'))).toBe('build Luxury Estate (4 cards, 3 power)');
  });

  test('Planned Construction Site: while the counter runs no sacrifice is offered; the site stays', () => {
    const s = load({
      players: 2,
      phase: 'build',
      cities: ['Planned Construction Site, Construction Site', ''],
      freeBuilds: [1, 0],
      hands: ['Shopping Mall', ''],
    });
    playNamed(s, 'build Shopping Mall (0 cards, 5 power)');
    expect(s.view(0)).toMatchObject({ phase: 'build', toAct: 1, freeBuilds: [0, 0] });
    expect(s.view(0).cities[0]).toContain(K('Construction Site'));
  });

  test.each([
    ['Farm', 'Farm (1 card, 2 power)', 1],
    ['School', 'School (2 cards, 2 power)', 2],
  ])('%s: when built, draw 2 cards', (kind, label, cost) => {
    const s = builder('', `${kind}, Row Houses x2`);
    playNamed(s, `build ${label}`, ...Array.from({ length: cost }, () => 'pay with Row Houses'));
    expect(s.view(0).handSizes[0]).toBe(2 - cost + 2);
    expect(events(s).slice(-1)).toEqual([['draw', 0, 2, 4]]);
  });

  test.each([
    ['Substation', 'Substation (2 cards, 0 power)', 2, 18 + 6],
    ['Logistics Center', 'Logistics Center (2 cards, 2 power)', 2, 18 - 2 + 4],
  ])('%s: when built, gain chips', (kind, label, cost, power) => {
    const s = builder('', `${kind}, Row Houses x2`);
    playNamed(s, `build ${label}`, ...Array.from({ length: cost }, () => 'pay with Row Houses'));
    expect(s.view(0).power[0]).toBe(power);
  });

  test.each([
    ['keep Construction Site', [105, 106], 2, true],
    ['sacrifice Construction Site (3 cards less)', [105, 106], 0, false],
  ])('Construction Site is optional when the build is payable without it: %s', (choice, legal, discards, kept) => {
    const s = builder('Construction Site', 'Condominiums, Row Houses x2');
    playNamed(s, 'build Condominiums (2 cards or 0 with the site, 2 power)');
    expect(s.legalActions()).toEqual(legal);
    playNamed(s, choice, ...Array.from({ length: discards }, () => 'pay with Row Houses'));
    const v = s.view(0);
    // §8.7: the building count is unchanged by a sacrifice (-1 + 1).
    expect(v.cities[0]).toHaveLength(kept ? 3 : 2);
    expect(v.cities[0].includes(K('Construction Site'))).toBe(kept);
    expect(v.handSizes[0]).toBe(2 - discards);
    expect(v.publicDiscards).toEqual(kept ? [] : [K('Construction Site')]);
  });

  test('Construction Site is not offered when the cost after other reductions is 0 (§8.7)', () => {
    const s = builder('Construction Site, Station', 'Apartments, Row Houses');
    expect(labels(s)).toContain('build Apartments (0 cards, 2 power)');
    playNamed(s, 'build Apartments (0 cards, 2 power)');
    expect(s.view(0)).toMatchObject({ phase: 'build', toAct: 1 });
  });

  test.each([
    [3, [2], 1],
    [1, [1], 0],
  ])('Party Headquarters: with %i chips on the assembly the Council takes %j (§8.3)', (assembly, taken, left) => {
    const s = load({
      players: 2,
      hands: ['', ''],
      cities: ['Party Headquarters', ''],
      incomeUsed: [1],
      councilors: [0, 6 - assembly],
      assembly,
    });
    commitAll(s, ['Council', 'Income']);
    expect(events(s).filter((e) => e[0] === 'chips')).toEqual([['chips', 0, taken[0]]]);
    expect(s.view(0).assembly).toBe(left);
  });

  test(
    'Party Headquarters takes its second chip only if one remains after the first; ' + 'a later Council then draws',
    () => {
      const s = load({
        players: 3,
        hands: ['', '', ''],
        cities: ['Party Headquarters', '', ''],
        incomeUsed: [1],
        councilors: [0, 4, 3],
        assembly: 2,
      });
      commitAll(s, ['Council', 'Council', 'Income']);
      expect(s.view(0).councilors).toEqual([2, 4, 3]);
      expect(events(s).slice(-3)).toEqual([
        ['draw', 2, 1, 0],
        ['chips', 0, 2],
        ['draw', 1, 1, 1],
      ]);
    },
  );

  test.each([
    ['Museum counts eco buildings', 'Museum, Park, Wind Farm, Green Office', 3],
    ['Hospital counts the other R-counting buildings', 'Hospital, Row Houses, Eco Housing', 2],
    ['Bank counts the other C-counting buildings (Hotel included)', 'Bank, Hotel, Corner Shops', 2],
    [
      'Research Lab counts the other I-counting buildings (Logistics Center included)',
      'Research Lab, Logistics Center, Factory',
      2,
    ],
    ['no end-game card, no points', 'Stadium, Park, Row Houses', 0],
    ['all four together', 'Museum, Hospital, Bank, Research Lab, Park, Row Houses', 1 + 1 + 0 + 0],
  ])('end-game effects: %s', (_name, names, points) => {
    const c = city(names);
    expect(endEffects(c, 0, cityStats(c))).toBe(points);
  });

  test('Museum counts eco buildings built after it too (S18)', () => {
    const s = builder('Museum, Park, Solar Power Plant', 'Eco Housing, Row Houses');
    expect(breakdownsOf(s)[0].effects).toBe(2);
    playNamed(s, 'build Eco Housing (1 card, 0 power)', 'pay with Row Houses');
    expect(breakdownsOf(s)[0].effects).toBe(3);
  });
});

describe('§8 edge cases', () => {
  test('§8.1 deck exhaustion: with deck and discard pile both empty the draws are lost', () => {
    const s = loadEdited({ players: 2, hands: ['', ''] }, (j) => {
      j.hands[1] = j.deck.splice(0).sort((a, b) => a - b);
    });
    commitAll(s, ['Income', 'Council']);
    expect(s.view(0)).toMatchObject({ handSizes: [0, 95], deckSize: 0, discardSize: 0 });
    expect(events(s).slice(-2)).toEqual([
      ['lost', 0, 1],
      ['lost', 1, 1],
    ]);
  });

  test('§8.2 exchange with 0 cards is legal and changes nothing', () => {
    const s = load({ players: 2, hands: ['Factory', 'Park'] });
    commitAll(s, ['Exchange', 'Income']);
    expect(s.currentPlayer()).toBe(0);
    expect(labels(s)).toEqual(['exchange Factory', 'finish exchange (draw 0)']);
    playNamed(s, 'finish exchange (draw 0)');
    expect(handOf(s, 0)).toBe('Factory');
    expect(events(s).filter((e) => e[0] === 'exchange' || (e[0] === 'draw' && e[1] === 0))).toEqual([
      ['exchange', 0, 0],
    ]);
  });

  test('§8.2 an Exchange player with an empty hand is still asked, with 104 as the only action', () => {
    const s = load({ players: 2, hands: ['', 'Park'] });
    commitAll(s, ['Exchange', 'Exchange']);
    expect(s.legalActions()).toEqual([104]);
    playNamed(s, 'finish exchange (draw 0)');
    expect(s.currentPlayer()).toBe(1);
    expect(labels(s)).toEqual(['exchange Park', 'finish exchange (draw 0)']);
  });

  test('§8.5 a build that cannot be paid is illegal; draw 2 is always legal', () => {
    const s = builder('', 'Luxury Estate, Row Houses');
    expect(labels(s)).toEqual(['build Row Houses (0 cards, 1 power)', 'draw 2 cards']);
  });

  test('§8.6 two players can reach 10 buildings in the same turn; nobody exceeds 10', () => {
    const t = load({
      players: 2,
      phase: 'build',
      incomeUsed: [1, 2, 3, 4, 5, 6],
      cities: ['Row Houses x3, Corner Shops x3, Workshops x2', 'Suburban Homes x3, Shopping Street x3, Warehouses x2'],
      hands: ['Apartments, Factory', 'Supermarket, Condominiums'],
    });
    playNamed(
      t,
      'build Apartments (1 card, 2 power)',
      'pay with Factory',
      'build Supermarket (1 card, 3 power)',
      'pay with Condominiums',
    );
    expect(t.isTerminal()).toBe(true);
    expect(t.view(0).cities.map((c) => c.length)).toEqual([10, 10]);
    expect(t.view(0).final!.map((f) => f.completion)).toEqual([20, 20]);
  });

  test('§8.13 power can be spent to exactly 0 but never below', () => {
    const s = builder('', 'Apartments, Supermarket, Row Houses x2', 2);
    expect(labels(s)).toEqual([
      'build Row Houses (0 cards, 1 power)',
      'build Apartments (1 card, 2 power)',
      'draw 2 cards',
    ]);
    playNamed(s, 'build Apartments (1 card, 2 power)', 'pay with Row Houses');
    expect(s.view(0).power[0]).toBe(0);
  });

  test('§8.14 a mixed facility counts for income conditions and the development bonus', () => {
    const s = load({ players: 2, phase: 'build', cities: ['Hospital, Apartments', ''], hands: ['', ''] });
    playNamed(s, 'draw 2 cards', 'draw 2 cards');
    expect(events(s, 1).filter((e) => e[0] === 'income' || (e[0] === 'draw' && e[3] === 5))).toEqual([
      ['income', 0],
      ['draw', 0, 2, 5],
      ['draw', 1, 1, 5],
    ]);
    const c = city('Hospital, Hotel, Research Lab');
    expect(scoreBreakdown(c, 0, 0, 0).development).toBe(2 * Math.min(2, 4, 3));
  });

  test('§8.15 action cards are never used up: the same card every turn', () => {
    const s = load({ players: 2, hands: ['', ''] });
    for (let turn = 1; turn <= 2; turn++) {
      expect(s.legalActions()).toEqual([0, 1, 2]);
      commitAll(s, ['Council', 'Council']);
      playNamed(s, 'draw 2 cards', 'draw 2 cards');
    }
    expect(s.view(0).turn).toBe(3);
    expect(s.legalActions()).toEqual([0, 1, 2]);
  });
});

describe('§2.3 income cards', () => {
  // Seat 0 meets the condition, seat 1 half of it, seat 2 nothing; every other card is used up.
  test.each([
    [1, 'Apartments, Eco Housing', 'Suburban Homes', '', [2, 1, 1]],
    [2, 'Supermarket, Hotel', 'Corner Shops', '', [2, 1, 1]],
    [3, 'Factory, Logistics Center', 'Workshops', '', [2, 1, 1]],
    [4, 'Park, Green Office, Wind Farm', 'Park', '', [2, 1, 0]],
    [5, 'Thermal Power Plant', '', '', [2, 1, 1]],
    [6, 'Row Houses x3, Corner Shops x3, Workshops', 'Factory x3, Warehouses x3', 'Apartments', [0, 2, 2]],
  ])('card %i pays per table 2.3', (card, c0, c1, c2, draws) => {
    const s = load({
      players: 3,
      phase: 'build',
      hands: ['', '', ''],
      cities: [c0, c1, c2],
      incomeUsed: [1, 2, 3, 4, 5, 6].filter((n) => n !== card),
    });
    playNamed(s, 'draw 2 cards', 'draw 2 cards', 'draw 2 cards');
    expect(events(s, 1).filter((e) => e[0] === 'income')).toEqual([['income', card - 1]]);
    expect(s.view(0).handSizes).toEqual(draws.map((d) => 2 + d));
    expect(s.view(0).incomeUsed.every(Boolean)).toBe(true);
  });

  test('several income cards trigger in one phase, in number order, each fully resolved', () => {
    const s = load({
      players: 2,
      phase: 'build',
      hands: ['', ''],
      cities: ['Apartments, Eco Housing, Solar Power Plant', ''],
    });
    playNamed(s, 'draw 2 cards', 'draw 2 cards');
    expect(events(s, 1).filter((e) => e[0] !== 'drawTwo' && !(e[0] === 'draw' && e[3] === 3))).toEqual([
      ['income', 0],
      ['draw', 0, 2, 5],
      ['draw', 1, 1, 5],
      ['councilOpens', 6],
      ['income', 3],
      ['draw', 0, 2, 5],
      ['income', 4],
      ['draw', 0, 2, 5],
      ['draw', 1, 1, 5],
    ]);
  });
});

describe('§7.4 turn cap and §7.3 ranking', () => {
  const capped = (turn: number) =>
    load({
      players: 3,
      phase: 'build',
      turn,
      hands: ['', '', ''],
      cities: ['City Hall', 'Department Store', 'Nuclear Power Plant'],
    });

  test(
    'turn 40 ending without 10 buildings truncates; scored as usual; City Hall breaks the tie; negatives compare ' +
      'normally',
    () => {
      const s = playNamed(capped(40), 'draw 2 cards', 'draw 2 cards', 'draw 2 cards');
      expect(s.isTerminal()).toBe(true);
      expect(s.isTruncated()).toBe(true);
      // 6 - 5, 6 - 5, -2 - 5 (no chips: -5 each; no completion, development or tickets).
      expect(s.scores()).toEqual([1, 1, -7]);
      expect(s.ranking()).toEqual([0, 1, 2]);
      expect(returnsFromRanking(s.ranking())).toEqual([1, 0, -1]);
      expect(s.view(1)).toMatchObject({ winners: [0], truncated: true, isOver: true, toAct: -1 });
      expect(events(s).filter((e) => e[0] === 'end')).toEqual([['end', 1]]);
      expect(cityplan.evaluate(s, 0)).toBe(1);
    },
  );

  test('turn 39 ending is not the cap: turn 40 follows', () => {
    const s = playNamed(capped(39), 'draw 2 cards', 'draw 2 cards', 'draw 2 cards');
    expect(s.isTerminal()).toBe(false);
    expect(s.view(0)).toMatchObject({ turn: 40, mayor: 1, phase: 'actionSelect' });
  });

  test('without City Hall, tied totals share the place and the next place skips', () => {
    const s = playNamed(
      load({
        players: 3,
        phase: 'build',
        turn: 40,
        hands: ['', '', ''],
        cities: ['Stadium', 'Chemical Complex, Row Houses', ''],
      }),
      'draw 2 cards',
      'draw 2 cards',
      'draw 2 cards',
    );
    expect(s.scores()).toEqual([4, 4, -5]);
    expect(s.ranking()).toEqual([0, 0, 2]);
    expect(s.view(2).winners).toEqual([0, 1]);
  });
});

describe('§8.1 Plain variant', () => {
  test(
    'no special or mixed facility in the deck; every city starts with the Initial Power Plant and a Farm; 16 ' +
      'chips',
    () => {
      const s = cityplan.newGame({ players: 3, seed: 5, config: { variant: 'plain' } }) as CityPlanState;
      const json = readable(s);
      expect(json.variant).toBe('plain');
      expect(json.cities).toEqual([
        [FARM, INITIAL_PLANT],
        [FARM, INITIAL_PLANT],
        [FARM, INITIAL_PLANT],
      ]);
      expect(json.power).toEqual([16, 16, 16]);
      expect(json.deck.length + json.hands.flat().length).toBe(DECK_SIZE.plain);
      expect([...json.deck, ...json.hands.flat()].every((k) => k < 30)).toBe(true);
      expect(s.view(0).variant).toBe('plain');
    },
  );

  test('the Plain Farm counts as eco and as a special: 10 buildings earn at most 10 for completion', () => {
    const s = load({
      players: 2,
      variant: 'plain',
      phase: 'build',
      incomeUsed: [1, 2, 3, 4, 5, 6],
      cities: ['Row Houses x3, Corner Shops x3, Workshops x2', ''],
      hands: ['Warehouses', ''],
    });
    playNamed(s, 'build Warehouses (0 cards, 3 power)', 'draw 2 cards');
    expect(s.isTerminal()).toBe(true);
    expect(s.view(0).final![0]).toMatchObject({ completion: 10 });
    expect(
      cityStats(
        readable(s).cities[0].reduce((c, k) => {
          c[k]++;
          return c;
        }, new Array<number>(51).fill(0)),
      ).eco,
    ).toBe(1);
  });

  test.each([{ variant: 'classic' }, { foo: 1 }, 'plain', null])('config %j is rejected', (config) => {
    expect(() => cityplan.newGame({ players: 2, seed: 0, config: config as never })).toThrow(AgoraError);
    expect(() => cityplan.newGame({ players: 2, seed: 0, config: config as never })).toThrow(/config is \{ variant\?/);
  });
});
