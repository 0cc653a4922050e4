/**
 * The one worker-thread pool every thread pool of the project is built on (game threads, bot
 * moves, training games, PPO rollouts, learner replicas). It owns what they all repeat:
 * - threads started from an entry file (plain JavaScript that runs the TypeScript worker from its
 *   cached bundle, envs/core/source-bundle.js, or under tsx), at once (`eager`) or on demand up to
 *   `size`;
 * - requests and replies matched by id, several replies per request when the worker reports
 *   progress first (`isFinal`), transfer lists passed through;
 * - waiting requests queued per key and served round-robin over the keys (fair queueing: one key's
 *   backlog never holds another key back; with one key it is first come, first served);
 * - a deadline per request: past it the thread is terminated (synchronous work cannot be stopped
 *   from inside) and replaced on demand, and the request rejects with a WorkerTimeout;
 * - a crashed or exited thread rejects what it had in hand (WorkerCrash), and so does an aborted
 *   request's thread; a request may instead be sent again, first in line, when its thread is
 *   killed (`retry`: game threads resume a game after an overrun); keepSpare() keeps a loaded
 *   thread ready for that; close() terminates every thread, rejects what is queued and resolves
 *   once the threads are gone.
 * Replies are handed back as the worker sent them: each pool reads its own error fields.
 */
import { Worker, type Transferable } from 'node:worker_threads';
import { AgoraError } from '../envs/index.js';

/** What every request and reply carries: the id the pool gives the request. */
export interface WithId {
  id: number;
}

type Body<T extends WithId> = T extends infer U ? (U extends WithId ? Omit<U, 'id'> : never) : never;

/** The thread a request is sent to, as its body function sees it. */
export interface ThreadInfo {
  /** This thread's workerData. */
  readonly data: unknown;
  /** Terminates the thread; its requests reject with `reason` (or are sent again: RequestOptions.retry). */
  kill(reason: Error): void;
}

/** A request's body, or a function making it when a thread takes the request (each time, with retries). */
export type BodyOf<Request extends WithId> = Body<Request> | ((thread: ThreadInfo) => Body<Request>);

export interface WorkerPoolOptions<Reply extends WithId> {
  /** Names the pool in errors ('the bot pool'). */
  name: string;
  entry: URL;
  /** Threads at most. */
  size: number;
  /** Start every thread now and keep them (threads can then be addressed by index); default on demand. */
  eager?: boolean;
  /** workerData for each new thread. */
  workerData?: () => unknown;
  /** Idle threads do not keep the process alive (default false). */
  unref?: boolean;
  /** Whether a reply ends its request (default: every reply does); others go to the request's onProgress. */
  isFinal?: (reply: Reply) => boolean;
}

export interface RequestOptions<Reply extends WithId> {
  /** Fair-queueing key (default ''). */
  key?: string;
  /** Send to this thread (eager pools), without queueing: a thread may then hold several requests. */
  thread?: number;
  transfer?: readonly Transferable[];
  /** Terminate the thread and reject with WorkerTimeout when no final reply comes within this (ms). */
  timeoutMs?: number;
  /** A reply that is not final; may return a new deadline (ms from now) for the rest of the request. */
  onProgress?: (reply: Reply) => number | void;
  /** Stops the request: taken out of the queue, or its thread terminated; it rejects with the signal's reason. */
  signal?: AbortSignal;
  /** When its thread is killed for `reason`: true sends the request again, first in line, instead of rejecting. */
  retry?: (reason: Error) => boolean;
}

/** A thread that crashed or exited under a request. */
export class WorkerCrash extends Error {
  constructor(
    readonly pool: string,
    /** 'crashed: <message>' or 'exited with code <n>'. */
    readonly what: string,
  ) {
    super(`${pool}: a thread ${what}`);
  }
}

/** A request past its deadline: its thread was terminated. */
export class WorkerTimeout extends Error {
  constructor(
    readonly pool: string,
    readonly ms: number,
  ) {
    super(`${pool}: no answer within ${ms} ms`);
  }
}

interface Pending<Reply extends WithId> {
  id: number;
  body: object | ((thread: ThreadInfo) => object);
  options: RequestOptions<Reply>;
  key: string;
  resolve: (reply: Reply) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
  thread?: PoolThread<Reply>;
}

interface PoolThread<Reply extends WithId> {
  worker: Worker;
  /** Requests in hand, by id (one for queued requests; addressed ones may pile up). */
  pending: Map<number, Pending<Reply>>;
  /** Set once it crashed, exited or was terminated: it takes nothing more. */
  dead?: Error;
  info: ThreadInfo;
}

