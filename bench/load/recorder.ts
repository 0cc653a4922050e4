/**
 * Every request of the load test goes through a Recorder: it times it (from calling fetch to
 * holding the whole body), files the time under the request's route pattern, and counts errors by
 * route and status, keeping a few examples. Only requests sent between start() and stop() count
 * (warm-up and the drain after the end do not); those sent before the window opens are the ramp's.
 */
import { benchHeaders, percentile } from '../server-process.js';

/** What a request cost, ms. */
interface Sample {
  client: number;
  /** The server's own handling time (x-bench-server-ms). */
  server: number;
  /** Of that, the time spent awaiting bot decisions (x-bench-bot-ms). */
  bot: number;
  /** When the request was sent, ms since the window opened. */
  at: number;
  /** From sending it to the server's handler starting (x-bench-arrival; one clock, one machine). */
  before: number;
  /** From the server's answer to the client holding the body. */
  after: number;
}

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface RouteReport {
  count: number;
  /** What the client saw. */
  client: Percentiles;
  /** What the client saw minus the bots' decisions (the server's own time plus the network and queues). */
  clientExcludingBots: Percentiles;
  /** The server's handling time, bot waits included. */
  server: Percentiles;
  /** The server's handling time minus its bot waits: its own work, and its event loop's queue. */
  serverExcludingBots: Percentiles;
  /** Bot decisions awaited per request (0 for routes without bots). */
  bot: Percentiles;
  /** From sending to the handler's start: the client's send and the server's queue. */
  beforeServer: Percentiles;
  /** From the handler's answer to the client holding the body: the way back and the client's own queue. */
  afterServer: Percentiles;
  /**
   * The slowest requests as the client saw them: when they were sent (s into the window), the
   * server's time, and where the rest went: before the handler started (the client's send, the
   * server's event loop) and after it answered (the response's way back, the client's event loop).
   */
  slowest: { atSeconds: number; client: number; server: number; before: number; after: number }[];
}

/** The client's p99 of every route together per slice of the window: whether the tail is spread or bunched. */
export interface TimelineSlice {
  fromSeconds: number;
  requests: number;
  p99: number;
}

const MAX_EXAMPLES = 8;

function summarize(values: number[]): Percentiles {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    max: round(s[s.length - 1] ?? NaN),
  };
}

const SLOWEST = 5;

export class Recorder {
  /** Whether requests sent now are recorded. */
  private open = false;
  /** When the measured window opens (performance.now()): requests sent before it belong to the ramp. */
  private openedAt = 0;
  private readonly samples = new Map<string, Sample[]>();
  /** Error counts by `route status` (status 0: no response; the kind is in the examples). */
  readonly errors = new Map<string, number>();
  readonly examples: string[] = [];

  constructor(private readonly base: string) {}

  /**
   * Records requests sent from now on; those sent before `windowStart` (performance.now() time,
   * default now) count as the ramp's.
   */
  start(windowStart = performance.now()): void {
    this.open = true;
    this.openedAt = windowStart;
  }

  /** Requests sent from now on are not recorded. */
  stop(): void {
    this.open = false;
  }

  /**
   * Sends one request and returns its status and body (parsed as JSON when it is JSON), or
   * undefined when it failed (counted as an error). A 3xx is a success: redirects are not followed,
   * so each hop is timed under its own route.
   */
  async request<T = unknown>(
    route: string,
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T } | undefined> {
    const counted = this.open;
    const method = init.method ?? 'GET';
    const t0 = performance.now();
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        redirect: 'manual',
        headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await res.text();
      const client = performance.now() - t0;
      const { serverMs, botMs, arrival } = benchHeaders(res);
      if (res.status >= 400) {
        this.error(route, res.status, `${method} ${path} -> ${res.status} ${text.slice(0, 200)}`);
        return undefined;
      }
      if (counted) {
        const before = arrival - t0;
        this.sample(route, {
          client,
          server: serverMs,
          bot: botMs,
          at: t0 - this.openedAt,
          before,
          after: client - before - serverMs,
        });
      }
      const json = (res.headers.get('content-type') ?? '').includes('json');
      return { status: res.status, body: (json ? JSON.parse(text) : text) as T };
    } catch (err) {
      this.error(route, 0, `${method} ${path} -> ${err instanceof Error ? `${err.name}: ${err.message}` : err}`);
      return undefined;
    }
  }

  private sample(route: string, s: Sample): void {
    let list = this.samples.get(route);
    if (!list) this.samples.set(route, (list = []));
    list.push(s);
  }

  private error(route: string, status: number, example: string): void {
    const key = `${route} ${status}`;
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    if (this.examples.length < MAX_EXAMPLES) this.examples.push(example);
  }

  /** Requests of the route sent in the window. */
  count(route: string): number {
    return this.samples.get(route)?.filter((s) => s.at >= 0).length ?? 0;
  }

  errorCount(): number {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }

  /** Percentiles per route, routes in name order: of the window, or of the ramp before it. */
  routes(phase: 'window' | 'ramp' = 'window'): Record<string, RouteReport> {
    const out: Record<string, RouteReport> = {};
    for (const [route, all] of [...this.samples].sort((a, b) => a[0].localeCompare(b[0]))) {
      const list = all.filter((s) => (phase === 'window' ? s.at >= 0 : s.at < 0));
      if (list.length === 0) continue;
      out[route] = {
        count: list.length,
        client: summarize(list.map((s) => s.client)),
        clientExcludingBots: summarize(list.map((s) => s.client - s.bot)),
        server: summarize(list.map((s) => s.server)),
        serverExcludingBots: summarize(list.map((s) => s.server - s.bot)),
        bot: summarize(list.map((s) => s.bot)),
        beforeServer: summarize(list.map((s) => s.before)),
        afterServer: summarize(list.map((s) => s.after)),
        slowest: [...list]
          .sort((a, b) => b.client - a.client)
          .slice(0, SLOWEST)
          .map((s) => ({
            atSeconds: Math.round(s.at / 100) / 10,
            client: Math.round(s.client),
            server: s.server,
            before: Math.round(s.before),
            after: Math.round(s.after),
          })),
      };
    }
    return out;
  }

  /** The client's p99 over all routes per `sliceSeconds` of the window. */
  timeline(sliceSeconds: number): TimelineSlice[] {
    const slices: number[][] = [];
    for (const list of this.samples.values()) {
      for (const s of list) if (s.at >= 0) (slices[Math.floor(s.at / 1000 / sliceSeconds)] ??= []).push(s.client);
    }
    return [...slices.entries()]
      .filter(([, xs]) => xs !== undefined)
      .map(([i, xs]) => ({
        fromSeconds: i * sliceSeconds,
        requests: xs.length,
        p99:
          Math.round(
            percentile(
              [...xs].sort((a, b) => a - b),
              99,
            ) * 10,
          ) / 10,
      }));
  }
}
