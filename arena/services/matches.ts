import {
  AgoraError,
  Rng,
  assertPlayerCount,
  type GameDefinition,
  type GameState,
  type PlayerView,
  lookupGame,
} from '../../envs/index.js';
import { createHmac, randomBytes } from 'node:crypto';
import { guestName } from '../accounts/names.js';
import { gameReturns, resignedReturns } from '../store/game-returns.js';
import type { AgentRecord, LiveMatchCap, MatchRecord, MatchSeat, UserRecord } from '../store/store.js';
import { botTitle } from './bot-names.js';
import { budgetMsFor } from './bot-specs.js';
import type { ArenaContext } from './context.js';
import { hashToken, randomToken } from './ids.js';
import { modelSeats } from './roster.js';
import { BotEvents, type BotEvent, type YourTurnEvent } from '../bots/bot-events.js';
import { ExternalBotService } from '../bots/external-bots.js';
import { isExternal } from '../bots/external.js';

/**
 * Who sits in the person's seat: a logged-in account (rated under its name), or a guest with a
 * fresh guest-xxxxxx name.
 */
export type Player = { user: Pick<UserRecord, 'id' | 'name' | 'nameKey'> } | { guest: true };

export interface NewMatch {
  game: string;
  players: number;
  /** Bot agent ids for the other seats, by clockwise order after the person. */
  opponents: string[];
  player: Player;
  /** The person's seat (default: drawn at random). */
  seat?: number;
  /** Play the person's forced moves (a decision with one legal action) for them (default false). */
  autoplay?: boolean;
  /** Where the request came from, for the live-match caps (arena/routes/match-origin.ts). */
  origin?: MatchOrigin;
}

/** The requester of a match as the caps see it: its address, and a guest's browser cookie. */
export interface MatchOrigin {
  address?: string;
  /** A guest's own cookie value (kept only as a hash): live matches are capped per guest by it. */
  guest?: string;
}

/** A move sent for a position that is no longer the current one (a double click, a second tab): 409 `stale`. */
class StaleMoveError extends AgoraError {
  constructor(
    readonly decisions: number,
    sent: number,
  ) {
    super(
      'stale',
      `this move was sent for decision ${sent}, but the match is at decision ${decisions} ` +
        '(it was played already, or the position changed); reload the page',
    );
  }
}

interface SeatInfo {
  seat: number;
  name: string;
  kind: 'bot' | 'human';
  agentId: string;
  elo?: number;
  /** Decisions this seat's bot overran (played as a seeded random legal action). */
  overruns: number;
}

/** A decision an external bot owes: its deadline, after which the arena plays for it. */
interface PendingTurn {
  decisions: number;
  agentId: string;
  seat: number;
  /** Date.now() when the time runs out. */
  deadline: number;
  timer: ReturnType<typeof setTimeout>;
}

/** A tournament game with an external bot's seat, played here as a match. */
export interface TournamentMatch {
  game: string;
  players: number;
  seed: string;
  /** The agents per seat. */
  seats: AgentRecord[];
  tournament: { id: string; gameId: string };
}

/**
 * A match as the service holds it: the stored record, and how it ended if the person resigned or
 * ran out of time (then `timedOut` is set too).
 */
type LoadedMatch = MatchRecord & { resigned?: { seat: number; ranking: number[]; timedOut?: boolean } };

/** What one seat of a match may see: its view, its legal actions when it is to act, the result at the end. */
export interface SeatPage {
  id: string;
  game: string;
  title: string;
  players: number;
  /** 'aborted': the person never moved and the match went idle: it ended unrated, with no game. */
  status: 'live' | 'done' | 'aborted';
  seat: number;
  seats: SeatInfo[];
  view: PlayerView;
  isYourTurn: boolean;
  legalActions: { action: number; label: string }[];
  decisions: number;
  /** The bot seat whose decision is being computed, or -1. */
  thinking: number;
  /** Per seat, its decisions since this seat's last one (what happened while you waited). */
  sinceYourLastDecision: number[];
  /** Whether the person's forced moves are played for them. */
  autoplay: boolean;
  /**
   * On the person's turn: when the match ends if they have not moved by then (ISO time), and how:
   * aborted unrated (they have not moved yet in it) or lost on time.
   */
  moveBy?: { at: string; ending: 'abort' | 'loss' };
  /** Only once the match is over: nothing of it (returns included) is shown while it is live. */
  result?: {
    ranking: number[];
    scores: number[];
    /** Every seat's return in `returnUnit`: chips for a game with its own payoffs, which is rated by them. */
    returns: number[];
    /** The game's returnUnit: 'rank' (returns from the ranking) or its own unit ('chips'). */
    returnUnit: string;
    truncated: boolean;
    resigned?: number;
    /** The seat that lost on time (its person did not move within the idle limit). */
    timedOut?: number;
    gameId?: string;
  };
}

/**
 * People's games against bots. A match is stored as its secret seed and action list, appended move
 * by move (so a restart, even a kill, loses nothing), and rebuilt by replaying when not cached.
 * Everything on one match is serialised under its lock: a bot decision is computed once, and a
 * page loaded meanwhile waits for it. Bots answer on worker threads within their budgets; a bot
 * that overruns plays a seeded random legal action and the overrun is counted.
 */
