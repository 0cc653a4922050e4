import { createHmac } from 'node:crypto';
import { hostname } from 'node:os';
import { makeAgent } from '../../agents/index.js';
import { AgoraError, assertPlayerCount, type GameDefinition, lookupGame } from '../../envs/index.js';
import type { RunnerJob } from '../queue/game-runner.js';
import { scheduleTournament, type TournamentFormat } from '../../play/index.js';
import { gameReturns } from '../store/game-returns.js';
import type { AgentRecord, TournamentRecord, UserRecord } from '../store/store.js';
import { budgetMsFor } from './bot-specs.js';
import type { ArenaContext } from './context.js';
import { randomId } from './ids.js';
import { isExternal } from '../bots/external.js';
import type { MatchService } from './matches.js';
import { TournamentProgress } from './tournament-progress.js';
import { FairGames } from './fair-games.js';

export interface NewTournament {
  game: string;
  /** Bot agent ids (at least two, distinct). */
  agents: string[];
  games: number;
  players?: number;
  format?: TournamentFormat;
  /** The account asking (held to ctx.tournamentLimits); none for the arena's own ladders. */
  requestedBy?: string;
}

/**
 * The seed of one tournament game: an HMAC of its index under the tournament's secret, so a
 * finished game's seed (shown in its replay) tells nothing about the seeds of the games still to come.
 */
function tournamentGameSeed(secret: string, index: number): string {
  return createHmac('sha256', secret).update(`game:${index}`).digest('hex');
}

/** A tournament as responses show it: its secret seed only once it is over (then every game reproduces). */
export function publicTournament(t: TournamentRecord): Omit<TournamentRecord, 'seed'> & { seed?: string } {
  const { seed, ...rest } = t;
  return t.status === 'running' ? rest : { ...rest, seed };
}

/** Most games one tournament may schedule. */
const MAX_TOURNAMENT_GAMES = 2000;

/** How long a tournament lease lasts without renewal (ms). */
const DEFAULT_LEASE_MS = 60_000;

export interface TournamentServiceOptions {
  /** Who holds this service's leases: unique per process (default `${hostname}:${pid}:${random}`). */
  owner?: string;
  /**
   * Lease length in ms (default 60 000): renewed every third of it while a tournament plays, and
   * the period at which running tournaments whose holder died (lease lapsed) are looked for.
   */
  leaseMs?: number;
  /** Where games with an external bot's seat are played, decision by decision (without it, such bots are refused). */
  matches?: MatchService;
}

/** Games with an external bot's seat played at once, per tournament. */
const EXTERNAL_GAMES_AT_ONCE = 4;

/**
 * Tournaments between registered bots, side by side, each on worker threads (or the job queue) so
 * the server stays responsive. Their games share the runner fairly (fair-games.ts): owner by owner,
 * then tournament by tournament, at most ctx.tournamentGamesAtOnce at once, the arena's own ranking
 * tournaments last and never on the last free slot. Every finished game is stored with its Elo
 * update as it arrives; the game id is `${tournament}:${index}`, so after a restart the missing
 * games are played and no finished one twice.
 *
 * Several arena processes may share one store: a tournament is played only under a lease
 * (Store.claimTournament), so one process plays it while the others skip it, and when its holder
 * dies the lease lapses and another process takes the tournament over. Lease times come from the
 * context's clock, so the processes' clocks must agree to well within a lease.
 */
export class TournamentService {
  readonly owner: string;
  private readonly leaseMs: number;
  /** Tournament runs in this process (queued for their lease, or playing), by id: none is run twice. */
  private readonly runs = new Map<string, Promise<void>>();
  private watch: ReturnType<typeof setInterval> | undefined;
  private closed = false;
  private readonly abort = new AbortController();
  /** Tournaments playing in this process, so a cancel stops them at once. */
  private readonly running = new Map<string, AbortController>();
  private readonly matches: MatchService | undefined;
  private readonly fair: FairGames;

