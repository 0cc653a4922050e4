/**
 * Carries a saved model across an encoding change that only appended segments to the observation:
 * the stem's kernel gains zero rows for the new inputs, every other weight is copied, so the widened
 * network computes exactly what the old one did (the new inputs start with no influence and training
 * goes on from there). Any other encoding change needs a new model.
 */
import { ModelVersionError, type GameDefinition } from '../envs/index.js';
import { tf } from './backend.js';
import { loadModel, saveModel, type ModelMeta } from './model-io.js';
import { buildNetwork, type NetworkConfig } from './network.js';

/** A copy of `model` whose input is `observationSize` long, the extra inputs appended with zero weights. */
export function widenInput(
  model: tf.LayersModel,
  config: NetworkConfig,
  observationSize: number,
  actionSize: number,
  players: number,
): tf.LayersModel {
  const old = model.inputs[0].shape[1] as number;
  if (observationSize < old)
    throw new ModelVersionError(`cannot narrow a model's input from ${old} to ${observationSize}`);
  const wide = buildNetwork({ observationSize, actionSize, players }, config);
  const weights = model.getWeights().map((w, i) => {
    // Weight 0 is the stem's kernel ([input, width]), the only one whose shape names the input length.
    if (i !== 0) return w.clone();
    if (w.shape.length !== 2 || w.shape[0] !== old)
      throw new Error(`weight 0 has shape [${w.shape}], not the stem's [${old}, width]`);
    return tf.tidy(() => tf.concat([w, tf.zeros([observationSize - old, w.shape[1] as number])], 0));
  });
  wide.setWeights(weights);
  tf.dispose(weights);
  return wide;
}

/**
 * Rewrites the model in `dir` for the game's current encoding, in place. Refuses a model of another
 * game, one already current, or one whose action space differs (a change widening cannot carry).
 */
export async function widenSavedModel(
  dir: string,
  game: GameDefinition,
): Promise<{ before: ModelMeta; after: ModelMeta }> {
  const { model, meta, network } = loadModel(dir);
  if (meta.game !== game.name)
    throw new ModelVersionError(`model ${dir} was trained for ${meta.game}, not ${game.name}`);
  if (meta.encodingVersion === game.encodingVersion)
    throw new ModelVersionError(`model ${dir} already uses ${game.name} encoding v${game.encodingVersion}`);
  if (meta.actionSize !== game.actionSize)
    throw new ModelVersionError(
      `model ${dir} has ${meta.actionSize} actions; ${game.name} has ${game.actionSize}: widening cannot carry it`,
    );
  const size = game.observationSize(meta.players);
  const wide = widenInput(model, network, size, meta.actionSize, meta.players);
  const next: ModelMeta = { ...meta, encodingVersion: game.encodingVersion, observationSize: size };
  await saveModel(wide, dir, next);
  model.dispose();
  wide.dispose();
  return { before: meta, after: next };
}
