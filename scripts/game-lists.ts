/**
 * The lists of games in README.md and docs/games.md, generated from the registry (envs/games.ts), so
 * a game added there is listed without anyone editing either file. Each list sits between
 * `<!-- games -->` and `<!-- /games -->` lines; `npx tsx scripts/write-game-lists.ts` rewrites them
 * and test/game-lists.test.ts checks they are current.
 */
import { existsSync } from 'node:fs';
import { getGame, listGames, type GameDefinition } from '../envs/index.js';

const OPEN = '<!-- games: generated from the registry by npx tsx scripts/write-game-lists.ts -->';
const CLOSE = '<!-- /games -->';

function playerCounts(def: GameDefinition): string[] {
  return Array.from({ length: def.maxPlayers - def.minPlayers + 1 }, (_, i) => String(def.minPlayers + i));
}

function players(def: GameDefinition): string {
  if (def.minPlayers === def.maxPlayers) return String(def.minPlayers);
  return `${def.minPlayers}–${def.maxPlayers} (default ${def.defaultPlayers})`;
}

/** The README's table: every game with its players and what it is, linked to its rules for players. */
export function readmeList(): string {
  const rows = listGames().map((name) => {
    const def = getGame(name);
    return `| [${def.title}](docs/rules/${name}.md) | \`${name}\` | ${players(def)} | ${def.description} |`;
  });
  return ['| game | name | players | what it is |', '|---|---|---|---|', ...rows].join('\n');
}

/** docs/games.md's table: sizes of the action space and, per seat count, of the observation. */
export function gamesDocList(): string {
  const rows = listGames().map((name) => {
    const def = getGame(name);
    const sizes = playerCounts(def).map((n) => def.observationSize(Number(n)));
    const notes = existsSync(`envs/${name}/README.md`) ? `; notes in \`envs/${name}/README.md\`` : '';
    return (
      `| \`${name}\` | ${def.title} | ${players(def)} | ${def.actionSize} | ${sizes.join(' / ')} | ` +
      `[rules/${name}.md](rules/${name}.md)${notes} |`
    );
  });
  return [
    '| game | title | players | actions | observation (per seat count) | rules |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** `text` with the block between the markers replaced by `list`; throws if the markers are missing. */
export function withList(text: string, list: string, file: string): string {
  const start = text.indexOf(OPEN);
  const end = text.indexOf(CLOSE, start);
  if (start < 0 || end < 0) throw new Error(`${file}: no '${OPEN}' ... '${CLOSE}' block`);
  return `${text.slice(0, start + OPEN.length)}\n${list}\n${text.slice(end)}`;
}

/** The files holding a generated list, with the list each holds. */
export const LISTS: readonly { file: string; list: () => string }[] = [
  { file: 'README.md', list: readmeList },
  { file: 'docs/games.md', list: gamesDocList },
];
