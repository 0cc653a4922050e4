import type { Rng } from '../../envs/index.js';
import { pairResults } from './pairs.js';

export interface GameRecord {
  /** Agent name per seat. */
  seats: readonly string[];
  ranking: readonly number[];
}

export interface BradleyTerryRating {
  agent: string;
  /** Strength on the Elo scale (400 * log10 of the Bradley-Terry strength), mean of all agents 0. */
  rating: number;
  /** 95% bootstrap interval (2.5th and 97.5th percentiles over resampled games). */
  low: number;
  high: number;
}

/** Half a win and half a loss against every other agent: keeps the fit finite under perfect records. */
const PRIOR_GAMES = 1;

/**
 * Maximum-likelihood Bradley-Terry strengths from pairwise results (ties count half), by Hunter's
 * MM iteration (2004), returned on the Elo scale with mean 0.
 */
export function fitBradleyTerry(agents: readonly string[], games: readonly GameRecord[]): Record<string, number> {
  const n = agents.length;
  const index = new Map(agents.map((a, i) => [a, i]));
  const wins = new Float64Array(n);
  const played = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      played[i][j] += PRIOR_GAMES;
      wins[i] += PRIOR_GAMES / 2;
    }
  }
  for (const g of games) {
    for (const { a, b, score } of pairResults(g.seats, g.ranking)) {
      const i = index.get(a)!;
      const j = index.get(b)!;
      played[i][j]++;
      played[j][i]++;
      wins[i] += score;
      wins[j] += 1 - score;
    }
  }
  let gamma = new Float64Array(n).fill(1);
  for (let iter = 0; iter < 1000; iter++) {
    const next = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let denom = 0;
      for (let j = 0; j < n; j++) if (j !== i && played[i][j] > 0) denom += played[i][j] / (gamma[i] + gamma[j]);
      next[i] = denom > 0 ? wins[i] / denom : gamma[i];
    }
    // Normalise to geometric mean 1 so the scale does not drift.
    const logMean = next.reduce((s, g) => s + Math.log(g), 0) / n;
    let change = 0;
    for (let i = 0; i < n; i++) {
      next[i] = Math.exp(Math.log(next[i]) - logMean);
      change = Math.max(change, Math.abs(Math.log(next[i]) - Math.log(gamma[i])));
    }
    gamma = next;
    if (change < 1e-10) break;
  }
  return Object.fromEntries(agents.map((a, i) => [a, (400 * Math.log(gamma[i])) / Math.LN10]));
}

/** The fit plus 95% intervals from `samples` bootstrap resamples of the games (seeded). */
export function bradleyTerryWithIntervals(
  agents: readonly string[],
  games: readonly GameRecord[],
  rng: Rng,
  samples = 200,
): BradleyTerryRating[] {
  const point = fitBradleyTerry(agents, games);
  const draws: Record<string, number[]> = Object.fromEntries(agents.map((a) => [a, []]));
  for (let s = 0; s < samples && games.length > 0; s++) {
    const resample = Array.from({ length: games.length }, () => games[rng.int(games.length)]);
    const fit = fitBradleyTerry(agents, resample);
    for (const a of agents) draws[a].push(fit[a]);
  }
  return agents.map((agent) => {
    const sorted = draws[agent].sort((x, y) => x - y);
    const at = (q: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : point[agent];
    return { agent, rating: point[agent], low: at(0.025), high: at(0.975) };
  });
}
