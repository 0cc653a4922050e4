import { describe, expect, test } from 'vitest';
import { EventLog } from '../core/event-log.js';
import { MAX_ROUNDS } from './components.js';
import { EVENTS, LOG_ARG_MAX, LOG_CAPACITY } from './events.js';

describe('event records', () => {
  test('15 kinds, each with the round first and at most 5 more small arguments (the kit takes 8)', () => {
    expect(EVENTS.names.length).toBeLessThanOrEqual(16);
    expect(MAX_ROUNDS).toBeLessThan(64);
    expect(Math.max(...EVENTS.arity) - 1).toBe(5);
    expect(Math.max(...EVENTS.arity)).toBeLessThanOrEqual(8);
    expect(LOG_ARG_MAX).toBe(15);
    for (const name of EVENTS.names) expect(EVENTS.args[name][0]).toBe('round');
    expect(LOG_CAPACITY).toBe(52);
  });

  test.each(EVENTS.names.map((name, kind) => [name, kind]))('%s events are written and read back', (name, kind) => {
    const args = Array.from({ length: EVENTS.arity[kind] - 1 }, (_, i) => (i * 7 + kind) % 16);
    const log = new EventLog(EVENTS);
    log.push(EVENTS.index.cap, 36);
    log.push(kind, 37, ...args);
    expect(log.kindAt(1)).toBe(kind);
    expect(log.argAt(1, 0)).toBe(37);
    expect(args.map((_, i) => log.argAt(1, i + 1))).toEqual(args);
    expect(log.entries(1)).toEqual([{ kind: name, args: [37, ...args] }]);
    expect(EventLog.fromJSON(EVENTS, log.toJSON()).toJSON()).toEqual([
      ['cap', 36],
      [name, 37, ...args],
    ]);
  });
});
