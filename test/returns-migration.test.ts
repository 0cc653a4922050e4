/**
 * Issue 36: the schema step that keeps finished games' returns (arena/store/add-returns.ts). A store
 * at the schema before it, holding games rated the old way (by places), is opened on SQLite and on
 * PostgreSQL: tic-tac-toe's games get the returns of their ranking and keep their Elo, history and
 * snapshot exactly; Kuhn poker's get their chips (replayed; a resignation's from its ranking; one
 * that no longer replays none, rated by its places) and their Elo and rating points become what
 * rating by chips gives, in the order they were rated; Kuhn's old snapshot goes, so the next refit
 * fits the chips. The arena then starts and plays on it, and a restart changes nothing.
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
  addReturnsInPg,
  addReturnsInSqlite,
  createApp,
  nameKeyOf,
  openPgStore,
  openSqliteStore,
  type Store,
} from '../arena/index.js';
import { applyElo, ELO_START, fitBradleyTerry } from '../play/index.js';
import { getGame, returnsFromRanking } from '../envs/index.js';
import { pgTestUrl, servicesAvailable, uniqueSchema } from './services.js';

const kuhn = getGame('kuhn');
const PASS = 0;
const BET = 1;

/** The first seed `${prefix}:k` whose deal gives seat 0 `chips` after `actions`. */
function seedWhere(prefix: string, actions: number[], chips: number): string {
  for (let k = 0; ; k++) {
    const seed = `${prefix}:${k}`;
    const s = kuhn.newGame({ players: 2, seed });
    for (const a of actions) s.applyAction(a);
    if (s.returns()[0] === chips) return seed;
  }
}

interface OldGame {
  id: string;
  game: string;
  seed: string;
  seats: string[];
  actions: number[];
  ranking: number[];
  resigned?: number;
  /** What the step must make of it: its returns (null: none), and whether it is rated by chips. */
  returns: number[] | null;
}

const win = (k: number) => seedWhere(`win:${k}`, [BET, PASS], 1);
const loss = (k: number) => seedWhere(`loss:${k}`, [BET, BET], -2);
const kuhnGame = (id: string, seed: string, actions: number[], ranking: number[], returns: number[] | null) => ({
  id,
  game: 'kuhn',
  seed,
  seats: ['k1', 'k2'],
  actions,
  ranking,
  returns,
});

/** Stored games (rowid order). k1 wins three hands by a fold (+1) and loses two showdowns (−2). */
const GAMES: OldGame[] = [
  {
    id: 't0',
    game: 'tictactoe',
    seed: 's0',
    seats: ['t1', 't2'],
    actions: [4, 0, 8],
    ranking: [0, 1],
    returns: [1, -1],
  },
  { id: 't1', game: 'tictactoe', seed: 's1', seats: ['t2', 't1'], actions: [4], ranking: [0, 0], returns: [0, 0] },
  kuhnGame('k0', win(0), [BET, PASS], [0, 1], [1, -1]),
  kuhnGame('k1', win(1), [BET, PASS], [0, 1], [1, -1]),
  kuhnGame('k2', win(2), [BET, PASS], [0, 1], [1, -1]),
  kuhnGame('k3', loss(0), [BET, BET], [1, 0], [-2, 2]),
  kuhnGame('k4', loss(1), [BET, BET], [1, 0], [-2, 2]),
  // k2 resigned at the start: the most a hand can cost.
  { ...kuhnGame('k5', win(3), [], [0, 1], [2, -2]), resigned: 1 },
  // Its actions give k1 +1, not the stored ranking (the rules changed, say): kept without returns.
  kuhnGame('k6', win(4), [BET, PASS], [1, 0], null),
  {
    id: 't2',
    game: 'tictactoe',
    seed: 's2',
    seats: ['t1', 't2'],
    actions: [],
    ranking: [1, 0],
    resigned: 0,
    returns: [-1, 1],
  },
];
/** The order they were rated in (their first rating points): k1 before k0, as concurrent writers may. */
const RATED = ['t0', 'k1', 'k0', 't1', 'k2', 'k3', 'k4', 'k5', 'k6', 't2'];
const AGENTS: [string, string][] = [
  ['t1', 'tictactoe'],
  ['t2', 'tictactoe'],
  ['k1', 'kuhn'],
  ['k2', 'kuhn'],
];

/** One SQL dialect's way to run a statement with `?` placeholders. */
type Run = (sql: string, params?: unknown[]) => Promise<void>;

