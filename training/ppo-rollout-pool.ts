/**
 * Where PPO's rollouts are played: in this thread (one collector) or on worker threads that each
 * own a fixed, consecutive share of the environments for the whole run. Every update sends each
 * worker the current weights, the pool's snapshot names and the weights of snapshots it has not
 * seen yet; the trajectories come back as transferred typed arrays and are joined in environment
 * order, so the result is the same for any number of threads (see ppo-rollout.ts).
 */
import { WorkerPool } from '../play/index.js';
import {
  RolloutCollector,
  concatRollouts,
  type CollectTask,
  type Rollout,
  type RolloutReply,
  type RolloutSetup,
  type RolloutTask,
} from './ppo-rollout.js';
import type { PolicyWeights } from './inference.js';

const ENTRY = new URL('./ppo-worker-entry.js', import.meta.url);

type TaskBody = RolloutTask extends infer T ? (T extends RolloutTask ? Omit<T, 'id'> : never) : never;

export class RolloutPool {
  private readonly local: RolloutCollector | undefined;
  private readonly pool: WorkerPool<RolloutTask, RolloutReply> | undefined;
  private readonly threads: number;
  private readonly ready: Promise<unknown>;
  private sent = new Set<string>();

  /** `threads` at most 1 (or a single environment) collects in this thread. */
  constructor(setup: Omit<RolloutSetup, 'envs'> & { envs: number }, threads: number) {
    const count = Math.max(1, Math.min(threads, setup.envs));
    const share = (w: number) =>
      Array.from(
        { length: Math.floor(((w + 1) * setup.envs) / count) - Math.floor((w * setup.envs) / count) },
        (_, k) => Math.floor((w * setup.envs) / count) + k,
      );
    this.threads = count;
    if (count === 1) {
      this.local = new RolloutCollector({ ...setup, envs: share(0) });
      this.ready = Promise.resolve();
    } else {
      this.pool = new WorkerPool<RolloutTask, RolloutReply>({
        name: 'the PPO rollout pool',
        entry: ENTRY,
        size: count,
        eager: true,
      });
      this.ready = Promise.all(
        Array.from({ length: count }, (_, w) => this.request(w, { kind: 'init', setup: { ...setup, envs: share(w) } })),
      );
      this.ready.catch(() => undefined); // reported by the next collect()
    }
  }

  /** One rollout of every environment, environment-major in index order. */
  async collect(
    weights: PolicyWeights,
    pool: readonly string[],
    poolWeights: (name: string) => PolicyWeights,
    steps: number,
  ): Promise<Rollout> {
    const fresh: Record<string, PolicyWeights> = {};
    for (const name of pool) if (!this.sent.has(name)) fresh[name] = poolWeights(name);
    const task: CollectTask = { weights, pool: [...pool], poolWeights: fresh, steps };
    if (this.local) {
      this.sent = new Set(pool);
      return this.local.collect(task);
    }
    await this.ready;
    const replies = await Promise.all(
      Array.from({ length: this.threads }, (_, w) => this.request(w, { kind: 'collect', ...task })),
    );
    this.sent = new Set(pool);
    return concatRollouts(replies.map((r) => r.rollout!));
  }

  /** One request to thread w, which owns its share of the environments. */
  private async request(w: number, body: TaskBody): Promise<RolloutReply> {
    const reply = await this.pool!.request(body, { thread: w });
    if (reply.error !== undefined) throw new Error(`PPO rollout worker failed: ${reply.error}`);
    return reply;
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}
