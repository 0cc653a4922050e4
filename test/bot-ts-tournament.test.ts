/**
 * The Bot API with the TypeScript client: an external bot (runBot, playing the shipped tic-tac-toe
 * model) is entered into a tournament against the arena's own bots and plays every game to the end
 * in time; the tournament finishes and rates it.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, expect, test } from 'vitest';
import type { ArenaApp } from '../arena/index.js';
import { loadModelPolicy, runBot } from '../play/index.js';
import { accountKey, botIds, testArena } from './arena-helpers.js';

let app: ArenaApp;
let server: Server;
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await app?.arena.close();
  await app?.arena.ctx.store.close();
});

test('a TypeScript bot plays a tournament against the arena bots to the end, in time, and is rated', async () => {
  app = await testArena({ externalBots: { timeLimitMs: 5000 } });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = await accountKey(app, 'hal');
  const { bot, token } = (
    await request(app).post('/api/bots').set('Authorization', key).send({ game: 'tictactoe', name: 'TsNet' })
  ).body;

  // What examples/bot-model.ts plays: the shipped model's best legal action.
  const policy = loadModelPolicy('models/tictactoe/az', 'tictactoe');
  const ended: unknown[] = [];
  const playing = runBot(policy, { url, token, matches: 4, onMatchEnd: (e) => ended.push(e), log: () => {} });
  await expect
    .poll(async () => (await request(app).get('/api/bots').set('Authorization', key)).body[0].online, {
      timeout: 10_000,
    })
    .toBe(true);

  const { random, greedy } = await botIds(app, 'tictactoe');
  const t = await request(app)
    .post('/api/tournaments')
    .set('Authorization', key)
    .send({ game: 'tictactoe', agents: [bot.id, random, greedy], games: 6 });
  expect(t.status).toBe(202);
  await app.arena.tournaments.idle();
  expect((await request(app).get(`/api/tournaments/${t.body.id}`)).body).toMatchObject({
    status: 'done',
    gamesDone: 6,
  });
  // Round-robin over three agents: the bot sits in 4 of the 6 games.
  expect((await playing).matches).toBe(4);
  expect(ended).toHaveLength(4);
  const row = (await request(app).get('/api/leaderboard').query({ game: 'tictactoe' })).body.rows.find(
    (r: { agentId: string }) => r.agentId === bot.id,
  );
  expect(row).toMatchObject({ games: 4, overruns: 0, external: true, owner: 'hal' });
}, 120_000);
