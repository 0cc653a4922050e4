/**
 * `npm start`: serves the arena on http://localhost:3000 (PORT to change) over the SQLite file
 * data/agora.db (AGORA_DB to change), or PostgreSQL when DATABASE_URL is set; with REDIS_URL set,
 * tournament games go to a BullMQ queue played by `agora worker` processes. Registers the default
 * bots and queues first ladders. Every match and tournament seed is drawn from node:crypto: there
 * is no setting that makes them predictable. The operator's settings are listed in docs/security.md,
 * the log's and the start-up check's in docs/deployment.md.
 *
 * At start it checks that PostgreSQL and Redis (when set) answer within AGORA_CONNECT_TIMEOUT_MS
 * (default 5000) and otherwise exits with code 1 and one line naming the server; a bad setting
 * also stops it with one line. Logs follow LOG_LEVEL and LOG_FORMAT.
 */
import { AgoraError } from '../envs/index.js';
import { checkRedis, connectTimeoutMs, exitOnConnectError, loggerFromEnv, maskUrl } from '../play/index.js';
import { createApp } from './app.js';
import { operatorSettings } from './operator-settings.js';
import { QueueRunner } from './queue/queue-runner.js';
import { checkPostgres } from './store/check-postgres.js';
import { openStore } from './store/open-store.js';

const WHO = 'agora arena';

/** Reads the settings and checks the servers; a bad setting or an unreachable server ends the process here. */
function configure() {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new AgoraError('bad_request', `PORT: an integer from 0 to 65535; got '${process.env.PORT}'`);
  return {
    port,
    settings: operatorSettings(process.env),
    log: loggerFromEnv(process.env),
    timeoutMs: connectTimeoutMs(process.env),
  };
}

let config: ReturnType<typeof configure>;
try {
  config = configure();
} catch (err) {
  if (!(err instanceof AgoraError)) throw err;
  process.stderr.write(`${WHO}: ${err.message}\n`);
  process.exit(1);
}
const { port, settings, log, timeoutMs } = config;
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
try {
  await Promise.all([
    databaseUrl ? checkPostgres(databaseUrl, timeoutMs) : undefined,
    redisUrl ? checkRedis(redisUrl, timeoutMs) : undefined,
  ]);
} catch (err) {
  exitOnConnectError(WHO, err);
}

const { store, description } = await openStore(process.env, log);
// With REDIS_URL, tournament games become jobs for `agora worker` processes.
const runner = redisUrl ? new QueueRunner(redisUrl, { prefix: process.env.AGORA_QUEUE_PREFIX, log }) : undefined;
const app = createApp({ store, runner, log, ...settings });
await app.arena.bootstrap();
const server = app.listen(port, () => {
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  log.info(
    `Agora arena on http://localhost:${bound} (store: ${description}; ` +
      `tournament games on ${app.arena.ctx.runner.name}; ` +
      `operator routes ${settings.adminToken ? 'on' : 'off'}). Ctrl+C stops it.`,
    { port: bound, store: description, queue: redisUrl ? maskUrl(redisUrl) : 'none' },
  );
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info('stopping: finishing the requests in hand');
  // Closing every handle lets the process end by itself, with exit code 0.
  server.close();
  server.closeAllConnections();
  await app.arena.close();
  await runner?.close();
  await store.close();
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
