import { availableParallelism } from 'node:os';
import { checkNice, GameFailedError, GameThreadPool, type GameJob, type PlayedGame } from '../../play/index.js';

/** One tournament game to play, named by the id it will be stored under (the idempotency key). */
export interface RunnerJob extends GameJob {
  /** Stored game id: `${tournament}:${index}`. A job with an id already played is not played again. */
  id: string;
}

/**
 * Whose games a run holds: a person's tournament ('people') or the arena's own ranking tournaments
 * ('arena', the lowest priority). A runner that orders its own backlog (the job queue) takes
 * people's first.
 */
export type GamePriority = 'people' | 'arena';

export interface RunOptions {
  /** Called as each game finishes, in completion order (position = index into the jobs array). */
  onResult: (result: PlayedGame, position: number) => void;
  signal?: AbortSignal;
  /** Whose games these are (default 'people'). */
  priority?: GamePriority;
}

/**
 * Where tournament games are played: on this process's worker threads, or as jobs of a queue that
 * `agora worker` processes on any machine take (arena/queue/queue-runner.ts). The tournament
 * service hands it a few games at a time in a fair order (arena/services/fair-games.ts), at most
 * `capacity` at once.
 */
export interface GameRunner {
  readonly name: string;
  /** Games it plays at once, which the tournaments keep in flight at most (default: one per core). */
  readonly capacity?: number;
  play(jobs: readonly RunnerJob[], options: RunOptions): Promise<void>;
  close(): Promise<void>;
}

/**
 * Worker threads in this process (the default, without REDIS_URL), at the given nice value (0-19,
 * default 0): the arena's tournaments play at a low priority, so they use the cores people's
 * requests leave free and never make a request wait for one. The threads are kept between runs
 * (starting one loads TypeScript and takes about a third of a second; a tournament hands over its
 * games a few at a time), idle ones never keep the process alive, and close() ends them.
 */
export class ThreadRunner implements GameRunner {
  readonly name = 'worker threads';
  readonly capacity: number;
  private pool: GameThreadPool | undefined;

  constructor(
    threads?: number,
    readonly nice = 0,
  ) {
    checkNice(nice, "tournament threads' nice value");
    this.capacity = Math.max(1, threads ?? availableParallelism());
  }

  async play(jobs: readonly RunnerJob[], options: RunOptions): Promise<void> {
    const pool = (this.pool ??= new GameThreadPool({ threads: this.capacity, nice: this.nice }));
    const { signal } = options;
    // A failed game stops the others of the run, as a run on threads of its own did.
    const failed = new AbortController();
    const stop = signal ? AbortSignal.any([signal, failed.signal]) : failed.signal;
    await Promise.all(
      jobs.map(async ({ id: _id, ...job }, position) => {
        let result: PlayedGame;
        try {
          result = await pool.play(job, { signal: stop });
        } catch (err) {
          if (stop.aborted) throw stop.reason;
          failed.abort(err);
          throw new GameFailedError(
            `game ${job.index} (${job.seats.join(' vs ')}) failed: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
        if (!stop.aborted) options.onResult(result, position);
      }),
    );
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = undefined;
  }
}
