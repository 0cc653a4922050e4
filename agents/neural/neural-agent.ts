import type { Agent, DecisionContext } from '../../envs/index.js';
import type { PolicyAgent } from '../policy-agent.js';
import { assertSeats, type PolicyNetwork } from './policy.js';
import { chooseByLogits, probabilitiesByLogits } from './choose-action.js';

/**
 * The policy network alone: the legal action with the highest logit (temperature 0), or one
 * sampled from the masked softmax at the given temperature with the seeded RNG.
 */
export class NeuralAgent implements Agent, PolicyAgent {
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

  actionProbabilities(ctx: DecisionContext): number[] {
    assertSeats(this.net, ctx, this.name);
    const { logits } = this.net.evaluate(ctx.observation);
    return probabilitiesByLogits(logits, ctx.legalActions, this.temperature);
  }
}
