import type { GameRegistry } from '../envs/core/registry.js';
import type { GameRunner } from './queue/game-runner.js';
import type { Store } from './store/store.js';

/** Everything the arena depends on, injected (style G15), so tests fix the clock, ids and seed. */
export interface ArenaDeps {
  store: Store;
  /** The games served (default: every registered game). */
  games?: GameRegistry;
  /** The clock (default: new Date()). */
  now?: () => Date;
  /** Record ids (default: random 10-character ids). */
  newId?: () => string;
  /** Secret seat tokens (default: 32 random bytes, base64url). */
  newToken?: () => string;
  /** Root of every seed the arena draws (match seeds, seats, tournament seeds). */
  seed?: string;
  /** Worker threads for bot moves in people's games (default 2). */
  botThreads?: number;
  /** Time budget of one bot decision in people's games, ms (default 10 000). */
  botBudgetMs?: number;
  /** Worker threads per tournament (default: one per core), when no runner is given. */
  tournamentThreads?: number;
  /** Where tournament games are played (default: worker threads; with REDIS_URL the server passes a QueueRunner). */
  runner?: GameRunner;
  /** Write-request rate limit per client per minute (default 120); false turns it off (tests, benches). */
  writeLimitPerMinute?: number | false;
}
