/**
 * Ratings off the request path (issue 25): leaderboards serve a stored Bradley-Terry snapshot; a
 * request never fits; a refit runs after N new games on the fitting thread, reads only the games
 * it has not seen, and gives exactly what a direct fit over every game gives.
 */
import { getPriority } from 'node:os';
import request from 'supertest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  createApp,
  openSqliteStore,
  snapshotSeed,
  type ArenaApp,
  type GameRecord,
  type Store,
} from '../arena/index.js';
import { bradleyTerryWithIntervals } from '../play/index.js';
import { Rng } from '../envs/index.js';
import { threadNices, threadsAtNice } from './thread-nices.js';

const apps: ArenaApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.arena.close();
});

let clock = Date.UTC(2026, 0, 1);
async function arena(
  store: Store,
  refits: { everyGames?: number; maxAgeMs?: number; pollMs?: number },
  backgroundNice?: number,
) {
  let n = 0;
  const app = createApp({
    store,
    newId: () => `id${++n}`,
    now: () => new Date(clock),
    writeLimitPerMinute: false,
    log: () => {},
    refits: { pollMs: 0, maxAgeMs: 3_600_000, ...refits },
    // Other test files share the cores: the fitting thread at the server's priority unless a test says.
    backgroundNice: backgroundNice ?? 0,
  });
  apps.push(app);
  await app.arena.bootstrap({ tournament: false, ladder: false });
  return app;
}

/** Seeded games between the tic-tac-toe roster bots, stored as finished games. */
async function addGames(app: ArenaApp, count: number, from: number): Promise<GameRecord[]> {
  const bots = (await app.arena.ctx.store.listAgents('tictactoe')).filter((a) => a.kind === 'bot').map((a) => a.id);
  const rng = Rng.fromSeed(`games:${from}`);
  const games: GameRecord[] = [];
  for (let i = from; i < from + count; i++) {
    const a = bots[rng.int(bots.length)];
    let b = bots[rng.int(bots.length)];
    while (b === a) b = bots[rng.int(bots.length)];
    const outcome = rng.int(3);
    const g: GameRecord = {
      id: `g${i}`,
      game: 'tictactoe',
      players: 2,
      seed: `s${i}`,
      seats: [a, b],
      actions: Array.from({ length: 5 + (i % 4) }, (_, k) => k),
      ranking: outcome === 0 ? [0, 1] : outcome === 1 ? [1, 0] : [0, 0],
      scores: [0, 0],
      truncated: i % 7 === 0,
      finishedAt: new Date(clock + i).toISOString(),
    };
    await app.arena.ctx.store.recordGame(g);
    games.push(g);
  }
  return games;
}

const board = async (app: ArenaApp) => (await request(app).get('/api/leaderboard').query({ game: 'tictactoe' })).body;

