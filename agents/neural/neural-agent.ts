import type { Agent, DecisionContext } from '../../envs/index.js';
import { assertSeats, type PolicyNetwork } from './policy.js';
import { chooseByLogits } from './choose-action.js';

/**
 * The policy network alone: the legal action with the highest logit (temperature 0), or one
 * sampled from the masked softmax at the given temperature with the seeded RNG.
 */
export class NeuralAgent implements Agent {
  constructor(
    private readonly net: PolicyNetwork,
    private readonly temperature: number,
    readonly name: string,
  ) {}

  act(ctx: DecisionContext): number {
    assertSeats(this.net, ctx, this.name);
    const { logits } = this.net.evaluate(ctx.observation);
    return chooseByLogits(logits, ctx.legalActions, this.temperature, ctx.rng);
  }
}
