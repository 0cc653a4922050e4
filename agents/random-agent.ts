import type { Agent, DecisionContext } from '../envs/index.js';
import type { PolicyAgent } from './policy-agent.js';

/** Uniform over the legal actions, drawn from the context's seeded RNG. */
export class RandomAgent implements Agent, PolicyAgent {
  readonly name = 'random';

  act(ctx: DecisionContext): number {
    return ctx.legalActions[ctx.rng.int(ctx.legalActions.length)];
  }

  actionProbabilities(ctx: DecisionContext): number[] {
    return ctx.legalActions.map(() => 1 / ctx.legalActions.length);
  }
}
