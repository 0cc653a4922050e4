import { AgentSpecError, type Agent, type GameDefinition } from '../envs/index.js';
import {
  SAMPLE_WORLD_STEPS,
  STEPS_PER_MS,
  gameFacts,
  networkSteps,
  treeDepth,
  type DecisionCost,
  type GameFacts,
} from './decision-cost.js';
import { GreedyAgent } from './greedy-agent.js';
import { MCTS_C, MctsAgent } from './mcts-agent.js';
import { AzAgent, type AzSearchOptions } from './neural/az-agent.js';
import { GUMBEL_DEFAULTS } from './gumbel-search.js';
import { NeuralAgent } from './neural/neural-agent.js';
import { loadPolicyFolder } from './neural/model-files.js';
import type { PolicyNetwork } from './neural/policy.js';
import { RandomAgent } from './random-agent.js';
import { CfrAgent } from './cfr/cfr-agent.js';
import { loadCfrPolicy, POLICY_FILE, type TabularPolicy } from './cfr/policy-file.js';
import { SpecOptions, formatAgentSpec, parseAgentSpec, type AgentSpec } from './spec.js';

/**
 * How a knob weighs on the cost of a decision: 'scales' (the kind's cost counts it), why it does
 * not change the work a decision does, or the other knob whose work it scales (and why).
 */
type KnobCost = 'scales' | { none: string } | { scalesWith: string; why: string };

/** A numeric option of an agent kind: its range, its default (a model may supply it), its weight on cost. */
interface NumberKnob {
  type: 'number';
  min: number;
  max: number;
  integer?: boolean;
  default: number | ((net: PolicyNetwork) => number);
  cost: KnobCost;
}

/** An option of an agent kind that takes one of a few words. */
interface ChoiceKnob {
  type: 'choice';
  values: readonly string[];
  default: string | ((net: PolicyNetwork) => string);
  cost: KnobCost;
}

export type Knob = NumberKnob | ChoiceKnob;

/** A kind's options as read from a spec: every knob, given or defaulted. */
type KnobValues = Record<string, number | string>;

/**
 * One agent kind: every option it takes (its knobs, read and range-checked from the spec here),
 * how it is built, and the cost of one of its decisions in steps (decision-cost.ts), worst case.
 * A kind with `needsModel` names a model folder as its positional argument
 * (`neural:models/<game>/<name>`); makeAgent reads the model and hands it to `make` and `cost`:
 * a network (model.json, weights.bin, meta.json) or, for a `tabular` kind, a policy table
 * (policy.json, meta.json: `cfr:models/<game>/cfr`).
 */
interface AgentKind {
  needsModel: boolean;
  /** The model folder holds a tabular policy (policy.json) instead of a network (model.json). */
  tabular?: boolean;
  /** Searches with the model's value head: a policy alone (PolicyNetwork.policyOnly) is refused. */
  needsValues?: boolean;
  knobs: Record<string, Knob>;
  make(values: KnobValues, text: string, net?: PolicyNetwork, table?: TabularPolicy): Agent;
  cost(values: KnobValues, facts: GameFacts, net?: PolicyNetwork): DecisionCost;
}

/** A timed search (`ms=`) costs its time; else `count` iterations of `each` steps and `extra`, driven by `knobs`. */
function searchCost(ms: number, count: number, each: number, knobs: string[], extra = 0): DecisionCost {
  return ms > 0 ? { steps: ms * STEPS_PER_MS, knobs: ['ms'] } : { steps: count * each + extra, knobs };
}

/** Leaves an `az:` search evaluates together unless its spec says (chosen by measurement: docs/benchmarks.md). */
const AZ_DEFAULT_BATCH = 1;

const num = (values: KnobValues, key: string) => values[key] as number;

