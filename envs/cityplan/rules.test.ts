import { describe, expect, test } from 'vitest';
import { IllegalActionError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { INITIAL_PLANT, deckCopies, kindByName } from './components.js';
import { cityplan } from './index.js';
import { cityStats, cityTickets, completionBonus, endEffects, rankTotals } from './scoring.js';
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
  type CityPlanJson,
  type CityPlanState,
} from './test-helpers.js';
import { maxGameLength } from './transitions.js';

const K = kindByName;
const newGame = (players = 2, seed: number | string = 0) => cityplan.newGame({ players, seed }) as CityPlanState;

/** Counts per kind 0..50 of a city given by name (the Initial Power Plant added). */
function city(names: string): number[] {
  const counts = new Array<number>(51).fill(0);
  for (const k of [...parseCards(names), INITIAL_PLANT]) counts[k]++;
  return counts;
}

describe('§9 action space', () => {
  test('107 actions: 0-2 action cards, 3-52 build, 53 draw 2, 54-103 discard, 104 finish, 105/106 sacrifice', () => {
    expect(cityplan.actionSize).toBe(107);
    const s = newGame(2, 1);
    expect(s.legalActions()).toEqual([0, 1, 2]);
    expect(labels(s)).toEqual(['play Income', 'play Exchange', 'play Council']);
    expect(s.actionToString(3 + K('Apartments'))).toBe('build Apartments');
    expect(s.actionToString(53)).toBe('draw 2 cards');
    expect(s.actionToString(54 + K('Factory'))).toBe('discard Factory');
    expect(s.actionToString(104)).toBe('finish exchange');
    expect(s.actionToString(105)).toBe('sacrifice Construction Site (3 cards less)');
    expect(s.actionToString(106)).toBe('keep Construction Site');
    expect(s.actionToString(107)).toBe('action 107 (not an action)');
  });

  test('a build phase offers every payable kind held (ascending) and always draw 2', () => {
    const s = load({
      players: 2,
      phase: 'build',
      hands: ['Steel Mill, Row Houses, Apartments x2', ''],
      power: [2, 18],
    });
    expect(s.legalActions()).toEqual([3 + K('Row Houses'), 3 + K('Apartments'), 53]);
    expect(labels(s)).toEqual([
      'build Row Houses (0 cards, 1 power)',
      'build Apartments (1 card, 2 power)',
      'draw 2 cards',
    ]);
  });

  test('maxGameLength = 40 turns x players x 43 decisions; defaults 2 players, allows 2-5', () => {
    expect([2, 3, 4, 5].map(maxGameLength)).toEqual([3440, 5160, 6880, 8600]);
    expect(cityplan.maxGameLength(3)).toBe(5160);
    expect([cityplan.minPlayers, cityplan.maxPlayers, cityplan.defaultPlayers]).toEqual([2, 5, 2]);
  });
});

describe('§3 setup and §5 chance', () => {
  test.each([0, 1, 'seed', 42])(
    'seed %s: the deck is shuffled from ascending kind order, seat 0 takes the top 5, then the mayor is drawn',
    (seed) => {
      for (const players of [2, 5]) {
        const rng = Rng.fromSeed(seed);
        const ascending: number[] = [];
        deckCopies('delta').forEach((copies, k) => {
          for (let i = 0; i < copies; i++) ascending.push(k);
        });
        const deck = rng.shuffle(ascending);
        const mayor = rng.int(players);
        const s = cityplan.newGame({ players, seed }) as CityPlanState;
        const json = readable(s);
        for (let seat = 0; seat < players; seat++) {
          expect(json.hands[seat]).toEqual(deck.slice(seat * 5, seat * 5 + 5).sort((a, b) => a - b));
          expect(json.cities[seat]).toEqual([INITIAL_PLANT]);
        }
        expect(json.deck).toEqual(deck.slice(players * 5));
        expect(json.mayor).toBe(mayor);
        expect(json.rng).toEqual(rng.state());
        expect(s.currentPlayer()).toBe(mayor);
        expect(json).toMatchObject({
          power: new Array(players).fill(18),
          councilors: new Array(players).fill(0),
          assembly: 0,
          turn: 1,
          phase: 'actionSelect',
          incomeUsed: [],
        });
      }
    },
  );

  test('the first mayor over seeds 0..39 takes every seat of 4 (the draw is really used)', () => {
    const mayors = new Set(Array.from({ length: 40 }, (_, seed) => newGame(4, seed).view(-1).mayor));
    expect([...mayors].sort()).toEqual([0, 1, 2, 3]);
  });

  test("a reshuffle sorts the pile into ascending kind order and shuffles it with the state's RNG (§5)", () => {
    // Seat 0's face-down discards are the highest kinds: the pile is stored out of kind order.
    const s = loadEdited({ players: 2, hands: ['', ''], deck: '', restToDiscard: true }, (j) => {
      j.discard.bySeat[0] = j.discard.faceUp.splice(-7);
    });
    const before = readable(s);
    const pile = [...before.discard.bySeat[0], ...before.discard.faceUp].sort((a, b) => a - b);
    const rng = Rng.fromState(before.rng);
    const order = rng.shuffle(pile);
    commitAll(s, ['Income', 'Exchange']);
    // Seat 0 (mayor, Income) drew the new top card; the rest stands in shuffled order.
    expect(readable(s).hands[0]).toEqual([order[0]]);
    expect(readable(s).deck).toEqual(order.slice(1));
    expect(readable(s).rng).toEqual(rng.state());
    expect(events(s)).toContainEqual(['reshuffle', pile.length]);
  });
});

