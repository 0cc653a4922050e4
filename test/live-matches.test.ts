/**
 * Bounded live state (issue 33, item 1), against a real server: people's matches are capped in
 * all, per account, per guest and per address; a match whose person stays idle ends (aborted and
 * unrated if they never moved, lost on time otherwise); guests reach the ladder only through a
 * rated game, and ladders are read a page at a time.
 */
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import type { ArenaApp, ArenaDeps } from '../arena/index.js';
import { accountKey, botIds, formClient, testArena } from './arena-helpers.js';

const MINUTE = 60_000;

/** An arena whose clock moves only when the test says. */
async function clockedArena(
  liveMatches: ArenaDeps['liveMatches'],
  extra: Partial<ArenaDeps> = {},
): Promise<{ app: ArenaApp; advance: (ms: number) => void }> {
  let clock = Date.UTC(2026, 0, 1);
  const app = await testArena({
    now: () => new Date(clock),
    // Caps not under test stay out of the way, as in testArena.
    liveMatches: { sweepEveryMs: 0, perAddress: 10_000, perGuest: 10_000, perAccount: 10_000, ...liveMatches },
    ...extra,
  });
  return { app, advance: (ms) => (clock += ms) };
}

/** A guest's tic-tac-toe match against the random bot, the guest at seat 0 (to move first). */
function newMatch(app: ArenaApp, bot: string, headers: Record<string, string> = {}) {
  const req = request(app).post('/api/matches');
  for (const [k, v] of Object.entries(headers)) req.set(k, v);
  return req.send({ game: 'tictactoe', players: 2, opponents: [bot], seat: 0 });
}

