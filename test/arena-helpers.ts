import request from 'supertest';
import { createApp, openSqliteStore, type ArenaApp, type ArenaDeps } from '../arena/index.js';

/**
 * An arena over an in-memory (or given) SQLite store with a fixed clock, counter ids and counter
 * seeds (deterministic runs; the adversarial suite uses the default secret seeds instead).
 */
export async function testArena(overrides: Partial<ArenaDeps> = {}): Promise<ArenaApp> {
  let n = 0;
  let t = 0;
  let s = 0;
  const app = createApp({
    store: openSqliteStore(':memory:'),
    newSeed: () => `test-seed-${++s}`,
    newId: () => `id${++n}`,
    now: () => new Date(Date.UTC(2026, 0, 1) + 1000 * t++),
    writeLimitPerMinute: false,
    loginLimitPer15Minutes: false,
    readLimitPerMinute: false,
    botThreads: 1,
    log: () => {},
    // Bradley-Terry snapshots are refit when a test asks (arena.ratings.refit), not on a timer.
    refits: { pollMs: 0 },
    // Test files share the cores: at the lowest priority, a test's own tournament would wait for the others.
    backgroundNice: 0,
    // Every request comes from loopback and the clock ticks a second a call: caps and idle ends are
    // tested where asked for (test/live-matches.test.ts), with their own settings.
    liveMatches: { sweepEveryMs: 0, perAddress: 10_000, perGuest: 10_000, perAccount: 10_000 },
    ...overrides,
  });
  // Unrated bots: tests of ratings start from 1500 (test/starting-ladder.test.ts covers the import).
  await app.arena.bootstrap({ tournament: false, ladder: false });
  return app;
}

/** The arena's own bots of a game (the roster, not accounts' bots), by spec. */
export async function botIds(app: ArenaApp, game: string): Promise<Record<string, string>> {
  const agents = await app.arena.ctx.store.listAgents(game);
  return Object.fromEntries(
    agents.filter((a) => a.kind === 'bot' && !a.ownerId && !a.retiredAt).map((a) => [a.spec, a.id]),
  );
}

/** Makes an account and one of its API keys; returns the Authorization header value. */
export async function accountKey(app: ArenaApp, name: string, password = 'correct horse battery'): Promise<string> {
  const user = await app.arena.accounts.signup(name, password);
  return `Bearer ${(await app.arena.accounts.createApiKey(user, 'tests')).key}`;
}

/** A browser-like client: a cookie jar, and the CSRF token its forms carry (read from a page). */
export async function formClient(app: ArenaApp): Promise<{ agent: ReturnType<typeof request.agent>; csrf: string }> {
  const agent = request.agent(app);
  const page = await agent.get('/');
  const csrf =
    /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ??
    /name="csrf" value="([^"]+)"/.exec((await agent.get('/signup')).text)?.[1];
  if (!csrf) throw new Error('no csrf field on the home or sign-up page');
  return { agent, csrf };
}

/** The hidden fields of a page's first form that posts to `action` (a regex on the action path). */
export function formFields(html: string, action: RegExp): Record<string, string> {
  const form = [...html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].find((m) =>
    action.test(m[1]),
  );
  if (!form) throw new Error(`no form posting to ${action}`);
  return Object.fromEntries(
    [...form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      m[2].replace(/&amp;/g, '&'),
    ]),
  );
}

/**
 * The seat page's move form once it is the person's turn: HTML pages answer at once while the bots
 * think in the background, so a client polls (as the page's refresh does) until the form is there.
 */
export async function whenMyTurn(
  agent: ReturnType<typeof request.agent>,
  url: string,
  timeoutMs = 20_000,
): Promise<{ text: string; fields: Record<string, string> }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = (await agent.get(url)).text;
    if (/<form method="post" action="[^"]*\/actions"/.test(text))
      return { text, fields: formFields(text, /\/actions$/) };
    if (Date.now() > until) throw new Error(`no move form at ${url} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until a stored match holds `count` actions (the bots answer in the background for HTML clients). */
export async function whenActions(app: ArenaApp, id: string, count: number, timeoutMs = 20_000): Promise<number[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const actions = (await app.arena.ctx.store.getMatch(id))!.actions;
    if (actions.length >= count || Date.now() > until) return actions;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
