import { createApp, openSqliteStore, type ArenaApp, type ArenaDeps } from '../arena/index.js';

/** An arena over an in-memory (or given) SQLite store with a fixed clock, counter ids and seed. */
export async function testArena(overrides: Partial<ArenaDeps> = {}): Promise<ArenaApp> {
  let n = 0;
  let t = 0;
  const app = createApp({
    store: openSqliteStore(':memory:'),
    seed: 'test',
    newId: () => `id${++n}`,
    now: () => new Date(Date.UTC(2026, 0, 1) + 1000 * t++),
    writeLimitPerMinute: false,
    botThreads: 1,
    ...overrides,
  });
  await app.arena.bootstrap({ tournament: false });
  return app;
}

export async function botIds(app: ArenaApp, game: string): Promise<Record<string, string>> {
  const agents = await app.arena.ctx.store.listAgents(game);
  return Object.fromEntries(agents.filter((a) => a.kind === 'bot').map((a) => [a.spec, a.id]));
}
