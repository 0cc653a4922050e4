import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { getGame, listGames, rulesMarkdown } from '../envs/index.js';

describe.each(listGames())('%s: the rules for players', (name) => {
  test('docs/rules/<game>.md matches the code (after a change run npx tsx scripts/write-rules-docs.ts)', () => {
    expect(readFileSync(`docs/rules/${name}.md`, 'utf8')).toBe(rulesMarkdown(getGame(name)));
  });

  test('set-up, a turn and the end are explained; glossary terms are unique and explained', () => {
    const def = getGame(name);
    const headings = def.rules.sections.map((s) => s.heading);
    for (const h of ['Set-up', 'A turn', 'The end']) expect(headings, `${name} has a '${h}' section`).toContain(h);
    expect(new Set(def.glossary.map((g) => g.term)).size).toBe(def.glossary.length);
    for (const g of def.glossary) expect(g.text.length, g.term).toBeGreaterThan(10);
  });
});
