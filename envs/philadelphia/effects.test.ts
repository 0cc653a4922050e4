/**
 * Every ad effect (§2.3), item (§2.6) and resolved edge case (§8), each named after the rule it
 * checks, in action labels on hand-built positions.
 */
import { describe, expect, test } from 'vitest';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { AD_KINDS, ITEM_KINDS, K } from './components.js';
import {
  dieSeed,
  discardOf,
  events,
  eventsOf,
  fieldOf,
  goldOf,
  handOf,
  json,
  knownOf,
  labels,
  load,
  loadEdited,
} from './test-helpers.js';
import type { PhiladelphiaState } from './index.js';

const post = (s: PhiladelphiaState, name: string) => {
  playNamed(s, 'post...');
  const label = labels(s).find((l) => l.startsWith(`post ${name} (`));
  if (label === undefined) throw new Error(`cannot post ${name}: ${labels(s).join(', ')}`);
  return playNamed(s, label);
};
/** Every seat still to act this round acquires one card, until the round ends or a question comes up. */
function finishRound(s: PhiladelphiaState): PhiladelphiaState {
  const round = s.view(-1).round;
  while (s.view(-1).round === round && !s.isTerminal() && s.view(-1).decision.context === 'MAIN') {
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
  }
  return s;
}
/** The seat to act is seat 1, finishing round 1 of a 2-player game with one action left. */
const lastTurn = (spec: Parameters<typeof load>[0]) => load({ turnSeat: 1, actionsLeft: 1, ...spec });
const faceSeed = (...faces: number[]) => dieSeed((f) => faces.includes(f[0]));

