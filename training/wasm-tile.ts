/**
 * A faster Tile kernel for tfjs-backend-wasm 4.22.
 *
 * The wasm Tile computes every output element's source coordinates one by one: tiling a [256, 1]
 * column to [256, 64] takes about 1.7 ms here, where a broadcasting Mul of the same size takes
 * 0.045 ms. tfjs-layers' LayerNormalization tiles its statistics and parameters on every call, so
 * that kernel alone was a sixth of a training step. This one writes the output as contiguous runs:
 * the innermost axis by set/fill, every outer repetition by copyWithin of the block already written.
 */
import * as tf from '@tensorflow/tfjs';

type TypedArray = Float32Array | Int32Array | Uint8Array;
interface WasmBackend {
  makeOutput(shape: number[], dtype: tf.DataType): tf.TensorInfo;
  typedArrayFromHeap(info: tf.TensorInfo): TypedArray;
}

let stock: tf.KernelConfig | undefined;

/** Writes tile(src of `shape`, reps) into out (row-major, out's shape is shape[i] * reps[i]). */
export function tileInto(src: TypedArray, shape: readonly number[], reps: readonly number[], out: TypedArray): void {
  const rank = shape.length;
  if (rank === 0) {
    out[0] = src[0];
    return;
  }
  const srcStride = new Array<number>(rank);
  const outStride = new Array<number>(rank);
  srcStride[rank - 1] = 1;
  outStride[rank - 1] = 1;
  for (let i = rank - 2; i >= 0; i--) {
    srcStride[i] = srcStride[i + 1] * shape[i + 1];
    outStride[i] = outStride[i + 1] * shape[i + 1] * reps[i + 1];
  }
  const fill = (axis: number, from: number, to: number): void => {
    const d = shape[axis];
    if (axis === rank - 1) {
      if (d === 1) out.fill(src[from], to, to + reps[axis]);
      else for (let r = 0; r < reps[axis]; r++) out.set(src.subarray(from, from + d), to + r * d);
      return;
    }
    for (let j = 0; j < d; j++) fill(axis + 1, from + j * srcStride[axis], to + j * outStride[axis]);
    const block = d * outStride[axis];
    for (let r = 1; r < reps[axis]; r++) out.copyWithin(to + r * block, to, to + block);
  };
  fill(0, 0, 0);
}

/** Registers the contiguous-run Tile kernel on wasm, or with `enabled` false restores the stock one (for the bench). */
export function useFastWasmTile(enabled = true): void {
  const current = tf.getKernel('Tile', 'wasm');
  if (!current) throw new Error('the wasm backend has no Tile kernel');
  if (enabled === (stock !== undefined)) return;
  tf.unregisterKernel('Tile', 'wasm');
  if (!enabled) {
    tf.registerKernel(stock!);
    stock = undefined;
    return;
  }
  stock = current;
  const run = current.kernelFunc as unknown as (args: unknown) => tf.TensorInfo;
  tf.registerKernel({
    ...current,
    kernelFunc: ((args: { inputs: { x: tf.TensorInfo }; backend: WasmBackend; attrs: { reps: number[] } }) => {
      const {
        inputs: { x },
        backend,
        attrs: { reps },
      } = args;
      if (x.dtype === 'string') return run(args);
      const out = backend.makeOutput(
        x.shape.map((d, i) => d * reps[i]),
        x.dtype,
      );
      // Views are taken after the allocation: growing the wasm heap detaches older ones.
      tileInto(backend.typedArrayFromHeap(x), x.shape, reps, backend.typedArrayFromHeap(out));
      return out;
    }) as unknown as tf.KernelFunc,
  });
}
