import type { Agent, DecisionContext, GameState } from '../envs/index.js';

export interface GreedyOptions {
  /** Worlds sampled per decision; every action is scored on the same worlds. */
  worlds: number;
  /**
   * After my action, let the other seats move (uniformly at random) until I am to act again or
   * the game ends, at most this many decisions, before evaluating. 0 scores the position right
   * after my action. Without it, a choice whose effect appears only after the others answer (a
   * hidden commitment, a bid) would look the same as every other.
   */
  settle: number;
}

/**
 * One-ply lookahead: each legal action is applied in sampled worlds and the result scored with
 * the game's evaluate() for my seat; the best mean wins, ties broken by the seeded RNG.
 */
export class GreedyAgent implements Agent {
  constructor(
    private readonly options: GreedyOptions,
    readonly name = 'greedy',
  ) {}

  act(ctx: DecisionContext): number {
    const { legalActions: legal, rng, player, game } = ctx;
    if (legal.length === 1) return legal[0];
    const totals = new Float64Array(legal.length);
    for (let w = 0; w < this.options.worlds; w++) {
      const world = ctx.sampleWorld(rng);
      for (let i = 0; i < legal.length; i++) {
        const next = world.clone();
        next.applyAction(legal[i]);
        this.settle(next, player, ctx);
        totals[i] += game.evaluate(next, player);
      }
    }
    let best: number[] = [];
    let bestValue = -Infinity;
    for (let i = 0; i < legal.length; i++) {
      if (totals[i] > bestValue + 1e-12) {
        bestValue = totals[i];
        best = [legal[i]];
      } else if (Math.abs(totals[i] - bestValue) <= 1e-12) {
        best.push(legal[i]);
      }
    }
    return best[rng.int(best.length)];
  }

  private settle(state: GameState, player: number, ctx: DecisionContext): void {
    for (let k = 0; k < this.options.settle && !state.isTerminal() && state.currentPlayer() !== player; k++) {
      const legal = state.legalActions();
      state.applyAction(legal[ctx.rng.int(legal.length)]);
    }
  }
}
