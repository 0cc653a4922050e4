import type { MatchResult } from '../agents/index.js';
import { WorkerPool, type GameJob } from '../play/index.js';
import { AgoraError } from '../envs/index.js';
import { GAMES_IN_FLIGHT, type GameRecord, type SelfPlayOptions } from './self-play.js';
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
 * Persistent training worker threads (a WorkerPool of play/), started with the run and kept for
 * all of it. Tasks are single matches, or runs of self-play seeds a thread plays GAMES_IN_FLIGHT at
 * a time, handed to whichever thread is free.
 */
export class TrainingPool implements GamePlayer {
  private readonly pool: WorkerPool<TrainingTask, TrainingReply>;
  private epoch = 0;

  constructor(readonly size: number) {
    this.pool = new WorkerPool<TrainingTask, TrainingReply>({
      name: 'the training pool',
      entry: ENTRY,
      size,
      eager: true,
    });
  }

  /** Self-play games of the model in modelDir, one per seed, in seed order. */
  async selfPlay(
    base: { game: string; players: number; modelDir: string; options: SelfPlayOptions },
    seeds: readonly string[],
    onGame?: () => void,
  ): Promise<GameRecord[]> {
    const replies = await this.run(
      chunksOf(seeds, selfPlayChunk(seeds.length, this.size)).map((chunk) => ({
        kind: 'self-play',
        ...base,
        seeds: chunk,
      })),
      onGame,
    );
    return replies.flatMap((r) => r.records!);
  }

  /**
   * Matches between agent specs, in job order. Agents are rebuilt for every call (model folders
   * change between calls).
   */
  async matches(jobs: readonly GameJob[], onGame?: () => void): Promise<MatchResult[]> {
    const epoch = ++this.epoch;
    const replies = await this.run(
      jobs.map((job) => ({ kind: 'match', job, epoch })),
      onGame,
    );
    return replies.map((r) => r.result!);
  }

  private run(tasks: readonly TaskBody[], onGame?: () => void): Promise<TrainingReply[]> {
    return this.pool.map(tasks, (reply, index) => {
      if (reply.error !== undefined)
        throw new AgoraError('bad_request', `training game ${index} failed: ${reply.error}`);
      for (let i = 0; i < (reply.records?.length ?? 1); i++) onGame?.();
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/**
 * Seeds per self-play task on `threads` threads: enough for a full batch of games in flight, at most
 * two batches' worth so that threads finishing early find more to take.
 */
function selfPlayChunk(games: number, threads: number): number {
  const perThread = Math.ceil(games / threads);
  const tasksPerThread = Math.max(1, Math.ceil(perThread / (2 * GAMES_IN_FLIGHT)));
  return Math.max(1, Math.ceil(perThread / tasksPerThread));
}

/** The items in runs of `size`, in order. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
