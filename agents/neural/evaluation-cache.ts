/**
 * A network behind a bounded cache of its answers, keyed by the observation's contents. An
 * observation is everything the network sees, so a position met again (the next decision's search
 * walks much of the last one's tree again; self-play's seats share positions) costs a lookup
 * instead of an evaluation. A key is a hash of the nonzero entries, and a hit is confirmed against
 * the stored entries, so a hash collision is a miss, never a wrong answer. Answers are shared
 * between callers: they must not be written to.
 *
 * Where positions rarely come back (the sampled worlds of a hidden-information game differ in the
 * other seats' hands), looking up and keeping answers cost 12-22% of a search's time in one
 * measurement and saved nothing (docs/benchmarks.md, "The self-measuring cache"). So the cache
 * measures itself, and where fewer than MIN_HIT_SHARE of a probe's lookups hit, it empties and passes
 * rows straight to the network for a while, then probes again. The answers are the network's either
 * way; only the time differs.
 * - A searching agent (az) says when each search starts (`newSearch`). Answers come back from one
 *   decision's search to the next, so a probe starting on an empty cache does not count its first
 *   search, and ends at a search's start once it has counted SEARCH_PROBE_LOOKUPS lookups; off, the
 *   cache sits out BYPASS_SEARCHES searches.
 * - Otherwise (self-play's games in flight) a probe is PROBE_LOOKUPS lookups, and off lasts
 *   PROBE_LOOKUPS * BYPASS_PROBES rows.
 */
import { evaluateAll, type NetworkOutput, type PolicyNetwork } from './policy.js';

/** Positions kept by default: a few decisions' trees of any shipped model, in tens of MB at most. */
export const DEFAULT_CACHE_ENTRIES = 1 << 14;
/** Lookups a probe counts where no searches are announced: many games' decisions in flight. */
export const PROBE_LOOKUPS = 4096;
/**
 * Lookups a searching agent's probe counts after its first search: a few decisions at 100 ms, or
 * one long decision, so a Philadelphia agent at 100 ms decides within its first six decisions.
 */
export const SEARCH_PROBE_LOOKUPS = 1024;
/** Searches a searching agent's cache sits out after a probe below MIN_HIT_SHARE. */
export const BYPASS_SEARCHES = 30;
/**
 * The share of a probe's lookups that must hit for the cache to stay on. Measured (Promotion, 32%
 * hits, runs 12% faster with the cache; Philadelphia, City Plan Delta, Filthy Rich and Perikles, 0-8%,
 * 12-22% slower), and well clear of both.
 */
export const MIN_HIT_SHARE = 0.15;
/**
 * Probes' worth of rows passed straight to the network after a probe below MIN_HIT_SHARE: about 6%
 * of the time is then spent probing.
 */
export const BYPASS_PROBES = 15;

interface Entry {
  /** Where the observation is nonzero, and its values there: observations are mostly zero. */
  readonly at: Int32Array;
  readonly values: Float32Array;
  readonly length: number;
  readonly output: NetworkOutput;
}

const bitsOf = new Int32Array(1);
const floatOf = new Float32Array(bitsOf.buffer);

/** MurmurHash3's mixing of one 32-bit word into the hash. */
function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/**
 * A hash of the nonzero entries and where they are. Murmur's mixing, not FNV's: the float bits of
 * small counts differ in their high bits, which FNV's multiply never carries down, so FNV collided
 * on a few in a thousand such observations.
 */
