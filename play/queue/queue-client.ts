import type { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { AgoraError } from '../../envs/index.js';
import { ConnectionWatch } from '../ops/connection-watch.js';
import type { Logger } from '../ops/logger.js';
import { maskUrl } from '../ops/mask-url.js';
import { DEFAULT_ATTEMPTS, DEFAULT_PREFIX, QUEUE_NAME, jobIdFor, redisConnection, type QueueJobData } from './jobs.js';
import { bullmq } from './redis-libraries.js';

export interface QueueClientOptions {
  prefix?: string;
  attempts?: number;
  /** Where a lost connection to Redis and its recovery are logged (default: nowhere). */
  log?: Logger;
}

export interface QueueCounts {
  waiting: number;
  active: number;
  completed: number;
  failed: number;
  delayed: number;
  workers: number;
}

/**
 * The producer side of the job queue: adds jobs under idempotency keys and waits for their
 * results. A key already in the queue is not added again; a finished one yields its stored result;
 * one that failed for good is retried once more when asked for again (a later run).
 */
export class QueueClient {
  private readonly connection: Redis;
  private readonly eventsConnection: Redis;
  readonly queue: Queue<QueueJobData>;
  private readonly events: QueueEvents;
  private readonly ready: Promise<void>;

  constructor(
    readonly url: string,
    private readonly options: QueueClientOptions = {},
  ) {
    const prefix = options.prefix ?? DEFAULT_PREFIX;
    const watch = options.log ? new ConnectionWatch(`Redis at ${maskUrl(url)}`, options.log) : undefined;
    this.connection = redisConnection(url, watch);
    this.eventsConnection = redisConnection(url, watch);
    const { Queue, QueueEvents } = bullmq();
    this.queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: this.connection, prefix });
    this.events = new QueueEvents(QUEUE_NAME, { connection: this.eventsConnection, prefix });
    // Every job waited on listens on both for its end: a tournament waits on hundreds at once.
    this.queue.setMaxListeners(0);
    this.events.setMaxListeners(0);
    // Their connections' errors; the watch logs outages once each, not once per retry.
    this.queue.on('error', () => {});
    this.events.on('error', () => {});
    this.ready = this.events.waitUntilReady().then(() => undefined);
  }

  /**
   * Runs jobs by key and calls onResult(result, position) as each completes. Rejects with the
   * first job that failed all its attempts, or when the signal aborts (the jobs stay queued).
   * A job's `priority` (BullMQ's: 1 is taken first; none is taken before any) applies when it is added.
   */
  async run<T>(
    items: readonly { key: string; data: QueueJobData; priority?: number }[],
    onResult: (result: T, position: number) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    await this.ready;
    const attempts = this.options.attempts ?? DEFAULT_ATTEMPTS;
    let rejectAbort: (err: Error) => void = () => {};
    const aborted = new Promise<never>((_, reject) => {
      rejectAbort = reject;
    });
    aborted.catch(() => {});
    const onAbort = () =>
      rejectAbort(new AgoraError('unavailable', 'the run was stopped; its queued jobs stay in the queue'));
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const waits = items.map(async (item, position) => {
        const jobId = jobIdFor(item.key);
        let job: Job<QueueJobData> | undefined = await bullmq().Job.fromId(this.queue, jobId);
        if (job && (await job.getState()) === 'failed') await job.retry('failed');
        if (!job) {
          job = await this.queue.add(item.data.kind, item.data, {
            jobId,
            attempts,
            ...(item.priority !== undefined ? { priority: item.priority } : {}),
            backoff: { type: 'fixed', delay: 1000 },
            // Results stay a day, so a restarted producer collects games finished while it was down
            // (a bot decision, wanted at once, a minute).
            removeOnComplete: { age: item.data.kind === 'decision' ? 60 : 24 * 3600 },
            removeOnFail: { age: item.data.kind === 'decision' ? 3600 : 7 * 24 * 3600 },
          });
        }
        const result = (await Promise.race([job.waitUntilFinished(this.events), aborted])) as T;
        onResult(result, position);
      });
      await Promise.race([Promise.all(waits), aborted]);
    } catch (err) {
      if (err instanceof AgoraError) throw err;
      throw new AgoraError(
        'unavailable',
        `a queued game failed on every attempt: ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async counts(): Promise<QueueCounts> {
    const c = await this.queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized');
    const workers = (await this.queue.getWorkers()).length;
    return {
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
      active: c.active ?? 0,
      completed: c.completed ?? 0,
      failed: c.failed ?? 0,
      delayed: c.delayed ?? 0,
      workers,
    };
  }

  /** The Redis connection (model transfer shares it). */
  get redis(): Redis {
    return this.connection;
  }

  async close(): Promise<void> {
    // BullMQ's close waits forever for connections that never came up (Redis unreachable): those
    // are dropped, not closed.
    if (this.connection.status !== 'ready' || this.eventsConnection.status !== 'ready') {
      this.connection.disconnect();
      this.eventsConnection.disconnect();
      return;
    }
    await this.events.close();
    await this.queue.close();
    this.connection.disconnect();
    this.eventsConnection.disconnect();
  }
}
