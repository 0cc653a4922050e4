import { AgentSpecError, type DecisionContext } from '../../envs/index.js';

/** What a loaded policy answers for one observation: logits per action, values per seat (viewer first). */
export interface PolicyNetwork {
  readonly players: number;
  /** The leaf mix (PuctOptions.mix) its training searched with; `az:` uses it unless the spec sets mix. */
  readonly searchMix?: number;
  /** The playout length (PuctOptions.cutoff) its leaf mix was trained or tuned with; 0 plays to the end. */
  readonly searchCutoff?: number;
  /** Visits before a search node asks the network (PuctOptions.expandAfter, meta.search.expand); 1 at once. */
  readonly searchExpand?: number;
  /** The search its training used or tuning chose (meta.search.kind); `az:` uses it unless the spec sets search. */
  readonly searchKind?: 'puct' | 'gumbel';
  /** The PUCT constant measured best for it (meta.search.c); `az:` uses it unless the spec sets c. */
  readonly searchC?: number;
  /** The temperature measured best for the policy alone (meta.policy); `neural:` uses it unless the spec sets one. */
  readonly policyTemperature?: number;
  /**
   * True for a policy without a value head (one exported from PyTorch): its evaluations give logits
   * and an empty value, so only `neural:` plays it.
   */
  readonly policyOnly?: boolean;
  /** Weights of the network (one multiply-add each per evaluation): what an evaluation costs. */
  readonly weights?: number;
  evaluate(observation: Float32Array): NetworkOutput;
  /**
   * Several observations in one pass: row r equals evaluate(observations[r]) number for number,
   * at less cost per row. Optional: evaluateAll falls back to evaluate row by row.
   */
  evaluateBatch?(observations: readonly Float32Array[]): NetworkOutput[];
}

/** The network's answer for one observation. */
export interface NetworkOutput {
  logits: ArrayLike<number>;
  value: ArrayLike<number>;
}

/** Every observation's output, in one batch when the network can. */
export function evaluateAll(net: PolicyNetwork, observations: readonly Float32Array[]): NetworkOutput[] {
  if (observations.length === 1) return [net.evaluate(observations[0])];
  return net.evaluateBatch ? net.evaluateBatch(observations) : observations.map((o) => net.evaluate(o));
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
