/**
 * Issue 33: name keys fold Unicode's confusables, and a schema step recomputes the keys a store holds
 * (arena/store/rekey-names.ts). A store at the schema before that step, holding names that did not
 * collide under the old keys but do now, is opened on SQLite and on PostgreSQL: the first
 * registered keeps each key, later ones are set apart, every account still logs in under its own
 * name and keeps its rows, and new look-alike names are refused.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import {
  MIGRATIONS,
  PG_MIGRATIONS,
  createApp,
  nameKeyOf,
  openPgStore,
  openSqliteStore,
  rekeyNamesInPg,
  rekeyNamesInSqlite,
  type Store,
} from '../arena/index.js';
import { pgTestUrl, servicesAvailable, uniqueSchema } from './services.js';

/** scrypt (2^10) of PASSWORD: the accounts' stored hash. */
const PASSWORD = 'migrated passphrase';
const HASH = 'scrypt$10$8$1$ppI0Xb91JHPtuaoEYMZSIA$ZqePLTCnwvcaq1sGlnef2Fs_SGOn6N_KiSht_Jn8nFA';

/** The key before the step: NFKC, case folded. */
const oldKey = (name: string) => name.normalize('NFKC').toUpperCase().toLowerCase();
const at = (s: number) => `2026-01-01T00:00:0${s}.000Z`;

const CYRILLIC_PAYPAL = '\u0440\u0430\u0443\u0440\u0430l'; // раураl
const CYRILLIC_ALICE = '\u0430lice'; // аlice, its first letter Cyrillic

/** Users: [id, name, created]. The Cyrillic paypal came second, the Cyrillic alice first. */
const USERS: [string, string, number][] = [
  ['u-paypal', 'paypal', 1],
  ['u-cyr-paypal', CYRILLIC_PAYPAL, 2],
  ['u-cyr-alice', CYRILLIC_ALICE, 1],
  ['u-alice', 'alice', 2],
  ['u-bob', 'Bob', 1],
];

/** Agents: [id, game, spec, name, kind, owner, created, stored key (default: the old key of the name)]. */
const AGENTS: [string, string, string, string, 'bot' | 'human', string | null, number, string?][] = [
  ['r-random', 'tictactoe', 'random', 'random', 'bot', null, 0],
  ['b-bob0', 'tictactoe', 'random', 'Bob0', 'bot', 'u-bob', 1],
  ['b-bobo', 'tictactoe', 'greedy', 'BobO', 'bot', 'u-bob', 2],
  ['b-rand0m', 'tictactoe', 'random', 'rand0m', 'bot', 'u-bob', 3],
  ['b-bobo-promotion', 'promotion', 'random', 'BobO', 'bot', 'u-bob', 2],
  ['h-alice', 'tictactoe', 'human', 'alice', 'human', 'u-alice', 4],
  ['h-cyr-alice', 'tictactoe', 'human', CYRILLIC_ALICE, 'human', 'u-cyr-alice', 5],
  ['h-legacy', 'tictactoe', 'human', 'Alice', 'human', null, 0, 'legacy:h-legacy'],
  ['h-guest', 'tictactoe', 'human', 'guest-m10abc', 'human', null, 6, 'guest-m10abc'],
];

const userRows = USERS.map(([id, name, created]) => [id, name, oldKey(name), HASH, at(created)]);
const agentRows = AGENTS.map(([id, game, spec, name, kind, owner, created, key]) => [
  id,
  game,
  spec,
  name,
  key ?? oldKey(name),
  kind,
  owner,
  at(created),
]);
const INSERT_USER = 'INSERT INTO users (id, name, name_key, password_hash, created_at) VALUES ';
const INSERT_AGENT = 'INSERT INTO agents (id, game, spec, name, name_key, kind, owner_id, created_at) VALUES ';

/** A SQLite file at the schema just before the step that recomputes keys, holding the rows above. */
function oldSqliteStore(): Promise<Store> {
  const path = join(mkdtempSync(join(tmpdir(), 'agora-rekey-')), 'old.db');
  const db = new Database(path);
  db.function('agora_name_key', { deterministic: true }, (name: unknown) => oldKey(String(name)));
  const before = MIGRATIONS.indexOf(rekeyNamesInSqlite);
  expect(before).toBeGreaterThan(0);
  for (const step of MIGRATIONS.slice(0, before)) {
    if (typeof step === 'string') db.exec(step);
    else step(db);
  }
  db.pragma(`user_version = ${before}`);
  for (const row of userRows) db.prepare(`${INSERT_USER}(?, ?, ?, ?, ?)`).run(...row);
  for (const row of agentRows) db.prepare(`${INSERT_AGENT}(?, ?, ?, ?, ?, ?, ?, ?)`).run(...row);
  db.close();
  return Promise.resolve(openSqliteStore(path));
}

