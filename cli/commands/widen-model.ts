import { getGame } from '../../envs/index.js';
import { readMeta } from '../../agents/index.js';

/** `agora widen-model <dir>`: carries a model across an encoding change that appended observation segments. */
export async function widenModelCommand(dir: string): Promise<void> {
  // TensorFlow.js loads with training's code (a second or two): only for this command.
  const { initBackend, widenSavedModel } = await import('../../training/index.js');
  await initBackend({ announce: false });
  const { before, after } = await widenSavedModel(dir, getGame(readMeta(dir).game));
  process.stdout.write(
    `${dir}: ${before.game} encoding v${before.encodingVersion} -> v${after.encodingVersion}, ` +
      `observation ${before.observationSize} -> ${after.observationSize} (new inputs weighted 0)\n`,
  );
}
