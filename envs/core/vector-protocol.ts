/**
 * How a threaded vector env and its worker threads talk. Each worker has four shared integers:
 * the parent writes a command and bumps SEQ; the worker runs it on its shard of the shared
 * buffers, sets STATUS, copies SEQ into DONE and wakes the parent. Anything that is not a number
 * (seeds, rendered text, error messages) goes over a MessagePort and is read synchronously with
 * receiveMessageOnPort, so step() stays an ordinary synchronous call.
 */
import type { AgentRecipe } from './agent.js';
import type { VectorBuffers } from './vector-buffers.js';
import type { ShardOptions } from './vector-shard.js';

export const SEQ = 0;
export const CMD = 1;
export const DONE = 2;
export const STATUS = 3;
/** Int32 slots per worker: 16, so two workers' counters never share a 64-byte cache line. */
export const STRIDE = 16;

export const Command = { Init: 1, Reset: 2, Step: 3, AllSeats: 4, Render: 5, Close: 6 } as const;
export type Command = (typeof Command)[keyof typeof Command];

/**
 * Loads of the shared counter a worker makes before sleeping on it (some tens of microseconds):
 * the next command usually comes within that, and waking a sleeping thread costs about as much
 * on a virtual machine (measured: 30-40 µs per wake-up, paid twice per step without spinning).
 */
export const SPINS = 20_000;
/**
 * Loads the parent makes before sleeping while its workers step, only when there is a core to
 * spare for it: a spinning parent on a machine whose cores all run workers slows them (measured
 * 4x slower steps with 2 workers on 2 cores), so then it sleeps at once.
 */
export const PARENT_SPINS = 20_000;

export const OK = 0;
export const FAILED = 1;

/** What a worker thread is started with (structured-cloneable; the buffers stay shared). */
export interface WorkerSetup {
  game: string;
  options: ShardOptions;
  /** One recipe for all opponents, or one per other seat (LearnerOptions.opponents). */
  opponents: AgentRecipe | AgentRecipe[];
  buffers: VectorBuffers;
  first: number;
  count: number;
  control: Int32Array;
  /** This worker's index; its slots are control[index * STRIDE ..]. */
  index: number;
}

/** Messages beside the commands. */
export type ToWorker = { seed: number | string | undefined } | { allSeats: Float32Array } | { mode: 'ansi' | 'html' };
export type FromWorker = { error: string; code?: string } | { render: string[] };
