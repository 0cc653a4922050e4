import { AgoraError, lookupGame, type GameDefinition, type GameState, type PlayerView } from '../../envs/index.js';
import type { GameRecord } from '../store/store.js';
import type { ArenaContext } from './context.js';

/** A finished game from the store; not_found when there is none under that id. */
export async function finishedGame(ctx: ArenaContext, gameId: string): Promise<GameRecord> {
  const g = await ctx.store.getGame(gameId);
  if (!g) throw new AgoraError('not_found', `no finished game '${gameId}'`);
  return g;
}

/**
 * Plays a finished game again from its seed up to `step` actions: `visit` sees the state before
 * any action (actor -1) and after each action with the seat that made it. Returns the last state
 * and its actor.
 */
export function replayGame(
  def: GameDefinition,
  g: GameRecord,
  step = g.actions.length,
  visit?: (step: number, actor: number, state: GameState) => void,
): { state: GameState; actor: number } {
  const state = def.newGame({ players: g.players, seed: g.seed });
  let actor = -1;
  visit?.(0, actor, state);
  for (let i = 0; i < step; i++) {
    actor = state.currentPlayer();
    state.applyAction(g.actions[i]);
    visit?.(i + 1, actor, state);
  }
  return { state, actor };
}

/** The public replay of a person's finished match (404 while it is live: nothing of a live game is replayed). */
export async function matchReplay(ctx: ArenaContext, matchId: string) {
  const m = await ctx.store.getMatch(matchId);
  if (!m) throw new AgoraError('not_found', `no match '${matchId}'`);
  if (m.status !== 'done' || !m.gameId)
    throw new AgoraError('conflict', 'the match is still being played; its replay opens when it ends');
  return gameReplay(ctx, m.gameId);
}

/**
 * A finished game step by step, public information only: the spectator's view after every
 * decision and which seat made it (never the action's label, which could name a hidden choice).
 * The game is over, so its seed is shown: anyone can reproduce it exactly.
 */
export async function gameReplay(ctx: ArenaContext, gameId: string) {
  const g = await finishedGame(ctx, gameId);
  const def = lookupGame(ctx.games, g.game);
  const steps: { step: number; actor: number; view: PlayerView }[] = [];
  replayGame(def, g, g.actions.length, (step, actor, state) => steps.push({ step, actor, view: state.view(-1) }));
  const seats = await Promise.all(g.seats.map(async (a) => (await ctx.store.getAgent(a))?.name ?? a));
  return {
    id: g.id,
    game: g.game,
    players: g.players,
    seed: g.seed,
    seats,
    ranking: g.ranking,
    scores: g.scores,
    // In the game's unit; null only for an old game that no longer replays to its result.
    returns: g.returns ?? null,
    returnUnit: def.returnUnit,
    truncated: g.truncated,
    ...(g.resigned !== undefined ? { resigned: g.resigned } : {}),
    ...(g.timedOut !== undefined ? { timedOut: g.timedOut } : {}),
    overruns: g.overruns ?? new Array(g.players).fill(0),
    finishedAt: g.finishedAt,
    steps,
  };
}