describe('ad effects (§2.3)', () => {
  test('Construction Company [COST]: free with 3 cards in hand, so it can be posted with 0 gold', () => {
    const s = load({ hands: [['Construction Company', 'Cafe', 'Bank'], []], gold: [0, 7] });
    post(s, 'Construction Company');
    expect(fieldOf(s, 0)).toEqual(['Construction Company:0']);
    expect(goldOf(s)[0]).toBe(0);
  });

  describe('Design Office', () => {
    test('may decline, and cannot copy a Design Office', () => {
      const s = load({ hands: [['Design Office', 'Bank'], []], fields: [['Design Office', 'Fisher'], []] });
      post(s, 'Design Office');
      expect(labels(s)).toEqual(['copy nothing', 'copy Fisher (slot 1)']);
      playNamed(s, 'copy nothing');
      expect(handOf(s, 0)).toEqual(['Bank']);
      expect(s.view(0).decision.context).toBe('MAIN');
    });

    test('with no [POST] ad in the field nothing is asked', () => {
      const s = load({ hands: [['Design Office', 'Bank'], []], fields: [['Cafe', 'Hotel'], []] });
      post(s, 'Design Office');
      expect(s.view(0)).toMatchObject({ actionsLeft: 1, decision: { context: 'MAIN' } });
    });

    test('a copied Fire Station may return the Design Office itself (§8.6: the copy is "this card")', () => {
      const s = load({ hands: [['Design Office'], []], fields: [['Fire Station'], []] });
      post(s, 'Design Office');
      playNamed(s, 'copy Fire Station (slot 0)');
      expect(labels(s)).toEqual(['return nothing', 'return Design Office (slot 1) to hand']);
      playNamed(s, 'return Design Office (slot 1) to hand');
      expect(handOf(s, 0)).toEqual(['Design Office']);
      expect(knownOf(s, 0)).toEqual(['Design Office']);
    });

    test.each([
      [
        'Bus Company: one marker off every ad but the Bus Company',
        ['Bus Company:2', 'Cafe:2'],
        'Bus Company',
        ['Bus Company:2', 'Cafe:1', 'Design Office:0'],
      ],
      [
        'Airline: one marker on every ad but the Airline, the Design Office included',
        ['Airline:0', 'Cafe:1'],
        'Airline',
        ['Airline:0', 'Cafe:2', 'Design Office:1'],
      ],
      ['Doctor: the markers go on the copied Doctor', ['Doctor:1'], 'Doctor', ['Doctor:3', 'Design Office:0']],
    ])('a copied %s', (_name, field, copied, after) => {
      const s = load({ hands: [['Design Office', 'Bank'], []], fields: [field, []] });
      post(s, 'Design Office');
      playNamed(s, `copy ${copied} (slot 0)`);
      if (copied === 'Doctor') playNamed(s, 'place 2 markers on the Doctor');
      expect(fieldOf(s, 0)).toEqual(after);
    });

    test(
      'a copied Site Supervisor makes a real posting with its ' +
        'own [WATCH] and Pilot, but the copy itself triggers none',
      () => {
        const s = load({
          hands: [['Design Office', 'Fisher'], []],
          fields: [['Site Supervisor', 'Cafe'], ['Pilot']],
          gold: [7, 0],
        });
        post(s, 'Design Office');
        playNamed(s, 'copy Site Supervisor (slot 0)', 'post Fisher free');
        // 7 - 2 (Design Office) + 1 (Cafe for the Fisher) + 1 (Cafe for the Design Office) = 7; the Pilot twice.
        expect(goldOf(s)).toEqual([7, 2]);
        expect(s.view(0).handSizes[0]).toBe(1);
        expect(eventsOf(s, 'draw')).toEqual([['draw', 0, 1, K.fisher]]);
      },
    );
  });

  test('Painter inverts Miner: draw 2 instead of discarding, so nothing is asked', () => {
    const s = load({ hands: [['Miner', 'Bank', 'Hotel'], []], fields: [['Painter'], []] });
    post(s, 'Miner');
    expect(s.view(0).handSizes[0]).toBe(4);
    expect(s.view(0).decision.context).toBe('MAIN');
  });

  test('Architect: other Construction ads pay +2 when established, the Architect itself does not', () => {
    const s = lastTurn({
      hands: [[], []],
      gold: [0, 7],
      seed: faceSeed(6),
      fields: [['Architect', 'Construction Company', 'Hotel'], []],
    });
    finishRound(s);
    // Architect 6, Construction Company 5 + 2, Hotel 6; the Hotel pays +1 for each of the other two.
    expect(eventsOf(s, 'established').map((e) => [e[2], e[3]])).toEqual([
      [K.architect, 6],
      [K.construction, 7],
      [K.hotel, 6],
    ]);
    expect(goldOf(s)[0]).toBe(6 + 7 + 6 + 2);
  });

  test('Site Supervisor: may post nothing; with an empty hand it asks nothing', () => {
    const s = load({ hands: [['Site Supervisor', 'Bank'], []] });
    post(s, 'Site Supervisor');
    expect(labels(s)).toEqual(['post Bank free', 'post nothing']);
    playNamed(s, 'post nothing');
    expect(handOf(s, 0)).toEqual(['Bank']);
    const alone = load({ hands: [['Site Supervisor'], []] });
    post(alone, 'Site Supervisor');
    expect(alone.view(0).decision.context).toBe('MAIN');
  });

  test.each([
    ['Restaurant draws for a Food & Leisure posting', ['Restaurant'], 'Cafe', 1],
    ['Restaurant does not draw for another industry', ['Restaurant'], 'Bank', 0],
    ['Head Chef draws for any posting', ['Head Chef'], 'Bank', 1],
    ['each watcher applies separately', ['Restaurant', 'Head Chef'], 'Cafe', 2],
  ])('[WATCH] %s', (_name, field, card, drawn) => {
    const s = load({ hands: [[card, 'Hotel'], []], fields: [field, []] });
    post(s, card);
    expect(s.view(0).handSizes[0]).toBe(1 + drawn);
  });

  test('[WATCH] a posted Cafe does not watch its own posting; the Cafes already posted each pay', () => {
    const s = load({ hands: [['Cafe', 'Cafe', 'Bank'], []], fields: [['Cafe'], []] });
    post(s, 'Cafe');
    expect(goldOf(s)[0]).toBe(7 - 1 + 1);
    post(s, 'Cafe');
    expect(goldOf(s)[0]).toBe(7 - 1 + 1 - 1 + 2);
  });

  test('Movie Theater gains 1 per other Food & Leisure ad', () => {
    const s = load({ hands: [['Movie Theater'], []], fields: [['Hotel', 'Bank', 'Movie Theater', 'Head Chef'], []] });
    post(s, 'Movie Theater');
    expect(goldOf(s)[0]).toBe(7 - 2 + 3);
  });

  test("Celebrity pays every opponent 3, a Lawyer's owner included (beneficial effects apply)", () => {
    const s = load({ hands: [['Celebrity'], [], []], gold: [7, 0, 0], fields: [[], ['Lawyer'], []] });
    post(s, 'Celebrity');
    expect(goldOf(s)).toEqual([4, 3, 3]);
  });

  test('Fire Station may return an ad already at its period (§8.7); alone it asks nothing', () => {
    const s = load({ hands: [['Fire Station', 'Fire Station'], []], fields: [['Cafe:3'], []] });
    post(s, 'Fire Station');
    playNamed(s, 'return Cafe (slot 0) to hand');
    expect(fieldOf(s, 0)).toEqual(['Fire Station:0']);
    expect(handOf(s, 0)).toEqual(['Cafe', 'Fire Station']);
    const alone = load({ hands: [['Fire Station'], []] });
    post(alone, 'Fire Station');
    expect(alone.view(0).decision.context).toBe('MAIN');
  });

  test('Police Station must target, but only ads of opponents without a Lawyer (§8.8)', () => {
    const s = load({
      hands: [['Police Station', 'Bank'], [], []],
      fields: [['Cafe'], ['Cafe', 'Lawyer'], ['Hotel:3', 'Bank']],
    });
    post(s, 'Police Station');
    expect(labels(s)).toEqual(["marker on seat 2's Hotel (slot 0)", "marker on seat 2's Bank (slot 1)"]);
    expect(s.legalActions()).toEqual([166 + 12, 166 + 13]);
    playNamed(s, "marker on seat 2's Hotel (slot 0)");
    // At the period now, but only Renewal's check defaults it.
    expect(fieldOf(s, 2)).toEqual(['Hotel:4', 'Bank:0']);
  });

  test('Doctor places 0, 1 or 2 markers on itself; a Painter does not invert them (§8.9)', () => {
    const s = load({ hands: [['Doctor', 'Bank'], []], fields: [['Painter'], []] });
    post(s, 'Doctor');
    expect(labels(s)).toEqual([
      'place 0 markers on the Doctor',
      'place 1 marker on the Doctor',
      'place 2 markers on the Doctor',
    ]);
    playNamed(s, 'place 2 markers on the Doctor');
    expect(fieldOf(s, 0)).toEqual(['Painter:0', 'Doctor:2']);
  });

  test('Guard: one loss is replaced once, however many Guards', () => {
    const s = load({ hands: [['Demolition Contractor', 'Bank'], []], fields: [['Guard', 'Guard'], []], gold: [5, 7] });
    post(s, 'Demolition Contractor');
    expect(goldOf(s)[0]).toBe(9);
  });

  test('Railway Company: two Railways defaulting together return each other, 4 gold each (§8.11)', () => {
    const s = lastTurn({
      hands: [[], []],
      gold: [0, 7],
      seed: faceSeed(5, 6),
      fields: [['Railway Company:2', 'Railway Company:2', 'Cafe:0'], []],
    });
    finishRound(s);
    expect(handOf(s, 0)).toEqual(['Railway Company', 'Railway Company']);
    expect(fieldOf(s, 0)).toEqual(['Cafe:1']);
    expect(
      eventsOf(s, 'gain')
        .filter((e) => e[3] === K.railway)
        .map((e) => e[2]),
    ).toEqual([4, 4]);
  });

  test('Bus Company removes a marker from each other ad, never below 0', () => {
    const s = load({ hands: [['Bus Company', 'Bank'], []], fields: [['Cafe:0', 'Hotel:2'], []] });
    post(s, 'Bus Company');
    expect(fieldOf(s, 0)).toEqual(['Cafe:0', 'Hotel:1', 'Bus Company:0']);
  });

  test('Taxi Company: no second pick is asked when only one card was revealed', () => {
    const s = load({
      hands: [['Cafe'], []],
      fields: [['Taxi Company', 'Taxi Company'], []],
      deckTop: ['Bank'],
      restTo: 1,
    });
    playNamed(s, 'explore');
    expect(labels(s)).toEqual(['take Bank (position 0)']);
    playNamed(s, 'take Bank (position 0)');
    expect(s.view(0).decision.context).toBe('MAIN');
    expect(handOf(s, 0)).toEqual(['Cafe', 'Bank']);
  });

  test('Forester: when established its owner discards up to 2 (out of turn), then draws as many', () => {
    const s = lastTurn({
      hands: [['Cafe', 'Hotel', 'Bank'], []],
      gold: [0, 7],
      seed: faceSeed(1, 3),
      fields: [['Forester'], []],
    });
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
    expect(s.view(0)).toMatchObject({ phase: 'adoption', toAct: 0, decision: { context: 'FORESTER_DISCARD' } });
    expect(labels(s)).toEqual(['stop discarding and draw 0', 'discard Cafe', 'discard Hotel', 'discard Bank']);
    playNamed(s, 'discard Cafe', 'discard Bank');
    // Two picks end the decision; the two draws follow, then A5 and Renewal.
    expect(s.view(0)).toMatchObject({ phase: 'action', round: 2, handSizes: [3, 1] });
    expect(eventsOf(s, 'draw')).toEqual([['draw', 0, 2, K.forester]]);
    expect(discardOf(s)).toEqual(['Cafe', 'Forester', 'Bank']);
  });

  test('Foresters of several players resolve clockwise from the start player', () => {
    const s = load({
      hands: [['Cafe'], ['Bank'], ['Hotel']],
      startPlayer: 1,
      turnSeat: 0,
      actionsLeft: 1,
      seed: faceSeed(1, 3),
      fields: [['Forester'], ['Forester'], ['Forester']],
    });
    playNamed(s, 'acquire...', 'acquire 1 card for 1 gold');
    const order: number[] = [];
    while (s.view(-1).phase === 'adoption') {
      order.push(s.currentPlayer());
      playNamed(s, labels(s)[0]);
    }
    expect(order).toEqual([1, 2, 0]);
  });

  test('Fisher draws 1, even beyond the hand limit (§8.1)', () => {
    const s = load({
      hands: [['Fisher', 'Cafe', 'Hotel', 'Bank', 'Miner', 'Pilot', 'Lawyer'], []],
      fields: [['Head Chef'], []],
    });
    post(s, 'Fisher');
    // 7 - 1 posted + 1 Fisher + 1 Head Chef.
    expect(s.view(0).handSizes[0]).toBe(8);
    expect(labels(s)).not.toContain('explore');
  });

  test('Miner: discard 2 of your choice; with one card, that one; with none, nothing is asked (§8.4)', () => {
    const s = load({ hands: [['Miner', 'Cafe', 'Bank', 'Hotel'], []] });
    post(s, 'Miner');
    expect(labels(s)).toEqual(['discard Cafe', 'discard Hotel', 'discard Bank']);
    playNamed(s, 'discard Hotel', 'discard Cafe');
    expect(handOf(s, 0)).toEqual(['Bank']);
    expect(discardOf(s)).toEqual(['Cafe', 'Hotel']);
    const one = load({ hands: [['Miner', 'Cafe'], []] });
    post(one, 'Miner');
    playNamed(one, 'discard Cafe');
    expect(one.view(0).decision.context).toBe('MAIN');
    const none = load({ hands: [['Miner'], []] });
    post(none, 'Miner');
    expect(none.view(0).decision.context).toBe('MAIN');
  });

  test('Veterinarian gains 2 per Primary Industry ad, itself included', () => {
    const s = lastTurn({
      hands: [[], []],
      gold: [0, 7],
      seed: faceSeed(3),
      fields: [['Veterinarian', 'Farmer', 'Fisher', 'Bank'], []],
    });
    finishRound(s);
    expect(goldOf(s)[0]).toBe(3 + 2 * 3);
  });

  test('Geologist keeps the Primary Industry cards of the top 5 (known cards) and discards the rest', () => {
    const s = load({ hands: [['Geologist'], []], deckTop: ['Farmer', 'Cafe', 'Miner', 'Bank', 'Fisher', 'Forester'] });
    post(s, 'Geologist');
    expect(handOf(s, 0)).toEqual(['Farmer', 'Fisher', 'Miner']);
    expect(knownOf(s, 0)).toEqual(['Farmer', 'Fisher', 'Miner']);
    expect(discardOf(s)).toEqual(['Cafe', 'Bank']);
    expect(json(s).adDeck[0]).toBe('Forester');
  });

  test('Investor gains 2 per other ad', () => {
    const s = load({ hands: [['Investor'], []], fields: [['Restaurant', 'Bank', 'Hotel'], []] });
    post(s, 'Investor');
    expect(goldOf(s)[0]).toBe(7 - 3 + 6);
  });

  test('Ship Captain: its own threshold stays its period; the others get one more month', () => {
    const s = lastTurn({ hands: [[], []], seed: faceSeed(5), fields: [['Ship Captain:3', 'Hotel:3', 'Cafe:2'], []] });
    finishRound(s);
    // Ship Captain 4/4 defaults; Hotel 4 < 4 + 1 stays; Cafe 3 < 3 + 1 stays.
    expect(fieldOf(s, 0)).toEqual(['Hotel:4', 'Cafe:3']);
    expect(eventsOf(s, 'defaulted')).toEqual([['defaulted', 0, K.shipCaptain, 0]]);
  });

  test('Insurance Companies stack; an ad does not count itself', () => {
    const s = lastTurn({
      hands: [[], []],
      gold: [0, 7],
      seed: faceSeed(5),
      fields: [['Insurance Company:4', 'Insurance Company:0', 'Cafe:2'], []],
    });
    finishRound(s);
    // The first Insurance and the Cafe default; each gains 3 per other Insurance: 3 and 6.
    expect(
      eventsOf(s, 'gain')
        .filter((e) => e[3] === K.insurance)
        .map((e) => e[2]),
    ).toEqual([3, 6]);
    expect(fieldOf(s, 0)).toEqual(['Insurance Company:1']);
  });
});

