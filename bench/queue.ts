/**
 * Tournament games/s through the Redis job queue with 1, 2 and 4 `agora worker` processes
 * (npm run bench:queue; needs REDIS_URL, e.g. after `source scripts/test-services.sh start`, then
 * REDIS_URL=$AGORA_TEST_REDIS_URL). Each run: a fresh queue prefix, the workers started and ready,
 * then N games of Promotion between random/greedy/mcts:iterations=200 bots queued at once and timed
 * until the last result arrives. Median of 3 runs per worker count; beside it the in-process
 * worker-thread pool on the same games.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { QueueClient, scheduleTournament } from '../play/index.js';
import { ThreadRunner } from '../arena/index.js';

const url = process.env.REDIS_URL;
if (!url) {
  console.error(
    'bench/queue.ts needs REDIS_URL (source scripts/test-services.sh start; export REDIS_URL=$AGORA_TEST_REDIS_URL)',
  );
  process.exitCode = 2;
} else {
  const CLI = fileURLToPath(new URL('../cli/agora.js', import.meta.url));
  const GAMES = Number(process.env.BENCH_GAMES ?? 96);
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
  const queueRate = async (workers: number): Promise<number> => {
    const prefix = `agora-bench-${process.pid}-${++run}`;
    const children = await startWorkers(workers, prefix);
    const client = new QueueClient(url, { prefix });
    try {
      const t = performance.now();
      await client.run(
        schedule.map((g) => ({
          key: `b:${g.index}`,
          data: {
            kind: 'match' as const,
            job: { index: g.index, game, seats: g.seats, seed: g.seed },
            timeoutMs: 600_000,
          },
        })),
        () => {},
      );
      return GAMES / ((performance.now() - t) / 1000);
    } finally {
      for (const c of children) c.kill('SIGTERM');
      await client.close();
    }
  };

  const threadRate = async (threads: number): Promise<number> => {
    const runner = new ThreadRunner(threads);
    const t = performance.now();
    await runner.play(
      schedule.map((g) => ({ id: `t:${g.index}`, index: g.index, game, seats: g.seats, seed: g.seed })),
      { onResult: () => {} },
    );
    return GAMES / ((performance.now() - t) / 1000);
  };

  console.log(`${GAMES} games of ${game} (${agents.join(', ')}), median of 3 runs; this machine has 2 cores`);
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
