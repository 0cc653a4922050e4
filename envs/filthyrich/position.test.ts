import { describe, expect, test } from 'vitest';
import { InvalidStateError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { CARD_TYPES } from './components.js';
import { filthyrich } from './index.js';
import { positionJson, readableJson, type FilthyRichJson } from './test-helpers.js';

const valid = (): FilthyRichJson =>
  positionJson({
    phase: 'card',
    hands: ['B12 C3', 'A2', '', ''],
    known: ['', '', '', ''],
    businesses: ['B7 1 p1 a1', 'B20 2 p2 a5'],
    assets: ['A6', '', 'A3', ''],
    luxuries: ['', 'L0', '', ''],
    discard: 'C1 C1',
  });

/** A mid-game state of each interesting phase, from seeded random play. */
function statesByPhase(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const rng = Rng.fromSeed('phases');
  for (let game = 0; game < 60 && found.size < 11; game++) {
    const s = filthyrich.newGame({ players: 2 + (game % 4), seed: `phases${game}` });
    while (!s.isTerminal()) {
      const phase = s.view(-1).phase;
      if (!found.has(phase)) found.set(phase, s.toJSON());
      const legal = s.legalActions();
      s.applyAction(legal[rng.int(legal.length)]);
    }
    if (!found.has('over')) found.set('over', s.toJSON());
  }
  return found;
}

describe('saved states', () => {
  test('a hand-written position loads and round-trips exactly', () => {
    const json = valid();
    const s = filthyrich.fromJSON(json);
    expect(JSON.stringify(readableJson(s))).toBe(JSON.stringify(json));
    const saved = JSON.stringify(s.toJSON());
    expect(JSON.stringify(filthyrich.fromJSON(JSON.parse(saved)).toJSON())).toBe(saved);
  });

  test("today's saved state is version 2; a version-1 state migrates to the same position", () => {
    const s = filthyrich.newGame({ players: 3, seed: 'versions' });
    for (let i = 0; i < 30 && !s.isTerminal(); i++) s.applyAction(s.legalActions()[i % s.legalActions().length]);
    const saved = s.toJSON() as { version: number; deck: number[] };
    expect(saved.version).toBe(2);
    const v1 = readableJson(s);
    expect(v1).not.toHaveProperty('version');
    expect(filthyrich.fromJSON(v1).toJSON()).toEqual(saved);
    // The deck keeps its top card last; version 1 listed it first.
    expect(
      saved.deck
        .slice()
        .reverse()
        .map((t) => CARD_TYPES[t].code),
    ).toEqual(v1.deck);
  });

  test('version-2 states are checked too: a card twice, a derived field supplied, a version from the future', () => {
    const saved = filthyrich.newGame({ players: 2, seed: 'v2' }).toJSON() as Record<string, unknown> & {
      deck: number[];
    };
    const twice = { ...saved, deck: [...saved.deck, saved.deck[0]] };
    expect(() => filthyrich.fromJSON(twice)).toThrow(/too many .* cards/);
    expect(() => filthyrich.fromJSON({ ...saved, binder: [] })).toThrow(/binder/);
    expect(() => filthyrich.fromJSON({ ...saved, version: 3 })).toThrow(/version 3/);
  });

  test('every decision kind is reached by random play and round-trips through JSON text', () => {
    const found = statesByPhase();
    expect([...found.keys()].sort()).toEqual(
      [
        'anchor',
        'auction',
        'buy',
        'card',
        'choose',
        'over',
        'page',
        'pageTurner',
        'preRoll',
        'target',
        'taxSell',
      ].sort(),
    );
    for (const json of found.values()) {
      const text = JSON.stringify(json);
      expect(JSON.stringify(filthyrich.fromJSON(JSON.parse(text)).toJSON())).toBe(text);
    }
  });

  test.each<[string, (j: FilthyRichJson) => void, RegExp]>([
    ['a wrong game tag', (j) => ((j as { game: string }).game = 'promotion'), /game/],
    ['an unknown field', (j) => ((j as unknown as Record<string, unknown>).extra = 1), /extra/],
    ['a missing field', (j) => delete (j as Partial<FilthyRichJson>).deck, /deck/],
    ['six players', (j) => (j.players = 6), /players/],
    ['an unknown card code', (j) => (j.hands[0][0] = 'B99'), /hands/],
    ['per-seat lists of the wrong length', (j) => j.cash.push(3), /cash has 5 entries; the game has 4 players/],
    ['a card twice', (j) => j.deck.push('B12'), /too many Tornado Cleaners \(\$12\) cards/],
    ['a card missing', (j) => j.deck.splice(j.deck.indexOf('C5'), 1), /3 of 4 Extra Shift cards are accounted for/],
    [
      'a sign at an anchor its shape cannot use',
      (j) => (j.businesses[1].anchor = 6),
      /B20 \(Q4\) cannot be anchored at slot 6/,
    ],
    [
      'two signs in one pocket',
      (j) => (j.businesses[1] = { business: 'B20', owner: 2, page: 1, anchor: 2 }),
      /page 1 slot 2 holds both B7 and B20/,
    ],
    ['an owner outside the game', (j) => (j.businesses[0].owner = 4), /owner of B7 is seat 4/],
    [
      'an asset owned twice',
      (j) => {
        j.assets[0].push('A6');
        j.deck.splice(j.deck.indexOf('A6'), 1);
      },
      /owns A6 twice/,
    ],
    ['a luxury listed twice', (j) => j.removedLuxuries.push('L0'), /L0 is listed twice/],
    [
      'a known card not in the hand',
      (j) => (j.known[1] = ['B12']),
      /known lists B12 for seat 1, but it is not in that hand/,
    ],
    ['an eliminated player still holding cards', (j) => (j.eliminated[1] = 1), /seat 1 is eliminated but still holds/],
    [
      'elimination numbers with a gap',
      (j) => {
        j.eliminated[3] = 2;
      },
      /must be 1\.\.1 without repeats/,
    ],
    [
      'a follow-up decision without its card',
      (j) => (j.phase = 'anchor'),
      /phase 'anchor' does not fit the card being played \(none\)/,
    ],
    ['an auction phase without an auction', (j) => (j.phase = 'auction'), /needs a tax event in progress/],
    [
      'an ended game without a reason',
      (j) => (j.phase = 'over'),
      /needs exactly one of winner, truncated and bankrupt/,
    ],
    ['a page roll outside the Page Turner decision', (j) => (j.pageRoll = 4), /pageRoll 4 does not fit phase 'card'/],
    [
      'three luxuries in a running game',
      (j) => (j.luxuries[1] = ['L0', 'L1', 'L2']),
      /owns 3 luxuries, so the game is over/,
    ],
    [
      'cash before payment outside a tax event',
      (j) => (j.preTaxCash[2] = 5),
      /preTaxCash is only set during a tax event/,
    ],
    ['a log event with the wrong arity', (j) => j.log.push(['buy', 1, 0]), /a 'buy' event has 3 arguments, not 1/],
    ['a log event from the future', (j) => j.log.push(['turn', 5, 0]), /from turn 5, after the current turn 1/],
    ['a running game at the decision cap', (j) => (j.steps = 10_000), /the game ends at decision 10000/],
    ['a malformed rng', (j) => ((j.rng as { c: unknown }).c = 'x'), /rng/],
    [
      'a buy step with nothing to buy or sell',
      (j) => {
        j.phase = 'buy';
        j.cash[0] = 0;
      },
      /phase buy needs an affordable luxury or a business to sell/,
    ],
  ])('rejects %s with InvalidStateError', (_name, mutate, message) => {
    const json = valid();
    mutate(json);
    let error: unknown;
    try {
      filthyrich.fromJSON(json);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InvalidStateError);
    expect((error as Error).message).toMatch(message);
  });

  test.each([null, 42, 'x', {}, [], { game: 'filthyrich' }])('rejects %j', (json) => {
    expect(() => filthyrich.fromJSON(json)).toThrow(InvalidStateError);
  });
});

describe('filthyrich saved logs', () => {
  test('an event naming a card that does not exist is refused on load, naming the record and the range', () => {
    const json = filthyrich.newGame({ players: 3, seed: 'log-range' }).toJSON() as { log: unknown[] };
    const bad = { ...json, log: [...json.log, ['buy', 1, 0, 99, 5]] };
    expect(() => filthyrich.fromJSON(bad)).toThrow(/'buy' argument luxury is 99; allowed 0\.\.\d+/);
    const badSeat = { ...json, log: [...json.log, ['turn', 1, 7]] };
    expect(() => filthyrich.fromJSON(badSeat)).toThrow(/'turn' argument seat is 7; allowed -1\.\.4/);
  });
});