/** The rows as the store wrote them before the step: every game rated by its places. */
async function writeOldRows(run: Run, json: (v: unknown) => unknown): Promise<Record<string, number>> {
  for (const [id, game] of AGENTS) {
    await run('INSERT INTO agents (id, game, spec, name, name_key, kind, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      id,
      game,
      `spec-${id}`,
      id,
      nameKeyOf(id),
      'bot',
      'c',
    ]);
    await run('INSERT INTO ratings (agent_id, game, elo, games) VALUES (?, ?, ?, 0)', [id, game, ELO_START]);
  }
  for (const g of GAMES) {
    await run(
      'INSERT INTO games (id, game, players, seed, seats, actions, ranking, scores, truncated, resigned, ' +
        'finished_at) VALUES (?, ?, 2, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        g.id,
        g.game,
        g.seed,
        json(g.seats),
        json(g.actions),
        json(g.ranking),
        json([0, 0]),
        json(false),
        g.resigned ?? null,
        'f',
      ],
    );
  }
  const elo: Record<string, number> = {};
  for (const id of RATED) {
    const g = GAMES.find((x) => x.id === id)!;
    applyElo(elo, g.seats, g.ranking);
    for (const agent of g.seats) {
      await run('UPDATE ratings SET elo = ?, games = games + 1 WHERE agent_id = ?', [elo[agent], agent]);
      await run('INSERT INTO rating_history (agent_id, game, game_id, elo, at) VALUES (?, ?, ?, ?, ?)', [
        agent,
        g.game,
        g.id,
        elo[agent],
        'f',
      ]);
    }
  }
  for (const game of ['tictactoe', 'kuhn'])
    await run('INSERT INTO rating_snapshots (game, games, seq, fitted_at, data) VALUES (?, ?, ?, ?, ?)', [
      game,
      game === 'kuhn' ? 7 : 3,
      99,
      'f',
      '{"ratings":[],"history":{}}',
    ]);
  return elo;
}

interface OldStore {
  /** Opens it with the store (which migrates it). */
  open: () => Promise<Store>;
  /** The Elo the old rule gave. */
  byPlaces: Record<string, number>;
  /** The schema version it is at, read without the store. */
  version: () => Promise<number>;
}

async function oldSqliteStore(): Promise<OldStore> {
  const path = join(mkdtempSync(join(tmpdir(), 'agora-returns-')), 'old.db');
  const db = new Database(path);
  db.function('agora_name_key', { deterministic: true }, (name: unknown) => nameKeyOf(String(name)));
  const before = MIGRATIONS.indexOf(addReturnsInSqlite);
  expect(before).toBeGreaterThan(0);
  for (const step of MIGRATIONS.slice(0, before)) {
    if (typeof step === 'string') db.exec(step);
    else step(db);
  }
  db.pragma(`user_version = ${before}`);
  const byPlaces = await writeOldRows(
    async (sql, params = []) => void db.prepare(sql).run(...params),
    (v) => (typeof v === 'boolean' ? Number(v) : JSON.stringify(v)),
  );
  db.close();
  return {
    open: async () => openSqliteStore(path),
    byPlaces,
    version: async () => {
      const check = new Database(path, { readonly: true });
      try {
        return check.pragma('user_version', { simple: true }) as number;
      } finally {
        check.close();
      }
    },
  };
}

async function oldPgStore(): Promise<OldStore> {
  const schema = uniqueSchema('returns');
  const pool = new pg.Pool({ connectionString: pgTestUrl(), max: 1, options: `-c search_path=${schema}` });
  const client = await pool.connect();
  let byPlaces: Record<string, number>;
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
    const before = PG_MIGRATIONS.indexOf(addReturnsInPg);
    expect(before).toBeGreaterThan(0);
    for (const step of PG_MIGRATIONS.slice(0, before)) {
      if (typeof step === 'string') await client.query(step);
      else await step(client);
    }
    await client.query('CREATE TABLE schema_version (version INTEGER NOT NULL)');
    await client.query('INSERT INTO schema_version (version) VALUES ($1)', [before]);
    byPlaces = await writeOldRows(
      async (sql, params = []) => {
        let n = 0;
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        );
      },
      (v) => (typeof v === 'boolean' ? v : JSON.stringify(v)),
    );
  } finally {
    client.release();
    await pool.end();
  }
  return {
    open: () => openPgStore(pgTestUrl(), { schema }),
    byPlaces,
    version: async () => {
      const c = new pg.Client({ connectionString: pgTestUrl() });
      await c.connect();
      try {
        return (await c.query(`SELECT version FROM ${schema}.schema_version`)).rows[0].version as number;
      } finally {
        await c.end();
      }
    },
  };
}

const BACKENDS: [string, () => Promise<OldStore>][] = [
  ['sqlite', oldSqliteStore],
  ...(servicesAvailable().postgres ? [['postgresql', oldPgStore] as [string, () => Promise<OldStore>]] : []),
];

/** Elo and rating points rated by chips: every Kuhn game in the order it was rated (k6 by its places). */
function byChips(): { elo: Record<string, number>; points: Map<string, number> } {
  const elo: Record<string, number> = {};
  const points = new Map<string, number>();
  for (const id of RATED) {
    const g = GAMES.find((x) => x.id === id)!;
    if (g.game !== 'kuhn') continue;
    applyElo(elo, g.seats, { ranking: g.ranking, ...(g.returns ? { returns: g.returns } : {}), payoffScale: 2 });
    for (const agent of g.seats) points.set(`${g.id} ${agent}`, elo[agent]);
  }
  return { elo, points };
}