describe('more ad effects', () => {
  test('Demolition Contractor: the loss stops at 0 gold (§8.3)', () => {
    const s = load({ hands: [['Demolition Contractor', 'Bank'], []], gold: [3, 7] });
    post(s, 'Demolition Contractor');
    expect(goldOf(s)[0]).toBe(0);
    expect(eventsOf(s, 'lose')).toEqual([['lose', 0, 2, K.demolition]]);
  });

  test('Doctor [DEFAULT] still heals when a Railway Company returns the Doctor to hand', () => {
    const s = lastTurn({
      hands: [[], []],
      gold: [0, 7],
      seed: faceSeed(5),
      fields: [['Railway Company:0', 'Doctor:3', 'Cafe:1'], ['Hotel:2']],
    });
    finishRound(s);
    expect(handOf(s, 0)).toEqual(['Doctor']);
    expect(fieldOf(s, 0)).toEqual(['Railway Company:0', 'Cafe:0']);
    expect(fieldOf(s, 1)).toEqual(['Hotel:0']);
    expect(goldOf(s)[0]).toBe(4);
  });

  test('Tax Inspector: an opponent with no gold stays at 0', () => {
    const s = load({ hands: [['Tax Inspector'], []], gold: [7, 0] });
    post(s, 'Tax Inspector');
    expect(goldOf(s)).toEqual([5, 0]);
  });

  test('Farmer established by Press Release draws 1', () => {
    const s = load({
      hands: [[], []],
      round: 2,
      fields: [['Farmer'], []],
      items: ['Press Release', 'Job Change', 'Job Change'],
    });
    playNamed(s, 'purchase...', 'buy Press Release (slot 0, 4 gold)', 'establish Farmer (slot 0)');
    expect(s.view(0).handSizes[0]).toBe(1);
    expect(goldOf(s)[0]).toBe(7 - 4 + 3);
  });

  test.each([
    ['one Bank, one set: 2 gold', ['Bank'], ['Cafe', 'Cafe'], 2],
    ['three Banks, two sets: 12 gold', ['Bank', 'Bank', 'Bank'], ['Cafe', 'Cafe', 'Hotel', 'Hotel'], 12],
  ])('Bank: %s', (_name, field, hand, gold) => {
    const s = load({ hands: [hand, []], fields: [field, []], gold: [0, 7] });
    playNamed(s, 'submit sets...', 'Pair of Cafe (1 VP)');
    if (hand.length === 4) playNamed(s, 'Pair of Hotel (1 VP)');
    expect(goldOf(s)[0]).toBe(gold);
  });

  test('Real Estate Agency never takes a cost below 0', () => {
    const s = playNamed(
      load({
        hands: [['Fisher', 'Cafe'], []],
        fields: [['Real Estate Agency', 'Real Estate Agency'], []],
        gold: [0, 7],
      }),
      'post...',
    );
    expect(labels(s)).toEqual(['post Cafe (cost 0)', 'post Fisher (cost 0)']);
  });

  test('Trading Companies stack: with two, two cards are free', () => {
    const s = playNamed(
      load({ hands: [[], []], fields: [['Trading Company', 'Trading Company'], []], gold: [0, 7] }),
      'acquire...',
    );
    expect(labels(s)).toEqual(['acquire 1 card for 0 gold', 'acquire 2 cards for 0 gold']);
  });

  test('Accountant pays +1 for every established ad, itself included', () => {
    const s = lastTurn({ hands: [[], []], gold: [0, 7], seed: faceSeed(1), fields: [['Accountant', 'Cafe'], []] });
    finishRound(s);
    expect(goldOf(s)[0]).toBe(4 + 1 + 4 + 1);
  });
});

