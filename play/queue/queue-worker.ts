/**
 * `agora worker`: a process that takes jobs from the queue and plays them, one at a time (start
 * one process per core; wasm and the game engines are single-threaded). A job that runs past its
 * timeout fails that attempt; a worker that dies mid-game stops renewing its job's lock, so BullMQ
 * hands the job to another worker (stalled-job recovery). Match games are played on game threads
 * (one per concurrent job, kept for the process's life) with the job's per-decision budgets, so this
 * thread stays free for lock renewal and the job timeout however long a bot thinks.
 */
import type { Job, Worker } from 'bullmq';
import { modelPathOf, withModelPath } from '../../agents/index.js';
import { AgoraError } from '../../envs/index.js';
import { GameThreadPool } from '../game-threads.js';
import type { PlayedGame } from '../messages.js';
import { ConnectionWatch } from '../ops/connection-watch.js';
import type { Logger } from '../ops/logger.js';
import { maskUrl } from '../ops/mask-url.js';
import {
  DEFAULT_PREFIX,
  QUEUE_NAME,
  redisConnection,
  type DecisionJobData,
  type QueueJobData,
  type SelfPlayJobData,
} from './jobs.js';
import { MODEL_REF, fetchModel } from './model-transfer.js';
import { bullmq } from './redis-libraries.js';

/** Plays one self-play job; the signal aborts it at the job's timeout. */
export type SelfPlayHandler = (data: SelfPlayJobData, modelDir: string, signal: AbortSignal) => Promise<unknown>;

/** Makes one bot decision of an arena's people's match, within its budget (the arena's bot threads). */
export type DecisionHandler = (data: DecisionJobData) => Promise<unknown>;

export interface WorkerOptions {
  url: string;
  prefix?: string;
  /** Jobs at once in this process (default 1). */
  concurrency?: number;
  /**
   * Plays a self-play job with the model fetched into `modelDir` (training's algorithm: the caller,
   * `agora worker`, brings it in). Without it, self-play jobs fail.
   */
  selfPlay?: SelfPlayHandler;
  /** Makes bot decisions of people's matches (the arena's: `agora worker` brings it in). Without it, they fail. */
  decide?: DecisionHandler;
  /** Called after each job (logs). */
  onJob?: (job: Job<QueueJobData>, ms: number, error?: Error) => void;
  /** Where a lost connection to Redis and its recovery are logged (default: nowhere). */
  log?: Logger;
}

/**
 * Runs work with a deadline: past it the attempt fails, and the signal handed to the work aborts
 * it (a match's game thread is terminated; self-play stops at its next decision) instead of letting
 * it run on beside the next job.
 */
async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number, what: string): Promise<T> {
  const controller = new AbortController();
  const timedOut = new AgoraError('unavailable', `${what} ran past its ${ms} ms timeout`);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(controller.signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort(timedOut);
          reject(timedOut);
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Replaces a `neural:@redis:<key>` model reference by the local folder it is fetched into. */
async function localSpec(spec: string, redis: ReturnType<typeof redisConnection>): Promise<string> {
  const path = modelPathOf(spec);
  if (path === undefined || !path.startsWith(MODEL_REF)) return spec;
  return withModelPath(spec, await fetchModel(redis, path.slice(MODEL_REF.length)));
}

async function process(
  job: Job<QueueJobData>,
  redis: ReturnType<typeof redisConnection>,
  games: GameThreadPool,
  selfPlay: SelfPlayHandler | undefined,
  decide: DecisionHandler | undefined,
): Promise<unknown> {
  const data = job.data;
  if (data.kind === 'match') {
    const seats = await Promise.all(data.job.seats.map((s) => localSpec(s, redis)));
    const result: PlayedGame = await withTimeout(
      (signal) => games.play({ ...data.job, seats }, { signal }),
      data.timeoutMs,
      `game ${job.id}`,
    );
    // The seats as queued (model references, not this machine's folders); overruns per seat come along.
    return { ...result, seats: [...data.job.seats] };
  }
  if (data.kind === 'self-play') {
    if (!selfPlay) throw new AgoraError('bad_request', `this worker plays no self-play games (job ${job.id})`);
    const dir = await fetchModel(redis, data.model);
    return withTimeout((signal) => selfPlay(data, dir, signal), data.timeoutMs, `self-play game ${job.id}`);
  }
  if (data.kind === 'decision') {
    if (!decide) throw new AgoraError('bad_request', `this worker makes no bot decisions (job ${job.id})`);
    // The handler stops a bot at its budget; the timeout guards the rest (building the agent).
    return withTimeout(() => decide(data), data.timeoutMs, `decision ${job.id}`);
  }
  throw new AgoraError('bad_request', `unknown job kind ${(data as { kind: string }).kind}`);
}

/** Starts a worker; resolves once it is connected. close() stops it after the jobs in hand. */
export async function startWorker(options: WorkerOptions): Promise<Worker<QueueJobData>> {
  const watch = options.log ? new ConnectionWatch(`Redis at ${maskUrl(options.url)}`, options.log) : undefined;
  const connection = redisConnection(options.url, watch);
  const redis = redisConnection(options.url, watch);
  const concurrency = options.concurrency ?? 1;
  // One game thread per job in hand, spawned on the first match and kept (spawning is slow).
  const games = new GameThreadPool({ threads: concurrency });
  const started = new Map<string, number>();
  const { Worker } = bullmq();
  const worker = new Worker<QueueJobData>(
    QUEUE_NAME,
    async (job) => {
      started.set(job.id!, performance.now());
      return process(job, redis, games, options.selfPlay, options.decide);
    },
    {
      connection,
      prefix: options.prefix ?? DEFAULT_PREFIX,
      concurrency,
      // A dead worker's job goes back to the queue within ~lockDuration; twice more at most.
      lockDuration: 15_000,
      stalledInterval: 10_000,
      maxStalledCount: 2,
    },
  );
  // Connection errors of BullMQ's own connections; the watch logs outages once each.
  worker.on('error', () => {});
  worker.on('completed', (job) => options.onJob?.(job, performance.now() - (started.get(job.id!) ?? 0)));
  worker.on('failed', (job, err) => job && options.onJob?.(job, performance.now() - (started.get(job.id!) ?? 0), err));
  worker.on('closed', () => {
    connection.disconnect();
    redis.disconnect();
    void games.close();
  });
  await worker.waitUntilReady();
  return worker;
}