export class WorkerPool<Request extends WithId, Reply extends WithId> {
  private readonly threads: PoolThread<Reply>[] = [];
  /** Waiting requests by key, keys in the order they are served next. */
  private readonly waiting = new Map<string, Pending<Reply>[]>();
  private readonly exits = new Set<Promise<unknown>>();
  private nextId = 1;
  private closed = false;
  /** A loaded thread outside `threads`, taken by the next thread the pool needs (keepSpare). */
  private spare: PoolThread<Reply> | undefined;
  private keepingSpare = false;

  constructor(private readonly options: WorkerPoolOptions<Reply>) {
    if (options.eager) for (let i = 0; i < options.size; i++) this.threads.push(this.spawn());
  }

  /** Threads alive, the spare included. */
  get liveThreads(): number {
    return this.threads.filter((t) => !t.dead).length + (this.spare ? 1 : 0);
  }

  /** From now on keep one loaded thread beyond the busy ones (starting one is slow), for retried requests. */
  keepSpare(): void {
    this.keepingSpare = true;
    if (!this.spare && !this.closed) this.spare = this.spawn();
  }

  /** Requests waiting for a thread. */
  get queued(): number {
    let n = 0;
    for (const queue of this.waiting.values()) n += queue.length;
    return n;
  }

  /** Sends a request and resolves with its final reply. */
  request(body: BodyOf<Request>, options: RequestOptions<Reply> = {}): Promise<Reply> {
    if (this.closed) return Promise.reject(new AgoraError('unavailable', `${this.options.name} is closed`));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<Reply>((resolve, reject) => {
      const key = options.key ?? '';
      const pending: Pending<Reply> = { id: this.nextId++, body, options, key, resolve, reject };
      if (signal) {
        const onAbort = () => this.abort(pending, signal.reason as Error);
        signal.addEventListener('abort', onAbort, { once: true });
        // One signal may serve many requests: a listener left behind would keep this one alive.
        const settle = () => signal.removeEventListener('abort', onAbort);
        pending.resolve = (reply) => {
          settle();
          resolve(reply);
        };
        pending.reject = (err) => {
          settle();
          reject(err);
        };
      }
      if (options.thread !== undefined) {
        const thread = this.threads[options.thread];
        if (!thread) return reject(new Error(`${this.options.name} has no thread ${options.thread}`));
        if (thread.dead) return pending.reject(thread.dead);
        return this.dispatch(thread, pending);
      }
      const queue = this.waiting.get(key) ?? [];
      queue.push(pending);
      this.waiting.set(key, queue);
      this.pump();
    });
  }

  private abort(pending: Pending<Reply>, reason: Error): void {
    const queue = this.waiting.get(pending.key);
    const at = queue?.indexOf(pending) ?? -1;
    if (at >= 0) {
      queue!.splice(at, 1);
      if (queue!.length === 0) this.waiting.delete(pending.key);
      pending.reject(reason);
      return;
    }
    // In hand: the work may be deep in a synchronous search; only terminating its thread stops it.
    if (pending.thread?.pending.get(pending.id) === pending) this.kill(pending.thread, reason, false);
  }

  /** A message to one thread that expects no reply. */
  post(thread: number, body: Body<Request>, transfer: readonly Transferable[] = []): void {
    const t = this.threads[thread];
    if (!t || t.dead) return;
    t.worker.postMessage({ ...body, id: this.nextId++ }, transfer);
  }

