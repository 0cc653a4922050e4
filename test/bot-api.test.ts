import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import type { ArenaApp } from '../arena/index.js';
import { accountKey, botIds, testArena } from './arena-helpers.js';

type Json = ReturnType<typeof JSON.parse>;

/** A bot's client over polling: its turns, answered with `choose`, until `until()` holds. */
async function playTurns(app: ArenaApp, token: string, choose: (turn: Json) => number, until: () => Promise<boolean>) {
  let moves = 0;
  while (!(await until())) {
    const { body } = await request(app)
      .get('/api/bot/turns')
      .query({ wait: 2000 })
      .set('Authorization', `Bearer ${token}`);
    for (const turn of body.turns) {
      const reply = await request(app)
        .post(`/api/bot/matches/${turn.match}/actions`)
        .set('Authorization', `Bearer ${token}`)
        .send({ action: choose(turn), decisions: turn.decisions });
      expect([200, 409]).toContain(reply.status);
      if (reply.status === 200) moves++;
    }
  }
  return moves;
}

describe('Bot API: external bots on the ladder', () => {
  let app: ArenaApp;
  afterEach(async () => {
    await app.arena.close();
    await app.arena.ctx.store.close();
  });

  test('an account makes a bot and its token; the bot plays a rated game against a person to the end', async () => {
    app = await testArena();
    const key = await accountKey(app, 'ada');
    const made = await request(app)
      .post('/api/bots')
      .set('Authorization', key)
      .send({ game: 'tictactoe', name: 'Noughts' });
    expect(made.status).toBe(201);
    const { bot, token } = made.body;
    expect(token).toMatch(/^agb_/);
    expect(bot).toMatchObject({ game: 'tictactoe', name: 'Noughts', online: false, token: 'live' });
    // The token is shown once: the list never carries it, nor its hash.
    const listed = await request(app).get('/api/bots').set('Authorization', key);
    expect(JSON.stringify(listed.body)).not.toContain(token.slice(4, 20));
    expect(listed.body).toHaveLength(1);

    // Offline until it connects: a person cannot challenge it yet.
    const early = await request(app)
      .post('/api/matches')
      .send({ game: 'tictactoe', players: 2, opponents: [bot.id] });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toMatch(/'Noughts' is offline/);

    const auth = `Bearer ${token}`;
    expect((await request(app).get('/api/bot/account').set('Authorization', auth)).body).toMatchObject({
      name: 'Noughts',
      timeLimitMs: 10_000,
    });
    await request(app).get('/api/bot/turns').set('Authorization', auth); // polling marks it online
    const match = await request(app)
      .post('/api/matches')
      .send({ game: 'tictactoe', players: 2, opponents: [bot.id], seat: 0 });
    expect(match.status).toBe(201);
    const { id, token: seatToken } = match.body;

    // The person and the bot take turns; the bot answers through the API.
    const ended = async () => (await app.arena.ctx.store.getMatch(id))!.status === 'done';
    const lowest = (turn: Json) => turn.legalActions[0].action;
    for (;;) {
      const page = (await request(app).get(`/api/matches/${id}`).query({ token: seatToken })).body;
      if (page.status === 'done') break;
      if (page.isYourTurn) {
        const last = page.legalActions[page.legalActions.length - 1].action;
        await request(app)
          .post(`/api/matches/${id}/actions`)
          .send({ token: seatToken, action: last, decisions: page.decisions });
        continue;
      }
      await playTurns(
        app,
        token,
        lowest,
        async () =>
          (await ended()) || (await request(app).get(`/api/matches/${id}`).query({ token: seatToken })).body.isYourTurn,
      );
    }
    const board = (await request(app).get('/api/leaderboard').query({ game: 'tictactoe' })).body;
    const row = board.rows.find((r: Json) => r.agentId === bot.id);
    expect(row).toMatchObject({ games: 1, external: true, owner: 'ada', overruns: 0, kind: 'bot' });
    expect(row.elo).not.toBe(1500);
    // The leaderboard page marks it as a bot and names its owner.
    const html = (await request(app).get('/leaderboard').query({ game: 'tictactoe' })).text;
    expect(html).toMatch(/Noughts<span[^>]*>.*?<\/span> <span class="muted">by ada<\/span>/);
  });

  test('a wrong, malformed or revoked token is the same 401, revealing nothing', async () => {
    app = await testArena();
    const key = await accountKey(app, 'bea');
    const { bot, token } = (
      await request(app).post('/api/bots').set('Authorization', key).send({ game: 'promotion', name: 'Pusher' })
    ).body;
    const answers = [];
    for (const given of [`${token}x`, 'agb_nothing', 'not-a-bot-token', '']) {
      const res = await request(app).get('/api/bot/account').set('Authorization', `Bearer ${given}`);
      answers.push([res.status, res.body.error.message]);
    }
    answers.push([(await request(app).get('/api/bot/stream')).status, null]);
    await request(app).post(`/api/bots/${bot.id}/revoke`).set('Authorization', key).send({});
    const revoked = await request(app).get('/api/bot/account').set('Authorization', `Bearer ${token}`);
    expect(revoked.status).toBe(401);
    expect(new Set(answers.slice(0, 4).map((a) => a[1]))).toEqual(new Set([revoked.body.error.message]));
    expect(answers.map((a) => a[0])).toEqual([401, 401, 401, 401, 401]);
    // A renewed token works; another account cannot touch the bot.
    const renewed = (await request(app).post(`/api/bots/${bot.id}/token`).set('Authorization', key).send({})).body;
    expect((await request(app).get('/api/bot/account').set('Authorization', `Bearer ${renewed.token}`)).status).toBe(
      200,
    );
    const other = await accountKey(app, 'cyd');
    const theirs = await request(app).post(`/api/bots/${bot.id}/revoke`).set('Authorization', other).send({});
    expect(theirs.status).toBe(404);
  });

  test('a bot that lets its time run out: a seeded random move, counted; after 2 misses it is offline', async () => {
    app = await testArena({ externalBots: { timeLimitMs: 150, missLimit: 2 } });
    const key = await accountKey(app, 'dee');
    const { bot, token } = (
      await request(app).post('/api/bots').set('Authorization', key).send({ game: 'tictactoe', name: 'Sleepy' })
    ).body;
    await request(app).get('/api/bot/turns').set('Authorization', `Bearer ${token}`);
    const random = (await botIds(app, 'tictactoe')).random;
    // The bot against the arena's random bot in a tournament: nobody answers for it.
    const t = await request(app)
      .post('/api/tournaments')
      .set('Authorization', key)
      .send({ game: 'tictactoe', agents: [bot.id, random], games: 2 });
    expect(t.status).toBe(202);
    await app.arena.tournaments.idle();
    const done = (await request(app).get(`/api/tournaments/${t.body.id}`)).body;
    expect(done).toMatchObject({ status: 'done', gamesDone: 2 });
    const row = (await request(app).get('/api/leaderboard').query({ game: 'tictactoe' })).body.rows.find(
      (r: Json) => r.agentId === bot.id,
    );
    expect(row.games).toBe(2);
    // Its first miss is played as a random move; the second puts it offline, and it forfeits both
    // games in play (issue 33: no time limit spent on every decision of an absent bot).
    expect(row.overruns).toBe(1);
    const mine = (await request(app).get('/api/bots').set('Authorization', key)).body[0];
    expect(mine).toMatchObject({ online: false });
    expect(mine.missedInARow).toBeGreaterThanOrEqual(2);
    // Offline: not scheduled.
    const again = await request(app)
      .post('/api/tournaments')
      .set('Authorization', key)
      .send({ game: 'tictactoe', agents: [bot.id, random], games: 2 });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/external bot that is offline/);
    // The replays are the games as played, random moves for the bot included, ended by its forfeit.
    const games = (await app.arena.ctx.store.listGames('tictactoe')).filter((g) => g.tournamentId === t.body.id);
    expect(games.map((g) => g.id).sort()).toEqual([`${t.body.id}:0`, `${t.body.id}:1`]);
    for (const g of games) expect(g.resigned).toBe(g.seats.indexOf(bot.id));
  });

  test('moves: stale counts and illegal actions are 409 (naming the legal ones); nothing changes', async () => {
    app = await testArena();
    const key = await accountKey(app, 'eve');
    const { bot, token } = (
      await request(app).post('/api/bots').set('Authorization', key).send({ game: 'tictactoe', name: 'Crosses' })
    ).body;
    const auth = `Bearer ${token}`;
    await request(app).get('/api/bot/turns').set('Authorization', auth);
    const { id } = (
      await request(app)
        .post('/api/matches')
        .send({ game: 'tictactoe', players: 2, opponents: [bot.id], seat: 1 })
    ).body;
    const [turn] = (await request(app).get('/api/bot/turns').query({ wait: 3000 }).set('Authorization', auth)).body
      .turns;
    expect(turn).toMatchObject({ type: 'yourTurn', match: id, seat: 0, decisions: 0, game: 'tictactoe' });
    expect(turn.observation).toHaveLength(27);
    expect(turn.timeLeftMs).toBeGreaterThan(0);
    const stale = await request(app)
      .post(`/api/bot/matches/${id}/actions`)
      .set('Authorization', auth)
      .send({ action: 4, decisions: 3 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('stale');
    const illegal = await request(app)
      .post(`/api/bot/matches/${id}/actions`)
      .set('Authorization', auth)
      .send({ action: 42, decisions: 0 });
    expect(illegal.status).toBe(409);
    expect(illegal.body.error.code).toBe('illegal_action');
    expect(illegal.body.error.message).toMatch(/Legal now: 0=x\(0,0\)/);
    expect((await app.arena.ctx.store.getMatch(id))!.actions).toEqual([]);
    const ok = await request(app)
      .post(`/api/bot/matches/${id}/actions`)
      .set('Authorization', auth)
      .send({ action: 4, decisions: 0 });
    expect(ok.status).toBe(200);
    expect((await app.arena.ctx.store.getMatch(id))!.actions).toEqual([4]);
    // Not its turn now, and another bot's match is no match at all.
    const twice = await request(app)
      .post(`/api/bot/matches/${id}/actions`)
      .set('Authorization', auth)
      .send({ action: 0, decisions: 1 });
    expect(twice.status).toBe(409);
    expect((await request(app).get('/api/bot/matches/nope').set('Authorization', auth)).status).toBe(404);
  });
});
