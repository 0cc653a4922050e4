/**
 * The load test (npm run bench:load; issue 25 item 3): a real arena server in a child process on a
 * store holding STORED_GAMES (50,000) finished games, with a ranking tournament playing in the
 * background, while PEOPLE (200) simulated people play through the JSON API for SECONDS (60) and
 * onlookers view leaderboards and replays. Reports p50/p95/p99 per route, moves/s and errors, and
 * writes them to LOAD_OUT (test-output/load.json). Settings: bench/load/config.ts (flags or env).
 *
 * The store is a temporary SQLite file, or with --store postgres the PostgreSQL database at
 * DATABASE_URL (which must hold no games: the bench fills it and leaves it filled). Rate limits are
 * off (every simulated person comes from one address). Bot time is reported apart: the server child
 * wraps the bot pool (bench/server-process.ts) and says per request how long it awaited bot
 * decisions, so "excluding bots" is the server's own time plus the network and queues.
 *
 * Phases: seed the store (and make an account for the tournament), start the server, wait for the
 * first rating fits over the stored games, time views one at a time on the idle server (reported
 * as `idleRoutes`), start the tournament, play one warm-up match per game (bot threads start on
 * the first decision), then the measured window (`routes`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createApp, openStore, operatorSettings } from '../arena/index.js';
import { GAMES, Rng } from '../envs/index.js';
import { loadConfig, type LoadConfig } from './load/config.js';
import { MOVE_ROUTE, person, playMatch, type PersonOptions, type Table } from './load/person.js';
import { baseline } from './load/baseline.js';
import { Recorder } from './load/recorder.js';
import { goals, printReport, writeReport, type LoadReport } from './load/report.js';
import { seedGames, type SeedReport } from './load/seed.js';
import { benchAccount, startTournament, tournamentState } from './load/tournament.js';
import { viewers } from './load/viewers.js';
import { niceThisProcess } from './load/client-nice.js';
import { forkServer, serveInstrumented } from './server-process.js';

/** Longest wait for the first rating fits over the stored games, ms. */
const FIT_TIMEOUT_MS = 10 * 60_000;

/** The server child: the arena as `npm start` builds it, with the rate limits off. */
async function serve(): Promise<void> {
  const { store } = await openStore(process.env);
  const app = createApp({
    store,
    ...operatorSettings(process.env),
    writeLimitPerMinute: false,
    loginLimitPer15Minutes: false,
    // 200 simulated people share the loopback address.
    liveMatches: { perAddress: 100_000 },
    readLimitPerMinute: false,
  });
  await app.arena.bootstrap();
  await serveInstrumented(app, async () => {
    await app.arena.close();
    await store.close();
  });
}

/** Fills the store before the server opens it; returns the stored games and an API key. */
async function prepareStore(env: NodeJS.ProcessEnv, count: number): Promise<{ seed: SeedReport; key: string }> {
  const { store, description } = await openStore(env);
  try {
    for (const game of Object.keys(GAMES)) {
      if ((await store.countGames(game)) > 0)
        throw new Error(`${description} already holds ${game} games: use an empty database`);
    }
    const seed = await seedGames(store, count, Object.keys(GAMES));
    return { seed, key: await benchAccount(store) };
  } finally {
    await store.close();
  }
}

/** Waits until every game's leaderboard serves a fit over all its stored games; returns the wait, s. */
async function waitForFits(recorder: Recorder, seed: SeedReport): Promise<number> {
  const start = performance.now();
  for (const [game, stored] of Object.entries(seed.stored)) {
    for (;;) {
      const board = await recorder.request<{ fit: { games: number } | null }>('fit', `/api/leaderboard?game=${game}`);
      if ((board?.body.fit?.games ?? 0) >= stored.length) break;
      if (performance.now() - start > FIT_TIMEOUT_MS)
        throw new Error(`no fit over the ${game} games after ${FIT_TIMEOUT_MS} ms`);
      await sleep(1000);
    }
  }
  return (performance.now() - start) / 1000;
}

/** The games people play, each with its seat count and the opponent bot's id. */
async function tables(recorder: Recorder, config: LoadConfig): Promise<Table[]> {
  return Promise.all(
    config.games.map(async (game) => {
      const agents = await recorder.request<{ id: string; spec: string }[]>('agents', `/api/agents?game=${game}`);
      const opponent = agents?.body.find((a) => a.spec === config.opponent)?.id;
      if (!opponent) throw new Error(`no ${config.opponent} bot for ${game}`);
      return { game, players: GAMES[game as keyof typeof GAMES].defaultPlayers, opponent };
    }),
  );
}

