import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import {
  openPgStore,
  openSqliteStore,
  operatorSettings,
  type ArenaApp,
  type ArenaDeps,
  type Store,
} from '../arena/index.js';
import { accountKey, botIds, testArena } from './arena-helpers.js';
import { openStream } from './bot-streams.js';
import { pgTestUrl, servicesAvailable, uniqueSchema } from './services.js';

type Json = ReturnType<typeof JSON.parse>;

const apps: ArenaApp[] = [];
const servers: Server[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections(); // streams a test left open
    server.close();
  }
  for (const app of apps.splice(0)) await app.arena.close();
  // Stores after every app: two apps may share one.
  for (const store of stores.splice(0)) await store.close();
});

/** An arena (testArena's, bots' decisions given a minute) and the base URL of it serving on loopback. */
async function serve(overrides: Partial<ArenaDeps> = {}): Promise<{ app: ArenaApp; base: string }> {
  const app = await testArena({ externalBots: { timeLimitMs: 60_000 }, ...overrides });
  apps.push(app);
  if (!stores.includes(app.arena.ctx.store)) stores.push(app.arena.ctx.store);
  const server = app.listen(0);
  servers.push(server);
  return { app, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A new account's external tic-tac-toe bot: its id, token and the account's key. */
async function newBot(app: ArenaApp, owner: string, name: string) {
  const key = await accountKey(app, owner);
  const made = await request(app).post('/api/bots').set('Authorization', key).send({ game: 'tictactoe', name });
  expect(made.status).toBe(201);
  return { id: made.body.bot.id as string, token: made.body.token as string, key };
}

/** A person's match against the bot; the person sits in `seat` (0 moves first). */
async function challenge(app: ArenaApp, botId: string, seat: number): Promise<{ id: string; token: string }> {
  const made = await request(app)
    .post('/api/matches')
    .send({ game: 'tictactoe', players: 2, opponents: [botId], seat });
  expect(made.status).toBe(201);
  return made.body;
}

/** The person's first legal move. */
async function personMoves(app: ArenaApp, match: { id: string; token: string }): Promise<void> {
  const page = (await request(app).get(`/api/matches/${match.id}`).query({ token: match.token })).body;
  const moved = await request(app)
    .post(`/api/matches/${match.id}/actions`)
    .send({ token: match.token, action: page.legalActions[0].action, decisions: page.decisions });
  expect(moved.status).toBe(200);
}

/** Resolves when the stream has ended; fails the test if it is still open after `ms`. */
async function ended(stream: { done: Promise<unknown> }, ms = 15_000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([stream.done, late]);
  } finally {
    clearTimeout(timer);
  }
}

const turnsIn = (events: Json[]) => events.filter((e) => e.type === 'yourTurn');

describe('Bot API streams: one per token, and ended with the token', () => {
  test('a second stream with the same token ends the first, which is sent nothing more', async () => {
    const { app, base } = await serve();
    const bot = await newBot(app, 'una', 'Twice');
    const first = openStream(base, bot.token);
    await first.opened;
    const second = openStream(base, bot.token);
    await second.opened;
    await ended(first);
    const match = await challenge(app, bot.id, 1);
    expect(await second.next('matchStart')).toMatchObject({ match: match.id, seat: 0 });
    expect(await second.next('yourTurn')).toMatchObject({ match: match.id, decisions: 0 });
    expect(first.received).toEqual([]);
    // Another bot's stream is its own: opening it ends nobody's.
    const other = await newBot(app, 'vic', 'Other');
    const third = openStream(base, other.token);
    await third.opened;
    await challenge(app, bot.id, 0);
    expect(await second.next('matchStart')).toBeDefined();
    second.close();
    third.close();
  });

  test('revoking the token ends its stream and its waiting poll at once; no turn is sent after', async () => {
    const { app, base } = await serve();
    const bot = await newBot(app, 'wes', 'Revoked');
    const stream = openStream(base, bot.token);
    await stream.opened;
    const match = await challenge(app, bot.id, 0); // the person moves first: the bot owes nothing yet
    expect(await stream.next('matchStart')).toMatchObject({ match: match.id });
    const poll = request(app).get('/api/bot/turns').query({ wait: 30_000 }).set('Authorization', `Bearer ${bot.token}`);
    const polled = poll.then((res) => res);
    await new Promise((r) => setTimeout(r, 200)); // the poll is waiting
    const revoked = await request(app).post(`/api/bots/${bot.id}/revoke`).set('Authorization', bot.key).send({});
    expect(revoked.status).toBe(200);
    await ended(stream);
    const answer = await polled;
    expect(answer.status).toBe(401);
    expect(answer.body.turns).toBeUndefined();
    // The bot's turn comes now; nothing of it reaches the revoked token.
    await personMoves(app, match);
    await new Promise((r) => setTimeout(r, 200));
    expect(turnsIn(stream.received)).toEqual([]);
    const again = await request(app).get('/api/bot/turns').set('Authorization', `Bearer ${bot.token}`);
    expect(again.status).toBe(401);
  });

  test('renewing the token ends the old token stream; the new token streams the turns', async () => {
    const { app, base } = await serve();
    const bot = await newBot(app, 'xia', 'Renewed');
    const old = openStream(base, bot.token);
    await old.opened;
    const match = await challenge(app, bot.id, 0);
    await old.next('matchStart');
    const renewed = await request(app).post(`/api/bots/${bot.id}/token`).set('Authorization', bot.key).send({});
    expect(renewed.status).toBe(200);
    await ended(old);
    const fresh = openStream(base, renewed.body.token);
    expect(await fresh.next('matchStart')).toMatchObject({ match: match.id });
    await personMoves(app, match);
    expect(await fresh.next('yourTurn')).toMatchObject({ match: match.id, decisions: 1 });
    expect(turnsIn(old.received)).toEqual([]);
    fresh.close();
  });
});

/** Two arena processes' worth of apps over one store: a SQLite file, or a PostgreSQL schema. */
const SHARED: [string, () => Promise<() => Promise<Store>>][] = [
  [
    'SQLite',
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'agora-bot-tokens-')), 'arena.db');
      return async () => openSqliteStore(file);
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const schema = uniqueSchema('bot_tokens');
      return () => openPgStore(pgTestUrl(), { schema });
    },
  ],
];

