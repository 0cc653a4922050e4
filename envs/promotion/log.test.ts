import { describe, expect, test } from 'vitest';
import { MAX_ROUNDS } from './rules.js';
import {
  LOG_ARG_MAX,
  LOG_ARITY,
  LOG_KIND_NAMES,
  MAX_LOG_ARGS,
  eventArg,
  eventKind,
  eventRound,
  packEvent,
} from './log.js';

describe('event records', () => {
  test('a record fits a small integer: 15 kinds in 4 bits, round <= 60 in 6 bits, 5 args of 4 bits = 30 bits', () => {
    expect(LOG_KIND_NAMES.length).toBeLessThanOrEqual(16);
    expect(MAX_ROUNDS).toBeLessThan(64);
    expect(MAX_LOG_ARGS).toBe(5);
    expect(LOG_ARG_MAX).toBe(15);
    const biggest = packEvent(LOG_KIND_NAMES.length - 1, MAX_ROUNDS, [15, 15, 15, 15, 15]);
    expect(biggest).toBeLessThan(2 ** 30);
  });

  test.each(LOG_KIND_NAMES.map((name, kind) => [name, kind]))('%s events pack and unpack', (_name, kind) => {
    const args = Array.from({ length: LOG_ARITY[kind] }, (_, i) => (i * 7 + kind) % 16);
    const rec = packEvent(kind, 37, args);
    expect(eventKind(rec)).toBe(kind);
    expect(eventRound(rec)).toBe(37);
    expect(args.map((_, i) => eventArg(rec, i))).toEqual(args);
  });
});