/** Every agent kind a spec string may name. */
const KINDS: Record<string, AgentKind> = {
  random: {
    needsModel: false,
    knobs: {},
    make: () => new RandomAgent(),
    cost: () => ({ steps: 1, knobs: [] }),
  },
  greedy: {
    needsModel: false,
    knobs: {
      worlds: { type: 'number', min: 1, max: 10_000, integer: true, default: 8, cost: 'scales' },
      settle: { type: 'number', min: 0, max: 100_000, integer: true, default: 64, cost: 'scales' },
    },
    make: (v, text) => new GreedyAgent({ worlds: num(v, 'worlds'), settle: num(v, 'settle') }, text),
    // Per world: one sampled world, then per legal action a clone and the action, the settling
    // moves and an evaluation.
    cost: (v, g) => ({
      steps: num(v, 'worlds') * (SAMPLE_WORLD_STEPS + g.actions * (num(v, 'settle') + 3)),
      knobs: ['worlds', 'settle'],
    }),
  },
  mcts: {
    needsModel: false,
    knobs: {
      iterations: { type: 'number', min: 1, max: 10_000_000, integer: true, default: 1000, cost: 'scales' },
      ms: { type: 'number', min: 0, max: 600_000, default: 0, cost: 'scales' },
      c: {
        type: 'number',
        min: 0,
        max: 100,
        default: MCTS_C,
        cost: { none: 'the exploration weight shapes the tree, not the number or length of its iterations' },
      },
      rollout: { type: 'choice', values: ['random', 'greedy'], default: 'random', cost: 'scales' },
      cutoff: { type: 'number', min: 0, max: 1_000_000, integer: true, default: 0, cost: 'scales' },
    },
    make: (v, text) =>
      new MctsAgent(
        {
          iterations: num(v, 'iterations'),
          ms: num(v, 'ms'),
          c: num(v, 'c'),
          rollout: v.rollout as 'random' | 'greedy',
          cutoff: num(v, 'cutoff'),
        },
        text,
      ),
    // Per iteration: a sampled world, the walk down the tree, then the rollout: to the end of the
    // game, or `cutoff` moves and an evaluation per seat; a greedy rollout move clones, plays and
    // evaluates every legal action.
    cost: (v, g) => {
      const iterations = num(v, 'iterations');
      const cutoff = num(v, 'cutoff');
      const move = v.rollout === 'greedy' ? 3 * g.actions + 1 : 1;
      const rollout = cutoff > 0 ? Math.min(cutoff, g.length) * move + g.players : g.length * move;
      const knobs = ['iterations', 'cutoff', ...(v.rollout === 'greedy' ? ['rollout'] : [])];
      return searchCost(num(v, 'ms'), iterations, SAMPLE_WORLD_STEPS + treeDepth(iterations, g) + rollout, knobs);
    },
  },
  neural: {
    needsModel: true,
    knobs: {
      temperature: {
        type: 'number',
        min: 0,
        max: 100,
        default: (net) => net.policyTemperature ?? 0,
        cost: { none: 'one evaluation of the network whatever the temperature; sampling from it is one pass' },
      },
    },
    make: (v, text, net) => new NeuralAgent(net!, num(v, 'temperature'), text),
    cost: (_v, _g, net) => ({ steps: 1 + networkSteps(net!), knobs: [] }),
  },
  az: {
    needsModel: true,
    needsValues: true,
    knobs: {
      iterations: { type: 'number', min: 1, max: 10_000_000, integer: true, default: 200, cost: 'scales' },
      c: {
        type: 'number',
        min: 0,
        max: 100,
        default: (net) => net.searchC ?? 1.5,
        cost: { none: 'the exploration weight shapes the tree, not the number of its evaluations' },
      },
      noise: {
        type: 'number',
        min: 0,
        max: 1,
        default: 0,
        cost: { none: 'noise changes the root priors, not the search' },
      },
      alpha: {
        type: 'number',
        min: 0.001,
        max: 100,
        default: 0.3,
        cost: { none: "the noise's concentration: one draw per root action whatever it is" },
      },
      mix: { type: 'number', min: 0, max: 1, default: (net) => net.searchMix ?? 0, cost: 'scales' },
      // A time budget per decision, as mcts takes; 0 (the default) runs `iterations`.
      cutoff: {
        type: 'number',
        min: 0,
        max: 1_000_000,
        integer: true,
        default: (net) => net.searchCutoff ?? 0,
        cost: { scalesWith: 'mix', why: 'it shortens the leaf playouts, which only a leaf mix above 0 plays' },
      },
      // AlphaGo's expansion threshold (PUCT only): a node's first expand - 1 visits are scored by a
      // playout alone, and the network fills its priors at visit number `expand`.
      expand: {
        type: 'number',
        min: 1,
        max: 1_000,
        integer: true,
        default: (net) => net.searchExpand ?? 1,
        cost: 'scales',
      },
      ms: { type: 'number', min: 0, max: 600_000, default: 0, cost: 'scales' },
      search: {
        type: 'choice',
        values: ['puct', 'gumbel'],
        default: (net) => net.searchKind ?? 'puct',
        cost: { none: 'either search runs the same iterations, one network evaluation each' },
      },
      considered: {
        type: 'number',
        min: 1,
        max: 10_000,
        integer: true,
        default: GUMBEL_DEFAULTS.considered,
        cost: { none: 'how many root actions sequential halving starts with, not how many iterations it runs' },
      },
      gumbel: {
        type: 'number',
        min: 0,
        max: 10,
        default: GUMBEL_DEFAULTS.gumbelScale,
        cost: { none: 'noise on the root logits: one draw per root action whatever its scale' },
      },
      batch: {
        type: 'number',
        min: 1,
        max: 256,
        integer: true,
        default: AZ_DEFAULT_BATCH,
        cost: { none: 'leaves evaluated together are as many evaluations as one at a time, each one cheaper' },
      },
    },
    make: (v, text, net) => {
      const shared = { iterations: num(v, 'iterations'), mix: num(v, 'mix'), cutoff: num(v, 'cutoff') };
      const options: AzSearchOptions =
        v.search === 'gumbel'
          ? {
              kind: 'gumbel',
              ...shared,
              considered: num(v, 'considered'),
              gumbelScale: num(v, 'gumbel'),
              valueScale: GUMBEL_DEFAULTS.valueScale,
              maxVisitInit: GUMBEL_DEFAULTS.maxVisitInit,
            }
          : {
              kind: 'puct',
              ...shared,
              cPuct: num(v, 'c'),
              noise: num(v, 'noise'),
              alpha: num(v, 'alpha'),
              expandAfter: num(v, 'expand'),
            };
      return new AzAgent(net!, options, text, num(v, 'ms'), num(v, 'batch'));
    },
    // Per iteration: a sampled world, the walk down the tree, one network evaluation, and with
    // mix > 0 a random playout to the end of the game. With expand = E > 1 every iteration may
    // play a playout, and the network fills at most 1 + iterations / E nodes: each node but the
    // root ends E - 1 iterations by a playout alone before the one that asks the network.
    cost: (v, g, net) => {
      const iterations = num(v, 'iterations');
      const cutoff = num(v, 'cutoff');
      const expand = num(v, 'expand');
      const plays = num(v, 'mix') > 0 || expand > 1;
      const playout = plays ? (cutoff > 0 ? Math.min(cutoff, g.length) + g.players : g.length) : 0;
      const knobs = [
        'iterations',
        ...(num(v, 'mix') > 0 ? ['mix'] : []),
        ...(expand > 1 ? ['expand'] : []),
        ...(plays && cutoff > 0 ? ['cutoff'] : []),
      ];
      const evaluations = expand > 1 ? 1 + Math.ceil(iterations / expand) : iterations;
      const each = SAMPLE_WORLD_STEPS + treeDepth(iterations, g) + playout;
      return searchCost(num(v, 'ms'), iterations, each, knobs, evaluations * networkSteps(net!));
    },
  },
  cfr: {
    needsModel: true,
    tabular: true,
    knobs: {},
    make: (_v, text, _net, table) => new CfrAgent(table!, text),
    // A sampled world to read the seat's information-state key from, then a table lookup.
    cost: () => ({ steps: SAMPLE_WORLD_STEPS + 1, knobs: [] }),
  },
};

