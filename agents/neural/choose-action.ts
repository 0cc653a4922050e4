import type { Rng } from '../../envs/index.js';

/**
 * How the policy alone picks among the legal actions, for NeuralAgent and the bot client alike:
 * at temperature 0 the highest logit (ties drawn with the rng), above 0 a draw from the softmax
 * of the legal logits divided by the temperature.
 */
export function chooseByLogits(
  logits: ArrayLike<number>,
  legal: readonly number[],
  temperature: number,
  rng: Rng,
): number {
  if (temperature === 0) {
    let best: number[] = [];
    let top = -Infinity;
    for (const a of legal) {
      if (logits[a] > top) {
        top = logits[a];
        best = [a];
      } else if (logits[a] === top) best.push(a);
    }
    return best[rng.int(best.length)];
  }
  let max = -Infinity;
  for (const a of legal) max = Math.max(max, logits[a] / temperature);
  const weights = legal.map((a) => Math.exp(logits[a] / temperature - max));
  let u = rng.next() * weights.reduce((s, w) => s + w, 0);
  for (let i = 0; i < legal.length; i++) {
    u -= weights[i];
    if (u <= 0) return legal[i];
  }
  return legal[legal.length - 1];
}

/**
 * The distribution chooseByLogits draws from, over `legal` in order: at temperature 0 the actions
 * with the top logit share it equally; above 0 the softmax of the legal logits over the temperature.
 */
export function probabilitiesByLogits(
  logits: ArrayLike<number>,
  legal: readonly number[],
  temperature: number,
): number[] {
  if (temperature === 0) {
    let top = -Infinity;
    for (const a of legal) top = Math.max(top, logits[a]);
    const best = legal.filter((a) => logits[a] === top).length;
    return legal.map((a) => (logits[a] === top ? 1 / best : 0));
  }
  let max = -Infinity;
  for (const a of legal) max = Math.max(max, logits[a] / temperature);
  const weights = legal.map((a) => Math.exp(logits[a] / temperature - max));
  const total = weights.reduce((s, w) => s + w, 0);
  return weights.map((w) => w / total);
}
