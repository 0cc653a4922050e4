import type { Agent, DecisionContext } from '../../envs/index.js';
import { assertSeats, type PolicyNetwork } from './policy.js';
import { PuctSearch, type PuctOptions } from '../puct-search.js';

/** How often a timed search looks at the clock: an az iteration costs a network evaluation. */
const CLOCK_EVERY = 4;

/**
 * `az:models/<game>/<name>,iterations=N` or `…,ms=T`: the PUCT information-set search of
 * puct-search.ts with the network's priors and values at the leaves (no rollouts), choosing the
 * most visited action. With `ms` > 0 it searches for T milliseconds of wall-clock time instead of N
 * iterations, as `mcts:ms=T` does (timed runs are not reproducible).
 */
export class AzAgent implements Agent {
  /** Iterations run by the last decision (for benchmarks). */
  lastIterations = 0;

  constructor(
    private readonly net: PolicyNetwork,
    private readonly options: PuctOptions,
    readonly name: string,
    /** Wall-clock budget per decision; 0 runs options.iterations. */
    private readonly ms = 0,
  ) {}

  act(ctx: DecisionContext): number {
    assertSeats(this.net, ctx, this.name);
    const legal = ctx.legalActions;
    if (legal.length === 1) return legal[0];
    const timed = this.ms > 0;
    const deadline = timed ? performance.now() + this.ms : Infinity;
    const options = timed ? { ...this.options, iterations: Number.MAX_SAFE_INTEGER } : this.options;
    const search = new PuctSearch(ctx.game, ctx.view.players, (rng) => ctx.sampleWorld(rng), ctx.rng, options);
    for (let i = 0; timed ? i % CLOCK_EVERY !== 0 || performance.now() < deadline : !search.done; i++) {
      const leaf = search.select();
      if (leaf) search.expand(leaf, this.net.evaluate(leaf.observation));
    }
    this.lastIterations = search.iterations;
    return search.bestAction(legal, ctx.player);
  }
}
