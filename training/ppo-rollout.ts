/**
 * PPO rollout collection, shared by the main thread (workers = 1) and the rollout worker threads
 * (ppo-rollout-worker.ts). Nothing here loads TensorFlow.js: networks arrive as plain Float32Arrays
 * (PolicyWeights) and run through the plain-JS inference of inference.ts.
 *
 * Each environment owns its RNG streams: its games and opponents' draws come from the env seed
 * `${seed}:u${generation}:env${i}` (as before), the learner's action samples and the choice of past
 * selves from `${seed}:u${generation}:env${i}:learner`, where generation is the one the run (re)started
 * at. So what an environment plays depends only on the seed, its index, the weights and the pool,
 * never on which thread plays it or how many threads there are.
 */
import type { Agent, DecisionContext, PolicyNetwork } from '../agents/index.js';
import { Rng, SingleAgentEnv, getGame, type GameDefinition, type StepInfo } from '../envs/index.js';
import { compileWeights, type PolicyWeights } from './inference.js';
import type { NetworkConfig } from './network.js';
import { maskedSoftmax } from './masked-softmax.js';

function sampleFrom(legal: readonly number[], probs: ArrayLike<number>, rng: Rng): number {
  let u = rng.next();
  for (const a of legal) {
    u -= probs[a];
    if (u < 0) return a;
  }
  return legal[legal.length - 1];
}

/** An opponent seat whose policy is swapped for another past self at every episode. */
class PoolOpponent implements Agent {
  readonly name = 'pool';
  policy: PolicyNetwork | undefined;
  act(ctx: DecisionContext): number {
    const probs = maskedSoftmax(this.policy!.evaluate(ctx.observation).logits, ctx.legalActions);
    return sampleFrom(ctx.legalActions, probs, ctx.rng);
  }
}

/**
 * `steps` learner steps of each of `envs` environments, environment-major: row k * steps + t is
 * environment k (of this rollout) at step t. lastValues bootstrap unfinished trajectories.
 */
export interface Rollout {
  envs: number;
  steps: number;
  observations: Float32Array;
  masks: Uint8Array;
  actions: Int32Array;
  logps: Float64Array;
  values: Float64Array;
  rewards: Float64Array;
  dones: Uint8Array;
  lastValues: Float64Array;
}

export function rolloutBuffers(r: Rollout): ArrayBuffer[] {
  return [r.observations, r.masks, r.actions, r.logps, r.values, r.rewards, r.dones, r.lastValues].map(
    (a) => a.buffer as ArrayBuffer,
  );
}

/** Rollouts of consecutive environment ranges joined in order. */
export function concatRollouts(parts: readonly Rollout[]): Rollout {
  if (parts.length === 1) return parts[0];
  const join = <T extends Float32Array | Float64Array | Uint8Array | Int32Array>(
    pick: (r: Rollout) => T,
    make: (n: number) => T,
  ): T => {
    const out = make(parts.reduce((s, r) => s + pick(r).length, 0));
    let offset = 0;
    for (const r of parts) {
      out.set(pick(r) as ArrayLike<number>, offset);
      offset += pick(r).length;
    }
    return out;
  };
  return {
    envs: parts.reduce((s, r) => s + r.envs, 0),
    steps: parts[0].steps,
    observations: join(
      (r) => r.observations,
      (n) => new Float32Array(n),
    ),
    masks: join(
      (r) => r.masks,
      (n) => new Uint8Array(n),
    ),
    actions: join(
      (r) => r.actions,
      (n) => new Int32Array(n),
    ),
    logps: join(
      (r) => r.logps,
      (n) => new Float64Array(n),
    ),
    values: join(
      (r) => r.values,
      (n) => new Float64Array(n),
    ),
    rewards: join(
      (r) => r.rewards,
      (n) => new Float64Array(n),
    ),
    dones: join(
      (r) => r.dones,
      (n) => new Uint8Array(n),
    ),
    lastValues: join(
      (r) => r.lastValues,
      (n) => new Float64Array(n),
    ),
  };
}

export interface RolloutSetup {
  game: string;
  players: number;
  seed: string;
  network: NetworkConfig;
  /** The generation the run (re)starts at: environments start fresh episodes seeded with it. */
  generation: number;
  /** The environment indices this collector owns. */
  envs: number[];
}

