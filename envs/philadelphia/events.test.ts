import { describe, expect, test } from 'vitest';
import {
  ARG_BIAS,
  LOG_ARITY,
  LOG_KINDS,
  LOG_KIND_NAMES,
  RECORD_BITS,
  eventArgs,
  eventKind,
  eventSeat,
  logEntry,
  packEntry,
  packEvent,
} from './events.js';

describe('event records', () => {
  test('a record stays a small integer: at most 30 bits, at most 64 kinds', () => {
    expect(RECORD_BITS).toBeLessThanOrEqual(30);
    expect(LOG_KIND_NAMES.length).toBeLessThanOrEqual(64);
  });

  test.each(LOG_KIND_NAMES.map((name, kind) => [name, kind] as const))(
    '%s: the largest and smallest values round-trip for every seat',
    (name, kind) => {
      const specs = LOG_KINDS[name] as readonly (readonly [string, number, number?])[];
      for (const seat of [-1, 0, 3]) {
        const high = specs.map(([, bits, bias]) => (1 << bits) - 1 - (bias ?? 0));
        const low = specs.map((_, i) => 0 - ARG_BIAS[kind][i]);
        for (const args of [high, low]) {
          const rec = packEvent(kind, seat, args);
          expect(Number.isInteger(rec) && rec >= 0 && rec < 2 ** 30).toBe(true);
          expect([eventKind(rec), eventSeat(rec), eventArgs(rec)]).toEqual([kind, seat, args]);
          expect(logEntry(rec)).toEqual([name, seat, ...args]);
          expect(packEntry(name, [seat, ...args])).toBe(rec);
        }
      }
      expect(LOG_ARITY[kind]).toBe(specs.length);
    },
  );

  test('the widths hold every value the rules produce', () => {
    const width = (kind: string, arg: string) =>
      (LOG_KINDS[kind as keyof typeof LOG_KINDS] as readonly (readonly [string, number])[]).find(
        ([n]) => n === arg,
      )?.[1] ?? 0;
    // Bank gold is logged by submit, but a gain may be large too.
    expect(2 ** width('gain', 'gold')).toBeGreaterThan(2 * 36 * 4);
    expect(2 ** width('submit', 'bankGold')).toBeGreaterThan(2 * 36 * 4);
    expect(2 ** width('submit', 'vp')).toBeGreaterThan(5 * 18);
    expect(2 ** width('draw', 'count')).toBeGreaterThan(85);
    expect(2 ** width('gain', 'cause')).toBeGreaterThan(200);
    expect(2 ** width('round', 'round')).toBeGreaterThan(40);
  });
});
