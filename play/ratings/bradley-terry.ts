import type { Rng } from '../../envs/index.js';
import { pairResults, type RatedOutcome } from './pairs.js';

/** One game as the fit reads it: its seats and outcome (payoff games are scored by returns: pairs.ts). */
export interface GameRecord extends RatedOutcome {
  /** Agent name per seat. */
  seats: readonly string[];
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
 * Every game's pairwise results as [i, j, score, i, j, score, ...] over agent indices, all games in
 * one array (game k's are from offsets[k] to offsets[k + 1]): worked out once, so a bootstrap's
 * hundred resamples only add up numbers, reading one block of memory.
 */
interface EncodedGames {
  data: Float64Array;
  offsets: Int32Array;
  count: number;
}

function encodeGames(index: Map<string, number>, games: readonly GameRecord[]): EncodedGames {
  const all = games.map((g) => pairResults(g.seats, g));
  const offsets = new Int32Array(games.length + 1);
  all.forEach((pairs, k) => (offsets[k + 1] = offsets[k] + 3 * pairs.length));
  const data = new Float64Array(offsets[games.length]);
  all.forEach((pairs, k) =>
    pairs.forEach(({ a, b, score }, p) => {
      const at = offsets[k] + 3 * p;
      data[at] = index.get(a)!;
      data[at + 1] = index.get(b)!;
      data[at + 2] = score;
    }),
  );
  return { data, offsets, count: games.length };
}

/**
 * Maximum-likelihood strengths (geometric mean 1) from encoded games, by Hunter's MM iteration
 * (2004). `pick(k)` is the index of the k-th of `count` games (a resample picks with replacement).
 */
function solve(n: number, games: EncodedGames, count: number, pick: (k: number) => number): Float64Array {
  const wins = new Float64Array(n);
  // played[i * n + j]: games between i and j, the prior's included.
  const played = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      played[i * n + j] += PRIOR_GAMES;
      wins[i] += PRIOR_GAMES / 2;
    }
  }
  const { data, offsets } = games;
  for (let k = 0; k < count; k++) {
    const g = pick(k);
    for (let p = offsets[g]; p < offsets[g + 1]; p += 3) {
      const i = data[p];
      const j = data[p + 1];
      const score = data[p + 2];
      played[i * n + j]++;
      played[j * n + i]++;
      wins[i] += score;
      wins[j] += 1 - score;
    }
  }
  let gamma = new Float64Array(n).fill(1);
  for (let iter = 0; iter < 1000; iter++) {
    const next = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let denom = 0;
      for (let j = 0; j < n; j++) {
        const m = played[i * n + j];
        if (j !== i && m > 0) denom += m / (gamma[i] + gamma[j]);
      }
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
  return gamma;
}

/** Strengths on the Elo scale: 400 * log10 of the Bradley-Terry strength. */
const eloScale = (gamma: number) => (400 * Math.log(gamma)) / Math.LN10;

/**
 * Maximum-likelihood Bradley-Terry strengths from pairwise results (ties count half), by Hunter's
 * MM iteration (2004), returned on the Elo scale with mean 0.
 */
export function fitBradleyTerry(agents: readonly string[], games: readonly GameRecord[]): Record<string, number> {
  const encoded = encodeGames(new Map(agents.map((a, i) => [a, i])), games);
  const gamma = solve(agents.length, encoded, encoded.count, (k) => k);
  return Object.fromEntries(agents.map((a, i) => [a, eloScale(gamma[i])]));
}

/** The fit plus 95% intervals from `samples` bootstrap resamples of the games (seeded). */
export function bradleyTerryWithIntervals(
  agents: readonly string[],
  games: readonly GameRecord[],
  rng: Rng,
  samples = 200,
): BradleyTerryRating[] {
  const n = agents.length;
  const encoded = encodeGames(new Map(agents.map((a, i) => [a, i])), games);
  const point = solve(n, encoded, encoded.count, (k) => k);
  const draws: number[][] = agents.map(() => []);
  const picks = new Int32Array(encoded.count);
  for (let s = 0; s < samples && encoded.count > 0; s++) {
    for (let k = 0; k < picks.length; k++) picks[k] = rng.int(encoded.count);
    const fit = solve(n, encoded, picks.length, (k) => picks[k]);
    for (let i = 0; i < n; i++) draws[i].push(eloScale(fit[i]));
  }
  return agents.map((agent, i) => {
    const sorted = draws[i].sort((x, y) => x - y);
    const at = (q: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : eloScale(point[i]);
    return { agent, rating: eloScale(point[i]), low: at(0.025), high: at(0.975) };
  });
}
