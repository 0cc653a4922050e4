/** Small conversions views make from a position's bit masks and typed arrays into plain JSON. */

/** Indexes of the set bits of `mask` below `size`, ascending. */
export function bitsOf(mask: number, size: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < size; i++) if (mask & (1 << i)) out.push(i);
  return out;
}

/** A plain array copy of from[start, end) (Array.from on typed arrays is slow in V8). */
export function listOf(from: ArrayLike<number>, start = 0, end = from.length): number[] {
  const out = new Array<number>(end - start);
  for (let i = start; i < end; i++) out[i - start] = from[i];
  return out;
}
