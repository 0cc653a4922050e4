import { loadPolicyFolder } from '../../agents/index.js';
import { AgoraError, getGame } from '../../envs/index.js';
import { startWorker } from '../../play/index.js';
import { BotPool, decideQueued } from '../../arena/index.js';

export interface WorkerCliOptions {
  redis?: string;
  prefix?: string;
  concurrency: number;
}

/** `agora worker`: plays queued games (tournaments, self-play) until stopped with Ctrl+C or SIGTERM. */
export async function workerCommand(opts: WorkerCliOptions): Promise<void> {
  const url = opts.redis ?? process.env.REDIS_URL;
  if (!url)
    throw new AgoraError('bad_request', 'agora worker needs a Redis server: --redis redis://host:6379 or REDIS_URL');
  let done = 0;
  let failed = 0;
  // People's-match bot decisions: on bot threads of this process, as the arena's own would be.
  const bots = new BotPool(opts.concurrency);
  const worker = await startWorker({
    url,
    prefix: opts.prefix ?? process.env.AGORA_QUEUE_PREFIX,
    concurrency: opts.concurrency,
    // Self-play is training's: its code loads on the first self-play job only.
    selfPlay: async (data, modelDir, signal) => {
      const training = await import('../../training/index.js');
      const game = getGame(data.game);
      const net = loadPolicyFolder(modelDir, game);
      return training.playSelfPlayGameAsync(game, net, data.players, data.seed, data.options, signal);
    },
    decide: (data) => decideQueued(bots, data),
    onJob: (job, ms, error) => {
      // A decision takes milliseconds: only failed ones are logged.
      if (job.data.kind === 'decision' && !error) return;
      if (error) failed++;
      else done++;
      process.stderr.write(
        `${new Date().toISOString()} ${job.data.kind} ${job.id} ${error ? `failed: ${error.message}` : 'done'} ` +
          `in ${Math.round(ms)} ms (${done} done, ${failed} failed)\n`,
      );
    },
  });
  process.stderr.write(`agora worker ${process.pid}: taking jobs from ${url} (concurrency ${opts.concurrency})\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.stderr.write('agora worker: finishing the jobs in hand, then stopping\n');
      void worker
        .close()
        .then(() => bots.close())
        .then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
