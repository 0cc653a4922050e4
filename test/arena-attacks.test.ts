/**
 * The arena under attack: one test per way a person was found to cheat the human ladder or stall
 * the arena (issue 17), each asserting the attack now fails. Real HTTP through supertest against
 * arenas built like `npm start` builds them: secret seeds from node:crypto (no injected seeds here).
 */
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCfrPlus } from '../agents/index.js';
import type { ArenaApp } from '../arena/index.js';
import { Rng, getGame, type GameState } from '../envs/index.js';
import { accountKey, botIds, formClient, formFields, testArena, whenActions } from './arena-helpers.js';

let app: ArenaApp;
let logLines: string[];
let alice: string;
let bob: string;

beforeAll(async () => {
  logLines = [];
  // The default seeds: 256 bits from node:crypto per match and tournament.
  app = await testArena({
    newSeed: undefined,
    adminToken: 'operator-secret-token-0123456789',
    log: (line) => logLines.push(line),
  });
  alice = await accountKey(app, 'alice');
  bob = await accountKey(app, 'bob');
});
afterAll(async () => {
  await app.arena.close();
  await app.arena.ctx.store.close();
});

/** Every string in a JSON value, deeply. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The other seats' views: what `seat` may not see, among other things. */
const othersSee = (state: GameState, seat: number) =>
  JSON.stringify(Array.from({ length: state.players }, (_, q) => (q === seat ? null : state.view(q))));

/** The position a guessed seed gives after the match's actions (undefined once an action is illegal there). */
function predict(game: string, players: number, seed: string, actions: number[]): GameState | undefined {
  const state = getGame(game).newGame({ players, seed });
  try {
    for (const a of actions) state.applyAction(a);
  } catch {
    return undefined;
  }
  return state;
}

