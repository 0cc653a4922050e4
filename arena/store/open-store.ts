import { openPgStore } from './pg-store.js';
import { openSqliteStore } from './sqlite-store.js';
import type { Store } from './store.js';

/** PostgreSQL when DATABASE_URL is set, else the SQLite file AGORA_DB (default data/agora.db). */
export async function openStore(env: NodeJS.ProcessEnv = process.env): Promise<{ store: Store; description: string }> {
  const url = env.DATABASE_URL;
  if (url)
    return {
      store: await openPgStore(url),
      description: `PostgreSQL ${url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}`,
    };
  const path = env.AGORA_DB ?? 'data/agora.db';
  return { store: openSqliteStore(path), description: `SQLite ${path}` };
}
