/**
 * The arithmetic of the layers an exported policy may hold (layers-graph.ts wires them): plain loops
 * over Float32Arrays for one observation, with the meaning TensorFlow.js (Keras) gives each layer.
 * Tensors are row-major without the batch dimension; convolutions are channels-last, as in Keras.
 */

/** out[r] = x[r] W + b for each of `rows` rows of `inSize` values (Dense on the last axis). */
export function dense(
  x: Float32Array,
  kernel: Float32Array,
  bias: Float32Array | undefined,
  rows: number,
  out: Float32Array,
): void {
  const outSize = out.length / rows;
  const inSize = x.length / rows;
  for (let r = 0; r < rows; r++) {
    const o = r * outSize;
    if (bias) out.set(bias, o);
    else out.fill(0, o, o + outSize);
    for (let i = 0; i < inSize; i++) {
      const xi = x[r * inSize + i];
      // Observations are mostly one-hot: skipping zero inputs skips most of the first layer.
      if (xi === 0) continue;
      const row = i * outSize;
      for (let j = 0; j < outSize; j++) out[o + j] += xi * kernel[row + j];
    }
  }
}

/** The shape of a channels-last 2-D convolution: input [h, w, c], kernel [kh, kw, c, f]. */
export interface ConvShape {
  height: number;
  width: number;
  channels: number;
  kernelHeight: number;
  kernelWidth: number;
  filters: number;
  strides: [number, number];
  padding: 'valid' | 'same';
}

/** Output height and width, and the zero padding before the first row and column (TensorFlow's rule for 'same'). */
export function convGeometry(s: ConvShape): { outHeight: number; outWidth: number; top: number; left: number } {
  const side = (size: number, kernel: number, stride: number) => {
    if (s.padding === 'valid') return { out: Math.floor((size - kernel) / stride) + 1, before: 0 };
    const out = Math.ceil(size / stride);
    const total = Math.max((out - 1) * stride + kernel - size, 0);
    return { out, before: Math.floor(total / 2) };
  };
  const rows = side(s.height, s.kernelHeight, s.strides[0]);
  const cols = side(s.width, s.kernelWidth, s.strides[1]);
  return { outHeight: rows.out, outWidth: cols.out, top: rows.before, left: cols.before };
}

/** A channels-last 2-D convolution (a 1-D one is the case height 1); out is [outHeight, outWidth, filters]. */
export function conv2d(
  x: Float32Array,
  kernel: Float32Array,
  bias: Float32Array | undefined,
  s: ConvShape,
  out: Float32Array,
): void {
  const { outHeight, outWidth, top, left } = convGeometry(s);
  const { channels: c, filters: f } = s;
  for (let oy = 0; oy < outHeight; oy++) {
    for (let ox = 0; ox < outWidth; ox++) {
      const o = (oy * outWidth + ox) * f;
      if (bias) out.set(bias, o);
      else out.fill(0, o, o + f);
      for (let ky = 0; ky < s.kernelHeight; ky++) {
        const y = oy * s.strides[0] + ky - top;
        if (y < 0 || y >= s.height) continue;
        for (let kx = 0; kx < s.kernelWidth; kx++) {
          const px = ox * s.strides[1] + kx - left;
          if (px < 0 || px >= s.width) continue;
          const input = (y * s.width + px) * c;
          const weights = (ky * s.kernelWidth + kx) * c * f;
          for (let ci = 0; ci < c; ci++) {
            const xi = x[input + ci];
            if (xi === 0) continue;
            const row = weights + ci * f;
            for (let j = 0; j < f; j++) out[o + j] += xi * kernel[row + j];
          }
        }
      }
    }
  }
}

/** Normalises each block of `size` consecutive values (the trailing axes), then scales and shifts. */
export function layerNorm(
  x: Float32Array,
  size: number,
  gamma: Float32Array | undefined,
  beta: Float32Array | undefined,
  epsilon: number,
  out: Float32Array,
): void {
  for (let start = 0; start < x.length; start += size) {
    let mean = 0;
    for (let i = 0; i < size; i++) mean += x[start + i];
    mean /= size;
    let variance = 0;
    for (let i = 0; i < size; i++) variance += (x[start + i] - mean) ** 2;
    variance /= size;
    const scale = 1 / Math.sqrt(variance + epsilon);
    for (let i = 0; i < size; i++) {
      const normalised = (x[start + i] - mean) * scale;
      out[start + i] = (gamma ? gamma[i] * normalised : normalised) + (beta ? beta[i] : 0);
    }
  }
}

/** erf to 1.5e-7 (Abramowitz and Stegun 7.1.26, as TensorFlow.js computes it): JavaScript has none. */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-a * a));
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Keras activations by name, as functions of one value. */
export const ACTIVATIONS: Readonly<Record<string, (x: number) => number>> = {
  linear: (x) => x,
  relu: (x) => (x > 0 ? x : 0),
  tanh: Math.tanh,
  sigmoid,
  elu: (x) => (x > 0 ? x : Math.expm1(x)),
  // Past 20 the log is x to float precision (torch's threshold); exp(x) would overflow much later.
  softplus: (x) => (x > 20 ? x : Math.log1p(Math.exp(x))),
  swish: (x) => x * sigmoid(x),
  gelu: (x) => 0.5 * x * (1 + erf(x / Math.SQRT2)),
};

/** Applies a one-value function to every value. */
export function map(x: Float32Array, fn: (v: number) => number, out: Float32Array): void {
  for (let i = 0; i < x.length; i++) out[i] = fn(x[i]);
}

/** Reorders the axes of a tensor of `shape`: output axis k is input axis `order[k]` (0-based). */
export function permute(x: Float32Array, shape: readonly number[], order: readonly number[], out: Float32Array): void {
  const rank = shape.length;
  const strides = new Array<number>(rank);
  strides[rank - 1] = 1;
  for (let k = rank - 2; k >= 0; k--) strides[k] = strides[k + 1] * shape[k + 1];
  const outShape = order.map((a) => shape[a]);
  const index = new Array<number>(rank).fill(0);
  for (let o = 0; o < out.length; o++) {
    let source = 0;
    for (let k = 0; k < rank; k++) source += index[k] * strides[order[k]];
    out[o] = x[source];
    for (let k = rank - 1; k >= 0; k--) {
      if (++index[k] < outShape[k]) break;
      index[k] = 0;
    }
  }
}

/**
 * Joins tensors along one axis: each input is `outer` blocks of `inner[i]` values (the product of
 * its dimensions from the axis on), and the output takes one block of each in turn.
 */
export function concat(xs: readonly Float32Array[], outer: number, inner: readonly number[], out: Float32Array): void {
  let o = 0;
  for (let b = 0; b < outer; b++) {
    xs.forEach((x, i) => {
      out.set(x.subarray(b * inner[i], (b + 1) * inner[i]), o);
      o += inner[i];
    });
  }
}
