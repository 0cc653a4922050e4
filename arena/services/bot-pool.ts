import { Worker } from 'node:worker_threads';
import { AgoraError } from '../../envs/index.js';
import type { BotJob, BotReply } from './bot-messages.js';

const ENTRY = new URL('./bot-worker-entry.js', import.meta.url);
/** Time to build an agent (a model's first load brings in TensorFlow.js); not part of a decision's budget. */
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

interface Pending {
  job: BotJob;
  key: string;
  budgetMs: number;
  resolve: (answer: BotAnswer) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
}

/**
 * Bot decisions for people's games, on worker threads so the server stays responsive.
 * - Every decision has a wall-clock budget: a bot still thinking when it runs out has its thread
 *   replaced (synchronous search cannot be interrupted from inside) and answers `overrun`.
 * - Waiting requests are queued per key and served round-robin over the keys (fair queueing): a
 *   match whose bot is slow delays another match by at most one budget per busy thread, never by
 *   a queue of its own requests.
 */
export class BotPool {
  private idle: Worker[] = [];
  private busy = new Map<Worker, Pending>();
  /** Waiting requests by key, keys in the order they are served next. */
  private waiting = new Map<string, Pending[]>();
  private nextId = 1;
  private closed = false;
  private workers = 0;

  constructor(private readonly size: number) {}

  decide(request: BotRequest): Promise<BotAnswer> {
    if (this.closed) return Promise.reject(new AgoraError('unavailable', 'the bot pool is closed'));
    const { key, budgetMs, ...job } = request;
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(key) ?? [];
      queue.push({ job: { ...job, id: this.nextId++ }, key, budgetMs, resolve, reject });
      this.waiting.set(key, queue);
      this.pump();
    });
  }

  /** Requests waiting for a thread (benchmarks, tests). */
  get queued(): number {
    let n = 0;
    for (const q of this.waiting.values()) n += q.length;
    return n;
  }

  /** The next request, round-robin over the keys: the served key goes to the back of the line. */
  private next(): Pending | undefined {
    for (const [key, queue] of this.waiting) {
      const pending = queue.shift()!;
      this.waiting.delete(key);
      if (queue.length > 0) this.waiting.set(key, queue);
      return pending;
    }
    return undefined;
  }

  private spawn(): Worker {
    const worker = new Worker(ENTRY);
    this.workers++;
    worker.on('message', (reply: BotReply) => {
      const pending = this.busy.get(worker);
      if (!pending || pending.job.id !== reply.id) return;
      clearTimeout(pending.timer);
      if (reply.started) {
        // The agent is built: from now on the decision's own budget runs.
        pending.timer = setTimeout(
          () => this.retire(worker, (p) => p.resolve({ overrun: true })),
          pending.budgetMs + BUDGET_GRACE_MS,
        );
        return;
      }
      this.busy.delete(worker);
      this.idle.push(worker);
      if (reply.error !== undefined)
        pending.reject(
          new AgoraError('unavailable', `bot ${pending.job.spec} failed: ${reply.error}; reload to retry`),
        );
      else pending.resolve({ action: reply.action, overrun: false });
      this.pump();
    });
    worker.on('error', (err) => this.retire(worker, (p) => p.reject(err)));
    worker.unref();
    return worker;
  }

  /** Replaces a thread; its request, if any, is settled by `settle`. */
  private retire(worker: Worker, settle: (pending: Pending) => void): void {
    const pending = this.busy.get(worker);
    this.busy.delete(worker);
    this.idle = this.idle.filter((w) => w !== worker);
    this.workers--;
    void worker.terminate();
    if (pending) {
      clearTimeout(pending.timer);
      settle(pending);
    }
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.queued > 0) {
      let worker = this.idle.pop();
      if (!worker) {
        if (this.workers >= this.size) return;
        worker = this.spawn();
      }
      const pending = this.next()!;
      const w = worker;
      pending.timer = setTimeout(
        () =>
          this.retire(w, (p) =>
            p.reject(
              new AgoraError(
                'unavailable',
                `bot ${p.job.spec} did not load within ${LOAD_MS / 1000} s; reload to retry`,
              ),
            ),
          ),
        LOAD_MS,
      );
      this.busy.set(w, pending);
      w.postMessage(pending.job);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const closed = new AgoraError('unavailable', 'the bot pool closed');
    for (const queue of this.waiting.values()) for (const p of queue) p.reject(closed);
    this.waiting.clear();
    const all = [...this.idle, ...this.busy.keys()];
    for (const p of this.busy.values()) {
      clearTimeout(p.timer);
      p.reject(closed);
    }
    this.idle = [];
    this.busy.clear();
    await Promise.all(all.map((w) => w.terminate()));
  }
}
