/**
 * Accounts through their pages, as a browser-like client would use them (cookie jar, CSRF field):
 * sign up, make an API key, use it from a script, revoke it; operator settings from the environment.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ArenaApp, operatorSettings } from '../arena/index.js';
import { botIds, formClient, formFields, testArena } from './arena-helpers.js';

let app: ArenaApp;
beforeAll(async () => {
  app = await testArena();
});
afterAll(async () => {
  await app.arena.close();
  await app.arena.ctx.store.close();
});

describe('the account page', () => {
  test('an API key is shown once, works as Authorization: Bearer, and stops working when revoked', async () => {
    const { agent, csrf } = await formClient(app);
    expect(
      (
        await agent
          .post('/signup')
          .type('form')
          .send({ name: 'Dora', password: 'dora password', password2: 'dora password', csrf })
      ).status,
    ).toBe(303);
    const made = await agent.post('/account/keys').type('form').send({ label: 'my bot script', csrf });
    expect(made.status).toBe(200);
    expect(made.headers['cache-control']).toBe('no-store');
    const key = /<code>(agora_[A-Za-z0-9_-]+)<\/code>/.exec(made.text)?.[1];
    expect(key).toBeDefined();
    expect((await agent.get('/account')).text).not.toContain(key); // shown once
    const stored = await app.arena.ctx.store.listApiKeys((await app.arena.ctx.store.findUserByKey('dora'))!.id);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(key!.slice(6)); // only its hash is kept

    const bots = await botIds(app, 'tictactoe');
    const challenge = { game: 'tictactoe', players: 2, opponents: [bots.random], name: 'dora' };
    const played = await request(app).post('/api/matches').set('authorization', `Bearer ${key}`).send(challenge);
    expect(played.status).toBe(201);
    expect(played.body.name).toBe('Dora');

    const page = (await agent.get('/account')).text;
    expect(page).toContain('my bot script');
    const revoke = formFields(page, /\/revoke$/);
    const action = /action="(\/account\/keys\/[^"]+\/revoke)"/.exec(page)![1];
    expect((await agent.post(action).type('form').send(revoke)).status).toBe(303);
    const refused = await request(app).post('/api/matches').set('authorization', `Bearer ${key}`).send(challenge);
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/API key is not valid/);
  });

  test('log-in sends you back to the page you came from, never to another site', async () => {
    const { agent, csrf } = await formClient(app);
    await app.arena.accounts.signup('Eve', 'eve password');
    const home = await agent
      .post('/login')
      .type('form')
      .send({ name: 'eve', password: 'eve password', next: '/leaderboard', csrf });
    expect(home.status).toBe(303);
    expect(home.headers.location).toBe('/leaderboard');
    for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const res = await agent.post('/login').type('form').send({ name: 'eve', password: 'eve password', next, csrf });
      expect(res.headers.location, next).toBe('/');
    }
    expect((await request(app).get('/account')).headers.location).toBe('/login?next=%2Faccount');
  });

  test('sign-up refuses a short password and two different passwords, keeping the name typed', async () => {
    const { agent, csrf } = await formClient(app);
    const short = await agent
      .post('/signup')
      .type('form')
      .send({ name: 'Finn', password: 'short', password2: 'short', csrf });
    expect(short.status).toBe(400);
    expect(short.text).toContain('value="Finn"');
    const differ = await agent
      .post('/signup')
      .type('form')
      .send({ name: 'Finn', password: 'long enough 1', password2: 'long enough 2', csrf });
    expect(differ.status).toBe(400);
    expect(differ.text).toContain('the two passwords differ');
    expect(await app.arena.ctx.store.findUserByKey('finn')).toBeUndefined();
  });
});

describe('operator settings from the environment', () => {
  test('read, checked, and unset ones left to the defaults', () => {
    expect(operatorSettings({})).toEqual({ userBots: {}, tournamentLimits: {}, externalBots: {}, liveMatches: {} });
    expect(
      operatorSettings({
        AGORA_ADMIN_TOKEN: 'a'.repeat(32),
        AGORA_BOT_BUDGET_MS: '5000',
        AGORA_USER_BOT_MS: '500',
        AGORA_TOURNAMENT_MAX_GAMES: '50',
        AGORA_SECURE_COOKIES: '1',
        AGORA_ORIGIN: 'https://agora.example',
        AGORA_BOT_TIME_LIMIT_MS: '3000',
        AGORA_BOT_TIME_LIMIT_MS_PERIKLES: '20000',
        AGORA_BOT_MISS_LIMIT: '5',
        AGORA_BACKGROUND_NICE: '0',
        AGORA_MATCH_ABORT_MS: '60000',
        AGORA_MATCH_IDLE_MS: '600000',
        AGORA_LIVE_MATCHES: '500',
        AGORA_LIVE_MATCHES_PER_ACCOUNT: '4',
        AGORA_LIVE_MATCHES_PER_GUEST: '2',
        AGORA_LIVE_MATCHES_PER_ADDRESS: '8',
        AGORA_TRUST_PROXY: '1',
      }),
    ).toEqual({
      adminToken: 'a'.repeat(32),
      botBudgetMs: 5000,
      userBots: { ms: 500 },
      tournamentLimits: { games: 50 },
      externalBots: { timeLimitMs: 3000, missLimit: 5, timeLimitsMs: { perikles: 20000 } },
      secureCookies: true,
      origin: 'https://agora.example',
      backgroundNice: 0,
      liveMatches: { abortAfterMs: 60000, loseAfterMs: 600000, total: 500, perAccount: 4, perGuest: 2, perAddress: 8 },
      trustProxy: 1,
    });
    expect(operatorSettings({ AGORA_TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    for (const bad of ['true', '0', 'everyone']) {
      expect(() => operatorSettings({ AGORA_TRUST_PROXY: bad })).toThrow(/^AGORA_TRUST_PROXY: the number of proxies/);
    }
    expect(() => operatorSettings({ AGORA_LIVE_MATCHES_PER_GUEST: '0' })).toThrow(
      "AGORA_LIVE_MATCHES_PER_GUEST: must be a positive integer; got '0'",
    );
    expect(operatorSettings({ AGORA_BACKGROUND_NICE: '19' }).backgroundNice).toBe(19);
    for (const bad of ['20', '-1', '5.5', 'low']) {
      expect(() => operatorSettings({ AGORA_BACKGROUND_NICE: bad })).toThrow(
        `AGORA_BACKGROUND_NICE: an integer from 0 (normal priority) to 19 (lowest); got '${bad}'`,
      );
    }
    expect(() => operatorSettings({ AGORA_ADMIN_TOKEN: 'short' })).toThrow(
      /AGORA_ADMIN_TOKEN: use at least 16 characters/,
    );
    expect(() => operatorSettings({ AGORA_USER_BOT_MS: '2s' })).toThrow(
      /AGORA_USER_BOT_MS: must be a positive integer; got '2s'/,
    );
    expect(() => operatorSettings({ AGORA_ORIGIN: 'agora.example/x' })).toThrow(/AGORA_ORIGIN/);
    expect(() => operatorSettings({ AGORA_BOT_TIME_LIMIT_MS_PROMOTION: '0' })).toThrow(
      /AGORA_BOT_TIME_LIMIT_MS_PROMOTION: must be a positive integer; got '0'/,
    );
    expect(() => operatorSettings({ AGORA_SECURE_COOKIES: 'yes' })).toThrow(/AGORA_SECURE_COOKIES: 0 or 1/);
  });
});
