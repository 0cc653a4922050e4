import { describe, expect, test } from 'vitest';
import { defineEvents } from './event-log.js';
import { definePosition, field } from './position.js';
import { QUICK_CHECKS } from './quick-check.js';
import { Rng } from './rng.js';

const EVENTS = defineEvents({ move: ['seat', 'to'] });
const PHASES = ['deal', 'play', 'over'] as const;

const KIT = definePosition({
  game: 'demo',
  version: 3,
  minPlayers: 2,
  maxPlayers: 4,
  fields: {
    phase: field.choice(PHASES),
    turn: field.int(0, 99),
    capped: field.bool(),
    cash: field.ints((n) => n, { min: 0, max: 500, fill: 10 }),
    seats: field.typed(Int8Array, (n) => 2 * n, { min: -1, max: 3, fill: -1 }),
    deck: field.list(20, { min: 0, max: 19 }),
    rng: field.rng(),
    log: field.log(EVENTS, 8),
    total: field.int(0, 2000),
  },
  unsaved: ['total'],
  check(p, bad) {
    if (p.phase === 2 && !p.capped && p.turn === 0) bad('a game over at turn 0 must have been capped');
    p.total = p.cash.reduce((a, b) => a + b, 0);
  },
  migrations: {
    1: (json) => ({ ...json, version: 2, players: (json.cash as number[]).length }),
    2: (json) => ({ ...json, version: 3, capped: false }),
  },
});

function sample() {
  const p = KIT.create(3);
  p.rng = Rng.fromSeed('demo');
  p.phase = 1;
  p.turn = 4;
  p.cash[1] = 70;
  p.seats[5] = 2;
  p.deck.push(3, 1, 4);
  p.log.push(EVENTS.index.move, 1, 2);
  p.total = 90;
  return p;
}

