import { maskUrl, type Logger } from '../../play/index.js';
import { openPgStore } from './pg-store.js';
import { openSqliteStore } from './sqlite-store.js';
import type { Store } from './store.js';

/**
 * PostgreSQL when DATABASE_URL is set, else the SQLite file AGORA_DB (default data/agora.db). With
 * a log, a lost PostgreSQL connection and its recovery are logged there.
 */
export async function openStore(
  env: NodeJS.ProcessEnv = process.env,
  log?: Logger,
): Promise<{ store: Store; description: string }> {
  const url = env.DATABASE_URL;
  if (url) return { store: await openPgStore(url, { log }), description: `PostgreSQL ${maskUrl(url)}` };
  const path = env.AGORA_DB ?? 'data/agora.db';
  return { store: openSqliteStore(path), description: `SQLite ${path}` };
}
