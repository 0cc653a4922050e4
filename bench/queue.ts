/**
 * What the Redis job queue's `agora worker` processes add (npm run bench:queue; needs REDIS_URL, e.g.
 * after `source scripts/test-services.sh start`, then REDIS_URL=$AGORA_TEST_REDIS_URL):
 * - tournament games/s with 1, 2 and 4 workers: N games of Promotion between
 *   random/greedy/mcts:iterations=200 bots queued at once and timed until the last result arrives;
 *   beside it the in-process worker-thread pool on the same games;
 * - people's-match bot decisions/s with 1 and 2 workers (issue 25: 1 -> 2 at least 1.6x when the
 *   arena is not the bottleneck): D decisions of the roster's strongest MCTS bot in D different
 *   Promotion matches, asked at once through the arena's own QueueBots, as its matches ask them.
 * Each run: a fresh queue prefix, the workers started and ready. Median of 3 runs per worker count.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { getGame, Rng } from '../envs/index.js';
import { QueueClient, scheduleTournament } from '../play/index.js';
import { QueueBots, ThreadRunner } from '../arena/index.js';

const url = process.env.REDIS_URL;
if (!url) {
  console.error(
    'bench/queue.ts needs REDIS_URL (source scripts/test-services.sh start; export REDIS_URL=$AGORA_TEST_REDIS_URL)',
  );
  process.exitCode = 2;
} else {
  const CLI = fileURLToPath(new URL('../cli/agora.js', import.meta.url));
  const GAMES = Number(process.env.BENCH_GAMES ?? 96);
  const DECISIONS = Number(process.env.BENCH_DECISIONS ?? 256);
  const DECISION_SPEC = process.env.BENCH_DECISION_SPEC ?? 'mcts:iterations=5000,cutoff=30';
  const game = 'promotion';
  const agents = ['random', 'greedy', 'mcts:iterations=200'];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const schedule = scheduleTournament(agents, 4, GAMES, 'round-robin', 'bench-queue');

  const startWorkers = async (n: number, prefix: string): Promise<ChildProcess[]> =>
    Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise<ChildProcess>((resolve, reject) => {
            const child = spawn(process.execPath, [CLI, 'worker', '--redis', url, '--prefix', prefix], {
              stdio: ['ignore', 'ignore', 'pipe'],
            });
            child.stderr!.on('data', (b: Buffer) => {
              if (b.toString().includes('taking jobs')) resolve(child);
            });
            child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
          }),
      ),
    );

  let run = 0;
  /** Per second of `count` jobs that `work` queues, with `workers` fresh worker processes on a fresh queue. */
  const rateWith = async (workers: number, count: number, work: (client: QueueClient) => Promise<unknown>) => {
    const prefix = `agora-bench-${process.pid}-${++run}`;
    const children = await startWorkers(workers, prefix);
    const client = new QueueClient(url, { prefix });
    try {
      const t = performance.now();
      await work(client);
      return count / ((performance.now() - t) / 1000);
    } finally {
      for (const c of children) c.kill('SIGTERM');
      await client.close();
    }
  };

  const queueRate = (workers: number) =>
    rateWith(workers, GAMES, (client) =>
      client.run(
        schedule.map((g) => ({
          key: `b:${g.index}`,
          data: {
            kind: 'match' as const,
            job: { index: g.index, game, seats: g.seats, seed: g.seed },
            timeoutMs: 600_000,
          },
        })),
        () => {},
      ),
    );

  // Positions from D matches: each a seeded random prefix of 0-59 actions from its own seed.
  const positions = Array.from({ length: DECISIONS }, (_, i) => {
    const seed = `bench-decision-${i}`;
    const rng = Rng.fromSeed(`${seed}:prefix`);
    // Shorter prefixes until one leaves the game open (a bot is only asked while someone is to act).
    for (let length = rng.int(60); ; length = Math.floor(length / 2)) {
      const state = getGame(game).newGame({ players: 4, seed });
      const actions: number[] = [];
      while (actions.length < length && !state.isTerminal()) {
        const legal = state.legalActions();
        actions.push(legal[rng.int(legal.length)]);
        state.applyAction(actions[actions.length - 1]);
      }
      if (!state.isTerminal()) return { key: `bench-match-${i}`, seed, actions, state };
    }
  });

  const decisionRate = (workers: number) =>
    rateWith(workers, DECISIONS, (client) => {
      const bots = new QueueBots(client);
      return Promise.all(
        positions.map((p, i) =>
          bots.decide({
            key: `${p.key}:${run}`,
            budgetMs: 10_000,
            game,
            spec: DECISION_SPEC,
            seed: `bench-decide-${i}`,
            match: { seed: p.seed, players: 4, actions: p.actions },
            state: p.state,
          }),
        ),
      );
    });

  const threadRate = async (threads: number): Promise<number> => {
    const runner = new ThreadRunner(threads);
    const t = performance.now();
    await runner.play(
      schedule.map((g) => ({ id: `t:${g.index}`, index: g.index, game, seats: g.seats, seed: g.seed })),
      { onResult: () => {} },
    );
    return GAMES / ((performance.now() - t) / 1000);
  };

  // `npm run bench:queue -- decisions` (or `games`) runs one part.
  const parts = process.argv.slice(2);
  const wanted = (part: string) => parts.length === 0 || parts.includes(part);
  console.log(`this machine has ${availableParallelism()} cores`);
  if (wanted('games')) {
    console.log(`${GAMES} games of ${game} (${agents.join(', ')}), median of 3 runs`);
    console.log('runner                      games/s');
    for (const n of [1, 2, 4]) {
      const rates: number[] = [];
      for (let r = 0; r < 3; r++) rates.push(await queueRate(n));
      console.log(
        `queue, ${n} worker process${n === 1 ? ' ' : 'es'}   ${median(rates).toFixed(1).padStart(7)}   ` +
          `(runs: ${rates.map((x) => x.toFixed(1)).join(', ')})`,
      );
    }
    const rates: number[] = [];
    for (let r = 0; r < 3; r++) rates.push(await threadRate(2));
    console.log(
      `in-process, 2 threads        ${median(rates).toFixed(1).padStart(7)}   ` +
        `(runs: ${rates.map((x) => x.toFixed(1)).join(', ')})`,
    );
  }

  if (wanted('decisions')) {
    console.log(`\n${DECISIONS} bot decisions (${DECISION_SPEC}, ${game}, one per match), median of 3 runs`);
    console.log('runner                      decisions/s');
    const decisionMedians: number[] = [];
    for (const n of [1, 2]) {
      const runs: number[] = [];
      for (let r = 0; r < 3; r++) runs.push(await decisionRate(n));
      decisionMedians.push(median(runs));
      console.log(
        `queue, ${n} worker process${n === 1 ? ' ' : 'es'}   ${median(runs).toFixed(1).padStart(7)}   ` +
          `(runs: ${runs.map((x) => x.toFixed(1)).join(', ')})`,
      );
    }
    console.log(
      `1 -> 2 workers: ${(decisionMedians[1] / decisionMedians[0]).toFixed(2)}x (issue 25's goal: at least 1.6x)`,
    );
  }
}