describe.each(SHARED.filter(([name]) => name === 'SQLite' || servicesAvailable().postgres))(
  '%s: a token changed by another arena process',
  (_name, shared) => {
    test('ends the stream at its next keep-alive, or before its next turn, which is never sent', async () => {
      const open = await shared();
      const here = await serve({ store: await open() });
      // The other process: its own connection to the store, and ids of its own.
      let n = 0;
      const there = await serve({ store: await open(), newId: () => `there${++n}` });
      const bot = await newBot(here.app, 'yan', 'Shared');

      // Renewed there: the stream here has no event to send, and ends at its keep-alive.
      const first = openStream(here.base, bot.token);
      await first.opened;
      const match = await challenge(here.app, bot.id, 0);
      expect(await first.next('matchStart')).toMatchObject({ match: match.id });
      const renewed = await request(there.app).post(`/api/bots/${bot.id}/token`).set('Authorization', bot.key).send({});
      expect(renewed.status).toBe(200);
      await ended(first);

      // Revoked there, then the bot's turn comes here: the stream ends instead of sending it.
      const second = openStream(here.base, renewed.body.token);
      expect(await second.next('matchStart')).toMatchObject({ match: match.id });
      const revoked = await request(there.app)
        .post(`/api/bots/${bot.id}/revoke`)
        .set('Authorization', bot.key)
        .send({});
      expect(revoked.status).toBe(200);
      await personMoves(here.app, match);
      await ended(second);
      expect(turnsIn([...first.received, ...second.received])).toEqual([]);
    });
  },
);

/** The store, counting scans of the matches table and noting every match it hands out. */
function watchedStore(store: Store) {
  const seen = { scans: 0, matches: new Set<string>() };
  const note = (value: unknown) => {
    for (const item of Array.isArray(value) ? value : [value]) {
      const m = item as { id?: unknown; seats?: unknown; actions?: unknown } | undefined;
      if (m && typeof m.id === 'string' && Array.isArray(m.seats) && Array.isArray(m.actions)) seen.matches.add(m.id);
    }
    return value;
  };
  const watched = new Proxy(store, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (name === 'listMatches') seen.scans++;
        return Promise.resolve(value.apply(target, args)).then(note);
      };
    },
  });
  return { watched, seen };
}