describe('definePosition', () => {
  test('create gives every field its initial value, sized for the seat count', () => {
    const p = KIT.create(3);
    expect(p.players).toBe(3);
    expect([p.phase, p.turn, p.capped, p.cash, Array.from(p.seats), p.deck, p.log.length]).toEqual([
      0,
      0,
      false,
      [10, 10, 10],
      [-1, -1, -1, -1, -1, -1],
      [],
      0,
    ]);
  });

  test('toJSON writes the declared fields with game, version and players; choices by name; unsaved left out', () => {
    const json = KIT.toJSON(sample());
    expect(json).toEqual({
      game: 'demo',
      version: 3,
      players: 3,
      phase: 'play',
      turn: 4,
      capped: false,
      cash: [10, 70, 10],
      seats: [-1, -1, -1, -1, -1, 2],
      deck: [3, 1, 4],
      rng: Rng.fromSeed('demo').state(),
      log: [['move', 1, 2]],
    });
  });

  test('fromJSON is the exact inverse, restores unsaved fields through check, and keeps typed arrays typed', () => {
    const p = sample();
    const back = KIT.fromJSON(JSON.parse(JSON.stringify(KIT.toJSON(p))));
    expect(KIT.toJSON(back)).toEqual(KIT.toJSON(p));
    expect(back.total).toBe(90);
    expect(back.seats).toBeInstanceOf(Int8Array);
    expect(back.rng.next()).toBe(p.rng.next());
  });

  test('clone is deep: arrays, typed arrays, the rng and the log are copies', () => {
    const p = sample();
    const q = KIT.clone(p);
    q.cash[0] = 0;
    q.seats[0] = 3;
    q.deck.pop();
    q.log.push(EVENTS.index.move, 0, 0);
    q.rng.next();
    q.turn = 9;
    expect(KIT.toJSON(p)).toEqual(KIT.toJSON(sample()));
    expect(q.total).toBe(90);
  });

  test('older versions migrate step by step', () => {
    const v1 = { game: 'demo', ...KIT.toJSON(sample()) } as Record<string, unknown>;
    delete v1.version;
    delete v1.players;
    delete v1.capped;
    expect(KIT.toJSON(KIT.fromJSON(v1))).toEqual(KIT.toJSON(sample()));
  });

  test.each([
    [null, /a saved state is a JSON object, not null/],
    [[1], /not an array/],
    [{ game: 'other' }, /game is "other"; this loader reads 'demo'/],
    [{ game: 'demo', version: 4 }, /version 4 is not one this build reads \(1\.\.3\)/],
    [{ game: 'demo', version: 3, players: 5 }, /players is 5; the game takes 2\.\.4/],
  ])('refuses %j, naming the problem', (json, message) => {
    expect(() => KIT.fromJSON(json)).toThrow(message);
  });

  test('a bad field is named with what is allowed; check runs after the fields', () => {
    const good = KIT.toJSON(sample());
    expect(() => KIT.fromJSON({ ...good, turn: 100 })).toThrow(/turn/);
    expect(() => KIT.fromJSON({ ...good, phase: 'bidding' })).toThrow(/phase/);
    expect(() => KIT.fromJSON({ ...good, cash: [1, 2] })).toThrow(/cash/);
    expect(() => KIT.fromJSON({ ...good, deck: new Array(21).fill(0) })).toThrow(/deck/);
    expect(() => KIT.fromJSON({ ...good, log: [['move', 1]] })).toThrow(/log/);
    expect(() => KIT.fromJSON({ ...good, total: 5 })).toThrow(/total/);
    expect(() => KIT.fromJSON({ ...good, phase: 'over', turn: 0 })).toThrow(/must have been capped/);
  });

  test('field names that would break the compiled clone are refused at definition', () => {
    expect(() =>
      definePosition({ game: 'x', version: 1, minPlayers: 1, maxPlayers: 1, fields: { 'a-b': field.int(0, 1) } }),
    ).toThrow(/bad position field name 'a-b'/);
    expect(() =>
      definePosition({ game: 'x', version: 1, minPlayers: 1, maxPlayers: 1, fields: { players: field.int(0, 1) } }),
    ).toThrow(/players/);
    expect(() =>
      definePosition({
        game: 'x',
        version: 1,
        minPlayers: 1,
        maxPlayers: 1,
        fields: { ['__proto__']: field.int(0, 1) },
      }),
    ).toThrow(/__proto__/);
  });

  test("each field's quick test (what fromJSON runs before zod) never accepts a value its schema refuses", () => {
    // Values near and across every boundary the fields declare, and of every wrong type.
    const good = KIT.toJSON(sample());
    const rng = Rng.fromSeed('quick');
    const odd = [
      -0,
      0.5,
      Number.NaN,
      Infinity,
      2 ** 53,
      null,
      undefined,
      'x',
      '3',
      true,
      [],
      {},
      ['move'],
      -1,
      500,
      501,
    ];
    let accepted = 0;
    let refused = 0;
    for (let players = 2; players <= 4; players++) {
      for (const [name, f] of Object.entries(KIT.spec.fields)) {
        if (name === 'total') continue;
        const schema = f.json(players);
        const quick = QUICK_CHECKS.get(schema);
        expect(quick, name).toBeDefined();
        const base = (good as Record<string, unknown>)[name];
        const tries: unknown[] = [base, ...odd];
        for (let k = 0; k < 300; k++) {
          const v = JSON.parse(JSON.stringify(base ?? null)) as unknown;
          if (Array.isArray(v)) {
            const at = rng.int(v.length + 2);
            const r = rng.int(4);
            if (r === 0) v.length = at;
            else if (r === 1) v[at] = odd[rng.int(odd.length)];
            else if (r === 2 && Array.isArray(v[at])) (v[at] as unknown[])[rng.int(3)] = rng.int(9) - 3;
            else v[at] = rng.int(30) - 5;
          } else if (v !== null && typeof v === 'object') {
            (v as Record<string, unknown>)[['c', 's0', 's1', 's2', 'x'][rng.int(5)]] = odd[rng.int(odd.length)];
          }
          tries.push(v, rng.int(120) - 10, PHASES[rng.int(3)]);
        }
        for (const v of tries) {
          const ok = schema.safeParse(v).success;
          if (quick!(v)) {
            expect(ok, `${name}: ${JSON.stringify(v)}`).toBe(true);
            accepted++;
          } else if (!ok) refused++;
        }
      }
    }
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  test("an rng state outside Alea's ranges is refused (it would draw indices past their arrays)", () => {
    const good = KIT.toJSON(sample());
    expect(() => KIT.fromJSON({ ...good, rng: { c: 0, s0: 5, s1: 0.5, s2: 0.5 } })).toThrow(/rng/);
    expect(() => KIT.fromJSON({ ...good, rng: { c: 1.5, s0: 0.1, s1: 0.5, s2: 0.5 } })).toThrow(/rng/);
  });
});
