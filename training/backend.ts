/**
 * The TensorFlow.js backend: @tensorflow/tfjs-node where it is installed (an optional dependency
 * whose install needs general internet access), else @tensorflow/tfjs-backend-wasm, else the
 * plain cpu backend. Nothing else in the project depends on which one runs.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { useFastTileGradient } from './tile-gradient.js';
import { useFastWasmTile } from './wasm-tile.js';

export type BackendName = 'tensorflow' | 'wasm' | 'cpu';

export interface BackendOptions {
  /** Force one backend (for benchmarks and tests); the default tries them in order. */
  only?: BackendName;
  /** On wasm, route transposed matrix products through an explicit transpose (default true). */
  explicitTranspose?: boolean;
  /**
   * Differentiate Tile in closed form and, on wasm, tile by contiguous runs (default true; false
   * restores tfjs's stock ones, for the benchmark's comparison). Same numbers up to float rounding.
   */
  fastTile?: boolean;
  /** Print the chosen backend to stderr (default true). */
  announce?: boolean;
}

let chosen: BackendName | undefined;
let patched = false;

async function tryTensorflow(): Promise<boolean> {
  try {
    // A string variable keeps bundlers and the type checker from requiring the optional package.
    const name = '@tensorflow/tfjs-node';
    await import(name);
    return await tf.setBackend('tensorflow');
  } catch {
    return false;
  }
}

/** Picks and initialises the backend once; later calls return the same name. */
export async function initBackend(options: BackendOptions = {}): Promise<BackendName> {
  const fastTile = options.fastTile !== false;
  // Gradients are backend-independent (tfjs-core's registry), so every backend gets the fast one.
  useFastTileGradient(fastTile);
  if (chosen && (options.only === undefined || options.only === chosen)) {
    if (chosen === 'wasm') useFastWasmTile(fastTile);
    if (chosen === 'wasm' && options.explicitTranspose !== false) patchTransposedMatMul();
    return chosen;
  }
  const order: BackendName[] = options.only ? [options.only] : ['tensorflow', 'wasm', 'cpu'];
  for (const name of order) {
    const ok = name === 'tensorflow' ? await tryTensorflow() : await tf.setBackend(name).catch(() => false);
    if (!ok) continue;
    await tf.ready();
    chosen = name;
    if (name === 'wasm') useFastWasmTile(fastTile);
    if (name === 'wasm' && options.explicitTranspose !== false) patchTransposedMatMul();
    if (options.announce !== false) process.stderr.write(`tfjs backend: ${name}\n`);
    return name;
  }
  throw new Error(`no TensorFlow.js backend could start (tried ${order.join(', ')})`);
}

type KernelArgs = {
  inputs: Record<string, tf.TensorInfo>;
  backend: { disposeData(id: object): void };
  attrs: Record<string, unknown>;
};

/**
 * tfjs-backend-wasm 4.22 multiplies with a transposed operand about 10x slower than it transposes
 * and multiplies plainly (shared/design/dependencies.md), and Dense-layer gradients take that path.
 * This re-registers BatchMatMul and _FusedMatMul so a transposed operand is transposed explicitly
 * first. The results are the same numbers; bench/training.ts measures the gain.
 */
export function patchTransposedMatMul(): void {
  if (patched) return;
  const transpose = tf.getKernel('Transpose', 'wasm');
  if (!transpose) throw new Error('the wasm backend has no Transpose kernel');
  for (const name of ['BatchMatMul', '_FusedMatMul']) {
    const original = tf.getKernel(name, 'wasm');
    if (!original) continue;
    const run = original.kernelFunc as unknown as (args: KernelArgs) => tf.TensorInfo;
    const flip = (x: tf.TensorInfo, args: KernelArgs, temps: tf.TensorInfo[]) => {
      const perm = x.shape.map((_, i) => i);
      [perm[perm.length - 2], perm[perm.length - 1]] = [perm[perm.length - 1], perm[perm.length - 2]];
      const out = (transpose.kernelFunc as unknown as (a: KernelArgs) => tf.TensorInfo)({
        inputs: { x },
        backend: args.backend,
        attrs: { perm },
      });
      temps.push(out);
      return out;
    };
    tf.unregisterKernel(name, 'wasm');
    tf.registerKernel({
      ...original,
      kernelFunc: ((args: KernelArgs) => {
        const { transposeA, transposeB } = args.attrs;
        if (!transposeA && !transposeB) return run(args);
        const temps: tf.TensorInfo[] = [];
        const a = transposeA ? flip(args.inputs.a, args, temps) : args.inputs.a;
        const b = transposeB ? flip(args.inputs.b, args, temps) : args.inputs.b;
        const out = run({
          ...args,
          inputs: { ...args.inputs, a, b },
          attrs: { ...args.attrs, transposeA: false, transposeB: false },
        });
        for (const t of temps) args.backend.disposeData(t.dataId);
        return out;
      }) as unknown as tf.KernelFunc,
    });
  }
  patched = true;
}

export { tf };
