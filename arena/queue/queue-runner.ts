import {
  type PlayedGame,
  DEFAULT_JOB_TIMEOUT_MS,
  QueueClient,
  maskUrl,
  type QueueClientOptions,
} from '../../play/index.js';
import type { GameRunner, RunOptions, RunnerJob } from './game-runner.js';

/**
 * Tournament games as BullMQ jobs (REDIS_URL set): any number of `agora worker` processes, on any
 * machine, play them; results come back to the arena, which records each game once (the job id is
 * the game id).
 */
export class QueueRunner implements GameRunner {
  readonly name: string;
  readonly client: QueueClient;

  constructor(url: string, options: QueueClientOptions & { timeoutMs?: number } = {}) {
    this.client = new QueueClient(url, options);
    this.name = `job queue (${maskUrl(url)})`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  }

  private readonly timeoutMs: number;

  play(jobs: readonly RunnerJob[], options: RunOptions): Promise<void> {
    return this.client.run<PlayedGame>(
      jobs.map(({ id, ...job }) => ({ key: id, data: { kind: 'match', job, timeoutMs: this.timeoutMs } })),
      options.onResult,
      options.signal,
    );
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
