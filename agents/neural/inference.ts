/**
 * Plain-JavaScript inference for the networks of network.ts. At batch size 1 (every search leaf)
 * TensorFlow.js spends ~20 us of bookkeeping per op and ~0.4 ms per position on wasm; these loops
 * over Float32Arrays take a fraction of that and skip the zero inputs of one-hot observations.
 * Training runs on TensorFlow.js; this reads the same weights and gives the same numbers
 * (training/inference.test.ts compares them with model.predict). Nothing here loads TensorFlow.js.
 */
import type { PolicyNetwork } from './policy.js';

/** The width and depth of a network's trunk (training/network.ts builds it). */
export interface NetworkConfig {
  /** Width of the trunk. */
  width: number;
  /** Residual blocks. */
  blocks: number;
  /**
   * A third head `score` (one tanh output per seat, rotated like the value) trained on final score
   * margins as an auxiliary target. Play never reads it: compileWeights ignores the layer.
   */
  scoreHead?: boolean;
}

interface Dense {
  kernel: Float32Array; // [in, out] row-major, as tfjs stores it
  bias: Float32Array;
  inSize: number;
  outSize: number;
}

interface Norm {
  gamma: Float32Array;
  beta: Float32Array;
  epsilon: number;
}

/** A network's weights by layer name, in each layer's own order (kernel, bias / gamma, beta), as plain arrays. */
export type PolicyWeights = Record<string, { weights: Float32Array[]; epsilon?: number }>;

function layerOf(weights: PolicyWeights, name: string): { weights: Float32Array[]; epsilon?: number } {
  const layer = weights[name];
  if (!layer) throw new Error(`the weights have no layer ${name}`);
  return layer;
}

function dense(weights: PolicyWeights, name: string): Dense {
  const [kernel, bias] = layerOf(weights, name).weights;
  return { kernel, bias, inSize: kernel.length / bias.length, outSize: bias.length };
}

function norm(weights: PolicyWeights, name: string): Norm {
  const layer = layerOf(weights, name);
  const [gamma, beta] = layer.weights;
  return { gamma, beta, epsilon: layer.epsilon ?? 1e-3 };
}

/** out = x W + b; inputs equal to 0 are skipped (observations are mostly one-hot). */
function applyDense(d: Dense, x: Float32Array, out: Float32Array): void {
  out.set(d.bias);
  const { kernel, outSize } = d;
  for (let i = 0; i < d.inSize; i++) {
    const xi = x[i];
    if (xi === 0) continue;
    const row = i * outSize;
    for (let j = 0; j < outSize; j++) out[j] += xi * kernel[row + j];
  }
}

function applyNorm(n: Norm, x: Float32Array, out: Float32Array): void {
  const size = x.length;
  let mean = 0;
  for (let i = 0; i < size; i++) mean += x[i];
  mean /= size;
  let variance = 0;
  for (let i = 0; i < size; i++) variance += (x[i] - mean) ** 2;
  variance /= size;
  const scale = 1 / Math.sqrt(variance + n.epsilon);
  for (let i = 0; i < size; i++) out[i] = n.gamma[i] * (x[i] - mean) * scale + n.beta[i];
}

/** A PolicyNetwork over plain weights (worker threads run it without loading TensorFlow.js). */
export function compileWeights(weights: PolicyWeights, config: NetworkConfig, players: number): PolicyNetwork {
  const stem = dense(weights, 'stem');
  const blocks = Array.from({ length: config.blocks }, (_, b) => ({
    norm: norm(weights, `block${b}_norm`),
    first: dense(weights, `block${b}_dense1`),
    second: dense(weights, `block${b}_dense2`),
  }));
  const trunkNorm = norm(weights, 'trunk_norm');
  const policy = dense(weights, 'policy');
  const value = dense(weights, 'value');
  const width = config.width;
  const x = new Float32Array(width);
  const h = new Float32Array(width);
  const h2 = new Float32Array(width);
  const batch = new BatchBuffers(width);
  let count = 0;
  for (const layer of Object.values(weights)) for (const w of layer.weights) count += w.length;
  const checkSize = (observation: Float32Array): void => {
    if (observation.length !== stem.inSize) {
      throw new Error(`the network takes observations of ${stem.inSize} values; got ${observation.length}`);
    }
  };
  return {
    players,
    weights: count,
    evaluate(observation) {
      checkSize(observation);
      applyDense(stem, observation, x);
      for (const block of blocks) {
        applyNorm(block.norm, x, h);
        applyDense(block.first, h, h2);
        for (let i = 0; i < width; i++) if (h2[i] < 0) h2[i] = 0;
        applyDense(block.second, h2, h);
        for (let i = 0; i < width; i++) x[i] += h[i];
      }
      applyNorm(trunkNorm, x, h);
      for (let i = 0; i < width; i++) if (h[i] < 0) h[i] = 0;
      const logits = new Float32Array(policy.outSize);
      applyDense(policy, h, logits);
      const values = new Float32Array(value.outSize);
      applyDense(value, h, values);
      for (let i = 0; i < values.length; i++) values[i] = Math.tanh(values[i]);
      return { logits, value: values };
    },
    // The same operations as evaluate, in the same order for every row, so the numbers are equal
    // bit for bit; only the loops are turned so each weight row is read once for the whole batch.
    evaluateBatch(observations) {
      for (const observation of observations) checkSize(observation);
      const rows = observations.length;
      const { x, h, h2 } = batch.ensure(rows);
      applyDenseRows(stem, observations, rows, x);
      for (const block of blocks) {
        for (let r = 0; r < rows; r++) applyNorm(block.norm, x[r], h[r]);
        applyDenseRows(block.first, h, rows, h2);
        for (let r = 0; r < rows; r++) for (let i = 0; i < width; i++) if (h2[r][i] < 0) h2[r][i] = 0;
        applyDenseRows(block.second, h2, rows, h);
        for (let r = 0; r < rows; r++) for (let i = 0; i < width; i++) x[r][i] += h[r][i];
      }
      for (let r = 0; r < rows; r++) {
        applyNorm(trunkNorm, x[r], h[r]);
        for (let i = 0; i < width; i++) if (h[r][i] < 0) h[r][i] = 0;
      }
      const logits = Array.from({ length: rows }, () => new Float32Array(policy.outSize));
      applyDenseRows(policy, h, rows, logits);
      const values = Array.from({ length: rows }, () => new Float32Array(value.outSize));
      applyDenseRows(value, h, rows, values);
      for (const v of values) for (let i = 0; i < v.length; i++) v[i] = Math.tanh(v[i]);
      return logits.map((l, r) => ({ logits: l, value: values[r] }));
    },
  };
}

