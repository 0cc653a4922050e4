/**
 * Arena speed (npx tsx bench/arena.ts):
 *  (a) tournament throughput: runTournament (worker threads, one per core) with random agents on
 *      Promotion and tic-tac-toe, in games/s over the whole run (worker start-up and the
 *      Bradley-Terry summary included) and in the steady state (first to last finished game);
 *  (b) latency of the move endpoint POST /api/matches/:id/actions: a real server in a child
 *      process (so the load generator does not share its event loop), SQLite in a temporary file
 *      (STORE=memory for ':memory:'), no rate limit. Per game: an untimed warm-up match, then 20
 *      matches one after another (the uncontended baseline), then MATCHES (200) people's matches
 *      against `random` bots are created and all play to the end at once, over loopback keep-alive
 *      connections (Node's fetch), each move a random legal action from the previous response.
 *      Latency is what the client sees, from calling fetch to holding the parsed JSON body.
 *
 * Bot time cannot be switched off: every move returns only after the bots have played up to the
 * person's next turn. Random bots decide in microseconds on the server's main thread;
 * BENCH_BOT=greedy (any roster spec) times the BotPool's worker threads instead, which 200 games
 * share, each decision a round trip carrying the actions since the match's last one. So the
 * server process measures, per request, its handling time and the time spent awaiting BotPool
 * decisions (bench/server-process.ts wraps `arena.ctx.bots.decide`, attributing waits to requests
 * with AsyncLocalStorage), and returns both in response headers. It also times every store call
 * (better-sqlite3 runs on the event loop) and records the server's event-loop delay and GC pauses.
 * No server code is changed or tuned.
 *
 * The default is a closed loop (each client sends its next move as soon as it has the answer), so
 * by Little's law the mean latency is about MATCHES / throughput. THINK_MS=1000 gives every move
 * a think time of 0.5 to 1.5 s first, closer to people playing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createApp, openSqliteStore } from '../arena/index.js';
import { runTournament } from '../play/index.js';
import { Rng } from '../envs/index.js';
import {
  benchHeaders,
  forkServer,
  percentile,
  serveInstrumented,
  SLOW_STORE_MS,
  type ServerProcess as Server,
} from './server-process.js';

/** The roster spec of the bots in (b): `random` (default), or e.g. `greedy` to time the bot threads' path. */
const BOT = process.env.BENCH_BOT ?? 'random';

const MATCHES = Number(process.env.MATCHES ?? 200);
/** Think time before each move, ms (default 0: a closed loop, every client moves as soon as it can). */
const THINK_MS = Number(process.env.THINK_MS ?? 0);
/** Matches of the uncontended baseline, played one after another. */
const BASELINE_MATCHES = 20;
const LATENCY_GAMES = (process.env.BENCH_GAMES ?? 'tictactoe,promotion').split(',');
const IN_MEMORY = process.env.STORE === 'memory';
const TOURNAMENT_GAMES = { promotion: 200, tictactoe: 1000 } as const;

// ---- the server process ---------------------------------------------------------------------------

