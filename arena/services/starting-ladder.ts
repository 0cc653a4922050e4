import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modelPathOf } from '../../agents/index.js';
import { lookupGame } from '../../envs/index.js';
import { modelHashes } from '../../play/index.js';
import { gameReturns } from '../store/game-returns.js';
import type { ArenaContext } from './context.js';

/** Where the recorded starting ladders live (scripts/record-starting-ladder.ts writes them). */
export const LADDER_DIR = new URL('../ladder/', import.meta.url).pathname;

/** One recorded game: the roster specs per seat, with its public seed and every action. */
export interface LadderGame {
  index: number;
  seed: string;
  seats: string[];
  actions: number[];
  ranking: number[];
  scores: number[];
  truncated: boolean;
}

export interface LadderFile {
  game: string;
  players: number;
  encodingVersion: number;
  roster: string[];
  recordedWith: string;
  /**
   * A hash of the files of each model folder the roster plays, as they were when the games were
   * played (play/tournament-journal.ts, modelHashes): a model retrained in place under the same
   * spec is another player, and the file must be recorded again (test/starting-ladder.test.ts).
   */
  models?: Record<string, string>;
  games: LadderGame[];
}

/** The public seed of a starting-ladder game (bots only: nothing hidden from a person depends on it). */
export function ladderSeed(game: string, index: number | string): string {
  return `starting-ladder:${game}:${index}`;
}

/**
 * Imports a game's recorded starting ladder into a store that has no rated game of it yet, so its
 * leaderboard ranks the whole roster the moment the arena starts. Every game is replayed first and
 * kept only if the rules still give the recorded result (a rules change makes an old file harmless),
 * and only games whose every seat is a registered bot of the arena's roster are imported. A game
 * that seats a model whose files have changed since the ladder was recorded (a net retrained in
 * place under the same spec) is left out: it was another player's game. Returns the number of games
 * imported.
 */
export async function importStartingLadder(ctx: ArenaContext, game: string, dir = LADDER_DIR): Promise<number> {
  const path = join(dir, `${game}.json`);
  if (!existsSync(path) || (await ctx.store.countGames(game)) > 0) return 0;
  const def = lookupGame(ctx.games, game);
  const file = JSON.parse(readFileSync(path, 'utf8')) as LadderFile;
  if (file.game !== def.name || file.encodingVersion !== def.encodingVersion) return 0;
  const bySpec = new Map(
    (await ctx.store.listAgents(game)).filter((a) => a.kind === 'bot' && !a.ownerId).map((a) => [a.spec, a.id]),
  );
  const changed = changedModels(file);
  if (changed.size > 0)
    ctx.log.info(
      `starting ladder of ${game}: leaving out the games of ${[...changed].join(', ')}, changed since it was recorded`,
    );
  let imported = 0;
  for (const g of file.games) {
    const seats = g.seats.map((spec) => bySpec.get(spec));
    if (seats.some((id) => id === undefined)) continue;
    if (g.seats.some((spec) => changed.has(modelPathOf(spec) ?? ''))) continue;
    const state = def.newGame({ players: file.players, seed: g.seed });
    try {
      for (const a of g.actions) state.applyAction(a);
    } catch {
      continue;
    }
    if (!state.isTerminal() || JSON.stringify(state.ranking()) !== JSON.stringify(g.ranking)) continue;
    await ctx.store.recordGame({
      id: `ladder:${game}:${g.index}`,
      game,
      players: file.players,
      seed: g.seed,
      seats: seats as string[],
      actions: g.actions,
      ranking: g.ranking,
      scores: g.scores,
      ...gameReturns(def, state.returns()),
      truncated: g.truncated,
      finishedAt: ctx.now().toISOString(),
    });
    imported++;
  }
  return imported;
}

/** The model folders whose files differ from the hashes the ladder recorded (none if it recorded none). */
function changedModels(file: LadderFile): Set<string> {
  if (!file.models) return new Set();
  const now = modelHashes(Object.keys(file.models).map((folder) => `az:${folder}`));
  return new Set(Object.keys(file.models).filter((folder) => now[folder] !== file.models![folder]));
}