/** Per-row scratch arrays of a batched evaluation, grown to the largest batch seen and reused. */
class BatchBuffers {
  x: Float32Array[] = [];
  h: Float32Array[] = [];
  h2: Float32Array[] = [];

  constructor(private readonly width: number) {}

  ensure(rows: number): { x: Float32Array[]; h: Float32Array[]; h2: Float32Array[] } {
    while (this.x.length < rows) {
      this.x.push(new Float32Array(this.width));
      this.h.push(new Float32Array(this.width));
      this.h2.push(new Float32Array(this.width));
    }
    return this;
  }
}

/**
 * out[r] = x[r] W + b for the first `rows` rows: applyDense turned inside out. Each output value
 * still adds its terms in input order, skipping the same zero inputs, so every row equals
 * applyDense's exactly; a kernel row is loaded once and applied to up to four batch rows at a time.
 */
function applyDenseRows(d: Dense, x: readonly Float32Array[], rows: number, out: Float32Array[]): void {
  const { kernel, outSize } = d;
  for (let r = 0; r < rows; r++) out[r].set(d.bias);
  const live = new Int32Array(rows);
  for (let i = 0; i < d.inSize; i++) {
    let count = 0;
    for (let r = 0; r < rows; r++) if (x[r][i] !== 0) live[count++] = r;
    const row = i * outSize;
    let k = 0;
    for (; k + 8 <= count; k += 8) {
      const o0 = out[live[k]],
        o1 = out[live[k + 1]],
        o2 = out[live[k + 2]],
        o3 = out[live[k + 3]];
      const o4 = out[live[k + 4]],
        o5 = out[live[k + 5]],
        o6 = out[live[k + 6]],
        o7 = out[live[k + 7]];
      const x0 = x[live[k]][i],
        x1 = x[live[k + 1]][i],
        x2 = x[live[k + 2]][i],
        x3 = x[live[k + 3]][i];
      const x4 = x[live[k + 4]][i],
        x5 = x[live[k + 5]][i],
        x6 = x[live[k + 6]][i],
        x7 = x[live[k + 7]][i];
      for (let j = 0; j < outSize; j++) {
        const w = kernel[row + j];
        o0[j] += x0 * w;
        o1[j] += x1 * w;
        o2[j] += x2 * w;
        o3[j] += x3 * w;
        o4[j] += x4 * w;
        o5[j] += x5 * w;
        o6[j] += x6 * w;
        o7[j] += x7 * w;
      }
    }
    for (; k + 4 <= count; k += 4) {
      const o0 = out[live[k]],
        o1 = out[live[k + 1]],
        o2 = out[live[k + 2]],
        o3 = out[live[k + 3]];
      const x0 = x[live[k]][i],
        x1 = x[live[k + 1]][i],
        x2 = x[live[k + 2]][i],
        x3 = x[live[k + 3]][i];
      for (let j = 0; j < outSize; j++) {
        const w = kernel[row + j];
        o0[j] += x0 * w;
        o1[j] += x1 * w;
        o2[j] += x2 * w;
        o3[j] += x3 * w;
      }
    }
    for (; k < count; k++) {
      const o = out[live[k]];
      const xi = x[live[k]][i];
      for (let j = 0; j < outSize; j++) o[j] += xi * kernel[row + j];
    }
  }
}
