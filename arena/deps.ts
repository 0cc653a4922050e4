import type { GameRegistry } from '../envs/index.js';
import type { Logger } from '../play/index.js';
import type { GameRunner } from './queue/game-runner.js';
import type { Store } from './store/store.js';
import type { ExternalBotLimits } from './bots/external-bots.js';
import type { RefitPolicy } from './ratings/refits.js';

/** What bots registered through the API by an account may spend on one decision. */
export interface UserBotLimits {
  /**
   * Most a spec's one decision may cost, in steps (agents/decision-cost.ts): one rule for every
   * agent kind and knob, checked when the bot is registered.
   */
  cost: number;
  /** The wall-clock budget of each of its decisions, ms: past it the decision is a random move. */
  ms: number;
}

/** What one account may ask of the tournament runner. */
export interface TournamentLimits {
  /** Most games in one tournament. */
  games: number;
  /** Most agents in one tournament. */
  agents: number;
  /** Most tournaments an account may have running at once. */
  running: number;
}

/**
 * How long people's matches may stay live, and how many may (docs/security.md). A match is idle
 * while it waits for its person; bots' turns never count against the person.
 */
export interface LiveMatchSettings {
  /** A match whose person has not moved yet is aborted, unrated, after this long idle, ms. */
  abortAfterMs: number;
  /** A match whose person has moved is lost on time (like a resignation) after this long idle, ms. */
  loseAfterMs: number;
  /** How often idle matches are looked for, ms (0: only when MatchService.sweepIdle is called, as tests do). */
  sweepEveryMs: number;
  /** Live matches at once, in all. */
  total: number;
  /** Live matches at once per account. */
  perAccount: number;
  /** Live matches at once per guest (a browser, known by its cookie). */
  perGuest: number;
  /** Live matches at once per client address (accounts and guests alike). */
  perAddress: number;
}

/**
 * Everything the arena depends on, injected (style G15), so tests fix the clock, ids and seeds.
 * `npm start` (arena/server.ts) fills these from the environment; see docs/security.md.
 */
export interface ArenaDeps {
  store: Store;
  /** The games served (default: every registered game). */
  games?: GameRegistry;
  /** The clock (default: new Date()). */
  now?: () => Date;
  /** Record ids (default: random 10-character ids). */
  newId?: () => string;
  /** Secret seat tokens, session tokens and API keys (default: 32 random bytes, base64url). */
  newToken?: () => string;
  /**
   * Secret seeds of matches and tournaments (default: 32 bytes from node:crypto, hex). Never shown
   * while a game is live; tests inject a deterministic source here and nowhere else.
   */
  newSeed?: () => string;
  /**
   * When the leaderboards' Bradley-Terry snapshots are refit (default: after 25 new games, or 30 s
   * after the last fit once a game was added, checked every 2 s; 100 bootstrap resamples).
   */
  refits?: Partial<RefitPolicy>;
  /** Worker threads for bot moves in people's games (default 2). */
  botThreads?: number;
  /**
   * Wall-clock budget of one decision of the arena's own bots, ms, in people's games and
   * tournaments (default 10 000).
   */
  botBudgetMs?: number;
  /** Limits of bots registered by accounts (default: 60 000 steps per decision, 1 000 ms). */
  userBots?: Partial<UserBotLimits>;
  /** Limits of tournaments asked for by accounts (default: 500 games, 8 agents, 1 running). */
  tournamentLimits?: Partial<TournamentLimits>;
  /** Where model specs may point (default 'models'): a spec naming anything else is refused. */
  modelsDir?: string;
  /** The operator's token for cancelling tournaments and retiring agents; without one those endpoints are off. */
  adminToken?: string;
  /** Session cookies carry the Secure flag (serve over HTTPS); default false. */
  secureCookies?: boolean;
  /** The public origin (e.g. https://agora.example) POSTs must come from; default: the request's own Host. */
  origin?: string;
  /** Worker threads per tournament (default: one per core), when no runner is given. */
  tournamentThreads?: number;
  /**
   * Nice value (0-19) of the arena's background threads: tournament games played here and rating
   * refits (default 19, the lowest). They then take only the CPU people's requests leave free; 0 runs them at
   * the server's own priority. Linux only: elsewhere threads have no priority of their own.
   */
  backgroundNice?: number;
  /** Where tournament games are played (default: worker threads; with REDIS_URL the server passes a QueueRunner). */
  runner?: GameRunner;
  /** Write-request rate limit per client per minute (default 120); false turns it off (tests, benches). */
  writeLimitPerMinute?: number | false;
  /** Log-in and sign-up attempts per client per 15 minutes (default 20); false turns it off. */
  loginLimitPer15Minutes?: number | false;
  /**
   * Reads (GET and HEAD: pages and the API) per client address per minute (default 1 200; the Bot
   * API's GETs have ten times as many); false turns it off (tests, benches).
   */
  readLimitPerMinute?: number | false;
  /** Bot API stream connects and turn polls per bot token per minute (default 600); false turns it off. */
  botPollLimitPerMinute?: number | false;
  /**
   * Bots played from outside over the Bot API: the time limit of each decision (ms, default 10 000;
   * per game in timeLimitsMs) and how many decisions missed in a row put a bot offline (default 3).
   */
  externalBots?: Partial<ExternalBotLimits>;
  /**
   * The log (default: LOG_LEVEL and LOG_FORMAT's, on standard error). A function gets bare lines
   * (`msg key=value`) of level info and above: tests collect or drop them. Client errors are one
   * line each, never a stack trace.
   */
  log?: Logger | ((line: string) => void);
  /** How often a running tournament's progress is logged, ms (default 30 000). */
  tournamentProgressMs?: number;
  /**
   * Idle limits and caps of live people's matches (default: aborted after 5 minutes if never moved
   * in, lost on time after 30 minutes idle, swept every 30 s; 2 000 live in all, 10 per account,
   * 3 per guest, 20 per address).
   */
  liveMatches?: Partial<LiveMatchSettings>;
  /**
   * Express's 'trust proxy' (default off): behind a reverse proxy, which hops' X-Forwarded-For to
   * believe, so per-address caps and rate limits see people's addresses, not the proxy's.
   */
  trustProxy?: number | string;
  /**
   * Most bots one account may have (default 20): those registered through POST /api/agents and
   * POST /api/bots count together, retired ones do not.
   */
  accountMaxBots?: number;
  /**
   * Tournament games played at once, all tournaments together, shared fairly owner by owner; the
   * arena's own ranking tournaments hold one fewer (default: the runner's capacity: one per
   * tournament thread, 16 with the job queue).
   */
  tournamentGamesAtOnce?: number;
}
