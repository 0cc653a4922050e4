import { describe, expect, test } from 'vitest';
import { createLogger, lineLogger, loggerFromEnv } from './logger.js';

const at = () => new Date(Date.UTC(2026, 0, 1, 12));

describe('the log', () => {
  test('json: one parseable object a line with time, level, msg and the fields', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', write: (l) => lines.push(l), now: at });
    log.info('tournament t1 started', { games: 10, queue: 'redis://:***@h', missing: undefined });
    log.error('boom\n  at stack');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        time: '2026-01-01T12:00:00.000Z',
        level: 'info',
        msg: 'tournament t1 started',
        games: 10,
        queue: 'redis://:***@h',
      },
      { time: '2026-01-01T12:00:00.000Z', level: 'error', msg: 'boom\n  at stack' },
    ]);
  });

  test('text: time, level and key=value fields, quoted when they hold spaces', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (l) => lines.push(l), now: at });
    log.warn('lost the connection', { request: 'abc', why: 'two words' });
    expect(lines).toEqual(['2026-01-01T12:00:00.000Z WARN lost the connection request=abc why="two words"']);
  });

  test('the level filters: warn drops info and debug; debug keeps everything', () => {
    const lines: string[] = [];
    const warn = lineLogger((l) => lines.push(l), 'warn');
    warn.debug('d');
    warn.info('i');
    warn.warn('w');
    warn.error('e');
    expect(lines).toEqual(['w', 'e']);
    expect(warn.enabled('info')).toBe(false);
    expect(lineLogger(() => {}, 'debug').enabled('debug')).toBe(true);
  });

  test('LOG_LEVEL and LOG_FORMAT: anything else is refused, naming the variable and what it allows', () => {
    expect(() => loggerFromEnv({ LOG_LEVEL: 'verbose' })).toThrow(
      "LOG_LEVEL: one of error, warn, info, debug; got 'verbose'",
    );
    expect(() => loggerFromEnv({ LOG_FORMAT: 'xml' })).toThrow("LOG_FORMAT: one of text, json; got 'xml'");
    expect(loggerFromEnv({ LOG_LEVEL: 'error' }).enabled('warn')).toBe(false);
    expect(loggerFromEnv({}).enabled('info')).toBe(true);
  });
});