  constructor(
    private readonly ctx: ArenaContext,
    options: TournamentServiceOptions = {},
  ) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomId()}`;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.matches = options.matches;
    this.fair = new FairGames(ctx.runner, ctx.tournamentGamesAtOnce);
    if (!Number.isFinite(this.leaseMs) || this.leaseMs <= 0) {
      throw new AgoraError('bad_request', `leaseMs: must be a positive number of milliseconds; got ${options.leaseMs}`);
    }
  }

  async start(input: NewTournament): Promise<TournamentRecord> {
    const def: GameDefinition = lookupGame(this.ctx.games, input.game);
    const players = input.players ?? def.defaultPlayers;
    assertPlayerCount(def, players);
    if (!Number.isInteger(input.games) || input.games < 1 || input.games > MAX_TOURNAMENT_GAMES) {
      throw new AgoraError(
        'bad_request',
        `games: must be an integer from 1 to ${MAX_TOURNAMENT_GAMES}; got ${input.games}`,
      );
    }
    if (new Set(input.agents).size !== input.agents.length || input.agents.length < 2) {
      throw new AgoraError(
        'bad_request',
        `agents: give at least two distinct bot ids; got [${input.agents.join(', ')}]`,
      );
    }
    if (input.requestedBy !== undefined) {
      const limits = this.ctx.tournamentLimits;
      if (input.games > limits.games)
        throw new AgoraError('bad_request', `games: at most ${limits.games} per tournament; got ${input.games}`);
      if (input.agents.length > limits.agents)
        throw new AgoraError(
          'bad_request',
          `agents: at most ${limits.agents} per tournament; got ${input.agents.length}`,
        );
      const running = (await this.ctx.store.listTournaments()).filter(
        (t) => t.status === 'running' && t.requestedBy === input.requestedBy,
      );
      if (running.length >= limits.running) {
        throw new AgoraError(
          'conflict',
          `you have ${running.length} tournament${running.length === 1 ? '' : 's'} running ` +
            `(${running.map((t) => t.id).join(', ')}); at most ${limits.running} at once`,
        );
      }
    }
    for (const id of input.agents) {
      const agent = await this.ctx.store.getAgent(id);
      if (!agent || agent.kind !== 'bot' || agent.game !== def.name || agent.retiredAt) {
        throw new AgoraError('bad_request', `agents: '${id}' is not an active bot of ${def.name}`);
      }
      if (isExternal(agent) && !(this.matches && (await this.matches.external.isOnline(agent.id)))) {
        throw new AgoraError(
          'bad_request',
          `agents: '${agent.name}' is an external bot that is offline; it can join once it is connected`,
        );
      }
    }
    const record: TournamentRecord = {
      id: this.ctx.newId(),
      game: def.name,
      players,
      format: input.format ?? 'round-robin',
      agentIds: [...input.agents],
      gamesTotal: input.games,
      gamesDone: 0,
      status: 'running',
      seed: this.ctx.newSeed(),
      ...(input.requestedBy !== undefined ? { requestedBy: input.requestedBy } : {}),
      createdAt: this.ctx.now().toISOString(),
    };
    await this.ctx.store.addTournament(record);
    this.enqueue(record.id);
    return record;
  }

  /**
   * Queues every running tournament, then keeps looking once per lease period: a tournament whose
   * holder died stays 'running' with a lease nobody renews, and is taken over once it lapses.
   * Tournaments another live process holds are skipped when their turn comes (the claim fails).
   */
  async resumeAll(): Promise<void> {
    await this.enqueueRunning();
    if (this.watch || this.closed) return;
    this.watch = setInterval(() => void this.enqueueRunning().catch(() => undefined), this.leaseMs);
    this.watch.unref(); // the look-up alone must not keep the process alive
  }

  /**
   * Cancels a running tournament (the operator's call): its finished games stay rated, no other is
   * played. Here its run stops at once; a run in another process stops at its next lease renewal.
   */
  async cancel(id: string, reason = 'cancelled by the operator'): Promise<TournamentRecord> {
    const t = await this.ctx.store.getTournament(id);
    if (!t) throw new AgoraError('not_found', `no tournament '${id}'`);
    if (!(await this.ctx.store.cancelTournament(id, reason)))
      throw new AgoraError('conflict', `tournament ${id} is ${t.status}, not running`);
    this.running.get(id)?.abort();
    return (await this.ctx.store.getTournament(id))!;
  }

  /**
   * Cancels a running tournament for the account that started it; another account's is refused
   * (403), and the arena's own are the operator's alone.
   */
  async cancelOwn(id: string, user: Pick<UserRecord, 'id' | 'name'>): Promise<TournamentRecord> {
    const t = await this.ctx.store.getTournament(id);
    if (!t) throw new AgoraError('not_found', `no tournament '${id}'`);
    if (t.requestedBy !== user.id) {
      throw new AgoraError(
        'forbidden',
        `tournament ${id} is not yours: only the account that started it, or the operator, may cancel it`,
      );
    }
    return this.cancel(id, `cancelled by its owner, ${user.name}`);
  }

  /**
   * Whether a tournament is being played by this process now (a running one that is not is
   * queued, or held elsewhere).
   */
  isPlaying(id: string): boolean {
    return this.running.has(id);
  }

  /** Resolves when every tournament run in this process has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.runs.size > 0) await Promise.allSettled([...this.runs.values()]);
  }

  /**
   * Stops looking for tournaments and stops the running one (its finished games stay stored); its
   * lease is released, so another process (or this one restarted) plays the rest.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watch);
    this.abort.abort();
    await this.idle();
  }

  private async enqueueRunning(): Promise<void> {
    for (const t of await this.ctx.store.listTournaments()) if (t.status === 'running') this.enqueue(t.id);
  }

  /** Starts a tournament's run here (its lease first), unless it runs here already. */
  private enqueue(id: string): void {
    if (this.closed || this.runs.has(id)) return;
    const run = this.run(id)
      .catch(() => undefined)
      .finally(() => this.runs.delete(id));
    this.runs.set(id, run);
  }

  /** Claims (or renews) the tournament's lease for one period from now: its end (ms), or undefined if refused. */
  private async claim(id: string): Promise<number | undefined> {
    const now = this.ctx.now().getTime();
    const until = now + this.leaseMs;
    const held = await this.ctx.store.claimTournament(
      id,
      this.owner,
      new Date(now).toISOString(),
      new Date(until).toISOString(),
    );
    return held ? until : undefined;
  }

  /** Plays a tournament under its lease; skips it when it is finished or another live process holds it. */
  private async run(id: string): Promise<void> {
    const until = this.closed ? undefined : await this.claim(id);
    if (until === undefined) return;
    const lease = this.keepLease(id, until);
    const cancelled = new AbortController();
    this.running.set(id, cancelled);
    // Why a run ended before its last game, if it did; logged once.
    const stopped = (): void => {
      if (this.closed) this.ctx.log.info(`tournament ${id} stopped by shutdown; it resumes at the next start`);
      else if (lease.lost.aborted) this.ctx.log.warn(`tournament ${id} stopped here: its lease was lost`);
      else if (cancelled.signal.aborted) this.ctx.log.info(`tournament ${id} cancelled`);
    };
    try {
      await this.play(id, AbortSignal.any([this.abort.signal, lease.lost, cancelled.signal]));
      stopped();
    } catch (err) {
      // Stopped by close(), or the lease lost: it stays 'running' for whoever holds it next.
      // Cancelled: it says so already.
      if (this.closed || lease.lost.aborted || cancelled.signal.aborted) return stopped();
      const reason = err instanceof Error ? err.message : String(err);
      this.ctx.log.error(`tournament ${id} failed: ${reason}`);
      await this.ctx.store.setTournamentStatus(id, 'failed', reason);
    } finally {
      this.running.delete(id);
      await lease.stop();
      // Clears the lease only if this process still holds it; if the store is unreachable it simply lapses.
      await this.ctx.store.releaseTournament(id, this.owner).catch(() => undefined);
    }
  }

  /**
   * Renews a held lease every third of its length. `lost` aborts when a renewal is refused (another
   * process took the tournament: this one stalled past its lease, or the tournament ended) or keeps
   * failing (store unreachable) until the lease would lapse before the next try: either way this
   * process can no longer be sure it alone plays the tournament. `stop` ends the renewals and waits
   * for one in flight, so none lands after the release.
   */
  private keepLease(id: string, until: number): { lost: AbortSignal; stop: () => Promise<void> } {
    const lost = new AbortController();
    let heldUntil = until;
    let renewing = Promise.resolve(); // one renewal at a time
    const renew = async () => {
      if (lost.signal.aborted) return;
      const next = await this.claim(id).catch(() => null);
      if (typeof next === 'number') heldUntil = next;
      else if (next === undefined || this.ctx.now().getTime() + this.leaseMs / 3 >= heldUntil) lost.abort();
    };
    const timer = setInterval(() => {
      renewing = renewing.then(renew);
    }, this.leaseMs / 3);
    timer.unref();
    return {
      lost: lost.signal,
      stop: async () => {
        clearInterval(timer);
        await renewing;
      },
    };
  }

  /** Plays the tournament's missing games, storing each as it finishes. */
  private async play(id: string, signal: AbortSignal): Promise<void> {
    const t = await this.ctx.store.getTournament(id);
    if (!t || t.status !== 'running') return;
    const agents = await Promise.all(t.agentIds.map((a) => this.ctx.store.getAgent(a)));
    const byId = new Map(agents.filter((a): a is AgentRecord => a !== undefined).map((a) => [a.id, a]));
    const def = lookupGame(this.ctx.games, t.game);
    for (const a of byId.values()) if (!isExternal(a)) makeAgent(a.spec, def);
    // Only the ids: reading every stored game of the game (actions and all) stalled the event loop.
    const done = new Set(await this.ctx.store.tournamentGameIds(id));
    const schedule = scheduleTournament(t.agentIds, t.players, t.gamesTotal, t.format, t.seed).filter(
      (g) => !done.has(`${id}:${g.index}`),
    );
    // Games with an external bot are played here, decision by decision; the rest on the runner.
    const external = schedule.filter((g) => g.seats.some((a) => isExternal(byId.get(a)!)));
    const internal = schedule.filter((g) => !external.includes(g));
    const progress = new TournamentProgress(this.ctx, t, schedule.length, done.size);
    const externalRun = this.playExternal(t, external, byId, signal, progress);
    const jobs: RunnerJob[] = internal.map((g) => ({
      id: `${id}:${g.index}`,
      index: g.index,
      game: t.game,
      seats: g.seats.map((a) => byId.get(a)!.spec),
      seed: tournamentGameSeed(t.seed, g.index),
      budgetsMs: g.seats.map((a) => budgetMsFor(this.ctx, byId.get(a)!)),
    }));
    const writes: Promise<unknown>[] = [];
    try {
      await this.fair.play({
        id,
        owner: t.requestedBy,
        jobs,
        signal,
        onResult: (result, position) => {
          if (signal.aborted) return; // the lease is lost: the new holder stores this game
          progress.played();
          const g = internal[position];
          writes.push(
            this.ctx.store.recordGame({
              id: jobs[position].id,
              game: t.game,
              players: t.players,
              seed: result.seed as string,
              seats: g.seats,
              actions: result.actions,
              ranking: result.ranking,
              scores: result.scores,
              // The returns the game paid (on a thread or a queue worker); the payoffScale is this
              // arena's own game's, whoever played it.
              ...gameReturns(def, result.returns),
              truncated: result.truncated,
              overruns: result.overruns,
              tournamentId: id,
              finishedAt: this.ctx.now().toISOString(),
            }),
          );
        },
      });
    } finally {
      await Promise.allSettled(writes); // a stopped run leaves no write behind, nor an unhandled rejection
      await externalRun.catch(() => undefined);
      progress.stop();
    }
    await Promise.all(writes); // a refused game fails the tournament
    const forfeited = await externalRun;
    if (signal.aborted) return;
    const after = await this.ctx.store.getTournament(id);
    // The store marks it done with its last game; a cancel from another process leaves it cancelled.
    if (after && after.status === 'running') {
      const note = [...forfeited]
        .map(([agent, n]) => `${byId.get(agent)!.name} forfeited ${n} game${n === 1 ? '' : 's'} (offline)`)
        .join('; ');
      await this.ctx.store.setTournamentStatus(id, 'done', note || undefined);
    }
    if (after && (after.status === 'running' || after.status === 'done')) await progress.finished(byId);
  }

  /**
   * Plays the games that have an external bot's seat as matches (a few at once), each stored under
   * its tournament game id when it ends. A match already live for a game (before a restart) is
   * waited for, not started again. Stops starting new ones once `signal` aborts.
   *
   * A bot that goes offline (it reached the miss limit: MatchService forfeits the games it is
   * playing) forfeits the rest of its games in this run: they are not played, nor stored, nor
   * rated, as a game that never started is not (Lichess aborts those). Resolves with the games
   * each such bot forfeited.
   */
  private async playExternal(
    t: TournamentRecord,
    games: ReturnType<typeof scheduleTournament>,
    byId: Map<string, AgentRecord>,
    signal: AbortSignal,
    progress: TournamentProgress,
  ): Promise<Map<string, number>> {
    const forfeited = new Map<string, number>();
    if (games.length === 0) return forfeited;
    const matches = this.matches;
    if (!matches) throw new AgoraError('bad_request', 'this arena plays no external bots in tournaments');
    let next = 0;
    /** Whether an external bot of the game forfeits it: offline now, or found offline earlier in this run. */
    const forfeits = async (g: (typeof games)[number]): Promise<string | undefined> => {
      for (const agent of new Set(g.seats)) {
        if (!isExternal(byId.get(agent)!)) continue;
        if (forfeited.has(agent)) return agent;
        if (await matches.external.isOnline(agent)) continue;
        forfeited.set(agent, 0);
        // A game of it left live by a restart ends too.
        await matches.forfeitTournamentGames(agent);
        return agent;
      }
      return undefined;
    };
    const lane = async () => {
      while (next < games.length && !signal.aborted) {
        const g = games[next++];
        const absent = await forfeits(g);
        if (absent !== undefined) {
          forfeited.set(absent, forfeited.get(absent)! + 1);
          continue;
        }
        const id = await matches.startTournamentGame({
          game: t.game,
          players: t.players,
          seed: tournamentGameSeed(t.seed, g.index),
          seats: g.seats.map((a) => byId.get(a)!),
          tournament: { id: t.id, gameId: `${t.id}:${g.index}` },
        });
        await Promise.race([matches.waitForEnd(id), aborted(signal)]);
        if (!signal.aborted) progress.played();
      }
    };
    await Promise.all(Array.from({ length: Math.min(EXTERNAL_GAMES_AT_ONCE, games.length) }, lane));
    return forfeited;
  }
}

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
