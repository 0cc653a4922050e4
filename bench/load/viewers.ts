/**
 * Onlookers: leaderboard and replay views arriving at fixed average rates, whatever the server's
 * speed (an open loop: a slow answer does not hold the next view back, so slowness shows as latency
 * instead of fewer requests). Intervals are exponential, so views come in random bunches.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Rng } from '../../envs/index.js';
import type { Recorder } from './recorder.js';
import type { StoredGame } from './seed.js';

export interface ViewerOptions {
  /** Leaderboard views a second (JSON, the HTML page, and now and then the menu's /leaderboard link). */
  leaderboardRate: number;
  /** Replay views a second (the JSON replay or the HTML page at a random step). */
  replayRate: number;
  games: readonly string[];
  /** Stored games per game, to replay. */
  stored: Record<string, StoredGame[]>;
  /** People's finished matches so far (their replays by match id). */
  finishedMatches: readonly string[];
  rng: Rng;
  recorder: Recorder;
  stopped: () => boolean;
}

/** One leaderboard view, of a random game: JSON, the page, or the menu's link. */
export function leaderboardView(o: ViewerOptions): Promise<unknown> {
  const game = encodeURIComponent(o.rng.pick(o.games));
  const r = o.rng.next();
  if (r < 0.45) return o.recorder.request('GET /api/leaderboard?game=', `/api/leaderboard?game=${game}`);
  if (r < 0.9) return o.recorder.request('GET /leaderboard?game=', `/leaderboard?game=${game}`);
  // The menu links to /leaderboard, which redirects to the game with the most games played.
  return o.recorder.request('GET /leaderboard', '/leaderboard');
}

/** One replay view: a person's finished match, or a stored game as JSON or as the page at a random step. */
export function replayView(o: ViewerOptions): Promise<unknown> {
  const r = o.rng.next();
  if (r < 0.2 && o.finishedMatches.length > 0) {
    const id = encodeURIComponent(o.rng.pick(o.finishedMatches));
    return o.recorder.request('GET /api/matches/:id/replay', `/api/matches/${id}/replay`);
  }
  const g = o.rng.pick(o.stored[o.rng.pick(o.games)]);
  const id = encodeURIComponent(g.id);
  if (r < 0.6) return o.recorder.request('GET /api/replays/:gameId', `/api/replays/${id}`);
  // The page at a random step: it replays the game up to there.
  return o.recorder.request('GET /replays/:gameId?step=', `/replays/${id}?step=${o.rng.int(g.actions + 1)}`);
}

/** Fires views at `rate` a second until stopped; resolves once every view fired has been answered. */
async function arrivals(rate: number, o: ViewerOptions, view: (o: ViewerOptions) => Promise<unknown>): Promise<void> {
  const inFlight: Promise<unknown>[] = [];
  if (rate <= 0) return;
  while (!o.stopped()) {
    await sleep((-Math.log(1 - o.rng.next()) * 1000) / rate);
    if (!o.stopped()) inFlight.push(view(o));
  }
  await Promise.all(inFlight);
}

export async function viewers(o: ViewerOptions): Promise<void> {
  await Promise.all([arrivals(o.leaderboardRate, o, leaderboardView), arrivals(o.replayRate, o, replayView)]);
}
