/**
 * The public door to the agents. makeAgent(spec, game) builds every kind, model kinds included:
 * a `neural:`/`az:` model folder is read into plain arrays and played without TensorFlow.js.
 */
export type { Agent, DecisionContext } from '../envs/index.js';
export {
  makeAgent,
  loadAgent,
  loadAgents,
  agentKinds,
  specNeedsModel,
  modelPathOf,
  withModelPath,
  decisionCost,
  agentKnobs,
  modelFileOf,
  type Knob,
} from './make-agent.js';
export { STEPS_PER_MS, type DecisionCost } from './decision-cost.js';
export { parseAgentSpec, formatAgentSpec, splitAgentList, fillSeats, type AgentSpec } from './spec.js';
export { RandomAgent } from './random-agent.js';
export { MCTS_C, MctsAgent, type MctsSearchResult } from './mcts-agent.js';
export { GreedyAgent } from './greedy-agent.js';
export { HumanAgent, type HumanIo } from './human-agent.js';
export { playMatch, payoffScaleOf, type MatchResult, type PlayOptions } from './play.js';
export { AgentCache } from './agent-cache.js';
export { assertSeats, evaluateAll, type PolicyNetwork, type NetworkOutput } from './neural/policy.js';
export { CachedNetwork, DEFAULT_CACHE_ENTRIES } from './neural/evaluation-cache.js';
export { chooseByLogits, probabilitiesByLogits } from './neural/choose-action.js';
export { NeuralAgent } from './neural/neural-agent.js';
export { AzAgent } from './neural/az-agent.js';
export { compileWeights, type NetworkConfig, type PolicyWeights } from './neural/inference.js';
export {
  valueErrorTable,
  valueErrors,
  valuePositionsOf,
  type PlayedActions,
  type ValueErrors,
  type ValuePosition,
} from './neural/value-check.js';
export {
  MODEL_FORMAT,
  loadPolicyFolder,
  modelFileError,
  networkLayout,
  parseModelMeta,
  readMeta,
  readModelJson,
  readWeights,
  isPolicyOnly,
  valueNetworkOf,
  type ModelMeta,
  type StoredWeight,
} from './neural/model-files.js';
export { GumbelSearch, GUMBEL_DEFAULTS, type GumbelOptions } from './gumbel-search.js';
export { PuctSearch, PuctNode, gamma, type PuctOptions, type PendingLeaf, type LeafEvaluation } from './puct-search.js';
export { hasActionProbabilities, type PolicyAgent } from './policy-agent.js';
export {
  buildGameTree,
  treeSignature,
  uniformPolicy,
  whyNoTree,
  type GameTree,
  type TreeOptions,
} from './cfr/game-tree.js';
export { CfrPlusSolver, type CfrPlusCheckpoint, type CfrPlusOptions } from './cfr/cfr-plus.js';
export {
  bestResponse,
  exploitabilityOf,
  policyValue,
  type BestResponse,
  type ExploitabilityFigures,
} from './cfr/best-response.js';
export {
  POLICY_FILE,
  loadCfrPolicy,
  policyOnTree,
  tabularPolicy,
  type PolicyEntry,
  type TabularPolicy,
} from './cfr/policy-file.js';
export { checkpointPath, runCfrPlus, type CfrRow, type CfrRunOptions, type CfrRunSummary } from './cfr/cfr-run.js';
export { CfrAgent } from './cfr/cfr-agent.js';
export {
  agentExploitability,
  exploitabilityTree,
  type ExploitabilityOptions,
  type ExploitabilityReport,
  type SamplingError,
} from './exploitability.js';