/** Reads a kind's knobs from a spec's options (ranges checked, defaults filled), refusing unknown ones. */
function readKnobs(kind: AgentKind, parsed: AgentSpec, text: string, net?: PolicyNetwork): KnobValues {
  if (!kind.needsModel && parsed.path !== undefined)
    throw new AgentSpecError(text, `${parsed.kind} takes no positional argument`);
  const o = new SpecOptions(text, parsed.options);
  const values: KnobValues = {};
  for (const [key, knob] of Object.entries(kind.knobs)) {
    values[key] =
      knob.type === 'choice'
        ? o.choice(key, typeof knob.default === 'function' ? knob.default(net!) : knob.default, knob.values)
        : o.number(key, typeof knob.default === 'function' ? knob.default(net!) : knob.default, knob);
  }
  o.done();
  return values;
}

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

/** The network a network kind plays, read from its folder; undefined for the other kinds. */
function networkFor(kind: AgentKind, parsed: AgentSpec, text: string, game: GameDefinition): PolicyNetwork | undefined {
  if (!kind.needsModel || kind.tabular) return undefined;
  const folder = modelFolder(parsed, text);
  const net = loadPolicyFolder(folder, game);
  if (kind.needsValues && net.policyOnly)
    throw new AgentSpecError(
      text,
      `the model ${folder} is a policy alone (exported, no value head), and ${parsed.kind}: searches with ` +
        `a value head; play it with neural:${folder}`,
    );
  return net;
}

