/**
 * The tournament lease: arena processes sharing one store play each tournament once. Two arenas
 * here share one SQLite file (or PostgreSQL schema) through two connections, as two processes
 * would; their runners count the games they play.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import {
  openPgStore,
  openSqliteStore,
  type ArenaApp,
  type Store,
  type TournamentRecord,
  ThreadRunner,
  type GameRunner,
  type RunnerJob,
  type RunOptions,
  TournamentService,
} from '../arena/index.js';
import { botIds, testArena } from './arena-helpers.js';
import { pgTestUrl, servicesAvailable, uniqueSchema } from './services.js';

/** Worker threads that count the games they play, optionally after a delay (a long tournament). */
class CountingRunner implements GameRunner {
  readonly name = 'counting';
  played = 0;
  private readonly inner = new ThreadRunner(1);
  constructor(private readonly delayMs = 0) {}

  async play(jobs: readonly RunnerJob[], options: RunOptions): Promise<void> {
    if (this.delayMs > 0) await sleep(this.delayMs, undefined, { signal: options.signal });
    await this.inner.play(jobs, {
      ...options,
      onResult: (result, position) => {
        this.played++;
        options.onResult(result, position);
      },
    });
  }

  async close(): Promise<void> {}
}

const GAMES = 12;
let opened: ArenaApp[] = [];
let services: TournamentService[] = [];

type Backend = 'sqlite (file)' | 'postgresql';
const BACKENDS: Backend[] = servicesAvailable().postgres ? ['sqlite (file)', 'postgresql'] : ['sqlite (file)'];

/** Opens one database twice: each call of the returned function is another connection to it. */
function sharedStore(backend: Backend): () => Store | Promise<Store> {
  if (backend === 'postgresql') {
    const schema = uniqueSchema('lease');
    return () => openPgStore(pgTestUrl(), { schema });
  }
  const file = join(mkdtempSync(join(tmpdir(), 'agora-lease-')), 'agora.db');
  return () => openSqliteStore(file);
}

/** Two arenas on one database (two connections), on the real clock: leases are real times here. */
async function twoArenas(delayMs = 0, backend: Backend = 'sqlite (file)') {
  const open = sharedStore(backend);
  const runners = [new CountingRunner(delayMs), new CountingRunner(delayMs)];
  const apps: ArenaApp[] = [];
  for (const runner of runners) apps.push(await testArena({ store: await open(), runner, now: () => new Date() }));
  opened.push(...apps);
  const bots = await botIds(apps[0], 'tictactoe');
  // A tournament left 'running' in the store, as a process that stopped or died would leave it.
  const t: TournamentRecord = {
    id: 'lease-t',
    game: 'tictactoe',
    players: 2,
    format: 'round-robin',
    agentIds: [bots.random, bots.greedy],
    gamesTotal: GAMES,
    gamesDone: 0,
    status: 'running',
    seed: 'lease',
    createdAt: new Date().toISOString(),
  };
  await apps[0].arena.ctx.store.addTournament(t);
  return { apps, runners, store: apps[0].arena.ctx.store, t };
}

/** A tournament service over an arena's context with its own lease settings (closed after the test). */
function service(app: ArenaApp, leaseMs: number): TournamentService {
  const s = new TournamentService(app.arena.ctx, { leaseMs });
  services.push(s);
  return s;
}

async function waitFor(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (await check()) return;
  throw new Error(`condition not met within ${ms} ms`);
}

/** Every game of the tournament stored exactly once, and counted once. */
async function expectEachGameOnce(app: ArenaApp, id: string): Promise<void> {
  const games = (await app.arena.ctx.store.listGames('tictactoe', 1000)).filter((g) => g.tournamentId === id);
  expect(new Set(games.map((g) => g.id)).size).toBe(GAMES);
  expect(games).toHaveLength(GAMES);
  expect(await app.arena.ctx.store.getTournament(id)).toMatchObject({ status: 'done', gamesDone: GAMES });
  const ratings = await app.arena.ctx.store.ratings('tictactoe');
  expect(ratings.reduce((sum, r) => sum + r.games, 0)).toBe(2 * GAMES);
}

afterEach(async () => {
  for (const s of services) await s.close();
  for (const app of opened) {
    await app.arena.close();
    await app.arena.ctx.store.close();
  }
  opened = [];
  services = [];
});

describe('tournament lease', () => {
  test.each(BACKENDS)(
    'two arenas resuming the same running tournament (%s): one plays every game, the other none',
    async (backend) => {
      const { apps, runners, t } = await twoArenas(0, backend);
      await Promise.all(apps.map((app) => app.arena.tournaments.resumeAll()));
      await Promise.all(apps.map((app) => app.arena.tournaments.idle()));
      await expectEachGameOnce(apps[0], t.id);
      expect(runners.map((r) => r.played).sort((a, b) => a - b)).toEqual([0, GAMES]);
    },
  );

  test('a holder that renews keeps its tournament past its lease length; the other arena never plays it', async () => {
    // The runner waits 2 s before playing: over three lease lengths, so only renewals keep the lease.
    const { apps, runners, t } = await twoArenas(2000);
    const [holder, other] = [service(apps[0], 600), service(apps[1], 600)];
    await holder.resumeAll();
    await sleep(100); // the holder has claimed it
    await other.resumeAll(); // refused now, and again at every look-up while the holder renews
    await holder.idle();
    await expectEachGameOnce(apps[0], t.id);
    await other.idle();
    expect(runners.map((r) => r.played)).toEqual([GAMES, 0]);
  });

  test('a holder that died: another arena takes the tournament over once its lease lapses', async () => {
    const { apps, runners, store, t } = await twoArenas();
    const now = Date.now();
    expect(
      await store.claimTournament(
        t.id,
        'dead-host:1:x',
        new Date(now).toISOString(),
        new Date(now + 1500).toISOString(),
      ),
    ).toBe(true);
    const heir = service(apps[1], 250);
    await heir.resumeAll();
    await heir.idle();
    expect(runners[1].played).toBe(0); // the dead holder's lease is still live
    await waitFor(async () => (await store.getTournament(t.id))?.status === 'done');
    await heir.idle();
    await expectEachGameOnce(apps[0], t.id);
    expect(runners.map((r) => r.played)).toEqual([0, GAMES]);
  });

  test('an arena closing mid-tournament releases it: another takes over at once, not after the lease', async () => {
    const { apps, runners, store, t } = await twoArenas(1000);
    const [first, second] = [service(apps[0], 60_000), service(apps[1], 60_000)];
    await first.resumeAll();
    await sleep(100); // first holds the lease and waits in its runner
    await second.resumeAll();
    await second.idle();
    expect(runners[1].played).toBe(0);
    await first.close();
    expect(await store.getTournament(t.id)).toMatchObject({ status: 'running', gamesDone: 0 });
    await second.resumeAll();
    await second.idle();
    await expectEachGameOnce(apps[0], t.id);
    expect(runners.map((r) => r.played)).toEqual([0, GAMES]);
  });
});
