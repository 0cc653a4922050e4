import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MatchResult } from '../../agents/index.js';
import { AgoraError } from '../../envs/index.js';
import type { GameJob, WorkerReply } from './messages.js';

export interface PoolOptions {
  /** Worker threads (default: one per core). */
  threads?: number;
  /** Called as each game finishes, in completion order. */
  onResult?: (result: MatchResult, index: number, ms: number) => void;
  /** Stops the run: workers are terminated and the promise rejects. */
  signal?: AbortSignal;
}

const WORKER_URL = new URL('./worker-entry.js', import.meta.url);

/**
 * Plays jobs on worker threads, at most one game per thread at a time, and resolves with the
 * results in job order. A failing game rejects the whole run with the game's index and error.
 */
export async function playOnWorkers(jobs: readonly GameJob[], options: PoolOptions = {}): Promise<MatchResult[]> {
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), jobs.length));
  const results: MatchResult[] = new Array(jobs.length);
  if (jobs.length === 0) return results;
  let next = 0;
  let finished = 0;
  const workers: Worker[] = [];
  let onAbort: (() => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const feed = (worker: Worker) => {
        if (next < jobs.length) worker.postMessage(jobs[next++]);
      };
      for (let t = 0; t < threads; t++) {
        const worker = new Worker(WORKER_URL);
        workers.push(worker);
        worker.on('message', (reply: WorkerReply) => {
          if (reply.error !== undefined) {
            reject(new AgoraError('bad_request', `game ${reply.index} (${jobs[reply.index].seats.join(' vs ')}) failed: ${reply.error}`));
            return;
          }
          results[reply.index] = reply.result;
          options.onResult?.(reply.result, reply.index, reply.ms);
          if (++finished === jobs.length) resolve();
          else feed(worker);
        });
        worker.on('error', reject);
        feed(worker);
      }
      onAbort = () => reject(new AgoraError('bad_request', 'the tournament run was stopped'));
      options.signal?.addEventListener('abort', onAbort, { once: true });
    });
  } finally {
    // One signal serves many runs: a listener left behind would keep this run's jobs alive.
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
