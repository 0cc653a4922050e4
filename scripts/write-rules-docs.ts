/**
 * Writes docs/rules/<game>.md for every game from the game's own RulesDoc and glossary, and
 * docs/observations/<game>.md from its observation layout (envs/core/rules-markdown.ts). Run
 * after changing a game's rules text, tables or observation segments:
 *
 *   npx tsx scripts/write-rules-docs.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getGame, listGames, observationMarkdown, rulesMarkdown } from '../envs/index.js';

for (const [dir, markdown] of [
  ['rules', rulesMarkdown],
  ['observations', observationMarkdown],
] as const) {
  mkdirSync(join('docs', dir), { recursive: true });
  for (const name of listGames()) {
    writeFileSync(join('docs', dir, `${name}.md`), markdown(getGame(name)));
    console.log(`docs/${dir}/${name}.md`);
  }
}