describe('rating snapshots', () => {
  test('a request never fits: the board serves the snapshot, Elo stays live', async () => {
    const store = openSqliteStore(':memory:');
    const app = await arena(store, { everyGames: 5 });
    const results = vi.spyOn(store, 'listResults');
    await addGames(app, 12, 0);
    for (let i = 0; i < 5; i++) {
      const b = await board(app);
      expect(b.games).toBe(12);
      expect(b.fit).toBeNull();
      expect(b.rows.every((r: { bt: number | null }) => r.bt === null)).toBe(true);
      // Elo is updated game by game in the store, so it is current without a fit.
      expect(b.rows.reduce((s: number, r: { games: number }) => s + r.games, 0)).toBe(24);
    }
    const page = await request(app).get('/leaderboard').query({ game: 'tictactoe' });
    expect(page.text).toContain('Bradley-Terry figures are being computed');
    expect(app.arena.ratings.fits).toBe(0);
    expect(results).not.toHaveBeenCalled();
    await store.close();
  });

  test('the fitting thread runs at the background priority, below the thread answering requests', async () => {
    const store = openSqliteStore(':memory:');
    const app = await arena(store, { everyGames: 5 }, 14);
    expect(threadsAtNice(14)).toBe(0);
    await addGames(app, 6, 0);
    await app.arena.ratings.poll();
    expect(app.arena.ratings.fits).toBe(1);
    expect(threadsAtNice(14)).toBe(1);
    expect(threadNices().get(process.pid)).toBe(getPriority(process.pid));
    await store.close();
  });

  test('a refit after N new games equals a direct fit, reads only new games, and the page says its age', async () => {
    const store = openSqliteStore(':memory:');
    const app = await arena(store, { everyGames: 5 });
    const results = vi.spyOn(store, 'listResults');
    const games = await addGames(app, 12, 0);
    await app.arena.ratings.poll(); // no snapshot yet: due at once
    expect(app.arena.ratings.fits).toBe(1);
    await addGames(app, 4, 12).then((g) => games.push(...g));
    await app.arena.ratings.poll(); // 4 new games: not due
    expect(app.arena.ratings.fits).toBe(1);
    expect((await board(app)).fit.games).toBe(12);
    await addGames(app, 1, 16).then((g) => games.push(...g));
    await app.arena.ratings.poll(); // the 5th: due
    expect(app.arena.ratings.fits).toBe(2);
    // The second fit read the games after the first's, not all of them again.
    const firstSeq = (await store.listResults('tictactoe', 0, 100))[11].seq;
    expect(results.mock.calls.map((c) => c[1])).toEqual([0, firstSeq, 0]);

    const b = await board(app);
    expect(b.fit).toMatchObject({ games: 17, bootstrap: 100 });
    const rated = (await store.ratings('tictactoe')).filter((r) => r.games > 0).map((r) => r.agentId);
    const direct = bradleyTerryWithIntervals(rated, games, Rng.fromSeed(snapshotSeed('tictactoe', 17)), 100);
    for (const d of direct) {
      const row = b.rows.find((r: { agentId: string }) => r.agentId === d.agent);
      expect([row.bt, row.btLow, row.btHigh]).toEqual([d.rating, d.low, d.high]);
    }
    expect(b.balance).toEqual({
      games: 17,
      firstSeatWinShare: games.filter((g) => g.ranking[0] === 0).length / 17,
      seatWinShares: [0, 1].map((seat) => games.filter((g) => g.ranking[seat] === 0).length / 17),
      meanLength: games.reduce((s, g) => s + g.actions.length, 0) / 17,
      truncatedShare: games.filter((g) => g.truncated).length / 17,
    });
    clock += 120_000;
    const page = await request(app).get('/leaderboard').query({ game: 'tictactoe' });
    expect(page.text).toContain(
      'Bradley-Terry (on the Elo scale, mean 0) was fitted over 17 games 2 min ago and is refit',
    );
    await addGames(app, 2, 17);
    expect((await request(app).get('/leaderboard').query({ game: 'tictactoe' })).text).toContain(
      '(2 newer games not in it yet)',
    );
    await store.close();
  });

  test("the chart's history comes with the snapshot: each agent's latest 200 points, read incrementally", async () => {
    const store = openSqliteStore(':memory:');
    const app = await arena(store, {});
    const history = vi.spyOn(store, 'ratingHistory');
    await addGames(app, 300, 0);
    await app.arena.ratings.refit('tictactoe');
    // Enough games that each of the roster's 8 bots has over 200 points.
    await addGames(app, 800, 300);
    await app.arena.ratings.refit('tictactoe');
    const all = await store.ratingHistory('tictactoe');
    const b = await board(app);
    const agents = [...new Set(all.map((p) => p.agentId))];
    expect(agents.length).toBeGreaterThan(2);
    for (const agent of agents) {
      const mine = all.filter((p) => p.agentId === agent).map((p) => ({ elo: p.elo, at: p.at }));
      expect(mine.length).toBeGreaterThan(200);
      expect(b.history[agent]).toEqual(mine.slice(-200));
    }
    // The second refit read only the points after the first one's (and requests read none).
    const reads = history.mock.calls.slice(0, -1).map((c) => c[1]);
    expect(reads[0]).toBe(0);
    expect(reads.filter((seq) => seq === 0)).toHaveLength(1);
    await store.close();
  });

  test('an old snapshot is refit once any game was added; the timer does it without being asked', async () => {
    const store = openSqliteStore(':memory:');
    const app = await arena(store, { everyGames: 1000, maxAgeMs: 60_000 });
    await addGames(app, 3, 0);
    await app.arena.ratings.refit('tictactoe');
    await addGames(app, 1, 3);
    await app.arena.ratings.poll();
    expect(app.arena.ratings.fits).toBe(1); // one new game, a fresh snapshot
    clock += 61_000;
    await app.arena.ratings.poll();
    expect(app.arena.ratings.fits).toBe(2);
    expect((await board(app)).fit.games).toBe(4);

    const timed = await arena(openSqliteStore(':memory:'), { pollMs: 20 });
    await addGames(timed, 3, 0);
    await vi.waitFor(() => expect(timed.arena.ratings.fits).toBe(1), { timeout: 10_000 });
    expect((await board(timed)).fit.games).toBe(3);
    await store.close();
  });

  test('another arena process on the same store serves the stored snapshot without fitting', async () => {
    const path = `${(await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/agora-snap-`)}/a.db`;
    const first = await arena(openSqliteStore(path), {});
    await addGames(first, 6, 0);
    const fitted = await first.arena.ratings.refit('tictactoe');
    const second = await arena(openSqliteStore(path), {});
    const b = await board(second);
    expect(second.arena.ratings.fits).toBe(0);
    expect(b.fit).toEqual({ games: 6, fittedAt: fitted.fittedAt, bootstrap: 100 });
    const row = b.rows.find((r: { agentId: string }) => r.agentId === fitted.ratings[0].agent);
    expect(row.bt).toBe(fitted.ratings[0].rating);
  });
});