export class MatchService {
  /** Per match: the record, the position, and which seat made each decision. */
  private readonly cache = new Map<string, { record: LoadedMatch; state: GameState; actors: number[] }>();
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Per match, the decision an external bot owes now. */
  private readonly pending = new Map<string, PendingTurn>();
  /** Per match, who waits for it to end (tournaments). */
  private readonly endWaiters = new Map<string, (() => void)[]>();

  constructor(
    private readonly ctx: ArenaContext,
    readonly external = new ExternalBotService(ctx),
    readonly events = new BotEvents(),
  ) {}

  private game(name: string): GameDefinition {
    return lookupGame(this.ctx.games, name);
  }

  async create(
    input: NewMatch,
    options: { wait?: boolean } = { wait: true },
  ): Promise<{ id: string; seat: number; token: string; name: string }> {
    const def = this.game(input.game);
    assertPlayerCount(def, input.players);
    if (input.opponents.length !== input.players - 1) {
      throw new AgoraError(
        'bad_request',
        `opponents: ${def.name} with ${input.players} players needs ${input.players - 1} opponents; ` +
          `got ${input.opponents.length}`,
      );
    }
    if (input.seat !== undefined && !(Number.isInteger(input.seat) && input.seat >= 0 && input.seat < input.players)) {
      throw new AgoraError('bad_request', `seat: must be an integer from 0 to ${input.players - 1}; got ${input.seat}`);
    }
    const bots: AgentRecord[] = [];
    for (const id of input.opponents) {
      const agent = await this.ctx.store.getAgent(id);
      if (!agent || agent.kind !== 'bot' || agent.game !== def.name || agent.retiredAt) {
        const known = (await this.ctx.store.listAgents(def.name))
          .filter((a) => a.kind === 'bot' && !a.retiredAt)
          .map((a) => a.id);
        throw new AgoraError(
          'bad_request',
          `opponents: '${id}' is not an active bot of ${def.name}; bots: ${known.join(', ')}`,
        );
      }
      if (isExternal(agent) && !(await this.external.isOnline(agent.id))) {
        throw new AgoraError(
          'bad_request',
          `opponents: '${agent.name}' is offline (an external bot that is not connected now); choose another bot`,
        );
      }
      const seats = modelSeats(agent.spec);
      if (seats !== undefined && seats !== input.players) {
        throw new AgoraError(
          'bad_request',
          `opponents: '${agent.name}' plays ${def.name} with ${seats} players only; this match has ${input.players}`,
        );
      }
      bots.push(agent);
    }
    const id = this.ctx.newId();
    // The seat is drawn from its own secret, so nothing shown while the game is live comes from the match seed.
    const seat = input.seat ?? Rng.fromSeed(this.ctx.newSeed()).int(input.players);
    const { agent: human, unsaved } = await this.humanAgent(def.name, input.player);
    const token = this.ctx.newToken();
    const seats: MatchSeat[] = [];
    for (let s = 0; s < input.players; s++) {
      if (s === seat) seats.push({ agentId: human.id, kind: 'human', name: human.name, tokenHash: hashToken(token) });
      else {
        const bot = bots[(s - seat - 1 + input.players) % input.players];
        seats.push({ agentId: bot.id, kind: 'bot', name: botTitle(bot) });
      }
    }
    const at = this.ctx.now().toISOString();
    const record: MatchRecord = {
      id,
      game: def.name,
      players: input.players,
      seed: this.ctx.newSeed(),
      seats,
      actions: [],
      status: 'live',
      overruns: new Array(input.players).fill(0),
      autoplay: input.autoplay ?? false,
      ...(await this.opener(input.player, input.origin)),
      createdAt: at,
      updatedAt: at,
    };
    // A new guest's agent is stored with its match, so a refused match leaves no guest behind.
    const hit = await this.ctx.store.addMatch(record, this.limitsFor(input.player), unsaved ? human : undefined);
    if (hit) throw this.capError(hit, input.player);
    this.announce(record);
    // The match exists now whatever the bots do: a bot that fails is retried when the page is opened.
    if (options.wait === false) this.advanceInBackground(id);
    else await this.withLock(id, () => this.advanceBots(id)).catch(() => undefined);
    return { id, seat, token, name: human.name };
  }

  /** Who opens the match and from where, as stored for the caps: ids and keyed hashes, never an address. */
  private async opener(player: Player, origin: MatchOrigin | undefined): Promise<Partial<MatchRecord>> {
    const key = await this.originKey();
    const keyed = (what: string, value: string) => createHmac('sha256', key).update(`${what}:${value}`).digest('hex');
    const openedBy =
      'user' in player ? `user:${player.user.id}` : origin?.guest ? `guest:${keyed('guest', origin.guest)}` : undefined;
    return {
      ...(openedBy ? { openedBy } : {}),
      ...(origin?.address ? { address: keyed('address', origin.address) } : {}),
    };
  }

  private originKeyCache: Promise<string> | undefined;

  /** The server's key for hashing addresses and guest cookies: one per store, so every process agrees. */
  private originKey(): Promise<string> {
    return (this.originKeyCache ??= this.ctx.store.secret('match-origin', randomToken()).catch((err) => {
      this.originKeyCache = undefined;
      throw err;
    }));
  }