describe.each(BACKENDS)('%s: the step that keeps finished games’ returns', (_name, make) => {
  test('old games get returns; Kuhn is rated again by chips, tic-tac-toe not at all; a restart keeps it', async () => {
    const old = await make();
    let store = await old.open();
    try {
      expect(await old.version()).toBe(MIGRATIONS.length);
      for (const g of GAMES) {
        const stored = (await store.getGame(g.id))!;
        expect(stored.returns ?? null, g.id).toEqual(g.returns);
        expect(stored.payoffScale, g.id).toBe(g.game === 'kuhn' ? 2 : undefined);
        if (g.game === 'tictactoe') expect(stored.returns).toEqual(returnsFromRanking(g.ranking));
      }

      // Tic-tac-toe: its Elo, its points and its snapshot exactly as they were.
      const ttt = await store.ratings('tictactoe');
      expect(ttt.map((r) => [r.agentId, r.elo, r.games])).toEqual(
        [
          ['t1', old.byPlaces.t1, 3],
          ['t2', old.byPlaces.t2, 3],
        ].sort((x, y) => (y[1] as number) - (x[1] as number)),
      );
      expect((await store.getRatingSnapshot('tictactoe'))?.games).toBe(3);

      // Kuhn: rated again by chips, point by point, in the order it was rated; its snapshot gone.
      const chips = byChips();
      expect(chips.elo.k1).not.toBeCloseTo(old.byPlaces.k1, 0);
      for (const r of await store.ratings('kuhn')) expect(r.elo, r.agentId).toBeCloseTo(chips.elo[r.agentId], 9);
      const points = await store.ratingHistory('kuhn');
      expect(points).toHaveLength(14);
      for (const p of points)
        expect(p.elo, `${p.gameId} ${p.agentId}`).toBeCloseTo(chips.points.get(`${p.gameId} ${p.agentId}`)!, 9);
      expect([...new Set(points.map((p) => p.gameId))]).toEqual(RATED.filter((id) => id.startsWith('k')));
      expect(await store.getRatingSnapshot('kuhn')).toBeUndefined();

      // The arena starts on it: its refit fits the chips, and a new game is rated by them.
      const app = createApp({
        store,
        log: () => {},
        writeLimitPerMinute: false,
        refits: { pollMs: 0 },
        backgroundNice: 0,
      });
      try {
        await app.arena.bootstrap({ tournament: false, ladder: false });
        await app.arena.ratings.refit('kuhn');
        const board = (await request(app).get('/api/leaderboard').query({ game: 'kuhn' })).body;
        const kuhnGames = GAMES.filter((g) => g.game === 'kuhn').map((g) => ({
          seats: g.seats,
          ranking: g.ranking,
          ...(g.returns ? { returns: g.returns } : {}),
          payoffScale: 2,
        }));
        const fit = fitBradleyTerry(['k1', 'k2'], kuhnGames);
        const bt = (id: string) => board.rows.find((r: { agentId: string }) => r.agentId === id).bt as number;
        expect(bt('k1')).toBeCloseTo(fit.k1, 6);
        expect(bt('k2')).toBeCloseTo(fit.k2, 6);
        const delta = await store.recordGame({
          id: 'k7',
          game: 'kuhn',
          players: 2,
          seed: loss(2),
          seats: ['k1', 'k2'],
          actions: [BET, BET],
          ranking: [1, 0],
          scores: [-2, 2],
          returns: [-2, 2],
          payoffScale: 2,
          truncated: false,
          finishedAt: 'g',
        });
        const next = { ...chips.elo };
        expect(delta.k1).toBeCloseTo(
          applyElo(next, ['k1', 'k2'], { ranking: [1, 0], returns: [-2, 2], payoffScale: 2 }).k1,
          9,
        );
      } finally {
        await app.arena.close();
      }
      const after = (await store.ratings('kuhn')).map((r) => [r.agentId, r.elo]);
      await store.close();

      // A restart: the step does not run again.
      store = await old.open();
      expect(await old.version()).toBe(MIGRATIONS.length);
      expect((await store.ratings('kuhn')).map((r) => [r.agentId, r.elo])).toEqual(after);
      expect((await store.getGame('k6'))?.returns).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

if (!servicesAvailable().postgres) {
  describe('postgresql: the step that keeps finished games’ returns', () => {
    test(`not run: ${servicesAvailable().reason}`, (ctx) => {
      if (process.env.AGORA_REQUIRE_SERVICES === '1')
        throw new Error(`the test servers are required but missing: ${servicesAvailable().reason}`);
      ctx.skip();
    });
  });
}
