import { Worker } from 'node:worker_threads';
import { AgoraError } from '../../envs/index.js';
import type { BotJob, BotReply } from './bot-messages.js';

const ENTRY = new URL('./bot-worker-entry.js', import.meta.url);

interface Pending {
  job: BotJob;
  resolve: (action: number) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
}

/**
 * Bot decisions for people's games, on worker threads so the server stays responsive. Each
 * decision has a time budget: a bot that overruns it has its worker replaced and the decision
 * fails with a clear error (the game waits and can be retried; nothing is recorded).
 */
export class BotPool {
  private idle: Worker[] = [];
  private busy = new Map<Worker, Pending>();
  private queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private workers = 0;

  constructor(
    private readonly size: number,
    private readonly budgetMs: number,
  ) {}

  decide(job: Omit<BotJob, 'id'>): Promise<number> {
    if (this.closed) return Promise.reject(new AgoraError('bad_request', 'the bot pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { ...job, id: this.nextId++ }, resolve, reject });
      this.pump();
    });
  }

  private spawn(): Worker {
    const worker = new Worker(ENTRY);
    this.workers++;
    worker.on('message', (reply: BotReply) => {
      const pending = this.busy.get(worker);
      if (!pending || pending.job.id !== reply.id) return;
      clearTimeout(pending.timer);
      this.busy.delete(worker);
      this.idle.push(worker);
      if (reply.error !== undefined) pending.reject(new AgoraError('unavailable', `bot ${pending.job.spec} failed: ${reply.error}; reload to retry`));
      else pending.resolve(reply.action);
      this.pump();
    });
    worker.on('error', (err) => this.retire(worker, err));
    worker.unref();
    return worker;
  }

  private retire(worker: Worker, err: Error): void {
    const pending = this.busy.get(worker);
    this.busy.delete(worker);
    this.idle = this.idle.filter((w) => w !== worker);
    this.workers--;
    void worker.terminate();
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(err);
    }
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      let worker = this.idle.pop();
      if (!worker) {
        if (this.workers >= this.size) return;
        worker = this.spawn();
      }
      const pending = this.queue.shift()!;
      const w = worker;
      pending.timer = setTimeout(() => {
        this.retire(w, new AgoraError('unavailable', `bot ${pending.job.spec} overran its ${this.budgetMs} ms budget; reload to retry`));
      }, this.budgetMs);
      this.busy.set(w, pending);
      w.postMessage(pending.job);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue) p.reject(new AgoraError('bad_request', 'the bot pool closed'));
    this.queue = [];
    const all = [...this.idle, ...this.busy.keys()];
    for (const p of this.busy.values()) {
      clearTimeout(p.timer);
      p.reject(new AgoraError('bad_request', 'the bot pool closed'));
    }
    this.idle = [];
    this.busy.clear();
    await Promise.all(all.map((w) => w.terminate()));
  }
}
