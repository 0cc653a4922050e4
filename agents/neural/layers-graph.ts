/**
 * A model folder whose network is a graph of TensorFlow.js (Keras) layers, meta.json's `network:
 * { kind: 'layers', outputs: ['policy'] }`: what agora.export writes from any PyTorch module that
 * maps observations to logits (python/agora/export.py). model.json's topology is read here and run
 * with plain loops (layer-kernels.ts), synchronously and without loading TensorFlow.js, as the
 * shipped networks are (inference.ts). Only the layer classes of LAYERS are known; a topology that
 * names another, or whose weights do not fit it, is a clear error naming the layer.
 */
import { z } from 'zod';
import { ACTIVATIONS, concat, conv2d, convGeometry, dense, layerNorm, map, permute } from './layer-kernels.js';
import type { StoredWeight } from './model-files.js';

/** The Keras functional model as TensorFlow.js serialises it (model.json's modelTopology). */
const TopologySchema = z.object({
  class_name: z.enum(['Model', 'Functional']),
  config: z.object({
    layers: z.array(
      z.object({
        name: z.string(),
        class_name: z.string(),
        config: z.record(z.string(), z.unknown()),
        inbound_nodes: z.array(z.array(z.tuple([z.string(), z.number(), z.number()]).rest(z.unknown()))),
      }),
    ),
    input_layers: z.array(z.tuple([z.string(), z.number(), z.number()])).length(1),
    output_layers: z.array(z.tuple([z.string(), z.number(), z.number()])).length(1),
  }),
});

/** One compiled layer: reads the outputs of `inputs` (indices of earlier steps, 0 the observation). */
interface Step {
  inputs: number[];
  out: Float32Array;
  run(ins: Float32Array[], out: Float32Array): void;
}

/** What compiling one layer needs: its config and input shapes, its weights, and how to fail. */
interface LayerContext {
  config: Record<string, unknown>;
  shapes: number[][];
  weight(kind: string, shape: number[]): Float32Array;
  optionalWeight(kind: string, shape: number[], present: boolean): Float32Array | undefined;
  fail(detail: string): never;
}

/** A layer class: its output shape and how it computes it. */
type LayerBuilder = (ctx: LayerContext) => { shape: number[]; run: Step['run'] };

const size = (shape: readonly number[]) => shape.reduce((a, b) => a * b, 1);

function integers(ctx: LayerContext, key: string, length: number, fallback?: number[]): number[] {
  const raw = ctx.config[key] ?? fallback;
  const list = typeof raw === 'number' ? new Array<number>(length).fill(raw) : raw;
  if (!Array.isArray(list) || list.length !== length || !list.every((v) => Number.isInteger(v) && v > 0))
    ctx.fail(`has ${key} ${JSON.stringify(raw)}; expected ${length} positive integers`);
  return list as number[];
}

function numberOf(ctx: LayerContext, key: string, fallback: number): number {
  const value = ctx.config[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isFinite(value))
    return ctx.fail(`has ${key} ${JSON.stringify(value)}; expected a number`);
  return value;
}

function activationOf(ctx: LayerContext, key = 'activation'): (x: number) => number {
  const name = ctx.config[key] ?? 'linear';
  const fn = typeof name === 'string' ? ACTIVATIONS[name] : undefined;
  return fn ?? ctx.fail(`has activation ${JSON.stringify(name)}; known: ${Object.keys(ACTIVATIONS).join(', ')}`);
}

function single(ctx: LayerContext): number[] {
  if (ctx.shapes.length !== 1) ctx.fail(`takes one input; it is given ${ctx.shapes.length}`);
  return ctx.shapes[0];
}

/** A Keras config's axis (the batch axis is 0, negatives count from the end) as an index into a shape without it. */
function axisOf(ctx: LayerContext, axis: unknown, rank: number): number {
  const full = typeof axis === 'number' && Number.isInteger(axis) ? (axis < 0 ? axis + rank + 1 : axis) : NaN;
  if (!(full >= 1 && full <= rank)) ctx.fail(`has axis ${JSON.stringify(axis)}; expected one of 1..${rank} or -1`);
  return full - 1;
}

