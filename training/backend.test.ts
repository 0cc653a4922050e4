import { describe, expect, test } from 'vitest';
import { initBackend, tf } from './backend.js';

describe('tfjs backend', () => {
  test('falls back to a working backend and names it', async () => {
    const name = await initBackend({ announce: false });
    expect(['tensorflow', 'wasm', 'cpu']).toContain(name);
    expect(tf.getBackend()).toBe(name);
  });

  test('on wasm, transposed products through the explicit-transpose kernels equal the cpu results', async () => {
    const name = await initBackend({ announce: false });
    const a = [
      [1, 2, 3],
      [4, 5, 6],
    ];
    const b = [
      [7, 8],
      [9, 10],
      [11, 12],
    ];
    const run = () => [
      tf.matMul(tf.tensor2d(a), tf.tensor2d(b)).arraySync(),
      tf.matMul(tf.tensor2d(a).transpose(), tf.tensor2d(b).transpose(), true, true).arraySync(),
      tf.matMul(tf.tensor2d(b), tf.tensor2d(b), true, false).arraySync(),
      tf.matMul(tf.tensor2d(a), tf.tensor2d(a), false, true).arraySync(),
    ];
    const onBackend = run();
    await tf.setBackend('cpu');
    const onCpu = run();
    await tf.setBackend(name);
    expect(onBackend).toEqual(onCpu);
    expect(onBackend[0]).toEqual([
      [58, 64],
      [139, 154],
    ]);
  });
});
