import { describe, expect, test } from 'vitest';
import { InvalidStateError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { philadelphia } from './index.js';
import { fieldOf, goldOf, json as readable, labels, positionJson, type PhiladelphiaJson } from './test-helpers.js';

const valid = (): PhiladelphiaJson =>
  positionJson({ hands: [['Cafe', 'Bank'], ['Hotel']], fields: [['Fisher:1'], []] });
const edit = (fn: (j: PhiladelphiaJson) => void): PhiladelphiaJson => {
  const j = valid();
  fn(j);
  return j;
};

describe('saved states', () => {
  test('a hand-written position loads, and toJSON gives it back exactly', () => {
    const j = valid();
    const s = philadelphia.fromJSON(j);
    expect(readable(s)).toEqual(j);
    expect(j.adDeck).toHaveLength(85 - 4);
    expect(j.items.deck).toHaveLength(12);
    // Saved again it is version 2, which loads to the same position.
    const saved = s.toJSON() as Record<string, unknown>;
    expect(saved).toMatchObject({ game: 'philadelphia', version: 2, players: 2 });
    expect(philadelphia.fromJSON(saved).toJSON()).toEqual(saved);
    expect(readable(philadelphia.fromJSON(saved))).toEqual(j);
  });

  test('a version-2 save holds the declared fields only: derived counts are restored, not saved', () => {
    const saved = philadelphia.fromJSON(valid()).toJSON() as Record<string, unknown>;
    expect(Object.keys(saved)).not.toContain('handSize');
    expect(Object.keys(saved)).not.toContain('fieldCount');
    expect(Object.keys(saved)).not.toContain('discardLen');
    const loaded = philadelphia.fromJSON(saved);
    expect(loaded.view(-1).handSizes).toEqual([2, 1]);
    expect(labels(loaded)).toContain('post...');
  });

  test.each([
    [
      'a version from the future',
      (j: Record<string, unknown>) => (j.version = 3),
      /version 3 is not one this build reads/,
    ],
    [
      'a cleared field slot that is not 0',
      (j: Record<string, unknown>) => ((j.fieldKind as number[])[5] = 6),
      /field slot 5 is past the field's 1 ads, so it holds 0/,
    ],
    [
      'a stack that is not whole frames',
      (j: Record<string, unknown>) => (j.stack = [0, 0]),
      /the stack holds frames of 4 numbers/,
    ],
    [
      'a taken mark on a card not revealed',
      (j: Record<string, unknown>) => (j.revealedTaken = 1),
      /revealedTaken marks a card that is not revealed/,
    ],
    ['a derived field saved', (j: Record<string, unknown>) => (j.handSize = [2, 1]), /handSize/],
  ])('a version-2 save with %s is refused', (_name, change, message) => {
    const saved = philadelphia.fromJSON(valid()).toJSON() as Record<string, unknown>;
    change(saved);
    expect(() => philadelphia.fromJSON(saved)).toThrow(InvalidStateError);
    expect(() => philadelphia.fromJSON(saved)).toThrow(message);
  });

  test(
    'a hand-written mid-posting state (Fire Station asking, ' +
      "a Site Supervisor's [WATCH] pending) loads and plays on",
    () => {
      const j = positionJson({
        hands: [['Bank'], ['Hotel']],
        fields: [['Cafe', 'Site Supervisor', 'Fire Station'], []],
        gold: [5, 7],
      });
      j.decision = { context: 'FIRE_TARGET', actor: 0, self: 2, count: 0 };
      // The Site Supervisor's posting saw W = [Cafe]; the Fire Station it posted saw W = [Cafe, Site Supervisor].
      j.stack = [
        ['posting', 0, 5, 1],
        ['posting', 0, 12, 2],
      ];
      const s = philadelphia.fromJSON(j);
      expect(labels(s)).toEqual([
        'return nothing',
        'return Cafe (slot 0) to hand',
        'return Site Supervisor (slot 1) to hand',
      ]);
      playNamed(s, 'return Cafe (slot 0) to hand');
      // Both pending postings lost their watcher: no Cafe gold for the Fire Station or the Site Supervisor.
      expect(goldOf(s)[0]).toBe(5);
      expect(fieldOf(s, 0)).toEqual(['Site Supervisor:0', 'Fire Station:0']);
      expect(s.view(0)).toMatchObject({ decision: { context: 'MAIN' }, actionsLeft: 1 });
    },
  );

  test('random play round-trips through JSON text at every step', () => {
    const rng = Rng.fromSeed('roundtrip');
    const s = philadelphia.newGame({ players: 3, seed: 'roundtrip' });
    for (let i = 0; i < 400 && !s.isTerminal(); i++) {
      const text = JSON.stringify(s.toJSON());
      expect(JSON.stringify(philadelphia.fromJSON(JSON.parse(text)).toJSON())).toBe(text);
      const legal = s.legalActions();
      s.applyAction(legal[rng.int(legal.length)]);
    }
  });

  test.each([
    ['not an object', null, /a saved state is a JSON object, not null/],
    ['another game', { ...valid(), game: 'promotion' }, /game/],
    ['an unknown key', { ...valid(), extra: 1 }, /extra/],
    [
      'an unknown card name',
      edit((j) => {
        j.hands[0][0] = 'Bakery';
      }),
      /hands/,
    ],
    [
      'a field of 13 ads',
      edit((j) => {
        j.fields[0] = Array(13).fill(['Cafe', 0]);
      }),
      /fields/,
    ],
    [
      'five players',
      edit((j) => {
        j.players = 5;
      }),
      /players/,
    ],
    [
      'arrays for the wrong seat count',
      edit((j) => {
        j.gold.push(7);
      }),
      /gold has 3 entries for 2 players/,
    ],
    [
      'a card created from nothing',
      edit((j) => {
        j.hands[1].push('Cafe');
      }),
      /5 Cafe cards are placed, but the game has 4/,
    ],
    [
      'a card lost',
      edit((j) => {
        j.adDeck.pop();
      }),
      /cards are placed, but the game has/,
    ],
    [
      'a known card not in the hand',
      edit((j) => {
        j.known[1] = ['Cafe'];
      }),
      /seat 1 has 1 known Cafe but holds 0/,
    ],
    [
      'an item card missing',
      edit((j) => {
        j.items.deck.pop();
      }),
      /cards are placed, but the game has/,
    ],
    [
      'an empty item slot with nothing resolving',
      edit((j) => {
        j.items.deck.push(j.items.slots[0] as string);
        j.items.slots[0] = null;
      }),
      /exactly the slot of the item being resolved is empty/,
    ],
    [
      'a negative gold amount',
      edit((j) => {
        j.gold[0] = -1;
      }),
      /gold/,
    ],
    [
      'a decision for the wrong seat',
      edit((j) => {
        j.decision.actor = 1;
      }),
      /the actor of MAIN must be seat 0/,
    ],
    [
      'MAIN with frames pending',
      edit((j) => {
        j.stack = [['overtime', 0, 0, 0]];
      }),
      /MAIN is asked only at the start of an action/,
    ],
    [
      'a frame that does not fit',
      edit((j) => {
        j.stack = [['posting', 0, 3, 7]];
        j.decision.context = 'DESIGN_TARGET';
      }),
      /a 'posting' frame needs/,
    ],
    [
      'a purchase in round 1',
      edit((j) => {
        j.purchased = true;
      }),
      /nothing can be purchased in round 1/,
    ],
    [
      'revealed cards outside a pick',
      edit((j) => {
        j.revealed = [['Cafe', false]];
        j.adDeck.splice(j.adDeck.indexOf('Cafe'), 1);
      }),
      /revealed cards are on display exactly during/,
    ],
    [
      'a finished game without a winner or the cap',
      edit((j) => {
        j.phase = 'over';
        j.decision = { context: 'NONE', actor: -1, self: -1, count: 0 };
        j.turn = 2;
      }),
      /truncated exactly when round 40 ended/,
    ],
    [
      'a question without its frame',
      edit((j) => {
        j.decision.context = 'PRESS_TARGET';
      }),
      /PRESS_TARGET is asked on top of an item frame/,
    ],
    [
      'a decision with no legal action',
      edit((j) => {
        j.decision.context = 'MINER_DISCARD';
        j.hands[0] = [];
        j.adDeck.push('Cafe', 'Bank');
        j.fields[0].push(['Miner', 0]);
        j.adDeck.splice(j.adDeck.indexOf('Miner'), 1);
        j.stack = [['posting', 0, 27, 1]];
      }),
      /seat 0 has no legal action in MINER_DISCARD/,
    ],
    [
      'a log event with the wrong arity',
      edit((j) => {
        j.log = [['gain', 0, 3]];
      }),
      /'gain' event has 2 arguments, not 1/,
    ],
    [
      'a log value too large for its record',
      edit((j) => {
        j.log = [['die', 0, 9]];
      }),
      /do not fit a 'die' record/,
    ],
    [
      'lastMove past the log',
      edit((j) => {
        j.lastMove = [5, 0];
      }),
      /lastMove \[5,0\] points past the last event/,
    ],
    [
      'a bad RNG state',
      edit((j) => {
        (j.rng as unknown as { c: string }).c = 'x';
      }),
      /rng/,
    ],
  ])('rejects %s with a clear message', (_name, json, message) => {
    expect(() => philadelphia.fromJSON(json)).toThrow(InvalidStateError);
    expect(() => philadelphia.fromJSON(json)).toThrow(message);
  });
});