function convolution(rank: 1 | 2): LayerBuilder {
  return (ctx) => {
    const input = single(ctx);
    if (input.length !== rank + 1) ctx.fail(`takes inputs of rank ${rank + 1} (channels last); got [${input}]`);
    if ((ctx.config.data_format ?? 'channels_last') !== 'channels_last')
      ctx.fail(`has data_format ${JSON.stringify(ctx.config.data_format)}; only channels_last is known`);
    const padding = ctx.config.padding ?? 'valid';
    if (padding !== 'valid' && padding !== 'same')
      ctx.fail(`has padding ${JSON.stringify(padding)}; known: valid, same`);
    if (integers(ctx, 'dilation_rate', rank, [1]).some((d) => d !== 1))
      ctx.fail('has a dilation rate other than 1, which is not known');
    const kernel = integers(ctx, 'kernel_size', rank);
    const strides = integers(ctx, 'strides', rank, [1]);
    const filters = integers(ctx, 'filters', 1)[0];
    const [height, width, channels] = rank === 1 ? [1, input[0], input[1]] : input;
    const s = {
      height,
      width,
      channels,
      kernelHeight: rank === 1 ? 1 : kernel[0],
      kernelWidth: kernel[rank - 1],
      filters,
      strides: (rank === 1 ? [1, strides[0]] : strides) as [number, number],
      padding: padding as 'valid' | 'same',
    };
    const { outHeight, outWidth } = convGeometry(s);
    if (outHeight < 1 || outWidth < 1) ctx.fail(`gives no output from an input of shape [${input}]`);
    const weights = ctx.weight('kernel', [...kernel, channels, filters]);
    const bias = ctx.optionalWeight('bias', [filters], ctx.config.use_bias !== false);
    const activation = activationOf(ctx);
    return {
      shape: rank === 1 ? [outWidth, filters] : [outHeight, outWidth, filters],
      run: ([x], out) => {
        conv2d(x, weights, bias, s, out);
        if (activation !== ACTIVATIONS.linear) map(out, activation, out);
      },
    };
  };
}

function merge(combine: (a: number, b: number) => number): LayerBuilder {
  return (ctx) => {
    if (ctx.shapes.length < 2) ctx.fail(`takes two inputs or more; it is given ${ctx.shapes.length}`);
    const shape = ctx.shapes[0];
    for (const other of ctx.shapes)
      if (other.join() !== shape.join())
        ctx.fail(`is given inputs of shapes ${ctx.shapes.map((s) => `[${s}]`).join(', ')}`);
    return {
      shape,
      run: (xs, out) => {
        out.set(xs[0]);
        for (let k = 1; k < xs.length; k++) for (let i = 0; i < out.length; i++) out[i] = combine(out[i], xs[k][i]);
      },
    };
  };
}