async function serve(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'agora-bench-'));
  const store = openSqliteStore(IN_MEMORY ? ':memory:' : join(dir, 'arena.db'));
  // 200 matches at once from loopback: one address, past the per-address cap.
  const app = createApp({
    store,
    writeLimitPerMinute: false,
    readLimitPerMinute: false,
    liveMatches: { perAddress: 100_000 },
  });
  await app.arena.bootstrap({ tournament: false });
  await serveInstrumented(app, async () => {
    await app.arena.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

// ---- helpers --------------------------------------------------------------------------------------

const ms = (x: number) => `${x.toFixed(2)} ms`.padStart(10);

function distribution(label: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  return (
    `  ${label.padEnd(26)} p50 ${ms(percentile(s, 50))}  p90 ${ms(percentile(s, 90))}  ` +
    `p99 ${ms(percentile(s, 99))}  max ${ms(s[s.length - 1])}`
  );
}

// ---- (a) tournaments ------------------------------------------------------------------------------

async function tournamentSpeed(game: keyof typeof TOURNAMENT_GAMES): Promise<void> {
  const games = TOURNAMENT_GAMES[game];
  let first = 0;
  let last = 0;
  let count = 0;
  const start = performance.now();
  // runTournament wants distinct specs; ' random' is the same random agent under a second name.
  const report = await runTournament({
    game,
    agents: ['random', ' random'],
    games,
    seed: 'bench',
    onResult: () => {
      const now = performance.now();
      if (count++ === 0) first = now;
      last = now;
    },
  });
  const wall = (performance.now() - start) / 1000;
  const steady = count > 1 ? (count - 1) / ((last - first) / 1000) : NaN;
  const decisions = report.results.reduce((sum, r) => sum + r.actions.length, 0);
  console.log(
    `  ${game.padEnd(10)} ${String(games).padStart(5)} games  ` +
      `${(games / wall).toFixed(0).padStart(6)} games/s overall (${wall.toFixed(2)} s)` +
      `  ${steady.toFixed(0).padStart(6)} games/s steady  ${(decisions / games).toFixed(1)} decisions/game`,
  );
}

// ---- (b) move latency -----------------------------------------------------------------------------

interface Sample {
  /** Client latency, ms. */
  ms: number;
  /** From calling fetch to the server's request event (connection, client and server queues), ms. */
  beforeMs: number;
  /** From the server's response head to the client holding the parsed body, ms. */
  afterMs: number;
  serverMs: number;
  botMs: number;
  botCalls: number;
  /** The match's move number (0 = its first move). */
  move: number;
}

interface Page {
  isYourTurn: boolean;
  decisions: number;
  legalActions: { action: number; label: string }[];
  result?: unknown;
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Plays `count` matches against random bots, `concurrency` at a time (all at once, or one after
 * another), and prints the move latencies. `quiet` runs are warm-ups: nothing is printed.
 */
async function latency(
  server: Server,
  game: string,
  count: number,
  concurrency: 'all' | 'one',
  quiet = false,
): Promise<number> {
  const { base } = server;
  const agents = await json<{ id: string; spec: string }[]>(await fetch(`${base}/api/agents?game=${game}`));
  const bot = agents.find((a) => a.spec === BOT)?.id;
  if (!bot)
    throw new Error(`BENCH_BOT=${BOT}: no such roster bot; the roster has ${agents.map((a) => a.spec).join(', ')}`);
  const games = await json<{ name: string; defaultPlayers: number }[]>(await fetch(`${base}/api/games`));
  const players = games.find((g) => g.name === game)!.defaultPlayers;

  // The matches first (not timed), 20 at a time.
  const matches: { id: string; token: string }[] = [];
  for (let i = 0; i < count; i += 20) {
    matches.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, count - i) }, async () => {
          const res = await fetch(`${base}/api/matches`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ game, players, opponents: new Array(players - 1).fill(bot) }),
          });
          return json<{ id: string; token: string }>(res);
        }),
      )),
    );
  }

  const samples: Sample[] = [];
  let gets = 0;
  const play = async (m: { id: string; token: string }, index: number) => {
    const rng = Rng.fromSeed(`bench:${game}:${index}`);
    const url = `${base}/api/matches/${encodeURIComponent(m.id)}`;
    const seatPage = async () => {
      gets++;
      return json<Page>(await fetch(`${url}?token=${encodeURIComponent(m.token)}`));
    };
    let page = await seatPage();
    let move = 0;
    while (!page.result) {
      if (!page.isYourTurn) {
        page = await seatPage();
        continue;
      }
      const action = page.legalActions[rng.int(page.legalActions.length)].action;
      // Seeded jitter (0.5 to 1.5 times THINK_MS) so the clients do not move in lockstep.
      if (THINK_MS > 0 && concurrency === 'all')
        await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + rng.next())));
      const t0 = performance.now();
      const res = await fetch(`${url}/actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: m.token, action, decisions: page.decisions }),
      });
      page = await json<Page>(res);
      const t1 = performance.now();
      const { arrival, serverMs, botMs, botCalls } = benchHeaders(res);
      samples.push({
        ms: t1 - t0,
        beforeMs: arrival - t0,
        afterMs: t1 - (arrival + serverMs),
        serverMs,
        botMs,
        botCalls,
        move: move++,
      });
    }
  };
  await server.stats(); // resets the server's counters
  const clientLag = monitorEventLoopDelay({ resolution: 1 });
  clientLag.enable();
  const start = performance.now();
  if (concurrency === 'all') await Promise.all(matches.map(play));
  else for (const [i, m] of matches.entries()) await play(m, i);
  const seconds = (performance.now() - start) / 1000;
  clientLag.disable();
  const stats = await server.stats();
  const worst = Math.max(...samples.map((s) => s.ms));
  if (quiet) return worst;

  const botCalls = samples.reduce((s, x) => s + x.botCalls, 0);
  const shape =
    concurrency === 'all'
      ? `${count} matches at once${THINK_MS > 0 ? ` (think time ~${THINK_MS} ms a move)` : ''}`
      : `${count} matches one after another`;
  console.log(
    `\n${game}, ${players} players, ${shape}, vs ${BOT} bots: ${samples.length} moves ` +
      `in ${seconds.toFixed(2)} s (${(samples.length / seconds).toFixed(0)} moves/s; ` +
      `also ${gets} GETs; ${botCalls} bot decisions)`,
  );
  console.log(
    distribution(
      'client latency',
      samples.map((s) => s.ms),
    ),
  );
  console.log(
    distribution(
      '  before the server',
      samples.map((s) => s.beforeMs),
    ),
  );
  console.log(
    distribution(
      '  server handling',
      samples.map((s) => s.serverMs),
    ),
  );
  console.log(
    distribution(
      '    of which bot wait',
      samples.map((s) => s.botMs),
    ),
  );
  console.log(
    distribution(
      '    of which the rest',
      samples.map((s) => s.serverMs - s.botMs),
    ),
  );
  console.log(
    distribution(
      '  after the server',
      samples.map((s) => s.afterMs),
    ),
  );
  console.log(
    distribution(
      'client minus bot wait',
      samples.map((s) => s.ms - s.botMs),
    ),
  );
  if (concurrency === 'all') {
    console.log(
      distribution(
        '  first move of a match',
        samples.filter((s) => s.move === 0).map((s) => s.ms - s.botMs),
      ),
    );
    console.log(
      distribution(
        '  later moves',
        samples.filter((s) => s.move > 0).map((s) => s.ms - s.botMs),
      ),
    );
  }
  console.log(
    `  event-loop delay: server p50 ${ms(stats.lag.p50)}  p99 ${ms(stats.lag.p99)}  max ${ms(stats.lag.max)}; ` +
      `client p50 ${ms(clientLag.percentile(50) / 1e6)}  p99 ${ms(clientLag.percentile(99) / 1e6)}  ` +
      `max ${ms(clientLag.max / 1e6)}`,
  );
  console.log(
    `  server GC: ${stats.gc.count} pauses, ${stats.gc.totalMs.toFixed(0)} ms in all, ` +
      `slowest ${stats.gc.maxMs.toFixed(1)} ms`,
  );
  const slowest = Object.entries(stats.store).sort((a, b) => b[1].maxMs - a[1].maxMs)[0];
  const slowCalls = Object.values(stats.store).reduce((n, s) => n + s.slow, 0);
  const storeCalls = Object.values(stats.store).reduce((n, s) => n + s.calls, 0);
  if (slowest) {
    console.log(
      `  store: ${storeCalls} calls, ${slowCalls} over ${SLOW_STORE_MS} ms wall time ` +
        '(synchronous: each holds the event loop); ' +
        `slowest ${slowest[0]} ${slowest[1].maxMs.toFixed(1)} ms`,
    );
  }
  const p99 = percentile(
    samples.map((s) => s.ms).sort((a, b) => a - b),
    99,
  );
  console.log(`  goal p99 < 20 ms (client latency): ${p99 < 20 ? 'met' : 'NOT met'} (${p99.toFixed(2)} ms)`);
  if (concurrency === 'all' && THINK_MS === 0) {
    // Little's law for a closed loop: moves in flight = throughput x latency.
    console.log(
      `  closed loop: ${count} clients each waiting on its own move; mean latency = ${count} / throughput ≈ ` +
        `${((count / (samples.length / seconds)) * 1000).toFixed(0)} ms at this throughput ` +
        '(THINK_MS=1000 paces the clients like people)',
    );
  }
  return worst;
}

// ---- main -----------------------------------------------------------------------------------------

if (process.argv[2] === 'serve') {
  await serve();
} else {
  console.log(
    `Arena speed, node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ` +
      `load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} before the start (other work on the machine skews every figure)`,
  );
  console.log(`\n(a) runTournament, random agents, ${availableParallelism()} worker threads`);
  for (const game of ['promotion', 'tictactoe'] as const) await tournamentSpeed(game);

  console.log(
    '\n(b) POST /api/matches/:id/actions over loopback; server in a child process; ' +
      `SQLite ${IN_MEMORY ? 'in memory' : 'in a temporary file'}`,
  );
  console.log('    Each move returns after the bots have replied up to your next turn: a random bot decides in');
  console.log('    microseconds on the main thread, other bots (BENCH_BOT) on the BotPool worker threads (2, shared');
  console.log('    by all matches, queued). "bot wait" is that time as the server measured it per request.');
  const server = await forkServer(fileURLToPath(import.meta.url), ['serve']);
  try {
    for (const game of LATENCY_GAMES) {
      // BotPool workers start on the first decision (loading tsx and the agents): a cold start, not measured below.
      const cold = await latency(server, game, 1, 'one', true);
      console.log(
        `\n${game}: warm-up match played (slowest move ${cold.toFixed(0)} ms, including any BotPool worker start-up)`,
      );
      await latency(server, game, BASELINE_MATCHES, 'one');
      await latency(server, game, MATCHES, 'all');
    }
  } finally {
    await server.stop();
  }
}
