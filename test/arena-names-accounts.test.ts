/**
 * Issue 33, "Names and accounts" and the smaller findings, each against a real server: invisible and
 * look-alike names, common passwords, `external` through /api/agents (and accounts left holding such
 * a bot), the cap on an account's bots, a wrong operator token, and a body-less JSON POST.
 */
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operatorSettings, type ArenaApp } from '../arena/index.js';
import { accountKey, formClient, testArena } from './arena-helpers.js';

const OPERATOR = 'Bearer operator-secret-token-0123456789';

let app: ArenaApp;
let zed: string;
beforeAll(async () => {
  app = await testArena({ adminToken: OPERATOR.slice(7), accountMaxBots: 3 });
  zed = await accountKey(app, 'zed');
});
afterAll(async () => {
  await app.arena.close();
  await app.arena.ctx.store.close();
});

/** Sign-up through the form, as a browser does: the status, the page and its error message (unescaped). */
async function signup(name: string, password: string): Promise<{ status: number; text: string; error: string }> {
  const { agent, csrf } = await formClient(app);
  const res = await agent.post('/signup').type('form').send({ name, password, password2: password, csrf });
  const error = /<p class="error">([^<]*)<\/p>/.exec(res.text)?.[1] ?? '';
  return { status: res.status, text: res.text, error: error.replace(/&#39;/g, "'").replace(/&amp;/g, '&') };
}

const bot = (key: string, name: string, spec = 'random', game = 'tictactoe') =>
  request(app).post('/api/agents').set('authorization', key).send({ game, spec, name });

describe('names that render blank are refused, naming the character and the rule', () => {
  test.each([
    ['U+FE0F', 'Zed\uFE0F', /U\+FE0F/],
    ['U+034F', 'Ze\u034Fd', /U\+034F/],
    ['U+17B4', 'Ze\u17B4d', /U\+17B4/],
    ['U+3164', '\u3164', /Hangul filler U\+3164/],
    ['U+3164 inside', 'Z\u3164d', /Hangul filler U\+3164/],
    ['U+115F', '\u115F\u115F', /Hangul filler U\+115F/],
    ['U+1160', 'Zed\u1160', /Hangul filler U\+1160/],
    ['U+FFA0', '\uFFA0Zed', /Hangul filler U\+FFA0/],
    ['U+2800', '\u2800', /blank braille pattern U\+2800/],
  ])('%s: on sign-up and as a bot name', async (_code, name, message) => {
    const page = await signup(name, 'a good long passphrase');
    expect(page.status).toBe(400);
    expect(page.error).toMatch(message);
    expect(page.error).toMatch(/renders (as nothing|blank)/);
    const res = await bot(zed, name);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect(res.body.error.message).toMatch(/Default_Ignorable_Code_Point|renders blank/);
  });
});

describe('look-alike names collide (Unicode confusables, UTS #39)', () => {
  let owners = 0;
  test("a person's name in Cyrillic look-alikes is taken", async () => {
    expect((await signup('paypal', 'a good long passphrase')).status).toBe(303);
    const cyrillic = await signup('\u0440\u0430\u0443\u0440\u0430l', 'a good long passphrase'); // раураl
    expect(cyrillic.status).toBe(409);
    expect(cyrillic.error).toMatch(/is taken/);
  });

  test.each([
    ['Bob0', 'BobO'],
    ['Will', 'Wi11'],
    ['Jill', 'JilI'],
    ['Bill', 'BiII'],
    ['Tom', 'Torn'],
  ])('a bot named %s, then one named %s: the second is taken', async (first, second) => {
    const key = await accountKey(app, `owner ${++owners}`);
    expect((await bot(key, first, 'random', 'promotion')).status).toBe(201);
    const res = await bot(key, second, 'random', 'promotion');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/already registered/);
    await retireAll(key);
  });

  test("the arena's own bot names cannot be taken with a look-alike", async () => {
    const res = await bot(zed, 'rand0m');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/reserved for the arena's own bots/);
  });
});

describe('passwords (NIST SP 800-63B)', () => {
  test.each([
    ['12345678', /one of the \d[\d,]* most common passwords/],
    ['password', /one of the \d[\d,]* most common passwords/],
    ['Password', /one of the \d[\d,]* most common passwords/],
    ['qwertyuiop', /one of the \d[\d,]* most common passwords/],
    [' '.repeat(8), /only spaces/],
    ['\u3000'.repeat(8), /only spaces/],
    ['aaaaaaaaaa', /one character repeated/],
    ['Gwendolyn', /your name/],
    ['gwendolyn2024', /your name/],
  ])('%j is refused on sign-up, saying why, and the password is not shown', async (password, why) => {
    const page = await signup('Gwendolyn', password);
    expect(page.status).toBe(400);
    expect(page.error).toMatch(why);
    // ('password' itself is a word of every message here.)
    if (!/password/i.test(password)) expect(page.error.toLowerCase()).not.toContain(password.toLowerCase());
    expect(await app.arena.ctx.store.findUserByKey('gwendolyn')).toBeUndefined();
  });

  test('a passphrase of common words is fine', async () => {
    expect((await signup('Hermione', 'purple elephant marmalade')).status).toBe(303);
  });
});

describe("'external' is made only through POST /api/bots", () => {
  test.each(['external', 'external:x', ' external'])(
    'POST /api/agents with spec %j is a 400 pointing there',
    async (spec) => {
      const res = await bot(zed, 'Outsider', spec);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/POST \/api\/bots/);
      expect((await request(app).get('/api/bots').set('authorization', zed)).body).toEqual([]);
    },
  );

  test('an account holding such a bot from before gets its pages, its list and a new token', async () => {
    const { agent, csrf } = await formClient(app);
    const made = await agent
      .post('/signup')
      .type('form')
      .send({ name: 'Orphan', password: 'orphaned but fine', password2: 'orphaned but fine', csrf });
    expect(made.status).toBe(303);
    const user = (await app.arena.ctx.store.findUserByKey('orphan'))!;
    // What `POST /api/agents {"spec":"external"}` left behind: an agent without its external_bots row.
    await app.arena.ctx.store.addAgent({
      id: 'orphan-bot',
      game: 'tictactoe',
      spec: 'external',
      name: 'Left Behind',
      kind: 'bot',
      ownerId: user.id,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const page = await agent.get('/account');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Left Behind');
    const key = (await app.arena.accounts.createApiKey(user, 'script')).key;
    const listed = await request(app).get('/api/bots').set('authorization', `Bearer ${key}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: 'orphan-bot', token: 'revoked', online: false })]);
    const renewed = await request(app)
      .post('/api/bots/orphan-bot/token')
      .set('authorization', `Bearer ${key}`)
      .send({});
    expect(renewed.status).toBe(200);
    expect(renewed.body.bot).toMatchObject({ id: 'orphan-bot', token: 'live' });
    const account = await request(app).get('/api/bot/account').set('authorization', `Bearer ${renewed.body.token}`);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ id: 'orphan-bot', name: 'Left Behind' });
    const form = await agent.post('/account/bots/orphan-bot/token').type('form').send({ csrf });
    expect(form.status).toBe(200);
  });
});

/** Retires every live bot of the account behind `key` (the operator's route). */
async function retireAll(key: string): Promise<void> {
  const user = (await app.arena.accounts.fromApiKey(key.slice(7)))!;
  for (const a of await app.arena.ctx.store.listAgents()) {
    if (a.ownerId === user.id && a.kind === 'bot' && !a.retiredAt)
      expect((await request(app).post(`/api/agents/${a.id}/retire`).set('authorization', OPERATOR)).status).toBe(200);
  }
}

describe('bots per account are capped (AGORA_ACCOUNT_MAX_BOTS)', () => {
  test('/api/agents and /api/bots count together; retired bots do not count', async () => {
    const key = await accountKey(app, 'collector');
    expect((await bot(key, 'first')).status).toBe(201);
    expect((await bot(key, 'second', 'greedy')).status).toBe(201);
    const external = await request(app)
      .post('/api/bots')
      .set('authorization', key)
      .send({ game: 'tictactoe', name: 'third' });
    expect(external.status).toBe(201);
    for (const res of [
      await bot(key, 'fourth'),
      await request(app).post('/api/bots').set('authorization', key).send({ game: 'promotion', name: 'fourth' }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(/at most 3 bots/);
    }
    const first = (await app.arena.ctx.store.listAgents('tictactoe')).find((a) => a.name === 'first')!;
    expect((await request(app).post(`/api/agents/${first.id}/retire`).set('authorization', OPERATOR)).status).toBe(200);
    expect((await bot(key, 'fourth')).status).toBe(201);
  });
});

test('AGORA_ACCOUNT_MAX_BOTS sets the cap; the default is 20', async () => {
  expect(operatorSettings({ AGORA_ACCOUNT_MAX_BOTS: '5' }).accountMaxBots).toBe(5);
  expect(() => operatorSettings({ AGORA_ACCOUNT_MAX_BOTS: '0' })).toThrow(
    /AGORA_ACCOUNT_MAX_BOTS: must be a positive integer; got '0'/,
  );
  const plain = await testArena();
  try {
    expect(plain.arena.ctx.accountMaxBots).toBe(20);
  } finally {
    await plain.arena.close();
    await plain.arena.ctx.store.close();
  }
});

describe('operator routes and bearer tokens', () => {
  test('a wrong operator token is 403 on the operator routes, as docs/security.md says', async () => {
    const made = await bot(zed, 'retire me');
    expect(made.status).toBe(201);
    for (const path of [`/api/agents/${made.body.id}/retire`, '/api/tournaments/none/cancel']) {
      const res = await request(app).post(path).set('authorization', 'Bearer not-the-operator-token-at-all').send({});
      expect(res.status, path).toBe(403);
      expect(res.body.error.message).toMatch(/AGORA_ADMIN_TOKEN/);
    }
    await retireAll(zed);
  });

  test('a wrong bearer on ordinary API routes is still 401', async () => {
    const forged = 'Bearer agora_forged';
    const write = await request(app)
      .post('/api/matches')
      .set('authorization', forged)
      .send({ game: 'tictactoe', players: 2 });
    expect(write.status).toBe(401);
    expect((await request(app).get('/api/bots').set('authorization', forged)).status).toBe(401);
    expect((await request(app).get('/api/games').set('authorization', forged)).status).toBe(401);
  });
});

/**
 * A POST with Content-Type: application/json and no body at all (no Content-Length, no
 * Transfer-Encoding: what `curl -X POST -H 'content-type: application/json'` sends), over a raw
 * socket, as HTTP clients differ in what they add. Returns the status and the parsed JSON answer.
 */
async function bodylessPost(
  path: string,
  authorization: string,
): Promise<{ status: number; body: { error: { message: string } } }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\n` +
        'Content-Type: application/json\r\nConnection: close\r\n\r\n',
    );
    let raw = '';
    for await (const chunk of socket) raw += String(chunk);
    const [head, ...rest] = raw.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), body: JSON.parse(rest.join('\r\n\r\n')) };
  } finally {
    server.close();
  }
}

describe('a JSON POST without a body', () => {
  test.each([
    ['/api/agents', /game: .*spec: /],
    ['/api/tournaments', /game: /],
    ['/api/bots', /game: .*name: /],
  ])('%s answers 400 naming the missing fields, not 415', async (path, fields) => {
    const res = await bodylessPost(path, zed);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(fields);
  });

  test('a body of another type is still 415', async () => {
    const res = await request(app)
      .post('/api/agents')
      .set('authorization', zed)
      .set('content-type', 'text/plain')
      .send('game=tictactoe');
    expect(res.status).toBe(415);
  });
});