  /**
   * Runs every body, at most one per thread at a time, each thread taking the next body when it
   * finishes one; resolves with the replies in body order. `check` sees each reply as it comes
   * (progress bars, error fields): a throw there, or a failed request, rejects the run and stops
   * handing out bodies.
   */
  async map(bodies: readonly Body<Request>[], check?: (reply: Reply, index: number) => void): Promise<Reply[]> {
    const replies: Reply[] = new Array(bodies.length);
    let next = 0;
    let failed = false;
    const lane = async () => {
      while (!failed && next < bodies.length) {
        const index = next++;
        try {
          const reply = await this.request(bodies[index]);
          check?.(reply, index);
          replies[index] = reply;
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.size, bodies.length) }, lane));
    return replies;
  }

  /** Terminates a thread (addressed pools: by index); its requests reject with `reason`. */
  retire(thread: number, reason: Error): void {
    const t = this.threads[thread];
    if (t) this.kill(t, reason);
  }

  /** Terminates every thread; requests in hand and queued reject. Resolves once the threads are gone. */
  async close(): Promise<void> {
    this.closed = true;
    const closed = new AgoraError('unavailable', `${this.options.name} closed`);
    for (const queue of this.waiting.values()) for (const p of queue) p.reject(closed);
    this.waiting.clear();
    for (const thread of [...this.threads]) this.kill(thread, closed);
    if (this.spare) this.kill(this.spare, closed);
    await Promise.allSettled([...this.exits]);
  }

  private spawn(): PoolThread<Reply> {
    const data = this.options.workerData?.();
    const worker = new Worker(this.options.entry, { workerData: data });
    const thread = { worker, pending: new Map() } as PoolThread<Reply>;
    thread.info = { data, kill: (reason) => this.kill(thread, reason) };
    worker.on('message', (reply: Reply) => this.onReply(thread, reply));
    worker.on('error', (err) => this.kill(thread, new WorkerCrash(this.options.name, `crashed: ${err.message}`)));
    worker.on('exit', (code) => this.kill(thread, new WorkerCrash(this.options.name, `exited with code ${code}`)));
    if (this.options.unref) worker.unref();
    return thread;
  }

  /** The next waiting request, round-robin over the keys: the served key goes to the back of the line. */
  private nextWaiting(): Pending<Reply> | undefined {
    for (const [key, queue] of this.waiting) {
      const pending = queue.shift()!;
      this.waiting.delete(key);
      if (queue.length > 0) this.waiting.set(key, queue);
      return pending;
    }
    return undefined;
  }

  private pump(): void {
    while (!this.closed && this.queued > 0) {
      let thread = this.threads.find((t) => !t.dead && t.pending.size === 0);
      if (!thread) {
        if (this.options.eager || this.threads.length >= this.options.size) return;
        thread = this.spare ?? this.spawn();
        this.spare = this.keepingSpare ? this.spawn() : undefined;
        this.threads.push(thread);
      }
      this.dispatch(thread, this.nextWaiting()!);
    }
  }

  private dispatch(thread: PoolThread<Reply>, pending: Pending<Reply>): void {
    pending.thread = thread;
    thread.pending.set(pending.id, pending);
    // An unref'd pool lets the process end while it is idle, not while a request waits on it.
    if (this.options.unref) thread.worker.ref();
    this.arm(pending, pending.options.timeoutMs);
    const body = typeof pending.body === 'function' ? pending.body(thread.info) : pending.body;
    thread.worker.postMessage({ ...body, id: pending.id }, pending.options.transfer ?? []);
  }

  private arm(pending: Pending<Reply>, ms: number | undefined): void {
    clearTimeout(pending.timer);
    if (ms === undefined) return;
    pending.timer = setTimeout(() => this.kill(pending.thread!, new WorkerTimeout(this.options.name, ms)), ms);
  }

  private onReply(thread: PoolThread<Reply>, reply: Reply): void {
    const pending = thread.pending.get(reply.id);
    if (!pending) return;
    if (this.options.isFinal && !this.options.isFinal(reply)) {
      const ms = pending.options.onProgress?.(reply);
      if (typeof ms === 'number') this.arm(pending, ms);
      return;
    }
    clearTimeout(pending.timer);
    thread.pending.delete(reply.id);
    if (this.options.unref && thread.pending.size === 0) thread.worker.unref();
    pending.resolve(reply);
    this.pump();
  }

  /**
   * Ends a thread once: its requests reject with `reason`, or go first in line again when their
   * retry says so (not for an abort); on-demand pools replace the thread when needed.
   */
  private kill(thread: PoolThread<Reply>, reason: Error, retry = true): void {
    if (thread.dead) return;
    thread.dead = reason;
    const exit = thread.worker.terminate().catch(() => undefined);
    this.exits.add(exit);
    void exit.finally(() => this.exits.delete(exit));
    if (thread === this.spare) this.spare = undefined;
    else if (!this.options.eager) this.threads.splice(this.threads.indexOf(thread), 1);
    const again: Pending<Reply>[] = [];
    for (const pending of thread.pending.values()) {
      clearTimeout(pending.timer);
      if (retry && !this.closed && pending.options.retry?.(reason)) again.push(pending);
      else pending.reject(reason);
    }
    thread.pending.clear();
    if (again.length > 0) {
      // First in line: their keys go to the front, each request before the rest of its key's queue.
      const rest = [...this.waiting];
      this.waiting.clear();
      for (const pending of again) {
        pending.thread = undefined;
        this.waiting.set(pending.key, [pending, ...(this.waiting.get(pending.key) ?? [])]);
      }
      for (const [key, queue] of rest) this.waiting.set(key, [...(this.waiting.get(key) ?? []), ...queue]);
    }
    if (this.options.eager && this.liveThreads === 0) {
      // Nothing will serve the queue again.
      for (const queue of this.waiting.values()) for (const p of queue) p.reject(reason);
      this.waiting.clear();
    }
    this.pump();
  }
}
