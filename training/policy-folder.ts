import type { PolicyNetwork } from '../agents/index.js';
import type { GameDefinition } from '../envs/index.js';
import { compilePolicy } from './inference.js';
import { loadModel } from './model-io.js';

/**
 * A saved model folder as a PolicyNetwork for search and play (plain-JS inference), carrying its
 * search defaults: the c and mix of meta.search when set (tuned by `agora tune-search`), else the
 * leaf mix it was trained with, so `az:` searches the way its value head was trained to be used.
 */
export function loadPolicyFolder(dir: string, game: GameDefinition): PolicyNetwork {
  const { model, meta } = loadModel(dir, game);
  const policy = compilePolicy(model, meta.network, meta.players);
  model.dispose();
  const mix = meta.search?.mix ?? (meta.training as { config?: { mix?: unknown } } | undefined)?.config?.mix;
  const withMix = typeof mix === 'number' && mix > 0 && mix <= 1 ? Object.assign(policy, { searchMix: mix }) : policy;
  return meta.search ? Object.assign(withMix, { searchC: meta.search.c }) : withMix;
}
