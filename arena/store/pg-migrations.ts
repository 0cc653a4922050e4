/**
 * The PostgreSQL dialect of migrations.ts: the same schema versions, step for step (step k here
 * creates what step k there creates). Differences: JSONB for the JSON columns, BOOLEAN for flags,
 * DOUBLE PRECISION for ratings, and BIGSERIAL `seq` columns where SQLite orders by its rowid.
 * Append new steps to both lists together, never edit old ones.
 */
import type pg from 'pg';
import { addReturnsInPg } from './add-returns.js';
import { rekeyNamesInPg } from './rekey-names.js';

/** A schema step: SQL, or a function run in the migration's transaction (see migrations.ts). */
export type PgMigration = string | ((client: pg.PoolClient) => Promise<void>);

export const PG_MIGRATIONS: readonly PgMigration[] = [
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
    elo DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL
  );
  CREATE TABLE games (
    seq BIGSERIAL UNIQUE,
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed TEXT NOT NULL,
    seats JSONB NOT NULL,
    actions JSONB NOT NULL,
    ranking JSONB NOT NULL,
    scores JSONB NOT NULL,
    truncated BOOLEAN NOT NULL,
    tournament_id TEXT,
    match_id TEXT,
    finished_at TEXT NOT NULL
  );
  CREATE INDEX games_by_game ON games (game, finished_at);
  CREATE TABLE rating_history (
    seq BIGSERIAL PRIMARY KEY,
    agent_id TEXT NOT NULL REFERENCES agents(id),
    game TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games(id),
    elo DOUBLE PRECISION NOT NULL,
    at TEXT NOT NULL
  );
  CREATE INDEX history_by_game ON rating_history (game, seq);
  CREATE TABLE tournaments (
    seq BIGSERIAL UNIQUE,
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    format TEXT NOT NULL,
    agent_ids JSONB NOT NULL,
    games_total INTEGER NOT NULL,
    games_done INTEGER NOT NULL,
    status TEXT NOT NULL,
    seed TEXT NOT NULL,
    error TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE matches (
    seq BIGSERIAL UNIQUE,
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed TEXT NOT NULL,
    seats JSONB NOT NULL,
    actions JSONB NOT NULL,
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
  // Version 3 (see migrations.ts): accounts, secrets, owned/retirable agents unique per game, kind
  // and name key, overruns, resignations, requested tournaments. PostgreSQL can drop the old
  // constraint in place. normalize() needs a UTF8 database; lower() follows the database's collation.
  `
  ALTER TABLE agents DROP CONSTRAINT IF EXISTS agents_game_name_key;
  ALTER TABLE agents ADD COLUMN name_key TEXT, ADD COLUMN owner_id TEXT, ADD COLUMN retired_at TEXT;
  UPDATE agents a SET name_key = k.key FROM (
    SELECT id, CASE WHEN kind = 'human' THEN 'legacy:' || id
      WHEN ROW_NUMBER() OVER (PARTITION BY game, kind, lower(upper(normalize(name, NFKC))) ` +
    `ORDER BY created_at, id) = 1 THEN lower(upper(normalize(name, NFKC)))
      ELSE lower(upper(normalize(name, NFKC))) || '#' || id END AS key
    FROM agents
  ) k WHERE a.id = k.id;
  ALTER TABLE agents ALTER COLUMN name_key SET NOT NULL;
  CREATE UNIQUE INDEX agents_by_name_key ON agents (game, kind, name_key);
  ALTER TABLE ratings ADD COLUMN overruns INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE games ADD COLUMN overruns JSONB, ADD COLUMN resigned INTEGER;
  ALTER TABLE matches ADD COLUMN overruns JSONB, ADD COLUMN autoplay BOOLEAN NOT NULL DEFAULT FALSE;
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
    online BOOLEAN NOT NULL DEFAULT FALSE,
    missed_in_a_row INTEGER NOT NULL DEFAULT 0
  );
  ALTER TABLE matches ADD COLUMN tournament_id TEXT;
  ALTER TABLE matches ADD COLUMN tournament_game_id TEXT;
  `,
  `
  CREATE TABLE rating_snapshots (
    game TEXT PRIMARY KEY,
    games INTEGER NOT NULL,
    seq BIGINT NOT NULL,
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
  // The live matches each agent has a seat in, and tournament games' matches by game id (see migrations.ts).
  `
  CREATE TABLE live_match_seats (
    agent_id TEXT NOT NULL,
    match_id TEXT NOT NULL REFERENCES matches(id),
    PRIMARY KEY (agent_id, match_id)
  );
  CREATE INDEX live_match_seats_by_match ON live_match_seats (match_id);
  INSERT INTO live_match_seats (agent_id, match_id)
    SELECT DISTINCT seat->>'agentId', m.id FROM matches m, jsonb_array_elements(m.seats) seat WHERE m.status = 'live';
  CREATE INDEX matches_by_tournament_game ON matches (tournament_game_id) WHERE tournament_game_id IS NOT NULL;
  `,
  // Issue 33 (see migrations.ts): an account's agents by owner.
  `
  CREATE INDEX agents_by_owner ON agents (owner_id);
  `,
  // Issue 33 (see migrations.ts): name keys fold Unicode's confusables; every stored key is recomputed.
  rekeyNamesInPg,
  // Issue 36 (see migrations.ts): every finished game's returns and a payoff game's returnScale.
  addReturnsInPg,
];
