import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { getGame, listGames, observationMarkdown, rulesMarkdown } from '../envs/index.js';

describe.each(listGames())('%s: the rules for players', (name) => {
  test('docs/rules/<game>.md matches the code (after a change run npx tsx scripts/write-rules-docs.ts)', () => {
    expect(readFileSync(`docs/rules/${name}.md`, 'utf8')).toBe(rulesMarkdown(getGame(name)));
  });

  test('docs/observations/<game>.md matches the code (after a change run npx tsx scripts/write-rules-docs.ts)', () => {
    expect(readFileSync(`docs/observations/${name}.md`, 'utf8')).toBe(observationMarkdown(getGame(name)));
  });

  test('observationLayout: segments tile the vector in order, each with a meaning', () => {
    const def = getGame(name);
    for (let players = def.minPlayers; players <= def.maxPlayers; players++) {
      const layout = def.observationLayout(players);
      let offset = 0;
      for (const s of layout) {
        expect(s.offset, `${name} ${players}p '${s.name}'`).toBe(offset);
        expect(s.size, `${name} ${players}p '${s.name}'`).toBeGreaterThan(0);
        expect(s.meaning.trim().length, `${name} ${players}p '${s.name}' has a meaning`).toBeGreaterThan(5);
        offset += s.size;
      }
      expect(offset).toBe(def.observationSize(players));
      expect(new Set(layout.map((s) => s.name)).size).toBe(layout.length);
    }
  });

  test('set-up, a turn and the end are explained; glossary terms are unique and explained', () => {
    const def = getGame(name);
    const headings = def.rules.sections.map((s) => s.heading);
    for (const h of ['Set-up', 'A turn', 'The end']) expect(headings, `${name} has a '${h}' section`).toContain(h);
    expect(new Set(def.glossary.map((g) => g.term)).size).toBe(def.glossary.length);
    for (const g of def.glossary) expect(g.text.length, g.term).toBeGreaterThan(10);
  });
});
