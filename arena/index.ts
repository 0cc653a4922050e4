/** The public door to the arena. */
export { createApp, type ArenaApp, type ArenaServices } from './app.js';
export type { ArenaDeps } from './deps.js';
export { openSqliteStore } from './store/sqlite-store.js';
export { openPgStore, type PgStoreOptions } from './store/pg-store.js';
export { openStore } from './store/open-store.js';
export type * from './store/store.js';
export { applyElo, eloDeltas, expectedScore, ELO_START, ELO_K } from './ratings/elo.js';
export { fitBradleyTerry, bradleyTerryWithIntervals } from './ratings/bradley-terry.js';
export { runTournament, type TournamentOptions, type TournamentReport } from './tournament/run.js';
export { scheduleTournament, tournamentSlots, type TournamentFormat } from './tournament/schedule.js';
