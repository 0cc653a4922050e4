/** The public door to the agents. */
export type { Agent, DecisionContext } from '../envs/index.js';
export { makeAgent, agentKinds } from './make-agent.js';
export { parseAgentSpec, formatAgentSpec, splitAgentList, type AgentSpec } from './spec.js';
export { RandomAgent } from './random-agent.js';
export { HumanAgent, type HumanIo } from './human-agent.js';
export { playMatch, type MatchResult, type PlayOptions } from './play.js';
export { NeuralAgent, installPolicyLoader, type PolicyNetwork, type PolicyLoader } from './neural-agent.js';
export { AzAgent } from './az-agent.js';
export { PuctSearch, PuctNode, gamma, type PuctOptions, type PendingLeaf, type LeafEvaluation } from './puct-search.js';
