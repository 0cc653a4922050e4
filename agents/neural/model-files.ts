/**
 * Reading models on disk: models/<game>/<name>/{model.json, weights.bin, meta.json}. model.json is
 * the tfjs layers format (topology + weights manifest) and weights.bin its float32 weights, in the
 * network's layer order. Two kinds of network: Agora's policy-value network (training/network.ts,
 * written by training/model-io.ts; meta.json names its width and blocks), and a policy exported
 * from PyTorch (python/agora/export.py; `network.kind` 'layers'), a graph of known layers read from
 * model.json's topology (layers-graph.ts). Playing a model needs no TensorFlow.js: the weights are
 * read here as plain arrays and run synchronously, so agents load in milliseconds and every
 * malformed file gets a clear error.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AgoraError, ModelVersionError, type GameDefinition } from '../../envs/index.js';
import { compileWeights, type NetworkConfig, type PolicyWeights } from './inference.js';
import { compileLayersGraph } from './layers-graph.js';
import type { PolicyNetwork } from './policy.js';

export const MODEL_FORMAT = 'agora-model-1';

const MetaSchema = z.object({
  format: z.literal(MODEL_FORMAT),
  game: z.string(),
  players: z.number().int().min(1),
  encodingVersion: z.number().int(),
  observationSize: z.number().int().min(1),
  actionSize: z.number().int().min(1),
  network: z.union([
    z.object({
      width: z.number().int().min(1),
      blocks: z.number().int().min(0),
      scoreHead: z.boolean().optional(),
    }),
    /** A graph of layers read from model.json (an exported policy): its one output is the policy's logits. */
    z.object({ kind: z.literal('layers'), outputs: z.tuple([z.literal('policy')]) }),
  ]),
  training: z.unknown().optional(),
  results: z.unknown().optional(),
  /**
   * The az search settings this model plays with unless an agent spec sets them: c (PUCT's
   * exploration constant), mix (the rollout share of leaf values), cutoff (the rollout's length
   * before the game's evaluation scores it) and expand (visits before a node asks the network), with
   * how they were chosen.
   */
  search: z
    .object({
      c: z.number().min(0).max(100),
      mix: z.number().min(0).max(1).optional(),
      cutoff: z.number().int().min(0).optional(),
      expand: z.number().int().min(1).max(1000).optional(),
      kind: z.enum(['puct', 'gumbel']).optional(),
      chosenBy: z.unknown().optional(),
    })
    .optional(),
  /**
   * How the policy alone (`neural:`) plays unless its spec says: at temperature 0 the legal action
   * with the highest logit, above 0 one sampled from the softmax; with how it was chosen.
   */
  policy: z
    .object({
      temperature: z.number().min(0).max(100),
      chosenBy: z.unknown().optional(),
    })
    .optional(),
  createdAt: z.string(),
});
export type ModelMeta = z.infer<typeof MetaSchema>;

/** Checks a meta.json object (training/model-io.ts uses it before rewriting the file). */
export function parseModelMeta(value: unknown): ReturnType<typeof MetaSchema.safeParse> {
  return MetaSchema.safeParse(value);
}

const ManifestSchema = z.object({
  weightsManifest: z
    .array(
      z.object({
        paths: z.array(z.string()),
        weights: z.array(
          z.object({ name: z.string(), shape: z.array(z.number().int().min(0)), dtype: z.literal('float32') }),
        ),
      }),
    )
    .length(1),
  modelTopology: z.unknown().optional(),
});

export function modelFileError(dir: string, detail: string): never {
  throw new AgoraError('bad_request', `model ${dir}: ${detail}`);
}

/** A JSON file of a model folder, parsed; a missing or unparsable file is a clear error. */
export function readModelJson(dir: string, file: string): unknown {
  const path = join(dir, file);
  if (!existsSync(path)) modelFileError(dir, `${file} is missing`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return modelFileError(dir, `${file} is not valid JSON (corrupt or truncated)`);
  }
}

