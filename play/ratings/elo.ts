import { pairResults, type Outcome } from './pairs.js';

export const ELO_START = 1500;
export const ELO_K = 32;

/** Elo's expected score of a rating against another. */
export function expectedScore(rating: number, opponent: number): number {
  return 1 / (1 + 10 ** ((opponent - rating) / 400));
}

/**
 * Rating changes from one game (its ranking, or its whole outcome: pairs.ts): every pair of seats
 * held by different agents is one Elo game, and the K-factor is divided by (players - 1) so a
 * multiplayer game moves a rating about as much as one two-player game. All pairs use the ratings
 * from before the game (simultaneous update). Returns the change per agent; agents not in
 * `ratings` start at ELO_START.
 */
export function eloDeltas(
  ratings: Readonly<Record<string, number>>,
  seats: readonly string[],
  outcome: Outcome,
  k = ELO_K,
): Record<string, number> {
  const scale = k / Math.max(1, seats.length - 1);
  const delta: Record<string, number> = {};
  for (const { a, b, score } of pairResults(seats, outcome)) {
    const ra = ratings[a] ?? ELO_START;
    const rb = ratings[b] ?? ELO_START;
    const change = scale * (score - expectedScore(ra, rb));
    delta[a] = (delta[a] ?? 0) + change;
    delta[b] = (delta[b] ?? 0) - change;
  }
  return delta;
}

/** Applies one game to a rating table in place and returns the deltas. */
export function applyElo(
  ratings: Record<string, number>,
  seats: readonly string[],
  outcome: Outcome,
  k = ELO_K,
): Record<string, number> {
  const delta = eloDeltas(ratings, seats, outcome, k);
  for (const [agent, d] of Object.entries(delta)) ratings[agent] = (ratings[agent] ?? ELO_START) + d;
  for (const agent of seats) ratings[agent] ??= ELO_START;
  return delta;
}
