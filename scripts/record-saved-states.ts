/**
 * Writes test/saved-states/v1/<game>.json: the saved states (toJSON) of every golden playthrough at
 * its start, one third, two thirds and its end, as the version-1 formats wrote them. They were
 * recorded once, before the games moved to the position kit (envs/core/position.ts), and are never
 * re-recorded: test/saved-states.test.ts loads each one with today's fromJSON and checks it is the
 * same position as the replayed game at that step, so saved games of older versions keep loading.
 * A new game records its own once, with its first format: npx tsx scripts/record-saved-states.ts <game>
 * (an existing file is never overwritten).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getGame, listGames } from '../envs/index.js';
import { PLAYTHROUGH_DIR, type PlaythroughFile } from './record-playthroughs.js';

export const SAVED_STATES_DIR = join('test', 'saved-states');

export interface SavedStateSample {
  players: number;
  seed: string;
  /** Actions of the playthrough applied before this state was saved. */
  step: number;
  json: unknown;
}

function samplesOf(game: string): SavedStateSample[] {
  const file = JSON.parse(readFileSync(join(PLAYTHROUGH_DIR, `${game}.json`), 'utf8')) as PlaythroughFile;
  const def = getGame(game);
  const out: SavedStateSample[] = [];
  for (const p of file.playthroughs) {
    const n = p.actions.length;
    const steps = new Set([0, Math.floor(n / 3), Math.floor((2 * n) / 3), n]);
    const state = def.newGame({ players: p.players, seed: p.seed });
    for (let i = 0; i <= n; i++) {
      if (steps.has(i)) out.push({ players: p.players, seed: p.seed, step: i, json: state.toJSON() });
      if (i < n) state.applyAction(p.actions[i]);
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = join(SAVED_STATES_DIR, 'v1');
  mkdirSync(dir, { recursive: true });
  const games = process.argv.length > 2 ? process.argv.slice(2) : listGames();
  for (const game of games) {
    const path = join(dir, `${game}.json`);
    if (existsSync(path)) {
      console.log(`${game}: ${path} exists and is never re-recorded`);
      continue;
    }
    writeFileSync(path, JSON.stringify({ game, version: 1, samples: samplesOf(game) }) + '\n');
    console.log(`${game}: written`);
  }
}
