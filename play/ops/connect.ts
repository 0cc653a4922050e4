/**
 * Starting against Redis or PostgreSQL: a process that needs one checks it can reach it within a
 * few seconds and otherwise stops with one line saying which server (password masked) and why,
 * instead of waiting in silence while the client library retries.
 */
import { AgoraError } from '../../envs/index.js';

/** How long a process waits for its servers at start when AGORA_CONNECT_TIMEOUT_MS is not set. */
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

/**
 * A server that could not be reached at start. An AgoraError ('unavailable'), so callers that map
 * those to one line keep doing so; entry points exit with code 1 on it (exitOnConnectError).
 */
export class ConnectError extends AgoraError {
  constructor(message: string) {
    super('unavailable', message);
    this.name = 'ConnectError';
  }
}

/** The start-up connection timeout: AGORA_CONNECT_TIMEOUT_MS (a positive integer of ms) or the default. */
export function connectTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.AGORA_CONNECT_TIMEOUT_MS;
  if (raw === undefined || raw === '') return DEFAULT_CONNECT_TIMEOUT_MS;
  if (!/^[1-9][0-9]{0,8}$/.test(raw))
    throw new AgoraError('bad_request', `AGORA_CONNECT_TIMEOUT_MS: must be a positive integer of ms; got '${raw}'`);
  return Number(raw);
}

/**
 * Ends the process with code 1 after one line `${who}: ${message}` on standard error when `err` is
 * a ConnectError; anything else is rethrown. `process.exit`, because the client libraries' retry
 * timers would otherwise keep the process alive.
 */
export function exitOnConnectError(who: string, err: unknown): never {
  if (!(err instanceof ConnectError)) throw err;
  process.stderr.write(`${who}: ${err.message}\n`);
  process.exit(1);
}

/** The error's own text, for one-line messages. */
export function errorText(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return errorText(err.errors[0]);
  if (err instanceof Error) return err.message || (err as { code?: string }).code || err.name;
  return String(err);
}
