/**
 * The trainable network and its optimiser: one gradient step on a batch of (observation, legal
 * mask, policy target, value target). Policy loss is the cross-entropy against the target over the
 * legal actions (illegal logits are masked out before the softmax), value loss the mean squared
 * error per seat. A network with a score head adds its mean squared error against the score-margin
 * targets, weighted by `scoreWeight` (an auxiliary loss: it shapes the shared trunk).
 */
import { tf } from './backend.js';
import { buildNetwork, trainingForward, type NetworkConfig, type NetworkShape } from './network.js';
import type { Sample } from './replay-buffer.js';

export interface LossFigures {
  policyLoss: number;
  valueLoss: number;
  /** Mean entropy of the masked policy, in nats. */
  entropy: number;
  /** The score head's mean squared error (unweighted), for networks that have one. */
  scoreLoss?: number;
}

export class Learner {
  readonly model: tf.LayersModel;
  readonly optimizer: tf.Optimizer;
  /** The trainable variables in layer order: the same order in every replica of the same network. */
  readonly variables: tf.Variable[];
  /** Total number of trainable values (the length of a packed gradient). */
  readonly parameterCount: number;
  /** model's forward pass without the unused gradient of the observations (see trainingForward). */
  private readonly forward: (x: tf.Tensor) => tf.Tensor[];

  constructor(
    readonly shape: NetworkShape,
    readonly config: NetworkConfig,
    learningRate: number,
    seed: number,
    /** Weight of the score head's loss in the total (networks with config.scoreHead). */
    readonly scoreWeight = 0,
  ) {
    this.model = buildNetwork(shape, config, seed);
    this.optimizer = tf.train.adam(learningRate);
    this.variables = this.model.trainableWeights.map((w) => w.read() as tf.Variable);
    this.parameterCount = this.variables.reduce((n, v) => n + v.size, 0);
    this.forward = trainingForward(this.model, shape, config);
  }

  /**
   * Replaces the weights (resuming from a checkpoint, --init) layer by layer, by name: a layer
   * `from` lacks keeps its fresh weights (a score head new to a model trained without one), and one
   * this network lacks is dropped.
   */
  setWeights(from: tf.LayersModel): void {
    copyWeightsByLayer(from, this.model);
  }

  /** One gradient step on the batch. */
  step(batch: readonly Sample[]): LossFigures {
    const { figures, gradient } = this.gradients(batch);
    this.applyGradient(gradient);
    return figures;
  }

  /**
   * The loss figures and gradient of a batch, not applied: the gradient of the mean loss, packed
   * into one array in `variables` order (what data-parallel replicas exchange).
   */
  gradients(batch: readonly Sample[]): { figures: LossFigures; gradient: Float32Array } {
    const { observationSize: O, actionSize: A, players: P } = this.shape;
    const B = batch.length;
    const obs = new Float32Array(B * O);
    const mask = new Float32Array(B * A);
    const target = new Float32Array(B * A);
    const value = new Float32Array(B * P);
    const withScore = this.config.scoreHead === true;
    const score = new Float32Array(withScore ? B * P : 0);
    batch.forEach((s, i) => {
      obs.set(s.observation, i * O);
      s.legal.forEach((a, k) => {
        mask[i * A + a] = 1;
        target[i * A + a] = s.policy[k];
      });
      value.set(s.value, i * P);
      if (withScore) {
        if (!s.score) throw new Error('a network with a score head trains on samples with score targets');
        score.set(s.score, i * P);
      }
    });
    const variables = this.variables;
    const gradient = new Float32Array(this.parameterCount);
    let parts: tf.Scalar[] = [];
    tf.tidy(() => {
      const x = tf.tensor2d(obs, [B, O]);
      const m = tf.tensor2d(mask, [B, A]);
      const pi = tf.tensor2d(target, [B, A]);
      const z = tf.tensor2d(value, [B, P]);
      const { grads } = this.optimizer.computeGradients(() => {
        const [logits, v, margins] = this.forward(x);
        const logp = tf.logSoftmax(logits.add(m.sub(1).mul(1e9)));
        const policyLoss = pi.mul(logp).sum(1).neg().mean() as tf.Scalar;
        const valueLoss = v.sub(z).square().mean() as tf.Scalar;
        const entropy = logp.exp().mul(logp).mul(m).sum(1).neg().mean() as tf.Scalar;
        parts = [tf.keep(policyLoss), tf.keep(valueLoss), tf.keep(entropy)];
        if (!withScore) return policyLoss.add(valueLoss) as tf.Scalar;
        const scoreLoss = margins
          .sub(tf.tensor2d(score, [B, P]))
          .square()
          .mean() as tf.Scalar;
        parts.push(tf.keep(scoreLoss));
        return policyLoss.add(valueLoss).add(scoreLoss.mul(this.scoreWeight)) as tf.Scalar;
      }, variables);
      let offset = 0;
      for (const v of variables) {
        gradient.set(grads[v.name].dataSync() as Float32Array, offset);
        offset += v.size;
      }
    });
    const [policyLoss, valueLoss, entropy, scoreLoss] = parts.map((t) => t.dataSync()[0]);
    tf.dispose(parts);
    const figures = { policyLoss, valueLoss, entropy, ...(withScore ? { scoreLoss } : {}) };
    return { figures, gradient };
  }

  /** Applies a packed gradient (in `variables` order) with the optimiser. */
  applyGradient(gradient: Float32Array): void {
    if (gradient.length !== this.parameterCount)
      throw new Error(`a packed gradient of ${gradient.length} values for a network of ${this.parameterCount}`);
    tf.tidy(() => {
      const grads: tf.NamedTensorMap = {};
      let offset = 0;
      for (const v of this.variables) {
        grads[v.name] = tf.tensor(gradient.subarray(offset, offset + v.size), v.shape, 'float32');
        offset += v.size;
      }
      this.optimizer.applyGradients(grads);
    });
  }
}

/**
 * Copies every layer's weights from `from` into the same-named layer of `to`; layers only one of
 * them has are left alone.
 */
function copyWeightsByLayer(from: tf.LayersModel, to: tf.LayersModel): void {
  const source = new Map(from.layers.map((layer) => [layer.name, layer]));
  for (const layer of to.layers) {
    const mine = layer.getWeights();
    const theirs = source.get(layer.name)?.getWeights();
    if (!theirs || mine.length === 0) continue;
    if (theirs.length !== mine.length || theirs.some((w, i) => !tf.util.arraysEqual(w.shape, mine[i].shape)))
      throw new Error(
        `layer ${layer.name} has weights of shapes ${theirs.map((w) => `[${w.shape}]`).join(' ')}; ` +
          `this network's are ${mine.map((w) => `[${w.shape}]`).join(' ')}`,
      );
    layer.setWeights(theirs);
  }
}
