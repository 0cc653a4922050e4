import type { Agent, DecisionContext } from '../../envs/index.js';
import { assertSeats, type PolicyNetwork } from './policy.js';

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
    const legal = ctx.legalActions;
    if (this.temperature === 0) {
      let best: number[] = [];
      let top = -Infinity;
      for (const a of legal) {
        if (logits[a] > top) {
          top = logits[a];
          best = [a];
        } else if (logits[a] === top) best.push(a);
      }
      return best[ctx.rng.int(best.length)];
    }
    let max = -Infinity;
    for (const a of legal) max = Math.max(max, logits[a] / this.temperature);
    const weights = legal.map((a) => Math.exp(logits[a] / this.temperature - max));
    let u = ctx.rng.next() * weights.reduce((s, w) => s + w, 0);
    for (let i = 0; i < legal.length; i++) {
      u -= weights[i];
      if (u <= 0) return legal[i];
    }
    return legal[legal.length - 1];
  }
}
