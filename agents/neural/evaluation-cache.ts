/**
 * A network behind a bounded cache of its answers, keyed by the observation's contents. An
 * observation is everything the network sees, so a position met again (the next decision's search
 * walks much of the last one's tree again; self-play's seats share positions) costs a lookup
 * instead of an evaluation. A key is a hash of the nonzero entries, and a hit is confirmed against
 * the stored entries, so a hash collision is a miss, never a wrong answer. Answers are shared
 * between callers: they must not be written to.
 */
import { evaluateAll, type NetworkOutput, type PolicyNetwork } from './policy.js';

/** Positions kept by default: a few decisions' trees of any shipped model, in tens of MB at most. */
export const DEFAULT_CACHE_ENTRIES = 1 << 14;

interface Entry {
  /** Where the observation is nonzero, and its values there: observations are mostly zero. */
  readonly at: Int32Array;
  readonly values: Float32Array;
  readonly length: number;
  readonly output: NetworkOutput;
}

const FNV_PRIME = 16777619;
const bitsOf = new Int32Array(1);
const floatOf = new Float32Array(bitsOf.buffer);

function hashOf(observation: Float32Array): number {
  let h = 2166136261 ^ observation.length;
  for (let i = 0; i < observation.length; i++) {
    const v = observation[i];
    // -0 counts as 0, as the network's zero skip does: both give the same answer.
    if (v === 0) continue;
    floatOf[0] = v;
    h = Math.imul(h ^ i, FNV_PRIME);
    h = Math.imul(h ^ bitsOf[0], FNV_PRIME);
  }
  return h;
}

function matches(entry: Entry, observation: Float32Array): boolean {
  if (entry.length !== observation.length) return false;
  let k = 0;
  for (let i = 0; i < observation.length; i++) {
    const v = observation[i];
    if (v === 0) continue;
    if (k >= entry.at.length || entry.at[k] !== i || entry.values[k] !== v) return false;
    k++;
  }
  return k === entry.at.length;
}

function entryOf(observation: Float32Array, output: NetworkOutput): Entry {
  let count = 0;
  for (let i = 0; i < observation.length; i++) if (observation[i] !== 0) count++;
  const at = new Int32Array(count);
  const values = new Float32Array(count);
  for (let i = 0, k = 0; i < observation.length; i++) {
    if (observation[i] === 0) continue;
    at[k] = i;
    values[k++] = observation[i];
  }
  return { at, values, length: observation.length, output };
}

/** A PolicyNetwork that answers from its cache when it can (least recently used answers go first). */
export class CachedNetwork implements PolicyNetwork {
  hits = 0;
  misses = 0;
  /** Insertion order is recency order: a hit moves its entry to the end. One entry per hash. */
  private readonly entries = new Map<number, Entry>();

  constructor(
    readonly net: PolicyNetwork,
    readonly capacity = DEFAULT_CACHE_ENTRIES,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`a cache holds at least 1 entry (an integer); got ${capacity}`);
  }

  get players(): number {
    return this.net.players;
  }
  get searchMix(): number | undefined {
    return this.net.searchMix;
  }
  get searchC(): number | undefined {
    return this.net.searchC;
  }
  get policyTemperature(): number | undefined {
    return this.net.policyTemperature;
  }
  get weights(): number | undefined {
    return this.net.weights;
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }

  evaluate(observation: Float32Array): NetworkOutput {
    return this.evaluateBatch([observation])[0];
  }

  /** The cached answers, and one batched evaluation for the rest (a repeat within the batch included). */
  evaluateBatch(observations: readonly Float32Array[]): NetworkOutput[] {
    const out = new Array<NetworkOutput>(observations.length);
    const hashes = observations.map(hashOf);
    const missed: number[] = [];
    /** Rows repeating an earlier missed row of this batch, and which one. */
    const repeats: [row: number, of: number][] = [];
    for (let r = 0; r < observations.length; r++) {
      const entry = this.entries.get(hashes[r]);
      if (entry && matches(entry, observations[r])) {
        this.entries.delete(hashes[r]);
        this.entries.set(hashes[r], entry);
        out[r] = entry.output;
        this.hits++;
        continue;
      }
      const earlier = missed.find((m) => hashes[m] === hashes[r] && sameValues(observations[m], observations[r]));
      if (earlier !== undefined) {
        repeats.push([r, earlier]);
        this.hits++;
        continue;
      }
      missed.push(r);
      this.misses++;
    }
    if (missed.length > 0) {
      const answers = evaluateAll(
        this.net,
        missed.map((r) => observations[r]),
      );
      missed.forEach((r, i) => {
        out[r] = answers[i];
        this.store(hashes[r], entryOf(observations[r], answers[i]));
      });
    }
    for (const [r, of] of repeats) out[r] = out[of];
    return out;
  }

  private store(hash: number, entry: Entry): void {
    // A colliding entry is replaced: the newer position is the likelier to come back.
    this.entries.delete(hash);
    this.entries.set(hash, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

function sameValues(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  // Zeros of either sign are equal, as for the cache's keys.
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
