/**
 * The public door to training. Importing it loads TensorFlow.js and lets makeAgent build
 * `neural:` agents (agents/ never imports TensorFlow.js itself: it takes about a second to load).
 */
import { installPolicyLoader } from '../agents/neural-agent.js';
import { initBackend } from './backend.js';
import { loadModel } from './model-io.js';
import { evaluateOne } from './network.js';

export { initBackend, patchTransposedMatMul, tf, type BackendName, type BackendOptions } from './backend.js';
export { buildNetwork, maskedSoftmax, evaluateOne, networkShape, DEFAULT_NETWORK, type NetworkConfig, type NetworkShape } from './network.js';
export { saveModel, loadModel, readMeta, MODEL_FORMAT, type ModelMeta } from './model-io.js';

// Models load synchronously inside makeAgent, so the backend must be ready before any of them.
await initBackend({ announce: false });

installPolicyLoader((path, game) => {
  const { model, meta } = loadModel(path, game);
  return { players: meta.players, evaluate: (observation) => evaluateOne(model, observation) };
});
