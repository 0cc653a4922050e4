/**
 * Policy-value networks built from a game's definition alone: observation length in, a masked
 * policy over the flat action space and one value per seat out.
 *   input [obs] -> Dense(width) -> blocks x (LayerNorm -> Dense(width, relu) -> Dense(width) -> + skip)
 *   -> LayerNorm -> relu -> { policy: Dense(actionSize) logits, value: Dense(players, tanh) }
 * Seats in the value head are rotated like the observation: index 0 is the seat that observes.
 * With config.scoreHead a third output `score`, Dense(players, tanh) like the value, predicts the
 * final score margins (an auxiliary target: training only, play ignores it). Its layer comes last,
 * so the weights of the other layers keep their order and positions in weights.bin.
 */
import type { NetworkConfig } from '../agents/index.js';
import type { GameDefinition } from '../envs/index.js';
import { tf } from './backend.js';

export { maskedSoftmax } from './masked-softmax.js';
export type { NetworkConfig };

/**
 * Width 64: every search leaf runs the network at batch 1 in plain JS, and at 64 a leaf costs about
 * half of what it costs at 128 (0.09-0.18 ms here), doubling the self-play data of a run on 2 cores.
 */
export const DEFAULT_NETWORK: NetworkConfig = { width: 64, blocks: 2 };

export interface NetworkShape {
  observationSize: number;
  actionSize: number;
  players: number;
}

export function networkShape(def: GameDefinition, players: number): NetworkShape {
  return { observationSize: def.observationSize(players), actionSize: def.actionSize, players };
}

/** Supplies a layer by name: a new one while building, or the existing one of a built network. */
type LayerSource = (name: string, make: () => tf.layers.Layer) => tf.layers.Layer;

/** A new, randomly initialised network (seeded: the same seed gives the same weights). */
export function buildNetwork(shape: NetworkShape, config: NetworkConfig = DEFAULT_NETWORK, seed = 0): tf.LayersModel {
  let k = 0;
  const init = () => tf.initializers.glorotUniform({ seed: seed * 1000 + k++ });
  const input = tf.input({ shape: [shape.observationSize], name: 'observation' });
  const stem = tf.layers
    .dense({ units: config.width, kernelInitializer: init(), name: 'stem' })
    .apply(input) as tf.SymbolicTensor;
  const outputs = wireBody(stem, shape, config, (_name, make) => make(), init);
  return tf.model({ inputs: input, outputs, name: 'agora_policy_value' });
}

/**
 * The network's forward pass for training: [logits, values] of a batch (and the score head's
 * output when the network has one), through the same weights as
 * model.apply. The stem is computed with an unfused product and the rest by a model of its own (its
 * input the stem's output) that shares the network's layers; the network's saved form is unchanged.
 * Why: tfjs differentiates a fused product (which a linear Dense layer always uses) eagerly in both
 * operands, and the stem's input gradient, a [batch, width] x [width, observation] product, is about
 * a quarter of a training step's arithmetic (Perikles, width 64), and nothing uses it.
 */
export function trainingForward(
  model: tf.LayersModel,
  shape: NetworkShape,
  config: NetworkConfig,
): (x: tf.Tensor) => tf.Tensor[] {
  const input = tf.input({ shape: [config.width], name: 'stem_output' });
  const outputs = wireBody(
    input,
    shape,
    config,
    (name) => model.getLayer(name),
    () => undefined,
  );
  const body = tf.model({ inputs: input, outputs, name: 'agora_policy_value_body' });
  const [kernel, bias] = model.getLayer('stem').trainableWeights.map((w) => w.read());
  return (x) => body.apply(tf.add(tf.matMul(x, kernel), bias), { training: true }) as tf.Tensor[];
}

function wireBody(
  stem: tf.SymbolicTensor,
  shape: NetworkShape,
  config: NetworkConfig,
  layer: LayerSource,
  init: () => ReturnType<typeof tf.initializers.glorotUniform> | undefined,
): tf.SymbolicTensor[] {
  const dense = (name: string, units: number, activation?: 'relu' | 'tanh') =>
    layer(name, () => tf.layers.dense({ units, activation, kernelInitializer: init(), name }));
  let x = stem;
  for (let b = 0; b < config.blocks; b++) {
    let h = layer(`block${b}_norm`, () => tf.layers.layerNormalization({ name: `block${b}_norm` })).apply(
      x,
    ) as tf.SymbolicTensor;
    h = dense(`block${b}_dense1`, config.width, 'relu').apply(h) as tf.SymbolicTensor;
    h = dense(`block${b}_dense2`, config.width).apply(h) as tf.SymbolicTensor;
    x = layer(`block${b}_skip`, () => tf.layers.add({ name: `block${b}_skip` })).apply([x, h]) as tf.SymbolicTensor;
  }
  x = layer('trunk_norm', () => tf.layers.layerNormalization({ name: 'trunk_norm' })).apply(x) as tf.SymbolicTensor;
  x = layer('trunk_relu', () => tf.layers.activation({ activation: 'relu', name: 'trunk_relu' })).apply(
    x,
  ) as tf.SymbolicTensor;
  const policy = dense('policy', shape.actionSize).apply(x) as tf.SymbolicTensor;
  const value = dense('value', shape.players, 'tanh').apply(x) as tf.SymbolicTensor;
  if (!config.scoreHead) return [policy, value];
  return [policy, value, dense('score', shape.players, 'tanh').apply(x) as tf.SymbolicTensor];
}

/** One position through the network: raw logits and the per-seat values (viewer first). */
export function evaluateOne(
  model: tf.LayersModel,
  observation: Float32Array,
): { logits: Float32Array; value: Float32Array } {
  // The arrays are read outside tidy: tidy walks a returned object's typed arrays element by element.
  const outputs = tf.tidy(() => model.predict(tf.tensor2d(observation, [1, observation.length])) as tf.Tensor[]);
  const [policy, value] = outputs;
  const out = { logits: policy.dataSync() as Float32Array, value: value.dataSync() as Float32Array };
  tf.dispose(outputs);
  return out;
}