describe('attack 1: computing hidden information from what a player sees', () => {
  test.each(['philadelphia', 'perikles', 'cityplan', 'filthyrich'])(
    '%s: no seed-like text in any response of a live match predicts the other seats',
    async (name) => {
      const def = getGame(name);
      const bots = await botIds(app, name);
      const created = await request(app)
        .post('/api/matches')
        .send({
          game: name,
          players: def.defaultPlayers,
          opponents: Array(def.defaultPlayers - 1).fill(bots.random),
          seat: 0,
        });
      expect(created.status).toBe(201);
      const { id, token, seat } = created.body;
      const responses = [
        JSON.stringify(created.body),
        JSON.stringify((await request(app).get(`/api/matches/${id}`).query({ token })).body),
        (await request(app).get(`/matches/${id}`).query({ token })).text,
        JSON.stringify((await request(app).get(`/api/matches/${id}/replay`)).body),
        JSON.stringify((await request(app).get('/api/agents').query({ game: name })).body),
        JSON.stringify((await request(app).get('/api/leaderboard').query({ game: name })).body),
      ];
      const record = (await app.arena.ctx.store.getMatch(id))!;
      const truth = predict(name, record.players, record.seed, record.actions)!;
      // The attack works when it has the seed (so a leaked seed would fail this test)...
      expect(othersSee(truth, seat)).toBe(othersSee(predict(name, record.players, record.seed, record.actions)!, seat));
      expect(record.seed).toMatch(/^[0-9a-f]{64}$/); // 256 bits from node:crypto
      // ...and the seed, or any part of it, is in no response.
      for (const text of responses) expect(text).not.toContain(record.seed.slice(0, 16));
      // Every seed-like piece of every response, and the old scheme's seeds built from the public id, predict nothing.
      const candidates = new Set<string>([id, token, `arena:match:${id}`, `test:match:${id}`, `${id}:seed`]);
      for (const text of responses) {
        for (const s of strings(JSON.parse(text.startsWith('<') ? '[]' : text))) candidates.add(s);
        for (const piece of text.split(/[^A-Za-z0-9:_-]+/)) if (piece.length >= 6) candidates.add(piece);
      }
      let tried = 0;
      for (const guess of candidates) {
        const world = predict(name, record.players, guess, record.actions);
        tried++;
        if (world)
          expect(othersSee(world, seat), `the text '${guess.slice(0, 40)}' predicts the hidden information`).not.toBe(
            othersSee(truth, seat),
          );
      }
      expect(tried).toBeGreaterThan(20);
    },
  );

  test("tournament seeds stay secret while running; a finished game's seed does not give the next one", async () => {
    const bots = await botIds(app, 'tictactoe');
    const started = await request(app)
      .post('/api/tournaments')
      .set('authorization', alice)
      .send({ game: 'tictactoe', agents: [bots.random, bots.greedy], games: 4 });
    expect(started.status).toBe(202);
    expect(started.body.seed).toBeUndefined();
    const listed = (await request(app).get('/api/tournaments')).body.find(
      (t: { id: string }) => t.id === started.body.id,
    );
    if (listed.status === 'running') expect(listed.seed).toBeUndefined();
    await app.arena.tournaments.idle();
    const games = (await app.arena.ctx.store.listGames('tictactoe', 100))
      .filter((g) => g.tournamentId === started.body.id)
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(games).toHaveLength(4);
    // Game seeds are HMACs of the secret: none is a prefix or a suffix of another, nor of the secret.
    const secret = (await app.arena.ctx.store.getTournament(started.body.id))!.seed;
    for (const g of games) {
      expect(g.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(g.seed.includes(secret) || secret.includes(g.seed)).toBe(false);
    }
    expect(new Set(games.map((g) => g.seed.slice(0, 8))).size).toBe(4);
  });
});

describe('attack 2: moves nobody saw', () => {
  const newMatch = async () => {
    const bots = await botIds(app, 'tictactoe');
    return (
      await request(app)
        .post('/api/matches')
        .send({ game: 'tictactoe', players: 2, opponents: [bots.random], seat: 0 })
    ).body as { id: string; token: string };
  };

  test('two identical POSTs (a double click) play one move; the second is 409 stale with the count', async () => {
    const { id, token } = await newMatch();
    const [a, b] = await Promise.all(
      [0, 1].map(() => request(app).post(`/api/matches/${id}/actions`).send({ token, action: 4, decisions: 0 })),
    );
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.error).toMatchObject({ code: 'stale', decisions: 2 });
    expect((await app.arena.ctx.store.getMatch(id))!.actions).toHaveLength(2); // the move and the bot's answer
  });

  test('20 parallel POSTs of different actions apply exactly one', async () => {
    const { id, token } = await newMatch();
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, cell) => cell)
        .concat(Array.from({ length: 11 }, (_, i) => i % 9))
        .map((action) => request(app).post(`/api/matches/${id}/actions`).send({ token, action, decisions: 0 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'stale')).toHaveLength(19);
    expect((await app.arena.ctx.store.getMatch(id))!.actions).toHaveLength(2);
  });

  test.each([
    [{ action: null, decisions: 0 }, /action: must be a JSON integer .*got null/],
    [{ action: '', decisions: 0 }, /action: must be a JSON integer .*got ""/],
    [{ action: [], decisions: 0 }, /action: must be a JSON integer .*got \[\]/],
    [{ action: false, decisions: 0 }, /action: must be a JSON integer .*got false/],
    [{ action: '4', decisions: 0 }, /action: must be a JSON integer .*got "4"/],
    [{ action: 4.5, decisions: 0 }, /action: must be a JSON integer .*got 4.5/],
    [{ action: 4 }, /decisions: required/],
    [{ action: 4, decisions: '0' }, /decisions: must be a JSON integer/],
  ])('action body %j is 400 naming the field, and nothing is played', async (body, message) => {
    const { id, token } = await newMatch();
    const res = await request(app)
      .post(`/api/matches/${id}/actions`)
      .send({ token, ...body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await app.arena.ctx.store.getMatch(id))!.actions).toEqual([]);
  });

  test.each([
    [{ players: [2] }, /players: must be a JSON integer .*got \[2\]/],
    [{ players: '2' }, /players: must be a JSON integer/],
    [{ players: 2, seat: null }, /seat: must be a JSON integer .*got null/],
    [{ players: 2, seat: '0' }, /seat: must be a JSON integer/],
  ])('challenge %j is 400 naming the field', async (extra, message) => {
    const bots = await botIds(app, 'tictactoe');
    const before = (await app.arena.ctx.store.listMatches()).length;
    const res = await request(app)
      .post('/api/matches')
      .send({ game: 'tictactoe', opponents: [bots.random], ...extra });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await app.arena.ctx.store.listMatches()).length).toBe(before);
  });

  test('HTML form: a second submit of the same page is refused as stale and shows the current position', async () => {
    const { agent, csrf } = await formClient(app);
    const bots = await botIds(app, 'tictactoe');
    const start = await agent
      .post('/matches')
      .type('form')
      .send({ game: 'tictactoe', players: '2', opponents: bots.random, seat: '0', csrf });
    const url = start.headers.location as string;
    const fields = formFields((await agent.get(url)).text, /\/actions$/);
    const id = url.split('/')[2].split('?')[0];
    const first = await agent
      .post(`/matches/${id}/actions`)
      .type('form')
      .send({ ...fields, action: '4' });
    const second = await agent
      .post(`/matches/${id}/actions`)
      .type('form')
      .send({ ...fields, action: '4' });
    expect(first.status).toBe(303);
    expect(second.status).toBe(409);
    expect(second.text).toContain('reload the page');
    expect(await whenActions(app, id, 2)).toHaveLength(2); // the move, and the bot's answer in the background
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await app.arena.ctx.store.getMatch(id))!.actions).toHaveLength(2);
    for (const bad of ['', 'null', '4.0', ' 4', '0x4']) {
      const res = await agent
        .post(`/matches/${id}/actions`)
        .type('form')
        .send({ ...fields, decisions: '2', action: bad });
      expect(res.status, `action '${bad}'`).toBe(400);
    }
  });

  test('a person can resign: the game ends, rated with that seat last', async () => {
    const { id, token } = await newMatch();
    const res = await request(app).post(`/api/matches/${id}/resign`).send({ token, decisions: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'done', result: { ranking: [1, 0], resigned: 0 } });
    const game = await app.arena.ctx.store.getGame(res.body.result.gameId);
    expect(game).toMatchObject({ resigned: 0, ranking: [1, 0], actions: [] });
    expect(
      (await request(app).post(`/api/matches/${id}/actions`).send({ token, action: 4, decisions: 0 })).status,
    ).toBe(409);
    expect((await request(app).post(`/api/matches/${id}/resign`).send({ token })).status).toBe(409);
    expect((await request(app).get(`/api/matches/${id}/replay`)).body).toMatchObject({ resigned: 0 });
  });
});

