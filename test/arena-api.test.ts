import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ArenaApp } from '../arena/index.js';
import { listGames } from '../envs/index.js';
import { accountKey, botIds, formClient, formFields, testArena, whenMyTurn } from './arena-helpers.js';

let app: ArenaApp;
let bots: Record<string, string>;
/** Authorization headers of two accounts. */
let alice: string;
let bob: string;

beforeAll(async () => {
  app = await testArena();
  bots = await botIds(app, 'tictactoe');
  alice = await accountKey(app, 'alice');
  bob = await accountKey(app, 'bob');
});
afterAll(async () => {
  await app.arena.close();
  await app.arena.ctx.store.close();
});

/** Plays a tic-tac-toe match to the end through the API, always the first legal action. */
async function playToEnd(id: string, token: string) {
  let page = (await request(app).get(`/api/matches/${id}`).query({ token })).body;
  while (page.status === 'live') {
    expect(page.isYourTurn).toBe(true);
    const res = await request(app)
      .post(`/api/matches/${id}/actions`)
      .send({ token, action: page.legalActions[0].action, decisions: page.decisions });
    expect(res.status).toBe(200);
    page = res.body;
  }
  return page;
}

describe('GET /api/games and /api/agents', () => {
  test('lists every registered game with its sizes', async () => {
    const res = await request(app).get('/api/games');
    expect(res.status).toBe(200);
    const promo = res.body.find((g: { name: string }) => g.name === 'promotion');
    expect(promo).toMatchObject({ minPlayers: 4, maxPlayers: 4, actionSize: 34, observationSize: { 4: 131 } });
    // What results' returns count: places (ranking-based games), or the game's own unit.
    expect(promo).toMatchObject({ returnUnit: 'rank', returnScale: 1 });
    expect(res.body.find((g: { name: string }) => g.name === 'kuhn')).toMatchObject({
      returnUnit: 'chips',
      returnScale: 2,
    });
  });

  test('the default roster is registered for every game, unrated', async () => {
    const res = await request(app).get('/api/agents').query({ game: 'promotion' });
    expect(res.body.map((a: { spec: string }) => a.spec)).toEqual([
      'random',
      'greedy',
      'mcts:iterations=200,cutoff=30',
      'mcts:iterations=1000,cutoff=30',
      'mcts:ms=100,cutoff=30',
      // The shipped model joins as its three model bots, with nothing imported first (agents/ reads models itself).
      'neural:models/promotion/az',
      'az:models/promotion/az,iterations=200',
      'az:models/promotion/az,ms=100',
      // A policy exported from PyTorch has no value head to search with: its policy alone.
      'neural:models/promotion/ppo-python',
    ]);
    expect(res.body[0]).toMatchObject({ kind: 'bot', elo: 1500, games: 0, overruns: 0 });
  });

  test('an unknown game is a 404 naming the known ones', async () => {
    const res = await request(app).get('/api/agents').query({ game: 'chess' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 'unknown_game', message: `unknown game 'chess'; known games: ${listGames().join(', ')}` },
    });
  });
});

