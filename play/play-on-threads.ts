import { availableParallelism } from 'node:os';
import { AgoraError } from '../envs/index.js';
import { GameThreadPool } from './game-threads.js';
import type { GameJob, PlayedGame } from './messages.js';

export interface PoolOptions {
  /** Worker threads (default: one per core). */
  threads?: number;
  /** Called as each game finishes, in completion order, with the job's index. */
  onResult?: (result: PlayedGame, index: number, ms: number) => void;
  /** Stops the run: workers are terminated and the promise rejects. */
  signal?: AbortSignal;
  /** The threads' nice value, 0-19 (default 0): the arena's tournaments play at a low priority. */
  nice?: number;
}

/**
 * A game that failed while being played (an agent threw, a thread died): a failure of the run, not
 * of its input, so the CLI exits 1 for it. Its code stays 'bad_request', as before it had a class
 * of its own, so the arena answers it as it always has.
 */
export class GameFailedError extends AgoraError {
  constructor(message: string) {
    super('bad_request', message);
  }
}

/**
 * Plays jobs on game threads (game-threads.ts: each job's budgetsMs honoured), at most one game per
 * thread at a time, and resolves with the results in job order. A failing game rejects the whole
 * run with the game's index and error. The threads live for this run only.
 */
export async function playOnWorkers(jobs: readonly GameJob[], options: PoolOptions = {}): Promise<PlayedGame[]> {
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), jobs.length));
  const results: PlayedGame[] = new Array(jobs.length);
  if (jobs.length === 0) return results;
  const { signal } = options;
  const pool = new GameThreadPool({ threads, nice: options.nice });
  let next = 0;
  let stopped = false;
  let onAbort: (() => void) | undefined;
  // One lane per thread takes the next job when its game ends, so a game's time is its own.
  const lane = async () => {
    while (!stopped && next < jobs.length) {
      const position = next++;
      const job = jobs[position];
      const started = performance.now();
      let result: PlayedGame;
      try {
        result = await pool.play(job);
      } catch (err) {
        throw new GameFailedError(
          `game ${job.index} (${job.seats.join(' vs ')}) failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      if (stopped) return;
      results[position] = result;
      options.onResult?.(result, job.index, performance.now() - started);
    }
  };
  try {
    await new Promise<void>((resolve, reject) => {
      onAbort = () => reject(new AgoraError('bad_request', 'the tournament run was stopped'));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      Promise.all(Array.from({ length: threads }, lane)).then(() => resolve(), reject);
    });
  } finally {
    stopped = true;
    // One signal serves many runs: a listener left behind would keep this run's jobs alive.
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    await pool.close();
  }
  return results;
}
