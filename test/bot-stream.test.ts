import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import type { ArenaApp } from '../arena/index.js';
import { accountKey, testArena } from './arena-helpers.js';
import { openStream } from './bot-streams.js';

let app: ArenaApp;
let server: Server;
afterEach(async () => {
  server.close();
  await app.arena.close();
  await app.arena.ctx.store.close();
});

test('the stream: a bot plays through its events, drops mid-match, is played for, and picks up again', async () => {
  app = await testArena({ externalBots: { timeLimitMs: 400 } });
  server = app.listen(0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = await accountKey(app, 'fay');
  const { bot, token } = (
    await request(app).post('/api/bots').set('Authorization', key).send({ game: 'tictactoe', name: 'Streamer' })
  ).body;
  let stream = openStream(base, token);
  await new Promise((r) => setTimeout(r, 200)); // connected: online
  const { id, token: seat } = (
    await request(app)
      .post('/api/matches')
      .send({ game: 'tictactoe', players: 2, opponents: [bot.id], seat: 1 })
  ).body;
  expect(await stream.next('matchStart')).toMatchObject({ match: id, seat: 0, players: 2, timeLimitMs: 400 });
  const first = await stream.next('yourTurn');
  expect(first).toMatchObject({ match: id, seat: 0, decisions: 0 });
  await request(app)
    .post(`/api/bot/matches/${id}/actions`)
    .set('Authorization', `Bearer ${token}`)
    .send({ action: 0, decisions: 0 });

  // The bot drops; the person moves; the bot's time runs out and the arena plays for it.
  stream.close();
  await stream.done;
  let page = (await request(app).get(`/api/matches/${id}`).query({ token: seat })).body;
  await request(app)
    .post(`/api/matches/${id}/actions`)
    .send({ token: seat, action: page.legalActions[0].action, decisions: page.decisions });
  const until = Date.now() + 5000;
  while ((await app.arena.ctx.store.getMatch(id))!.actions.length < 3 && Date.now() < until)
    await new Promise((r) => setTimeout(r, 50));
  const stored = (await app.arena.ctx.store.getMatch(id))!;
  expect(stored.actions.length).toBe(3);
  expect(stored.overruns).toEqual([1, 0]);

  // Back: the live match and, after the person's move, its turn come down the new stream.
  stream = openStream(base, token);
  expect(await stream.next('matchStart')).toMatchObject({ match: id, seat: 0 });
  for (;;) {
    page = (await request(app).get(`/api/matches/${id}`).query({ token: seat })).body;
    if (page.status === 'done') break;
    await request(app)
      .post(`/api/matches/${id}/actions`)
      .send({ token: seat, action: page.legalActions[0].action, decisions: page.decisions });
    page = (await request(app).get(`/api/matches/${id}`).query({ token: seat })).body;
    if (page.status === 'done') break;
    const turn = await stream.next('yourTurn');
    expect(turn.match).toBe(id);
    await request(app)
      .post(`/api/bot/matches/${id}/actions`)
      .set('Authorization', `Bearer ${token}`)
      .send({ action: turn.legalActions[0].action, decisions: turn.decisions });
  }
  const end = await stream.next('matchEnd');
  expect(end).toMatchObject({ match: id, seat: 0, gameId: page.result.gameId });
  expect(end.result.ranking).toEqual(page.result.ranking);
  expect(typeof end.eloChange).toBe('number');
  expect(end.eloChange).not.toBe(0);
  stream.close();
  await stream.done;
});