/** The same on PostgreSQL, in a schema of its own. */
async function oldPgStore(): Promise<Store> {
  const schema = uniqueSchema('rekey');
  const client = new pg.Client({ connectionString: pgTestUrl() });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`SET search_path = ${schema}`);
    const before = PG_MIGRATIONS.indexOf(rekeyNamesInPg);
    expect(before).toBeGreaterThan(0);
    for (const step of PG_MIGRATIONS.slice(0, before)) {
      if (typeof step === 'string') await client.query(step);
      else throw new Error('a function step before the rekeying: run it here');
    }
    await client.query('CREATE TABLE schema_version (version INTEGER NOT NULL)');
    await client.query('INSERT INTO schema_version (version) VALUES ($1)', [before]);
    for (const row of userRows) await client.query(`${INSERT_USER}($1, $2, $3, $4, $5)`, row);
    for (const row of agentRows) await client.query(`${INSERT_AGENT}($1, $2, $3, $4, $5, $6, $7, $8)`, row);
  } finally {
    await client.end();
  }
  return openPgStore(pgTestUrl(), { schema });
}

const BACKENDS: [string, () => Promise<Store>][] = [
  ['sqlite', oldSqliteStore],
  ...(servicesAvailable().postgres ? [['postgresql', oldPgStore] as [string, () => Promise<Store>]] : []),
];

describe.each(BACKENDS)('%s: the step that folds confusables into stored name keys', (_name, open) => {
  test('first registered keeps the key; later look-alikes are set apart; other keys stay', async () => {
    const store = await open();
    try {
      const keyOf = async (id: string) => (await store.getUser(id))?.nameKey ?? (await store.getAgent(id))?.nameKey;
      expect(nameKeyOf(CYRILLIC_PAYPAL)).toBe(nameKeyOf('paypal'));
      expect(await keyOf('u-paypal')).toBe(nameKeyOf('paypal'));
      expect(await keyOf('u-cyr-paypal')).toBe(`${nameKeyOf('paypal')}#${oldKey(CYRILLIC_PAYPAL)}`);
      expect(await keyOf('u-cyr-alice')).toBe(nameKeyOf('alice'));
      expect(await keyOf('u-alice')).toBe(`${nameKeyOf('alice')}#alice`);
      expect(await keyOf('u-bob')).toBe('bob');
      // Bots: '#<id>' on the later one, per game; the roster's own bot keeps its name.
      expect(await keyOf('r-random')).toBe(nameKeyOf('random'));
      expect(await keyOf('b-bob0')).toBe(nameKeyOf('bobo'));
      expect(await keyOf('b-bobo')).toBe(`${nameKeyOf('bobo')}#b-bobo`);
      expect(await keyOf('b-rand0m')).toBe(`${nameKeyOf('random')}#b-rand0m`);
      expect(await keyOf('b-bobo-promotion')).toBe(nameKeyOf('bobo'));
      // A person's row follows the account's key; legacy people and guests keep theirs.
      expect(await keyOf('h-alice')).toBe(await keyOf('u-alice'));
      expect(await keyOf('h-cyr-alice')).toBe(await keyOf('u-cyr-alice'));
      expect(await keyOf('h-legacy')).toBe('legacy:h-legacy');
      expect(await keyOf('h-guest')).toBe('guest-m10abc');
      expect(await store.findUserByKey(nameKeyOf('PAYPAL'))).toMatchObject({ id: 'u-paypal' });
    } finally {
      await store.close();
    }
  });

  test('every account logs in under its own name and keeps its rows; new look-alikes are refused', async () => {
    const store = await open();
    const app = createApp({ store, log: () => {}, writeLimitPerMinute: false, loginLimitPer15Minutes: false });
    try {
      const { accounts } = app.arena;
      for (const [id, name] of USERS) expect((await accounts.authenticate(name, PASSWORD)).id, name).toBe(id);
      await expect(accounts.authenticate('alice', 'wrong passphrase')).rejects.toThrow(/wrong name or password/);
      for (const name of ['PAYPAL', CYRILLIC_PAYPAL, 'ALICE', 'a1ice'])
        await expect(accounts.signup(name, 'another passphrase'), name).rejects.toThrow(/is taken/);
      // The set-apart account plays under its name, on its own row.
      const alice = (await store.getUser('u-alice'))!;
      const key = `Bearer ${(await accounts.createApiKey(alice, 'test')).key}`;
      const played = await request(app)
        .post('/api/matches')
        .set('authorization', key)
        .send({ game: 'tictactoe', players: 2, opponents: ['r-random'], name: 'alice' });
      expect(played.status).toBe(201);
      expect((await store.getMatch(played.body.id))!.seats.map((s) => s.agentId)).toContain('h-alice');
      const owner = (await store.getUser('u-bob'))!;
      const bobKey = `Bearer ${(await accounts.createApiKey(owner, 'test')).key}`;
      const lookAlike = await request(app)
        .post('/api/agents')
        .set('authorization', bobKey)
        .send({ game: 'tictactoe', spec: 'random', name: 'B0B0' });
      expect(lookAlike.status).toBe(409);
    } finally {
      await app.arena.close();
      await store.close();
    }
  });
});

if (!servicesAvailable().postgres) {
  describe('postgresql: the step that folds confusables into stored name keys', () => {
    test(`not run: ${servicesAvailable().reason}`, (ctx) => {
      if (process.env.AGORA_REQUIRE_SERVICES === '1')
        throw new Error(`the test servers are required but missing: ${servicesAvailable().reason}`);
      ctx.skip();
    });
  });
}
