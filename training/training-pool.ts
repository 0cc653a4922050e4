import type { MatchResult } from '../agents/index.js';
import { WorkerPool, type GameJob } from '../play/index.js';
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
 * Persistent training worker threads (a WorkerPool of play/), started with the run and kept for
 * all of it. Tasks are single games, handed to whichever thread is free.
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
      seeds.map((seed) => ({ kind: 'self-play', ...base, seed })),
      onGame,
    );
    return replies.map((r) => r.record!);
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
      onGame?.();
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