describe('items (§2.6)', () => {
  const round2 = (spec: Parameters<typeof load>[0]) => load({ round: 2, ...spec });

  test('Purchase is illegal in round 1 and limited to one per turn', () => {
    const r1 = load({ hands: [['Cafe'], []] });
    expect(labels(r1)).not.toContain('purchase...');
    expect(() => r1.applyAction(251)).toThrow(/nothing can be purchased in round 1/);
    const s = round2({
      hands: [['Cafe', 'Bank'], []],
      items: ['Job Change', 'Contract Renewal', 'Overtime'],
      gold: [9, 7],
    });
    playNamed(s, 'purchase...', 'buy Job Change (slot 0, 2 gold)', 'stop discarding and draw 0');
    expect(s.view(0)).toMatchObject({ purchased: true, actionsLeft: 1 });
    expect(labels(s)).not.toContain('purchase...');
    expect(() => s.applyAction(251)).toThrow(/only one Purchase per turn/);
  });

  test('Job Change: discard any number, then draw that many', () => {
    const s = round2({
      hands: [['Cafe', 'Bank', 'Hotel'], []],
      items: ['Job Change', 'Overtime', 'Overtime'],
      deckTop: ['Pilot', 'Miner'],
    });
    playNamed(s, 'purchase...', 'buy Job Change (slot 0, 2 gold)', 'discard Bank', 'discard Cafe');
    expect(labels(s)).toEqual(['stop discarding and draw 2', 'discard Hotel']);
    playNamed(s, 'stop discarding and draw 2');
    expect(handOf(s, 0)).toEqual(['Hotel', 'Pilot', 'Miner']);
    expect(knownOf(s, 0)).toEqual([]);
  });

  test('Job Change discarding the whole hand draws at once; with an empty hand nothing is asked', () => {
    const s = round2({ hands: [['Cafe'], []], items: ['Job Change', 'Overtime', 'Overtime'], deckTop: ['Pilot'] });
    playNamed(s, 'purchase...', 'buy Job Change (slot 0, 2 gold)', 'discard Cafe');
    expect(handOf(s, 0)).toEqual(['Pilot']);
    const empty = round2({ hands: [[], []], items: ['Job Change', 'Overtime', 'Overtime'] });
    playNamed(empty, 'purchase...', 'buy Job Change (slot 0, 2 gold)');
    expect(empty.view(0)).toMatchObject({ decision: { context: 'MAIN' }, actionsLeft: 1 });
  });

  test('Overtime: up to 2 postings paying costs, using no action (§8.13)', () => {
    const s = round2({
      hands: [['Cafe', 'Bank', 'Hotel'], []],
      items: ['Overtime', 'Job Change', 'Job Change'],
      gold: [10, 7],
    });
    playNamed(s, 'purchase...', 'buy Overtime (slot 0, 3 gold)');
    expect(labels(s)).toEqual(['post Cafe (cost 1)', 'post Hotel (cost 3)', 'post Bank (cost 3)', 'stop posting']);
    playNamed(s, 'post Cafe (cost 1)', 'post Hotel (cost 3)');
    // The Cafe paid 1 for the Hotel's posting. Two postings: done, back to the turn's second action.
    expect(goldOf(s)[0]).toBe(10 - 3 - 1 - 3 + 1);
    expect(s.view(0)).toMatchObject({ decision: { context: 'MAIN' }, actionsLeft: 1 });
    const stop = round2({ hands: [['Cafe', 'Bank'], []], items: ['Overtime', 'Job Change', 'Job Change'] });
    playNamed(stop, 'purchase...', 'buy Overtime (slot 0, 3 gold)', 'stop posting');
    expect(fieldOf(stop, 0)).toEqual([]);
    const poor = round2({ hands: [['Bank'], []], items: ['Overtime', 'Job Change', 'Job Change'], gold: [5, 7] });
    playNamed(poor, 'purchase...', 'buy Overtime (slot 0, 3 gold)');
    expect(poor.view(0).decision.context).toBe('MAIN');
  });

  test('Contract Renewal removes up to 3 markers in total, stopping by itself at 3 or when none are left', () => {
    const s = round2({
      hands: [[], []],
      fields: [['Cafe:2', 'Hotel:3'], []],
      items: ['Contract Renewal', 'Job Change', 'Job Change'],
    });
    playNamed(s, 'purchase...', 'buy Contract Renewal (slot 0, 2 gold)');
    expect(labels(s)).toEqual([
      'stop removing markers',
      'remove a marker from Cafe (slot 0)',
      'remove a marker from Hotel (slot 1)',
    ]);
    playNamed(
      s,
      'remove a marker from Cafe (slot 0)',
      'remove a marker from Cafe (slot 0)',
      'remove a marker from Hotel (slot 1)',
    );
    expect(fieldOf(s, 0)).toEqual(['Cafe:0', 'Hotel:2']);
    expect(s.view(0).decision.context).toBe('MAIN');
    const few = round2({
      hands: [[], []],
      fields: [['Cafe:1'], []],
      items: ['Contract Renewal', 'Job Change', 'Job Change'],
    });
    playNamed(few, 'purchase...', 'buy Contract Renewal (slot 0, 2 gold)', 'remove a marker from Cafe (slot 0)');
    expect(few.view(0).decision.context).toBe('MAIN');
  });

  test('Market Research: 2 of the top 5 into the hand (known), the rest to the discard pile', () => {
    const s = round2({
      hands: [[], []],
      items: ['Market Research', 'Job Change', 'Job Change'],
      deckTop: ['Cafe', 'Bank', 'Miner', 'Pilot', 'Hotel'],
    });
    playNamed(s, 'purchase...', 'buy Market Research (slot 0, 3 gold)');
    expect(labels(s)).toEqual([
      'take Cafe (position 0)',
      'take Bank (position 1)',
      'take Miner (position 2)',
      'take Pilot (position 3)',
      'take Hotel (position 4)',
    ]);
    playNamed(s, 'take Pilot (position 3)', 'take Cafe (position 0)');
    expect(handOf(s, 0)).toEqual(['Cafe', 'Pilot']);
    expect(knownOf(s, 0)).toEqual(['Cafe', 'Pilot']);
    expect(discardOf(s)).toEqual(['Hotel', 'Miner', 'Bank']);
  });

  test('Market Research with at most 2 cards to reveal takes them without asking', () => {
    const s = round2({
      hands: [[], []],
      items: ['Market Research', 'Job Change', 'Job Change'],
      deckTop: ['Cafe', 'Bank'],
      restTo: 1,
    });
    playNamed(s, 'purchase...', 'buy Market Research (slot 0, 3 gold)');
    expect(handOf(s, 0)).toEqual(['Cafe', 'Bank']);
    expect(s.view(0).decision.context).toBe('MAIN');
  });

  test(
    'Press Release establishes one ad with every modifier, ' + 'and a Forester asks its buyer in the action phase',
    () => {
      const s = round2({
        hands: [['Cafe'], []],
        fields: [['Forester', 'Hotel', 'Accountant'], []],
        gold: [4, 7],
        boom: true,
        items: ['Press Release', 'Job Change', 'Job Change'],
      });
      playNamed(s, 'purchase...', 'buy Press Release (slot 0, 4 gold)');
      expect(labels(s)).toEqual([
        'establish Forester (slot 0)',
        'establish Hotel (slot 1)',
        'establish Accountant (slot 2)',
      ]);
      playNamed(s, 'establish Forester (slot 0)');
      // 3 + Economic Boom 1 + Accountant 1, and the Hotel's 1.
      expect(goldOf(s)[0]).toBe(6);
      expect(s.view(0)).toMatchObject({ phase: 'action', decision: { context: 'FORESTER_DISCARD' }, toAct: 0 });
      playNamed(s, 'discard Cafe');
      expect(fieldOf(s, 0)).toEqual(['Hotel:0', 'Accountant:0']);
      expect(discardOf(s)).toContain('Forester');
      expect(s.view(0)).toMatchObject({ decision: { context: 'MAIN' }, actionsLeft: 1, handSizes: [1, 0] });
    },
  );

  test('Press Release on a Hotel: the other Hotels pay 1, the established Hotel nothing for itself', () => {
    const s = round2({
      hands: [[], []],
      fields: [['Hotel', 'Hotel'], []],
      gold: [4, 7],
      items: ['Press Release', 'Job Change', 'Job Change'],
    });
    playNamed(s, 'purchase...', 'buy Press Release (slot 0, 4 gold)', 'establish Hotel (slot 1)');
    expect(goldOf(s)[0]).toBe(6 + 1);
    expect(fieldOf(s, 0)).toEqual(['Hotel:0']);
  });

  test(
    "Headhunting takes the card at floor(u * n) of the target's hand in " +
      'kind order, shown to all; Lawyers and empty hands are not targets',
    () => {
      const spec = {
        hands: [[], ['Bank', 'Cafe', 'Bank'], ['Hotel'], []],
        fields: [[], [], ['Lawyer'], []],
        round: 2,
        items: ['Headhunting', 'Job Change', 'Job Change'],
        seed: 'hh',
      };
      const s = load(spec);
      playNamed(s, 'purchase...', 'buy Headhunting (slot 0, 3 gold)');
      expect(labels(s)).toEqual(['take a random card from seat 1']);
      const u = Rng.fromSeed('hh').int(3);
      playNamed(s, 'take a random card from seat 1');
      const taken = u === 0 ? 'Cafe' : 'Bank';
      expect(handOf(s, 0)).toEqual([taken]);
      expect(knownOf(s, 0)).toEqual([taken]);
      expect(s.view(1).handSizes[1]).toBe(2);
      expect(eventsOf(s, 'headhunt')).toEqual([['headhunt', 0, 1, AD_KINDS.findIndex((k) => k.name === taken)]]);
      const nobody = load({ ...spec, hands: [[], [], ['Hotel'], []] });
      playNamed(nobody, 'purchase...', 'buy Headhunting (slot 0, 3 gold)');
      expect(nobody.view(0).decision.context).toBe('MAIN');
    },
  );

  test('an empty item deck is rebuilt from the item discard pile, the bought item included', () => {
    const rest = [
      'Overtime',
      'Overtime',
      'Overtime',
      'Contract Renewal',
      'Contract Renewal',
      'Market Research',
      'Market Research',
      'Press Release',
      'Press Release',
      'Headhunting',
      'Headhunting',
    ];
    const s = loadEdited(
      { hands: [[], []], round: 2, items: ['Job Change', 'Job Change', 'Job Change'], boom: true, seed: 'items' },
      (j) => {
        j.items.deck = [];
        j.items.discard = rest;
      },
    );
    playNamed(s, 'purchase...', 'buy Job Change (slot 0, 2 gold)');
    const after = json(s);
    expect(after.items.discard).toEqual([]);
    expect(after.items.deck).toHaveLength(11);
    expect(after.items.deck).not.toContain('Economic Boom');
    // The 12 items in table order (the Job Change first), shuffled; the top card fills slot 0.
    const order = Rng.fromSeed('items')
      .shuffle([0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5])
      .map((k) => ITEM_KINDS[k].name);
    expect([after.items.slots[0], ...after.items.deck]).toEqual(order);
  });
});