describe('§10 scenarios', () => {
  test(
    'S1 — action order: Income first, then Council in mayor order; ' + 'the second Council finds no chip and draws',
    () => {
      const s = load({
        players: 3,
        mayor: 0,
        hands: ['Row Houses', 'Corner Shops', 'Workshops'],
        incomeUsed: [1],
        councilors: [4, 4, 0],
        assembly: 1,
        deck: 'Factory, Park',
      });
      commitAll(s, ['Council', 'Council', 'Income']);
      expect(handOf(s, 2)).toBe('Workshops, Factory');
      expect(handOf(s, 0)).toBe('Row Houses');
      expect(handOf(s, 1)).toBe('Corner Shops, Park');
      expect(s.view(-1)).toMatchObject({
        councilors: [5, 4, 0],
        assembly: 0,
        phase: 'build',
        toAct: 0,
        revealed: [2, 2, 0],
      });
      expect(events(s).slice(3)).toEqual([
        ['played', 0, 2],
        ['played', 1, 2],
        ['played', 2, 0],
        ['draw', 2, 1, 0],
        ['chips', 0, 1],
        ['draw', 1, 1, 1],
      ]);
    },
  );

  test('S2 — council closed: Council draws 1 card and takes no chip', () => {
    const s = load({ players: 2, mayor: 0, hands: ['Row Houses', 'Corner Shops'], deck: 'Factory, Park' });
    commitAll(s, ['Council', 'Income']);
    expect(handOf(s, 1)).toBe('Corner Shops, Factory');
    expect(handOf(s, 0)).toBe('Row Houses, Park');
    expect(s.view(-1)).toMatchObject({ councilors: [0, 0], assembly: 0, councilOpen: false });
    expect(events(s).slice(-1)).toEqual([['draw', 0, 1, 1]]);
  });

  test('S3 — stacked reductions: Airport and Highway take Department Store from 3 cards to 1; power 4', () => {
    const s = load({
      players: 2,
      phase: 'build',
      cities: ['Airport, Highway', ''],
      power: [5, 18],
      hands: ['Department Store, Row Houses x2, Corner Shops x2, Workshops', ''],
    });
    expect(labels(s)).toContain('build Department Store (1 card, 4 power)');
    playNamed(s, 'build Department Store (1 card, 4 power)');
    expect(s.view(-1)).toMatchObject({
      phase: 'pay',
      pending: { seat: 0, kind: K('Department Store'), cost: 1, due: 1, power: 4 },
    });
    expect(labels(s)).toEqual(['pay with Row Houses', 'pay with Corner Shops', 'pay with Workshops']);
    playNamed(s, 'pay with Workshops');
    expect(s.view(0)).toMatchObject({ handSizes: [4, 0], power: [1, 18], phase: 'build', toAct: 1, pending: null });
    expect(s.view(0).cities[0]).toContain(K('Department Store'));
    expect(events(s)).toContainEqual(['build', 0, K('Department Store'), 1, 4, 0]);
  });

  test('S4 — Planned Construction Site: two free builds, then normal costs again', () => {
    const s = load({
      players: 2,
      phase: 'build',
      power: [10, 18],
      deck: 'Workshops, Workshops, Warehouses, Factory',
      hands: ['Planned Construction Site, Chemical Complex, Station, Row Houses x2, Corner Shops x2', ''],
    });
    playNamed(
      s,
      'build Planned Construction Site (4 cards, 0 power)',
      'pay with Row Houses',
      'pay with Row Houses',
      'pay with Corner Shops',
      'pay with Corner Shops',
    );
    expect(s.view(0)).toMatchObject({ handSizes: [2, 0], freeBuilds: [2, 0], power: [10, 18] });
    expect(handOf(s, 0)).toBe('Chemical Complex, Station');
    playNamed(s, 'draw 2 cards');
    // Turn 2, mayor seat 1: both play Income; seat 0 draws the Factory.
    commitAll(s, ['Income', 'Income']);
    playNamed(s, 'draw 2 cards', 'build Chemical Complex (0 cards, 6 power)');
    expect(s.view(0)).toMatchObject({ power: [4, 18], freeBuilds: [1, 0], turn: 3 });
    commitAll(s, ['Income', 'Income']);
    playNamed(s, 'build Station (0 cards, 2 power)', 'draw 2 cards');
    expect(s.view(0)).toMatchObject({ power: [2, 18], freeBuilds: [0, 0], turn: 4 });
    commitAll(s, ['Income', 'Income']);
    playNamed(s, 'draw 2 cards');
    expect(s.currentPlayer()).toBe(0);
    expect(handOf(s, 0)).toContain('Factory');
    expect(s.actionToString(3 + K('Factory'))).toBe('build Factory (1 card, 3 power)');
    // 2 chips left: the Factory's 3 power is not payable.
    expect(s.legalActions()).not.toContain(3 + K('Factory'));
  });

  test('S5 — power plant: Gas Power Plant costs 2 cards and no power, and gives 10 chips', () => {
    const s = load({
      players: 2,
      phase: 'build',
      power: [3, 18],
      hands: ['Gas Power Plant, Row Houses, Corner Shops', ''],
    });
    playNamed(s, 'build Gas Power Plant (2 cards, +10 power)', 'pay with Row Houses', 'pay with Corner Shops');
    expect(s.view(0)).toMatchObject({ power: [13, 18], handSizes: [0, 0] });
    expect(events(s).slice(-2)).toEqual([
      ['build', 0, K('Gas Power Plant'), 2, 0, 0],
      ['gain', 0, 10],
    ]);
  });

  test('S6 — not enough power: Steel Mill is illegal with 4 chips, legal and free of power with TV Tower', () => {
    const hands = ['Steel Mill, Row Houses x3, Corner Shops x2, Workshops x2', ''];
    const poor = load({ players: 2, phase: 'build', power: [4, 18], hands });
    expect(poor.legalActions()).not.toContain(3 + K('Steel Mill'));
    const before = JSON.stringify(poor.toJSON());
    expect(() => poor.applyAction(3 + K('Steel Mill'))).toThrow(IllegalActionError);
    expect(() => poor.applyAction(3 + K('Steel Mill'))).toThrow(/cannot pay for Steel Mill \(2 cards, 5 power\)/);
    expect(JSON.stringify(poor.toJSON())).toBe(before);

    const tower = load({ players: 2, phase: 'build', power: [4, 18], cities: ['TV Tower', ''], hands });
    playNamed(tower, 'build Steel Mill (2 cards, 0 power)', 'pay with Row Houses', 'pay with Workshops');
    expect(tower.view(0)).toMatchObject({ power: [4, 18], handSizes: [5, 0] });
  });

  test('S7 — Construction Site sacrifice, mandatory when the build is payable only with it', () => {
    const s = load({
      players: 2,
      phase: 'build',
      power: [6, 18],
      cities: ['Construction Site, Row Houses, Corner Shops, Workshops, Park', ''],
      hands: ['Shopping Mall, Warehouses', ''],
    });
    expect(s.view(0).cities[0]).toHaveLength(6);
    expect(labels(s)).toEqual([
      'build Shopping Mall (4 cards or 1 with the site, 5 power)',
      'build Warehouses (0 cards, 3 power)',
      'draw 2 cards',
    ]);
    playNamed(s, 'build Shopping Mall (4 cards or 1 with the site, 5 power)');
    expect(s.view(0).phase).toBe('sacrifice');
    expect(s.legalActions()).toEqual([105]);
    expect(() => s.applyAction(106)).toThrow(/the sacrifice is mandatory/);
    playNamed(s, 'sacrifice Construction Site (3 cards less)');
    expect(s.view(0)).toMatchObject({ phase: 'pay', pending: { cost: 1, due: 1, power: 5, sacrificed: true } });
    playNamed(s, 'pay with Warehouses');
    const v = s.view(0);
    expect(v.cities[0]).toHaveLength(6);
    expect(v.cities[0]).not.toContain(K('Construction Site'));
    expect(v.publicDiscards).toEqual([K('Construction Site')]);
    expect(v.ownDiscards).toEqual([K('Warehouses')]);
    expect(v).toMatchObject({ handSizes: [0, 0], power: [1, 18] });
    expect(events(s)).toContainEqual(['build', 0, K('Shopping Mall'), 1, 5, 1]);
  });

  test('S8 — hand limit at the end of the Build phase only; income may push a hand to 10 until the next one', () => {
    const s = load({
      players: 3,
      phase: 'build',
      mayor: 0,
      cities: ['', '', 'Suburban Homes'],
      hands: [
        'Corner Shops x3, Workshops x3, Warehouses x3',
        'Apartments x3, Condominiums x3, Factory',
        'Row Houses, Supermarket x3, Office Building x3, Industrial Park x2',
      ],
    });
    playNamed(s, 'draw 2 cards', 'draw 2 cards', 'build Row Houses (0 cards, 1 power)');
    expect(s.view(-1)).toMatchObject({ phase: 'handLimit', toAct: 0, handSizes: [11, 9, 8] });
    playNamed(s, 'discard Corner Shops', 'discard Workshops', 'discard Warehouses');
    expect(s.view(-1)).toMatchObject({ phase: 'handLimit', toAct: 1, handSizes: [8, 9, 8] });
    playNamed(s, 'discard Factory');
    // Income: Housing Grant (seat 2 has R-count 2) pays seat 2 two cards and the others one.
    expect(s.view(-1)).toMatchObject({ phase: 'actionSelect', turn: 2, handSizes: [9, 9, 10] });
    expect(events(s, 1).filter((e) => e[0] === 'handLimit')).toEqual([
      ['handLimit', 0, 3],
      ['handLimit', 1, 1],
    ]);
    commitAll(s, ['Council', 'Council', 'Council']);
    expect(s.view(-1)).toMatchObject({ phase: 'build', toAct: 1, handSizes: [9, 9, 10] });
    playNamed(s, 'draw 2 cards', 'draw 2 cards', 'draw 2 cards');
    expect(s.view(-1)).toMatchObject({ phase: 'handLimit', toAct: 1, handSizes: [11, 11, 12] });
  });

  test('S9 — the first income card opens the council; draws in mayor order; a card never triggers twice', () => {
    const s = load({
      players: 3,
      phase: 'build',
      mayor: 1,
      cities: ['Apartments, Eco Housing', 'Hospital', ''],
      hands: ['', '', ''],
    });
    playNamed(s, 'draw 2 cards', 'draw 2 cards', 'draw 2 cards');
    expect(events(s, 1).slice(-5)).toEqual([
      ['income', 0],
      ['draw', 1, 1, 5],
      ['draw', 2, 1, 5],
      ['draw', 0, 2, 5],
      ['councilOpens', 9],
    ]);
    expect(s.view(-1)).toMatchObject({
      handSizes: [4, 3, 3],
      assembly: 9,
      councilOpen: true,
      incomeUsed: [true, false, false, false, false, false],
    });
    commitAll(s, ['Income', 'Income', 'Income']);
    playNamed(s, 'draw 2 cards', 'draw 2 cards', 'draw 2 cards');
    expect(events(s, 2).filter((e) => e[0] === 'income')).toEqual([]);
  });

  test('S10 — Eco Incentive pays min(eco-count, 2): 2, 1 and 0', () => {
    const s = load({
      players: 3,
      phase: 'build',
      cities: ['Park, Solar Power Plant, Eco Housing', "Farmers' Market", ''],
      hands: ['', '', ''],
      incomeUsed: [5],
    });
    playNamed(s, 'draw 2 cards', 'draw 2 cards', 'draw 2 cards');
    expect(events(s, 1).slice(-3)).toEqual([
      ['income', 3],
      ['draw', 0, 2, 5],
      ['draw', 1, 1, 5],
    ]);
    expect(s.view(-1).handSizes).toEqual([4, 3, 2]);
  });

  test('S11 — Subsidy: 8 buildings trigger it; seats with 7 or fewer draw 2, the 8-building seat none', () => {
    const s = load({
      players: 3,
      phase: 'build',
      hands: ['', '', ''],
      incomeUsed: [1, 2, 3, 4, 5],
      cities: [
        'Row Houses x3, Corner Shops x3, Workshops',
        'Suburban Homes x3, Shopping Street x3',
        'Apartments x3, Factory',
      ],
    });
    expect(s.view(-1).cities.map((c) => c.length)).toEqual([8, 7, 5]);
    playNamed(s, 'draw 2 cards', 'draw 2 cards', 'draw 2 cards');
    expect(events(s, 1).slice(-3)).toEqual([
      ['income', 5],
      ['draw', 1, 2, 5],
      ['draw', 2, 2, 5],
    ]);
    expect(s.view(-1).handSizes).toEqual([2, 4, 4]);
  });

  test('S12 — full final score: 26 + 2 + 5 + 20 + 14 + 10 = 77', () => {
    const s = load({
      players: 2,
      phase: 'build',
      mayor: 0,
      cursor: 1,
      incomeUsed: [1, 2, 3, 4, 5, 6],
      councilors: [2, 2],
      cities: [
        "Apartments, Condominiums, Eco Housing, Supermarket, Office Building, Farmers' Market, Factory, Industrial " +
          'Park, Solar Power Plant',
        '',
      ],
      hands: ['', 'Warehouses'],
      deck: 'Row Houses, Thermal Power Plant, Stadium, Supermarket, Farm, Office Building',
    });
    playNamed(s, 'build Warehouses (0 cards, 3 power)');
    expect(s.isTerminal()).toBe(true);
    expect(s.isTruncated()).toBe(false);
    const final = s.view(1).final!;
    expect(final[0]).toMatchObject({
      buildingPoints: 26,
      chips: 2,
      council: 5,
      completion: 20,
      development: 14,
      effects: 0,
      tickets: 6,
      cityBonus: 10,
      total: 77,
    });
    expect(final[0].bonusCards).toEqual(
      parseCards('Row Houses, Thermal Power Plant, Stadium, Supermarket, Farm, Office Building'),
    );
    expect(final[1]).toMatchObject({ buildingPoints: 2, council: 5, tickets: 0, total: 9 });
    expect(s.scores()).toEqual([77, 9]);
    expect(s.ranking()).toEqual([0, 1]);
    expect(s.view(0).winners).toEqual([0]);
  });

  test('S13 — ticket counting: R 5, C 3, I 1, eco 6 give 3 + 1 + 0 + 2 + 1 = 7; the Hospital counts as R', () => {
    const c = city("Hospital, Eco Housing x2, Garden Suburb x2, Farmers' Market x2, Corner Shops, Workshops");
    expect(cityStats(c)).toMatchObject({ r: 5, c: 3, i: 1, eco: 6, buildings: 10 });
    expect(cityTickets(cityStats(c))).toBe(7);
    const withPark = city("Park, Eco Housing x2, Garden Suburb x2, Farmers' Market x2, Corner Shops, Workshops");
    expect(cityTickets(cityStats(withPark))).toBe(2 + 1 + 0 + 3 + 1);
  });

  test('S14 — council bonus: most chips +5 each on a tie, no chips -5; all at 0 means only penalties', () => {
    const chips = load({ players: 3, hands: ['', '', ''], incomeUsed: [1], councilors: [3, 3, 0] });
    expect(breakdownsOf(chips).map((b) => [b.chips, b.council])).toEqual([
      [3, 5],
      [3, 5],
      [0, -5],
    ]);
    const none = load({ players: 3, hands: ['', '', ''] });
    expect(breakdownsOf(none).map((b) => b.council)).toEqual([-5, -5, -5]);
  });

  test('S15 — tie-break: City Hall breaks a tie at any place; without it the tied share the place', () => {
    expect(rankTotals([70, 70, 64], [false, true, false])).toEqual([1, 0, 2]);
    expect(rankTotals([70, 70, 64], [false, false, false])).toEqual([0, 0, 2]);
    expect(rankTotals([75, 70, 70], [false, false, true])).toEqual([0, 2, 1]);
  });

  test(
    'S16 — end trigger: the 10th building ends the game only after everyone builds, ' + 'the hand limit and income',
    () => {
      const s = load({
        players: 3,
        phase: 'build',
        mayor: 0,
        incomeUsed: [1, 2, 3, 4, 5],
        cities: ['Suburban Homes x3, Shopping Street x3, Factory x2', '', ''],
        hands: ['Row Houses', 'Corner Shops', 'Apartments x3, Condominiums x3, Steel Mill'],
      });
      playNamed(s, 'build Row Houses (0 cards, 1 power)');
      expect(s.view(-1).cities[0]).toHaveLength(10);
      expect(s.isTerminal()).toBe(false);
      expect(s.currentPlayer()).toBe(1);
      playNamed(s, 'build Corner Shops (0 cards, 1 power)', 'draw 2 cards');
      expect(s.view(-1)).toMatchObject({ phase: 'handLimit', toAct: 2 });
      playNamed(s, 'discard Steel Mill');
      expect(s.isTerminal()).toBe(true);
      expect(
        events(s)
          .filter((e) => ['handLimit', 'income', 'draw', 'end'].includes(e[0] as string))
          .slice(-6),
      ).toEqual([
        ['draw', 2, 2, 3],
        ['handLimit', 2, 1],
        ['income', 5],
        ['draw', 1, 2, 5],
        ['draw', 2, 2, 5],
        ['end', 0],
      ]);
      expect(
        events(s)
          .filter((e) => e[0] === 'cityBonus')
          .map((e) => e[1]),
      ).toEqual([0, 1, 2]);
      expect(s.view(2).hand).toEqual([]);
    },
  );

  test('S17 — completion with mixed facilities: School counts as a special', () => {
    const nine = city('School, Row Houses x3, Corner Shops x3, Workshops');
    expect(cityStats(nine)).toMatchObject({ buildings: 9, specials: 1 });
    expect(completionBonus(9, cityStats(nine).specials)).toBe(5);
    const ten = city('School, Station, Row Houses x3, Corner Shops x3, Workshops');
    expect(completionBonus(10, cityStats(ten).specials)).toBe(5);
  });

  test('S18 — end-game effects: Museum +1 per eco building; Hospital +1 per other R-counting building', () => {
    const museum = city('Museum, Park, Solar Power Plant, Eco Housing, Recycling Center, Row Houses');
    expect(endEffects(museum, 0, cityStats(museum))).toBe(4);
    const hospital = city('Hospital, School, Row Houses, Apartments, Corner Shops');
    expect(endEffects(hospital, 0, cityStats(hospital))).toBe(3);
  });

  test('S19 — exchange across a reshuffle: discards reach the pile before the draws and are shuffled in', () => {
    const s = loadEdited(
      { players: 5, mayor: 0, hands: ['Row Houses, Corner Shops, Workshops', '', '', '', ''], deck: 'Factory, Park' },
      (j: CityPlanJson) => {
        const rest = j.deck.splice(2);
        j.discard.bySeat[1] = rest.splice(0, 5);
        for (let seat = 0; seat < 5; seat++) j.cities[seat].push(...rest.splice(0, 8));
        rest.forEach((k, i) => j.hands[1 + (i % 4)].push(k));
        for (const list of [...j.hands, ...j.cities]) list.sort((a, b) => a - b);
      },
    );
    expect(s.view(0)).toMatchObject({ deckSize: 2, discardSize: 5 });
    commitAll(s, ['Exchange', 'Council', 'Council', 'Council', 'Council']);
    expect(s.view(0).phase).toBe('exchange');
    playNamed(s, 'exchange Row Houses', 'exchange Corner Shops', 'exchange Workshops');
    expect(s.view(0).ownSetAside).toEqual(parseCards('Row Houses, Corner Shops, Workshops'));
    expect(s.view(1)).toMatchObject({ setAsideCount: 3, ownSetAside: [] });
    const pile = [...readable(s).discard.bySeat[1], ...parseCards('Row Houses, Corner Shops, Workshops')].sort(
      (a, b) => a - b,
    );
    const order = Rng.fromState(readable(s).rng).shuffle(pile);
    playNamed(s, 'finish exchange (draw 3)');
    const log = events(s);
    const at = log.findIndex((e) => e[0] === 'exchange');
    expect(log.slice(at, at + 3)).toEqual([
      ['exchange', 0, 3],
      ['reshuffle', 8],
      ['draw', 0, 3, 2],
    ]);
    expect(s.view(0).hand).toEqual([K('Factory'), K('Park'), order[0]].sort((a, b) => a - b));
    // Then the four Council players (council closed) draw one each from the new deck (45 other hand
    // cards were dealt 12, 11, 11, 11).
    expect(s.view(0)).toMatchObject({ phase: 'build', deckSize: 3, discardSize: 0, handSizes: [3, 13, 12, 12, 12] });
  });
});