describe('attack 3: unbounded compute', () => {
  // One cost rule for every kind and knob (issue 33; every knob: test/account-bot-costs.test.ts).
  test.each([
    'mcts:ms=600000',
    'mcts:iterations=10000000',
    'az:models/tictactoe/az,iterations=100000',
    'greedy:worlds=10000,settle=100000',
  ])('an account cannot register %s', async (spec) => {
    const res = await request(app)
      .post('/api/agents')
      .set('authorization', alice)
      .send({ game: 'tictactoe', spec, name: 'hog' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/may cost at most 60,000 \(AGORA_USER_BOT_COST\): lower /);
  });

  test('tournaments need an account and are capped; the operator cancels one', async () => {
    const bots = await botIds(app, 'tictactoe');
    const anonymous = await request(app)
      .post('/api/tournaments')
      .send({ game: 'tictactoe', agents: [bots.random, bots.greedy], games: 4 });
    expect(anonymous.status).toBe(401);
    const big = await request(app)
      .post('/api/tournaments')
      .set('authorization', bob)
      .send({ game: 'tictactoe', agents: [bots.random, bots.greedy], games: 2000 });
    expect(big.status).toBe(400);
    const slow = await request(app)
      .post('/api/tournaments')
      .set('authorization', bob)
      .send({
        game: 'tictactoe',
        agents: [bots['mcts:iterations=1000,cutoff=30'], bots['mcts:iterations=200,cutoff=30']],
        games: 500,
      });
    expect(slow.status).toBe(202);
    const second = await request(app)
      .post('/api/tournaments')
      .set('authorization', bob)
      .send({ game: 'tictactoe', agents: [bots.random, bots.greedy], games: 4 });
    expect(second.status).toBe(409); // one running tournament per account
    // Another account may not cancel it (its owner may: test/fair-tournaments.test.ts).
    const notOwner = await request(app).post(`/api/tournaments/${slow.body.id}/cancel`).set('authorization', alice);
    expect(notOwner.status).toBe(403);
    const cancel = await request(app)
      .post(`/api/tournaments/${slow.body.id}/cancel`)
      .set('authorization', 'Bearer operator-secret-token-0123456789');
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'cancelled' });
    await app.arena.tournaments.idle(); // the run stops: later tournaments are not frozen behind it
    const t = (await request(app).get(`/api/tournaments/${slow.body.id}`)).body;
    expect(t.status).toBe('cancelled');
    expect(t.gamesDone).toBeLessThan(500);
    const after = await request(app)
      .post('/api/tournaments')
      .set('authorization', bob)
      .send({ game: 'tictactoe', agents: [bots.random, bots.greedy], games: 4 });
    expect(after.status).toBe(202);
    await app.arena.tournaments.idle();
    expect((await request(app).get(`/api/tournaments/${after.body.id}`)).body).toMatchObject({
      status: 'done',
      gamesDone: 4,
    });
  });

  test('the operator retires an agent: it keeps its rating and takes no new games', async () => {
    const made = await request(app)
      .post('/api/agents')
      .set('authorization', alice)
      .send({ game: 'tictactoe', spec: 'random', name: 'to retire' });
    const res = await request(app)
      .post(`/api/agents/${made.body.id}/retire`)
      .set('authorization', 'Bearer operator-secret-token-0123456789');
    expect(res.status).toBe(200);
    const challenge = await request(app)
      .post('/api/matches')
      .send({ game: 'tictactoe', players: 2, opponents: [made.body.id] });
    expect(challenge.status).toBe(400);
    expect(challenge.body.error.message).toMatch(/not an active bot/);
  });
});

