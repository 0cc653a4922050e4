import type { GameDefinition } from './core/game.js';
import { lookupGame } from './core/registry.js';
import { cityplan } from './cityplan/index.js';
import { filthyrich } from './filthyrich/index.js';
import { kuhn } from './kuhn/index.js';
import { leduc } from './leduc/index.js';
import { perikles } from './perikles/index.js';
import { philadelphia } from './philadelphia/index.js';
import { promotion } from './promotion/index.js';
import { tictactoe } from './tictactoe/index.js';

/** The one list of games (style G3). A game is added here and nowhere else. */
export const GAMES = { tictactoe, promotion, philadelphia, cityplan, filthyrich, perikles, kuhn, leduc } as const;
export type GameName = keyof typeof GAMES;

export function listGames(): GameName[] {
  return Object.keys(GAMES) as GameName[];
}

/** The definition of a registered game; throws UnknownGameError listing the known names. */
export function getGame(name: string): GameDefinition {
  return lookupGame(GAMES, name);
}