function hashOf(observation: Float32Array): number {
  let h = observation.length;
  for (let i = 0; i < observation.length; i++) {
    const v = observation[i];
    // -0 counts as 0, as the network's zero skip does: both give the same answer.
    if (v === 0) continue;
    floatOf[0] = v;
    h = mix(mix(h, i), bitsOf[0]);
  }
  // Murmur's finaliser: every input bit reaches every bit of the key.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
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
  /** Rows passed straight to the network while the cache was off. */
  bypassed = 0;
  /** Lookups and hits of the probe under way. */
  private probeLookups = 0;
  private probeHits = 0;
  /** Rows still to pass straight to the network before the next probe (0: the cache is on). */
  private bypassLeft = 0;
  /** Whether an agent announces its searches (then probes and bypasses count searches). */
  private searchDriven = false;
  /** Searches to sit out before the next probe. */
  private bypassSearches = 0;
  /** Whether the search under way is a probe's first on an empty cache, not counted. */
  private warmUp = true;
  /** Insertion order is recency order: a hit moves its entry to the end. One entry per hash. */
  private readonly entries = new Map<number, Entry>();

  constructor(
    readonly net: PolicyNetwork,
    readonly capacity = DEFAULT_CACHE_ENTRIES,
    /** Whether the cache turns itself off where it rarely hits (false: always on, for tests of the cache itself). */
    private readonly adaptive = true,
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
  get searchCutoff(): number | undefined {
    return this.net.searchCutoff;
  }
  get searchExpand(): number | undefined {
    return this.net.searchExpand;
  }
  get searchKind(): 'puct' | 'gumbel' | undefined {
    return this.net.searchKind;
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

  /** Whether lookups are on now (false while a probe's low hit share has turned them off). */
  get active(): boolean {
    return this.bypassLeft === 0 && this.bypassSearches === 0;
  }

  /**
   * A search starts (an agent's decision): the probe and the time off count searches from now on.
   * A probe that has counted SEARCH_PROBE_LOOKUPS lookups ends here, between searches.
   */
  newSearch(): void {
    if (!this.adaptive) return;
    this.searchDriven = true;
    this.bypassLeft = 0;
    if (this.bypassSearches > 0) {
      this.bypassSearches--;
      this.warmUp = true;
      return;
    }
    if (this.warmUp) {
      // The first search of a probe on an empty cache ends here only if it ran; start counting.
      if (this.probeLookups > 0 || this.entries.size > 0) this.warmUp = false;
      this.probeLookups = 0;
      this.probeHits = 0;
      return;
    }
    if (this.probeLookups < SEARCH_PROBE_LOOKUPS) return;
    if (this.probeHits < MIN_HIT_SHARE * this.probeLookups) {
      this.entries.clear();
      this.bypassSearches = BYPASS_SEARCHES;
    }
    this.probeLookups = 0;
    this.probeHits = 0;
  }

  /** The cached answers, and one batched evaluation for the rest (a repeat within the batch included). */
  evaluateBatch(observations: readonly Float32Array[]): NetworkOutput[] {
    if (this.bypassSearches > 0) {
      this.bypassed += observations.length;
      return evaluateAll(this.net, observations);
    }
    if (this.bypassLeft > 0) {
      this.bypassLeft = Math.max(0, this.bypassLeft - observations.length);
      this.bypassed += observations.length;
      return evaluateAll(this.net, observations);
    }
    const hitsBefore = this.hits;
    const out = this.lookUp(observations);
    if (this.adaptive) this.endOfProbe(observations.length, this.hits - hitsBefore);
    return out;
  }

  /** Counts a batch's lookups into the probe; at its end, turns the cache off if too few hit. */
  private endOfProbe(lookups: number, hits: number): void {
    this.probeLookups += lookups;
    this.probeHits += hits;
    // A searching agent's probe ends between its searches (newSearch).
    if (this.searchDriven || this.probeLookups < PROBE_LOOKUPS) return;
    if (this.probeHits < MIN_HIT_SHARE * this.probeLookups) {
      // The kept answers are stale by the next probe, and holding them costs the collector's time.
      this.entries.clear();
      this.bypassLeft = PROBE_LOOKUPS * BYPASS_PROBES;
    }
    this.probeLookups = 0;
    this.probeHits = 0;
  }

  private lookUp(observations: readonly Float32Array[]): NetworkOutput[] {
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
