import { describe, expect, test } from 'vitest';
import { initBackend, tf } from './backend.js';
import { tileInto } from './wasm-tile.js';

describe('Tile on wasm (contiguous runs instead of per-element coordinates)', () => {
  const cases: [number[], number[]][] = [
    [[], []],
    [[4], [3]],
    [
      [256, 1],
      [1, 64],
    ],
    [
      [1, 64],
      [256, 1],
    ],
    [
      [2, 3],
      [2, 3],
    ],
    [
      [2, 1, 3],
      [3, 2, 2],
    ],
    [
      [1, 2, 3, 1],
      [2, 1, 2, 3],
    ],
  ];

  test.each(cases)('shape %j tiled %j equals the cpu backend for float32, int32 and bool', async (shape, reps) => {
    const name = await initBackend({ announce: false });
    const size = shape.reduce((a, b) => a * b, 1);
    const tensors = () => [
      tf.tensor(
        Float32Array.from({ length: size }, (_, i) => i * 1.5 - 2),
        shape,
        'float32',
      ),
      tf.tensor(
        Int32Array.from({ length: size }, (_, i) => i * 7 - 3),
        shape,
        'int32',
      ),
      tf.tensor(
        Uint8Array.from({ length: size }, (_, i) => i % 2),
        shape,
        'bool',
      ),
    ];
    const run = () =>
      tensors()
        .map((t) => tf.tile(t, reps))
        .map((t) => ({ shape: t.shape, dtype: t.dtype, values: Array.from(t.dataSync()) }));
    const here = run();
    await tf.setBackend('cpu');
    const onCpu = run();
    await tf.setBackend(name);
    expect(here).toEqual(onCpu);
  });

  test('tileInto writes rows, columns and blocks in row-major order', () => {
    const out = new Float32Array(12);
    tileInto(Float32Array.of(1, 2, 3), [1, 3], [2, 2], out);
    expect(Array.from(out)).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]);
    const column = new Float32Array(6);
    tileInto(Float32Array.of(5, 6), [2, 1], [1, 3], column);
    expect(Array.from(column)).toEqual([5, 5, 5, 6, 6, 6]);
  });
});
