import type { MatchResult } from '../agents/index.js';
import type { Rng } from '../envs/index.js';
import { bradleyTerryWithIntervals } from './ratings/bradley-terry.js';
import { ELO_START, applyElo } from './ratings/elo.js';

interface AgentStanding {
  agent: string;
  /** Seats played (an agent with two seats in one game counts twice). */
  games: number;
  /** Share of seats that finished first (shared first places included). */
  winShare: number;
  /** Mean return per seat played, in the game's returnUnit (chips for a game with payoffs). */
  meanReturn: number;
  /** Elo after every game, applied in schedule order from ELO_START. */
  elo: number;
  /** Bradley-Terry strength on the Elo scale (mean 0) with its 95% bootstrap interval. */
  bt: number;
  btLow: number;
  btHigh: number;
}

export interface BalanceFigures {
  games: number;
  /** Share of games in which seat 0 finished first (shared included). */
  firstSeatWinShare: number;
  /** Share of first places by seat. */
  seatWinShares: number[];
  meanLength: number;
  /** Share of games ended by the rules' turn cap. */
  truncatedShare: number;
}

export interface TournamentSummary {
  standings: AgentStanding[];
  balance: BalanceFigures;
}

/** Standings (sorted by Bradley-Terry strength) and balance figures from finished games. */
export function summarizeTournament(
  agents: readonly string[],
  results: readonly MatchResult[],
  rng: Rng,
  bootstrap = 200,
): TournamentSummary {
  const elo: Record<string, number> = Object.fromEntries(agents.map((a) => [a, ELO_START]));
  const tally = new Map(agents.map((a) => [a, { games: 0, wins: 0, returns: 0 }]));
  const players = results[0]?.players ?? 0;
  const seatWins = new Array(players).fill(0);
  for (const r of results) {
    applyElo(elo, r.seats, r);
    r.seats.forEach((agent, seat) => {
      const t = tally.get(agent)!;
      t.games++;
      if (r.ranking[seat] === 0) {
        t.wins++;
        seatWins[seat]++;
      }
      t.returns += r.returns[seat];
    });
  }
  const bt = bradleyTerryWithIntervals(agents, results, rng, bootstrap);
  const standings = bt
    .map((b) => {
      const t = tally.get(b.agent)!;
      return {
        agent: b.agent,
        games: t.games,
        winShare: t.games ? t.wins / t.games : 0,
        meanReturn: t.games ? t.returns / t.games : 0,
        elo: elo[b.agent],
        bt: b.rating,
        btLow: b.low,
        btHigh: b.high,
      };
    })
    .sort((x, y) => y.bt - x.bt);
  const n = results.length;
  return {
    standings,
    balance: {
      games: n,
      firstSeatWinShare: n ? seatWins[0] / n : 0,
      seatWinShares: seatWins.map((w) => (n ? w / n : 0)),
      meanLength: n ? results.reduce((s, r) => s + r.actions.length, 0) / n : 0,
      truncatedShare: n ? results.filter((r) => r.truncated).length / n : 0,
    },
  };
}
