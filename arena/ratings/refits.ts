/**
 * Ratings off the request path: every game's Bradley-Terry fit (with its bootstrap) is computed on
 * a worker thread and stored as a snapshot, which the leaderboard serves as it is. A game is refit
 * when `everyGames` new games were stored since its snapshot, or when its snapshot is older than
 * `maxAgeMs` and any game was added; the check runs every `pollMs`. Refits run one at a time. Each
 * refit reads only the games stored since the last one (the thread keeps the rest). Several arena
 * processes sharing a store share the snapshots: each serves the newest one stored.
 */
import { WorkerPool } from '../../play/index.js';
import type { ArenaContext } from '../services/context.js';
import type { ResultRow } from '../store/store.js';
import type { FitReply, FitRequest } from './fit-messages.js';
import { HISTORY_POINTS, type RatingSnapshot } from './snapshot.js';

export interface RefitPolicy {
  /** Refit once this many games were added since the snapshot (default 25). */
  everyGames: number;
  /** Refit a snapshot this old (ms) once any game was added (default 30 000). */
  maxAgeMs: number;
  /** How often games are checked (ms, default 2 000); 0: only when refit()/poll() is called. */
  pollMs: number;
  /** Bootstrap resamples of each fit (default 100). */
  bootstrap: number;
}

export const DEFAULT_REFIT_POLICY: RefitPolicy = { everyGames: 25, maxAgeMs: 30_000, pollMs: 2_000, bootstrap: 100 };

/** Games read from the store per query while catching up (a first fit over 50,000 games reads 10 pages). */
const PAGE = 5_000;

const ENTRY = new URL('./fit-thread-entry.js', import.meta.url);

