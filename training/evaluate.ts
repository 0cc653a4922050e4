/**
 * Measures a candidate against fixed opponents: one candidate seat, every other seat the
 * opponent, the candidate's seat rotated. Score = mean of (return / returnScale + 1) / 2 (the
 * average pairwise score, 0.5 = level; a game paying chips has its returns divided by its largest
 * return, so the score stays in [0, 1] as for ranking-based returns), win rate = share of games the
 * candidate finished first alone (a shared first place, such as a drawn game, is not a win),
 * Elo = 400 log10(score / (1 - score)) relative to the opponent.
 */
import type { MatchResult } from '../agents/index.js';
import { getGame } from '../envs/index.js';
import type { GameJob } from '../play/index.js';

export interface MatchupFigures {
  opponent: string;
  games: number;
  score: number;
  /** 95% interval of the score (normal approximation over the games' scores, within [0, 1]). */
  scoreLow: number;
  scoreHigh: number;
  winRate: number;
  elo: number;
  /** The score interval on the Elo scale. */
  eloLow: number;
  eloHigh: number;
}

/** Half-width of the 95% score interval that training evaluations aim at (issue 23). */
const SCORE_INTERVAL_HALF_WIDTH = 0.1;

/**
 * Games per opponent that keep the 95% score interval within ±0.1 whatever the results: a game's
 * score lies in [0, 1], so its standard deviation is at most 0.5 and 1.96² · 0.25 / 0.1² = 96.04
 * games are enough. Rounded up to whole rotations of the candidate's seat.
 */
export function evalGamesFor(players: number): number {
  const needed = Math.ceil((1.96 * 1.96 * 0.25) / (SCORE_INTERVAL_HALF_WIDTH * SCORE_INTERVAL_HALF_WIDTH));
  return Math.ceil(needed / players) * players;
}

export function eloFromScore(score: number): number {
  const s = Math.min(0.99, Math.max(0.01, score));
  return 400 * Math.log10(s / (1 - s));
}

function figuresOf(
  opponent: string,
  results: readonly MatchResult[],
  candidateSeats: readonly number[],
  returnScale: number,
): MatchupFigures {
  const scores: number[] = [];
  let wins = 0;
  results.forEach((r, i) => {
    const seat = candidateSeats[i];
    scores.push((r.returns[seat] / returnScale + 1) / 2);
    if (r.ranking[seat] === 0 && r.ranking.filter((place) => place === 0).length === 1) wins++;
  });
  const n = scores.length;
  const score = scores.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? scores.reduce((a, s) => a + (s - score) ** 2, 0) / (n - 1) : 0.25;
  const half = 1.96 * Math.sqrt(variance / n);
  const scoreLow = Math.max(0, score - half);
  const scoreHigh = Math.min(1, score + half);
  return {
    opponent,
    games: n,
    score,
    scoreLow,
    scoreHigh,
    winRate: wins / n,
    elo: eloFromScore(score),
    eloLow: eloFromScore(scoreLow),
    eloHigh: eloFromScore(scoreHigh),
  };
}

export interface EvaluationOptions {
  game: string;
  players: number;
  candidate: string;
  opponents: readonly string[];
  gamesEach: number;
  seed: string;
  /** Plays the games (a TrainingPool's matches, or the tournament worker pool). */
  play: (jobs: readonly GameJob[]) => Promise<MatchResult[]>;
}

export async function evaluateCandidate(options: EvaluationOptions): Promise<MatchupFigures[]> {
  const jobs: GameJob[] = [];
  const seats: number[] = [];
  // Seeds name the opponent by position, not by spec: specs hold folder paths, and the same run
  // in another folder must play the same games.
  for (const [k, opponent] of options.opponents.entries()) {
    for (let g = 0; g < options.gamesEach; g++) {
      const seat = g % options.players;
      jobs.push({
        index: jobs.length,
        game: options.game,
        seed: `${options.seed}:${k}:${g}`,
        seats: Array.from({ length: options.players }, (_, s) => (s === seat ? options.candidate : opponent)),
      });
      seats.push(seat);
    }
  }
  const results = await options.play(jobs);
  const { returnScale } = getGame(options.game);
  return options.opponents.map((opponent, k) => {
    const from = k * options.gamesEach;
    return figuresOf(
      opponent,
      results.slice(from, from + options.gamesEach),
      seats.slice(from, from + options.gamesEach),
      returnScale,
    );
  });
}
