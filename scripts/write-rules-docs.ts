/**
 * Writes docs/rules/<game>.md for every game from the game's own RulesDoc and glossary
 * (envs/core/rules-markdown.ts). Run after changing a game's rules text or tables:
 *
 *   npx tsx scripts/write-rules-docs.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getGame, listGames, rulesMarkdown } from '../envs/index.js';

const dir = join('docs', 'rules');
mkdirSync(dir, { recursive: true });
for (const name of listGames()) {
  writeFileSync(join(dir, `${name}.md`), rulesMarkdown(getGame(name)));
  console.log(`docs/rules/${name}.md`);
}