  private limitsFor(player: Player) {
    const caps = this.ctx.liveMatches;
    return { total: caps.total, opener: 'user' in player ? caps.perAccount : caps.perGuest, address: caps.perAddress };
  }

  /** A refused match: 503 when the arena is full, 429 for the requester's own caps; each names its limit. */
  private capError(hit: LiveMatchCap, player: Player): AgoraError {
    const caps = this.ctx.liveMatches;
    const minutes = (ms: number) =>
      ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} minutes`;
    const freed =
      `finish or resign one of them, or wait: a match nobody moves in is aborted after ` +
      `${minutes(caps.abortAfterMs)} if never started, and lost on time after ${minutes(caps.loseAfterMs)}`;
    if (hit === 'total')
      return new AgoraError(
        'unavailable',
        `the arena is full: ${caps.total} matches are live, the most it holds at once; try again in a few minutes`,
      );
    if (hit === 'address')
      return new AgoraError(
        'rate_limited',
        `${caps.perAddress} matches opened from your address are live, the most at once per address; ${freed}`,
      );
    const limit = 'user' in player ? caps.perAccount : caps.perGuest;
    return new AgoraError(
      'rate_limited',
      `you have ${limit} live matches, the most ${'user' in player ? 'an account' : 'a guest'} ` +
        `may have at once; ${freed}`,
    );
  }

  /**
   * The person's agent record for this game: the account's (created on its first game), or a new
   * guest's, not stored yet (`unsaved`: it is stored with its match).
   */
  private async humanAgent(game: string, player: Player): Promise<{ agent: AgentRecord; unsaved: boolean }> {
    const at = this.ctx.now().toISOString();
    if ('user' in player) {
      const existing = await this.ctx.store.findAgentByKey(game, 'human', player.user.nameKey);
      if (existing) return { agent: existing, unsaved: false };
      const agent: AgentRecord = {
        id: this.ctx.newId(),
        game,
        spec: 'human',
        name: player.user.name,
        nameKey: player.user.nameKey,
        kind: 'human',
        ownerId: player.user.id,
        createdAt: at,
      };
      await this.ctx.store.addAgent(agent);
      return { agent, unsaved: false };
    }
    // A fresh guest name; 30 random bits make a collision rare, and a collision draws again.
    for (let attempt = 0; ; attempt++) {
      const name = guestName(randomBytes(8));
      if (await this.ctx.store.findAgentByKey(game, 'human', name)) {
        if (attempt < 5) continue;
        throw new AgoraError('unavailable', 'could not draw a free guest name; try again');
      }
      const agent: AgentRecord = {
        id: this.ctx.newId(),
        game,
        spec: 'human',
        name,
        nameKey: name,
        kind: 'human',
        createdAt: at,
      };
      return { agent, unsaved: true };
    }
  }

  /**
   * The page of the seat that `token` opens. 403, revealing nothing, for any other token. With
   * `wait` (the JSON API) it answers once the bots have moved up to the person's turn; without it
   * (the HTML page) it answers at once with the position as it stands, the bots thinking in the
   * background (started once, however often the page is loaded).
   */
  async seatPage(id: string, token: unknown, options: { wait?: boolean } = { wait: true }): Promise<SeatPage> {
    if (options.wait === false) {
      const seat = await this.authorise(id, token);
      this.advanceInBackground(id);
      return this.page(id, seat);
    }
    return this.withLock(id, async () => {
      const seat = await this.authorise(id, token);
      await this.advanceBots(id);
      return this.page(id, seat);
    });
  }

  /** Matches whose bots are being advanced in the background (so a page load never queues a second run). */
  private readonly advancing = new Set<string>();

  private advanceInBackground(id: string): void {
    if (this.advancing.has(id)) return;
    this.advancing.add(id);
    void this.withLock(id, () => this.advanceBots(id))
      .catch(() => undefined)
      .finally(() => this.advancing.delete(id));
  }

  /**
   * Plays the person's action, then the bots up to the person's next decision or the end. `decisions`
   * is the decision count of the page the move was chosen on: any other count is a StaleMoveError,
   * so a double click or two tabs play one move, never one the person did not see.
   */
  async act(
    id: string,
    token: unknown,
    action: number,
    decisions: number,
    options: { wait?: boolean } = { wait: true },
  ): Promise<SeatPage> {
    const page = await this.withLock(id, async () => {
      const seat = await this.authorise(id, token);
      const { record, state } = await this.load(id);
      if (record.status !== 'live' || state.isTerminal())
        throw new AgoraError('conflict', 'this match is over; no more moves');
      if (decisions !== record.actions.length) throw new StaleMoveError(record.actions.length, decisions);
      if (state.currentPlayer() !== seat) {
        throw new AgoraError(
          'conflict',
          `it is seat ${state.currentPlayer()}'s turn, not yours (seat ${seat}); reload the page`,
        );
      }
      await this.play(id, action);
      if (options.wait !== false) await this.advanceBots(id);
      return this.page(id, seat);
    });
    if (options.wait === false) this.advanceInBackground(id);
    return page;
  }

  /**
   * The person gives up: the game ends now and is rated with that seat last and every other seat
   * sharing first. `decisions`, when given, must be the current count (as for a move).
   */
  async resign(id: string, token: unknown, decisions?: number): Promise<SeatPage> {
    return this.withLock(id, async () => {
      const seat = await this.authorise(id, token);
      const { record, state } = await this.load(id);
      if (record.status !== 'live' || state.isTerminal())
        throw new AgoraError('conflict', 'this match is over; there is nothing to resign');
      if (decisions !== undefined && decisions !== record.actions.length)
        throw new StaleMoveError(record.actions.length, decisions);
      await this.forfeit(id, seat, 'resigned');
      return this.page(id, seat);
    });
  }

  /**
   * Ends a live match with `seat` last and every other seat sharing first, rated: the person
   * resigned, or ran out of time (stored as `timedOut` too). Under the match's lock.
   */
  private async forfeit(id: string, seat: number, how: 'resigned' | 'timedOut'): Promise<void> {
    const loaded = await this.load(id);
    const { record } = loaded;
    const ranking = record.seats.map((_, s) => (s === seat ? record.players - 1 : 0));
    await this.endRated(id, loaded, seat, ranking, how === 'timedOut');
  }

  /**
   * Ends a live match now, rated with `ranking` and stored as a resignation of `seat` (and a loss
   * on time with `timedOut`): a person resigning or running out of time, an offline bot forfeiting.
   * Under the match's lock; `loaded` is the match as the caller loaded it.
   */
  private async endRated(
    id: string,
    { record, state }: { record: LoadedMatch; state: GameState },
    seat: number,
    ranking: number[],
    timedOut: boolean,
  ): Promise<void> {
    const turn = this.pending.get(id);
    if (turn) {
      // An external bot's clock for this match stops with it.
      clearTimeout(turn.timer);
      this.pending.delete(id);
    }
    const gameId = record.tournament?.gameId ?? this.ctx.newId();
    const at = this.ctx.now().toISOString();
    const def = this.game(record.game);
    let changes: Record<string, number>;
    try {
      changes = await this.ctx.store.recordGame({
        id: gameId,
        game: record.game,
        players: record.players,
        seed: record.seed,
        seats: record.seats.map((s) => s.agentId),
        actions: [...record.actions],
        ranking,
        scores: state.scores(),
        ...gameReturns(def, resignedReturns(def, ranking)),
        truncated: false,
        overruns: this.overruns(record),
        resigned: seat,
        ...(timedOut ? { timedOut: seat } : {}),
        ...(record.tournament ? { tournamentId: record.tournament.id } : {}),
        matchId: id,
        finishedAt: at,
      });
    } catch (err) {
      this.cache.delete(id); // another process may have ended it: read it again next time
      throw err;
    }
    record.status = 'done';
    record.gameId = gameId;
    record.resigned = { seat, ranking, ...(timedOut ? { timedOut: true } : {}) };
    this.ended(record, state, changes);
  }

  // --- Idle matches: ended so abandoned ones do not pile up (ctx.liveMatches) ---

  private sweeper: ReturnType<typeof setInterval> | undefined;
  private sweeping: Promise<number> | undefined;

  /** Looks for idle matches every sweepEveryMs from now on (bootstrap; close() stops it); 0: only when asked. */
  startSweeping(): void {
    if (this.sweeper || this.ctx.liveMatches.sweepEveryMs <= 0) return;
    this.sweeper = setInterval(() => void this.sweepIdle().catch(() => undefined), this.ctx.liveMatches.sweepEveryMs);
    this.sweeper.unref();
  }

  /**
   * Ends every match whose person has been idle past the limits: aborted (unrated, no game) if they
   * never moved in it, lost on time otherwise. Returns how many ended. One sweep at a time.
   */
  sweepIdle(): Promise<number> {
    return (this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = undefined)));
  }

  private async sweepOnce(): Promise<number> {
    const { abortAfterMs, loseAfterMs, total } = this.ctx.liveMatches;
    const before = new Date(this.ctx.now().getTime() - Math.min(abortAfterMs, loseAfterMs)).toISOString();
    // Every live match at most (the total cap): the oldest first.
    let ended = 0;
    for (const m of await this.ctx.store.idleMatches(before, total)) {
      if (await this.endIfIdle(m.id).catch((err: Error) => this.idleFailed(m.id, err))) ended++;
    }
    if (ended > 0) this.ctx.log.info(`ended ${ended} idle match${ended === 1 ? '' : 'es'}`);
    return ended;
  }

  private idleFailed(id: string, err: Error): false {
    // A conflict is another process ending it first: nothing to report.
    if (!(err instanceof AgoraError && err.code === 'conflict'))
      this.ctx.log.warn(`match ${id}: ending it for idleness failed: ${err.message}`);
    return false;
  }

  /** How the match ends if its person stays idle, and when; undefined while it is not the person's turn. */
  private idleEnd(record: MatchRecord, state: GameState, actors: readonly number[]) {
    if (record.status !== 'live' || state.isTerminal()) return undefined;
    const seat = state.currentPlayer();
    if (record.seats[seat].kind !== 'human') return undefined; // the bots' time is never the person's
    const started = actors.includes(seat);
    const after = started ? this.ctx.liveMatches.loseAfterMs : this.ctx.liveMatches.abortAfterMs;
    return { seat, ending: started ? ('loss' as const) : ('abort' as const), at: Date.parse(record.updatedAt) + after };
  }

  /** Ends one match if its person is idle past its limit (under its lock); whether it ended. */
  private endIfIdle(id: string): Promise<boolean> {
    return this.withLock(id, async () => {
      // Read from the store, not the cache: another process may have moved it meanwhile.
      this.cache.delete(id);
      const { record, state, actors } = await this.load(id);
      const end = this.idleEnd(record, state, actors);
      if (!end || end.at > this.ctx.now().getTime()) return false;
      if (end.ending === 'loss') {
        await this.forfeit(id, end.seat, 'timedOut');
        return true;
      }
      if (!(await this.ctx.store.abortMatch(id, record.actions.length, this.ctx.now().toISOString()))) {
        this.cache.delete(id);
        return false;
      }
      record.status = 'aborted';
      this.aborted(record);
      return true;
    });
  }

  /** Finishes the bots' turns of every live match (after a restart). */
  async resumeAll(): Promise<void> {
    for (const m of await this.ctx.store.listMatches('live')) {
      await this.withLock(m.id, () => this.advanceBots(m.id)).catch(() => undefined);
    }
  }

  private overruns(record: MatchRecord): number[] {
    return record.overruns ?? new Array(record.players).fill(0);
  }

  private async authorise(id: string, token: unknown): Promise<number> {
    const record = (await this.load(id)).record;
    const hash = typeof token === 'string' && token.length > 0 ? hashToken(token) : undefined;
    const seat = hash === undefined ? -1 : record.seats.findIndex((s) => s.tokenHash === hash);
    if (seat < 0) throw new AgoraError('forbidden', 'this link is not valid for this match');
    return seat;
  }

  private async load(id: string): Promise<{ record: LoadedMatch; state: GameState; actors: number[] }> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const record: LoadedMatch | undefined = await this.ctx.store.getMatch(id);
    if (!record) throw new AgoraError('not_found', `no match '${id}'`);
    if (record.status === 'done' && record.gameId) {
      const game = await this.ctx.store.getGame(record.gameId);
      if (game?.resigned !== undefined)
        record.resigned = {
          seat: game.resigned,
          ranking: game.ranking,
          ...(game.timedOut !== undefined ? { timedOut: true } : {}),
        };
    }
    const def = this.game(record.game);
    const state = def.newGame({ players: record.players, seed: record.seed });
    const actors: number[] = [];
    for (const a of record.actions) {
      actors.push(state.currentPlayer());
      state.applyAction(a);
    }
    const entry = { record, state, actors };
    if (this.cache.size >= 2000) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, entry);
    return entry;
  }

  /** Applies one action, stores it (with the seat's overrun, if it was one), and records the game when it ends. */
  private async play(id: string, action: number, overrun = false): Promise<void> {
    const entry = await this.load(id);
    if (this.pending.get(id)?.decisions === entry.record.actions.length) {
      // The external bot's decision is being played (by it, or for it): its deadline goes.
      clearTimeout(this.pending.get(id)!.timer);
      this.pending.delete(id);
    }
    const { record } = entry;
    // Played on a copy: the cached position changes only once the move is stored.
    const state = entry.state.clone();
    const actor = state.currentPlayer();
    state.applyAction(action); // throws IllegalActionError if not legal
    const at = this.ctx.now().toISOString();
    const overruns = overrun ? this.overruns(record).map((n, s) => (s === actor ? n + 1 : n)) : undefined;
    let stored: boolean;
    try {
      stored = await this.ctx.store.appendMatchActions(id, record.actions.length, [action], at, overruns);
    } catch (err) {
      this.cache.delete(id);
      throw err;
    }
    if (!stored) {
      this.cache.delete(id);
      throw new AgoraError('conflict', 'the match changed meanwhile; reload the page');
    }
    entry.state = state;
    entry.actors.push(actor);
    record.actions.push(action);
    record.updatedAt = at;
    if (overruns) record.overruns = overruns;
    if (state.isTerminal()) {
      const gameId = record.tournament?.gameId ?? this.ctx.newId();
      const changes = await this.ctx.store.recordGame({
        id: gameId,
        game: record.game,
        players: record.players,
        seed: record.seed,
        seats: record.seats.map((s) => s.agentId),
        actions: [...record.actions],
        ranking: state.ranking(),
        scores: state.scores(),
        ...gameReturns(this.game(record.game), state.returns()),
        truncated: state.isTruncated(),
        overruns: this.overruns(record),
        ...(record.tournament ? { tournamentId: record.tournament.id } : {}),
        matchId: id,
        finishedAt: at,
      });
      record.status = 'done';
      record.gameId = gameId;
      this.ended(record, state, changes);
    }
  }

  private async advanceBots(id: string): Promise<void> {
    for (;;) {
      const { record, state } = await this.load(id);
      if (record.status !== 'live' || state.isTerminal()) return;
      const seat = record.seats[state.currentPlayer()];
      if (seat.kind !== 'bot') {
        // A forced move of the person's, played for them when they asked for it.
        const legal = state.legalActions();
        if (record.autoplay && legal.length === 1) {
          await this.play(id, legal[0]);
          continue;
        }
        return;
      }
      const agent = await this.ctx.store.getAgent(seat.agentId);
      if (!agent) throw new AgoraError('not_found', `bot ${seat.agentId} is gone`);
      if (isExternal(agent)) {
        // Its program answers over HTTP (botAct), or the time runs out (expire).
        this.awaitExternal(id, record, state.currentPlayer());
        return;
      }
      const n = record.actions.length;
      const answer = await this.ctx.bots.decide({
        key: id,
        // An account's bots share the bot threads as one owner (bot-pool.ts).
        ...(agent.ownerId !== undefined ? { owner: agent.ownerId } : {}),
        budgetMs: budgetMsFor(this.ctx, agent),
        game: record.game,
        spec: agent.spec,
        seed: `${record.seed}:decision:${n}`,
        match: { seed: record.seed, players: record.players, actions: record.actions },
        state,
      });
      if (answer.overrun) {
        // The same draw as in tournaments: uniform over the sorted legal actions, from the secret seed.
        const legal = state.legalActions();
        await this.play(id, legal[Rng.fromSeed(`${record.seed}:overrun:${n}`).int(legal.length)], true);
      } else {
        await this.play(id, answer.action);
      }
    }
  }

  private async page(id: string, seat: number): Promise<SeatPage> {
    const { record, state, actors } = await this.load(id);
    const def = this.game(record.game);
    // The seats' ratings only: the game's whole table holds every guest who ever played it.
    const seatRatings = await this.ctx.store.ratingsOf(record.seats.map((s) => s.agentId));
    const ratings = new Map(seatRatings.map((r) => [r.agentId, r.elo]));
    // Decisions by each other seat since this seat's last one (counts only: labels may name hidden choices).
    const since = new Array(record.players).fill(0);
    for (let i = actors.length - 1; i >= 0 && actors[i] !== seat; i--) since[actors[i]]++;
    const over = state.isTerminal() || record.status !== 'live';
    const isYourTurn = !over && state.currentPlayer() === seat;
    const idle = isYourTurn ? this.idleEnd(record, state, actors) : undefined;
    const result = record.resigned
      ? {
          ranking: record.resigned.ranking,
          scores: state.scores(),
          returns: resignedReturns(def, record.resigned.ranking),
          returnUnit: def.returnUnit,
          truncated: false,
          resigned: record.resigned.seat,
          ...(record.resigned.timedOut ? { timedOut: record.resigned.seat } : {}),
          gameId: record.gameId,
        }
      : record.status === 'aborted'
        ? undefined
        : over
          ? {
              ranking: state.ranking(),
              scores: state.scores(),
              returns: state.returns(),
              returnUnit: def.returnUnit,
              truncated: state.isTruncated(),
              gameId: record.gameId,
            }
          : undefined;
    return {
      id,
      game: record.game,
      title: def.title,
      players: record.players,
      status: record.status === 'aborted' ? 'aborted' : over ? 'done' : 'live',
      seat,
      seats: record.seats.map((s, i) => ({
        seat: i,
        name: s.name,
        kind: s.kind,
        agentId: s.agentId,
        elo: ratings.get(s.agentId),
        overruns: this.overruns(record)[i],
      })),
      view: state.view(seat),
      isYourTurn,
      legalActions: isYourTurn ? state.legalActions().map((a) => ({ action: a, label: state.actionToString(a) })) : [],
      decisions: record.actions.length,
      thinking: !over && record.seats[state.currentPlayer()].kind === 'bot' ? state.currentPlayer() : -1,
      sinceYourLastDecision: since,
      autoplay: record.autoplay ?? false,
      ...(idle ? { moveBy: { at: new Date(idle.at).toISOString(), ending: idle.ending } } : {}),
      ...(result ? { result } : {}),
    };
  }

  // --- External bots (docs/bot-api.md) ---

  /** An external bot's move: its seat must be the one to act, at `decisions`, as for a person. */
  async botAct(id: string, agentId: string, action: number, decisions: number): Promise<SeatPage> {
    return this.withLock(id, async () => {
      const { record, state } = await this.load(id);
      const seats = this.seatsOf(record, agentId);
      if (record.status !== 'live' || state.isTerminal())
        throw new AgoraError('conflict', 'this match is over; no more moves');
      if (decisions !== record.actions.length) throw new StaleMoveError(record.actions.length, decisions);
      const seat = state.currentPlayer();
      if (!seats.includes(seat)) {
        throw new AgoraError('conflict', `it is seat ${seat}'s turn, not yours (seat ${seats.join(', ')})`);
      }
      await this.play(id, action);
      await this.external.answered(agentId);
      this.advanceInBackground(id);
      return this.page(id, seat);
    });
  }

  /** The bot's seat of a match (the seat to act, if the bot holds several). */
  async botPage(id: string, agentId: string): Promise<SeatPage> {
    return this.withLock(id, async () => {
      const { record, state } = await this.load(id);
      const seats = this.seatsOf(record, agentId);
      const seat = seats.includes(state.currentPlayer()) ? state.currentPlayer() : seats[0];
      return this.page(id, seat);
    });
  }

  /**
   * The decisions the bot owes now, as yourTurn events (polling). Only the bot's own live matches
   * are read (the store's index of live seats), however many other matches are live.
   */
  async pendingTurns(agentId: string): Promise<YourTurnEvent[]> {
    return this.turnsIn(await this.ctx.store.liveMatchesOf(agentId), agentId);
  }

  /**
   * What a stream is sent on connecting: a matchStart of each live match the bot has a seat in, then
   * a yourTurn for each decision it owes; one read of the bot's own live matches.
   */
  async catchUp(agentId: string): Promise<BotEvent[]> {
    const live = await this.ctx.store.liveMatchesOf(agentId);
    const starts = live.flatMap((m) =>
      m.seats.flatMap((s, seat) => (s.agentId === agentId ? [this.startEvent(m, seat)] : [])),
    );
    return [...starts, ...(await this.turnsIn(live, agentId))];
  }

  private async turnsIn(live: MatchRecord[], agentId: string): Promise<YourTurnEvent[]> {
    const turns: YourTurnEvent[] = [];
    for (const m of live) {
      const pending = this.pending.get(m.id);
      if (pending?.agentId === agentId) turns.push(await this.turnEvent(m.id, pending));
      // A match not yet advanced in this process (just restarted): advancing it starts the clock.
      else if (!pending) this.advanceInBackground(m.id);
    }
    return turns;
  }

  /** Starts (or, after a restart, finds) a tournament game that has an external bot's seat. */
  async startTournamentGame(input: TournamentMatch): Promise<string> {
    const live = await this.ctx.store.liveTournamentMatch(input.tournament.gameId);
    if (live) {
      this.advanceInBackground(live.id);
      return live.id;
    }
    const at = this.ctx.now().toISOString();
    const record: MatchRecord = {
      id: this.ctx.newId(),
      game: input.game,
      players: input.players,
      seed: input.seed,
      seats: input.seats.map((a) => ({ agentId: a.id, kind: 'bot', name: botTitle(a) })),
      actions: [],
      status: 'live',
      overruns: new Array(input.players).fill(0),
      tournament: input.tournament,
      createdAt: at,
      updatedAt: at,
    };
    await this.ctx.store.addMatch(record);
    this.announce(record);
    this.advanceInBackground(record.id);
    return record.id;
  }

  /** Resolves once the match has ended (its game is stored). */
  async waitForEnd(id: string): Promise<void> {
    const done = new Promise<void>((resolve) => {
      const list = this.endWaiters.get(id) ?? [];
      list.push(resolve);
      this.endWaiters.set(id, list);
    });
    const record = (await this.load(id)).record;
    if (record.status !== 'live') this.wake(id);
    return done;
  }

  /** Stops the external bots' clocks (the arena is closing; a restart starts them again). */
  close(): void {
    clearInterval(this.sweeper);
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }

  private seatsOf(record: MatchRecord, agentId: string): number[] {
    const seats = record.seats.flatMap((s, i) => (s.agentId === agentId ? [i] : []));
    // Another match's id is answered as no match at all: it tells the bot nothing.
    if (seats.length === 0) throw new AgoraError('not_found', `no match '${record.id}' of yours`);
    return seats;
  }

  /** Starts the clock of the decision an external bot owes, and tells the bot. */
  private awaitExternal(id: string, record: MatchRecord, seat: number): void {
    const decisions = record.actions.length;
    const current = this.pending.get(id);
    if (current?.decisions === decisions) return;
    if (current) clearTimeout(current.timer);
    const limit = this.external.timeLimitMs(record.game);
    const timer = setTimeout(() => void this.expire(id, decisions), limit);
    timer.unref();
    const pending: PendingTurn = {
      decisions,
      agentId: record.seats[seat].agentId,
      seat,
      deadline: Date.now() + limit,
      timer,
    };
    this.pending.set(id, pending);
    void this.turnEvent(id, pending)
      .then((event) => this.events.emit(pending.agentId, event))
      .catch(() => undefined);
  }

  /**
   * The time ran out: a miss for the bot, and a seeded random legal action for it, counted as an
   * overrun. A tournament game whose bot is offline now (this miss reached the miss limit, or it
   * was offline already) is not played on: the bot forfeits it, and its other tournament games in play.
   */
  private async expire(id: string, decisions: number): Promise<void> {
    let forfeits: string | undefined;
    await this.withLock(id, async () => {
      const pending = this.pending.get(id);
      if (!pending || pending.decisions !== decisions) return;
      const { record, state } = await this.load(id);
      if (record.status !== 'live' || record.actions.length !== decisions) return;
      await this.external.missed(pending.agentId);
      if (record.tournament && !(await this.external.isOnline(pending.agentId))) {
        forfeits = pending.agentId;
        return this.forfeitLocked(id, pending.agentId);
      }
      const legal = state.legalActions();
      // The same draw as for built-in bots that overrun: from the match's secret seed.
      await this.play(id, legal[Rng.fromSeed(`${record.seed}:overrun:${decisions}`).int(legal.length)], true);
      await this.advanceBots(id);
    }).catch((err: Error) =>
      this.ctx.log.warn(`match ${id}: playing for a bot whose time ran out failed: ${err.message}`),
    );
    if (forfeits !== undefined) await this.forfeitTournamentGames(forfeits);
  }

  /**
   * An offline external bot forfeits every tournament game it is playing: each ends now, rated
   * like a resignation of its seats (stored with `resigned`: its first seat; all its seats last,
   * the others sharing first), so its clock stops costing the tournament a time limit per decision.
   */
  async forfeitTournamentGames(agentId: string): Promise<void> {
    // The bot's own live matches, from the index of live seats (not the whole table).
    for (const m of await this.ctx.store.liveMatchesOf(agentId)) {
      if (!m.tournament) continue;
      await this.withLock(m.id, () => this.forfeitLocked(m.id, agentId)).catch((err: Error) =>
        this.ctx.log.warn(`match ${m.id}: ending it by forfeit failed: ${err.message}`),
      );
    }
  }

  /** Ends a live match with `agentId`'s seats last, as a forfeit; the caller holds the match's lock. */
  private async forfeitLocked(id: string, agentId: string): Promise<void> {
    const loaded = await this.load(id);
    const { record, state } = loaded;
    if (record.status !== 'live' || state.isTerminal()) return;
    const seats = record.seats.flatMap((s, i) => (s.agentId === agentId ? [i] : []));
    if (seats.length === 0) return;
    // Competition ranking: the others share first, the bot's seats share the places after them.
    const ranking = record.seats.map((s) => (s.agentId === agentId ? record.players - seats.length : 0));
    this.ctx.log.info(`match ${id}: bot ${agentId} forfeits (offline after missing decisions)`);
    await this.endRated(id, loaded, seats[0], ranking, false);
  }

  private async turnEvent(id: string, pending: PendingTurn): Promise<YourTurnEvent> {
    const { record, state } = await this.load(id);
    return {
      type: 'yourTurn',
      match: id,
      game: record.game,
      seat: pending.seat,
      decisions: pending.decisions,
      view: state.view(pending.seat),
      observation: Array.from(state.observation(pending.seat)),
      legalActions: state.legalActions().map((a) => ({ action: a, label: state.actionToString(a) })),
      timeLeftMs: Math.max(0, pending.deadline - Date.now()),
    };
  }

  private startEvent(record: MatchRecord, seat: number): BotEvent {
    return {
      type: 'matchStart',
      match: record.id,
      game: record.game,
      players: record.players,
      seat,
      seats: record.seats.map((s, i) => ({ seat: i, name: s.name, kind: s.kind })),
      timeLimitMs: this.external.timeLimitMs(record.game),
    };
  }

  /** Tells the external bots of a new match. */
  private announce(record: MatchRecord): void {
    void (async () => {
      for (const [seat, s] of record.seats.entries()) {
        if (s.kind !== 'bot') continue;
        const agent = await this.ctx.store.getAgent(s.agentId);
        if (agent && isExternal(agent)) this.events.emit(agent.id, this.startEvent(record, seat));
      }
    })().catch(() => undefined);
  }

  /** Tells the external bots how the match ended, and wakes whoever waits for it. */
  private ended(record: LoadedMatch, state: GameState, changes: Record<string, number>): void {
    // Its bots decide no more: their thread drops the position it kept for them.
    this.ctx.bots.forget(record.id);
    const ranking = record.resigned?.ranking ?? state.ranking();
    const def = this.game(record.game);
    const result = {
      ranking,
      scores: state.scores(),
      returns: record.resigned ? resignedReturns(def, ranking) : state.returns(),
      returnUnit: def.returnUnit,
      truncated: record.resigned ? false : state.isTruncated(),
      ...(record.resigned ? { resigned: record.resigned.seat } : {}),
      ...(record.resigned?.timedOut ? { timedOut: record.resigned.seat } : {}),
    };
    void (async () => {
      for (const [seat, s] of record.seats.entries()) {
        if (s.kind !== 'bot') continue;
        const agent = await this.ctx.store.getAgent(s.agentId);
        if (!agent || !isExternal(agent)) continue;
        this.events.emit(agent.id, {
          type: 'matchEnd',
          match: record.id,
          game: record.game,
          seat,
          result,
          gameId: record.gameId!,
          eloChange: changes[agent.id] ?? 0,
        });
      }
    })().catch(() => undefined);
    this.wake(record.id);
  }

  /** Tells the external bots the match was aborted, and stops everything that waited on it. */
  private aborted(record: MatchRecord): void {
    const pending = this.pending.get(record.id);
    if (pending) clearTimeout(pending.timer);
    this.pending.delete(record.id);
    this.ctx.bots.forget(record.id);
    void (async () => {
      for (const [seat, s] of record.seats.entries()) {
        if (s.kind !== 'bot') continue;
        const agent = await this.ctx.store.getAgent(s.agentId);
        if (agent && isExternal(agent))
          this.events.emit(agent.id, { type: 'matchAborted', match: record.id, game: record.game, seat });
      }
    })().catch(() => undefined);
    this.wake(record.id);
  }

  private wake(id: string): void {
    for (const resolve of this.endWaiters.get(id) ?? []) resolve();
    this.endWaiters.delete(id);
  }

  private withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(id) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(fn);
    this.locks.set(id, run);
    void run
      .finally(() => {
        if (this.locks.get(id) === run) this.locks.delete(id);
      })
      .catch(() => undefined);
    return run;
  }
}