describe('live-match caps', () => {
  test('per address: the next match from that address is 429 naming the limit, and stores nothing', async () => {
    const { app } = await clockedArena({ perAddress: 2, perGuest: 100 });
    const { random } = await botIds(app, 'tictactoe');
    expect((await newMatch(app, random)).status).toBe(201);
    expect((await newMatch(app, random)).status).toBe(201);
    const agentsBefore = (await app.arena.ctx.store.listAgents('tictactoe')).length;
    const refused = await newMatch(app, random);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^2 matches opened from your address are live, the most at once per address;/),
    });
    expect(refused.body.error.message).toMatch(/aborted after 5 minutes if never started/);
    expect(await app.arena.ctx.store.countLiveMatches()).toBe(2);
    // No guest agent was made for the refused match.
    expect((await app.arena.ctx.store.listAgents('tictactoe')).length).toBe(agentsBefore);
    // Addresses are stored as keyed hashes, never as the address.
    const stored = await app.arena.ctx.store.listMatches('live');
    expect(stored[0].address).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain('127.0.0.1');
  });

  test('behind a trusted proxy each forwarded address has its own allowance', async () => {
    const { app } = await clockedArena({ perAddress: 1, perGuest: 100 }, { trustProxy: 'loopback' });
    const { random } = await botIds(app, 'tictactoe');
    expect((await newMatch(app, random, { 'x-forwarded-for': '203.0.113.5' })).status).toBe(201);
    expect((await newMatch(app, random, { 'x-forwarded-for': '203.0.113.5' })).status).toBe(429);
    expect((await newMatch(app, random, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(201);
  });

  test('per guest (a browser, by its cookie): the challenge form answers 429 with the reason beside it', async () => {
    const { app } = await clockedArena({ perGuest: 2, perAddress: 100 });
    const { random } = await botIds(app, 'tictactoe');
    const { agent, csrf } = await formClient(app);
    const form = { csrf, game: 'tictactoe', players: '2', opponents: random };
    expect((await agent.post('/matches').type('form').send(form)).status).toBe(303);
    expect((await agent.post('/matches').type('form').send(form)).status).toBe(303);
    const refused = await agent.post('/matches').type('form').send(form);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('you have 2 live matches, the most a guest may have at once');
    expect(refused.text).toMatch(/<form[^>]+action="\/matches"/); // the form again, to try later
    // Another browser on the same address is another guest.
    const other = await formClient(app);
    expect(
      (
        await other.agent
          .post('/matches')
          .type('form')
          .send({ ...form, csrf: other.csrf })
      ).status,
    ).toBe(303);
  });

  test('per account, across its API keys and sessions', async () => {
    const { app } = await clockedArena({ perAccount: 2, perAddress: 100 });
    const { random } = await botIds(app, 'tictactoe');
    const key = await accountKey(app, 'carol');
    expect((await newMatch(app, random, { authorization: key })).status).toBe(201);
    expect((await newMatch(app, random, { authorization: key })).status).toBe(201);
    const refused = await newMatch(app, random, { authorization: key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^you have 2 live matches, the most an account may have at once/);
    // A guest on the same address is not held to the account's cap.
    expect((await newMatch(app, random)).status).toBe(201);
  });

  test('in all: 503 once the arena holds its most live matches; an ended match frees a place', async () => {
    const { app } = await clockedArena({ total: 2, perAddress: 100 });
    const { random } = await botIds(app, 'tictactoe');
    const first = await newMatch(app, random);
    expect((await newMatch(app, random)).status).toBe(201);
    const full = await newMatch(app, random);
    expect(full.status).toBe(503);
    expect(full.body.error).toEqual({
      code: 'unavailable',
      message: 'the arena is full: 2 matches are live, the most it holds at once; try again in a few minutes',
    });
    await request(app).post(`/api/matches/${first.body.id}/resign`).send({ token: first.body.token }).expect(200);
    expect((await newMatch(app, random)).status).toBe(201);
  });
});

describe('idle matches', () => {
  test('never moved in: aborted after the limit, unrated, no game, the guest gone from the store', async () => {
    const { app, advance } = await clockedArena({ abortAfterMs: 5 * MINUTE, loseAfterMs: 30 * MINUTE });
    const { random } = await botIds(app, 'tictactoe');
    const m = (await newMatch(app, random)).body;
    const page = (await request(app).get(`/api/matches/${m.id}`).query({ token: m.token })).body;
    expect(page.moveBy).toEqual({ at: '2026-01-01T00:05:00.000Z', ending: 'abort' });
    const guest = page.seats[0].agentId;
    advance(5 * MINUTE - 1);
    expect(await app.arena.matches.sweepIdle()).toBe(0);
    advance(1);
    expect(await app.arena.matches.sweepIdle()).toBe(1);
    const after = (await request(app).get(`/api/matches/${m.id}`).query({ token: m.token })).body;
    expect(after).toMatchObject({ status: 'aborted', isYourTurn: false, legalActions: [] });
    expect(after.result).toBeUndefined();
    expect(after.moveBy).toBeUndefined();
    const move = await request(app)
      .post(`/api/matches/${m.id}/actions`)
      .send({ token: m.token, action: 4, decisions: 0 });
    expect(move.status).toBe(409);
    expect(await app.arena.ctx.store.countGames('tictactoe')).toBe(0);
    expect(await app.arena.ctx.store.getAgent(guest)).toBeUndefined();
    expect(await app.arena.ctx.store.countLiveMatches()).toBe(0);
    const html = await request(app).get(`/matches/${m.id}`).query({ token: m.token });
    expect(html.text).toContain('Match aborted');
    expect(html.text).not.toContain('http-equiv="refresh"');
  });

  test('moved in, then idle: lost on time after the limit, rated as a resignation, shown in page, replay', async () => {
    const { app, advance } = await clockedArena({ abortAfterMs: 5 * MINUTE, loseAfterMs: 30 * MINUTE });
    const { random } = await botIds(app, 'tictactoe');
    const m = (await newMatch(app, random)).body;
    const moved = await request(app)
      .post(`/api/matches/${m.id}/actions`)
      .send({ token: m.token, action: 4, decisions: 0 });
    expect(moved.status).toBe(200);
    expect(moved.body.moveBy).toEqual({ at: '2026-01-01T00:30:00.000Z', ending: 'loss' });
    // Past the abort limit but not the loss limit: a started match stays.
    advance(29 * MINUTE);
    expect(await app.arena.matches.sweepIdle()).toBe(0);
    advance(MINUTE);
    expect(await app.arena.matches.sweepIdle()).toBe(1);
    const page = (await request(app).get(`/api/matches/${m.id}`).query({ token: m.token })).body;
    expect(page.status).toBe('done');
    expect(page.result).toMatchObject({ ranking: [1, 0], resigned: 0, timedOut: 0, returns: [-1, 1] });
    const game = await app.arena.ctx.store.getGame(page.result.gameId);
    expect(game).toMatchObject({ resigned: 0, timedOut: 0, ranking: [1, 0], actions: [4, expect.any(Number)] });
    const html = await request(app).get(`/matches/${m.id}`).query({ token: m.token });
    expect(html.text).toContain('You ran out of time: you finished last of 2.');
    const replay = await request(app).get(`/replays/${page.result.gameId}`);
    expect(replay.text).toContain('Seat 0 ran out of time');
    expect((await request(app).get(`/api/replays/${page.result.gameId}`)).body.timedOut).toBe(0);
  });

  test('the move form says by when to move and what happens otherwise', async () => {
    const { app } = await clockedArena({ abortAfterMs: 5 * MINUTE });
    const { random } = await botIds(app, 'tictactoe');
    const { agent, csrf } = await formClient(app);
    const created = await agent
      .post('/matches')
      .type('form')
      .send({ csrf, game: 'tictactoe', players: '2', opponents: random, seat: '0' });
    const html = await agent.get(created.headers.location);
    expect(html.text).toContain(
      'Move by <time datetime="2026-01-01T00:05:00.000Z">00:05 UTC</time>, or the match is aborted, unrated.',
    );
  });
});

describe('guests on the ladder', () => {
  test('a guest match with no move adds no row; a rated game shows the guest with guests=1 only', async () => {
    const { app } = await clockedArena({});
    const { random } = await botIds(app, 'tictactoe');
    const rows = async (query: Record<string, string> = {}) =>
      (
        await request(app)
          .get('/api/leaderboard')
          .query({ game: 'tictactoe', ...query })
      ).body;
    const before = await rows();
    for (let i = 0; i < 30; i++) expect((await newMatch(app, random)).status).toBe(201);
    expect((await rows()).rows).toEqual(before.rows);
    expect((await rows({ guests: '1' })).rows).toEqual(before.rows);
    // A finished game (the guest resigns at once) rates the guest.
    const m = (await newMatch(app, random)).body;
    await request(app).post(`/api/matches/${m.id}/resign`).send({ token: m.token }).expect(200);
    expect((await rows()).rows.map((r: { name: string }) => r.name)).toEqual(
      before.rows.map((r: { name: string }) => r.name),
    );
    const withGuests = await rows({ guests: '1' });
    expect(withGuests.rows).toHaveLength(before.rows.length + 1);
    expect(withGuests.rows.filter((r: { kind: string }) => r.kind === 'human')).toEqual([
      expect.objectContaining({ name: m.name, games: 1 }),
    ]);
    expect(withGuests.page).toMatchObject({ guests: true, total: before.rows.length + 1 });
  });

  test('ladders are paged: rows, page count and links; a bad page is 400 naming the field', async () => {
    const { app } = await clockedArena({});
    const all = (await request(app).get('/api/leaderboard').query({ game: 'tictactoe' })).body;
    expect(all.rows.length).toBeGreaterThan(3);
    const page2 = (await request(app).get('/api/leaderboard').query({ game: 'tictactoe', perPage: '2', page: '2' }))
      .body;
    expect(page2.rows.map((r: { agentId: string }) => r.agentId)).toEqual(
      all.rows.slice(2, 4).map((r: { agentId: string }) => r.agentId),
    );
    expect(page2.page).toEqual({
      number: 2,
      perPage: 2,
      pages: Math.ceil(all.rows.length / 2),
      total: all.rows.length,
      guests: false,
    });
    const bad = await request(app).get('/api/leaderboard').query({ game: 'tictactoe', perPage: '501' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('perPage: must be an integer from 1 to 500 (rows a page)');
    const html = (await request(app).get('/leaderboard').query({ game: 'tictactoe', perPage: '2', page: '2' })).text;
    expect(html).toContain(`page 2 of ${Math.ceil(all.rows.length / 2)}`);
    expect(html).toContain('href="/leaderboard?game=tictactoe&amp;perPage=2">← previous</a>');
    expect(html).toContain('Show guests too');
    expect(html).toMatch(/<tr><td>3<\/td>|<tr><td>—<\/td>/); // places go on from the page before
  });
});
