import type Database from 'better-sqlite3';
import { addReturnsInSqlite } from './add-returns.js';
import { rekeyNamesInSqlite } from './rekey-names.js';

/** A schema step: SQL, or (for what SQL cannot compute, like name keys) a function run in its transaction. */
export type SqliteMigration = string | ((db: Database.Database) => void);

/**
 * Schema migrations, applied in order; PRAGMA user_version records how many have run. Append
 * new steps, never edit old ones.
 */
export const MIGRATIONS: readonly SqliteMigration[] = [
  `
  CREATE TABLE agents (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    spec TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('bot', 'human')),
    created_at TEXT NOT NULL,
    UNIQUE (game, name)
  );
  CREATE TABLE ratings (
    agent_id TEXT PRIMARY KEY REFERENCES agents(id),
    game TEXT NOT NULL,
    elo REAL NOT NULL,
    games INTEGER NOT NULL
  );
  CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed TEXT NOT NULL,
    seats TEXT NOT NULL,
    actions TEXT NOT NULL,
    ranking TEXT NOT NULL,
    scores TEXT NOT NULL,
    truncated INTEGER NOT NULL,
    tournament_id TEXT,
    match_id TEXT,
    finished_at TEXT NOT NULL
  );
  CREATE INDEX games_by_game ON games (game, finished_at);
  CREATE TABLE rating_history (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL REFERENCES agents(id),
    game TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games(id),
    elo REAL NOT NULL,
    at TEXT NOT NULL
  );
  CREATE INDEX history_by_game ON rating_history (game, seq);
  CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    format TEXT NOT NULL,
    agent_ids TEXT NOT NULL,
    games_total INTEGER NOT NULL,
    games_done INTEGER NOT NULL,
    status TEXT NOT NULL,
    seed TEXT NOT NULL,
    error TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE matches (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed TEXT NOT NULL,
    seats TEXT NOT NULL,
    actions TEXT NOT NULL,
    status TEXT NOT NULL,
    game_id TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  `,
  // Version 2: the tournament lease (which arena process plays it, and until when; see Store.claimTournament).
  `
  ALTER TABLE tournaments ADD COLUMN owner TEXT;
  ALTER TABLE tournaments ADD COLUMN lease_until TEXT;
  `,
  // Version 3: accounts (users, sessions, API keys), server secrets, owned and retirable agents whose
  // names are unique per game and kind without regard to case (the agents table is rebuilt: SQLite
  // cannot drop the old UNIQUE (game, name)), budget overruns, resignations and requested tournaments.
  // People from before accounts keep their rows and games under the key 'legacy:<id>', which no
  // account name can take; agora_name_key is registered by the store (the same function as nameKeyOf).
  `
  CREATE TABLE agents_v3 (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    spec TEXT NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('bot', 'human')),
    owner_id TEXT,
    retired_at TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (game, kind, name_key)
  );
  INSERT INTO agents_v3 (id, game, spec, name, name_key, kind, owner_id, retired_at, created_at)
    SELECT id, game, spec, name,
      CASE WHEN kind = 'human' THEN 'legacy:' || id
           WHEN ROW_NUMBER() OVER (PARTITION BY game, kind, agora_name_key(name) ORDER BY created_at, id) = 1 ` +
    `THEN agora_name_key(name)
           ELSE agora_name_key(name) || '#' || id END,
      kind, NULL, NULL, created_at
    FROM agents;
  DROP TABLE agents;
  ALTER TABLE agents_v3 RENAME TO agents;
  ALTER TABLE ratings ADD COLUMN overruns INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE games ADD COLUMN overruns TEXT;
  ALTER TABLE games ADD COLUMN resigned INTEGER;
  ALTER TABLE matches ADD COLUMN overruns TEXT;
  ALTER TABLE matches ADD COLUMN autoplay INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE tournaments ADD COLUMN requested_by TEXT;
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    label TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at TEXT
  );
  CREATE TABLE secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  `
  CREATE TABLE external_bots (
    agent_id TEXT PRIMARY KEY REFERENCES agents(id),
    token_hash TEXT UNIQUE,
    token_created_at TEXT NOT NULL,
    token_revoked_at TEXT,
    online INTEGER NOT NULL DEFAULT 0,
    missed_in_a_row INTEGER NOT NULL DEFAULT 0
  );
  ALTER TABLE matches ADD COLUMN tournament_id TEXT;
  ALTER TABLE matches ADD COLUMN tournament_game_id TEXT;
  `,
  `
  CREATE TABLE rating_snapshots (
    game TEXT PRIMARY KEY,
    games INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    fitted_at TEXT NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX games_by_tournament ON games (tournament_id);
  `,
  // Bounded live state (issue 33): who opened a people's match and from which address (a keyed hash),
  // so live matches are capped per account, guest and address; idle matches are found by their last
  // change; a game lost on time says which seat ran out. A match may now also end 'aborted' (no game).
  `
  ALTER TABLE matches ADD COLUMN opened_by TEXT;
  ALTER TABLE matches ADD COLUMN address TEXT;
  ALTER TABLE games ADD COLUMN timed_out INTEGER;
  CREATE INDEX matches_live_by_update ON matches (status, updated_at);
  CREATE INDEX matches_live_by_opener ON matches (status, opened_by);
  CREATE INDEX matches_live_by_address ON matches (status, address);
  CREATE INDEX ratings_by_game ON ratings (game, elo);
  `,
  // The live matches each agent has a seat in (one row per agent and match, however many seats it
  // holds), so the Bot API reads only its bot's matches instead of every live one; rows go when the
  // match leaves 'live' (the stores' endMatch). Filled here for the matches live at the upgrade. And
  // a tournament game's match found by its game id (startTournamentGame after a restart).
  `
  CREATE TABLE live_match_seats (
    agent_id TEXT NOT NULL,
    match_id TEXT NOT NULL REFERENCES matches(id),
    PRIMARY KEY (agent_id, match_id)
  ) WITHOUT ROWID;
  CREATE INDEX live_match_seats_by_match ON live_match_seats (match_id);
  INSERT OR IGNORE INTO live_match_seats (agent_id, match_id)
    SELECT json_extract(seat.value, '$.agentId'), m.id FROM matches m, json_each(m.seats) seat WHERE m.status = 'live';
  CREATE INDEX matches_by_tournament_game ON matches (tournament_game_id) WHERE tournament_game_id IS NOT NULL;
  `,
  // Issue 33: an account's agents by owner (its bots are counted against AGORA_ACCOUNT_MAX_BOTS).
  `
  CREATE INDEX agents_by_owner ON agents (owner_id);
  `,
  // Issue 33: name keys fold Unicode's confusables (nameKeyOf); every stored key is recomputed, and
  // names that now collide are set apart as arena/store/rekey-names.ts says.
  rekeyNamesInSqlite,
  // Issue 36: every finished game's returns (in the game's unit) and, for a game with its own
  // payoffs, its returnScale, so ratings score it by its payoffs; earlier games are filled in, and a
  // payoff game's Elo is computed again over them (arena/store/add-returns.ts).
  addReturnsInSqlite,
];
