/**
 * The worked scenarios of rules §10 (PH1-PH20), one test each, written in action labels.
 */
import { describe, expect, test } from 'vitest';
import { IllegalActionError } from '../core/errors.js';
import { returnsFromRanking } from '../core/returns.js';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { AD_KINDS, ITEM_KINDS, K } from './components.js';
import { philadelphia } from './index.js';
import type { PhiladelphiaState } from './index.js';
import { dieSeed, discardOf, eventsOf, fieldOf, goldOf, handOf, json, knownOf, labels, load } from './test-helpers.js';

const DIE_5 = dieSeed((f) => f[0] === 5);

describe('rules §10 scenarios', () => {
  test('PH1 set validity: Pair and Flush 3 are legal, a repeated name or a specialist is not; Flush 3 scores 2', () => {
    const spec = { hands: [['Cafe', 'Cafe', 'Movie Theater', 'Hotel', 'Head Chef'], []] };
    const s = playNamed(load(spec), 'submit sets...');
    expect(labels(s)).toEqual(['Pair of Cafe (1 VP)', 'Flush 3 Food & Leisure: Cafe, Movie Theater, Hotel (2 VP)']);
    // Set ids 4 (Pair of regular 4 = Cafe) and 72 + 4*1 + 3 = 79 (FUN omitting Restaurant).
    expect(s.legalActions()).toEqual([51 + 4, 51 + 79]);
    playNamed(s, 'Flush 3 Food & Leisure: Cafe, Movie Theater, Hotel (2 VP)');
    // Only one Cafe is left, so no set fits and the Submit ends by itself.
    expect(s.view(0).vp[0]).toBe(2);
    expect(handOf(s, 0)).toEqual(['Cafe', 'Head Chef']);
    const pair = playNamed(load(spec), 'submit sets...', 'Pair of Cafe (1 VP)');
    expect(pair.view(0).vp[0]).toBe(1);
    expect(handOf(pair, 0)).toEqual(['Movie Theater', 'Hotel', 'Head Chef']);
  });

  test(
    'PH2 multi-set submit with Banks: 3 + 5 + 2 = 10 VP, 2 Banks ' +
      'x 2 sets x 2 = 8 gold, 12 cards shuffled under the deck',
    () => {
      const discard = ['Farmer', 'Fisher', 'Bus Company', 'Miner', 'Airline'];
      const s = load({
        hands: [['Cafe', 'Cafe', 'Cafe', 'Cafe', 'Design Office', 'Painter', 'Demolition Contractor'], []],
        fields: [['Bank', 'Bank'], []],
        vp: [3, 0],
        adDiscard: discard,
      });
      const before = json(s);
      playNamed(s, 'submit sets...', 'Four of a Kind: Cafe (5 VP)');
      expect(labels(s)).toEqual([
        'Flush 3 Construction: Demolition Contractor, Design Office, Painter (2 VP)',
        'finish submitting',
      ]);
      expect(s.legalActions()).toEqual([51 + 72, 153]);
      playNamed(s, 'Flush 3 Construction: Demolition Contractor, Design Office, Painter (2 VP)');
      const after = json(s);
      expect(after.vp[0]).toBe(10);
      expect(after.gold[0]).toBe(7 + 8);
      expect(after.hands[0]).toEqual([]);
      expect(after.adDiscard).toEqual([]);
      // The 7 submitted and the 5 discarded cards, in ascending kind order, shuffled by the game's RNG.
      const pile = ['Demolition Contractor', 'Design Office', 'Painter', 'Cafe', 'Cafe', 'Cafe', 'Cafe', ...discard]
        .map((name) => AD_KINDS.findIndex((k) => k.name === name))
        .sort((a, b) => a - b);
      const expected = Rng.fromState(before.rng)
        .shuffle(pile)
        .map((k) => AD_KINDS[k].name);
      expect(after.adDeck).toEqual([...before.adDeck, ...expected]);
      // The game goes on: the same seat chooses its second action.
      expect(s.isTerminal()).toBe(false);
      expect(s.view(0)).toMatchObject({ toAct: 0, actionsLeft: 1, decision: { context: 'MAIN' } });
    },
  );

  test('PH3 Acquire limits: with hand 5, 1 gold and a Trading Company only n = 1 (free) and n = 2 (1 gold)', () => {
    const s = load({
      hands: [['Cafe', 'Bank', 'Miner', 'Pilot', 'Hotel'], []],
      fields: [['Trading Company'], []],
      gold: [1, 7],
    });
    playNamed(s, 'acquire...');
    expect(labels(s)).toEqual(['acquire 1 card for 0 gold', 'acquire 2 cards for 1 gold']);
    const before = JSON.stringify(s.toJSON());
    expect(() => s.applyAction(3)).toThrow(IllegalActionError);
    expect(JSON.stringify(s.toJSON())).toBe(before);
    playNamed(s, 'acquire 2 cards for 1 gold');
    expect(goldOf(s)[0]).toBe(0);
    expect(s.view(0).handSizes[0]).toBe(7);
  });

  test('PH4 Explore limits and Taxi: hand 7 cannot explore; hand 6 with a Taxi takes Bank and Pilot', () => {
    const full = load({ hands: [['Cafe', 'Bank', 'Miner', 'Pilot', 'Hotel', 'Farmer', 'Fisher'], []] });
    expect(labels(full)).not.toContain('explore');
    expect(() => full.applyAction(0)).toThrow(/Explore needs a hand of at most 6 cards/);

    const s = load({
      hands: [['Hotel', 'Farmer', 'Fisher', 'Doctor', 'Guard', 'Lawyer'], []],
      fields: [['Taxi Company'], []],
      deckTop: ['Cafe', 'Bank', 'Miner', 'Pilot'],
    });
    playNamed(s, 'explore');
    expect(labels(s)).toEqual([
      'take Cafe (position 0)',
      'take Bank (position 1)',
      'take Miner (position 2)',
      'take Pilot (position 3)',
    ]);
    playNamed(s, 'take Bank (position 1)');
    expect(labels(s)).toEqual([
      'also take Cafe (position 0)',
      'also take Miner (position 2)',
      'also take Pilot (position 3)',
      'take no second card',
    ]);
    playNamed(s, 'also take Pilot (position 3)');
    expect(s.view(0).handSizes[0]).toBe(8);
    expect(discardOf(s)).toEqual(['Cafe', 'Miner']);
    expect(knownOf(s, 0)).toEqual(['Pilot', 'Bank']);
    expect(s.view(0).revealed).toEqual([]);
  });

  describe('PH5 negative effect and inverters: posting Demolition Contractor (cost 1)', () => {
    test.each([
      ['(a) no modifiers', [], 5, 1],
      ['(b) Painter', ['Painter'], 5, 7],
      ['(c) Guard', ['Guard'], 5, 9],
      ['(d) Painter and Guard: Guard only', ['Painter', 'Guard'], 5, 9],
      ['(e) 2 gold, no modifiers: lose 3 from 1 -> 0', [], 2, 0],
    ])('%s', (_name, field, gold, expected) => {
      for (const cafe of [false, true]) {
        const s = load({
          hands: [['Demolition Contractor', 'Bank'], []],
          fields: [[...field, ...(cafe ? ['Cafe'] : [])], []],
          gold: [gold, 7],
        });
        playNamed(s, 'post...', 'post Demolition Contractor (cost 1)');
        expect(goldOf(s)[0]).toBe(expected + (cafe ? 1 : 0));
      }
    });
  });

  test('PH6 posting costs: Construction Company is free with 3 cards, else 3 minus 1 per Real Estate Agency', () => {
    const costOf = (hand: string[], field: string[]) => {
      const s = playNamed(load({ hands: [hand, []], fields: [field, []] }), 'post...');
      return labels(s).find((l) => l.startsWith('post Construction Company'));
    };
    const small = playNamed(load({ hands: [['Construction Company', 'Farmer', 'Bank'], []] }), 'post...');
    expect(labels(small)).toEqual(['post Construction Company (cost 0)', 'post Farmer (cost 1)', 'post Bank (cost 3)']);
    const four = ['Construction Company', 'Farmer', 'Bank', 'Cafe'];
    expect(costOf(four, [])).toBe('post Construction Company (cost 3)');
    expect(costOf(four, ['Real Estate Agency'])).toBe('post Construction Company (cost 2)');
    expect(costOf(four, ['Real Estate Agency', 'Real Estate Agency'])).toBe('post Construction Company (cost 1)');
  });

  test.each([false, true])(
    'PH7 adoption on a 5 (Economic Boom %s): X gains 12, Y 10, then X draws for the Farmer',
    (boom) => {
      const s = load({
        hands: [[], [], []],
        gold: [0, 0, 7],
        turnSeat: 2,
        actionsLeft: 1,
        seed: DIE_5,
        boom,
        fields: [['Movie Theater', 'Hotel', 'Farmer', 'Accountant'], ['Guard', 'Bank'], []],
      });
      playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
      const v = s.view(-1);
      expect(v.lastDie).toBe(5);
      expect(v.gold.slice(0, 2)).toEqual(boom ? [14, 12] : [12, 10]);
      expect(v.handSizes[0]).toBe(1);
      expect(eventsOf(s, 'draw')).toEqual([['draw', 0, 1, K.farmer]]);
      // The established ads left; Renewal then put a marker on the two that stay.
      expect(fieldOf(s, 0)).toEqual(['Hotel:1', 'Accountant:1']);
      expect(fieldOf(s, 1)).toEqual([]);
      expect(discardOf(s)).toEqual(['Movie Theater', 'Guard', 'Farmer', 'Bank']);
      expect(v).toMatchObject({ round: 2, startPlayer: 1, toAct: 1, phase: 'action' });
    },
  );

  test('PH8 default with Railway and Insurance: the Cafe returns to hand and X gains 4 + 3 = 7', () => {
    const s = load({
      hands: [[], []],
      gold: [0, 7],
      turnSeat: 1,
      actionsLeft: 1,
      seed: DIE_5,
      fields: [['Railway Company:0', 'Cafe:2', 'Insurance Company:1'], []],
    });
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
    expect(fieldOf(s, 0)).toEqual(['Railway Company:1', 'Insurance Company:2']);
    expect(handOf(s, 0)).toEqual(['Cafe']);
    expect(knownOf(s, 0)).toEqual(['Cafe']);
    expect(goldOf(s)[0]).toBe(7);
    expect(eventsOf(s, 'defaulted')).toEqual([['defaulted', 0, K.cafe, 1]]);
  });

  test('PH9 Doctor heals everyone: Doctor and Fisher default, the Police Station loses its markers', () => {
    const s = load({
      hands: [[], []],
      turnSeat: 1,
      actionsLeft: 1,
      seed: DIE_5,
      fields: [['Doctor:3'], ['Police Station:2', 'Fisher:1']],
    });
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
    expect(fieldOf(s, 0)).toEqual([]);
    expect(fieldOf(s, 1)).toEqual(['Police Station:0']);
    expect(discardOf(s)).toEqual(['Doctor', 'Fisher']);
  });

  test('PH10 markers from effects: a Police marker takes the Cafe to 3, and it defaults at the next Renewal', () => {
    const seed = dieSeed((f) => [3, 5, 6].includes(f[0]));
    const s = load({ hands: [['Police Station', 'Bank'], ['Bank']], fields: [[], ['Cafe:2']], seed });
    playNamed(s, 'post...', 'post Police Station (cost 2)');
    expect(labels(s)).toEqual(["marker on seat 1's Cafe (slot 0)"]);
    playNamed(s, "marker on seat 1's Cafe (slot 0)");
    expect(fieldOf(s, 1)).toEqual(['Cafe:3']);
    expect(s.view(0)).toMatchObject({ toAct: 0, actionsLeft: 1, decision: { context: 'MAIN' } });
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold', 'acquire...', 'acquire 1 card for 1 gold');
    expect(fieldOf(s, 1)).toEqual([]);
    expect(eventsOf(s, 'defaulted')).toEqual([['defaulted', 1, K.cafe, 0]]);
    expect(fieldOf(s, 0)).toEqual(['Police Station:1']);

    const lawyer = load({ hands: [['Police Station', 'Bank'], []], fields: [[], ['Cafe:2', 'Lawyer']] });
    playNamed(lawyer, 'post...', 'post Police Station (cost 2)');
    expect(lawyer.view(0)).toMatchObject({ toAct: 0, actionsLeft: 1, decision: { context: 'MAIN' } });
    expect(fieldOf(lawyer, 1)).toEqual(['Cafe:2', 'Lawyer:0']);
  });

  test(
    'PH11 Design Office copies Movie Theater: 4 - 2 + 2 = ' + '4, then the Cafe +1 = 5; the Restaurant does not draw',
    () => {
      const s = load({
        hands: [['Design Office', 'Bank'], []],
        fields: [['Movie Theater', 'Cafe', 'Restaurant'], []],
        gold: [4, 7],
      });
      playNamed(s, 'post...', 'post Design Office (cost 2)');
      expect(labels(s)).toEqual(['copy nothing', 'copy Movie Theater (slot 0)']);
      playNamed(s, 'copy Movie Theater (slot 0)');
      expect(goldOf(s)[0]).toBe(5);
      expect(handOf(s, 0)).toEqual(['Bank']);
      expect(eventsOf(s, 'draw')).toEqual([]);
    },
  );

  test.each([
    ['with a Painter: markers are removed', ['Painter:1', 'Cafe:2'], ['Painter:0', 'Cafe:1', 'Airline:0']],
    ['without: the Cafe gets a third marker', ['Cafe:2'], ['Cafe:3', 'Airline:0']],
  ])('PH12 Airline %s; the Cafe pays 1 gold', (_name, field, after) => {
    const s = load({ hands: [['Airline', 'Bank'], []], fields: [field, []], gold: [3, 7] });
    playNamed(s, 'post...', 'post Airline (cost 3)');
    expect(fieldOf(s, 0)).toEqual(after);
    expect(goldOf(s)[0]).toBe(1);
  });

  test(
    'PH13 nested posting: Site Supervisor posts Demolition ' + 'for free; X ends with 6 gold, Y +2 from its Pilot',
    () => {
      const s = load({
        hands: [['Site Supervisor', 'Demolition Contractor'], []],
        fields: [['Painter', 'Cafe'], ['Pilot']],
        gold: [3, 0],
      });
      playNamed(s, 'post...', 'post Site Supervisor (cost 2)');
      expect(labels(s)).toEqual(['post Demolition Contractor free', 'post nothing']);
      playNamed(s, 'post Demolition Contractor free');
      expect(goldOf(s)).toEqual([6, 2]);
      expect(fieldOf(s, 0)).toEqual(['Painter:0', 'Cafe:0', 'Site Supervisor:0', 'Demolition Contractor:0']);
      // Demolition's own [WATCH] and Pilot come first, inside the Site Supervisor's posting.
      const gains = eventsOf(s, 'gain').map((e) => [e[1], e[2], e[3]]);
      expect(gains).toEqual([
        [0, 3, K.painter],
        [0, 1, K.cafe],
        [1, 1, K.pilot],
        [0, 1, K.cafe],
        [1, 1, K.pilot],
      ]);
    },
  );

  test(
    'PH14 forced pass: nothing else is legal, so Pass ' + 'reveals the hand, pays 1 gold and ends the turn at once',
    () => {
      const hand = ['Cafe', 'Hotel', 'Police Station', 'Airline', 'Miner', 'Bank', 'Insurance Company'];
      const s = load({ hands: [hand, ['Bank']], gold: [0, 7], round: 3 });
      expect(s.legalActions()).toEqual([46]);
      expect(labels(s)).toEqual(['pass (reveal the hand, gain 1 gold)']);
      playNamed(s, 'pass (reveal the hand, gain 1 gold)');
      expect(goldOf(s)[0]).toBe(1);
      expect(knownOf(s, 0)).toEqual(handOf(s, 0));
      expect(knownOf(s, 0)).toHaveLength(7);
      expect(s.view(1)).toMatchObject({ toAct: 1, actionsLeft: 2, turnSeat: 1 });
    },
  );

  test.each([
    ['Y has more gold and wins', [6, 9, 5], [1, 0, 2]],
    ['X and Y tie on VP and gold and share the win', [6, 6, 5], [0, 0, 2]],
  ])('PH15 end and tie-break: %s', (_name, gold, ranking) => {
    const s = load({ hands: [[], [], []], vp: [11, 11, 8], gold, round: 5, turnSeat: 2, actionsLeft: 1 });
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
    expect(s.isTerminal()).toBe(true);
    expect(s.isTruncated()).toBe(false);
    expect(s.scores()).toEqual([11, 11, 8]);
    expect(s.ranking()).toEqual(ranking);
    expect(philadelphia.evaluate(s, 1)).toBe(returnsFromRanking(ranking)[1]);
    expect(s.view(2).winners).toEqual(ranking.flatMap((p, seat) => (p === 0 ? [seat] : [])));
  });

  test('PH16 item row with the field card: set back at setup; revealed by a refill it stays face up', () => {
    // Seed 'ph16-2300' reveals Job Change, Economic Boom, Press Release at setup (found by search).
    const seed = 'ph16-2300';
    const s = philadelphia.newGame({ players: 2, seed }) as PhiladelphiaState;
    const rng = Rng.fromSeed(seed);
    rng.shuffle(Array.from({ length: 85 }, (_, i) => i));
    const items = rng.shuffle([0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    expect(items.slice(0, 3)).toEqual([0, 6, 4]);
    const deck = [...items.slice(3), 6].sort((a, b) => a - b);
    rng.shuffleInPlace(deck);
    const j = json(s);
    expect(j.items.slots).toEqual(['Job Change', 'Overtime', 'Press Release']);
    expect(deck[0]).toBe(1);
    expect(j.items.deck).toEqual(deck.slice(1).map((k) => ITEM_KINDS[k].name));
    expect(j.items.deck).toHaveLength(12);
    expect(j.startPlayer).toBe(rng.int(2));
    expect(j.items.boom).toBe(false);

    const r3 = load({
      hands: [['Cafe'], []],
      round: 3,
      items: ['Job Change', 'Overtime', 'Press Release'],
      itemDeckTop: ['Economic Boom', 'Headhunting'],
    });
    playNamed(r3, 'purchase...', 'buy Job Change (slot 0, 2 gold)');
    expect(labels(r3)).toEqual(['stop discarding and draw 0', 'discard Cafe']);
    playNamed(r3, 'stop discarding and draw 0');
    const after = json(r3);
    expect(after.items).toMatchObject({
      slots: ['Headhunting', 'Overtime', 'Press Release'],
      boom: true,
      discard: ['Job Change'],
      active: null,
    });
    expect(after.items.deck).not.toContain('Economic Boom');
  });

  test('PH17 loss, Guard, Lawyer: Tax Inspector takes Y to 0, pays Z 5 instead, and does nothing to W', () => {
    const s = load({
      hands: [['Tax Inspector', 'Bank'], [], [], []],
      gold: [7, 1, 4, 5],
      fields: [[], [], ['Guard'], ['Lawyer']],
    });
    playNamed(s, 'post...', 'post Tax Inspector (cost 2)');
    expect(goldOf(s)).toEqual([5, 0, 9, 5]);
  });

  test('PH18 Ship Captain: the Cafe survives 3 markers and defaults at 4; the Captain keeps its own threshold', () => {
    const seed = dieSeed((f) => f.every((d) => [2, 3, 5].includes(d)), 2);
    const s = load({ hands: [[], []], turnSeat: 1, actionsLeft: 1, seed, fields: [['Ship Captain:0', 'Cafe:2'], []] });
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
    expect(fieldOf(s, 0)).toEqual(['Ship Captain:1', 'Cafe:3']);
    // Round 2: seat 1 starts; both acquire twice.
    for (let i = 0; i < 4; i++) playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
    expect(s.view(0).round).toBe(3);
    expect(fieldOf(s, 0)).toEqual(['Ship Captain:2']);
    expect(eventsOf(s, 'defaulted')).toEqual([['defaulted', 0, K.cafe, 0]]);
  });

  test('PH19 watcher returned to hand: the Cafe leaves before [WATCH], so X keeps 0 gold; the Cafe is known', () => {
    const s = load({ hands: [['Fire Station'], []], fields: [['Cafe', 'Restaurant'], []], gold: [2, 7] });
    playNamed(s, 'post...', 'post Fire Station (cost 2)');
    expect(labels(s)).toEqual(['return nothing', 'return Cafe (slot 0) to hand', 'return Restaurant (slot 1) to hand']);
    playNamed(s, 'return Cafe (slot 0) to hand');
    expect(goldOf(s)[0]).toBe(0);
    expect(handOf(s, 0)).toEqual(['Cafe']);
    expect(knownOf(s, 0)).toEqual(['Cafe']);
    expect(fieldOf(s, 0)).toEqual(['Restaurant:0', 'Fire Station:0']);
    expect(eventsOf(s, 'draw')).toEqual([]);
  });

  test("PH20 effects on opponents: X's Painter does not invert Tax Inspector; Lawyer stops it before Guard", () => {
    const s = load({
      hands: [['Tax Inspector', 'Bank'], [], []],
      gold: [7, 3, 4],
      fields: [['Painter'], [], ['Lawyer', 'Guard']],
    });
    playNamed(s, 'post...', 'post Tax Inspector (cost 2)');
    expect(goldOf(s)).toEqual([5, 1, 4]);
    expect(eventsOf(s, 'lawyer')).toEqual([['lawyer', 2, K.taxInspector]]);
  });
});
