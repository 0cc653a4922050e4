import { SingleAgentEnv, type SingleAgentEnvOptions, type StepInfo } from './single-agent-env.js';
import { AgoraError } from './errors.js';
import type { GameDefinition } from './game.js';
import type { Box, Discrete } from './spaces.js';

export interface VectorStep {
  /** num x observationSize, row i = env i (after an automatic reset, the new episode's first observation). */
  observations: Float32Array;
  rewards: Float32Array;
  terminated: Uint8Array;
  truncated: Uint8Array;
  /** num x actionSize legal-action masks for the observations returned. */
  actionMasks: Uint8Array;
  /** Per env; for an env that just finished, also finalObservation and finalInfo of the ended episode. */
  infos: (StepInfo & { finalObservation?: Float32Array; finalInfo?: StepInfo })[];
}

export interface VectorEnvOptions<Config = unknown> extends SingleAgentEnvOptions<Config> {
  /** How many environments run side by side. */
  num: number;
}

/**
 * N single-agent envs stepped as one batch (Gymnasium's SyncVectorEnv). An env whose episode ends
 * resets itself in the same step (Gymnasium's "same-step" autoreset): the returned row is the new
 * episode's first observation, and infos[i].finalObservation holds the last one of the old episode.
 * reset({ seed }) seeds env i with `${seed}:${i}`.
 */
export class VectorEnv<Config = unknown> {
  readonly envs: SingleAgentEnv<Config>[];
  readonly singleObservationSpace: Box;
  readonly singleActionSpace: Discrete;
  readonly num: number;
  private readonly obsSize: number;
  private readonly actionSize: number;

  constructor(game: GameDefinition, options: VectorEnvOptions<Config>) {
    if (!Number.isInteger(options.num) || options.num < 1) {
      throw new AgoraError('bad_request', `num must be a positive integer; got ${String(options.num)}`);
    }
    this.num = options.num;
    const seed = options.seed ?? 0;
    this.envs = Array.from(
      { length: options.num },
      (_, i) => new SingleAgentEnv(game, { ...options, seed: `${seed}:${i}` }),
    );
    this.singleObservationSpace = this.envs[0].observationSpace;
    this.singleActionSpace = this.envs[0].actionSpace;
    this.obsSize = this.singleObservationSpace.size;
    this.actionSize = game.actionSize;
  }

  reset(options: { seed?: number | string } = {}): {
    observations: Float32Array;
    actionMasks: Uint8Array;
    infos: StepInfo[];
  } {
    const observations = new Float32Array(this.num * this.obsSize);
    const actionMasks = new Uint8Array(this.num * this.actionSize);
    const infos = this.envs.map((env, i) => {
      const [obs, info] = env.reset(options.seed === undefined ? {} : { seed: `${options.seed}:${i}` });
      observations.set(obs, i * this.obsSize);
      actionMasks.set(info.actionMask, i * this.actionSize);
      return info;
    });
    return { observations, actionMasks, infos };
  }

  step(actions: ArrayLike<number>): VectorStep {
    if (actions.length !== this.num) {
      throw new AgoraError('bad_request', `step needs ${this.num} actions, one per env; got ${actions.length}`);
    }
    const out: VectorStep = {
      observations: new Float32Array(this.num * this.obsSize),
      rewards: new Float32Array(this.num),
      terminated: new Uint8Array(this.num),
      truncated: new Uint8Array(this.num),
      actionMasks: new Uint8Array(this.num * this.actionSize),
      infos: [],
    };
    // Validate every action before stepping any env, so a bad batch changes nothing; applyAction
    // on an illegal action throws the game's own IllegalActionError and mutates nothing.
    this.envs.forEach((env, i) => {
      if (!env.state.legalActions().includes(actions[i])) env.state.applyAction(actions[i]);
    });
    this.envs.forEach((env, i) => {
      const [finalObs, reward, term, trunc, finalInfo] = env.step(actions[i]);
      let [obs, info] = [finalObs, finalInfo];
      let extra: { finalObservation?: Float32Array; finalInfo?: StepInfo } = {};
      if (term || trunc) {
        extra = { finalObservation: finalObs, finalInfo };
        [obs, info] = env.reset();
      }
      out.observations.set(obs, i * this.obsSize);
      out.rewards[i] = reward;
      out.terminated[i] = term ? 1 : 0;
      out.truncated[i] = trunc ? 1 : 0;
      out.actionMasks.set(info.actionMask, i * this.actionSize);
      out.infos.push({ ...info, ...extra });
    });
    return out;
  }
}
