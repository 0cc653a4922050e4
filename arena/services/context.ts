import { availableParallelism } from 'node:os';
import { GAMES, type GameRegistry } from '../../envs/index.js';
import { checkNice, lineLogger, loggerFromEnv, type Logger } from '../../play/index.js';
import type { ArenaDeps, LiveMatchSettings, TournamentLimits, UserBotLimits } from '../deps.js';
import type { Store } from '../store/store.js';
import { ThreadRunner, type GameRunner } from '../queue/game-runner.js';
import { QueueBots } from '../queue/queue-bots.js';
import { QueueRunner } from '../queue/queue-runner.js';
import { BotPool } from './bot-pool.js';
import { DEFAULT_EXTERNAL_BOT_LIMITS, type ExternalBotLimits } from '../bots/external-bots.js';
import { randomId, randomSeed, randomToken } from './ids.js';

/** The resolved dependencies every service shares. */
export interface ArenaContext {
  store: Store;
  games: GameRegistry;
  now: () => Date;
  newId: () => string;
  newToken: () => string;
  newSeed: () => string;
  bots: BotPool;
  botBudgetMs: number;
  userBots: UserBotLimits;
  tournamentLimits: TournamentLimits;
  modelsDir: string;
  adminToken?: string;
  log: Logger;
  /** How often a running tournament's progress is logged (ms). */
  tournamentProgressMs: number;
  /** Where tournament games are played (worker threads, or the Redis job queue). */
  runner: GameRunner;
  /** Nice value of background threads (tournament games here, rating refits). */
  backgroundNice: number;
  /** Time limits and the offline rule of bots playing over the Bot API. */
  externalBots: ExternalBotLimits;
  /** Idle limits and caps of live people's matches. */
  liveMatches: LiveMatchSettings;
  /** Most live (not retired) bots one account may have, however registered. */
  accountMaxBots: number;
  /** Tournament games in the runner at once, all tournaments together (fair-games.ts). */
  tournamentGamesAtOnce: number;
}

const DEFAULT_BOT_BUDGET_MS = 10_000;
/**
 * Background threads' nice value: the lowest. Under the load test a tournament still played as many
 * games as at normal priority (it takes the cores requests leave idle) while people's moves stopped
 * waiting behind it (docs/benchmarks.md). A machine busy with requests for longer than a bot's
 * budget would make tournament decisions overrun (counted in the game's overruns).
 */
const DEFAULT_BACKGROUND_NICE = 19;
const DEFAULT_TOURNAMENT_PROGRESS_MS = 30_000;
/**
 * An account's bot: 60 000 steps a decision (about 0.6 s of the slowest games' searches on one
 * core; `mcts:ms=600` at most), and 1 s of wall clock. With six people playing such bots on the
 * two bot threads, another person's cheap bot still answers within about a second
 * (docs/benchmarks.md, bench:fairness).
 */
const DEFAULT_USER_BOTS: UserBotLimits = { cost: 60_000, ms: 1_000 };
const DEFAULT_TOURNAMENT_LIMITS: TournamentLimits = { games: 500, agents: 8, running: 1 };
/**
 * Lichess aborts a game nobody started and BGA ends tables a player left: a live match holds a
 * cached position and a thread's copy, so abandoned ones must not pile up. 2 000 in all matches the
 * positions the match cache and each bot thread keep; 20 an address leaves room for a household or
 * an office behind one address.
 */
const DEFAULT_LIVE_MATCHES: LiveMatchSettings = {
  abortAfterMs: 5 * 60_000,
  loseAfterMs: 30 * 60_000,
  sweepEveryMs: 30_000,
  total: 2_000,
  perAccount: 10,
  perGuest: 3,
  perAddress: 20,
};
/** Enough for a bot per game and a few variants; a flood of registrations is not. */
const DEFAULT_ACCOUNT_MAX_BOTS = 20;

export function arenaContext(deps: ArenaDeps): ArenaContext {
  const backgroundNice = checkNice(deps.backgroundNice ?? DEFAULT_BACKGROUND_NICE, 'backgroundNice');
  const runner = deps.runner ?? new ThreadRunner(deps.tournamentThreads, backgroundNice);
  // With the job queue (REDIS_URL), people's-match bots decide on `agora worker` processes too.
  const remote = runner instanceof QueueRunner ? new QueueBots(runner.client) : undefined;
  return {
    store: deps.store,
    games: deps.games ?? GAMES,
    now: deps.now ?? (() => new Date()),
    newId: deps.newId ?? randomId,
    newToken: deps.newToken ?? randomToken,
    newSeed: deps.newSeed ?? randomSeed,
    bots: new BotPool(deps.botThreads ?? 2, { remote }),
    botBudgetMs: deps.botBudgetMs ?? DEFAULT_BOT_BUDGET_MS,
    userBots: { ...DEFAULT_USER_BOTS, ...deps.userBots },
    tournamentLimits: { ...DEFAULT_TOURNAMENT_LIMITS, ...deps.tournamentLimits },
    modelsDir: deps.modelsDir ?? 'models',
    adminToken: deps.adminToken || undefined,
    log: typeof deps.log === 'function' ? lineLogger(deps.log) : (deps.log ?? loggerFromEnv(process.env)),
    tournamentProgressMs: deps.tournamentProgressMs ?? DEFAULT_TOURNAMENT_PROGRESS_MS,
    runner,
    backgroundNice,
    externalBots: {
      ...DEFAULT_EXTERNAL_BOT_LIMITS,
      ...deps.externalBots,
      timeLimitsMs: { ...DEFAULT_EXTERNAL_BOT_LIMITS.timeLimitsMs, ...deps.externalBots?.timeLimitsMs },
    },
    liveMatches: { ...DEFAULT_LIVE_MATCHES, ...deps.liveMatches },
    accountMaxBots: deps.accountMaxBots ?? DEFAULT_ACCOUNT_MAX_BOTS,
    tournamentGamesAtOnce: deps.tournamentGamesAtOnce ?? runner.capacity ?? availableParallelism(),
  };
}
