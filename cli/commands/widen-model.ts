import { getGame } from '../../envs/index.js';
import { readMeta } from '../../agents/index.js';
import { Output, type OutputOptions } from '../output.js';

/** `agora widen-model <dir>`: carries a model across an encoding change that appended observation segments. */
export async function widenModelCommand(dir: string, opts: OutputOptions = {}): Promise<void> {
  const output = new Output(opts);
  // TensorFlow.js loads with training's code (a second or two): only for this command.
  const { initBackend, widenSavedModel } = await import('../../training/index.js');
  await initBackend({ announce: false });
  const { before, after } = await widenSavedModel(dir, getGame(readMeta(dir).game));
  output.text(
    `${dir}: ${before.game} encoding v${before.encodingVersion} -> v${after.encodingVersion}, ` +
      `observation ${before.observationSize} -> ${after.observationSize} (new inputs weighted 0)`,
  );
  output.json({ model: dir, before, after });
}
