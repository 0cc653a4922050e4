import { describe, expect, test } from 'vitest';
import { initBackend, tf } from './backend.js';

/** d(sum(w * tile(x, reps)))/dx by definition: each x entry collects the weights of all its copies. */
function expectedGradient(shape: number[], reps: number[], w: Float32Array): number[] {
  const outShape = shape.map((d, i) => d * reps[i]);
  const grad = new Array<number>(shape.reduce((a, b) => a * b, 1)).fill(0);
  for (let flat = 0; flat < w.length; flat++) {
    let rest = flat;
    let source = 0;
    let stride = 1;
    for (let axis = outShape.length - 1; axis >= 0; axis--) {
      const coord = rest % outShape[axis];
      rest = Math.floor(rest / outShape[axis]);
      source += (coord % shape[axis]) * stride;
      stride *= shape[axis];
    }
    grad[source] += w[flat];
  }
  return grad;
}

describe('Tile gradient (reshape and sum instead of a slice per repetition)', () => {
  const cases: [number[], number[]][] = [
    [[5], [3]],
    [
      [1, 4],
      [6, 1],
    ],
    [
      [6, 1],
      [1, 4],
    ],
    [
      [2, 3],
      [3, 2],
    ],
    [
      [2, 1, 3],
      [2, 4, 1],
    ],
    [
      [1, 2, 1, 2],
      [3, 1, 2, 2],
    ],
  ];
  test.each(cases)('shape %j, reps %j: every entry gets the sum of its copies', async (shape, reps) => {
    await initBackend({ announce: false });
    const size = shape.reduce((a, b) => a * b, 1) * reps.reduce((a, b) => a * b, 1);
    const w = Float32Array.from({ length: size }, (_, i) => ((i * 7919) % 23) - 11);
    const x = tf.tensor(
      Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, i) => i / 3),
      shape,
    );
    const weights = tf.tensor(
      w,
      shape.map((d, i) => d * reps[i]),
    );
    const grad = tf.grad((t: tf.Tensor) => tf.tile(t, reps).mul(weights).sum())(x);
    expect(grad.shape).toEqual(shape);
    expect(Array.from(grad.dataSync())).toEqual(expectedGradient(shape, reps, w));
    tf.dispose([x, weights, grad]);
  });

  /** Kernels run by one gradient of a LayerNormalization over a [256, 16] batch. */
  async function layerNormKernels(): Promise<{ name: string }[]> {
    const layer = tf.layers.layerNormalization();
    const x = tf.randomNormal([256, 16], 0, 1, 'float32', 1);
    layer.apply(x);
    const profile = await tf.profile(() => {
      const { grads } = tf.variableGrads(
        () => (layer.apply(x) as tf.Tensor).square().sum() as tf.Scalar,
        layer.trainableWeights.map((w) => w.read() as tf.Variable),
      );
      tf.dispose(Object.values(grads));
    });
    tf.dispose(x);
    return profile.kernels;
  }

  test('a LayerNormalization step runs a few hundred kernels, not one pair per batch row', async () => {
    await initBackend({ announce: false });
    const kernels = await layerNormKernels();
    expect(kernels.length).toBeLessThan(200);
    expect(kernels.filter((k) => k.name === 'Slice')).toHaveLength(0);
  });

  test('fastTile: false restores the stock gradient (the benchmark compares the two)', async () => {
    await initBackend({ announce: false, fastTile: false });
    try {
      // One slice and one add per repetition: 256 for each of gamma and beta (the input is no
      // variable, so the tiled mean and variance need no gradient here).
      expect((await layerNormKernels()).filter((k) => k.name === 'Slice')).toHaveLength(2 * 256);
    } finally {
      await initBackend({ announce: false });
    }
    expect((await layerNormKernels()).filter((k) => k.name === 'Slice')).toHaveLength(0);
  });
});
