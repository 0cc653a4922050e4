import { AgentSpecError, type Agent, type GameDefinition } from '../envs/index.js';
import { RandomAgent } from './random-agent.js';
import { SpecOptions, parseAgentSpec, type AgentSpec } from './spec.js';

type AgentFactory = (spec: AgentSpec, text: string, game: GameDefinition) => Agent;

/** Every agent kind a spec string may name. */
const FACTORIES: Record<string, AgentFactory> = {
  random: (spec, text) => {
    new SpecOptions(text, spec.options).done();
    if (spec.path !== undefined) throw new AgentSpecError(text, 'random takes no positional argument');
    return new RandomAgent();
  },
};

export function agentKinds(): string[] {
  return Object.keys(FACTORIES);
}

/** Builds an agent from its spec string ('random', 'mcts:iterations=800,c=1.4', ...) for a game. */
export function makeAgent(spec: string, game: GameDefinition): Agent {
  const parsed = parseAgentSpec(spec);
  const factory = FACTORIES[parsed.kind];
  if (!factory) throw new AgentSpecError(spec, `unknown agent kind '${parsed.kind}'; known kinds: ${agentKinds().join(', ')}`);
  return factory(parsed, spec, game);
}
