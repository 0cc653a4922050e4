/**
 * A game's ratings as the leaderboard serves them: the Bradley-Terry fit with bootstrap intervals
 * and the balance figures, computed from stored results off the request path (refits.ts) and
 * kept until the next refit. Elo is not here: it is updated game by game in the store.
 */
import { Rng } from '../../envs/index.js';
import { bradleyTerryWithIntervals, type BalanceFigures, type BradleyTerryRating } from '../../play/index.js';
import type { ResultRow } from '../store/store.js';

export interface RatingSnapshot {
  game: string;
  /** Stored games the fit covers: the first `games`, up to store order `seq`. */
  games: number;
  seq: number;
  fittedAt: string;
  /** Bootstrap resamples behind the intervals. */
  bootstrap: number;
  /** Per rated agent id. Pairs of a payoff game's seats are scored by their returns (pairs.ts). */
  ratings: BradleyTerryRating[];
  balance: BalanceFigures;
  /**
   * Mean return per seat played, in the game's returnUnit (chips for a game with payoffs), per
   * agent id and per seat, over the games that have returns. Absent in snapshots fitted before
   * returns were kept.
   */
  meanReturns?: MeanReturns;
  /** Per agent id, its Elo after each of its latest games (at most HISTORY_POINTS), oldest first. */
  history: Record<string, { elo: number; at: string }[]>;
}

interface MeanReturns {
  /** Per agent id: its mean return per seat it played (an agent with two seats in a game counts twice). */
  agents: Record<string, number>;
  /** Per seat: the mean return of that seat over the games that had it. */
  seats: number[];
}

/** Rating points per agent the leaderboard's chart shows: its latest games. */
export const HISTORY_POINTS = 200;

/** The bootstrap's seed: not secret, it only makes the same games give the same intervals. */
export function snapshotSeed(game: string, games: number): string {
  return `leaderboard:bt:${game}:${games}`;
}

/** The fit and balance figures of a game's results (every agent of `rated` must have played). */
export function fitResults(
  game: string,
  results: readonly ResultRow[],
  rated: readonly string[],
  bootstrap: number,
): Pick<RatingSnapshot, 'ratings' | 'balance' | 'meanReturns'> {
  // Each row is the game's whole outcome (ranking, returns, payoffScale): the CLI's fit, as it is.
  const ratings =
    rated.length >= 2
      ? bradleyTerryWithIntervals(rated, results, Rng.fromSeed(snapshotSeed(game, results.length)), bootstrap)
      : [];
  return { ratings, balance: balanceOf(results), meanReturns: meanReturnsOf(results) };
}

/** Mean returns per agent and per seat (as play/summary.ts's meanReturn: per seat played). */
function meanReturnsOf(results: readonly ResultRow[]): MeanReturns {
  const agents = new Map<string, { sum: number; n: number }>();
  const seats: { sum: number; n: number }[] = [];
  for (const r of results) {
    if (!r.returns) continue;
    r.seats.forEach((agent, seat) => {
      const a = agents.get(agent) ?? { sum: 0, n: 0 };
      a.sum += r.returns![seat];
      a.n++;
      agents.set(agent, a);
      seats[seat] ??= { sum: 0, n: 0 };
      seats[seat].sum += r.returns![seat];
      seats[seat].n++;
    });
  }
  return {
    agents: Object.fromEntries([...agents].map(([agent, a]) => [agent, a.sum / a.n])),
    seats: Array.from(seats, (s) => (s ? s.sum / s.n : 0)),
  };
}

/** Seat win shares over the games that had that seat (a game may allow several player counts). */
function balanceOf(results: readonly ResultRow[]): BalanceFigures {
  // A loop, not Math.max(...): tens of thousands of arguments overflow the stack.
  let maxPlayers = 0;
  for (const r of results) maxPlayers = Math.max(maxPlayers, r.players);
  const seatWins = new Array<number>(maxPlayers).fill(0);
  const seatGames = new Array<number>(maxPlayers).fill(0);
  let length = 0;
  let truncated = 0;
  for (const r of results) {
    r.ranking.forEach((place, seat) => {
      seatGames[seat]++;
      if (place === 0) seatWins[seat]++;
    });
    length += r.length;
    if (r.truncated) truncated++;
  }
  const n = results.length;
  return {
    games: n,
    firstSeatWinShare: n ? seatWins[0] / n : 0,
    seatWinShares: seatWins.map((w, seat) => (seatGames[seat] ? w / seatGames[seat] : 0)),
    meanLength: n ? length / n : 0,
    truncatedShare: n ? truncated / n : 0,
  };
}
