import { Worker } from 'node:worker_threads';
import type { MatchResult } from '../agents/index.js';
import type { GameJob } from '../play/index.js';
import { AgoraError } from '../envs/index.js';
import type { GameRecord, SelfPlayOptions } from './self-play.js';
import type { TrainingReply, TrainingTask } from './training-messages.js';

const ENTRY = new URL('./training-worker-entry.js', import.meta.url);

type TaskBody = TrainingTask extends infer T ? (T extends TrainingTask ? Omit<T, 'id'> : never) : never;

/** What the trainers need played: self-play games and matches (threads here, or the job queue). */
export interface GamePlayer {
  selfPlay(
    base: { game: string; players: number; modelDir: string; options: SelfPlayOptions },
    seeds: readonly string[],
    onGame?: () => void,
  ): Promise<GameRecord[]>;
  matches(jobs: readonly GameJob[], onGame?: () => void): Promise<MatchResult[]>;
  close(): Promise<void>;
}

/**
 * Persistent training worker threads: TensorFlow.js loads once per thread for the whole run, not
 * once per generation. Tasks are single games, handed to whichever thread is free.
 */
export class TrainingPool implements GamePlayer {
  private readonly workers: Worker[] = [];
  private nextId = 1;
  private epoch = 0;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.workers.push(new Worker(ENTRY));
  }

  /** Self-play games of the model in modelDir, one per seed, in seed order. */
  selfPlay(
    base: { game: string; players: number; modelDir: string; options: SelfPlayOptions },
    seeds: readonly string[],
    onGame?: () => void,
  ): Promise<GameRecord[]> {
    return this.run(
      seeds.map((seed) => ({ kind: 'self-play', ...base, seed })),
      (r) => r.record!,
      onGame,
    );
  }

  /** Matches between agent specs, in job order. Agents are rebuilt for every call (model folders change between calls). */
  matches(jobs: readonly GameJob[], onGame?: () => void): Promise<MatchResult[]> {
    const epoch = ++this.epoch;
    return this.run(
      jobs.map((job) => ({ kind: 'match', job, epoch })),
      (r) => r.result!,
      onGame,
    );
  }

  private async run<T>(
    tasks: readonly TaskBody[],
    pick: (reply: TrainingReply) => T,
    onGame?: () => void,
  ): Promise<T[]> {
    const results: T[] = new Array(tasks.length);
    if (tasks.length === 0) return results;
    let next = 0;
    let finished = 0;
    await new Promise<void>((resolve, reject) => {
      const listeners: Array<[Worker, (r: TrainingReply) => void, (e: Error) => void]> = [];
      const cleanup = () => {
        for (const [w, onMessage, onError] of listeners) {
          w.off('message', onMessage);
          w.off('error', onError);
        }
      };
      for (const worker of this.workers) {
        const ids = new Map<number, number>();
        const feed = () => {
          if (next >= tasks.length) return;
          const id = this.nextId++;
          ids.set(id, next);
          worker.postMessage({ ...tasks[next++], id } as TrainingTask);
        };
        const onMessage = (reply: TrainingReply) => {
          const index = ids.get(reply.id);
          if (index === undefined) return;
          if (reply.error !== undefined) {
            cleanup();
            reject(new AgoraError('bad_request', `training game ${index} failed: ${reply.error}`));
            return;
          }
          results[index] = pick(reply);
          onGame?.();
          if (++finished === tasks.length) {
            cleanup();
            resolve();
          } else {
            feed();
          }
        };
        const onError = (err: Error) => {
          cleanup();
          reject(err);
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        listeners.push([worker, onMessage, onError]);
        feed();
      }
    });
    return results;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