describe('attack 3b: over-budget bots make progress and their overruns are counted', () => {
  let slow: ArenaApp;
  let hog: string;
  beforeAll(async () => {
    // Accounts may register bots of any cost here, but each decision has 100 ms.
    slow = await testArena({ newSeed: undefined, userBots: { cost: 1e12, ms: 100 }, botThreads: 2 });
    const key = await accountKey(slow, 'hogger');
    hog = (
      await request(slow)
        .post('/api/agents')
        .set('authorization', key)
        .send({ game: 'tictactoe', spec: 'mcts:iterations=10000000', name: 'hog' })
    ).body.id;
    expect(hog).toBeDefined();
  });
  afterAll(async () => {
    await slow.arena.close();
    await slow.arena.ctx.store.close();
  });

  test("in a person's game each hog decision overruns and is a seeded random legal move; the game ends", async () => {
    const { id, token } = (
      await request(slow)
        .post('/api/matches')
        .send({ game: 'tictactoe', players: 2, opponents: [hog], seat: 1 })
    ).body;
    // Several page loads while the hog thinks: the decision is computed once, and they all wait for it.
    let calls = 0;
    const pool = slow.arena.ctx.bots;
    const decide = pool.decide.bind(pool);
    pool.decide = (job) => {
      calls++;
      return decide(job);
    };
    const pages = await Promise.all(
      Array.from({ length: 4 }, () => request(slow).get(`/api/matches/${id}`).query({ token })),
    );
    expect(pages.every((p) => p.status === 200)).toBe(true);
    let page = pages[0].body;
    while (page.status === 'live') {
      page = (
        await request(slow)
          .post(`/api/matches/${id}/actions`)
          .send({ token, action: page.legalActions[0].action, decisions: page.decisions })
      ).body;
    }
    pool.decide = decide;
    const record = (await slow.arena.ctx.store.getMatch(id))!;
    // The first was made at creation; none computed twice.
    expect(calls).toBe(record.actions.filter((_, i) => i % 2 === 0).length - 1);
    // Each decision with a choice overran (MCTS answers a forced move at once) and was the seeded
    // draw over the legal actions.
    const state = getGame('tictactoe').newGame({ players: 2, seed: record.seed });
    let hogDecisions = 0;
    record.actions.forEach((a, n) => {
      const legal = state.legalActions();
      if (n % 2 === 0 && legal.length > 1) {
        hogDecisions++;
        expect(a).toBe(legal[Rng.fromSeed(`${record.seed}:overrun:${n}`).int(legal.length)]);
      }
      state.applyAction(a);
    });
    expect(hogDecisions).toBeGreaterThan(2);
    expect(record.overruns).toEqual([hogDecisions, 0]);
    const board = (await request(slow).get('/api/leaderboard').query({ game: 'tictactoe' })).body;
    expect(board.rows.find((r: { agentId: string }) => r.agentId === hog)).toMatchObject({
      overruns: hogDecisions,
      games: 1,
    });
    expect((await request(slow).get('/leaderboard').query({ game: 'tictactoe' })).text).toContain('overruns');
  });

  test("in a tournament: the hog's games finish and every one of its decisions is counted as an overrun", async () => {
    const bots = await botIds(slow, 'tictactoe');
    const key = await accountKey(slow, 'organiser');
    const res = await request(slow)
      .post('/api/tournaments')
      .set('authorization', key)
      .send({ game: 'tictactoe', agents: [hog, bots.random], games: 2 });
    expect(res.status).toBe(202);
    await slow.arena.tournaments.idle();
    expect((await request(slow).get(`/api/tournaments/${res.body.id}`)).body).toMatchObject({
      status: 'done',
      gamesDone: 2,
    });
    const games = (await slow.arena.ctx.store.listGames('tictactoe', 10)).filter((g) => g.tournamentId === res.body.id);
    for (const g of games) {
      const hogSeat = g.seats.indexOf(hog);
      // Every hog decision with a choice (a forced move is answered at once) overran and was the seeded draw.
      const state = getGame('tictactoe').newGame({ players: 2, seed: g.seed });
      let choices = 0;
      g.actions.forEach((a, n) => {
        const legal = state.legalActions();
        if (state.currentPlayer() === hogSeat && legal.length > 1) {
          choices++;
          expect(a).toBe(legal[Rng.fromSeed(`${g.seed}:overrun:${n}`).int(legal.length)]);
        }
        state.applyAction(a);
      });
      expect(g.overruns![hogSeat]).toBe(choices);
      expect(g.overruns![1 - hogSeat]).toBe(0);
    }
  });
});

