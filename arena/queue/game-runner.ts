import { checkNice, type GameJob, type PlayedGame, playOnWorkers } from '../../play/index.js';

/** One tournament game to play, named by the id it will be stored under (the idempotency key). */
export interface RunnerJob extends GameJob {
  /** Stored game id: `${tournament}:${index}`. A job with an id already played is not played again. */
  id: string;
}

export interface RunOptions {
  /** Called as each game finishes, in completion order (position = index into the jobs array). */
  onResult: (result: PlayedGame, position: number) => void;
  signal?: AbortSignal;
}

/**
 * Where tournament games are played: on this process's worker threads, or as jobs of a queue that
 * `agora worker` processes on any machine take (arena/queue/queue-runner.ts).
 */
export interface GameRunner {
  readonly name: string;
  play(jobs: readonly RunnerJob[], options: RunOptions): Promise<void>;
  close(): Promise<void>;
}

/**
 * Worker threads in this process (the default, without REDIS_URL), at the given nice value (0-19,
 * default 0): the arena's tournaments play at a low priority, so they use the cores people's
 * requests leave free and never make a request wait for one.
 */
export class ThreadRunner implements GameRunner {
  readonly name = 'worker threads';
  constructor(
    private readonly threads?: number,
    readonly nice = 0,
  ) {
    checkNice(nice, "tournament threads' nice value");
  }

  async play(jobs: readonly RunnerJob[], options: RunOptions): Promise<void> {
    // The pool reports results by the job's index field: number them by position here.
    await playOnWorkers(
      jobs.map(({ id: _id, ...job }, position) => ({ ...job, index: position })),
      {
        threads: this.threads,
        nice: this.nice,
        signal: options.signal,
        onResult: (result, position) => options.onResult(result, position),
      },
    );
  }

  async close(): Promise<void> {}
}