test("a stream connect and a turns poll read only the bot's own matches", async () => {
  const { watched, seen } = watchedStore(openSqliteStore(':memory:'));
  const { app, base } = await serve({ store: watched });
  const bot = await newBot(app, 'zed', 'Counted');
  const other = await newBot(app, 'abe', 'Elsewhere');
  await request(app).get('/api/bot/turns').set('Authorization', `Bearer ${other.token}`); // online
  await request(app).get('/api/bot/turns').set('Authorization', `Bearer ${bot.token}`);
  // Other people's matches against the arena's bots and against the other bot, all live.
  const random = (await botIds(app, 'tictactoe')).random;
  for (let i = 0; i < 5; i++) {
    const made = await request(app)
      .post('/api/matches')
      .send({ game: 'tictactoe', players: 2, opponents: [random], seat: 0 });
    expect(made.status).toBe(201);
  }
  await challenge(app, other.id, 1);
  const mine = await challenge(app, bot.id, 1); // the bot moves first: it owes a turn
  seen.scans = 0;
  seen.matches.clear();

  const polled = await request(app).get('/api/bot/turns').set('Authorization', `Bearer ${bot.token}`);
  expect(polled.body.turns.map((t: Json) => t.match)).toEqual([mine.id]);
  const stream = openStream(base, bot.token);
  expect(await stream.next('matchStart')).toMatchObject({ match: mine.id });
  expect(await stream.next('yourTurn')).toMatchObject({ match: mine.id });
  stream.close();
  expect(seen.scans).toBe(0);
  expect([...seen.matches]).toEqual([mine.id]);
});

describe('rate limits on reads', () => {
  test('reads per client address: a 429 naming the limit, as JSON for the API and a page otherwise', async () => {
    const { app } = await serve({ readLimitPerMinute: 3 });
    const bot = await newBot(app, 'bo', 'Reader');
    for (let i = 0; i < 3; i++) expect((await request(app).get('/api/games')).status).toBe(200);
    const api = await request(app).get('/api/games');
    expect(api.status).toBe(429);
    expect(api.body).toEqual({
      error: { code: 'rate_limited', message: 'too many requests: at most 3 reads a minute' },
    });
    const page = await request(app).get('/leaderboard');
    expect(page.status).toBe(429);
    expect(page.type).toBe('text/html');
    expect(page.text).toContain('too many requests: at most 3 reads a minute');
    // The Bot API's reads have an allowance of their own (ten times as many), and writes are not reads.
    expect((await request(app).get('/api/bot/account').set('Authorization', `Bearer ${bot.token}`)).status).toBe(200);
    expect(
      (
        await request(app)
          .post('/api/matches')
          .send({ game: 'tictactoe', players: 2, opponents: ['nobody'] })
      ).status,
    ).toBe(400);
  });

  test('stream connects and polls per bot token: a 429 naming the limit; another token is not counted', async () => {
    const { app, base } = await serve({ botPollLimitPerMinute: 2 });
    const bot = await newBot(app, 'cy', 'Poller');
    const other = await newBot(app, 'di', 'Patient');
    const poll = (token: string) => request(app).get('/api/bot/turns').set('Authorization', `Bearer ${token}`);
    expect((await poll(bot.token)).status).toBe(200);
    const stream = openStream(base, bot.token);
    await stream.opened;
    const limited = await poll(bot.token);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({
      code: 'rate_limited',
      message: 'too many requests: at most 2 stream connects and polls a minute per bot token',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const refused = await fetch(`${base}/api/bot/stream`, { headers: { authorization: `Bearer ${bot.token}` } });
    expect(refused.status).toBe(429);
    // The stream already open is not touched, and the bot's other routes and other tokens still answer.
    expect(stream.received).toEqual([]);
    expect((await request(app).get('/api/bot/account').set('Authorization', `Bearer ${bot.token}`)).status).toBe(200);
    expect((await poll(other.token)).status).toBe(200);
    stream.close();
  });

  test('the limits are operator settings, checked like the others', () => {
    expect(operatorSettings({ AGORA_READS_PER_MINUTE: '5000', AGORA_BOT_POLLS_PER_MINUTE: '60' })).toMatchObject({
      readLimitPerMinute: 5000,
      botPollLimitPerMinute: 60,
    });
    expect(() => operatorSettings({ AGORA_READS_PER_MINUTE: 'lots' })).toThrow(
      "AGORA_READS_PER_MINUTE: must be a positive integer; got 'lots'",
    );
  });
});
