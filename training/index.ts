/**
 * The public door to training. Importing it loads TensorFlow.js and lets makeAgent build
 * `neural:` agents (agents/ never imports TensorFlow.js itself: it takes about a second to load).
 */
import { installPolicyLoader } from '../agents/neural-agent.js';
import { initBackend } from './backend.js';
import { loadPolicyFolder } from './policy-folder.js';

export { initBackend, patchTransposedMatMul, tf, type BackendName, type BackendOptions } from './backend.js';
export {
  buildNetwork,
  maskedSoftmax,
  evaluateOne,
  networkShape,
  DEFAULT_NETWORK,
  type NetworkConfig,
  type NetworkShape,
} from './network.js';
export { compilePolicy } from './inference.js';
export { loadPolicyFolder } from './policy-folder.js';
export { saveModel, loadModel, readMeta, MODEL_FORMAT, type ModelMeta } from './model-io.js';

// Models load synchronously inside makeAgent, so the backend must be ready before any of them.
await initBackend({ announce: false });

installPolicyLoader(loadPolicyFolder);

export {
  trainExpertIteration,
  defaultAzConfig,
  type AzConfig,
  type RunOptions,
  type TrainingEvent,
  type TrainingSummary,
} from './expert-iteration.js';
export { trainPpo, defaultPpoConfig, type PpoConfig } from './ppo.js';
export { playSelfPlayGame, playSelfPlayGameAsync, type GameRecord, type SelfPlayOptions } from './self-play.js';
export { evaluateCandidate, eloFromScore, type MatchupFigures } from './evaluate.js';
