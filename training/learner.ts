/**
 * The trainable network and its optimiser: one gradient step on a batch of (observation, legal
 * mask, policy target, value target). Policy loss is the cross-entropy against the target over the
 * legal actions (illegal logits are masked out before the softmax), value loss the mean squared
 * error per seat.
 */
import { tf } from './backend.js';
import { buildNetwork, trainingForward, type NetworkConfig, type NetworkShape } from './network.js';
import type { Sample } from './replay-buffer.js';

export interface LossFigures {
  policyLoss: number;
  valueLoss: number;
  /** Mean entropy of the masked policy, in nats. */
  entropy: number;
}

export class Learner {
  readonly model: tf.LayersModel;
  readonly optimizer: tf.Optimizer;
  /** The trainable variables in layer order: the same order in every replica of the same network. */
  readonly variables: tf.Variable[];
  /** Total number of trainable values (the length of a packed gradient). */
  readonly parameterCount: number;
  /** model's forward pass without the unused gradient of the observations (see trainingForward). */
  private readonly forward: (x: tf.Tensor) => [tf.Tensor, tf.Tensor];

  constructor(
    readonly shape: NetworkShape,
    readonly config: NetworkConfig,
    learningRate: number,
    seed: number,
  ) {
    this.model = buildNetwork(shape, config, seed);
    this.optimizer = tf.train.adam(learningRate);
    this.variables = this.model.trainableWeights.map((w) => w.read() as tf.Variable);
    this.parameterCount = this.variables.reduce((n, v) => n + v.size, 0);
    this.forward = trainingForward(this.model, shape, config);
  }

  /** Replaces the weights (resuming from a checkpoint). */
  setWeights(from: tf.LayersModel): void {
    this.model.setWeights(from.getWeights());
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
    batch.forEach((s, i) => {
      obs.set(s.observation, i * O);
      s.legal.forEach((a, k) => {
        mask[i * A + a] = 1;
        target[i * A + a] = s.policy[k];
      });
      value.set(s.value, i * P);
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
        const [logits, v] = this.forward(x);
        const logp = tf.logSoftmax(logits.add(m.sub(1).mul(1e9)));
        const policyLoss = pi.mul(logp).sum(1).neg().mean() as tf.Scalar;
        const valueLoss = v.sub(z).square().mean() as tf.Scalar;
        const entropy = logp.exp().mul(logp).mul(m).sum(1).neg().mean() as tf.Scalar;
        parts = [tf.keep(policyLoss), tf.keep(valueLoss), tf.keep(entropy)];
        return policyLoss.add(valueLoss) as tf.Scalar;
      }, variables);
      let offset = 0;
      for (const v of variables) {
        gradient.set(grads[v.name].dataSync() as Float32Array, offset);
        offset += v.size;
      }
    });
    const [policyLoss, valueLoss, entropy] = parts.map((t) => t.dataSync()[0]);
    tf.dispose(parts);
    return { figures: { policyLoss, valueLoss, entropy }, gradient };
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
