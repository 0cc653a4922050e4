import type { BackendName } from './backend.js';
import type { LossFigures } from './learner.js';
import type { NetworkConfig, NetworkShape } from './network.js';
import type { Sample } from './replay-buffer.js';

/** A replica's whole state: the network's weights (every weight, in getWeights order) and the optimiser's slots. */
export interface ReplicaState {
  weights: { shape: number[]; values: Float32Array }[];
  optimizer: { name: string; shape: number[]; values: Float32Array }[];
}

export type ReplicaRequest =
  /** `backend`: the main thread's, so every replica computes with the same kernels. */
  | {
      id: number;
      kind: 'init';
      backend: BackendName;
      shape: NetworkShape;
      config: NetworkConfig;
      learningRate: number;
      seed: number;
      /** Weight of the score head's loss (Learner.scoreWeight). */
      scoreWeight: number;
    }
  | { id: number; kind: 'sync'; state: ReplicaState }
  | { id: number; kind: 'gradients'; batch: Sample[] }
  /** The replica's current state (tests check that replicas stay identical). */
  | { id: number; kind: 'state' }
  /** Applied in message order, before the next gradients request; no reply. */
  | { id: number; kind: 'apply'; gradient: Float32Array };

export type ReplicaReply =
  | { id: number; ok: true; figures?: LossFigures; gradient?: Float32Array; state?: ReplicaState }
  | { id: number; ok: false; error: string };