export interface CollectTask {
  /** The current policy. */
  weights: PolicyWeights;
  /** Snapshot names the opponents are drawn from. */
  pool: string[];
  /** Weights of the pool snapshots this collector has not been sent yet. */
  poolWeights: Record<string, PolicyWeights>;
  steps: number;
}

export type RolloutTask = ({ kind: 'init'; setup: RolloutSetup } | ({ kind: 'collect' } & CollectTask)) & {
  id: number;
};

export type RolloutReply =
  { id: number; rollout?: Rollout; error?: undefined } | { id: number; error: string; rollout?: undefined };

/** A fixed share of the environments, with their episodes in progress between updates. */
export class RolloutCollector {
  private readonly def: GameDefinition;
  private readonly envs: SingleAgentEnv[];
  private readonly opponents: PoolOpponent[][];
  private readonly rngs: Rng[];
  private readonly current: ([Float32Array, StepInfo] | undefined)[];
  private readonly poolPolicies = new Map<string, PolicyNetwork>();

  constructor(private readonly setup: RolloutSetup) {
    this.def = getGame(setup.game);
    const { players, seed, generation } = setup;
    this.opponents = setup.envs.map(() => Array.from({ length: players - 1 }, () => new PoolOpponent()));
    this.envs = setup.envs.map(
      (i, k) =>
        new SingleAgentEnv(this.def, {
          players,
          seat: 'rotate',
          opponents: this.opponents[k],
          seed: `${seed}:u${generation}:env${i}`,
        }),
    );
    this.rngs = setup.envs.map((i) => Rng.fromSeed(`${seed}:u${generation}:env${i}:learner`));
    this.current = setup.envs.map(() => undefined);
  }

  collect(task: CollectTask): Rollout {
    const { players, network } = this.setup;
    for (const [name, w] of Object.entries(task.poolWeights))
      this.poolPolicies.set(name, compileWeights(w, network, players));
    // Retired snapshots leave the cache (an episode under way keeps its opponents to the end).
    for (const name of [...this.poolPolicies.keys()]) if (!task.pool.includes(name)) this.poolPolicies.delete(name);
    const poolPolicy = (name: string) => {
      const p = this.poolPolicies.get(name);
      if (!p) throw new Error(`pool snapshot ${name} was never sent`);
      return p;
    };
    const restart = (k: number) => {
      for (const o of this.opponents[k]) o.policy = poolPolicy(task.pool[this.rngs[k].int(task.pool.length)]);
      return this.envs[k].reset();
    };
    const policy = compileWeights(task.weights, network, players);
    const n = this.envs.length;
    const T = task.steps;
    const O = this.def.observationSize(players);
    const A = this.def.actionSize;
    const r: Rollout = {
      envs: n,
      steps: T,
      observations: new Float32Array(n * T * O),
      masks: new Uint8Array(n * T * A),
      actions: new Int32Array(n * T),
      logps: new Float64Array(n * T),
      values: new Float64Array(n * T),
      rewards: new Float64Array(n * T),
      dones: new Uint8Array(n * T),
      lastValues: new Float64Array(n),
    };
    for (let k = 0; k < n; k++) {
      const env = this.envs[k];
      const rng = this.rngs[k];
      let current = this.current[k] ?? restart(k);
      for (let t = 0; t < T; t++) {
        const [observation, info] = current;
        const { logits, value } = policy.evaluate(observation);
        const probs = maskedSoftmax(logits, info.legalActions);
        const action = sampleFrom(info.legalActions, probs, rng);
        const [next, reward, terminated, truncated, nextInfo] = env.step(action);
        const done = terminated || truncated;
        const row = k * T + t;
        r.observations.set(observation, row * O);
        r.masks.set(info.actionMask, row * A);
        r.actions[row] = action;
        r.logps[row] = Math.log(probs[action]);
        r.values[row] = value[0];
        r.rewards[row] = reward;
        r.dones[row] = done ? 1 : 0;
        current = done ? restart(k) : [next, nextInfo];
      }
      this.current[k] = current;
      r.lastValues[k] = current[1].legalActions.length > 0 ? policy.evaluate(current[0]).value[0] : 0;
    }
    return r;
  }
}
