/**
 * The flood bench (npm run bench:floods; issue 33 item 6): a vandal against a fresh arena, then the
 * people it must not hurt. A real server in a child process, as `npm start` builds it (its rate
 * limits and caps on, its first-start ranking tournaments running), on a temporary SQLite file:
 *
 *   1. FLOOD_MATCHES (3,000) guest matches asked for from FLOOD_ADDRESSES (25) loopback addresses,
 *      none ever moved in;
 *   2. FLOOD_STREAMS (400) Bot API stream connects with one bot token, all at once;
 *   3. a SECONDS (60) window: plain GETs (`GET /api/games`, GET_RATE a second), PEOPLE (10) people
 *      playing tic-tac-toe and Promotion against the random bot from addresses of their own, and a
 *      person's tournament started as the window opens.
 *
 * Goals (docs/benchmarks.md): `GET /api/games` and a person's move p99 <= 50 ms during the window;
 * the person's tournament playing its first game within 10 s; the live matches under their cap when
 * the window ends. The server aborts matches nobody moved in after FLOOD_ABORT_MS (30 s here, an
 * operator setting, 5 minutes by default), so the window also sees the sweep clear the flood.
 * Writes the figures to FLOOD_OUT (test-output/floods.json).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createApp, openSqliteStore, operatorSettings } from '../arena/index.js';
import { call, closeClients, openStream, type Answer } from './floods/client.js';
import { forkServer, percentile, serveInstrumented } from './server-process.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CONFIG = {
  matches: num('FLOOD_MATCHES', 3000),
  addresses: num('FLOOD_ADDRESSES', 25),
  streams: num('FLOOD_STREAMS', 400),
  seconds: num('SECONDS', 60),
  people: num('PEOPLE', 10),
  getRate: num('GET_RATE', 20),
  abortMs: num('FLOOD_ABORT_MS', 30_000),
  out: process.env.FLOOD_OUT ?? 'test-output/floods.json',
};
const GOAL_MS = 50;
const TOURNAMENT_GOAL_S = 10;

/** The server child: the arena as `npm start` builds it, its limits on. */
async function serve(path: string): Promise<void> {
  const store = openSqliteStore(path);
  const app = createApp({ store, ...operatorSettings(process.env) });
  await app.arena.bootstrap();
  await serveInstrumented(app, async () => {
    await app.arena.close();
    await store.close();
  });
}

/** An account with an API key and an external bot's token, made in the store before the server opens it. */
async function prepare(path: string): Promise<{ key: string; botToken: string }> {
  const store = openSqliteStore(path);
  const app = createApp({ store, log: () => {} });
  try {
    const user = await app.arena.accounts.signup('floodbench', 'flood bench passphrase');
    const key = (await app.arena.accounts.createApiKey(user, 'bench floods')).key;
    const { token } = await app.arena.matches.external.create(user, 'tictactoe', 'Flood Bot');
    return { key: `Bearer ${key}`, botToken: token };
  } finally {
    await app.arena.close();
    await store.close();
  }
}

const statusCounts = (answers: { status: number }[]) =>
  answers.reduce<Record<string, number>>((acc, a) => ((acc[a.status] = (acc[a.status] ?? 0) + 1), acc), {});

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}