/** Reads and checks meta.json; with a game, refuses a model made for another game or encoding. */
export function readMeta(dir: string, game?: GameDefinition): ModelMeta {
  const parsed = MetaSchema.safeParse(readModelJson(dir, 'meta.json'));
  if (!parsed.success)
    modelFileError(
      dir,
      `meta.json is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const meta = parsed.data;
  if (game) {
    if (meta.game !== game.name)
      throw new ModelVersionError(`model ${dir} was trained for ${meta.game}, not ${game.name}`);
    if (meta.encodingVersion !== game.encodingVersion) {
      throw new ModelVersionError(
        `model ${dir} expects ${game.name} observation encoding v${meta.encodingVersion}; ` +
          `this build encodes v${game.encodingVersion}: retrain, use a matching model, ` +
          `or (when the newer encoding only appended inputs) run agora widen-model ${dir}`,
      );
    }
    if (meta.observationSize !== game.observationSize(meta.players) || meta.actionSize !== game.actionSize) {
      throw new ModelVersionError(
        `model ${dir} has sizes ${meta.observationSize} -> ${meta.actionSize}; ` +
          `${game.name} with ${meta.players} players has ${game.observationSize(meta.players)} -> ${game.actionSize}`,
      );
    }
  }
  return meta;
}

/** One weight of the manifest with its values (a view into weights.bin). */
export interface StoredWeight {
  name: string;
  shape: number[];
  values: Float32Array;
}

/**
 * The weights of model.json's manifest, in order, read from weights.bin: checks the byte count
 * against the manifest and that every value is finite.
 */
export function readWeights(dir: string): { weights: StoredWeight[]; epsilons: Map<string, number> } {
  const manifest = ManifestSchema.safeParse(readModelJson(dir, 'model.json'));
  if (!manifest.success) modelFileError(dir, 'model.json has no valid weights manifest');
  const specs = manifest.data.weightsManifest[0].weights;
  const weightsPath = join(dir, 'weights.bin');
  if (!existsSync(weightsPath)) modelFileError(dir, 'weights.bin is missing');
  const bytes = readFileSync(weightsPath);
  const expected = specs.reduce((sum, s) => sum + 4 * s.shape.reduce((a, b) => a * b, 1), 0);
  if (bytes.byteLength !== expected)
    modelFileError(
      dir,
      `weights.bin has ${bytes.byteLength} bytes; the manifest needs ${expected} (truncated or corrupt)`,
    );
  const floats = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  let offset = 0;
  const weights = specs.map((s) => {
    const size = s.shape.reduce((a, b) => a * b, 1);
    const values = floats.subarray(offset, offset + size);
    offset += size;
    for (let j = 0; j < values.length; j++)
      if (!Number.isFinite(values[j])) modelFileError(dir, `weight ${s.name} holds a non-finite value`);
    return { name: s.name, shape: s.shape, values };
  });
  return { weights, epsilons: layerEpsilons(manifest.data.modelTopology) };
}

/** LayerNormalization epsilons by layer name, from model.json's topology (absent: the default 1e-3). */
function layerEpsilons(topology: unknown): Map<string, number> {
  const out = new Map<string, number>();
  const config = (topology as { config?: { layers?: unknown } } | undefined)?.config;
  if (!Array.isArray(config?.layers)) return out;
  for (const layer of config.layers as { config?: { name?: unknown; epsilon?: unknown } }[]) {
    const { name, epsilon } = layer.config ?? {};
    if (typeof name === 'string' && typeof epsilon === 'number') out.set(name, epsilon);
  }
  return out;
}

/** Whether a model is a policy alone (an exported layers graph, no value head): `az:` cannot search with it. */
export function isPolicyOnly(meta: ModelMeta): boolean {
  return 'kind' in meta.network;
}

/**
 * The width and blocks of an Agora policy-value network; an exported policy is refused with a
 * message saying what `purpose` needs.
 */
export function valueNetworkOf(meta: ModelMeta, dir: string, purpose: string): NetworkConfig {
  if ('kind' in meta.network)
    modelFileError(
      dir,
      `is a policy exported from PyTorch (a layers graph, no value head); ${purpose} needs an Agora ` +
        'policy-value network (agora train). Play the policy with neural:',
    );
  return meta.network;
}

/**
 * The network's weights in saved order (training/network.ts): layer name and shape of each, for
 * the sizes of meta.json. Kernels are [in, out]; normalisations hold gamma then beta.
 */
export function networkLayout(meta: ModelMeta, dir = 'the model'): { layer: string; shape: number[] }[] {
  const network = valueNetworkOf(meta, dir, 'the policy-value layout');
  const { width, blocks } = network;
  const dense = (layer: string, inSize: number, outSize: number) => [
    { layer, shape: [inSize, outSize] },
    { layer, shape: [outSize] },
  ];
  const norm = (layer: string) => [
    { layer, shape: [width] },
    { layer, shape: [width] },
  ];
  const out = dense('stem', meta.observationSize, width);
  for (let b = 0; b < blocks; b++)
    out.push(
      ...norm(`block${b}_norm`),
      ...dense(`block${b}_dense1`, width, width),
      ...dense(`block${b}_dense2`, width, width),
    );
  out.push(...norm('trunk_norm'), ...dense('policy', width, meta.actionSize), ...dense('value', width, meta.players));
  // The auxiliary score head (training only) is saved last; play reads its weights but never uses them.
  if (network.scoreHead) out.push(...dense('score', width, meta.players));
  return out;
}

/**
 * A saved model folder as a PolicyNetwork for search and play (plain-JS inference), carrying its
 * search defaults: the c and mix of meta.search when set (tuned by `agora tune-search`), else the
 * leaf mix it was trained with, so `az:` searches the way its value head was trained to be used;
 * and the policy's temperature of meta.policy (tuned by `agora tune-policy`) for `neural:`.
 */
export function loadPolicyFolder(dir: string, game: GameDefinition): PolicyNetwork {
  const meta = readMeta(dir, game);
  if (isPolicyOnly(meta)) return loadExportedPolicy(dir, meta);
  const { weights, epsilons } = readWeights(dir);
  const layout = networkLayout(meta, dir);
  if (layout.length !== weights.length)
    modelFileError(dir, `the manifest lists ${weights.length} weights; the network of meta.json has ${layout.length}`);
  const byLayer: PolicyWeights = {};
  weights.forEach((w, i) => {
    const want = layout[i];
    if (JSON.stringify(w.shape) !== JSON.stringify(want.shape)) {
      modelFileError(
        dir,
        `weight ${w.name} has shape [${w.shape}] in the manifest but [${want.shape}] in the network of meta.json`,
      );
    }
    const entry = (byLayer[want.layer] ??= { weights: [] });
    entry.weights.push(w.values);
    const epsilon = epsilons.get(want.layer);
    if (epsilon !== undefined) entry.epsilon = epsilon;
  });
  const policy = compileWeights(byLayer, valueNetworkOf(meta, dir, 'play'), meta.players);
  const trained = (meta.training as { config?: { mix?: unknown; cutoff?: unknown; search?: unknown } } | undefined)
    ?.config;
  const mix = meta.search?.mix ?? trained?.mix;
  const cutoff = meta.search?.cutoff ?? trained?.cutoff;
  const withCutoff =
    typeof cutoff === 'number' && cutoff > 0 ? Object.assign(policy, { searchCutoff: cutoff }) : policy;
  const withMix =
    typeof mix === 'number' && mix > 0 && mix <= 1 ? Object.assign(withCutoff, { searchMix: mix }) : withCutoff;
  const expand = meta.search?.expand;
  const withExpand = expand !== undefined && expand > 1 ? Object.assign(withMix, { searchExpand: expand }) : withMix;
  const withC = meta.search ? Object.assign(withExpand, { searchC: meta.search.c }) : withExpand;
  const kind = meta.search?.kind ?? trained?.search;
  const withKind = kind === 'gumbel' || kind === 'puct' ? Object.assign(withC, { searchKind: kind }) : withC;
  return meta.policy ? Object.assign(withKind, { policyTemperature: meta.policy.temperature }) : withKind;
}

/**
 * An exported policy (meta.json `network.kind` 'layers'): model.json's graph over its weights, its
 * sizes checked against meta.json's. It answers logits and no values (`policyOnly`), so `neural:`
 * plays it and `az:` refuses it.
 */
function loadExportedPolicy(dir: string, meta: ModelMeta): PolicyNetwork {
  const { weights } = readWeights(dir);
  const fail = (detail: string): never => modelFileError(dir, detail);
  const graph = compileLayersGraph(
    (readModelJson(dir, 'model.json') as { modelTopology?: unknown }).modelTopology,
    weights,
    fail,
  );
  if (graph.inputSize !== meta.observationSize || graph.outputSize !== meta.actionSize)
    fail(
      `model.json's graph maps ${graph.inputSize} inputs to ${graph.outputSize} outputs; ` +
        `meta.json says ${meta.observationSize} -> ${meta.actionSize}`,
    );
  const noValues = new Float32Array(0);
  const policy: PolicyNetwork = {
    players: meta.players,
    weights: graph.weights,
    policyOnly: true,
    evaluate: (observation) => ({ logits: graph.evaluate(observation), value: noValues }),
  };
  return meta.policy ? Object.assign(policy, { policyTemperature: meta.policy.temperature }) : policy;
}
