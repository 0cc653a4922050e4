/**
 * `agora worker`: a process that takes jobs from the queue and plays them, one at a time (start
 * one process per core; wasm and the game engines are single-threaded). A job that runs past its
 * timeout fails that attempt; a worker that dies mid-game stops renewing its job's lock, so BullMQ
 * hands the job to another worker (stalled-job recovery). Between decisions the game yields to the
 * event loop, so lock renewal keeps up with long searches.
 */
import { Worker, type Job } from 'bullmq';
import { makeAgent, playMatch, type Agent, type MatchResult } from '../../agents/index.js';
import { AgoraError, getGame } from '../../envs/index.js';
import { DEFAULT_PREFIX, QUEUE_NAME, redisConnection, type QueueJobData } from './jobs.js';
import { MODEL_REF, fetchModel } from './model-transfer.js';

export interface WorkerOptions {
  url: string;
  prefix?: string;
  /** Jobs at once in this process (default 1). */
  concurrency?: number;
  /** Called after each job (logs). */
  onJob?: (job: Job<QueueJobData>, ms: number, error?: Error) => void;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs work with a deadline: past it the attempt fails, and the signal handed to the work aborts
 * so the game stops at its next decision instead of running on beside the next job.
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

const agents = new Map<string, Agent>();

function agentFor(game: string, spec: string): Agent {
  const key = `${game}\u0000${spec}`;
  let agent = agents.get(key);
  if (!agent) {
    const inner = makeAgent(spec, getGame(game));
    // Every decision first lets timers run (lock renewal, timeouts).
    agent = { name: inner.name, act: async (ctx) => { await yieldToEventLoop(); return inner.act(ctx); } };
    agents.set(key, agent);
  }
  return agent;
}

/** Replaces a `neural:@redis:<key>` model reference by the local folder it is fetched into. */
async function localSpec(spec: string, redis: ReturnType<typeof redisConnection>): Promise<string> {
  const m = /^(neural|az):([^,]+)(.*)$/.exec(spec);
  if (!m || !m[2].startsWith(MODEL_REF)) return spec;
  return `${m[1]}:${await fetchModel(redis, m[2].slice(MODEL_REF.length))}${m[3]}`;
}

async function process(job: Job<QueueJobData>, redis: ReturnType<typeof redisConnection>): Promise<unknown> {
  const data = job.data;
  if (data.kind === 'match') {
    if (data.job.seats.some((s) => /^(neural|az):/.test(s))) await import('../../training/index.js');
    const seats = await Promise.all(data.job.seats.map((s) => localSpec(s, redis)));
    const result: MatchResult = await withTimeout(
      (signal) => playMatch(getGame(data.job.game), seats.map((s) => agentFor(data.job.game, s)), { seed: data.job.seed, config: data.job.config, signal }),
      data.timeoutMs, `game ${job.id}`,
    );
    return { ...result, seats: [...data.job.seats] };
  }
  if (data.kind === 'self-play') {
    const training = await import('../../training/index.js');
    const dir = await fetchModel(redis, data.model);
    const net = training.loadPolicyFolder(dir, getGame(data.game));
    return withTimeout((signal) => training.playSelfPlayGameAsync(getGame(data.game), net, data.players, data.seed, data.options, signal),
      data.timeoutMs, `self-play game ${job.id}`);
  }
  throw new AgoraError('bad_request', `unknown job kind ${(data as { kind: string }).kind}`);
}

/** Starts a worker; resolves once it is connected. close() stops it after the jobs in hand. */
export async function startWorker(options: WorkerOptions): Promise<Worker<QueueJobData>> {
  const connection = redisConnection(options.url);
  const redis = redisConnection(options.url);
  const started = new Map<string, number>();
  const worker = new Worker<QueueJobData>(QUEUE_NAME, async (job) => {
    started.set(job.id!, performance.now());
    return process(job, redis);
  }, {
    connection, prefix: options.prefix ?? DEFAULT_PREFIX, concurrency: options.concurrency ?? 1,
    // A dead worker's job goes back to the queue within ~lockDuration; twice more at most.
    lockDuration: 15_000, stalledInterval: 10_000, maxStalledCount: 2,
  });
  worker.on('error', () => {});
  worker.on('completed', (job) => options.onJob?.(job, performance.now() - (started.get(job.id!) ?? 0)));
  worker.on('failed', (job, err) => job && options.onJob?.(job, performance.now() - (started.get(job.id!) ?? 0), err));
  worker.on('closed', () => {
    connection.disconnect();
    redis.disconnect();
  });
  await worker.waitUntilReady();
  return worker;
}
