import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { listGames } from '../envs/index.js';
import { LISTS, withList } from '../scripts/game-lists.js';

test.each(LISTS.map((l) => [l.file, l] as const))(
  '%s lists every registered game (after a change run npx tsx scripts/write-game-lists.ts)',
  (file, { list }) => {
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(withList(text, list(), file));
    for (const name of listGames()) expect(list()).toContain(`\`${name}\``);
  },
);
