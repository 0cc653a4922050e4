/**
 * The public door to training. Importing it loads TensorFlow.js (about a second) and readies its
 * backend. Playing a saved model needs none of this: agents/ reads models without TensorFlow.js.
 */
import { initBackend } from './backend.js';

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
export { loadPolicyFolder } from '../agents/index.js';
export {
  saveModel,
  loadModel,
  readMeta,
  writeSearchDefaults,
  writePolicyDefaults,
  MODEL_FORMAT,
  type ModelMeta,
} from './model-io.js';

// Training code builds tensors as soon as it runs: the backend is chosen (and reported by the caller) first.
await initBackend({ announce: false });

export {
  trainExpertIteration,
  defaultAzConfig,
  type AzConfig,
  type RunOptions,
  type TrainingEvent,
  type TrainingSummary,
} from './expert-iteration.js';
export { trainPpo, defaultPpoConfig, type PpoConfig } from './ppo.js';
export {
  playSelfPlayGame,
  playSelfPlayGames,
  playSelfPlayGamesAsync,
  GAMES_IN_FLIGHT,
  type GameRecord,
  type SelfPlayOptions,
} from './self-play.js';
export { evaluateCandidate, eloFromScore, type MatchupFigures } from './evaluate.js';
export { TrainingPool, type GamePlayer } from './training-pool.js';
export { QueueTrainingPool } from './queue-pool.js';
export { widenInput, widenSavedModel } from './widen-input.js';
export { ParallelLearner } from './parallel-learner.js';
export { ReplayBuffer, samplesOf, type Sample, type TargetSettings } from './replay-buffer.js';
export { Learner } from './learner.js';
export { mixedValue, scoreMargins, scoreScaleOf, scoreTargets } from './value-targets.js';