describe('attack 4: model specs that read the disk', () => {
  test('paths outside models/ are one 400 text that reveals nothing', async () => {
    const texts = new Set<string>();
    for (const spec of [
      'neural:/etc',
      'neural:../../../etc',
      'neural:models/../../etc',
      'az:/tmp,iterations=5',
      'neural:models/tictactoe',
      'neural:/work',
      'neural:models/perikles/az',
    ]) {
      const res = await request(app)
        .post('/api/agents')
        .set('authorization', alice)
        .send({ game: 'tictactoe', spec, name: 'reader' });
      expect(res.status, spec).toBe(400);
      texts.add(res.body.error.message.replace(/^agent spec '(neural|az):<path>'/, ''));
    }
    expect([...texts]).toHaveLength(1);
    expect([...texts][0]).toMatch(
      /the path must be one of this arena's model folders for tictactoe: models\/tictactoe\//,
    );
    const ok = await request(app)
      .post('/api/agents')
      .set('authorization', alice)
      .send({ game: 'tictactoe', spec: 'neural:models/tictactoe/az', name: 'policy copy' });
    expect(ok.status).toBe(201);
  });

  test('a symbolic link inside the models directory that leads out of it is refused like any other path', async () => {
    const root = mkdtempSync(join(tmpdir(), 'agora-models-'));
    cpSync('models/tictactoe/az', join(root, 'outside', 'az'), { recursive: true });
    cpSync('models/tictactoe/az', join(root, 'models', 'tictactoe', 'inside'), { recursive: true });
    symlinkSync(join(root, 'outside', 'az'), join(root, 'models', 'tictactoe', 'linked'));
    const linked = await testArena({ modelsDir: join(root, 'models') });
    try {
      const key = await accountKey(linked, 'linker');
      const refused = await request(linked)
        .post('/api/agents')
        .set('authorization', key)
        .send({ game: 'tictactoe', spec: `neural:${join(root, 'models', 'tictactoe', 'linked')}`, name: 'linked' });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(
        /the path must be one of this arena's model folders for tictactoe: .*inside/,
      );
      const inside = await request(linked)
        .post('/api/agents')
        .set('authorization', key)
        .send({ game: 'tictactoe', spec: `neural:${join(root, 'models', 'tictactoe', 'inside')}`, name: 'inside' });
      expect(inside.status).toBe(201);
    } finally {
      await linked.arena.close();
    }
  });
  test('cfr: policies are held to the served policy folders too (policy.json and meta.json)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'agora-policies-'));
    await runCfrPlus({ game: getGame('kuhn'), iterations: 5, out: join(root, 'models', 'kuhn', 'cfr') });
    await runCfrPlus({ game: getGame('kuhn'), iterations: 5, out: join(root, 'outside', 'cfr') });
    const served = await testArena({ modelsDir: join(root, 'models') });
    try {
      const key = await accountKey(served, 'solver');
      const texts = new Set<string>();
      for (const spec of ['cfr:/etc', 'cfr:../../etc', `cfr:${join(root, 'outside', 'cfr')}`, 'cfr:models/kuhn/az']) {
        const res = await request(served)
          .post('/api/agents')
          .set('authorization', key)
          .send({ game: 'kuhn', spec, name: 'reader' });
        expect(res.status, spec).toBe(400);
        texts.add(res.body.error.message);
      }
      expect([...texts]).toEqual([
        `agent spec 'cfr:<path>': the path must be one of this arena's model folders for kuhn: ` +
          `${join(root, 'models', 'kuhn', 'cfr')}`,
      ]);
      const ok = await request(served)
        .post('/api/agents')
        .set('authorization', key)
        .send({ game: 'kuhn', spec: `cfr:${join(root, 'models', 'kuhn', 'cfr')}`, name: 'solver bot' });
      expect(ok.status).toBe(201);
    } finally {
      await served.arena.close();
    }
  });
});

