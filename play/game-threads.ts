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
 * The threads are a WorkerPool (worker-pool.ts), spawned on demand up to `threads` and kept:
 * starting one loads the thread's code (game-thread-entry.js: its cached bundle, or tsx) and takes
 * a fraction of a second. So after a first overrun the pool keeps one spare thread loaded, and the resumed game
 * goes first in line onto it at once. Idle threads do not keep the process alive; close()
 * terminates them all.
 */
import { availableParallelism } from 'node:os';
import { AgoraError } from '../envs/index.js';
import { DEFAULT_ACTION_CAPACITY, HeartbeatMonitor, createHeartbeat } from './heartbeat.js';
import type { GameJob, PlayedGame, ThreadReply, ThreadTask } from './messages.js';
import { checkNice } from './thread-priority.js';
import { WorkerCrash, WorkerPool, type ThreadInfo } from './worker-pool.js';

const WORKER_URL = new URL('./game-thread-entry.js', import.meta.url);
/** The heartbeat is polled about four times per budget, but not more often than this. */
const MIN_POLL_MS = 25;

export interface GameThreadPoolOptions {
  /** Games at once, one per thread (default: one per core). */
  threads?: number;
  /** Actions a thread's heartbeat holds before it spills them by message (tests make it small). */
  actionCapacity?: number;
  /**
   * The threads' nice value, 0-19 (default 0: the process's priority). The arena plays its
   * tournaments at a low priority so people's requests never wait behind them (thread-priority.ts).
   */
  nice?: number;
}

export interface ThreadPlayOptions {
  /** Stops the game: its thread is terminated (and replaced when needed) and play() rejects with the reason. */
  signal?: AbortSignal;
}

/** Why a thread was killed mid-game: its decision overran; the game goes on elsewhere. */
class Overrun extends Error {}

/** A game being played, across the threads it may need. */
interface Game {
  job: GameJob;
  /** Every action before the current thread's heartbeat buffer (the resume prefix plus spills). */
  known: number[];
  resumes: number;
  overruns: number[];
  /** The next attempt starts with the overrun decision's random draw. */
  overrun: boolean;
  thread?: ThreadInfo;
  monitor?: HeartbeatMonitor;
  epoch: number;
  timer?: NodeJS.Timeout;
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
  private readonly pool: WorkerPool<ThreadTask, ThreadReply>;
  /** A monitor per thread's heartbeat buffer. */
  private readonly monitors = new WeakMap<SharedArrayBuffer, HeartbeatMonitor>();
  private closed = false;
  /**
   * Keeps the process alive while a game is in hand: threads are unref'd for good (an idle pool
   * must not hold the process), and one handle serves however many threads a game passes through.
   */
  private readonly keepAlive = setInterval(() => {}, 1 << 30).unref();
  private inHand = 0;

  constructor(options: GameThreadPoolOptions = {}) {
    const capacity = options.actionCapacity ?? DEFAULT_ACTION_CAPACITY;
    const nice = checkNice(options.nice ?? 0);
    this.pool = new WorkerPool<ThreadTask, ThreadReply>({
      name: 'the game thread pool',
      entry: WORKER_URL,
      size: Math.max(1, options.threads ?? availableParallelism()),
      workerData: () => ({ heartbeat: createHeartbeat(capacity), nice }),
      // Idle threads must not keep the process alive; games in hand do, through keepAlive.
      unref: true,
      isFinal: (reply) => reply.kind !== 'spill',
    });
  }

  /** Threads alive: idle, busy and the spare (not those being terminated). */
  get liveThreads(): number {
    return this.pool.liveThreads;
  }

  /** Plays one game on the next free thread (queued until one is). */
  async play(job: GameJob, options: ThreadPlayOptions = {}): Promise<PlayedGame> {
    if (this.closed) throw new AgoraError('unavailable', 'the game thread pool is closed');
    checkBudgets(job);
    const game: Game = { job, known: [], resumes: 0, overruns: job.seats.map(() => 0), overrun: false, epoch: 0 };
    if (this.inHand++ === 0) this.keepAlive.ref();
    try {
      const reply = await this.pool.request((thread) => this.task(game, thread), {
        signal: options.signal,
        onProgress: (spill) => {
          if (spill.kind !== 'spill') return;
          game.known = game.known.concat(spill.actions);
          game.monitor!.ack();
        },
        retry: (reason) => reason instanceof Overrun,
      });
      if (reply.kind === 'failed') throw new AgoraError(reply.code, reply.error);
      if (reply.kind !== 'done') throw new Error(`a game thread answered ${reply.kind}`);
      return { ...reply.result, overruns: game.overruns };
    } catch (err) {
      if (err instanceof WorkerCrash) throw new AgoraError('unavailable', `the game thread ${err.what}`);
      if (err instanceof AgoraError && err.code === 'unavailable' && this.closed)
        throw new AgoraError('unavailable', 'the game thread pool is closed');
      throw err;
    } finally {
      clearInterval(game.timer);
      if (--this.inHand === 0) this.keepAlive.unref();
    }
  }

  /** Terminates every thread; games in hand and queued reject. Resolves once the threads are gone. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.keepAlive);
    await this.pool.close();
  }

  /** The task that sends a game (from its start, or resumed after an overrun) to a thread. */
  private task(game: Game, thread: ThreadInfo): Omit<ThreadTask, 'id'> {
    clearInterval(game.timer);
    const buffer = (thread.data as { heartbeat: SharedArrayBuffer }).heartbeat;
    let monitor = this.monitors.get(buffer);
    if (!monitor) {
      monitor = new HeartbeatMonitor(buffer);
      this.monitors.set(buffer, monitor);
    }
    game.thread = thread;
    game.monitor = monitor;
    game.epoch = Date.now();
    monitor.reset(game.known.length);
    const period = pollPeriod(game.job);
    if (period > 0) {
      game.timer = setInterval(() => this.check(game), period);
      game.timer.unref();
    }
    const overrun = game.overrun;
    game.overrun = false;
    return { job: game.job, prefix: game.known, resumes: game.resumes, overrun, epoch: game.epoch };
  }

  private check(game: Game): void {
    const now = Date.now();
    const d = game.monitor!.deciding();
    if (!d) return;
    const budget = game.job.budgetsMs?.[d.seat] ?? 0;
    if (budget <= 0 || now - game.epoch - d.start <= budget) return;
    // The decision overran: a fresh thread resumes the game with the random draw in its place.
    clearInterval(game.timer);
    // Actions below the decision are final: the thread only ever appends.
    game.known = game.known.concat(game.monitor!.actions(game.known.length, d.decision));
    game.overruns[d.seat]++;
    game.resumes++;
    game.overrun = true;
    this.pool.keepSpare();
    game.thread!.kill(new Overrun(`decision ${d.decision} overran its ${budget} ms budget`));
  }
}
