/** The arithmetic of exported policies' layers, on inputs small enough to work out by hand. */
import { describe, expect, test } from 'vitest';
import { ACTIVATIONS, concat, conv2d, dense, layerNorm, permute, type ConvShape } from './layer-kernels.js';

const f32 = (...values: number[]) => Float32Array.from(values);
const run = (fn: (out: Float32Array) => void, size: number) => {
  const out = new Float32Array(size);
  fn(out);
  return Array.from(out);
};

describe('layer kernels', () => {
  test('dense: x W + b on each row of the last axis', () => {
    const kernel = f32(1, 2, 3, 4, 5, 6); // [3, 2]
    expect(run((out) => dense(f32(1, 0, 2), kernel, f32(0.5, -1), 1, out), 2)).toEqual([11.5, 13]);
    expect(run((out) => dense(f32(1, 0, 2, 0, 1, 0), kernel, undefined, 2, out), 4)).toEqual([11, 14, 3, 4]);
  });

  // A 1-D convolution is the 2-D one at height 1: input [1, 4, 1], kernel [1, 3, 1, 1] = (1, 0, -1).
  const line = (strides: number, padding: 'valid' | 'same'): ConvShape => ({
    height: 1,
    width: 4,
    channels: 1,
    kernelHeight: 1,
    kernelWidth: 3,
    filters: 1,
    strides: [1, strides],
    padding,
  });
  test.each([
    [1, 'valid', [-2, -2]],
    [1, 'same', [-2, -2, -2, 3]], // one zero on each side
    [2, 'valid', [-2]],
    // TensorFlow pads 'same' by (out - 1) * stride + kernel - size = 1 in all, after the row: x0 - x2, x2 - 0
    [2, 'same', [-2, 3]],
  ] as const)('conv: stride %i, %s padding', (strides, padding, want) => {
    const shape = line(strides, padding);
    expect(run((out) => conv2d(f32(1, 2, 3, 4), f32(1, 0, -1), undefined, shape, out), want.length)).toEqual(want);
  });

  test('conv: channels and filters, channels last, with a bias', () => {
    // Input 2x2 with 2 channels, kernel 2x2 taking channel 0 into filter 0 and channel 1 into filter 1.
    const x = f32(1, 10, 2, 20, 3, 30, 4, 40);
    const kernel = new Float32Array(2 * 2 * 2 * 2);
    for (let k = 0; k < 4; k++) {
      kernel[k * 4 + 0] = 1; // [k, c0, f0]
      kernel[k * 4 + 3] = -1; // [k, c1, f1]
    }
    const shape: ConvShape = {
      height: 2,
      width: 2,
      channels: 2,
      kernelHeight: 2,
      kernelWidth: 2,
      filters: 2,
      strides: [1, 1],
      padding: 'valid',
    };
    expect(run((out) => conv2d(x, kernel, f32(0.5, 1), shape, out), 2)).toEqual([10.5, -99]);
  });

  test('layer norm over trailing blocks, scaled and shifted', () => {
    const out = run((o) => layerNorm(f32(1, 2, 3, 5), 2, f32(1, 2), f32(0, 1), 0, o), 4);
    expect(out).toEqual([-1, 3, -1, 3]);
    expect(run((o) => layerNorm(f32(1, 3), 2, undefined, undefined, 0, o), 2)).toEqual([-1, 1]);
  });

  test('permute and concat move values as their shapes say', () => {
    expect(run((out) => permute(f32(1, 2, 3, 4, 5, 6), [2, 3], [1, 0], out), 6)).toEqual([1, 4, 2, 5, 3, 6]);
    // [2, 2, 2] with axes (0, 1, 2) -> (2, 0, 1)
    expect(run((out) => permute(f32(0, 1, 2, 3, 4, 5, 6, 7), [2, 2, 2], [2, 0, 1], out), 8)).toEqual([
      0, 2, 4, 6, 1, 3, 5, 7,
    ]);
    // [2, 1] and [2, 2] joined along the last axis
    expect(run((out) => concat([f32(1, 2), f32(3, 4, 5, 6)], 2, [1, 2], out), 6)).toEqual([1, 3, 4, 2, 5, 6]);
  });

  test('activations match their definitions', () => {
    const at = (name: string, x: number) => ACTIVATIONS[name](x);
    expect(at('relu', -2)).toBe(0);
    expect(at('elu', -1)).toBeCloseTo(Math.exp(-1) - 1, 12);
    expect(at('softplus', 0)).toBeCloseTo(Math.LN2, 12);
    expect(at('softplus', 30)).toBe(30);
    expect(at('swish', 1)).toBeCloseTo(0.7310585786300049, 12);
    // GELU(1) = Φ(1) = 0.841344746...; the erf formula is good to 1.5e-7.
    expect(at('gelu', 1)).toBeCloseTo(0.8413447460685429, 6);
    expect(at('gelu', -3)).toBeCloseTo(-3 * 0.0013498980316301, 6);
  });
});
