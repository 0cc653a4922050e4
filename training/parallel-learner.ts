/**
 * Data-parallel training on several threads (wasm has no threads of its own in Node): each step
 * splits the batch into a fixed number of shards, handed round-robin to the threads; every replica
 * computes its shards' gradients, the main thread averages them in shard order (weighted by shard
 * size, so the result is the gradient of the whole batch's mean loss) and every replica applies
 * that same average with its own Adam. Replicas start from the same state (`sync`) and apply
 * identical updates, so they stay identical. The numbers depend on the shard count only, not on
 * the thread count: a run gives the same weights on one core as on eight. With one shard this is
 * exactly Learner.step.
 */
import { WorkerPool } from '../play/index.js';
import { tf, type BackendName } from './backend.js';
import { Learner, type LossFigures } from './learner.js';
import type { NetworkConfig, NetworkShape } from './network.js';
import type { ReplicaReply, ReplicaRequest, ReplicaState } from './parallel-learner-messages.js';
import type { Sample } from './replay-buffer.js';

const ENTRY = new URL('./parallel-learner-entry.js', import.meta.url);

type RequestBody = ReplicaRequest extends infer T ? (T extends ReplicaRequest ? Omit<T, 'id'> : never) : never;

/** The learner replicas: worker threads of a WorkerPool (play/), addressed by index. */
class Replicas {
  private readonly pool: WorkerPool<ReplicaRequest, ReplicaReply> | undefined;

  constructor(readonly count: number) {
    if (count > 0)
      this.pool = new WorkerPool<ReplicaRequest, ReplicaReply>({
        name: 'the learner replicas',
        entry: ENTRY,
        size: count,
        eager: true,
      });
  }

  async request(
    replica: number,
    body: RequestBody,
    transfer: ArrayBuffer[] = [],
  ): Promise<ReplicaReply & { ok: true }> {
    const reply = await this.pool!.request(body, { thread: replica, transfer });
    if (!reply.ok) throw new Error(`learner replica: ${reply.error}`);
    return reply;
  }

  /** A message without a reply (apply). */
  send(replica: number, body: RequestBody): void {
    this.pool!.post(replica, body);
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}

export class ParallelLearner {
  private constructor(
    readonly local: Learner,
    private readonly replicas: Replicas,
    readonly shards: number,
  ) {}

  /**
   * A learner splitting batches into `shards` on min(threads, shards) threads (the calling one
   * included); resolves once every replica holds the same state.
   */
  static async start(
    shape: NetworkShape,
    config: NetworkConfig,
    learningRate: number,
    seed: number,
    threads: number,
    shards = threads,
    scoreWeight = 0,
  ): Promise<ParallelLearner> {
    if (!Number.isInteger(shards) || shards < 1) throw new Error(`shards must be a positive integer; got ${shards}`);
    const local = new Learner(shape, config, learningRate, seed, scoreWeight);
    const replicas = new Replicas(Math.max(0, Math.min(threads, shards) - 1));
    const learner = new ParallelLearner(local, replicas, shards);
    try {
      const backend = tf.getBackend() as BackendName;
      await Promise.all(
        Array.from({ length: replicas.count }, (_, r) =>
          replicas.request(r, { kind: 'init', backend, shape, config, learningRate, seed, scoreWeight }),
        ),
      );
      await learner.sync();
    } catch (err) {
      await learner.close();
      throw err;
    }
    return learner;
  }

  get threads(): number {
    return this.replicas.count + 1;
  }

  get model(): tf.LayersModel {
    return this.local.model;
  }

  get optimizer(): tf.Optimizer {
    return this.local.optimizer;
  }

  /** Replaces the weights (resuming, warm starts) on every replica. */
  async setWeights(from: tf.LayersModel): Promise<void> {
    this.local.setWeights(from);
    await this.sync();
  }

  /**
   * Copies this thread's weights and optimiser slots to every replica (after they changed outside
   * step, e.g. a restored optimiser).
   */
  async sync(): Promise<void> {
    if (this.replicas.count === 0) return;
    const state = await replicaState(this.local);
    await Promise.all(
      Array.from({ length: this.replicas.count }, (_, r) => this.replicas.request(r, { kind: 'sync', state })),
    );
  }

  /** One gradient step on the whole batch, its shards computed in parallel. */
  async step(batch: readonly Sample[]): Promise<LossFigures> {
    const n = Math.min(this.shards, batch.length);
    if (n <= 1) return this.local.step(batch);
    const bounds = Array.from({ length: n + 1 }, (_, i) => Math.round((i * batch.length) / n));
    const shards = Array.from({ length: n }, (_, i) => batch.slice(bounds[i], bounds[i + 1]));
    // Shard i goes to thread i mod threads (thread 0 is this one); remote ones are asked first so they run meanwhile.
    const threads = this.threads;
    const remote = new Map<number, Promise<{ figures: LossFigures; gradient: Float32Array }>>();
    shards.forEach((shard, i) => {
      const t = i % threads;
      if (t > 0)
        remote.set(
          i,
          this.replicas
            .request(t - 1, { kind: 'gradients', batch: shard })
            .then((r) => ({ figures: r.figures!, gradient: r.gradient! })),
        );
    });
    const parts: { figures: LossFigures; gradient: Float32Array }[] = [];
    for (let i = 0; i < n; i++) if (i % threads === 0) parts[i] = this.local.gradients(shards[i]);
    for (const [i, promise] of remote) parts[i] = await promise;
    const gradient = new Float32Array(parts[0].gradient.length);
    const figures: LossFigures = { policyLoss: 0, valueLoss: 0, entropy: 0 };
    parts.forEach((part, i) => {
      const w = shards[i].length / batch.length;
      const g = part.gradient;
      for (let k = 0; k < gradient.length; k++) gradient[k] += w * g[k];
      figures.policyLoss += w * part.figures.policyLoss;
      figures.valueLoss += w * part.figures.valueLoss;
      figures.entropy += w * part.figures.entropy;
      if (part.figures.scoreLoss !== undefined)
        figures.scoreLoss = (figures.scoreLoss ?? 0) + w * part.figures.scoreLoss;
    });
    for (let r = 0; r < this.replicas.count; r++) this.replicas.send(r, { kind: 'apply', gradient });
    this.local.applyGradient(gradient);
    return figures;
  }

  /** Every thread's state, this one first (tests: the replicas must stay identical). */
  async states(): Promise<ReplicaState[]> {
    const remote = await Promise.all(
      Array.from({ length: this.replicas.count }, (_, r) => this.replicas.request(r, { kind: 'state' })),
    );
    return [await replicaState(this.local), ...remote.map((r) => r.state!)];
  }

  async close(): Promise<void> {
    await this.replicas.close();
  }
}

/** A learner's weights and optimiser slots as plain arrays. */
export async function replicaState(learner: Learner): Promise<ReplicaState> {
  const weights = learner.model.getWeights().map((t) => ({ shape: t.shape, values: t.dataSync() as Float32Array }));
  const slots = await learner.optimizer.getWeights();
  const optimizer = slots.map((w) => ({
    name: w.name,
    shape: w.tensor.shape,
    values: w.tensor.dataSync() as Float32Array,
  }));
  return { weights, optimizer };
}
