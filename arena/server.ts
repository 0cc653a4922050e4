/**
 * `npm start`: serves the arena on http://localhost:3000 (PORT to change) over the SQLite file
 * data/agora.db (AGORA_DB to change), or PostgreSQL when DATABASE_URL is set; with REDIS_URL set,
 * tournament games go to a BullMQ queue played by `agora worker` processes. Registers the default
 * bots and queues first ladders. Every match and tournament seed is drawn from node:crypto: there
 * is no setting that makes them predictable. The operator's settings are listed in docs/security.md.
 */
import { createApp } from './app.js';
import { operatorSettings } from './operator-settings.js';
import { QueueRunner } from './queue/queue-runner.js';
import { openStore } from './store/open-store.js';

const port = Number(process.env.PORT ?? 3000);
const settings = operatorSettings(process.env);
const { store, description } = await openStore();
// With REDIS_URL, tournament games become jobs for `agora worker` processes.
const runner = process.env.REDIS_URL
  ? new QueueRunner(process.env.REDIS_URL, { prefix: process.env.AGORA_QUEUE_PREFIX })
  : undefined;
const app = createApp({ store, runner, ...settings });
await app.arena.bootstrap();
const server = app.listen(port, () => {
  console.log(
    `Agora arena on http://localhost:${port} (store: ${description}; ` +
      `tournament games on ${app.arena.ctx.runner.name}; ` +
      `operator routes ${settings.adminToken ? 'on' : 'off'}). Ctrl+C stops it.`,
  );
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Closing every handle lets the process end by itself, with exit code 0.
  server.close();
  server.closeAllConnections();
  await app.arena.close();
  await runner?.close();
  await store.close();
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
