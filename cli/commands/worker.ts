import { CachedNetwork, loadPolicyFolder } from '../../agents/index.js';
import { AgoraError, getGame } from '../../envs/index.js';
import {
  checkRedis,
  connectTimeoutMs,
  exitOnConnectError,
  loggerFromEnv,
  maskUrl,
  startWorker,
} from '../../play/index.js';
import { BotPool, decideQueued } from '../../arena/index.js';
import { stopRequested } from '../stop-requested.js';

export interface WorkerCliOptions {
  redis?: string;
  prefix?: string;
  concurrency: number;
  /** How long to wait for Redis at start, ms (default: AGORA_CONNECT_TIMEOUT_MS or 5000). */
  connectTimeout?: number;
  /** Warnings and errors only (LOG_LEVEL=warn). */
  quiet?: boolean;
  /** One JSON object a line (LOG_FORMAT=json). */
  json?: boolean;
}

/**
 * `agora worker`: plays queued games (tournaments, self-play) until stopped with Ctrl+C or SIGTERM.
 * Exits with code 1 and one line when Redis cannot be reached at start; a connection lost later is
 * logged once and retried until it is back. Lines follow LOG_LEVEL and LOG_FORMAT.
 */
export async function workerCommand(opts: WorkerCliOptions): Promise<void> {
  const url = opts.redis ?? process.env.REDIS_URL;
  if (!url)
    throw new AgoraError('bad_request', 'agora worker needs a Redis server: --redis redis://host:6379 or REDIS_URL');
  // --quiet and --json are the worker's LOG_LEVEL=warn and LOG_FORMAT=json, as every command has them.
  const log = loggerFromEnv({
    ...process.env,
    ...(opts.quiet ? { LOG_LEVEL: 'warn' } : {}),
    ...(opts.json ? { LOG_FORMAT: 'json' } : {}),
  });
  // Heard from the start, before the ready line (cli/stop-requested.ts).
  const stop = stopRequested();
  const timeoutMs = opts.connectTimeout ?? connectTimeoutMs(process.env);
  await checkRedis(url, timeoutMs).catch((err: unknown) => exitOnConnectError('agora worker', err));
  let done = 0;
  let selfPlayNet: { dir: string; net: CachedNetwork } | undefined;
  let failed = 0;
  // People's-match bot decisions: on bot threads of this process, as the arena's own would be.
  const bots = new BotPool(opts.concurrency);
  const worker = await startWorker({
    url,
    prefix: opts.prefix ?? process.env.AGORA_QUEUE_PREFIX,
    concurrency: opts.concurrency,
    log,
    // Self-play is training's: its code loads on the first self-play job only.
    selfPlay: async (data, modelDir, signal) => {
      const training = await import('../../training/index.js');
      const game = getGame(data.game);
      // One evaluation cache per model, kept while its jobs keep coming (a generation's games).
      if (selfPlayNet?.dir !== modelDir)
        selfPlayNet = { dir: modelDir, net: new CachedNetwork(loadPolicyFolder(modelDir, game)) };
      const { net } = selfPlayNet;
      return training.playSelfPlayGamesAsync(
        game,
        net,
        data.players,
        data.seeds,
        data.options,
        training.GAMES_IN_FLIGHT,
        signal,
      );
    },
    decide: (data) => decideQueued(bots, data),
    onJob: (job, ms, error) => {
      // A decision takes milliseconds: only failed ones are logged.
      if (job.data.kind === 'decision' && !error) return;
      if (error) failed++;
      else done++;
      const games = job.data.kind === 'self-play' ? ` (${job.data.seeds.length} games)` : '';
      const outcome = error ? `failed: ${error.message}` : 'done';
      const line = `${job.data.kind} ${job.id}${games} ${outcome} in ${Math.round(ms)} ms`;
      (error ? log.warn : log.info)(line, { done, failed });
    },
  });
  log.info(`agora worker ${process.pid}: taking jobs from ${maskUrl(url)} (concurrency ${opts.concurrency})`);
  await stop;
  log.info('agora worker: finishing the jobs in hand, then stopping');
  await worker.close();
  await bots.close();
}