/** Every layer class an exported policy may use (agora/_torch_graph.py emits no other). */
const LAYERS: Readonly<Record<string, LayerBuilder>> = {
  Dense: (ctx) => {
    const input = single(ctx);
    const units = integers(ctx, 'units', 1)[0];
    const inSize = input[input.length - 1];
    const kernel = ctx.weight('kernel', [inSize, units]);
    const bias = ctx.optionalWeight('bias', [units], ctx.config.use_bias !== false);
    const activation = activationOf(ctx);
    const rows = size(input) / inSize;
    return {
      shape: [...input.slice(0, -1), units],
      run: ([x], out) => {
        dense(x, kernel, bias, rows, out);
        if (activation !== ACTIVATIONS.linear) map(out, activation, out);
      },
    };
  },
  Conv1D: convolution(1),
  Conv2D: convolution(2),
  Activation: (ctx) => {
    const activation = activationOf(ctx);
    return { shape: single(ctx), run: ([x], out) => map(x, activation, out) };
  },
  LeakyReLU: (ctx) => {
    const alpha = numberOf(ctx, 'alpha', 0.3); // Keras's default
    return { shape: single(ctx), run: ([x], out) => map(x, (v) => (v > 0 ? v : alpha * v), out) };
  },
  LayerNormalization: (ctx) => {
    const input = single(ctx);
    const raw = ctx.config.axis ?? -1;
    const axes = (Array.isArray(raw) ? raw : [raw]).map((a) => axisOf(ctx, a, input.length)).sort((a, b) => a - b);
    if (axes.some((a, k) => a !== input.length - axes.length + k))
      ctx.fail(`normalises axes ${JSON.stringify(raw)}; only the trailing axes are known`);
    const normalised = input.slice(input.length - axes.length);
    const epsilon = numberOf(ctx, 'epsilon', 1e-3);
    if (epsilon < 0) ctx.fail(`has epsilon ${epsilon}; expected 0 or more`);
    const gamma = ctx.optionalWeight('gamma', normalised, ctx.config.scale !== false);
    const beta = ctx.optionalWeight('beta', normalised, ctx.config.center !== false);
    return { shape: input, run: ([x], out) => layerNorm(x, size(normalised), gamma, beta, epsilon, out) };
  },
  Add: merge((a, b) => a + b),
  Multiply: merge((a, b) => a * b),
  Concatenate: (ctx) => {
    if (ctx.shapes.length < 2) ctx.fail(`takes two inputs or more; it is given ${ctx.shapes.length}`);
    const rank = ctx.shapes[0].length;
    const axis = axisOf(ctx, ctx.config.axis ?? -1, rank);
    const fits = (s: number[]) => s.length === rank && s.every((d, k) => k === axis || d === ctx.shapes[0][k]);
    if (!ctx.shapes.every(fits))
      ctx.fail(`cannot join shapes ${ctx.shapes.map((s) => `[${s}]`).join(', ')} along axis ${axis + 1}`);
    const outer = size(ctx.shapes[0].slice(0, axis));
    const inner = ctx.shapes.map((s) => size(s.slice(axis)));
    const shape = [...ctx.shapes[0]];
    shape[axis] = ctx.shapes.reduce((sum, s) => sum + s[axis], 0);
    return { shape, run: (xs, out) => concat(xs, outer, inner, out) };
  },
  Reshape: (ctx) => {
    const input = single(ctx);
    const target = ctx.config.target_shape;
    if (!Array.isArray(target) || !target.every((d) => d === -1 || (Number.isInteger(d) && d > 0)))
      ctx.fail(`has target_shape ${JSON.stringify(target)}; expected positive integers and at most one -1`);
    const known = size((target as number[]).filter((d) => d !== -1));
    const free = (target as number[]).filter((d) => d === -1).length;
    const shape = (target as number[]).map((d) => (d === -1 ? size(input) / known : d));
    if (free > 1 || size(shape) !== size(input) || !shape.every(Number.isInteger))
      ctx.fail(`cannot reshape [${input}] to ${JSON.stringify(target)}`);
    return { shape, run: ([x], out) => out.set(x) };
  },
  Permute: (ctx) => {
    const input = single(ctx);
    const dims = ctx.config.dims;
    const order = Array.isArray(dims) ? dims.map((d) => (d as number) - 1) : [];
    if (order.length !== input.length || [...order].sort((a, b) => a - b).some((d, k) => d !== k))
      ctx.fail(`has dims ${JSON.stringify(dims)}; expected a permutation of 1..${input.length}`);
    return { shape: order.map((a) => input[a]), run: ([x], out) => permute(x, input, order, out) };
  },
};

/** The layer classes a layers graph may use, for messages. */
const LAYER_CLASSES = ['InputLayer', ...Object.keys(LAYERS)];

/** A compiled graph: the observation size it takes and, for one observation, its one output. */
export interface LayersGraph {
  inputSize: number;
  outputSize: number;
  /** Multiply-adds of the weights (one use each): what an evaluation costs. */
  weights: number;
  evaluate(observation: Float32Array): Float32Array;
}

/**
 * Compiles model.json's topology over the manifest's weights (matched by name, `<layer>/<kind>`).
 * `fail` reports a problem of the folder (model-files.ts prefixes the folder). The input must be
 * a flat observation and the output a flat vector.
 */
