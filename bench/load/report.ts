/** The load test's report: what it prints, what it writes as JSON, and the goals checked against it. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ServerStats } from '../server-process.js';
import type { LoadConfig } from './config.js';
import { MOVE_ROUTE } from './person.js';
import type { RouteReport, TimelineSlice } from './recorder.js';
import type { TournamentState } from './tournament.js';

export interface Goal {
  what: string;
  limit: number;
  value: number;
  met: boolean;
}

export interface LoadReport {
  date: string;
  command: string;
  machine: { node: string; cores: number; cpu: string; loadAverageBefore: number[]; loadAverageAfter: number[] };
  config: LoadConfig;
  store: string;
  seeding: { games: number; seconds: number };
  /** From the server's start to every leaderboard serving a fit over all stored games, s. */
  firstFitsSeconds: number;
  /** The background tournament (none with --tournament none); `atEnd.status` 'running': it ran throughout. */
  tournament?: { id: string; game: string; agents: number; gamesDoneAtStart: number; atEnd?: TournamentState };
  /**
   * Moves answered by the end of the window (the move route's count also holds moves sent in the
   * window and answered after it).
   */
  window: { seconds: number; moves: number; movesPerSecond: number; matchesFinished: number };
  /** Views one at a time on the idle server, before the tournament and the people. */
  idleRoutes: Record<string, RouteReport>;
  /** The ramp: requests sent while people were still arriving (config.rampSeconds), not in the goals. */
  rampRoutes: Record<string, RouteReport>;
  routes: Record<string, RouteReport>;
  /** The client's p99 over all routes per 10 s of the window. */
  timeline: TimelineSlice[];
  errors: { total: number; byRouteAndStatus: Record<string, number>; examples: string[] };
  server: ServerStats;
  clientEventLoopDelay: { p50: number; p99: number; max: number };
  goals: Goal[];
}

const LEADERBOARD_ROUTES = ['GET /api/leaderboard?game=', 'GET /leaderboard?game='];

/** Issue 25: leaderboard p99 ≤ 50 ms, a move's p99 ≤ 20 ms without the bots' time and ≤ 250 ms with it, 0 errors. */
export function goals(routes: Record<string, RouteReport>, errors: number): Goal[] {
  const goal = (what: string, limit: number, value: number | undefined): Goal => ({
    what,
    limit,
    value: value ?? NaN,
    met: value !== undefined && value <= limit,
  });
  return [
    ...LEADERBOARD_ROUTES.map((r) => goal(`${r} p99 ms`, 50, routes[r]?.client.p99)),
    goal(`${MOVE_ROUTE} p99 ms excluding bot time`, 20, routes[MOVE_ROUTE]?.clientExcludingBots.p99),
    goal(`${MOVE_ROUTE} p99 ms including bot time`, 250, routes[MOVE_ROUTE]?.client.p99),
    goal('errors', 0, errors),
  ];
}

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-').padStart(8);

const delay = (d: { p50: number; p99: number; max: number }) =>
  `p50 ${d.p50.toFixed(1)} ms, p99 ${d.p99.toFixed(1)} ms, max ${d.max.toFixed(1)} ms`;

function printRoutes(routes: Record<string, RouteReport>): void {
  console.log(
    `${'route'.padEnd(34)} ${'count'.padStart(6)}   client p50      p95      p99      max` +
      '  p99 w/o bots  server p99  w/o bots',
  );
  for (const [route, s] of Object.entries(routes)) {
    const c = s.client;
    console.log(
      `${route.padEnd(34)} ${String(s.count).padStart(6)} ${f(c.p50)} ${f(c.p95)} ${f(c.p99)} ${f(c.max)}` +
        `     ${f(s.clientExcludingBots.p99)}    ${f(s.server.p99)} ${f(s.serverExcludingBots.p99)}`,
    );
  }
}

export function printReport(r: LoadReport): void {
  const w = r.window;
  console.log(
    `\n${w.seconds} s, ${r.config.people} people: ${w.moves} moves (${w.movesPerSecond.toFixed(1)} moves/s), ` +
      `${w.matchesFinished} matches finished`,
  );
  console.log('\none at a time on the idle server, before the load:');
  printRoutes(r.idleRoutes);
  if (Object.keys(r.rampRoutes).length > 0) {
    console.log(`\nwhile ${r.config.people} people arrived over ${r.config.rampSeconds} s (not in the goals):`);
    printRoutes(r.rampRoutes);
  }
  console.log(`\nunder load, the ${w.seconds} s window after the arrivals:`);
  printRoutes(r.routes);
  console.log(
    `\nclient p99 of all routes per 10 s: ` +
      r.timeline.map((t) => `${t.fromSeconds}-${t.fromSeconds + 10} s ${t.p99} ms`).join(', '),
  );
  const slowMoves = r.routes[MOVE_ROUTE]?.slowest ?? [];
  if (slowMoves.length > 0) {
    console.log(
      `slowest moves (client ms at s into the window: before the server's handler + server + after): ` +
        slowMoves
          .map((s) => `${s.client} at ${s.atSeconds} s (${s.before} + ${s.server.toFixed(1)} + ${s.after})`)
          .join(', '),
    );
    const move = r.routes[MOVE_ROUTE];
    console.log(
      `moves, p99 of the time before the server's handler started ${move.beforeServer.p99} ms ` +
        `(the client's send, the server's queue), after it answered ${move.afterServer.p99} ms ` +
        `(the way back, the client's queue)`,
    );
  }
  const t = r.tournament;
  console.log(
    t
      ? `\ntournament ${t.id} (${t.game}, ${t.agents} bots): ${t.gamesDoneAtStart} games done at the start, ` +
          `${t.atEnd?.gamesDone ?? '?'} of ${t.atEnd?.gamesTotal ?? '?'} at the end (${t.atEnd?.status ?? 'unknown'})`
      : '\nno background tournament (--tournament none)',
  );
  const s = r.server;
  const storeCalls = Object.values(s.store).reduce((n, x) => n + x.calls, 0);
  const slow = Object.values(s.store).reduce((n, x) => n + x.slow, 0);
  const slowest = Object.entries(s.store).sort((a, b) => b[1].maxMs - a[1].maxMs)[0];
  console.log(
    `server event-loop delay ${delay(s.lag)}; ` +
      `GC ${s.gc.count} pauses, slowest ${s.gc.maxMs.toFixed(1)} ms; store ${storeCalls} calls, ${slow} over 20 ms` +
      (slowest ? `, slowest ${slowest[0]} ${slowest[1].maxMs.toFixed(1)} ms` : ''),
  );
  const c = r.clientEventLoopDelay;
  console.log(`load generator event-loop delay ${delay(c)}`);
  console.log(`\nerrors: ${r.errors.total}`);
  for (const [k, n] of Object.entries(r.errors.byRouteAndStatus)) console.log(`  ${k}: ${n}`);
  for (const e of r.errors.examples) console.log(`  e.g. ${e}`);
  console.log('\ngoals (issue 25):');
  for (const g of r.goals)
    console.log(
      `  ${g.met ? 'met    ' : 'NOT met'} ${g.what} ≤ ${g.limit}: ${Number.isFinite(g.value) ? g.value : 'no data'}`,
    );
}

export function writeReport(path: string, r: LoadReport): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(r, null, 2)}\n`);
}
