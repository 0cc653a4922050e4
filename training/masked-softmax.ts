// Plain JavaScript, no TensorFlow.js: rollout workers import it without loading tfjs.
/**
 * Softmax over the legal actions only: illegal actions get probability exactly 0. `logits` and
 * the result have length actionSize; `legal` lists the legal action ids.
 */
export function maskedSoftmax(logits: ArrayLike<number>, legal: readonly number[], temperature = 1): Float64Array {
  const out = new Float64Array(logits.length);
  if (legal.length === 0) return out;
  let max = -Infinity;
  for (const a of legal) max = Math.max(max, logits[a] / temperature);
  let sum = 0;
  for (const a of legal) {
    const e = Math.exp(logits[a] / temperature - max);
    out[a] = e;
    sum += e;
  }
  for (const a of legal) out[a] /= sum;
  return out;
}
