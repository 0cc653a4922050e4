/**
 * Tournaments share the game threads fairly (issue 33): different owners' tournaments play side by
 * side, the arena's own ranking tournaments yield to people's, an owner cancels their own, and an
 * external bot that reaches the miss limit forfeits instead of costing its time limit per decision.
 * Against a real arena (SQLite in memory), on real worker threads; order and progress are asserted,
 * never timings.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import type { ArenaApp, GameRecord } from '../arena/index.js';
import { accountKey, botIds, formClient, formFields, testArena } from './arena-helpers.js';

const OPERATOR = 'Bearer operator-secret-token-0123456789';
let app: ArenaApp | undefined;

afterEach(async () => {
  await app?.arena.close();
  await app?.arena.ctx.store.close();
  app = undefined;
});

async function waitFor(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(25)) if (await check()) return;
  throw new Error(`${what}: not within ${ms / 1000} s`);
}

/** A game's stored games in the order they were stored (the test clock ticks once per call). */
async function storedInOrder(app: ArenaApp, game: string): Promise<GameRecord[]> {
  return (await app.arena.ctx.store.listGames(game, 10_000)).reverse();
}

const status = async (app: ArenaApp, id: string) => (await app.arena.ctx.store.getTournament(id))!;

describe('fair tournaments', () => {
  test("two owners' tournaments both progress before either ends", async () => {
    app = await testArena({ tournamentThreads: 2 });
    const [ada, bea] = [await accountKey(app, 'ada'), await accountKey(app, 'bea')];
    const bots = await botIds(app, 'tictactoe');
    // Ada's tournament is long (search bots, many games); Bea asks for a short one just after.
    const long = await request(app)
      .post('/api/tournaments')
      .set('authorization', ada)
      .send({
        game: 'tictactoe',
        agents: [bots['mcts:iterations=1000,cutoff=30'], bots['mcts:iterations=200,cutoff=30']],
        games: 120,
      });
    const short = await request(app)
      .post('/api/tournaments')
      .set('authorization', bea)
      .send({ game: 'tictactoe', agents: [bots.random, bots.greedy], games: 6 });
    expect([long.status, short.status]).toEqual([202, 202]);
    await waitFor(async () => (await status(app!, short.body.id)).status === 'done', "Bea's tournament");
    // Bea's ended while Ada's was still running: it did not wait for Ada's 120 games.
    expect(await status(app, long.body.id)).toMatchObject({ status: 'running' });
    await app.arena.tournaments.cancel(long.body.id);
    await app.arena.tournaments.idle();
    // In store order, each tournament had played games before the other's last one.
    const order = (await storedInOrder(app, 'tictactoe')).map((g) => g.tournamentId);
    const lastOf = (id: string) => order.lastIndexOf(id);
    const firstOf = (id: string) => order.indexOf(id);
    expect(firstOf(long.body.id)).toBeLessThan(lastOf(short.body.id));
    expect(firstOf(short.body.id)).toBeLessThan(lastOf(long.body.id));
    expect(order.filter((id) => id === short.body.id)).toHaveLength(6);
  });

  test("a person's tournament plays while an arena ranking tournament of slow games is running", async () => {
    app = await testArena({ tournamentThreads: 2 });
    const perikles = await botIds(app, 'perikles');
    // The arena's own (no owner), as the first start queues them: timed bots, about 40 s a game.
    const ranking = await app.arena.tournaments.start({
      game: 'perikles',
      agents: [perikles['mcts:ms=100,cutoff=30'], perikles['mcts:iterations=1000,cutoff=30'], perikles.greedy],
      games: 12,
    });
    await waitFor(async () => app!.arena.tournaments.isPlaying(ranking.id), 'the ranking tournament');
    const key = await accountKey(app, 'cyd');
    const bots = await botIds(app, 'tictactoe');
    const mine = await request(app)
      .post('/api/tournaments')
      .set('authorization', key)
      .send({ game: 'tictactoe', agents: [bots.random, bots.greedy], games: 4 });
    expect(mine.status).toBe(202);
    await waitFor(async () => (await status(app!, mine.body.id)).status === 'done', "the person's tournament");
    // The ranking goes on behind it: the person's did not wait for its minute-long games.
    expect((await status(app, ranking.id)).status).toBe('running');
    expect((await status(app, ranking.id)).gamesDone).toBeLessThan(12);
  });

  test('the owner cancels their tournament (API key or page form); another account: 403, nobody: 401', async () => {
    app = await testArena({ adminToken: OPERATOR.slice('Bearer '.length) });
    const [dee, eli] = [await accountKey(app, 'dee', 'dee password 1'), await accountKey(app, 'eli')];
    const bots = await botIds(app, 'tictactoe');
    const slow = { game: 'tictactoe', agents: [bots['mcts:iterations=1000,cutoff=30'], bots.greedy], games: 500 };
    const first = await request(app).post('/api/tournaments').set('authorization', dee).send(slow);
    expect(first.status).toBe(202);
    const cancel = (who?: string) => {
      const req = request(app!).post(`/api/tournaments/${first.body.id}/cancel`).send({});
      return who ? req.set('authorization', who) : req;
    };
    const nobody = await cancel();
    expect(nobody.status).toBe(401);
    expect(nobody.body.error.message).toMatch(/cancelling a tournament needs an account/);
    const other = await cancel(eli);
    expect(other.status).toBe(403);
    expect(other.body.error.message).toMatch(/is not yours/);
    expect((await status(app, first.body.id)).status).toBe('running');
    const own = await cancel(dee);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 'cancelled', error: 'cancelled by its owner, dee' });
    await app.arena.tournaments.idle();
    expect((await status(app, first.body.id)).gamesDone).toBeLessThan(500);

    // Logged in, the owner sees a cancel button on their running tournament (others do not) and uses it.
    const second = await request(app).post('/api/tournaments').set('authorization', dee).send(slow);
    expect(second.status).toBe(202);
    const { agent, csrf } = await formClient(app);
    const login = await agent.post('/login').type('form').send({ name: 'dee', password: 'dee password 1', csrf });
    expect(login.status).toBe(303);
    const page = (await agent.get(`/tournaments/${second.body.id}`)).text;
    const fields = formFields(page, /\/cancel$/);
    expect((await request(app).get(`/tournaments/${second.body.id}`)).text).not.toMatch(/\/cancel"/);
    const posted = await agent.post(`/tournaments/${second.body.id}/cancel`).type('form').send(fields);
    expect(posted.status).toBe(303);
    expect(await status(app, second.body.id)).toMatchObject({ status: 'cancelled' });
    // The operator may still cancel anyone's.
    const third = await request(app).post('/api/tournaments').set('authorization', eli).send(slow);
    const operator = await request(app)
      .post(`/api/tournaments/${third.body.id}/cancel`)
      .set('authorization', OPERATOR)
      .send({});
    expect(operator.status).toBe(200);
    expect(operator.body).toMatchObject({ status: 'cancelled', error: 'cancelled by the operator' });
  });

  test('a bot reaching the miss limit forfeits: its games in play end, the rest are not played', async () => {
    app = await testArena({ externalBots: { timeLimitMs: 200, missLimit: 2 } });
    const key = await accountKey(app, 'fay');
    const { bot, token } = (
      await request(app).post('/api/bots').set('authorization', key).send({ game: 'tictactoe', name: 'Silent' })
    ).body;
    await request(app).get('/api/bot/turns').set('authorization', `Bearer ${token}`); // online, then silent
    const { random } = await botIds(app, 'tictactoe');
    const t = await request(app)
      .post('/api/tournaments')
      .set('authorization', key)
      .send({ game: 'tictactoe', agents: [bot.id, random], games: 20 });
    expect(t.status).toBe(202);
    await waitFor(async () => (await status(app!, t.body.id)).status !== 'running', 'the tournament');
    const done = await status(app, t.body.id);
    const games = (await storedInOrder(app, 'tictactoe')).filter((g) => g.tournamentId === t.body.id);
    // The games in play when it went offline (a few at once) ended as forfeits: its seat last, rated.
    expect(games.length).toBeGreaterThan(0);
    expect(games.length).toBeLessThan(20);
    for (const g of games) {
      const seat = g.seats.indexOf(bot.id);
      expect(g.resigned).toBe(seat);
      expect(g.ranking[seat]).toBe(1);
      expect(g.ranking[1 - seat]).toBe(0);
    }
    // Two misses in all (the limit), the first played as a random move: no time limit per decision after.
    expect(games.reduce((n, g) => n + g.overruns![g.seats.indexOf(bot.id)], 0)).toBe(1);
    // The rest were never played: the tournament is done, saying how many the bot forfeited.
    expect(done).toMatchObject({
      status: 'done',
      gamesDone: games.length,
      error: `Silent forfeited ${20 - games.length} games (offline)`,
    });
    const row = (await request(app).get('/api/leaderboard').query({ game: 'tictactoe' })).body.rows.find(
      (r: { agentId: string }) => r.agentId === bot.id,
    );
    expect(row.games).toBe(games.length);
  });
});
