import { AgoraError, Rng, type Agent, type DecisionContext } from '../../envs/index.js';
import { sampleAction, type PolicyAgent } from '../policy-agent.js';
import type { TabularPolicy } from './policy-file.js';

/**
 * `cfr:<folder>`: plays a saved tabular policy (a CFR+ average policy), drawing each action with
 * the seat's seeded rng from the distribution of its information state. The key comes from a
 * world the seat cannot tell from the real one (ctx.sampleWorld: every such world has the seat's
 * key, which the conformance checker holds every game to), so the agent never sees the true state.
 */
export class CfrAgent implements Agent, PolicyAgent {
  /** Draws the worlds the key is read from: any world gives the same key, so it never moves a decision. */
  private readonly worldRng = Rng.fromSeed('cfr-agent-key');

  constructor(
    private readonly policy: TabularPolicy,
    readonly name: string,
  ) {}

  act(ctx: DecisionContext): number {
    return sampleAction(ctx.legalActions, this.actionProbabilities(ctx), ctx.rng.next());
  }

  actionProbabilities(ctx: DecisionContext): number[] {
    const key = ctx.sampleWorld(this.worldRng).informationState(ctx.player);
    const entry = this.policy.entries.get(key);
    if (!entry)
      throw new AgoraError(
        'bad_request',
        `${this.name}: the policy has no entry for seat ${ctx.player}'s information state '${key}'`,
      );
    if (entry.actions.length !== ctx.legalActions.length || entry.actions.some((a, i) => a !== ctx.legalActions[i]))
      throw new AgoraError(
        'bad_request',
        `${this.name}: at '${key}' the policy lists actions [${entry.actions}], the game offers [${ctx.legalActions}]`,
      );
    return [...entry.probabilities];
  }
}