/** The policy table a tabular kind (`cfr:`) plays, read from its folder; undefined for the other kinds. */
function tableFor(kind: AgentKind, parsed: AgentSpec, text: string, game: GameDefinition): TabularPolicy | undefined {
  if (!kind.tabular) return undefined;
  return loadCfrPolicy(modelFolder(parsed, text), game);
}

/**
 * The file that makes a folder the model of a spec's kind: 'model.json' for `neural:` and `az:`,
 * 'policy.json' for `cfr:`; undefined for kinds without a model and unparsable specs. (Every model
 * folder holds a meta.json beside it.)
 */
export function modelFileOf(spec: string): string | undefined {
  try {
    const kind = KINDS[parseAgentSpec(spec).kind];
    if (!kind?.needsModel) return undefined;
    return kind.tabular ? POLICY_FILE : 'model.json';
  } catch {
    return undefined;
  }
}

/** Whether a spec names a kind that plays a saved model (`neural:`, `az:`, `cfr:`); false for unparsable specs. */
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
  const net = networkFor(kind, parsed, spec, game);
  const table = tableFor(kind, parsed, spec, game);
  const agent = kind.make(readKnobs(kind, parsed, spec, net), spec, net, table);
  // How a worker thread builds the same agent (threaded vector envs): this function and the spec.
  return Object.assign(agent, { recipe: { module: import.meta.url, export: 'makeAgent', args: spec } });
}

/**
 * What one decision of a spec costs in a game, in steps (decision-cost.ts), worst case over the
 * game's seat counts, with the knobs that make it up. A model kind reads its model (its size is
 * part of the cost). Throws as makeAgent does for a bad spec.
 */
export function decisionCost(spec: string, game: GameDefinition): DecisionCost {
  const parsed = parseAgentSpec(spec);
  const kind = kindOf(parsed, spec);
  const net = networkFor(kind, parsed, spec, game);
  tableFor(kind, parsed, spec, game);
  return kind.cost(readKnobs(kind, parsed, spec, net), gameFacts(game), net);
}

/** The knobs an agent kind takes, by name (tests walk them; an unknown kind throws). */
export function agentKnobs(kind: string): Readonly<Record<string, Knob>> {
  return kindOf({ kind, options: {} }, kind).knobs;
}

/** makeAgent for callers that await (workers, services): the same agent, as a promise. */
export async function loadAgent(spec: string, game: GameDefinition): Promise<Agent> {
  return makeAgent(spec, game);
}

/** Builds every spec's agent, so a bad spec fails before anything is played; the agents in spec order. */
export function loadAgents(specs: readonly string[], game: GameDefinition): Promise<Agent[]> {
  return Promise.all(specs.map((spec) => loadAgent(spec, game)));
}
