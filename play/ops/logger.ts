/**
 * The servers' and workers' log: one line per event on standard error, filtered by level, as text
 * for people (`2026-01-01T00:00:00.000Z INFO msg key=value`) or as one JSON object a line for log
 * collectors (`{"time":…,"level":"info","msg":…,…fields}`). LOG_LEVEL and LOG_FORMAT choose them
 * (loggerFromEnv). A function sink (tests) gets the bare text `msg key=value`, without time or level.
 */
import { AgoraError } from '../../envs/index.js';

const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const LOG_FORMATS = ['text', 'json'] as const;
type LogFormat = (typeof LOG_FORMATS)[number];

/** Values a log line's fields may hold (printed as key=value, or kept as JSON). */
type LogFields = Record<string, string | number | boolean | undefined>;

export interface Logger {
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
  /** Whether a line of this level would be written (skip costly messages otherwise). */
  enabled(level: LogLevel): boolean;
}

interface LoggerOptions {
  /** Lines below this level are dropped (default info). */
  level?: LogLevel;
  /** text (default) or json; ignored by a function sink's bare lines. */
  format?: LogFormat | 'bare';
  /** Where each line goes, without its newline (default: standard error). */
  write?: (line: string) => void;
  now?: () => Date;
}

/** A field's value as text: bare when it holds no space, quote or equals sign, else JSON-quoted. */
function textValue(value: string | number | boolean): string {
  const s = String(value);
  return /^[^\s"=]+$/.test(s) ? s : JSON.stringify(s);
}

function formatLine(format: LogFormat | 'bare', time: Date, level: LogLevel, msg: string, fields: LogFields): string {
  const defined = Object.entries(fields).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
  if (format === 'json')
    return JSON.stringify({ time: time.toISOString(), level, msg, ...Object.fromEntries(defined) });
  const tail = defined.map(([k, v]) => ` ${k}=${textValue(v)}`).join('');
  return format === 'bare' ? `${msg}${tail}` : `${time.toISOString()} ${level.toUpperCase()} ${msg}${tail}`;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const threshold = LOG_LEVELS.indexOf(options.level ?? 'info');
  const format = options.format ?? 'text';
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = options.now ?? (() => new Date());
  const enabled = (level: LogLevel) => LOG_LEVELS.indexOf(level) <= threshold;
  const at =
    (level: LogLevel) =>
    (msg: string, fields: LogFields = {}): void => {
      if (enabled(level)) write(formatLine(format, now(), level, msg, fields));
    };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), enabled };
}

/** A line function (tests, embedders) as a logger: bare `msg key=value` lines at `level` and above. */
export function lineLogger(write: (line: string) => void, level: LogLevel = 'info'): Logger {
  return createLogger({ level, format: 'bare', write });
}

/**
 * The logger LOG_LEVEL (error, warn, info, debug; default info) and LOG_FORMAT (text, json;
 * default text) ask for. Any other value stops the start, naming the variable and what it allows.
 */
export function loggerFromEnv(env: NodeJS.ProcessEnv = process.env): Logger {
  const level = env.LOG_LEVEL || 'info';
  const format = env.LOG_FORMAT || 'text';
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new AgoraError('bad_request', `LOG_LEVEL: one of ${LOG_LEVELS.join(', ')}; got '${level}'`);
  if (!(LOG_FORMATS as readonly string[]).includes(format))
    throw new AgoraError('bad_request', `LOG_FORMAT: one of ${LOG_FORMATS.join(', ')}; got '${format}'`);
  return createLogger({ level: level as LogLevel, format: format as LogFormat });
}
