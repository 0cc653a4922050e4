/** The public door to the arena. */
export { createApp, type ArenaApp, type ArenaServices } from './app.js';
export type { ArenaDeps } from './deps.js';
export { openSqliteStore, type SqliteStoreOptions } from './store/sqlite-store.js';
export { SqliteCheckpointer, type CheckpointStats } from './store/sqlite-checkpointer.js';
export { ARENA_NODE_FLAGS } from './node-flags.js';
export { openPgStore, type PgStoreOptions } from './store/pg-store.js';
export { openStore } from './store/open-store.js';
export type * from './store/store.js';
export {
  applyElo,
  eloDeltas,
  expectedScore,
  ELO_START,
  ELO_K,
  fitBradleyTerry,
  bradleyTerryWithIntervals,
  runTournament,
  type TournamentOptions,
  type TournamentReport,
} from '../play/index.js';
export { scheduleTournament, tournamentSlots, type TournamentFormat } from '../play/index.js';
export { operatorSettings } from './operator-settings.js';
export { MIGRATIONS } from './store/migrations.js';
export { PG_MIGRATIONS } from './store/pg-migrations.js';
export { rekeyNamesInPg, rekeyNamesInSqlite } from './store/rekey-names.js';
export { addReturnsInPg, addReturnsInSqlite } from './store/add-returns.js';
export { gameReturns, resignedReturns, type GameReturns } from './store/game-returns.js';
export { ThreadRunner, type GameRunner, type RunnerJob, type RunOptions } from './queue/game-runner.js';
export { QueueRunner } from './queue/queue-runner.js';
export { QueueBots, decideQueued } from './queue/queue-bots.js';
export { BotPool } from './services/bot-pool.js';
export { TournamentService } from './services/tournaments.js';
export { RatingRefits, DEFAULT_REFIT_POLICY, type RefitPolicy } from './ratings/refits.js';
export { snapshotSeed, type RatingSnapshot } from './ratings/snapshot.js';
export { DEFAULT_ROSTER, ROSTER_AZ_ITERATIONS, ROSTER_MS, modelSeats, rosterFor } from './services/roster.js';
export {
  LADDER_DIR,
  importStartingLadder,
  ladderSeed,
  type LadderFile,
  type LadderGame,
} from './services/starting-ladder.js';
export { nameKeyOf } from './store/store.js';
export { PASSWORD_MAX, PASSWORD_MIN } from './accounts/passwords.js';
