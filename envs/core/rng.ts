import seedrandom from 'seedrandom';

/** The saved state of an Alea generator (seedrandom's `{ state: true }` format). */
export type RngState = seedrandom.State.Alea;

/**
 * The one seeded random source of the project (style G6, architecture "Rules that follow").
 * Every draw is written here once, so games and agents give identical results on every engine:
 * an integer in [0, n) is floor(u * n), a die is 1 + floor(u * 6), a shuffle is Fisher-Yates
 * from the last index down.
 */
export class Rng {
  // Alea's state: seedrandom's algorithm stepped here on four numbers, so clone() copies four
  // numbers instead of building a generator (search clones a position per simulation).
  private constructor(
    private c: number,
    private s0: number,
    private s1: number,
    private s2: number,
  ) {}

  /** Seeds are normalised to strings: seedrandom treats the number 1 and the string '1' alike only after String(). */
  static fromSeed(seed: number | string): Rng {
    // seedrandom's own seeding (its Mash hash); the steps after that are next()'s.
    return Rng.fromState(seedrandom.alea(String(seed), { state: true }).state());
  }

  static fromState(state: RngState): Rng {
    if (!isRngState(state)) throw new TypeError(`not an Rng state: ${JSON.stringify(state)}`);
    return new Rng(state.c, state.s0, state.s1, state.s2);
  }

  state(): RngState {
    return { c: this.c, s0: this.s0, s1: this.s1, s2: this.s2 };
  }

  clone(): Rng {
    return new Rng(this.c, this.s0, this.s1, this.s2);
  }

  /** Uniform float in [0, 1): Alea's step exactly as seedrandom's alea.js (rng.test.ts checks it). */
  next(): number {
    const t = 2091639 * this.s0 + this.c * 2.3283064365386963e-10; // 2^-32
    this.s0 = this.s1;
    this.s1 = this.s2;
    this.c = t | 0;
    this.s2 = t - this.c;
    return this.s2;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** A six-sided die: 1..6. */
  die(): number {
    return 1 + Math.floor(this.next() * 6);
  }

  /** One element chosen uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[this.int(items.length)];
  }

  /** Returns a shuffled copy (Fisher-Yates from the last index down); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    this.shuffleInPlace(out);
    return out;
  }

  /** The same shuffle, in place. */
  shuffleInPlace<T>(out: T[]): void {
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
  }

  /** An independent stream, e.g. for a determinized world or a worker. Advances this stream once. */
  fork(label: string): Rng {
    return Rng.fromSeed(`${this.int(2 ** 31)}:${label}`);
  }
}

export function isRngState(x: unknown): x is RngState {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  // Alea's invariants: s0..s2 are fractions in [0, 1) and c an integer carry below 2091639 + 1.
  // Anything else draws numbers outside [0, 1) and so indices outside their arrays.
  const fraction = (v: unknown) => typeof v === 'number' && v >= 0 && v < 1;
  return (
    Number.isInteger(o.c) &&
    (o.c as number) >= 0 &&
    (o.c as number) <= 2091639 &&
    fraction(o.s0) &&
    fraction(o.s1) &&
    fraction(o.s2)
  );
}

/** The public way to get a seeded generator (exported from envs/index.ts). */
export function makeRng(seed: number | string): Rng {
  return Rng.fromSeed(seed);
}
