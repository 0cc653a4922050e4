/**
 * A Tile gradient in two kernels instead of two per repetition.
 *
 * tfjs-core 4.22 differentiates Tile by slicing the upstream gradient once per repetition and
 * adding the slices one by one. tfjs-layers' LayerNormalization tiles its mean, variance, gamma and
 * beta across the batch, so every LayerNorm in a policy-value network costs a slice and an add per
 * batch row for gamma and beta and per unit for mean and variance, about 4 x (batch + width) tiny
 * kernels per training step: 4,583 kernels per step for Perikles' width-64 network at batch 256,
 * two thirds of the step's time (bench/training.ts measures the gain).
 *
 * The same gradient in closed form: tile's output index along an axis is r * d + j (repetition r,
 * source index j), so reshaping dy to [reps0, d0, reps1, d1, ...] and summing the reps axes gives it.
 */
import * as tf from '@tensorflow/tfjs';

const stock = tf.getGradient('Tile');
let fast = false;

/** Registers the closed-form Tile gradient, or with `enabled` false restores tfjs's own (for the bench). */
export function useFastTileGradient(enabled = true): void {
  if (enabled === fast) return;
  fast = enabled;
  if (!enabled) {
    tf.registerGradient(stock);
    return;
  }
  tf.registerGradient({
    kernelName: 'Tile',
    inputsToSave: ['x'],
    gradFunc: (dy, saved, attrs) => {
      const [x] = saved;
      const { reps } = attrs as unknown as { reps: number[] };
      const split: number[] = [];
      const repAxes: number[] = [];
      x.shape.forEach((d, i) => {
        repAxes.push(split.length);
        split.push(reps[i], d);
      });
      return { x: () => tf.sum(tf.reshape(dy as tf.Tensor, split), repAxes) };
    },
  });
}
