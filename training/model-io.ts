/**
 * Models on disk: models/<game>/<name>/{model.json, weights.bin, meta.json}. model.json is the
 * tfjs layers format (topology + weights manifest), so tf.loadLayersModel can read it too; we write
 * it with fs (no tfjs-node needed) and load it synchronously by rebuilding the network from
 * meta.json and setting the weights, so agents can be made without awaiting anything.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AgoraError, ModelVersionError, type GameDefinition } from '../envs/index.js';
import { tf } from './backend.js';
import { buildNetwork, type NetworkConfig, type NetworkShape } from './network.js';

export const MODEL_FORMAT = 'agora-model-1';

const MetaSchema = z.object({
  format: z.literal(MODEL_FORMAT),
  game: z.string(),
  players: z.number().int().min(1),
  encodingVersion: z.number().int(),
  observationSize: z.number().int().min(1),
  actionSize: z.number().int().min(1),
  network: z.object({ width: z.number().int().min(1), blocks: z.number().int().min(0) }),
  training: z.unknown().optional(),
  results: z.unknown().optional(),
  /**
   * The az search settings this model plays with unless an agent spec sets them: c (PUCT's
   * exploration constant) and mix (the rollout share of leaf values), with how they were chosen.
   */
  search: z
    .object({
      c: z.number().min(0).max(100),
      mix: z.number().min(0).max(1).optional(),
      chosenBy: z.unknown().optional(),
    })
    .optional(),
  createdAt: z.string(),
});
export type ModelMeta = z.infer<typeof MetaSchema>;

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
});

function fail(dir: string, detail: string): never {
  throw new AgoraError('bad_request', `model ${dir}: ${detail}`);
}

/** Writes model.json, weights.bin and meta.json into `dir` (created if missing). */
export async function saveModel(model: tf.LayersModel, dir: string, meta: ModelMeta): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      const data = artifacts.weightData;
      const bytes = Array.isArray(data) ? tf.io.concatenateArrayBuffers(data) : (data as ArrayBuffer);
      writeFileSync(join(dir, 'weights.bin'), Buffer.from(bytes));
      writeFileSync(
        join(dir, 'model.json'),
        JSON.stringify({
          format: 'layers-model',
          generatedBy: `TensorFlow.js tfjs-layers v${tf.version.tfjs}`,
          convertedBy: null,
          modelTopology: artifacts.modelTopology,
          weightsManifest: [{ paths: ['weights.bin'], weights: artifacts.weightSpecs }],
        }),
      );
      return {
        modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON', weightDataBytes: bytes.byteLength },
      };
    }),
  );
  writeFileSync(join(dir, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
}

function readJson(dir: string, file: string): unknown {
  const path = join(dir, file);
  if (!existsSync(path)) fail(dir, `${file} is missing`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return fail(dir, `${file} is not valid JSON (corrupt or truncated)`);
  }
}

/** Rewrites meta.json's search defaults, leaving the weights and every other field as they were. */
export function writeSearchDefaults(dir: string, search: NonNullable<ModelMeta['search']>): ModelMeta {
  readMeta(dir);
  // The file as written, not the parsed copy: fields this build does not know are kept.
  const next = { ...(readJson(dir, 'meta.json') as Record<string, unknown>), search };
  const parsed = MetaSchema.safeParse(next);
  if (!parsed.success)
    fail(
      dir,
      `search defaults refused: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const checked = parsed.data;
  writeFileSync(join(dir, 'meta.json'), `${JSON.stringify(next, null, 2)}\n`);
  return checked;
}

/** Reads and checks meta.json; with a game, refuses a model made for another game or encoding. */
export function readMeta(dir: string, game?: GameDefinition): ModelMeta {
  const parsed = MetaSchema.safeParse(readJson(dir, 'meta.json'));
  if (!parsed.success)
    fail(
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

/** Loads a saved model synchronously (see the file comment). Every malformed file gets a clear error. */
export function loadModel(dir: string, game?: GameDefinition): { model: tf.LayersModel; meta: ModelMeta } {
  const meta = readMeta(dir, game);
  const manifest = ManifestSchema.safeParse(readJson(dir, 'model.json'));
  if (!manifest.success) fail(dir, 'model.json has no valid weights manifest');
  const specs = manifest.data.weightsManifest[0].weights;
  const weightsPath = join(dir, 'weights.bin');
  if (!existsSync(weightsPath)) fail(dir, 'weights.bin is missing');
  const bytes = readFileSync(weightsPath);
  const expected = specs.reduce((sum, s) => sum + 4 * s.shape.reduce((a, b) => a * b, 1), 0);
  if (bytes.byteLength !== expected)
    fail(dir, `weights.bin has ${bytes.byteLength} bytes; the manifest needs ${expected} (truncated or corrupt)`);
  const shape: NetworkShape = {
    observationSize: meta.observationSize,
    actionSize: meta.actionSize,
    players: meta.players,
  };
  const model = buildNetwork(shape, meta.network as NetworkConfig);
  const mine = model.weights;
  if (mine.length !== specs.length)
    fail(dir, `the manifest lists ${specs.length} weights; the network of meta.json has ${mine.length}`);
  const floats = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  let offset = 0;
  const tensors = specs.map((s, i) => {
    if (JSON.stringify(s.shape) !== JSON.stringify(mine[i].shape)) {
      fail(
        dir,
        `weight ${s.name} has shape [${s.shape}] in the manifest but [${mine[i].shape}] in the network of meta.json`,
      );
    }
    const size = s.shape.reduce((a, b) => a * b, 1);
    const values = floats.subarray(offset, offset + size);
    offset += size;
    for (let j = 0; j < values.length; j++)
      if (!Number.isFinite(values[j])) fail(dir, `weight ${s.name} holds a non-finite value`);
    return tf.tensor(values, s.shape, 'float32');
  });
  model.setWeights(tensors);
  tf.dispose(tensors);
  return { model, meta };
}