export class RatingRefits {
  /** Fits run by this process (tests check that requests never cause one). */
  fits = 0;
  readonly policy: RefitPolicy;
  private readonly latest = new Map<string, RatingSnapshot>();
  /** What the fitting thread holds per game: results up to store order `seq`, `count` of them. */
  private readonly sent = new Map<string, { seq: number; count: number }>();
  /** Each game's latest rating points per agent, and the store order read up to. */
  private readonly history = new Map<string, { seq: number; byAgent: Map<string, { elo: number; at: string }[]> }>();
  private pool: WorkerPool<FitRequest, FitReply> | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly ctx: ArenaContext,
    policy: Partial<RefitPolicy> = {},
  ) {
    this.policy = { ...DEFAULT_REFIT_POLICY, ...policy };
  }

  /** Checks every game now and then every pollMs. */
  start(): void {
    if (this.closed || this.timer || this.policy.pollMs <= 0) return;
    void this.poll();
    this.timer = setInterval(() => void this.poll(), this.policy.pollMs);
    this.timer.unref();
  }

  /**
   * The snapshot the leaderboard serves: the newest this process made or found stored. Reads the
   * store only when this process has none for the game; never fits.
   */
  async snapshot(game: string): Promise<RatingSnapshot | undefined> {
    return this.latest.get(game) ?? (await this.load(game));
  }

  /** Refits every game that is due (and picks up snapshots other processes stored). */
  poll(): Promise<void> {
    return this.enqueue(async () => {
      for (const game of Object.keys(this.ctx.games)) {
        if (this.closed) return;
        try {
          const count = await this.ctx.store.countGames(game);
          const snap = await this.load(game);
          if (this.due(snap, count)) await this.fit(game);
        } catch (err) {
          this.ctx.log.error('ratings: refit failed', {
            game,
            error: err instanceof Error ? err.message : String(err),
          });
        }
      }
    });
  }

  /** Refits one game now, whatever its snapshot's age (after any refit already under way). */
  refit(game: string): Promise<RatingSnapshot> {
    return this.enqueue(() => this.fit(game));
  }

  /** Resolves once the refits asked for so far are done. */
  async idle(): Promise<void> {
    await this.chain.catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
    await this.pool?.close();
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.catch(() => {}).then(work);
    this.chain = next;
    return next;
  }

  private due(snap: RatingSnapshot | undefined, count: number): boolean {
    if (!snap) return count > 0;
    if (count <= snap.games) return false;
    const age = this.ctx.now().getTime() - Date.parse(snap.fittedAt);
    return count - snap.games >= this.policy.everyGames || age >= this.policy.maxAgeMs;
  }

  /** The stored snapshot when it covers more games than this process's own (or it has none). */
  private async load(game: string): Promise<RatingSnapshot | undefined> {
    const mine = this.latest.get(game);
    const stored = await this.ctx.store.getRatingSnapshot(game);
    if (stored && (!mine || stored.games > mine.games)) {
      const snap: RatingSnapshot = JSON.parse(stored.data) as RatingSnapshot;
      this.latest.set(game, snap);
      return snap;
    }
    return mine;
  }

  private async fit(game: string): Promise<RatingSnapshot> {
    const rated = (await this.ctx.store.ratings(game)).filter((r) => r.games > 0).map((r) => r.agentId);
    let reply = await this.send(game, rated, false);
    // A thread that was replaced (it crashed) has no results: send it all of them.
    if (!reply.ok || reply.games !== this.sent.get(game)!.count) reply = await this.send(game, rated, true);
    if (!reply.ok) throw new Error(reply.error);
    const held = this.sent.get(game)!;
    const snap: RatingSnapshot = {
      game,
      games: held.count,
      seq: held.seq,
      fittedAt: this.ctx.now().toISOString(),
      bootstrap: this.policy.bootstrap,
      ...reply.fit,
      history: await this.latestHistory(game),
    };
    await this.ctx.store.putRatingSnapshot({
      game,
      games: snap.games,
      seq: snap.seq,
      fittedAt: snap.fittedAt,
      data: JSON.stringify(snap),
    });
    this.latest.set(game, snap);
    this.fits++;
    this.ctx.log.debug('ratings: refit', { game, games: snap.games });
    return snap;
  }

  /**
   * Every agent's latest HISTORY_POINTS rating points, reading only the points stored since the
   * last refit (the chart is served with the snapshot: a page view reads no history).
   */
  private async latestHistory(game: string): Promise<RatingSnapshot['history']> {
    const held = this.history.get(game) ?? { seq: 0, byAgent: new Map<string, { elo: number; at: string }[]>() };
    for (;;) {
      const page = await this.ctx.store.ratingHistory(game, held.seq, PAGE);
      for (const p of page) {
        const points = held.byAgent.get(p.agentId) ?? [];
        points.push({ elo: p.elo, at: p.at });
        if (points.length > 2 * HISTORY_POINTS) points.splice(0, points.length - HISTORY_POINTS);
        held.byAgent.set(p.agentId, points);
      }
      if (page.length > 0) held.seq = page[page.length - 1].seq;
      if (page.length < PAGE) break;
    }
    this.history.set(game, held);
    return Object.fromEntries([...held.byAgent].map(([agent, points]) => [agent, points.slice(-HISTORY_POINTS)]));
  }

  /** Sends the results stored since what the thread holds (all of them with reset) and the agents to rate. */
  private async send(game: string, rated: string[], reset: boolean): Promise<FitReply> {
    const from = reset ? { seq: 0, count: 0 } : (this.sent.get(game) ?? { seq: 0, count: 0 });
    const rows: ResultRow[] = [];
    for (let after = from.seq; ;) {
      const page = await this.ctx.store.listResults(game, after, PAGE);
      rows.push(...page);
      if (page.length < PAGE) break;
      after = page[page.length - 1].seq;
    }
    const held = { seq: rows.length ? rows[rows.length - 1].seq : from.seq, count: from.count + rows.length };
    this.pool ??= new WorkerPool<FitRequest, FitReply>({
      name: 'the rating fitter',
      entry: ENTRY,
      size: 1,
      unref: true,
      // A refit over tens of thousands of games takes a core for seconds: only a free one.
      workerData: () => ({ nice: this.ctx.backgroundNice }),
    });
    const reply = await this.pool.request({
      game,
      reset: reset || from.count === 0,
      rows,
      rated,
      bootstrap: this.policy.bootstrap,
    });
    this.sent.set(game, held);
    return reply;
  }
}