export function compileLayersGraph(
  topology: unknown,
  stored: readonly StoredWeight[],
  fail: (detail: string) => never,
): LayersGraph {
  const parsed = TopologySchema.safeParse(topology);
  if (!parsed.success)
    fail(
      `model.json's modelTopology is not a TensorFlow.js functional model: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  const { layers, input_layers, output_layers } = parsed.data.config;
  const byName = new Map(stored.map((w) => [w.name, w]));
  const used = new Set<string>();
  const index = new Map<string, number>();
  const shapes: number[][] = [];
  const steps: Step[] = [];
  let inputSize = 0;
  for (const layer of layers) {
    const where = `model.json's layer '${layer.name}' (${layer.class_name})`;
    const layerFail: (detail: string) => never = (detail) => fail(`${where} ${detail}`);
    if (index.has(layer.name)) layerFail('repeats the name of an earlier layer');
    if (layer.class_name === 'InputLayer') {
      const shape = layer.config.batch_input_shape;
      if (layer.name !== input_layers[0][0] || index.size > 0) layerFail('is not the model input, the first layer');
      if (!Array.isArray(shape) || shape.length !== 2 || !Number.isInteger(shape[1]) || (shape[1] as number) < 1)
        layerFail(`has batch_input_shape ${JSON.stringify(shape)}; an observation is [null, size]`);
      inputSize = shape[1] as number;
      index.set(layer.name, 0);
      shapes.push([inputSize]);
      continue;
    }
    const build = LAYERS[layer.class_name];
    if (!build) layerFail(`is not a layer class Agora runs; known: ${LAYER_CLASSES.join(', ')}`);
    if (index.size === 0) fail(`model.json's first layer must be the InputLayer; it is '${layer.name}'`);
    if (layer.inbound_nodes.length !== 1) layerFail(`is called ${layer.inbound_nodes.length} times; once is known`);
    const inputs = layer.inbound_nodes[0].map(([source, node, tensor]) => {
      const at = index.get(source);
      if (at === undefined) layerFail(`reads '${source}', which is not an earlier layer`);
      if (node !== 0 || tensor !== 0) layerFail(`reads output ${node}:${tensor} of '${source}'; only 0:0 is known`);
      return at;
    });
    const take = (kind: string, shape: number[]): Float32Array => {
      const name = `${layer.name}/${kind}`;
      const w = byName.get(name);
      if (!w) layerFail(`needs the weight ${name} [${shape}], which the manifest does not list`);
      if (w.shape.join() !== shape.join())
        layerFail(`needs ${name} of shape [${shape}]; the manifest gives [${w.shape}]`);
      used.add(name);
      return w.values;
    };
    const { shape, run } = build({
      config: layer.config,
      shapes: inputs.map((i) => shapes[i]),
      weight: take,
      optionalWeight: (kind, shape, present) => (present ? take(kind, shape) : undefined),
      fail: layerFail,
    });
    index.set(layer.name, shapes.length);
    shapes.push(shape);
    steps.push({ inputs, out: new Float32Array(size(shape)), run });
  }
  const output = index.get(output_layers[0][0]);
  if (output === undefined || index.get(input_layers[0][0]) !== 0)
    fail(`model.json's input_layers and output_layers must name its InputLayer and one of its layers`);
  if (shapes[output].length !== 1) fail(`model.json's output has shape [${shapes[output]}]; a flat vector is needed`);
  const unused = stored.filter((w) => !used.has(w.name)).map((w) => w.name);
  if (unused.length > 0) fail(`the manifest lists weights no layer uses: ${unused.join(', ')}`);
  const values: Float32Array[] = new Array<Float32Array>(steps.length + 1);
  return {
    inputSize,
    outputSize: shapes[output][0],
    weights: stored.reduce((sum, w) => sum + w.values.length, 0),
    evaluate(observation) {
      if (observation.length !== inputSize)
        throw new Error(`the network takes observations of ${inputSize} values; got ${observation.length}`);
      values[0] = observation;
      steps.forEach((step, k) => {
        step.run(
          step.inputs.map((i) => values[i]),
          step.out,
        );
        values[k + 1] = step.out;
      });
      // The steps' buffers are used again by the next evaluation: the caller gets its own copy.
      return values[output].slice();
    },
  };
}
