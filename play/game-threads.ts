/**
 * Game threads that persist across games, with a wall-clock budget per seat per decision. Agents
 * decide synchronously, so nothing inside a thread can stop a long search: the supervisor (this
 * class, in the caller's thread) watches each busy thread's heartbeat (heartbeat.ts) on a timer,
 * and when a decision has run past its seat's budget it terminates the thread and resumes the game
 * on a fresh one from the actions played so far, with that decision replaced by a seeded random
 * legal action (thread-play.ts: `${seed}:overrun:${decision}`), counting the overrun for its seat.
 * A game with no overrun is exactly playMatch's; after the k-th resume the seats draw from
 * `${seed}:seat${i}:resume${k}`. A bot that throws fails its game (it is not an overrun).
 *
 * Threads are spawned on demand up to `threads` and kept: starting one loads TypeScript through
 * tsx (worker-entry.js) and takes about a third of a second. So after a first overrun the pool
 * keeps one spare thread loaded, and the next overrun resumes on it at once. Idle threads do not
 * keep the process alive; close() terminates them all.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AgoraError } from '../envs/index.js';
import { DEFAULT_ACTION_CAPACITY, HeartbeatMonitor, createHeartbeat, type DecisionInProgress } from './heartbeat.js';
import type { GameJob, PlayedGame, ThreadReply, ThreadTask } from './messages.js';

const WORKER_URL = new URL('./game-thread-entry.js', import.meta.url);
/** The heartbeat is polled about four times per budget, but not more often than this. */
const MIN_POLL_MS = 25;

export interface GameThreadPoolOptions {
  /** Games at once, one per thread (default: one per core). */
  threads?: number;
  /** Actions a thread's heartbeat holds before it spills them by message (tests make it small). */
  actionCapacity?: number;
}

export interface ThreadPlayOptions {
  /** Stops the game: its thread is terminated (and replaced when needed) and play() rejects with the reason. */
  signal?: AbortSignal;
}

