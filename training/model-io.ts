/**
 * Models on disk: models/<game>/<name>/{model.json, weights.bin, meta.json}. model.json is the
 * tfjs layers format (topology + weights manifest), so tf.loadLayersModel can read it too; we write
 * it with fs (no tfjs-node needed). Reading is agents/neural/model-files.ts's (plain arrays, no
 * TensorFlow.js); loadModel here rebuilds the network from meta.json and sets the weights, for
 * training on from a saved model.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  modelFileError,
  parseModelMeta,
  readMeta,
  readModelJson,
  readWeights,
  valueNetworkOf,
  type ModelMeta,
} from '../agents/index.js';
import type { GameDefinition } from '../envs/index.js';
import { tf } from './backend.js';
import { buildNetwork, type NetworkConfig, type NetworkShape } from './network.js';

export { MODEL_FORMAT, readMeta, type ModelMeta } from '../agents/index.js';

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

/**
 * Rewrites one of meta.json's play defaults (`search` for az:, `policy` for neural:), leaving the
 * weights and every other field as they were.
 */
function writeMetaDefaults<K extends 'search' | 'policy'>(
  dir: string,
  field: K,
  value: NonNullable<ModelMeta[K]>,
): ModelMeta {
  readMeta(dir);
  // The file as written, not the parsed copy: fields this build does not know are kept.
  const next = { ...(readModelJson(dir, 'meta.json') as Record<string, unknown>), [field]: value };
  const parsed = parseModelMeta(next);
  if (!parsed.success)
    modelFileError(
      dir,
      `${field} defaults refused: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const checked = parsed.data;
  writeFileSync(join(dir, 'meta.json'), `${JSON.stringify(next, null, 2)}\n`);
  return checked;
}

/** Rewrites meta.json's search defaults (agora tune-search). */
export function writeSearchDefaults(dir: string, search: NonNullable<ModelMeta['search']>): ModelMeta {
  return writeMetaDefaults(dir, 'search', search);
}

/** Rewrites meta.json's policy defaults (agora tune-policy). */
export function writePolicyDefaults(dir: string, policy: NonNullable<ModelMeta['policy']>): ModelMeta {
  return writeMetaDefaults(dir, 'policy', policy);
}

/** Loads a saved model synchronously as a TensorFlow.js model. Every malformed file gets a clear error. */
export function loadModel(
  dir: string,
  game?: GameDefinition,
): { model: tf.LayersModel; meta: ModelMeta; network: NetworkConfig } {
  const meta = readMeta(dir, game);
  const network = valueNetworkOf(meta, dir, 'training on from it');
  const { weights } = readWeights(dir);
  const shape: NetworkShape = {
    observationSize: meta.observationSize,
    actionSize: meta.actionSize,
    players: meta.players,
  };
  const model = buildNetwork(shape, network);
  const mine = model.weights;
  if (mine.length !== weights.length)
    modelFileError(dir, `the manifest lists ${weights.length} weights; the network of meta.json has ${mine.length}`);
  const tensors = weights.map((s, i) => {
    if (JSON.stringify(s.shape) !== JSON.stringify(mine[i].shape)) {
      modelFileError(
        dir,
        `weight ${s.name} has shape [${s.shape}] in the manifest but [${mine[i].shape}] in the network of meta.json`,
      );
    }
    return tf.tensor(s.values, s.shape, 'float32');
  });
  model.setWeights(tensors);
  tf.dispose(tensors);
  return { model, meta, network };
}
