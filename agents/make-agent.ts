import { AgentSpecError, type Agent, type GameDefinition } from '../envs/index.js';
import { AzAgent } from './az-agent.js';
import { GreedyAgent } from './greedy-agent.js';
import { MctsAgent } from './mcts-agent.js';
import { NeuralAgent, loadPolicy } from './neural-agent.js';
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
  greedy: (spec, text) => {
    const o = new SpecOptions(text, spec.options);
    const agent = new GreedyAgent(
      {
        worlds: o.number('worlds', 8, { min: 1, max: 10_000, integer: true }),
        settle: o.number('settle', 64, { min: 0, max: 100_000, integer: true }),
      },
      text,
    );
    o.done();
    if (spec.path !== undefined) throw new AgentSpecError(text, 'greedy takes no positional argument');
    return agent;
  },
  mcts: (spec, text) => {
    const o = new SpecOptions(text, spec.options);
    const agent = new MctsAgent(
      {
        iterations: o.number('iterations', 1000, { min: 1, max: 10_000_000, integer: true }),
        ms: o.number('ms', 0, { min: 0, max: 600_000 }),
        c: o.number('c', 1.4, { min: 0, max: 100 }),
        rollout: o.choice('rollout', 'random', ['random', 'greedy'] as const),
        cutoff: o.number('cutoff', 0, { min: 0, max: 1_000_000, integer: true }),
      },
      text,
    );
    o.done();
    if (spec.path !== undefined) throw new AgentSpecError(text, 'mcts takes no positional argument');
    return agent;
  },
  neural: (spec, text, game) => {
    const o = new SpecOptions(text, spec.options);
    const temperature = o.number('temperature', 0, { min: 0, max: 100 });
    o.done();
    if (spec.path === undefined)
      throw new AgentSpecError(text, 'neural needs a model folder: neural:models/<game>/<name>');
    return new NeuralAgent(loadPolicy(text, spec.path, game), temperature, text);
  },
  az: (spec, text, game) => {
    const o = new SpecOptions(text, spec.options);
    if (spec.path === undefined)
      throw new AgentSpecError(text, 'az needs a model folder: az:models/<game>/<name>,iterations=N');
    const net = loadPolicy(text, spec.path, game);
    const options = {
      iterations: o.number('iterations', 200, { min: 1, max: 10_000_000, integer: true }),
      cPuct: o.number('c', net.searchC ?? 1.5, { min: 0, max: 100 }),
      noise: o.number('noise', 0, { min: 0, max: 1 }),
      alpha: o.number('alpha', 0.3, { min: 0.001, max: 100 }),
      mix: o.number('mix', net.searchMix ?? 0, { min: 0, max: 1 }),
    };
    o.done();
    return new AzAgent(net, options, text);
  },
};

export function agentKinds(): string[] {
  return Object.keys(FACTORIES);
}

/** Builds an agent from its spec string ('random', 'mcts:iterations=800,c=1.4', ...) for a game. */
export function makeAgent(spec: string, game: GameDefinition): Agent {
  const parsed = parseAgentSpec(spec);
  const factory = FACTORIES[parsed.kind];
  if (!factory)
    throw new AgentSpecError(spec, `unknown agent kind '${parsed.kind}'; known kinds: ${agentKinds().join(', ')}`);
  return factory(parsed, spec, game);
}
