import { GAMES } from '../../envs/games.js';
import type { GameRegistry } from '../../envs/core/registry.js';
import type { ArenaDeps } from '../deps.js';
import type { Store } from '../store/store.js';
import { ThreadRunner, type GameRunner } from '../queue/game-runner.js';
import { BotPool } from './bot-pool.js';
import { randomId, randomToken } from './ids.js';

/** The resolved dependencies every service shares. */
export interface ArenaContext {
  store: Store;
  games: GameRegistry;
  now: () => Date;
  newId: () => string;
  newToken: () => string;
  seed: string;
  bots: BotPool;
  /** Where tournament games are played (worker threads, or the Redis job queue). */
  runner: GameRunner;
}

export function arenaContext(deps: ArenaDeps): ArenaContext {
  return {
    store: deps.store,
    games: deps.games ?? GAMES,
    now: deps.now ?? (() => new Date()),
    newId: deps.newId ?? randomId,
    newToken: deps.newToken ?? randomToken,
    seed: deps.seed ?? 'arena',
    bots: new BotPool(deps.botThreads ?? 2, deps.botBudgetMs ?? 10_000),
    runner: deps.runner ?? new ThreadRunner(deps.tournamentThreads),
  };
}
