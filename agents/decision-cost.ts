/**
 * The one unit in which every agent kind states what one decision costs: **steps**, the simulated
 * game steps of the decision in the worst case of its options. One step is one action applied to a
 * copy of the game, or one clone or evaluate() done per action; a network evaluation counts as the
 * steps its multiply-adds are worth (NETWORK_WEIGHTS_PER_STEP); a search timed by `ms=` counts
 * STEPS_PER_MS per millisecond. The arena bounds this one number for the bots accounts register
 * (arena/services/bot-specs.ts), whatever the kind and its knobs.
 *
 * The figures are estimates from the options and the game's declared bounds (its action space and
 * turn cap), not measurements: a search tree's depth is taken as a balanced binary tree's, which
 * real trees exceed only with long chains of forced moves. agents/decision-cost.test.ts checks that
 * every kind's estimate is at least the steps its decisions really take on sample positions, and
 * that every knob either scales the cost or is declared not to.
 */
import type { GameDefinition } from '../envs/index.js';
import type { PolicyNetwork } from './neural/policy.js';

/**
 * Steps a timed search (`ms=`) is charged per millisecond: a little under what MCTS searches with
 * a cutoff manage in the slowest games on one busy core (120 to 200 steps/ms measured in
 * Filthy Rich and Perikles; docs/benchmarks.md), so `ms=T` costs no less than a search by
 * iterations that takes T ms there.
 */
export const STEPS_PER_MS = 100;

/** Network weights (one multiply-add each) worth one game step. */
const NETWORK_WEIGHTS_PER_STEP = 100;

/**
 * Steps one sampled world is worth (a determinization: a clone, and the hidden cards or tiles
 * dealt again): up to about 20 moves in the games measured.
 */
export const SAMPLE_WORLD_STEPS = 20;

/** What a cost estimate needs to know of the game: bounds over every seat count it allows. */
export interface GameFacts {
  /** Most legal actions at one decision (the size of the action space). */
  actions: number;
  /** Most decisions in one game (the rules' turn cap). */
  length: number;
  /** Most seats (evaluations per position scored for every seat). */
  players: number;
}

export function gameFacts(game: GameDefinition): GameFacts {
  let length = 0;
  for (let p = game.minPlayers; p <= game.maxPlayers; p++) length = Math.max(length, game.maxGameLength(p));
  return { actions: game.actionSize, length, players: game.maxPlayers };
}

/** Depth of a search tree of `nodes` nodes, taken as a balanced binary tree's, at most the game's length. */
export function treeDepth(nodes: number, facts: GameFacts): number {
  return Math.min(facts.length, Math.ceil(Math.log2(nodes + 1)));
}

/** Steps one evaluation of the network is worth. */
export function networkSteps(net: PolicyNetwork): number {
  return Math.ceil((net.weights ?? 0) / NETWORK_WEIGHTS_PER_STEP);
}

/** What one decision of a spec costs: the steps, and the knobs that make it up (the ones to lower). */
export interface DecisionCost {
  steps: number;
  knobs: string[];
}
