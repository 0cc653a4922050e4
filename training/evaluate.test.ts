import { describe, expect, test } from 'vitest';
import type { MatchResult } from '../agents/index.js';
import type { GameJob } from '../play/index.js';
import { curvesFromMetrics } from './curves.js';
import { eloFromScore, evalGamesFor, evaluateCandidate } from './evaluate.js';

/** Two-player results where the candidate (at `seat` of each job) gets these returns in turn. */
function scripted(returns: number[]) {
  let k = 0;
  return async (jobs: readonly GameJob[]): Promise<MatchResult[]> =>
    jobs.map((job) => {
      const seat = job.seats.indexOf('candidate');
      const mine = returns[k++ % returns.length];
      const r = [0, 0];
      r[seat] = mine;
      r[1 - seat] = -mine;
      const ranking = mine > 0 ? (seat === 0 ? [0, 1] : [1, 0]) : mine < 0 ? (seat === 0 ? [1, 0] : [0, 1]) : [0, 0];
      return { seats: job.seats, players: 2, actions: [], ranking, returns: r, scores: r } as unknown as MatchResult;
    });
}

describe('training evaluations with intervals', () => {
  test('the score interval is the mean ± 1.96 standard errors of the games, on the Elo scale too', async () => {
    // 3 wins, 1 draw in 4 games: scores 1, 1, 1, 0.5 -> mean 0.875, sample sd 0.25.
    const [f] = await evaluateCandidate({
      game: 'tictactoe',
      players: 2,
      candidate: 'candidate',
      opponents: ['random'],
      gamesEach: 4,
      seed: 's',
      play: scripted([1, 1, 1, 0]),
    });
    expect(f.score).toBe(0.875);
    expect(f.winRate).toBe(0.75);
    expect(f.scoreLow).toBeCloseTo(0.875 - (1.96 * 0.25) / 2, 12);
    expect(f.scoreHigh).toBe(1); // clamped
    expect(f.eloLow).toBe(eloFromScore(f.scoreLow));
    expect(f.eloHigh).toBe(eloFromScore(1));
  });

  test('a game paying chips is scored by its returns over its largest return (Leduc: 13 chips)', async () => {
    // +13, +1 and -6.5 chips: scores 1, 7/13 and 1/4.
    const [f] = await evaluateCandidate({
      game: 'leduc',
      players: 2,
      candidate: 'candidate',
      opponents: ['random'],
      gamesEach: 3,
      seed: 's',
      play: scripted([13, 1, -6.5]),
    });
    expect(f.score).toBeCloseTo((1 + 7 / 13 + 1 / 4) / 3, 12);
    expect(f.winRate).toBeCloseTo(2 / 3, 12);
    expect(f.scoreLow).toBeLessThan(f.score);
    expect(f.scoreHigh).toBeGreaterThan(f.score);
  });

  test('the default evaluation size keeps the interval within ±0.1 even at the widest (even results)', async () => {
    expect(evalGamesFor(2)).toBe(98);
    expect(evalGamesFor(3)).toBe(99);
    expect(evalGamesFor(4)).toBe(100);
    expect(evalGamesFor(5)).toBe(100);
    for (const players of [2, 4]) {
      const [f] = await evaluateCandidate({
        game: 'tictactoe',
        players: 2,
        candidate: 'candidate',
        opponents: ['random'],
        gamesEach: evalGamesFor(players),
        seed: 's',
        play: scripted([1, -1]),
      });
      expect(f.score).toBe(0.5);
      expect(f.scoreHigh - f.score).toBeLessThanOrEqual(0.1);
      expect(f.score - f.scoreLow).toBeLessThanOrEqual(0.1);
    }
  });

  test('the curves draw each evaluation point with its interval as an error bar', () => {
    const rows = [
      { step: 10, policyLoss: 1, eval: [{ opponent: 'random', elo: 50, eloLow: 10, eloHigh: 90 }] },
      { step: 20, policyLoss: 0.8, eval: [{ opponent: 'random', elo: 120, eloLow: 80, eloHigh: 160 }] },
      // A run from before the intervals: the point without a bar.
      { step: 30, policyLoss: 0.7, eval: [{ opponent: 'random', elo: 130 }] },
    ];
    const svg = curvesFromMetrics('run', rows);
    expect(svg.match(/<line class="interval"/g)).toHaveLength(2);
    expect(svg).toContain('bars: 95% intervals');
  });
});
