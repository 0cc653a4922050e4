/**
 * Rating refits (npm run bench:ratings): how long the leaderboard's Bradley-Terry fit with 100
 * bootstrap resamples takes over 1,000 to 50,000 synthetic four-player games between 20 agents
 * (median of 3 runs). The arena runs it on its fitting thread (arena/ratings/), never in a request;
 * this says how stale a snapshot gets while one is computed.
 */
import { bradleyTerryWithIntervals } from '../play/index.js';
import { Rng } from '../envs/index.js';

const AGENTS = Array.from({ length: 20 }, (_, i) => `agent${i}`);
const RUNS = 3;

function games(count: number): { seats: string[]; ranking: number[] }[] {
  const rng = Rng.fromSeed(`bench:ratings:${count}`);
  return Array.from({ length: count }, () => {
    const seats: string[] = [];
    while (seats.length < 4) {
      const a = AGENTS[rng.int(AGENTS.length)];
      if (!seats.includes(a)) seats.push(a);
    }
    // A strict ranking in a random order, with a tie for second place now and then.
    const ranking = rng.shuffle([0, 1, 2, 3]);
    if (rng.int(8) === 0) ranking[ranking.indexOf(2)] = 1;
    return { seats, ranking };
  });
}

console.log(`Bradley-Terry fit + 100 bootstrap resamples, 20 agents, 4 seats, median of ${RUNS} runs, one thread:`);
for (const count of [1_000, 10_000, 50_000]) {
  const records = games(count);
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    bradleyTerryWithIntervals(AGENTS, records, Rng.fromSeed(`run${r}`), 100);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${count.toLocaleString('en-US').padStart(7)} games  ${(times[1] / 1000).toFixed(2).padStart(6)} s`);
}