/** Runs `tasks` with at most `limit` in flight. */
async function pooled<T>(count: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

interface BotRow {
  id: string;
  spec: string;
  kind: string;
  ownerId?: string;
}

/** One person: matches against the random bot, a move every 0.6-1 s (under the write limit), each move's time kept. */
async function person(base: string, address: string, game: string, random: string, until: number, moves: number[]) {
  const players = game === 'promotion' ? 4 : 2;
  while (performance.now() < until) {
    const created = await call<{ id: string; token: string }>(base, 'POST', '/api/matches', {
      address,
      body: { game, players, opponents: new Array(players - 1).fill(random) },
    });
    if (created.status !== 201) throw new Error(`a person's match was refused: ${JSON.stringify(created.body)}`);
    const { id, token } = created.body;
    let page = (await call<Page>(base, 'GET', `/api/matches/${id}?token=${token}`, { address })).body;
    while (page.status === 'live' && performance.now() < until) {
      await sleep(600 + ((moves.length * 7919) % 400));
      const moved: Answer<Page> = await call<Page>(base, 'POST', `/api/matches/${id}/actions`, {
        address,
        body: { token, action: page.legalActions[0].action, decisions: page.decisions },
      });
      if (moved.status !== 200) throw new Error(`a person's move was refused: ${JSON.stringify(moved.body)}`);
      moves.push(moved.ms);
      page = moved.body;
    }
  }
}

interface Page {
  status: string;
  decisions: number;
  legalActions: { action: number }[];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'agora-floods-'));
  const path = join(dir, 'arena.db');
  const { key, botToken } = await prepare(path);
  const server = await forkServer(fileURLToPath(import.meta.url), ['serve', path], {
    ...process.env,
    AGORA_MATCH_ABORT_MS: String(CONFIG.abortMs),
    // Thousands of refusals would each log a line at info: the figures are what this bench prints.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const base = server.base;
  const store = openSqliteStore(path, { checkpointMs: 0 });
  const report: Record<string, unknown> = { config: CONFIG };
  try {
    const agents = (await call<BotRow[]>(base, 'GET', '/api/agents?game=tictactoe', { address: '127.0.1.1' })).body;
    const roster = agents.filter((a) => a.kind === 'bot' && !a.ownerId);
    const random = roster.find((a) => a.spec === 'random')!.id;
    const promotionRandom = (
      await call<BotRow[]>(base, 'GET', '/api/agents?game=promotion', { address: '127.0.1.1' })
    ).body.find((a) => a.spec === 'random' && !a.ownerId)!.id;

    // 1. Abandoned guest matches from the vandal's addresses.
    let start = performance.now();
    const floods = await pooled(CONFIG.matches, 50, (i) =>
      call(base, 'POST', '/api/matches', {
        address: `127.0.0.${2 + (i % CONFIG.addresses)}`,
        body: { game: 'tictactoe', players: 2, opponents: [random] },
      }),
    );
    report.matchFlood = { seconds: (performance.now() - start) / 1000, answers: statusCounts(floods) };
    report.liveAfterFlood = await store.countLiveMatches();
    console.log(`1. ${CONFIG.matches} guest matches asked for:`, report.matchFlood, `live: ${report.liveAfterFlood}`);

    // 2. Stream connects with one token, all at once.
    start = performance.now();
    const streams = await Promise.all(
      Array.from({ length: CONFIG.streams }, () => openStream(base, botToken, '127.0.0.40')),
    );
    report.streamFlood = {
      seconds: (performance.now() - start) / 1000,
      answers: statusCounts(streams),
      ms: summary(streams.map((s) => s.ms)),
    };
    await sleep(500);
    const open = await Promise.all(
      streams.map((s) => Promise.race([s.ended.then(() => false), sleep(50).then(() => true)])),
    );
    report.streamsStillOpen = open.filter(Boolean).length;
    console.log(`2. ${CONFIG.streams} stream connects with one token:`, report.streamFlood, {
      stillOpen: report.streamsStillOpen,
    });
    for (const s of streams) s.close();

    // 3. The window.
    const until = performance.now() + CONFIG.seconds * 1000;
    const gets: number[] = [];
    const getErrors: number[] = [];
    const getter = (async () => {
      while (performance.now() < until) {
        const a = await call(base, 'GET', '/api/games', { address: '127.0.1.1' });
        (a.status === 200 ? gets : getErrors).push(a.ms);
        await sleep(1000 / CONFIG.getRate);
      }
    })();
    const moves: number[] = [];
    const people = Array.from({ length: CONFIG.people }, (_, i) =>
      person(
        base,
        `127.0.2.${1 + i}`,
        i % 2 ? 'promotion' : 'tictactoe',
        i % 2 ? promotionRandom : random,
        until,
        moves,
      ),
    );
    const tournamentStart = performance.now();
    const t = await call<{ id: string }>(base, 'POST', '/api/tournaments', {
      address: '127.0.1.2',
      headers: { authorization: key },
      body: { game: 'tictactoe', agents: roster.slice(0, 2).map((a) => a.id), games: 100 },
    });
    if (t.status !== 202) throw new Error(`the person's tournament was refused: ${JSON.stringify(t.body)}`);
    let firstGameS = NaN;
    while (performance.now() < until) {
      const state = await call<{ gamesDone: number }>(base, 'GET', `/api/tournaments/${t.body.id}`, {
        address: '127.0.1.2',
      });
      if (state.body.gamesDone > 0) {
        firstGameS = (performance.now() - tournamentStart) / 1000;
        break;
      }
      await sleep(250);
    }
    await Promise.all([getter, ...people]);
    const liveAtEnd = await store.countLiveMatches();
    const cap = Number(process.env.AGORA_LIVE_MATCHES ?? 2000);
    Object.assign(report, {
      getGames: summary(gets),
      getErrors: getErrors.length,
      moves: summary(moves),
      tournamentFirstGameS: firstGameS,
      liveAtEnd,
      liveCap: cap,
    });
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const g = report.getGames as ReturnType<typeof summary>;
    const m = report.moves as ReturnType<typeof summary>;
    const line = (what: string, s: ReturnType<typeof summary>, extra = '') =>
      `   ${what}: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms (n ${s.n}${extra}): ` +
      verdict(s.p99 <= GOAL_MS);
    console.log(`3. the ${CONFIG.seconds} s window:`);
    console.log(line('GET /api/games', g, `, ${getErrors.length} errors`));
    console.log(line("a person's move", m));
    console.log(
      `   the person's tournament: first game after ${firstGameS.toFixed(1)} s: ` +
        verdict(firstGameS <= TOURNAMENT_GOAL_S),
    );
    console.log(`   live matches at the end: ${liveAtEnd} (cap ${cap}): ${verdict(liveAtEnd <= cap)}`);
    mkdirSync(dirname(CONFIG.out), { recursive: true });
    writeFileSync(CONFIG.out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`figures written to ${CONFIG.out}`);
  } finally {
    closeClients();
    await store.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3]);
else await main();
