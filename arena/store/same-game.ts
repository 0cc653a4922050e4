import type { GameRecord } from './store.js';

/** True when two records describe the same finished game (a retried job), whatever their finish times. */
export function sameGame(a: GameRecord, b: GameRecord): boolean {
  const key = (g: GameRecord) =>
    JSON.stringify([
      g.game,
      g.players,
      g.seed,
      g.seats,
      g.actions,
      g.ranking,
      g.scores,
      g.returns ?? null,
      g.payoffScale ?? null,
      g.truncated,
      g.overruns ?? null,
      g.resigned ?? null,
      g.tournamentId ?? null,
      g.matchId ?? null,
    ]);
  return key(a) === key(b);
}
