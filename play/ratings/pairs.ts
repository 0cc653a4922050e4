/**
 * A multiplayer game seen as all its pairwise results (architecture "Tournaments"): every two
 * seats held by different agents give one result. By their places: 1 / 0.5 / 0 for the first.
 * In a game with its own payoffs (chips), by their payoff difference instead: a fractional score
 * 0.5 + (r_i - r_j) / (4 * payoffScale) in [0, 1], so an agent that wins many small pots and loses
 * big ones is rated by what it won, not by how often. Elo and the Bradley-Terry MM fit take
 * fractional scores as they take draws.
 */
export interface PairResult {
  a: string;
  b: string;
  /** a's score against b, in [0, 1]: 1 ahead, 0.5 level, 0 behind (fractions from payoffs). */
  score: number;
}

/** What ratings read of one game's result. */
export interface RatedOutcome {
  /** Place per seat, 0 = first (competition ranking). */
  readonly ranking: readonly number[];
  /** Return per seat in the game's unit: read only when payoffScale is set. */
  readonly returns?: readonly number[];
  /**
   * Set for games with their own payoffs (MatchResult.payoffScale, the game's returnScale): pairs
   * are scored by their returns. Absent for ranking-based games: pairs are scored by their places.
   */
  readonly payoffScale?: number;
}

/** A ranking alone, or the whole outcome. */
export type Outcome = readonly number[] | RatedOutcome;

/** Score of seat i against seat j in [0, 1]. */
function pairScore(outcome: Outcome, i: number, j: number): number {
  if (isRanking(outcome)) return placeScore(outcome, i, j);
  const { ranking, returns, payoffScale } = outcome;
  if (payoffScale === undefined || returns === undefined) return placeScore(ranking, i, j);
  return Math.min(1, Math.max(0, 0.5 + (returns[i] - returns[j]) / (4 * payoffScale)));
}

function isRanking(outcome: Outcome): outcome is readonly number[] {
  return Array.isArray(outcome);
}

function placeScore(ranking: readonly number[], i: number, j: number): number {
  return ranking[i] < ranking[j] ? 1 : ranking[i] === ranking[j] ? 0.5 : 0;
}

export function pairResults(seats: readonly string[], outcome: Outcome): PairResult[] {
  const out: PairResult[] = [];
  for (let i = 0; i < seats.length; i++) {
    for (let j = i + 1; j < seats.length; j++) {
      if (seats[i] === seats[j]) continue; // an agent against its own copy tells nothing about ratings
      out.push({ a: seats[i], b: seats[j], score: pairScore(outcome, i, j) });
    }
  }
  return out;
}
