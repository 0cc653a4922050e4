/**
 * `npm start`: serves the arena on http://localhost:3000 (PORT to change) over the SQLite file
 * data/agora.db (AGORA_DB to change), registering the default bots and queueing first ladders.
 */
import { existsSync } from 'node:fs';
import { createApp } from './app.js';
import { openSqliteStore } from './store/sqlite-store.js';

// Trained models join the roster as neural: agents; those need TensorFlow.js loaded.
if (existsSync('models')) await import('../training/index.js');
const port = Number(process.env.PORT ?? 3000);
const dbPath = process.env.AGORA_DB ?? 'data/agora.db';
const store = openSqliteStore(dbPath);
const app = createApp({ store, seed: process.env.AGORA_SEED ?? 'arena' });
await app.arena.bootstrap();
const server = app.listen(port, () => {
  console.log(`Agora arena on http://localhost:${port} (store: ${dbPath}). Ctrl+C stops it.`);
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Closing every handle lets the process end by itself, with exit code 0.
  server.close();
  server.closeAllConnections();
  await app.arena.close();
  await store.close();
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
