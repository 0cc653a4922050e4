import type { Agent, DecisionContext } from '../envs/index.js';

/** Uniform over the legal actions, drawn from the context's seeded RNG. */
export class RandomAgent implements Agent {
  readonly name = 'random';

  act(ctx: DecisionContext): number {
    return ctx.legalActions[ctx.rng.int(ctx.legalActions.length)];
  }
}
