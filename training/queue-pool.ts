/**
 * The trainer's games as queue jobs (REDIS_URL set): self-play games and gating/evaluation matches
 * go to `agora worker` processes on any machine instead of this process's threads. Models travel
 * through Redis (play/queue/model-transfer.ts). Job keys name the run, generation and game, so a
 * trainer restarted after a crash collects the games already played instead of playing them again.
 */
import { modelPathOf, withModelPath, type MatchResult } from '../agents/index.js';
import {
  checkRedis,
  connectTimeoutMs,
  DEFAULT_JOB_TIMEOUT_MS,
  DEFAULT_PREFIX,
  MODEL_REF,
  publishModel,
  QueueClient,
  type GameJob,
} from '../play/index.js';
import { GAMES_IN_FLIGHT, type GameRecord, type SelfPlayOptions } from './self-play.js';
import { chunksOf, type GamePlayer } from './training-pool.js';

export class QueueTrainingPool implements GamePlayer {
  private readonly client: QueueClient;
  private readonly prefix: string;
  /** Redis answered (within AGORA_CONNECT_TIMEOUT_MS): a run never waits in silence for a server not there. */
  private reachable: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly runKey: string,
    prefix = DEFAULT_PREFIX,
  ) {
    this.prefix = prefix;
    this.client = new QueueClient(url, { prefix });
  }

  /** Checks once that Redis answers; rejects with a ConnectError naming it otherwise. */
  private ready(): Promise<void> {
    return (this.reachable ??= checkRedis(this.url, connectTimeoutMs(process.env)));
  }

  async selfPlay(
    base: { game: string; players: number; modelDir: string; options: SelfPlayOptions },
    seeds: readonly string[],
    onGame?: () => void,
  ): Promise<GameRecord[]> {
    await this.ready();
    const model = await publishModel(this.client.redis, base.modelDir, this.prefix);
    // A job is a run of seeds a worker plays in flight together; the same seeds make the same jobs,
    // so a restarted trainer still finds the games already played.
    const chunks = chunksOf(seeds, GAMES_IN_FLIGHT);
    const out: GameRecord[][] = new Array(chunks.length);
    await this.client.run<GameRecord[]>(
      chunks.map((chunk) => ({
        key: `${this.runKey}:self-play:${model}:${chunk[0]}+${chunk.length}`,
        data: {
          kind: 'self-play',
          game: base.game,
          players: base.players,
          seeds: chunk,
          options: base.options,
          model,
          timeoutMs: DEFAULT_JOB_TIMEOUT_MS * chunk.length,
        },
      })),
      (records, i) => {
        out[i] = records;
        for (let g = 0; g < records.length; g++) onGame?.();
      },
    );
    return out.flat();
  }

  async matches(jobs: readonly GameJob[], onGame?: () => void): Promise<MatchResult[]> {
    await this.ready();
    // Model folders named in specs are the trainer's own files: they travel through Redis too.
    const specs = new Map<string, string>();
    for (const spec of new Set(jobs.flatMap((j) => j.seats))) {
      const path = modelPathOf(spec);
      const ref =
        path === undefined ? undefined : MODEL_REF + (await publishModel(this.client.redis, path, this.prefix));
      specs.set(spec, ref === undefined ? spec : withModelPath(spec, ref));
    }
    jobs = jobs.map((job) => ({ ...job, seats: job.seats.map((s) => specs.get(s)!) }));
    const out: MatchResult[] = new Array(jobs.length);
    await this.client.run<MatchResult>(
      jobs.map((job) => ({
        key: `${this.runKey}:match:${job.seed}:${job.seats.join('|')}`,
        data: { kind: 'match', job, timeoutMs: DEFAULT_JOB_TIMEOUT_MS },
      })),
      (result, i) => {
        out[i] = result;
        onGame?.();
      },
    );
    return out;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
