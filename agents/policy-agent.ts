import type { Agent, DecisionContext } from '../envs/index.js';

/**
 * An agent that can say how it decides (OpenSpiel's Policy.action_probabilities): the distribution
 * act() draws its action from. Exact exploitability reads it (agents/exploitability.ts); an agent
 * without it is measured by sampling its decisions instead.
 */
export interface PolicyAgent extends Agent {
  /**
   * The probability of each of ctx.legalActions, in that order, summing to 1: what act(ctx) plays
   * with. A function of what the seat knows (its view), never of ctx.rng's draws.
   */
  actionProbabilities(ctx: DecisionContext): number[];
}

export function hasActionProbabilities(agent: Agent): agent is PolicyAgent {
  return typeof (agent as Partial<PolicyAgent>).actionProbabilities === 'function';
}

/** One of `actions` drawn with `probabilities` (same order) from a uniform draw of the rng. */
export function sampleAction(actions: readonly number[], probabilities: readonly number[], u: number): number {
  let total = 0;
  for (const p of probabilities) total += p;
  let left = u * total;
  for (let i = 0; i < actions.length; i++) {
    left -= probabilities[i];
    if (left < 0) return actions[i];
  }
  // Rounding left a sliver: the last action with a positive probability.
  for (let i = actions.length - 1; i >= 0; i--) if (probabilities[i] > 0) return actions[i];
  return actions[actions.length - 1];
}
