import { AgoraError, lookupGame } from '../../envs/index.js';
import type { ArenaContext } from './context.js';

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
  const g = await ctx.store.getGame(gameId);
  if (!g) throw new AgoraError('not_found', `no finished game '${gameId}'`);
  const def = lookupGame(ctx.games, g.game);
  const state = def.newGame({ players: g.players, seed: g.seed });
  const steps = [{ step: 0, actor: -1, view: state.view(-1) }];
  g.actions.forEach((a, i) => {
    const actor = state.currentPlayer();
    state.applyAction(a);
    steps.push({ step: i + 1, actor, view: state.view(-1) });
  });
  const seats = await Promise.all(g.seats.map(async (a) => (await ctx.store.getAgent(a))?.name ?? a));
  return {
    id: g.id,
    game: g.game,
    players: g.players,
    seed: g.seed,
    seats,
    ranking: g.ranking,
    scores: g.scores,
    truncated: g.truncated,
    ...(g.resigned !== undefined ? { resigned: g.resigned } : {}),
    overruns: g.overruns ?? new Array(g.players).fill(0),
    finishedAt: g.finishedAt,
    steps,
  };
}