describe('edge cases (§8)', () => {
  test(
    '§8.2 an empty ad deck: the discard pile (not the cards ' + 'on display) is shuffled into a new deck mid-reveal',
    () => {
      const s = load({
        hands: [[], []],
        deckTop: ['Cafe', 'Bank'],
        adDiscard: ['Miner', 'Pilot', 'Hotel'],
        restTo: 1,
        seed: 'deck',
      });
      playNamed(s, 'explore');
      // The discard pile in ascending kind order, then Fisher-Yates (§5).
      const reshuffled = Rng.fromSeed('deck').shuffle([K.hotel, K.pilot, K.miner]);
      expect(s.view(0).revealed.map(([k]) => k)).toEqual([K.cafe, K.bank, reshuffled[0], reshuffled[1]]);
      expect(s.view(0).adDeckSize).toBe(1);
      expect(eventsOf(s, 'reshuffle')).toEqual([['reshuffle', -1, 3]]);
    },
  );

  test('§8.2 with deck and discard both empty, Explore reveals what there is and Acquire is illegal', () => {
    const s = load({ hands: [[], []], deckTop: ['Cafe'], restTo: 1 });
    expect(labels(s)).toEqual(['explore', 'acquire...']);
    playNamed(s, 'explore', 'take Cafe (position 0)');
    expect(labels(s)).toEqual(['post...']);
  });

  test('§8.10 established ads never default: an ad at its last month leaves in A5 with its reward', () => {
    const s = lastTurn({ hands: [[], []], gold: [0, 7], seed: faceSeed(1), fields: [['Cafe:2'], []] });
    finishRound(s);
    expect(eventsOf(s, 'established')).toEqual([['established', 0, K.cafe, 4]]);
    expect(eventsOf(s, 'defaulted')).toEqual([]);
  });

  test('§8.12 Economic Boom is never shuffled back after it was revealed', () => {
    const s = load({
      hands: [[], []],
      round: 2,
      items: ['Job Change', 'Overtime', 'Overtime'],
      itemDeckTop: ['Economic Boom'],
    });
    playNamed(s, 'purchase...', 'buy Job Change (slot 0, 2 gold)');
    const j = json(s);
    expect(j.items.boom).toBe(true);
    expect([...j.items.deck, ...j.items.discard, ...j.items.slots]).not.toContain('Economic Boom');
  });

  test("§8.14 Submit partitions are the player's choice: four Cafes as two Pairs", () => {
    const s = load({ hands: [['Cafe', 'Cafe', 'Cafe', 'Cafe'], []] });
    playNamed(s, 'submit sets...', 'Pair of Cafe (1 VP)');
    expect(labels(s)).toEqual(['Pair of Cafe (1 VP)', 'finish submitting']);
    playNamed(s, 'Pair of Cafe (1 VP)');
    expect(s.view(0).vp[0]).toBe(2);
    expect(eventsOf(s, 'set')).toEqual([
      ['set', 0, 4],
      ['set', 0, 4],
    ]);
  });

  test('§8.15 Pass is legal only when nothing else is', () => {
    const s = load({ hands: [['Cafe'], []], gold: [0, 7] });
    expect(labels(s)).toEqual(['explore']);
    expect(() => s.applyAction(46)).toThrow(/Pass is legal only when no other action is/);
  });

  test('§8.16 with 0 cards in hand Explore, Acquire and Purchase stay legal; Submit and Post do not', () => {
    const s = load({ hands: [[], []], round: 2 });
    expect(labels(s)).toEqual(['explore', 'acquire...', 'purchase...']);
  });

  test('§8.18 a full field (12 ads) makes Post, Overtime and Site Supervisor postings illegal', () => {
    const twelve = [
      'Cafe',
      'Cafe',
      'Hotel',
      'Hotel',
      'Bank',
      'Bank',
      'Farmer',
      'Farmer',
      'Fisher',
      'Fisher',
      'Pilot',
      'Lawyer',
    ];
    const s = load({
      hands: [['Cafe', 'Site Supervisor'], []],
      fields: [twelve, []],
      round: 2,
      items: ['Overtime', 'Job Change', 'Job Change'],
    });
    expect(labels(s)).toEqual(['explore', 'acquire...', 'purchase...']);
    playNamed(s, 'purchase...', 'buy Overtime (slot 0, 3 gold)');
    expect(s.view(0).decision.context).toBe('MAIN');
    const eleven = load({ hands: [['Site Supervisor', 'Cafe'], []], fields: [twelve.slice(1), []] });
    post(eleven, 'Site Supervisor');
    expect(eleven.view(0).decision.context).toBe('MAIN');
    expect(events(eleven).some((e) => e[0] === 'post' && e[2] === K.cafe)).toBe(false);
  });
});
