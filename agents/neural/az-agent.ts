import type { Agent, DecisionContext } from '../../envs/index.js';
import { CachedNetwork, DEFAULT_CACHE_ENTRIES } from './evaluation-cache.js';
import { assertSeats, evaluateAll, type PolicyNetwork } from './policy.js';
import { PuctSearch, type PuctOptions } from '../puct-search.js';
import { GumbelSearch, type GumbelOptions } from '../gumbel-search.js';

/** How often a timed search looks at the clock, in iterations: an az iteration costs a network evaluation. */
const CLOCK_EVERY = 4;

/** Which search the network guides: AlphaZero's PUCT, or Gumbel top-k with sequential halving. */
export type AzSearchOptions = ({ kind?: 'puct' } & PuctOptions) | ({ kind: 'gumbel' } & GumbelOptions);

/**
 * `az:models/<game>/<name>,iterations=N` or `…,ms=T`: an information-set search guided by the
 * network's priors and values at the leaves (PUCT by default, `search=gumbel` for gumbel-search.ts),
 * choosing the most visited action (Gumbel: the best-scored survivor of sequential halving). With
 * `ms` > 0 it searches for T milliseconds of wall-clock time instead of N iterations, as `mcts:ms=T`
 * does (timed runs are not reproducible). With `batch` > 1 PUCT selects up to that many leaves at a
 * time under virtual loss and evaluates them in one batch. The network's answers are cached across
 * decisions (the next search walks much of this one's tree again); the cache returns exactly what
 * the network would, so decisions are as without it.
 */
export class AzAgent implements Agent {
  /** Iterations run by the last decision (for benchmarks). */
  lastIterations = 0;
  /** Measured cost of one iteration, for planning a timed Gumbel search's halving (0 = not yet measured). */
  private msPerIteration = 0;
  private readonly net: PolicyNetwork;

  constructor(
    net: PolicyNetwork,
    private readonly options: AzSearchOptions,
    readonly name: string,
    /** Wall-clock budget per decision; 0 runs options.iterations. */
    private readonly ms = 0,
    /** Leaves evaluated together (1: one at a time, as AlphaZero). */
    private readonly batch = 1,
    /** Answers the cache keeps; 0 evaluates every leaf (benchmarks' baseline). */
    cacheEntries = DEFAULT_CACHE_ENTRIES,
  ) {
    this.net = cacheEntries > 0 && !(net instanceof CachedNetwork) ? new CachedNetwork(net, cacheEntries) : net;
  }

  /** The cache's hits and misses over the agent's life, if it has one (for benchmarks). */
  get cacheStats(): { hits: number; misses: number } | undefined {
    return this.net instanceof CachedNetwork ? { hits: this.net.hits, misses: this.net.misses } : undefined;
  }

  act(ctx: DecisionContext): number {
    assertSeats(this.net, ctx, this.name);
    const legal = ctx.legalActions;
    if (legal.length === 1) return legal[0];
    // The cache measures its hits search by search (it turns itself off where positions do not come back).
    if (this.net instanceof CachedNetwork) this.net.newSearch();
    return this.options.kind === 'gumbel' ? this.actGumbel(ctx, this.options) : this.actPuct(ctx, this.options);
  }

  private actPuct(ctx: DecisionContext, puct: PuctOptions): number {
    const timed = this.ms > 0;
    const deadline = timed ? performance.now() + this.ms : Infinity;
    const options = timed ? { ...puct, iterations: Number.MAX_SAFE_INTEGER } : puct;
    const search = new PuctSearch(ctx.game, ctx.view.players, (rng) => ctx.sampleWorld(rng), ctx.rng, options);
    let sinceClock = CLOCK_EVERY;
    while (timed || !search.done) {
      if (timed && sinceClock >= CLOCK_EVERY) {
        if (performance.now() >= deadline) break;
        sinceClock = 0;
      }
      const before = search.iterations;
      // At batch 1 this is select then expand, exactly the one-at-a-time search.
      const leaves = search.selectBatch(this.batch);
      const answers = evaluateAll(
        this.net,
        leaves.map((leaf) => leaf.observation),
      );
      leaves.forEach((leaf, i) => search.expand(leaf, answers[i]));
      sinceClock += search.iterations - before;
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
