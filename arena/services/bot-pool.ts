import { AgoraError } from '../../envs/index.js';
import { WorkerPool, WorkerTimeout } from '../../play/index.js';
import type { BotJob, BotReply } from './bot-messages.js';

const ENTRY = new URL('./bot-worker-entry.js', import.meta.url);
/** Time to build an agent (a new thread loads tsx; a model is read from disk); not part of a decision's budget. */
const LOAD_MS = 60_000;
/**
 * Added to every budget for the thread round trip, so an agent that stops on time (mcts ms=) is
 * not counted as overrunning.
 */
const BUDGET_GRACE_MS = 250;

/** A bot's answer: its action, or that it overran its budget (the caller then plays a seeded random action). */
export type BotAnswer = { action: number; overrun: false } | { overrun: true };

export interface BotRequest extends Omit<BotJob, 'id'> {
  /**
   * Who is waiting (a match id): requests are served round-robin across keys, so one match cannot
   * starve the others.
   */
  key: string;
  /** Wall-clock budget of this decision, ms. */
  budgetMs: number;
}

/**
 * Bot decisions for people's games, on worker threads so the server stays responsive (a
 * WorkerPool of play/, which supplies the fair queue and the deadlines).
 * - Every decision has a wall-clock budget: a bot still thinking when it runs out has its thread
 *   replaced (synchronous search cannot be interrupted from inside) and answers `overrun`. The
 *   budget starts once the agent is built (the worker says `started`); building has LOAD_MS.
 * - Waiting requests are queued per key and served round-robin over the keys (fair queueing): a
 *   match whose bot is slow delays another match by at most one budget per busy thread, never by
 *   a queue of its own requests.
 */
export class BotPool {
  private readonly pool: WorkerPool<BotJob, BotReply>;

  constructor(size: number) {
    this.pool = new WorkerPool<BotJob, BotReply>({
      name: 'the bot pool',
      entry: ENTRY,
      size,
      unref: true,
      isFinal: (reply) => !reply.started,
    });
  }

  async decide(request: BotRequest): Promise<BotAnswer> {
    const { key, budgetMs, ...job } = request;
    let started = false;
    try {
      const reply = await this.pool.request(job, {
        key,
        timeoutMs: LOAD_MS,
        // The agent is built: from now on the decision's own budget runs.
        onProgress: () => {
          started = true;
          return budgetMs + BUDGET_GRACE_MS;
        },
      });
      if (reply.error !== undefined)
        throw new AgoraError('unavailable', `bot ${job.spec} failed: ${reply.error}; reload to retry`);
      return { action: reply.action!, overrun: false };
    } catch (err) {
      if (!(err instanceof WorkerTimeout)) throw err;
      if (started) return { overrun: true };
      throw new AgoraError('unavailable', `bot ${job.spec} did not load within ${LOAD_MS / 1000} s; reload to retry`);
    }
  }

  /** Requests waiting for a thread (benchmarks, tests). */
  get queued(): number {
    return this.pool.queued;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
