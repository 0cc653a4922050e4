/**
 * TensorFlow.js models as plain-JavaScript policies: the weights are copied out of the model and
 * run by agents/neural/inference.ts (what neural agents use, without TensorFlow.js).
 */
import { compileWeights, type PolicyNetwork, type PolicyWeights } from '../agents/index.js';
import type { tf } from './backend.js';
import type { NetworkConfig } from './network.js';

export { compileWeights, type PolicyWeights } from '../agents/index.js';

/** A copy of a model's weights as plain arrays: what crosses to worker threads (about 0.1 MB at width 64). */
export function policyWeights(model: tf.LayersModel): PolicyWeights {
  const out: PolicyWeights = {};
  for (const layer of model.layers) {
    const weights = layer.getWeights();
    if (weights.length === 0) continue;
    const epsilon = layer.getConfig().epsilon;
    out[layer.name] = {
      weights: weights.map((w) => (w.dataSync() as Float32Array).slice()),
      ...(typeof epsilon === 'number' ? { epsilon } : {}),
    };
  }
  return out;
}

/** A PolicyNetwork over a copy of the model's current weights (later training does not change it). */
export function compilePolicy(model: tf.LayersModel, config: NetworkConfig, players: number): PolicyNetwork {
  return compileWeights(policyWeights(model), config, players);
}
