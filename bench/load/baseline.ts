/**
 * The views one at a time on the idle server, before the tournament and the people start: what a
 * leaderboard or replay costs with 50,000 stored games and nothing else to do, against which the
 * figures under load are read (the machine's other work still counts).
 */
import { Rng } from '../../envs/index.js';
import { Recorder } from './recorder.js';
import type { StoredGame } from './seed.js';
import { leaderboardView, replayView } from './viewers.js';

/** Views of each kind (each kind picks its route at random, as under load). */
const VIEWS = 60;

export async function baseline(
  base: string,
  games: readonly string[],
  stored: Record<string, StoredGame[]>,
): Promise<Recorder> {
  const recorder = new Recorder(base);
  recorder.start();
  const o = {
    leaderboardRate: 0,
    replayRate: 0,
    games,
    stored,
    finishedMatches: [],
    rng: Rng.fromSeed('bench:load:baseline'),
    recorder,
    stopped: () => false,
  };
  for (let i = 0; i < VIEWS; i++) await leaderboardView(o);
  for (let i = 0; i < VIEWS; i++) await replayView(o);
  return recorder;
}