/** A play() call. */
interface Request {
  job: GameJob;
  resolve: (game: PlayedGame) => void;
  reject: (err: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** A game being played, across the threads it may need. */
interface Game {
  request: Request;
  /** Every action before the current thread's heartbeat buffer (the resume prefix plus spills). */
  known: number[];
  resumes: number;
  overruns: number[];
  thread: GameThread;
  serial: number;
  epoch: number;
  timer?: NodeJS.Timeout;
}

interface GameThread {
  worker: Worker;
  monitor: HeartbeatMonitor;
  game?: Game;
  retired: boolean;
}

/** Checks a job's budgets before a thread is spent on it. */
function checkBudgets(job: GameJob): void {
  const budgets = job.budgetsMs;
  if (budgets === undefined) return;
  if (!Array.isArray(budgets) || budgets.length !== job.seats.length) {
    throw new AgoraError(
      'bad_request',
      `budgetsMs must give one budget per seat (${job.seats.length}); got ${JSON.stringify(budgets)}`,
    );
  }
  const bad = budgets.find((b) => typeof b !== 'number' || !Number.isFinite(b) || b < 0);
  if (bad !== undefined)
    throw new AgoraError('bad_request', `budgetsMs must be ms >= 0 (0 = unlimited); got ${JSON.stringify(bad)}`);
}

/** The heartbeat poll period for a job, or 0 when no seat has a budget. */
function pollPeriod(job: GameJob): number {
  const budgets = (job.budgetsMs ?? []).filter((b) => b > 0);
  return budgets.length === 0 ? 0 : Math.max(MIN_POLL_MS, Math.min(...budgets) / 4);
}

export class GameThreadPool {
  private readonly size: number;
  private readonly capacity: number;
  private readonly threads = new Set<GameThread>();
  /** A loaded thread outside `threads`, kept once a game has overrun, to resume the next one on. */
  private spare: GameThread | undefined;
  private readonly queue: Request[] = [];
  /** Terminations in flight, awaited by close(). */
  private readonly exits = new Set<Promise<unknown>>();
  private serials = 0;
  private closed = false;
  /**
   * Keeps the process alive while a game is in hand: threads are unref'd for good (an idle pool
   * must not hold the process), and one handle serves however many threads a game passes through.
   */
  private readonly keepAlive = setInterval(() => {}, 1 << 30).unref();
  private inHand = 0;

  constructor(options: GameThreadPoolOptions = {}) {
    this.size = Math.max(1, options.threads ?? availableParallelism());
    this.capacity = options.actionCapacity ?? DEFAULT_ACTION_CAPACITY;
  }

  /** Threads alive: idle, busy and the spare (not those being terminated). */
  get liveThreads(): number {
    return this.threads.size + (this.spare ? 1 : 0);
  }

  /** Plays one game on the next free thread (queued until one is). */
  play(job: GameJob, options: ThreadPlayOptions = {}): Promise<PlayedGame> {
    if (this.closed) return Promise.reject(new AgoraError('unavailable', 'the game thread pool is closed'));
    try {
      checkBudgets(job);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<PlayedGame>((resolve, reject) => {
      const request: Request = { job, resolve, reject, signal };
      if (signal) {
        request.onAbort = () => this.abort(request);
        signal.addEventListener('abort', request.onAbort, { once: true });
      }
      if (this.inHand++ === 0) this.keepAlive.ref();
      this.queue.push(request);
      this.pump();
    });
  }

  /** Terminates every thread; games in hand and queued reject. Resolves once the threads are gone. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.keepAlive);
    const closed = new AgoraError('unavailable', 'the game thread pool is closed');
    for (const request of this.queue.splice(0)) this.settle(request, closed);
    for (const thread of [...this.threads]) {
      if (thread.game) this.finish(thread.game, closed);
      this.retire(thread);
    }
    if (this.spare) this.retire(this.spare);
    await Promise.allSettled([...this.exits]);
  }

  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      let thread = [...this.threads].find((t) => !t.game);
      if (!thread) {
        if (this.threads.size >= this.size) return;
        thread = this.spawn();
        this.threads.add(thread);
      }
      const request = this.queue.shift()!;
      const game: Game = {
        request,
        known: [],
        resumes: 0,
        overruns: request.job.seats.map(() => 0),
        thread,
        serial: 0,
        epoch: 0,
      };
      this.start(game, thread, false);
    }
  }

  private spawn(): GameThread {
    const buffer = createHeartbeat(this.capacity);
    const worker = new Worker(WORKER_URL, { workerData: { heartbeat: buffer } });
    const thread: GameThread = { worker, monitor: new HeartbeatMonitor(buffer), retired: false };
    worker.on('message', (reply: ThreadReply) => this.onReply(thread, reply));
    worker.on('error', (err) => this.onCrash(thread, `crashed: ${err.message}`));
    worker.on('exit', (code) => this.onCrash(thread, `exited with code ${code}`));
    // Idle threads must not keep the process alive; games in hand do, through keepAlive.
    worker.unref();
    return thread;
  }

  /** Sends a game (from its start, or resumed after an overrun) to a thread. */
  private start(game: Game, thread: GameThread, overrun: boolean): void {
    thread.game = game;
    game.thread = thread;
    game.serial = ++this.serials;
    game.epoch = Date.now();
    thread.monitor.reset(game.known.length);
    const task: ThreadTask = {
      serial: game.serial,
      job: game.request.job,
      prefix: game.known,
      resumes: game.resumes,
      overrun,
      epoch: game.epoch,
    };
    thread.worker.postMessage(task);
    const period = pollPeriod(game.request.job);
    if (period > 0) {
      game.timer = setInterval(() => this.check(game), period);
      game.timer.unref();
    }
  }

  private check(game: Game): void {
    const now = Date.now();
    const d = game.thread.monitor.deciding();
    if (!d) return;
    const budget = game.request.job.budgetsMs?.[d.seat] ?? 0;
    if (budget > 0 && now - game.epoch - d.start > budget) this.overrun(game, d);
  }

  /** The decision in progress overran: a fresh thread resumes the game with the random draw in its place. */
  private overrun(game: Game, d: DecisionInProgress): void {
    clearInterval(game.timer);
    const old = game.thread;
    // Actions below the decision are final: the thread only ever appends.
    game.known = game.known.concat(old.monitor.actions(game.known.length, d.decision));
    old.game = undefined;
    this.retire(old);
    game.overruns[d.seat]++;
    game.resumes++;
    const next = this.spare ?? this.spawn();
    this.threads.add(next);
    this.spare = this.spawn();
    this.start(game, next, true);
  }

  private onReply(thread: GameThread, reply: ThreadReply): void {
    const game = thread.game;
    if (thread.retired || !game || reply.serial !== game.serial) return;
    if (reply.kind === 'spill') {
      game.known = game.known.concat(reply.actions);
      thread.monitor.ack();
    } else if (reply.kind === 'done') {
      this.finish(game, undefined, { ...reply.result, overruns: game.overruns });
      this.pump();
    } else {
      this.finish(game, new AgoraError(reply.code, reply.error));
      this.pump();
    }
  }

  private onCrash(thread: GameThread, what: string): void {
    if (thread.retired) return;
    const game = thread.game;
    this.retire(thread);
    if (game) this.finish(game, new AgoraError('unavailable', `the game thread ${what}`));
    this.pump();
  }

  private abort(request: Request): void {
    const queued = this.queue.indexOf(request);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(request, request.signal!.reason as Error);
      return;
    }
    const thread = [...this.threads].find((t) => t.game?.request === request);
    if (!thread) return;
    // The game may be deep in a search: only terminating its thread stops it.
    this.finish(thread.game!, request.signal!.reason as Error);
    this.retire(thread);
    this.pump();
  }

  /** Ends a game: its thread (if still alive) becomes idle. */
  private finish(game: Game, err: Error | undefined, result?: PlayedGame): void {
    clearInterval(game.timer);
    const thread = game.thread;
    if (thread.game === game) thread.game = undefined;
    this.settle(game.request, err, result);
  }

  private settle(request: Request, err: Error | undefined, result?: PlayedGame): void {
    if (request.onAbort) request.signal!.removeEventListener('abort', request.onAbort);
    if (--this.inHand === 0) this.keepAlive.unref();
    if (err) request.reject(err);
    else request.resolve(result!);
  }

  private retire(thread: GameThread): void {
    if (thread.retired) return;
    thread.retired = true;
    this.threads.delete(thread);
    if (this.spare === thread) this.spare = undefined;
    const exit = thread.worker.terminate().catch(() => {});
    this.exits.add(exit);
    void exit.finally(() => this.exits.delete(exit));
  }
}
