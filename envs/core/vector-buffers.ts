/**
 * The arrays a vector env owns and fills at every step, allocated once: in plain ArrayBuffers for
 * the synchronous env, in SharedArrayBuffers when worker threads write them. Rows are envs.
 */

/** Gymnasium 1.x's autoreset modes (gymnasium.vector.AutoresetMode). */
export type AutoresetMode = 'next-step' | 'same-step';

/** Per-env facts of the last step, one entry per env (Gymnasium's vector `infos`, as arrays). */
export interface VectorInfos {
  /**
   * The learner's seat; in self-play the seat to act (where the game has just ended, the seat that
   * took its last decision).
   */
  readonly seat: Int32Array;
  /** Decisions taken in the current episode by every seat. */
  readonly episodeLength: Int32Array;
  /** 1 where the game ended by its rules' turn cap (terminated is 1 there too). */
  readonly capped: Uint8Array;
  /**
   * 1 where the row's observation is a new episode's first: every row after reset(); in
   * 'next-step' mode the step after an episode ended (that env's action was ignored); in
   * 'same-step' mode the step the episode ended in (its last observation is in finalObservations).
   */
  readonly reset: Uint8Array;
  /** 'same-step' mode: where reset is 1 after an end, the ended episode's last observation (num x obsSize). */
  readonly finalObservations: Float32Array;
  /** Where terminated is 1: the final places, scores and returns of every seat (num x players). */
  readonly ranking: Int32Array;
  readonly scores: Float64Array;
  readonly returns: Float32Array;
}

/** What step() returns: the env's own arrays, overwritten by the next step (copy what you keep). */
export interface VectorStep {
  /** num x observationSize, row i = env i. */
  readonly observations: Float32Array;
  /**
   * The learner's reward, one per env; in self-play every seat's, num x players (row i: each seat's
   * return where env i's game ended at this step, else zeros).
   */
  readonly rewards: Float32Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
  /**
   * num x actionSize legal-action masks for the observations returned. A finished episode's row in
   * 'next-step' mode is all ones (any action is taken and ignored at the reset that follows), so
   * that a masked distribution over it stays defined.
   */
  readonly actionMasks: Uint8Array;
  readonly infos: VectorInfos;
}

export interface VectorBuffers extends VectorStep {
  /** The actions of the step under way (the threaded env's workers read them here). */
  readonly actions: Int32Array;
  /** 1 where the env's episode has ended and the next step resets it ('next-step' mode). */
  readonly pending: Uint8Array;
}

export interface BufferSizes {
  num: number;
  obsSize: number;
  actionSize: number;
  players: number;
  /** Rewards per env: 1 (the learner's) or players (self-play: every seat's). */
  rewardsPerEnv: number;
}

type Typed = Int32Array | Uint8Array | Float32Array | Float64Array;
type TypedClass<T extends Typed> = { new (buffer: ArrayBufferLike): T; BYTES_PER_ELEMENT: number };

function alloc<T extends Typed>(kind: TypedClass<T>, length: number, shared: boolean): T {
  const bytes = length * kind.BYTES_PER_ELEMENT;
  return new kind(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
}

export function allocateVectorBuffers(sizes: BufferSizes, shared: boolean): VectorBuffers {
  const { num, obsSize, actionSize, players, rewardsPerEnv } = sizes;
  return {
    observations: alloc(Float32Array, num * obsSize, shared),
    rewards: alloc(Float32Array, num * rewardsPerEnv, shared),
    terminated: alloc(Uint8Array, num, shared),
    truncated: alloc(Uint8Array, num, shared),
    actionMasks: alloc(Uint8Array, num * actionSize, shared),
    actions: alloc(Int32Array, num, shared),
    pending: alloc(Uint8Array, num, shared),
    infos: {
      seat: alloc(Int32Array, num, shared),
      episodeLength: alloc(Int32Array, num, shared),
      capped: alloc(Uint8Array, num, shared),
      reset: alloc(Uint8Array, num, shared),
      finalObservations: alloc(Float32Array, num * obsSize, shared),
      ranking: alloc(Int32Array, num * players, shared),
      scores: alloc(Float64Array, num * players, shared),
      returns: alloc(Float32Array, num * players, shared),
    },
  };
}
