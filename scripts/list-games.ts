/**
 * Prints the registered games' names, space-separated, in registry order (envs/games.ts): the one
 * list of games, for shell scripts that loop over every game.
 *
 *   read -r -a games <<< "$(npx tsx scripts/list-games.ts)"
 */
import { listGames } from '../envs/index.js';

process.stdout.write(`${listGames().join(' ')}\n`);
