import { existsSync } from 'node:fs';
import { listGames } from '../envs/index.js';

/** Every game with a shipped az model, comma-separated (the poker games ship CFR+ policies instead). */
export const AZ_MODEL_GAMES = listGames()
  .filter((g) => existsSync(`models/${g}/az/meta.json`))
  .join(',');