async function main(): Promise<void> {
  const config = loadConfig(process.argv.slice(2), process.env);
  const loadAverageBefore = loadavg();
  console.log(
    `Load test, node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ` +
      `load average ${loadAverageBefore.map((x) => x.toFixed(2)).join(' ')} before the start ` +
      '(other work on the machine skews every figure)',
  );
  const dir = mkdtempSync(join(tmpdir(), 'agora-load-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AGORA_DB: join(dir, 'arena.db'),
    DATABASE_URL: config.store === 'postgres' ? process.env.DATABASE_URL : undefined,
    // An account may ask for 500 games by default: a longer tournament needs the operator's leave.
    AGORA_TOURNAMENT_MAX_GAMES: process.env.AGORA_TOURNAMENT_MAX_GAMES ?? String(Math.max(500, config.tournamentGames)),
  };
  const storeName = config.store === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'SQLite in a temporary file';
  try {
    console.log(`seeding ${config.stored} random games over ${Object.keys(GAMES).length} games into ${storeName}...`);
    const { seed, key } = await prepareStore(env, config.stored);
    console.log(`  ${seed.seconds.toFixed(1)} s (${(seed.games / seed.seconds).toFixed(0)} games/s)`);

    const server = await forkServer(fileURLToPath(import.meta.url), ['serve'], env);
    if (config.clientNice > 0) {
      const threads = niceThisProcess(config.clientNice);
      console.log(`the load generator runs at nice ${config.clientNice} (${threads} threads), the server at its own`);
    }
    try {
      const recorder = new Recorder(server.base);
      const firstFitsSeconds = await waitForFits(recorder, seed);
      console.log(`first rating fits over the stored games served after ${firstFitsSeconds.toFixed(1)} s`);
      const idle = await baseline(server.base, Object.keys(GAMES), seed.stored);
      const tournament =
        config.tournament === 'none'
          ? undefined
          : await startTournament(recorder, key, config.tournament, config.tournamentGames);
      if (tournament) {
        console.log(
          `tournament ${tournament.id}: ${config.tournament}, ${tournament.agentIds.length} roster bots, ` +
            `${tournament.gamesTotal} games`,
        );
      }

      let stopped = false;
      const finishedMatches: string[] = [];
      const personOptions = (i: number, thinkMs: number): PersonOptions => ({
        tables: [],
        thinkMs,
        rng: Rng.fromSeed(`bench:load:person:${i}`),
        recorder,
        stopped: () => stopped,
        finished: (id) => finishedMatches.push(id),
      });
      const atTables = await tables(recorder, config);
      for (const table of atTables) await playMatch(personOptions(-1, 0), table);
      console.log(
        `warm-up matches played; ${config.people} people arrive over ${config.rampSeconds} s, ` +
          `then ${config.seconds} s are measured...`,
      );

      const clientLag = monitorEventLoopDelay({ resolution: 1 });
      // People arrive evenly over the ramp, then the window opens: a steady state, not an opening rush.
      const rampMs = config.rampSeconds * 1000;
      recorder.start(performance.now() + rampMs);
      const people = Array.from({ length: config.people }, async (_, i) => {
        const o = { ...personOptions(i, config.thinkMs), tables: atTables };
        // Without a ramp, arrivals spread over one think time, so people do not move in lockstep.
        await sleep(rampMs > 0 ? (i + o.rng.next()) * (rampMs / config.people) : o.rng.next() * config.thinkMs);
        await person(o);
      });
      const views = viewers({
        leaderboardRate: config.leaderboardRate,
        replayRate: config.replayRate,
        games: Object.keys(GAMES),
        stored: seed.stored,
        finishedMatches,
        rng: Rng.fromSeed('bench:load:viewers'),
        recorder,
        stopped: () => stopped,
      });
      await sleep(rampMs);
      // The window: the server's counters, the tournament's games and the client's delays from here.
      await server.stats(); // resets the server's counters
      const startDone = tournament && ((await tournamentState(recorder, tournament.id))?.gamesDone ?? 0);
      clientLag.enable();
      const finishedBefore = finishedMatches.length;
      await sleep(config.seconds * 1000);
      stopped = true;
      recorder.stop();
      const moves = recorder.count(MOVE_ROUTE);
      const matchesFinished = finishedMatches.length - finishedBefore;
      await Promise.all([...people, views]);
      clientLag.disable();
      const stats = await server.stats();
      const atEnd = tournament && (await tournamentState(recorder, tournament.id));

      const routes = recorder.routes();
      const errors = recorder.errorCount() + idle.errorCount();
      const report: LoadReport = {
        date: new Date().toISOString(),
        command: `npm run bench:load -- ${process.argv.slice(2).join(' ')}`.trim(),
        machine: {
          node: process.version,
          cores: availableParallelism(),
          cpu: cpus()[0]?.model ?? 'unknown',
          loadAverageBefore,
          loadAverageAfter: loadavg(),
        },
        config,
        store: storeName,
        seeding: { games: seed.games, seconds: Math.round(seed.seconds * 10) / 10 },
        firstFitsSeconds: Math.round(firstFitsSeconds * 10) / 10,
        tournament: tournament && {
          id: tournament.id,
          game: config.tournament,
          agents: tournament.agentIds.length,
          gamesDoneAtStart: startDone ?? 0,
          atEnd,
        },
        window: { seconds: config.seconds, moves, movesPerSecond: moves / config.seconds, matchesFinished },
        idleRoutes: idle.routes(),
        rampRoutes: recorder.routes('ramp'),
        routes,
        timeline: recorder.timeline(10),
        errors: {
          total: errors,
          byRouteAndStatus: Object.fromEntries([...idle.errors, ...recorder.errors]),
          examples: [...idle.examples, ...recorder.examples],
        },
        server: stats,
        clientEventLoopDelay: {
          p50: clientLag.percentile(50) / 1e6,
          p99: clientLag.percentile(99) / 1e6,
          max: clientLag.max / 1e6,
        },
        goals: goals(routes, errors),
      };
      printReport(report);
      writeReport(config.out, report);
      console.log(`\nwritten to ${config.out}`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') await serve();
else await main();
