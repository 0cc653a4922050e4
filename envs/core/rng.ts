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
  private constructor(private readonly prng: seedrandom.StatefulPRNG<seedrandom.State.Alea>) {}

  /** Seeds are normalised to strings: seedrandom treats the number 1 and the string '1' alike only after String(). */
  static fromSeed(seed: number | string): Rng {
    return new Rng(seedrandom.alea(String(seed), { state: true }));
  }

  static fromState(state: RngState): Rng {
    if (!isRngState(state)) throw new TypeError(`not an Rng state: ${JSON.stringify(state)}`);
    return new Rng(seedrandom.alea('', { state: { ...state } }));
  }

  state(): RngState {
    return this.prng.state();
  }

  clone(): Rng {
    return Rng.fromState(this.state());
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.prng();
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.prng() * n);
  }

  /** A six-sided die: 1..6. */
  die(): number {
    return 1 + Math.floor(this.prng() * 6);
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
  return ['c', 's0', 's1', 's2'].every((k) => typeof o[k] === 'number' && Number.isFinite(o[k]));
}

/** The public way to get a seeded generator (exported from envs/index.ts). */
export function makeRng(seed: number | string): Rng {
  return Rng.fromSeed(seed);
}
