import type { Agent, DecisionContext } from '../../envs/index.js';
import { assertSeats, type PolicyNetwork } from './policy.js';
import { PuctSearch, type PuctOptions } from '../puct-search.js';
import { GumbelSearch, type GumbelOptions } from '../gumbel-search.js';

/** How often a timed search looks at the clock: an az iteration costs a network evaluation. */
const CLOCK_EVERY = 4;

/** Which search the network guides: AlphaZero's PUCT, or Gumbel top-k with sequential halving. */
export type AzSearchOptions = ({ kind?: 'puct' } & PuctOptions) | ({ kind: 'gumbel' } & GumbelOptions);

/**
 * `az:models/<game>/<name>,iterations=N` or `…,ms=T`: an information-set search guided by the
 * network's priors and values at the leaves (PUCT by default, `search=gumbel` for gumbel-search.ts),
 * choosing the most visited action (Gumbel: the best-scored survivor of sequential halving). With
 * `ms` > 0 it searches for T milliseconds of wall-clock time instead of N iterations, as `mcts:ms=T`
 * does (timed runs are not reproducible).
 */
export class AzAgent implements Agent {
  /** Iterations run by the last decision (for benchmarks). */
  lastIterations = 0;
  /** Measured cost of one iteration, for planning a timed Gumbel search's halving (0 = not yet measured). */
  private msPerIteration = 0;

  constructor(
    private readonly net: PolicyNetwork,
    private readonly options: AzSearchOptions,
    readonly name: string,
    /** Wall-clock budget per decision; 0 runs options.iterations. */
    private readonly ms = 0,
  ) {}

  act(ctx: DecisionContext): number {
    assertSeats(this.net, ctx, this.name);
    const legal = ctx.legalActions;
    if (legal.length === 1) return legal[0];
    return this.options.kind === 'gumbel' ? this.actGumbel(ctx, this.options) : this.actPuct(ctx, this.options);
  }

  private actPuct(ctx: DecisionContext, puct: PuctOptions): number {
    const timed = this.ms > 0;
    const deadline = timed ? performance.now() + this.ms : Infinity;
    const options = timed ? { ...puct, iterations: Number.MAX_SAFE_INTEGER } : puct;
    const search = new PuctSearch(ctx.game, ctx.view.players, (rng) => ctx.sampleWorld(rng), ctx.rng, options);
    for (let i = 0; timed ? i % CLOCK_EVERY !== 0 || performance.now() < deadline : !search.done; i++) {
      const leaf = search.select();
      if (leaf) search.expand(leaf, this.net.evaluate(leaf.observation));
    }
    this.lastIterations = search.iterations;
    return search.bestAction(ctx.legalActions, ctx.player);
  }

  /**
   * Sequential halving needs its budget before it starts: a timed search plans for the iterations
   * its measured cost per iteration fits in the time left after the root's evaluation, and stops at
   * the deadline whatever the plan (the survivors so far then decide).
   */
  private actGumbel(ctx: DecisionContext, gumbel: GumbelOptions): number {
    const start = performance.now();
    const timed = this.ms > 0;
    const deadline = timed ? start + this.ms : Infinity;
    const search = new GumbelSearch(ctx.game, ctx.view.players, (rng) => ctx.sampleWorld(rng), ctx.rng, gumbel);
    const root = search.select();
    if (root) search.expand(root, this.net.evaluate(root.observation));
    if (timed) {
      const perIteration = this.msPerIteration || performance.now() - start;
      const left = Math.max(0, deadline - performance.now());
      search.planFor(1 + Math.max(1, Math.floor(left / Math.max(perIteration, 1e-3))));
    }
    for (let i = 0; timed ? i % CLOCK_EVERY !== 0 || performance.now() < deadline : !search.done; i++) {
      const leaf = search.select();
      if (leaf) search.expand(leaf, this.net.evaluate(leaf.observation));
    }
    this.lastIterations = search.iterations;
    const measured = (performance.now() - start) / search.iterations;
    this.msPerIteration = this.msPerIteration === 0 ? measured : 0.7 * this.msPerIteration + 0.3 * measured;
    return search.bestAction(ctx.legalActions);
  }
}
