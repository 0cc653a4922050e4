import { describe, expect, test } from 'vitest';
import { defineEvents, EventLog } from './event-log.js';
import { Rng } from './rng.js';

const KINDS = defineEvents({
  deal: ['seat', 'card'],
  pass: ['seat'],
  end: [],
  big: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
});
const EV = KINDS.index;

describe('EventLog', () => {
  test('records keep their kind and arguments, in order, with negative numbers', () => {
    const log = EventLog.empty(KINDS);
    log.push(EV.deal, 2, 17);
    log.push(EV.end);
    log.push(EV.pass, -1);
    log.push(EV.big, 1, 2, 3, 4, 5, 6, 7, 8);
    expect(log.length).toBe(4);
    expect(log.entries()).toEqual([
      { kind: 'deal', args: [2, 17] },
      { kind: 'end', args: [] },
      { kind: 'pass', args: [-1] },
      { kind: 'big', args: [1, 2, 3, 4, 5, 6, 7, 8] },
    ]);
    expect(log.entries(2).map((e) => e.kind)).toEqual(['pass', 'big']);
    expect([log.kindAt(2), log.argAt(0, 1), log.argAt(3, 7)]).toEqual([EV.pass, 17, 8]);
  });

  test('dropFirst forgets old records, also across the cut that reclaims dropped room', () => {
    const log = EventLog.empty(KINDS);
    for (let i = 0; i < 100; i++) {
      log.push(EV.deal, i, i * 2);
      if (log.length > 3) log.dropFirst(log.length - 3);
    }
    expect(log.entries()).toEqual([97, 98, 99].map((i) => ({ kind: 'deal', args: [i, i * 2] })));
    for (let i = 0; i < 50; i++) log.push(EV.pass, i);
    expect(log.length).toBe(53);
    expect(log.entries(52)).toEqual([{ kind: 'pass', args: [49] }]);
    log.dropFirst(1000);
    expect(log.length).toBe(0);
    expect(log.entries()).toEqual([]);
  });

  test('leadingBelow counts the front records whose argument is below a value, after drops too', () => {
    const log = EventLog.empty(KINDS);
    for (const turn of [1, 1, 2, 3, 3]) log.push(EV.deal, turn, 0);
    log.push(EV.pass, 4);
    expect([log.leadingBelow(0, 1), log.leadingBelow(0, 3), log.leadingBelow(0, 9)]).toEqual([0, 3, 6]);
    log.dropFirst(2);
    expect(log.leadingBelow(0, 3)).toBe(1);
  });

  test('a clone is independent of its original', () => {
    const log = EventLog.empty(KINDS);
    log.push(EV.deal, 1, 2);
    const copy = log.clone();
    copy.push(EV.end);
    log.dropFirst(1);
    expect(copy.entries()).toEqual([
      { kind: 'deal', args: [1, 2] },
      { kind: 'end', args: [] },
    ]);
    expect(log.length).toBe(0);
  });

  test('JSON is [kind, ...args] per record and reads back; the schema refuses wrong kinds, arities and sizes', () => {
    const log = EventLog.empty(KINDS);
    log.push(EV.deal, 0, 5);
    log.push(EV.end);
    const json = log.toJSON();
    expect(json).toEqual([['deal', 0, 5], ['end']]);
    expect(EventLog.fromJSON(KINDS, json).entries()).toEqual(log.entries());
    const schema = KINDS.jsonSchema(2);
    expect(schema.safeParse(json).success).toBe(true);
    expect(schema.safeParse([['deal', 0]]).success).toBe(false);
    expect(schema.safeParse([['fold', 1]]).success).toBe(false);
    expect(schema.safeParse([['end'], ['end'], ['end']]).success).toBe(false);
    expect(schema.safeParse([['pass', 1.5]]).success).toBe(false);
    expect(() => log.pushArgs(EV.deal, [1])).toThrow("event 'deal' takes 2 arguments");
  });

  test('argument ranges declared by name are enforced on load, naming the argument', () => {
    const ranged = defineEvents({ deal: ['seat', 'card'], pass: ['seat'] }, { seat: [0, 3], '*': [0, 51] });
    const schema = ranged.jsonSchema(10);
    expect(
      schema.safeParse([
        ['deal', 3, 51],
        ['pass', 0],
      ]).success,
    ).toBe(true);
    const bad = schema.safeParse([['deal', 4, 0]]);
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error)).toContain("'deal' argument seat is 4; allowed 0..3");
    expect(schema.safeParse([['deal', 0, 52]]).success).toBe(false);
  });

  test('mapEntries equals entries() after any mix of pushes, drops, cut-backs and clones', () => {
    const rng = Rng.fromSeed('map-entries');
    const convert = (kind: string, args: number[]) => ({ kind, args });
    let log = EventLog.empty(KINDS);
    let calls = 0;
    const counted = (kind: string, args: number[]) => {
      calls++;
      return convert(kind, args);
    };
    for (let step = 0; step < 3000; step++) {
      const r = rng.int(100);
      if (r < 60) log.push(EV.deal, rng.int(4), step);
      else if (r < 70) log.push(EV.end);
      else if (r < 85) log.dropFirst(rng.int(Math.max(1, log.length)));
      else if (r < 87) log.dropFirst(log.length + 1);
      else if (r < 90) log = log.clone();
      const before = calls;
      const mapped = log.mapEntries(counted);
      expect(mapped).toEqual(log.entries());
      // Only records pushed since the last call are converted (a clone starts over).
      expect(calls - before).toBeLessThanOrEqual(r >= 87 && r < 90 ? log.length : 1);
    }
  });

  test('mapped entries are frozen and each call returns a new array', () => {
    const log = EventLog.empty(KINDS);
    log.push(EV.deal, 1, 2);
    const convert = (kind: string, args: number[]) => ({ kind, args });
    const a = log.mapEntries(convert);
    const b = log.mapEntries(convert);
    expect(a).not.toBe(b);
    expect(a[0]).toBe(b[0]);
    expect(Object.isFrozen(a[0]) && Object.isFrozen(a[0].args)).toBe(true);
    a.push({ kind: 'end', args: [] });
    expect(log.mapEntries(convert)).toHaveLength(1);
  });
});
