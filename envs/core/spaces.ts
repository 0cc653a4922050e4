import type { Rng } from './rng.js';

/** Gymnasium's Discrete(n): integers 0..n-1. */
export class Discrete {
  readonly shape: readonly number[] = [];
  constructor(readonly n: number) {
    if (!Number.isInteger(n) || n <= 0) throw new RangeError(`Discrete needs a positive integer n; got ${n}`);
  }

  contains(x: unknown): boolean {
    return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < this.n;
  }

  /**
   * A uniform element; with a mask (length n, nonzero = allowed) a uniform allowed element.
   * Throws if the mask has the wrong length or allows nothing.
   */
  sample(rng: Rng, mask?: ArrayLike<number | boolean>): number {
    if (mask === undefined) return rng.int(this.n);
    if (mask.length !== this.n)
      throw new RangeError(`mask has length ${mask.length}; Discrete(${this.n}) needs ${this.n}`);
    const allowed: number[] = [];
    for (let i = 0; i < this.n; i++) if (mask[i]) allowed.push(i);
    if (allowed.length === 0) throw new RangeError('mask allows no action');
    return allowed[rng.int(allowed.length)];
  }

  toString(): string {
    return `Discrete(${this.n})`;
  }
}

/**
 * Gymnasium's MultiDiscrete(nvec): one integer 0..nvec[i]-1 per entry; a vector env's batched
 * action space is MultiDiscrete([actionSize] * numEnvs), as Gymnasium batches a Discrete space.
 */
export class MultiDiscrete {
  readonly shape: readonly number[];
  private readonly total: number;
  constructor(readonly nvec: readonly number[]) {
    if (nvec.length === 0 || nvec.some((n) => !Number.isInteger(n) || n <= 0))
      throw new RangeError(`MultiDiscrete needs positive integers; got [${nvec.join(', ')}]`);
    this.shape = [nvec.length];
    this.total = nvec.reduce((a, b) => a + b, 0);
  }

  contains(x: unknown): boolean {
    if (!(Array.isArray(x) || ArrayBuffer.isView(x))) return false;
    const xs = x as ArrayLike<unknown>;
    if (xs.length !== this.nvec.length) return false;
    for (let i = 0; i < xs.length; i++) {
      const v = xs[i];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= this.nvec[i]) return false;
    }
    return true;
  }

  /**
   * A uniform element; with masks (the vector env's actionMasks: entry i's mask at i * n for
   * equal n) each entry uniform among its allowed values, and 0 where its mask allows nothing
   * (an env that resets at the next step ignores its action).
   */
  sample(rng: Rng, masks?: ArrayLike<number>): Int32Array {
    if (masks !== undefined && masks.length !== this.total)
      throw new RangeError(`masks have length ${masks.length}; this space needs ${this.total}`);
    const out = new Int32Array(this.nvec.length);
    let at = 0;
    for (let i = 0; i < out.length; i++) {
      const n = this.nvec[i];
      if (masks === undefined) out[i] = rng.int(n);
      else {
        let allowed = 0;
        for (let a = 0; a < n; a++) if (masks[at + a]) allowed++;
        let pick = allowed > 0 ? rng.int(allowed) : -1;
        for (let a = 0; a < n && pick >= 0; a++) if (masks[at + a] && pick-- === 0) out[i] = a;
      }
      at += n;
    }
    return out;
  }

  toString(): string {
    return `MultiDiscrete([${this.nvec.join(', ')}])`;
  }
}

/** Gymnasium's Box(low, high, shape) of float32, flattened row-major. */
export class Box {
  readonly size: number;
  constructor(
    readonly low: number,
    readonly high: number,
    readonly shape: readonly number[],
  ) {
    if (!(low <= high)) throw new RangeError(`Box needs low <= high; got ${low} > ${high}`);
    if (shape.some((d) => !Number.isInteger(d) || d < 0)) throw new RangeError(`bad Box shape [${shape.join(', ')}]`);
    this.size = shape.reduce((a, b) => a * b, 1);
  }

  /** True for an array-like of the right length whose entries are finite and within [low, high]. */
  contains(x: unknown): boolean {
    if (!(x instanceof Float32Array || x instanceof Float64Array || Array.isArray(x))) return false;
    if (x.length !== this.size) return false;
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      if (typeof v !== 'number' || !Number.isFinite(v) || v < this.low || v > this.high) return false;
    }
    return true;
  }

  /**
   * A uniform sample. With a mask (length size; nonzero = free), masked-out entries are set to
   * `low` and the rest drawn uniformly, like Gymnasium's masked sampling of a bounded Box.
   */
  sample(rng: Rng, mask?: ArrayLike<number | boolean>): Float32Array {
    if (mask !== undefined && mask.length !== this.size) {
      throw new RangeError(`mask has length ${mask.length}; this Box has ${this.size} entries`);
    }
    const out = new Float32Array(this.size);
    for (let i = 0; i < this.size; i++) {
      out[i] = mask !== undefined && !mask[i] ? this.low : this.low + rng.next() * (this.high - this.low);
    }
    return out;
  }

  toString(): string {
    return `Box(${this.low}, ${this.high}, [${this.shape.join(', ')}])`;
  }
}
