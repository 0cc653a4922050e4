import type { PolicyNetwork } from '../agents/index.js';
import type { GameDefinition } from '../envs/index.js';
import { compilePolicy } from './inference.js';
import { loadModel } from './model-io.js';

/** A saved model folder as a PolicyNetwork for search and play (plain-JS inference). */
export function loadPolicyFolder(dir: string, game: GameDefinition): PolicyNetwork {
  const { model, meta } = loadModel(dir, game);
  const policy = compilePolicy(model, meta.network, meta.players);
  model.dispose();
  return policy;
}
