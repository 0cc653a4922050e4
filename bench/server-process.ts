/**
 * An arena server instrumented for benches, in a child process (so the load generator does not
 * share its event loop). The child builds its app as it likes and hands it to serveInstrumented;
 * the parent forks it with forkServer. No server code is changed or tuned: the child only wraps.
 *
 * Per request the child measures its handling time and the time spent awaiting BotPool decisions
 * (it wraps `arena.ctx.bots.decide`, attributing waits to requests with AsyncLocalStorage), and
 * returns both in response headers (x-bench-server-ms, x-bench-bot-ms, x-bench-bot-calls,
 * x-bench-arrival). It also times every store call (better-sqlite3 runs on the event loop) and
 * records the event-loop delay and GC pauses, sent to the parent on request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { ARENA_NODE_FLAGS, type ArenaApp } from '../arena/index.js';

/** Store calls slower than this are counted as stalls of the event loop. */
export const SLOW_STORE_MS = 20;

interface Timing {
  start: number;
  botMs: number;
  botCalls: number;
}

export interface ServerStats {
  lag: { p50: number; p99: number; max: number };
  /** Garbage collection in the server: pauses, slowest pause and total, ms. */
  gc: { count: number; maxMs: number; totalMs: number };
  /** Per store method: calls, slowest call (ms), calls slower than SLOW_STORE_MS. */
  store: Record<string, { calls: number; maxMs: number; slow: number }>;
}

/** Wraps the bot pool so each request knows how long it waited on bot decisions. */
function timeBots(app: ArenaApp, als: AsyncLocalStorage<Timing>): void {
  const bots = app.arena.ctx.bots;
  const decide = bots.decide.bind(bots);
  bots.decide = async (job) => {
    const t0 = performance.now();
    try {
      return await decide(job);
    } finally {
      const timing = als.getStore();
      if (timing) {
        timing.botMs += performance.now() - t0;
        timing.botCalls++;
      }
    }
  };
}

/**
 * Wraps every store method. SQLite's methods are synchronous work behind a promise: the time of
 * the call is the time the event loop is held (for PostgreSQL it is only the time to send the query).
 */
function timeStore(app: ArenaApp): () => ServerStats['store'] {
  let stats: ServerStats['store'] = {};
  const methods = app.arena.ctx.store as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(methods))) {
    const f = methods[name];
    if (name === 'constructor' || typeof f !== 'function') continue;
    methods[name] = (...args: unknown[]) => {
      const t0 = performance.now();
      try {
        return f.apply(methods, args);
      } finally {
        const d = performance.now() - t0;
        const s = (stats[name] ??= { calls: 0, maxMs: 0, slow: 0 });
        s.calls++;
        s.maxMs = Math.max(s.maxMs, d);
        if (d > SLOW_STORE_MS) s.slow++;
      }
    };
  }
  return () => {
    const out = stats;
    stats = {};
    return out;
  };
}

/**
 * Serves `app` on a free loopback port with the timing headers, tells the parent the port, and
 * answers its 'stats' (since the last 'stats') and 'stop' messages; `stop` closes what the child opened.
 */
export async function serveInstrumented(app: ArenaApp, stop: () => Promise<void>): Promise<void> {
  const als = new AsyncLocalStorage<Timing>();
  timeBots(app, als);
  const takeStoreStats = timeStore(app);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const timing: Timing = { start: performance.now(), botMs: 0, botCalls: 0 };
    const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
    (res as unknown as { writeHead: typeof writeHead }).writeHead = function (
      this: ServerResponse,
      ...args: unknown[]
    ) {
      if (!this.headersSent) {
        this.setHeader('x-bench-arrival', (performance.timeOrigin + timing.start).toFixed(3));
        this.setHeader('x-bench-server-ms', (performance.now() - timing.start).toFixed(3));
        this.setHeader('x-bench-bot-ms', timing.botMs.toFixed(3));
        this.setHeader('x-bench-bot-calls', String(timing.botCalls));
      }
      return writeHead.apply(this, args);
    };
    als.run(timing, () => app(req, res));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', resolve));

  const lag = monitorEventLoopDelay({ resolution: 1 });
  lag.enable();
  let gc: ServerStats['gc'] = { count: 0, maxMs: 0, totalMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
      gc.totalMs += e.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('message', async (msg) => {
    if (msg === 'stats') {
      const stats: ServerStats = {
        lag: { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
        gc,
        store: takeStoreStats(),
      };
      process.send!(stats);
      lag.reset();
      gc = { count: 0, maxMs: 0, totalMs: 0 };
    } else if (msg === 'stop') {
      server.closeAllConnections();
      server.close();
      await stop();
      process.exit(0);
    }
  });
  process.send!({ port: (server.address() as AddressInfo).port });
}

/** The parent's handle on a server child. */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** The server's event-loop delay, GC pauses and store calls since the previous call. */
  stats(): Promise<ServerStats>;
  stop(): Promise<void>;
}

/** Forks `script` (a bench file that calls serveInstrumented when given `args`) and waits until it listens. */
export async function forkServer(script: string, args: string[], env?: NodeJS.ProcessEnv): Promise<ServerProcess> {
  // With the flags `npm start` gives the arena, so the bench measures the server people run.
  const child = fork(script, args, {
    execArgv: [...process.execArgv, ...ARENA_NODE_FLAGS],
    stdio: 'inherit',
    env: env ?? process.env,
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before listening`)));
  });
  const stats = () =>
    new Promise<ServerStats>((resolve) => {
      child.once('message', (m) => resolve(m as ServerStats));
      child.send('stats');
    });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    await exited;
  };
  return { child, base: `http://127.0.0.1:${port}`, stats, stop };
}

/** The timing headers of a response, ms (NaN when absent: a response that did not come from the app). */
export function benchHeaders(res: Response): { arrival: number; serverMs: number; botMs: number; botCalls: number } {
  const n = (name: string) => Number(res.headers.get(name) ?? NaN);
  return {
    arrival: n('x-bench-arrival') - performance.timeOrigin,
    serverMs: n('x-bench-server-ms'),
    botMs: n('x-bench-bot-ms'),
    botCalls: n('x-bench-bot-calls'),
  };
}

/** Nearest-rank percentile of a sorted list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
