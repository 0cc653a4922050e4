import { AgentSpecError, type Agent, type DecisionContext, type GameDefinition } from '../envs/index.js';

/** What a loaded policy answers for one observation: logits per action, values per seat (viewer first). */
export interface PolicyNetwork {
  readonly players: number;
  /** The leaf mix (PuctOptions.mix) its training searched with; `az:` uses it unless the spec sets mix. */
  readonly searchMix?: number;
  /** The PUCT constant measured best for it (meta.search.c); `az:` uses it unless the spec sets c. */
  readonly searchC?: number;
  evaluate(observation: Float32Array): { logits: ArrayLike<number>; value: ArrayLike<number> };
}

/** Loads a model folder for a game, synchronously. Installed by training/index.ts (which loads TensorFlow.js). */
export type PolicyLoader = (path: string, game: GameDefinition) => PolicyNetwork;

let loader: PolicyLoader | undefined;

/** Called once by training/index.ts; agents/ itself never imports TensorFlow.js (it is slow to load). */
export function installPolicyLoader(load: PolicyLoader): void {
  loader = load;
}

export function loadPolicy(spec: string, path: string, game: GameDefinition): PolicyNetwork {
  if (!loader) {
    throw new AgentSpecError(
      spec,
      "neural agents need TensorFlow.js: import '../training/index.js' (await import) before making one",
    );
  }
  return loader(path, game);
}

/** A model plays only the seat count it was trained for (its observation and value sizes depend on it). */
export function assertSeats(net: PolicyNetwork, ctx: DecisionContext, agentName: string): void {
  if (ctx.view.players !== net.players) {
    throw new AgentSpecError(
      agentName,
      `the model was trained for ${net.players} players; this game has ${ctx.view.players}`,
    );
  }
}

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
