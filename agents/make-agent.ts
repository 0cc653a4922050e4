import { AgentSpecError, type Agent, type GameDefinition } from '../envs/index.js';
import { GreedyAgent } from './greedy-agent.js';
import { MctsAgent } from './mcts-agent.js';
import { AzAgent } from './neural/az-agent.js';
import { NeuralAgent } from './neural/neural-agent.js';
import { loadPolicyFolder } from './neural/model-files.js';
import type { PolicyNetwork } from './neural/policy.js';
import { RandomAgent } from './random-agent.js';
import { SpecOptions, formatAgentSpec, parseAgentSpec, type AgentSpec } from './spec.js';

/**
 * One agent kind. A kind with `needsModel` names a model folder as its positional argument
 * (`neural:models/<game>/<name>`); makeAgent reads the model and hands it to `make`.
 */
interface AgentKind {
  needsModel: boolean;
  make(spec: AgentSpec, text: string, game: GameDefinition, net?: PolicyNetwork): Agent;
}

/** Every agent kind a spec string may name. */
const KINDS: Record<string, AgentKind> = {
  random: {
    needsModel: false,
    make: (spec, text) => {
      new SpecOptions(text, spec.options).done();
      if (spec.path !== undefined) throw new AgentSpecError(text, 'random takes no positional argument');
      return new RandomAgent();
    },
  },
  greedy: {
    needsModel: false,
    make: (spec, text) => {
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
  },
  mcts: {
    needsModel: false,
    make: (spec, text) => {
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
  },
  neural: {
    needsModel: true,
    make: (spec, text, _game, net) => {
      const o = new SpecOptions(text, spec.options);
      const temperature = o.number('temperature', net!.policyTemperature ?? 0, { min: 0, max: 100 });
      o.done();
      return new NeuralAgent(net!, temperature, text);
    },
  },
  az: {
    needsModel: true,
    make: (spec, text, _game, net) => {
      const o = new SpecOptions(text, spec.options);
      const options = {
        iterations: o.number('iterations', 200, { min: 1, max: 10_000_000, integer: true }),
        cPuct: o.number('c', net!.searchC ?? 1.5, { min: 0, max: 100 }),
        noise: o.number('noise', 0, { min: 0, max: 1 }),
        alpha: o.number('alpha', 0.3, { min: 0.001, max: 100 }),
        mix: o.number('mix', net!.searchMix ?? 0, { min: 0, max: 1 }),
      };
      // A time budget per decision, as mcts takes; 0 (the default) runs `iterations`.
      const ms = o.number('ms', 0, { min: 0, max: 600_000 });
      o.done();
      return new AzAgent(net!, options, text, ms);
    },
  },
};

export function agentKinds(): string[] {
  return Object.keys(KINDS);
}

function kindOf(parsed: AgentSpec, text: string): AgentKind {
  const kind = KINDS[parsed.kind];
  if (!kind)
    throw new AgentSpecError(text, `unknown agent kind '${parsed.kind}'; known kinds: ${agentKinds().join(', ')}`);
  return kind;
}

/** The spec's model folder, checked present (the error says how to write one). */
function modelFolder(parsed: AgentSpec, text: string): string {
  if (parsed.path === undefined)
    throw new AgentSpecError(text, `${parsed.kind} needs a model folder: ${parsed.kind}:models/<game>/<name>`);
  return parsed.path;
}

/** Whether a spec names a kind that plays a saved model (`neural:`, `az:`); false for unparsable specs. */
export function specNeedsModel(spec: string): boolean {
  try {
    return KINDS[parseAgentSpec(spec).kind]?.needsModel ?? false;
  } catch {
    return false;
  }
}

/** The model folder a model spec names (`az:models/x/y,iterations=9` -> 'models/x/y'), else undefined. */
export function modelPathOf(spec: string): string | undefined {
  if (!specNeedsModel(spec)) return undefined;
  return parseAgentSpec(spec).path;
}

/** The same spec with its model folder replaced (model specs; others are returned as they are). */
export function withModelPath(spec: string, path: string): string {
  if (!specNeedsModel(spec)) return spec;
  const parsed = parseAgentSpec(spec);
  return formatAgentSpec({ ...parsed, path });
}

/**
 * Builds an agent from its spec string ('random', 'mcts:iterations=800,c=1.4', 'neural:models/x/y')
 * for a game, synchronously. A model kind reads its folder (model-files.ts: plain arrays, no
 * TensorFlow.js); a missing, malformed or mismatched model is a clear error.
 */
export function makeAgent(spec: string, game: GameDefinition): Agent {
  const parsed = parseAgentSpec(spec);
  const kind = kindOf(parsed, spec);
  const agent = kind.needsModel
    ? kind.make(parsed, spec, game, loadPolicyFolder(modelFolder(parsed, spec), game))
    : kind.make(parsed, spec, game);
  // How a worker thread builds the same agent (threaded vector envs): this function and the spec.
  return Object.assign(agent, { recipe: { module: import.meta.url, export: 'makeAgent', args: spec } });
}

/** makeAgent for callers that await (workers, services): the same agent, as a promise. */
export async function loadAgent(spec: string, game: GameDefinition): Promise<Agent> {
  return makeAgent(spec, game);
}

/** Builds every spec's agent, so a bad spec fails before anything is played; the agents in spec order. */
export function loadAgents(specs: readonly string[], game: GameDefinition): Promise<Agent[]> {
  return Promise.all(specs.map((spec) => loadAgent(spec, game)));
}