describe('POST /api/agents', () => {
  test('accounts register agent specs within their limits; bad specs and taken names change nothing', async () => {
    const ok = await request(app)
      .post('/api/agents')
      .set('authorization', alice)
      .send({ game: 'tictactoe', spec: 'mcts:iterations=50,c=1', name: 'quick mcts' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      spec: 'mcts:iterations=50,c=1',
      name: 'quick mcts',
      kind: 'bot',
      ownerId: expect.any(String),
    });
    const before = (await request(app).get('/api/agents').query({ game: 'tictactoe' })).body.length;
    const bad = await request(app)
      .post('/api/agents')
      .set('authorization', alice)
      .send({ game: 'tictactoe', spec: 'mcts:speed=9', name: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('bad_agent_spec');
    const dup = await request(app)
      .post('/api/agents')
      .set('authorization', bob)
      .send({ game: 'tictactoe', spec: 'random', name: 'Quick MCTS' });
    expect(dup.status).toBe(409);
    const reserved = await request(app)
      .post('/api/agents')
      .set('authorization', bob)
      .send({ game: 'tictactoe', spec: 'random', name: 'Greedy' });
    expect(reserved.status).toBe(409);
    expect(reserved.body.error.message).toMatch(/reserved for the arena's own bots/);
    const anonymous = await request(app).post('/api/agents').send({ game: 'tictactoe', spec: 'random', name: 'anon' });
    expect(anonymous.status).toBe(401);
    expect((await request(app).get('/api/agents').query({ game: 'tictactoe' })).body.length).toBe(before);
  });
});

describe('matches: a person against bots', () => {
  test('create, play to the end through the API, then the game is rated and replayable', async () => {
    const created = await request(app)
      .post('/api/matches')
      .set('authorization', alice)
      .send({ game: 'tictactoe', players: 2, opponents: [bots.random], name: 'Alice', seat: 0 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      seat: 0,
      name: 'alice',
      url: expect.stringMatching(/^\/matches\/id\d+\?token=/),
    });
    const { id, token } = created.body;
    const first = await request(app).get(`/api/matches/${id}`).query({ token });
    expect(first.body.legalActions[0]).toEqual({ action: 0, label: 'x(0,0)' });
    const end = await playToEnd(id, token);
    expect(end.status).toBe('done');
    expect(end.result.ranking).toHaveLength(2);
    const board = (await request(app).get('/api/leaderboard').query({ game: 'tictactoe' })).body;
    const row = board.rows.find((r: { name: string }) => r.name === 'alice');
    expect(row).toMatchObject({ kind: 'human', games: 1 });
    expect(row.elo).not.toBe(1500);
    const replay = await request(app).get(`/api/matches/${id}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.body.steps).toHaveLength(end.decisions + 1);
    expect(replay.body.steps.every((s: { view: { seat: number } }) => s.view.seat === -1)).toBe(true);
    const html = await request(app).get(`/replays/${end.result.gameId}`).query({ step: 1 });
    expect(html.status).toBe(200);
    expect(html.text).toContain('Step 1 of');
  });

  test.each([
    [{ game: 'promotion', players: 3, opponents: [] }, 400, /promotion: players must be exactly 4/],
    [
      { game: 'tictactoe', players: 2, opponents: ['nobody'] },
      400,
      /'nobody' is not an active bot of tictactoe; bots: /,
    ],
    [{ game: 'tictactoe', players: 2, opponents: [] }, 400, /needs 1 opponents; got 0/],
    [{ game: 'tictactoe', players: 2, opponents: ['id1'], name: '<script>' }, 400, /name: contains '<'/],
    [{ game: 'tictactoe', players: 2, opponents: ['id1'], name: 'bob' }, 403, /logged in as 'alice', not 'bob'/],
    [
      { game: 'tictactoe', players: 2, opponents: ['id1'], seat: 2 },
      400,
      /seat: must be an integer from 0 to 1; got 2/,
    ],
    [{ game: 'tictactoe', players: 2 }, 400, /opponents: required: a list of bot agent ids/],
    [{ game: 'go', players: 2, opponents: [] }, 404, /unknown game 'go'/],
  ])('bad challenge %j -> %i', async (body, status, message) => {
    const before = (await app.arena.ctx.store.listMatches()).length;
    const res = await request(app).post('/api/matches').set('authorization', alice).send(body);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toMatch(message);
    expect((await app.arena.ctx.store.listMatches()).length).toBe(before);
  });

  test('a wrong or missing token gets 403 and reveals nothing; an illegal move 409 and changes nothing', async () => {
    const { id, token } = (
      await request(app)
        .post('/api/matches')
        .send({ game: 'tictactoe', players: 2, opponents: [bots.random], seat: 0 })
    ).body;
    for (const t of [undefined, '', 'x'.repeat(43)]) {
      const res = await request(app)
        .get(`/api/matches/${id}`)
        .query(t === undefined ? {} : { token: t });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'forbidden', message: 'this link is not valid for this match' } });
    }
    const denied = await request(app)
      .post(`/api/matches/${id}/actions`)
      .send({ token: 'nope', action: 0, decisions: 0 });
    expect(denied.status).toBe(403);
    const before = (await app.arena.ctx.store.getMatch(id))!.actions;
    for (const action of [99, -1]) {
      const res = await request(app).post(`/api/matches/${id}/actions`).send({ token, action, decisions: 0 });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('illegal_action');
    }
    const notInt = await request(app).post(`/api/matches/${id}/actions`).send({ token, action: 'north', decisions: 0 });
    expect(notInt.status).toBe(400);
    expect((await app.arena.ctx.store.getMatch(id))!.actions).toEqual(before);
    expect((await request(app).get('/api/matches/none').query({ token })).status).toBe(404);
    const early = await request(app).get(`/api/matches/${id}/replay`);
    expect(early.status).toBe(409);
  });

  test('malformed and oversized bodies get a 4xx in the one error shape, without a stack trace', async () => {
    const bad = await request(app).post('/api/matches').set('content-type', 'application/json').send('{oops');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: {
        code: 'bad_request',
        message: 'malformed request body (expected JSON or a form, correctly encoded and compressed)',
      },
    });
    const big = await request(app)
      .post('/api/matches')
      .send({ game: 'tictactoe', name: 'x'.repeat(40_000) });
    expect(big.status).toBe(413);
    expect(JSON.stringify(big.body)).not.toMatch(/at .*\.ts/);
  });
});

describe('tournaments', () => {
  test('POST starts one on worker threads; GET shows its progress; games are rated', async () => {
    const res = await request(app)
      .post('/api/tournaments')
      .set('authorization', alice)
      .send({ game: 'tictactoe', agents: [bots.random, bots.greedy], games: 6 });
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/tournaments/${res.body.id}`);
    expect(res.body.seed).toBeUndefined(); // secret while it runs
    await app.arena.tournaments.idle();
    const t = (await request(app).get(`/api/tournaments/${res.body.id}`)).body;
    expect(t).toMatchObject({ status: 'done', gamesDone: 6, gamesTotal: 6, seed: expect.any(String) });
    // Bradley-Terry figures come from a snapshot refit off the request path (here: at once).
    await app.arena.ratings.refit('tictactoe');
    const board = (await request(app).get('/api/leaderboard').query({ game: 'tictactoe' })).body;
    const greedy = board.rows.find((r: { spec: string }) => r.spec === 'greedy');
    expect(greedy.games).toBe(6);
    expect(greedy.bt).not.toBeNull();
    expect(greedy.btLow).toBeLessThanOrEqual(greedy.bt);
    expect(board.balance.games).toBeGreaterThanOrEqual(6);
    expect(board.history[greedy.agentId]).toHaveLength(6);
    const page = await request(app).get('/leaderboard').query({ game: 'tictactoe' });
    expect(page.text).toContain('<svg');
    expect(page.text).toContain('Bradley-Terry');
  });

  test.each([
    [{ game: 'tictactoe', agents: ['id1'], games: 4 }, /agents: Too small/],
    [{ game: 'tictactoe', agents: ['id1', 'id1'], games: 4 }, /two distinct/],
    [{ game: 'tictactoe', agents: ['id1', 'ghost'], games: 4 }, /'ghost' is not an active bot/],
    [{ game: 'tictactoe', agents: ['id1', 'id2'], games: 0 }, /games: Too small/],
    [{ game: 'tictactoe', agents: ['id1', 'id2'], games: 501 }, /games: at most 500 per tournament; got 501/],
    [{ game: 'tictactoe', agents: ['id1', 'id2'], games: '4' }, /games: must be a JSON integer/],
    [{ game: 'tictactoe', agents: ['id1', 'id2'], games: 4, format: 'swiss' }, /format/],
  ])('bad tournament %j is refused', async (body, message) => {
    const before = (await request(app).get('/api/tournaments')).body.length;
    const res = await request(app).post('/api/tournaments').set('authorization', bob).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await request(app).get('/api/tournaments')).body.length).toBe(before);
    expect((await request(app).get('/api/tournaments/ghost')).status).toBe(404);
  });
});

describe('HTML pages', () => {
  test('home: a plain form, then the game step lists ranked bots with ratings', async () => {
    const home = await request(app).get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<form method="get" action="/"');
    expect(home.text).not.toContain('<script');
    const step2 = await request(app).get('/').query({ game: 'promotion' });
    expect(step2.text.match(/<select name="opponents">/g)).toHaveLength(3);
    expect(step2.text).toMatch(
      /MCTS 1000 — unrated — Monte Carlo tree search over sampled hidden cards, 1000 simulations a move/,
    );
    // The timed bot says its budget is time, in its name and its line.
    expect(step2.text).toMatch(
      /MCTS 100 ms — unrated — Monte Carlo tree search over sampled hidden cards, 100 ms of search a move/,
    );
    expect(step2.text).toContain('You play as a guest');
  });

  test('forms: POST /matches goes to the seat page, a move back to it (PRG); a guest gets a guest name', async () => {
    const { agent, csrf } = await formClient(app);
    const start = await agent
      .post('/matches')
      .type('form')
      .send(`game=tictactoe&players=2&opponents=${bots.random}&seat=0&csrf=${csrf}`);
    expect(start.status).toBe(303);
    const url = start.headers.location;
    const page = await agent.get(url);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('<button type="submit" name="action" value="0">x(0,0)</button>');
    expect(page.text).toMatch(/guest-[0-9a-z]{6} \(you\)/);
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const id = url.split('/')[2].split('?')[0];
    const fields = formFields(page.text, /\/actions$/);
    expect(fields).toMatchObject({ token, decisions: '0', csrf });
    const move = await agent
      .post(`/matches/${id}/actions`)
      .type('form')
      .send({ ...fields, action: '4' });
    expect(move.status).toBe(303);
    const { fields: next } = await whenMyTurn(agent, url);
    const illegal = await agent
      .post(`/matches/${id}/actions`)
      .type('form')
      .send({ ...next, action: '4' });
    expect(illegal.status).toBe(409);
    expect(illegal.text).toContain('cell (1,1) is taken');
    const noCsrf = await agent
      .post(`/matches/${id}/actions`)
      .type('form')
      .send({ ...next, csrf: 'forged', action: '0' });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.text).toContain('csrf token does not match');
  });

  test('a refused challenge returns the form: game, players and bots kept, the message by its field', async () => {
    const { agent, csrf } = await formClient(app);
    const promotion = await botIds(app, 'promotion');
    const res = await agent
      .post('/matches')
      .type('form')
      .send(
        `game=promotion&players=4&opponents=${promotion.greedy}&opponents=ghost` +
          `&opponents=${promotion.random}&csrf=${csrf}`,
      );
    expect(res.status).toBe(400);
    expect(res.text).toContain(
      '<span class="error inline">opponents: &#39;ghost&#39; is not an active bot of promotion',
    );
    const selects = [...res.text.matchAll(/<select name="opponents">([\s\S]*?)<\/select>/g)].map(
      (m) => /<option value="([^"]+)" selected>/.exec(m[1])?.[1],
    );
    expect(selects).toEqual([promotion.greedy, undefined, promotion.random]);
    expect(res.text).toContain('<h2>Promotion, 4 players</h2>');
  });

  test('security headers are set; unknown pages are 404 pages; text is escaped', async () => {
    const res = await request(app).get('/nowhere/<b>');
    expect(res.status).toBe(404);
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text).not.toContain('<b>');
  });
});

describe('rate limits on writes', () => {
  test('the third write in a minute is refused with 429 when the limit is 2', async () => {
    const limited = await testArena({ writeLimitPerMinute: 2 });
    const key = await accountKey(limited, 'writer');
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (
          await request(limited)
            .post('/api/agents')
            .set('authorization', key)
            .send({ game: 'tictactoe', spec: 'random', name: `r${i}` })
        ).status,
      );
    expect(codes).toEqual([201, 201, 429]);
    await limited.arena.close();
  });
});
