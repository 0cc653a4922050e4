/**
 * Measures a candidate against fixed opponents: one candidate seat, every other seat the
 * opponent, the candidate's seat rotated. Score = mean of (return + 1) / 2 (the average pairwise
 * score, 0.5 = level), win rate = share of games the candidate finished first alone (a shared
 * first place, such as a drawn game, is not a win),
 * Elo = 400 log10(score / (1 - score)) relative to the opponent.
 */
import type { MatchResult } from '../agents/index.js';
import type { GameJob } from '../play/index.js';

export interface MatchupFigures {
  opponent: string;
  games: number;
  score: number;
  winRate: number;
  elo: number;
}

export function eloFromScore(score: number): number {
  const s = Math.min(0.99, Math.max(0.01, score));
  return 400 * Math.log10(s / (1 - s));
}

function figuresOf(
  opponent: string,
  results: readonly MatchResult[],
  candidateSeats: readonly number[],
): MatchupFigures {
  let score = 0;
  let wins = 0;
  results.forEach((r, i) => {
    const seat = candidateSeats[i];
    score += (r.returns[seat] + 1) / 2;
    if (r.ranking[seat] === 0 && r.ranking.filter((place) => place === 0).length === 1) wins++;
  });
  score /= results.length;
  return { opponent, games: results.length, score, winRate: wins / results.length, elo: eloFromScore(score) };
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
  return options.opponents.map((opponent, k) => {
    const from = k * options.gamesEach;
    return figuresOf(
      opponent,
      results.slice(from, from + options.gamesEach),
      seats.slice(from, from + options.gamesEach),
    );
  });
}
