import {
  type PlayedGame,
  DEFAULT_JOB_TIMEOUT_MS,
  QueueClient,
  maskUrl,
  type QueueClientOptions,
} from '../../play/index.js';
import type { GamePriority, GameRunner, RunOptions, RunnerJob } from './game-runner.js';

/**
 * BullMQ priorities of tournament games (lower is taken first). People's match decisions carry
 * none, which BullMQ serves before any prioritized job; then people's tournaments' games, then the
 * arena's own ranking games.
 */
const QUEUE_PRIORITY: Record<GamePriority, number> = { people: 1, arena: 2 };

/**
 * Tournament games in the queue at once by default (the tournaments feed the queue a few at a time,
 * in their fair order, rather than all of a tournament's games at its start).
 */
const DEFAULT_QUEUE_CAPACITY = 16;

/**
 * Tournament games as BullMQ jobs (REDIS_URL set): any number of `agora worker` processes, on any
 * machine, play them; results come back to the arena, which records each game once (the job id is
 * the game id).
 */
export class QueueRunner implements GameRunner {
  readonly name: string;
  readonly client: QueueClient;
  /**
   * Tournament games in the queue at once (default 16): set it to the workers' job slots in all
   * (processes x concurrency), so the arena's own games, held to one fewer, always leave a slot
   * for a person's.
   */
  readonly capacity: number;

  constructor(url: string, options: QueueClientOptions & { timeoutMs?: number; capacity?: number } = {}) {
    this.client = new QueueClient(url, options);
    this.name = `job queue (${maskUrl(url)})`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
    this.capacity = options.capacity ?? DEFAULT_QUEUE_CAPACITY;
  }

  private readonly timeoutMs: number;

  play(jobs: readonly RunnerJob[], options: RunOptions): Promise<void> {
    return this.client.run<PlayedGame>(
      jobs.map(({ id, ...job }) => ({
        key: id,
        data: { kind: 'match', job, timeoutMs: this.timeoutMs },
        priority: QUEUE_PRIORITY[options.priority ?? 'people'],
      })),
      options.onResult,
      options.signal,
    );
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
