import type { Agent, DecisionContext } from '../../envs/index.js';
import { assertSeats, type PolicyNetwork } from './policy.js';
import { PuctSearch, type PuctOptions } from '../puct-search.js';

/**
 * `az:models/<game>/<name>,iterations=N`: the PUCT information-set search of puct-search.ts with
 * the network's priors and values at the leaves (no rollouts), choosing the most visited action.
 */
export class AzAgent implements Agent {
  /** Iterations run by the last decision (for benchmarks). */
  lastIterations = 0;

  constructor(
    private readonly net: PolicyNetwork,
    private readonly options: PuctOptions,
    readonly name: string,
  ) {}

  act(ctx: DecisionContext): number {
    assertSeats(this.net, ctx, this.name);
    const legal = ctx.legalActions;
    if (legal.length === 1) return legal[0];
    const search = new PuctSearch(ctx.game, ctx.view.players, (rng) => ctx.sampleWorld(rng), ctx.rng, this.options);
    while (!search.done) {
      const leaf = search.select();
      if (leaf) search.expand(leaf, this.net.evaluate(leaf.observation));
    }
    this.lastIterations = search.iterations;
    return search.bestAction(legal, ctx.player);
  }
}
