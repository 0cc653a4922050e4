/** Rewrites the lists of games in README.md and docs/games.md from the registry (scripts/game-lists.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { LISTS, withList } from './game-lists.js';

for (const { file, list } of LISTS) {
  writeFileSync(file, withList(readFileSync(file, 'utf8'), list(), file));
  process.stdout.write(`wrote the list of games in ${file}\n`);
}
