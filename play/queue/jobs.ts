/**
 * The job queue's vocabulary, shared by the producers (arena tournaments, the trainer) and the
 * `agora worker` processes. One BullMQ queue, 'games', holds two kinds of job:
 * - match: one game between agent specs (tournament, gating, evaluation); returns the MatchResult;
 * - self-play: expert-iteration self-play games of a model stored in Redis (a run of seeds, played
 *   in flight together); returns their records in seed order;
 * - decision: one bot decision of an arena's people's match; returns `{ action }` or `{ overrun }`.
 * A job's id is its idempotency key: a game id (`${tournament}:${index}`) or a training task id, so
 * adding the same game twice queues it once, and a job retried after its worker died is still one
 * result, recorded once (the stores also ignore a game they already hold).
 */
import type { Redis } from 'ioredis';
import type { GameJob, SelfPlayOptions } from '../messages.js';
import type { ConnectionWatch } from '../ops/connection-watch.js';
import { ioredis } from './redis-libraries.js';

export const QUEUE_NAME = 'games';
/** Default key prefix in Redis; tests give each run its own. */
export const DEFAULT_PREFIX = 'agora';
/** A game running longer than this on a worker fails that attempt (and is retried). */
export const DEFAULT_JOB_TIMEOUT_MS = 10 * 60_000;
/** Attempts per job: the first plus retries after a failure or a worker's death. */
export const DEFAULT_ATTEMPTS = 3;

export type MatchJobData = { kind: 'match'; job: GameJob; timeoutMs: number };
export type SelfPlayJobData = {
  kind: 'self-play';
  game: string;
  players: number;
  seeds: string[];
  options: SelfPlayOptions;
  /** Key of the model's files in Redis (see model-transfer.ts). */
  model: string;
  timeoutMs: number;
};
/** A bot decision: the worker rebuilds the position from the match's seed and actions. */
export type DecisionJobData = {
  kind: 'decision';
  game: string;
  players: number;
  /** The match (its id) and its secret seed; every action so far. */
  match: string;
  matchSeed: string;
  actions: number[];
  spec: string;
  /** Seed of the bot's RNG for this decision. */
  seed: string;
  /** Wall-clock budget of the decision, ms. */
  budgetMs: number;
  timeoutMs: number;
  /** The account that owns the bot: the worker's bot threads are shared fairly by it (absent: the arena's own). */
  owner?: string;
};
export type QueueJobData = MatchJobData | SelfPlayJobData | DecisionJobData;

/** BullMQ forbids ':' in custom job ids; game ids use it. */
export function jobIdFor(key: string): string {
  return key.replace(/:/g, '|');
}

/**
 * A Redis connection as BullMQ needs it (blocking commands must not time out). Reconnection is
 * ioredis's job (with back-off); with a watch, a connection that was up and is lost, and its
 * recovery, are logged there (once per outage). Errors before the first connection are the start
 * check's to report (checkRedis).
 */
export function redisConnection(url: string, watch?: ConnectionWatch): Redis {
  const { Redis } = ioredis();
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  let lastError = 'connection closed';
  let wasReady = false;
  // An error event without a listener would crash the process; this one keeps the reason.
  redis.on('error', (err: Error) => {
    lastError = err.message || (err as { code?: string }).code || err.name;
  });
  if (watch) {
    redis.on('ready', () => {
      wasReady = true;
      watch.back(redis);
    });
    // Emitted when ioredis schedules a retry; never after disconnect() or quit().
    redis.on('reconnecting', () => {
      if (wasReady) watch.lost(redis, lastError);
    });
    redis.on('end', () => watch.forget(redis));
  }
  return redis;
}