describe('attack 5: names', () => {
  test("playing under an account's name needs that account", async () => {
    const bots = await botIds(app, 'tictactoe');
    const body = { game: 'tictactoe', players: 2, opponents: [bots.random], name: 'alice' };
    expect((await request(app).post('/api/matches').send(body)).status).toBe(401);
    expect((await request(app).post('/api/matches').set('authorization', bob).send(body)).status).toBe(403);
    expect(
      (await request(app).post('/api/matches').set('authorization', 'Bearer agora_forged').send(body)).status,
    ).toBe(401);
    const own = await request(app)
      .post('/api/matches')
      .set('authorization', alice)
      .send({ ...body, name: 'ALICE' });
    expect(own.body.error?.message).toBeUndefined();
    expect(own.body).toMatchObject({ name: 'alice' });
    expect(own.status).toBe(201);
  });

  test('sign-up refuses taken names in any case or width, and names with invisible or control characters', async () => {
    const { agent, csrf } = await formClient(app);
    for (const name of ['Alice', 'ａｌｉｃｅ', 'guest-abcdef']) {
      const res = await agent
        .post('/signup')
        .type('form')
        .send({ name, password: 'long enough pw', password2: 'long enough pw', csrf });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
    }
    for (const name of ['a\u0000b', 'a\u001bb', 'ev\u202eil', 'random\u200b', '   ', 'tab\there']) {
      const res = await agent
        .post('/signup')
        .type('form')
        .send({ name, password: 'long enough pw', password2: 'long enough pw', csrf });
      expect(res.status, JSON.stringify(name)).toBe(400);
    }
    const bot = await request(app)
      .post('/api/agents')
      .set('authorization', bob)
      .send({ game: 'tictactoe', spec: 'random', name: 'random\u200b' });
    expect(bot.status).toBe(400);
    expect(bot.body.error.message).toMatch(/invisible or direction-changing character U\+200B/);
  });

  test("a bot may carry a person's name only in the bots' namespace, always shown with the bot mark", async () => {
    const res = await request(app)
      .post('/api/agents')
      .set('authorization', bob)
      .send({ game: 'tictactoe', spec: 'random', name: 'alice' });
    expect(res.status).toBe(201);
    const html = (await request(app).get('/leaderboard').query({ game: 'tictactoe' })).text;
    expect(html).toMatch(/<td>alice<span class="bot" title="a bot">/);
  });

  test('guests play at once under fresh guest names, each rated on its own row', async () => {
    const bots = await botIds(app, 'tictactoe');
    const a = (
      await request(app)
        .post('/api/matches')
        .send({ game: 'tictactoe', players: 2, opponents: [bots.random] })
    ).body;
    const b = (
      await request(app)
        .post('/api/matches')
        .send({ game: 'tictactoe', players: 2, opponents: [bots.random] })
    ).body;
    expect(a.name).toMatch(/^guest-[0-9a-z]{6}$/);
    expect(b.name).toMatch(/^guest-[0-9a-z]{6}$/);
    expect(a.name).not.toBe(b.name);
  });

  test('form log-in gives a session cookie (HttpOnly, SameSite=Lax) that rates matches; log-out ends it', async () => {
    const { agent, csrf } = await formClient(app);
    const signup = await agent
      .post('/signup')
      .type('form')
      .send({ name: 'Carol', password: 'carol password', password2: 'carol password', csrf });
    expect(signup.status).toBe(303);
    const cookie = (signup.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('agora_session='))!;
    expect(cookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=2592000', 'Path=/', 'SameSite=Lax']);
    const bots = await botIds(app, 'tictactoe');
    const start = await agent
      .post('/matches')
      .type('form')
      .send({ game: 'tictactoe', players: '2', opponents: bots.random, csrf });
    expect((await agent.get(start.headers.location)).text).toContain('Carol (you)');
    const wrong = await request(app)
      .post('/login')
      .type('form')
      .send({ name: 'Carol', password: 'nope nope nope', csrf });
    expect(wrong.status).toBe(403); // no csrf cookie in this client: refused before the password is even tried
    const { agent: other, csrf: otherCsrf } = await formClient(app);
    const bad = await other
      .post('/login')
      .type('form')
      .send({ name: 'Carol', password: 'nope nope nope', csrf: otherCsrf });
    expect(bad.status).toBe(401);
    expect(bad.text).toContain('wrong name or password');
    const account = await agent.get('/account');
    expect(account.status).toBe(200);
    expect(account.headers['cache-control']).toBe('no-store');
    await agent.post('/logout').type('form').send({ csrf });
    expect((await agent.get('/account')).status).toBe(303);
  });
});

describe('attack 6: cross-site requests, bad bodies, caching', () => {
  test('an API write from another Origin, or form-encoded, is refused; so is a cross-site form post', async () => {
    const bots = await botIds(app, 'tictactoe');
    const body = { game: 'tictactoe', players: 2, opponents: [bots.random] };
    const evil = await request(app).post('/api/matches').set('origin', 'https://evil.example').send(body);
    expect(evil.status).toBe(403);
    expect(evil.body.error.message).toMatch(/writes from another site are refused/);
    const nullOrigin = await request(app).post('/api/matches').set('origin', 'null').send(body);
    expect(nullOrigin.status).toBe(403);
    // The same host over https (a TLS proxy in front) is this arena.
    const proxied = await request(app)
      .post('/api/matches')
      .set('host', 'agora.example')
      .set('origin', 'https://agora.example')
      .send(body);
    expect(proxied.status).toBe(201);
    const fetchMeta = await request(app).post('/api/matches').set('sec-fetch-site', 'cross-site').send(body);
    expect(fetchMeta.status).toBe(403);
    const form = await request(app)
      .post('/api/matches')
      .type('form')
      .send(`game=tictactoe&players=2&opponents=${bots.random}`);
    expect(form.status).toBe(415);
    const { agent, csrf } = await formClient(app);
    const crossForm = await agent
      .post('/matches')
      .set('origin', 'https://evil.example')
      .type('form')
      .send({ ...body, players: '2', opponents: bots.random, csrf });
    expect(crossForm.status).toBe(403);
  });

  test('a bad compressed body is 400 in the error shape, logged in one line, no stack; bad charset 415', async () => {
    logLines.length = 0;
    const res = await request(app)
      .post('/api/matches')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send('xx');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: 'bad_request',
        message: 'malformed request body (expected JSON or a form, correctly encoded and compressed)',
      },
    });
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toMatch(/^POST \/api\/matches -> 400 bad_request/);
    expect(logLines.join('\n')).not.toMatch(/\n\s+at /);
    const charset = await request(app)
      .post('/api/matches')
      .set('content-type', 'application/json; charset=koi8-r')
      .send('{}');
    expect(charset.status).toBe(415);
    expect(charset.body.error.code).toBe('unsupported_media_type');
    // A good gzip body is read as usual (sent raw over a socket: supertest would re-encode a Buffer as JSON).
    const bots = await botIds(app, 'tictactoe');
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const gz = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ game: 'tictactoe', players: 2, opponents: [bots.random] })),
      });
      expect(gz.status).toBe(201);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  test('bodies are not read before the rate limit: the third bad body in a minute is 429', async () => {
    const limited = await testArena({ writeLimitPerMinute: 2 });
    const codes = [];
    for (let i = 0; i < 3; i++) {
      codes.push(
        (
          await request(limited)
            .post('/api/matches')
            .set('content-type', 'application/json')
            .set('content-encoding', 'gzip')
            .send('xx')
        ).status,
      );
    }
    expect(codes).toEqual([400, 400, 429]);
    await limited.arena.close();
  });

  test('seat pages and answers are never cached', async () => {
    const bots = await botIds(app, 'tictactoe');
    const { id, token } = (
      await request(app)
        .post('/api/matches')
        .send({ game: 'tictactoe', players: 2, opponents: [bots.random], seat: 0 })
    ).body;
    expect((await request(app).get(`/matches/${id}`).query({ token })).headers['cache-control']).toBe('no-store');
    expect((await request(app).get(`/api/matches/${id}`).query({ token })).headers['cache-control']).toBe('no-store');
    expect(
      (await request(app).post(`/api/matches/${id}/actions`).send({ token, action: 4, decisions: 0 })).headers[
        'cache-control'
      ],
    ).toBe('no-store');
  });
});
