/**
 * The PostgreSQL store (pg), chosen when DATABASE_URL is set. Same interface, schema versions and
 * behaviour as the SQLite store, so any number of arena processes (and queue workers) can share
 * one database:
 * - migrations run under a transaction-scoped advisory lock, so processes starting together
 *   migrate once;
 * - recordGame locks the rating rows of its agents (SELECT ... FOR UPDATE, in id order so two
 *   games never deadlock) before reading them: two games finishing at once are applied one after
 *   the other, neither update is lost;
 * - a game id already stored with the same content is a retry and changes nothing (jobs re-run
 *   after a worker died are recorded once); with other content it is refused.
 */
import pg from 'pg';
import { AgoraError } from '../../envs/index.js';
import { ConnectionWatch, ELO_START, applyElo, maskUrl, type Logger } from '../../play/index.js';
import { PG_MIGRATIONS } from './pg-migrations.js';
import { toApiKey, toSession, toUser, toExternalBot, toResult, toRating, toRatingSnapshot } from './rows.js';
import { sameGame } from './same-game.js';
import {
  nameKeyOf,
  overrunsByAgent,
  type AgentKind,
  type AgentRecord,
  type ApiKeyRecord,
  type GameRecord,
  type LadderQuery,
  type LadderRow,
  type LiveMatchCap,
  type LiveMatchLimits,
  type MatchRecord,
  type MatchSeat,
  type MatchStatus,
  type RatingPoint,
  type RatingRecord,
  type SessionRecord,
  type Store,
  type TournamentRecord,
  type TournamentStatus,
  type UserRecord,
  type ExternalBotRecord,
  type RatingSnapshotRecord,
  type ResultRow,
} from './store.js';

type Row = Record<string, unknown>;

export interface PgStoreOptions {
  /** A schema to hold the tables (created if missing; default public). Tests use one per case. */
  schema?: string;
  /** Pool size (default 10). */
  max?: number;
  /** Where a lost connection and its recovery are logged, once per outage (default: nowhere). */
  log?: Logger;
}

/** Connects, migrates, and returns the store. Throws a clear error when the server cannot be reached. */
export async function openPgStore(url: string, options: PgStoreOptions = {}): Promise<Store> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new AgoraError('bad_request', `schema '${schema}' must be a lowercase SQL identifier`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client's network error must not crash the process; the next query reports it, and
  // the pool opens new clients as queries come (its retry). The watch logs the outage once and
  // "reconnected" when a new client connects.
  const watch = options.log ? new ConnectionWatch(`PostgreSQL at ${maskUrl(url)}`, options.log) : undefined;
  pool.on('error', (err) => watch?.lost(pool, err.message));
  pool.on('connect', () => watch?.back(pool));
  try {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(727001)');
      if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
      const { rows } = await client.query('SELECT version FROM schema_version');
      let version = rows.length > 0 ? (rows[0].version as number) : 0;
      if (rows.length === 0) await client.query('INSERT INTO schema_version (version) VALUES (0)');
      for (; version < PG_MIGRATIONS.length; version++) {
        const step = PG_MIGRATIONS[version];
        if (typeof step === 'string') await client.query(step);
        else await step(client);
        await client.query('UPDATE schema_version SET version = $1', [version + 1]);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => {});
    throw new AgoraError(
      'unavailable',
      `PostgreSQL at ${maskUrl(url)}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return new PgStore(pool);
}

const toAgent = (r: Row): AgentRecord => ({
  id: r.id as string,
  game: r.game as string,
  spec: r.spec as string,
  name: r.name as string,
  nameKey: r.name_key as string,
  kind: r.kind as AgentRecord['kind'],
  ...(r.owner_id ? { ownerId: r.owner_id as string } : {}),
  ...(r.retired_at ? { retiredAt: r.retired_at as string } : {}),
  createdAt: r.created_at as string,
});

const toGame = (r: Row): GameRecord => ({
  id: r.id as string,
  game: r.game as string,
  players: r.players as number,
  seed: r.seed as string,
  seats: r.seats as string[],
  actions: r.actions as number[],
  ranking: r.ranking as number[],
  scores: r.scores as number[],
  ...(r.returns !== null && r.returns !== undefined ? { returns: r.returns as number[] } : {}),
  ...(r.payoff_scale !== null && r.payoff_scale !== undefined ? { payoffScale: r.payoff_scale as number } : {}),
  truncated: r.truncated as boolean,
  ...(r.overruns ? { overruns: r.overruns as number[] } : {}),
  ...(r.resigned !== null && r.resigned !== undefined ? { resigned: r.resigned as number } : {}),
  ...(r.timed_out !== null && r.timed_out !== undefined ? { timedOut: r.timed_out as number } : {}),
  ...(r.tournament_id ? { tournamentId: r.tournament_id as string } : {}),
  ...(r.match_id ? { matchId: r.match_id as string } : {}),
  finishedAt: r.finished_at as string,
});

const toTournament = (r: Row): TournamentRecord => ({
  id: r.id as string,
  game: r.game as string,
  players: r.players as number,
  format: r.format as TournamentRecord['format'],
  agentIds: r.agent_ids as string[],
  gamesTotal: r.games_total as number,
  gamesDone: r.games_done as number,
  status: r.status as TournamentStatus,
  seed: r.seed as string,
  ...(r.error ? { error: r.error as string } : {}),
  ...(r.requested_by ? { requestedBy: r.requested_by as string } : {}),
  createdAt: r.created_at as string,
});

const toMatch = (r: Row): MatchRecord => ({
  id: r.id as string,
  game: r.game as string,
  players: r.players as number,
  seed: r.seed as string,
  seats: r.seats as MatchRecord['seats'],
  actions: r.actions as number[],
  status: r.status as MatchStatus,
  ...(r.overruns ? { overruns: r.overruns as number[] } : {}),
  ...(r.autoplay ? { autoplay: true } : {}),
  ...(r.opened_by ? { openedBy: r.opened_by as string } : {}),
  ...(r.address ? { address: r.address as string } : {}),
  ...(r.game_id ? { gameId: r.game_id as string } : {}),
  ...(r.tournament_id ? { tournament: { id: r.tournament_id as string, gameId: r.tournament_game_id as string } } : {}),
  createdAt: r.created_at as string,
  updatedAt: r.updated_at as string,
});

const json = (value: unknown) => JSON.stringify(value);

/** An agent and its starting rating (inside the caller's transaction). */
async function insertAgent(c: pg.PoolClient, a: AgentRecord): Promise<void> {
  await c.query(
    'INSERT INTO agents (id, game, spec, name, name_key, kind, owner_id, retired_at, created_at) ' +
      'VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [
      a.id,
      a.game,
      a.spec,
      a.name,
      a.nameKey ?? nameKeyOf(a.name),
      a.kind,
      a.ownerId ?? null,
      a.retiredAt ?? null,
      a.createdAt,
    ],
  );
  await c.query('INSERT INTO ratings (agent_id, game, elo, games) VALUES ($1, $2, $3, 0)', [a.id, a.game, ELO_START]);
}

/** The advisory lock key that serializes adding capped live matches (any fixed number unique to this use). */
const LIVE_MATCHES_LOCK = 0x41_67_6f_72; // 'Agor'

async function liveCapHit(
  c: pg.PoolClient,
  m: MatchRecord,
  limits: LiveMatchLimits,
): Promise<LiveMatchCap | undefined> {
  const count = async (sql: string, params: unknown[]) => Number(((await c.query(sql, params)).rows[0] as Row).n);
  if ((await count(`SELECT COUNT(*) AS n FROM matches WHERE status = 'live'`, [])) >= limits.total) return 'total';
  if (
    limits.opener !== undefined &&
    m.openedBy !== undefined &&
    (await count(`SELECT COUNT(*) AS n FROM matches WHERE status = 'live' AND opened_by = $1`, [m.openedBy])) >=
      limits.opener
  )
    return 'opener';
  if (
    limits.address !== undefined &&
    m.address !== undefined &&
    (await count(`SELECT COUNT(*) AS n FROM matches WHERE status = 'live' AND address = $1`, [m.address])) >=
      limits.address
  )
    return 'address';
  return undefined;
}

class PgStore implements Store {
  constructor(private readonly pool: pg.Pool) {}

  private async one(sql: string, params: unknown[]): Promise<Row | undefined> {
    return (await this.pool.query(sql, params)).rows[0] as Row | undefined;
  }

  private async all(sql: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.pool.query(sql, params)).rows as Row[];
  }

  /** Runs `work` in one transaction on one client, rolling back on any error. */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  async addAgent(a: AgentRecord): Promise<void> {
    await this.transaction((c) => insertAgent(c, a));
  }

  async getAgent(id: string): Promise<AgentRecord | undefined> {
    const r = await this.one('SELECT * FROM agents WHERE id = $1', [id]);
    return r && toAgent(r);
  }

  async listAgents(game?: string): Promise<AgentRecord[]> {
    const rows =
      game === undefined
        ? await this.all('SELECT * FROM agents ORDER BY game, created_at, id')
        : await this.all('SELECT * FROM agents WHERE game = $1 ORDER BY created_at, id', [game]);
    return rows.map(toAgent);
  }

  async findAgentByKey(game: string, kind: AgentKind, nameKey: string): Promise<AgentRecord | undefined> {
    const r = await this.one('SELECT * FROM agents WHERE game = $1 AND kind = $2 AND name_key = $3', [
      game,
      kind,
      nameKey,
    ]);
    return r && toAgent(r);
  }

  async retireAgent(id: string, at: string): Promise<boolean> {
    return (
      ((await this.pool.query('UPDATE agents SET retired_at = $1 WHERE id = $2 AND retired_at IS NULL', [at, id]))
        .rowCount ?? 0) === 1
    );
  }

  async listAgentsOwnedBy(ownerId: string): Promise<AgentRecord[]> {
    return (await this.all('SELECT * FROM agents WHERE owner_id = $1 ORDER BY game, created_at, id', [ownerId])).map(
      toAgent,
    );
  }

  async ratings(game: string): Promise<RatingRecord[]> {
    return (await this.all('SELECT * FROM ratings WHERE game = $1 ORDER BY elo DESC, agent_id', [game])).map(toRating);
  }

  async ratingsOf(agentIds: readonly string[]): Promise<RatingRecord[]> {
    if (agentIds.length === 0) return [];
    return (await this.all('SELECT * FROM ratings WHERE agent_id = ANY($1)', [[...agentIds]])).map(toRating);
  }

  async ratingHistory(game: string, afterSeq = 0, limit?: number): Promise<RatingPoint[]> {
    return (
      await this.all('SELECT * FROM rating_history WHERE game = $1 AND seq > $2 ORDER BY seq LIMIT $3', [
        game,
        afterSeq,
        limit ?? null,
      ])
    ).map((r) => ({
      seq: Number(r.seq),
      agentId: r.agent_id as string,
      gameId: r.game_id as string,
      elo: r.elo as number,
      at: r.at as string,
    }));
  }

  async recordGame(g: GameRecord): Promise<Record<string, number>> {
    return this.transaction(async (c) => {
      const inserted = await c.query(
        `INSERT INTO games (id, game, players, seed, seats, actions, ranking, scores, returns, payoff_scale, truncated,
        overruns, resigned, timed_out, tournament_id, match_id, finished_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
        ON CONFLICT (id) DO NOTHING`,
        [
          g.id,
          g.game,
          g.players,
          g.seed,
          json(g.seats),
          json(g.actions),
          json(g.ranking),
          json(g.scores),
          g.returns ? json(g.returns) : null,
          g.payoffScale ?? null,
          g.truncated,
          g.overruns ? json(g.overruns) : null,
          g.resigned ?? null,
          g.timedOut ?? null,
          g.tournamentId ?? null,
          g.matchId ?? null,
          g.finishedAt,
        ],
      );
      if (inserted.rowCount === 0) {
        const stored = (await c.query('SELECT * FROM games WHERE id = $1', [g.id])).rows[0] as Row;
        if (sameGame(toGame(stored), g)) return {};
        throw new AgoraError('conflict', `game ${g.id} is already stored with another result`);
      }
      const ids = [...new Set(g.seats)].sort();
      const locked = await c.query(
        'SELECT agent_id, elo FROM ratings WHERE agent_id = ANY($1) ORDER BY agent_id FOR UPDATE',
        [ids],
      );
      const current: Record<string, number> = {};
      for (const r of locked.rows as Row[]) current[r.agent_id as string] = r.elo as number;
      for (const id of ids) if (!(id in current)) throw new AgoraError('bad_request', `agent ${id} has no rating row`);
      // The game's whole outcome: a game with a payoffScale is rated by its returns (pairs.ts).
      const delta = applyElo(current, g.seats, g);
      const overruns = overrunsByAgent(g);
      for (const id of ids) {
        await c.query('UPDATE ratings SET elo = $1, games = games + 1, overruns = overruns + $3 WHERE agent_id = $2', [
          current[id],
          id,
          overruns.get(id) ?? 0,
        ]);
        await c.query('INSERT INTO rating_history (agent_id, game, game_id, elo, at) VALUES ($1, $2, $3, $4, $5)', [
          id,
          g.game,
          g.id,
          current[id],
          g.finishedAt,
        ]);
      }
      if (g.tournamentId) {
        await c.query(
          `UPDATE tournaments SET games_done = games_done + 1,
          status = CASE WHEN games_done + 1 >= games_total AND status = 'running' ` +
            "THEN 'done' ELSE status END WHERE id = $1",
          [g.tournamentId],
        );
      }
      if (g.matchId && !(await this.endMatch(c, g.matchId, 'done', g.id, g.finishedAt))) {
        // Only a live match ends with a game: one another process ended meanwhile (its idle sweep) keeps its end.
        throw new AgoraError('conflict', `match ${g.matchId} has ended already`);
      }
      return delta;
    });
  }

  async getGame(id: string): Promise<GameRecord | undefined> {
    const r = await this.one('SELECT * FROM games WHERE id = $1', [id]);
    return r && toGame(r);
  }

  async listGames(game: string, limit = 50): Promise<GameRecord[]> {
    return (
      await this.all('SELECT * FROM games WHERE game = $1 ORDER BY finished_at DESC, seq DESC LIMIT $2', [game, limit])
    ).map(toGame);
  }

  async countGames(game: string): Promise<number> {
    return Number((await this.one('SELECT COUNT(*) AS n FROM games WHERE game = $1', [game]))!.n);
  }

  async tournamentGameIds(tournamentId: string): Promise<string[]> {
    return (await this.all('SELECT id FROM games WHERE tournament_id = $1', [tournamentId])).map((r) => r.id as string);
  }

  async listResults(game: string, afterSeq: number, limit: number): Promise<ResultRow[]> {
    return (
      await this.all(
        'SELECT seq, players, seats, ranking, returns, payoff_scale, jsonb_array_length(actions) AS length, ' +
          'truncated FROM games ' +
          'WHERE game = $1 AND seq > $2 ORDER BY seq LIMIT $3',
        [game, afterSeq, limit],
      )
    ).map(toResult);
  }

  async getRatingSnapshot(game: string): Promise<RatingSnapshotRecord | undefined> {
    const row = await this.one('SELECT * FROM rating_snapshots WHERE game = $1', [game]);
    return row && toRatingSnapshot(row);
  }

  async putRatingSnapshot(s: RatingSnapshotRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO rating_snapshots (game, games, seq, fitted_at, data) VALUES ($1, $2, $3, $4, $5) ' +
        'ON CONFLICT (game) DO UPDATE SET games = EXCLUDED.games, seq = EXCLUDED.seq, ' +
        'fitted_at = EXCLUDED.fitted_at, data = EXCLUDED.data WHERE EXCLUDED.games >= rating_snapshots.games',
      [s.game, s.games, s.seq, s.fittedAt, s.data],
    );
  }

  async addTournament(t: TournamentRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO tournaments (id, game, players, format, agent_ids, games_total, games_done, status, seed, ' +
        `error, requested_by, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        t.id,
        t.game,
        t.players,
        t.format,
        json(t.agentIds),
        t.gamesTotal,
        t.gamesDone,
        t.status,
        t.seed,
        t.error ?? null,
        t.requestedBy ?? null,
        t.createdAt,
      ],
    );
  }

  async getTournament(id: string): Promise<TournamentRecord | undefined> {
    const r = await this.one('SELECT * FROM tournaments WHERE id = $1', [id]);
    return r && toTournament(r);
  }

  async listTournaments(game?: string): Promise<TournamentRecord[]> {
    const rows =
      game === undefined
        ? await this.all('SELECT * FROM tournaments ORDER BY created_at DESC, seq DESC')
        : await this.all('SELECT * FROM tournaments WHERE game = $1 ORDER BY created_at DESC, seq DESC', [game]);
    return rows.map(toTournament);
  }

  async setTournamentStatus(id: string, status: TournamentStatus, error?: string): Promise<void> {
    await this.pool.query('UPDATE tournaments SET status = $1, error = $2 WHERE id = $3', [status, error ?? null, id]);
  }

  async cancelTournament(id: string, reason: string): Promise<boolean> {
    return (
      ((
        await this.pool.query(
          `UPDATE tournaments SET status = 'cancelled', error = $1 WHERE id = $2 AND status = 'running'`,
          [reason, id],
        )
      ).rowCount ?? 0) === 1
    );
  }

  async claimTournament(id: string, owner: string, now: string, until: string): Promise<boolean> {
    // One statement: a concurrent claim waits for the row lock, then re-checks the WHERE against
    // the committed row (READ COMMITTED), so of two claims at once exactly one succeeds.
    const result = await this.pool.query(
      `UPDATE tournaments SET owner = $1, lease_until = $2
      WHERE id = $3 AND status = 'running' ` +
        'AND (owner IS NULL OR owner = $1 OR lease_until IS NULL OR lease_until < $4)',
      [owner, until, id, now],
    );
    return result.rowCount === 1;
  }

  async releaseTournament(id: string, owner: string): Promise<void> {
    await this.pool.query('UPDATE tournaments SET owner = NULL, lease_until = NULL WHERE id = $1 AND owner = $2', [
      id,
      owner,
    ]);
  }

  async addMatch(m: MatchRecord, limits?: LiveMatchLimits, newAgent?: AgentRecord): Promise<LiveMatchCap | undefined> {
    return this.transaction(async (c) => {
      if (limits && m.status === 'live') {
        // One creator at a time across every process sharing the database, so the counts stay true until the insert.
        await c.query('SELECT pg_advisory_xact_lock($1)', [LIVE_MATCHES_LOCK]);
        const hit = await liveCapHit(c, m, limits);
        if (hit) return hit;
      }
      if (newAgent) await insertAgent(c, newAgent);
      await c.query(
        'INSERT INTO matches (id, game, players, seed, seats, actions, status, overruns, autoplay, opened_by, ' +
          `address, game_id, tournament_id, tournament_game_id, created_at, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          m.id,
          m.game,
          m.players,
          m.seed,
          json(m.seats),
          json(m.actions),
          m.status,
          m.overruns ? json(m.overruns) : null,
          m.autoplay ?? false,
          m.openedBy ?? null,
          m.address ?? null,
          m.gameId ?? null,
          m.tournament?.id ?? null,
          m.tournament?.gameId ?? null,
          m.createdAt,
          m.updatedAt,
        ],
      );
      if (m.status === 'live') {
        await c.query(
          `INSERT INTO live_match_seats (agent_id, match_id)
          SELECT DISTINCT seat->>'agentId', $1 FROM jsonb_array_elements($2::jsonb) seat`,
          [m.id, json(m.seats)],
        );
      }
      return undefined;
    });
  }

  async countLiveMatches(): Promise<number> {
    return Number((await this.one(`SELECT COUNT(*) AS n FROM matches WHERE status = 'live'`, []))!.n);
  }

  async idleMatches(before: string, limit: number): Promise<MatchRecord[]> {
    return (
      await this.all(
        `SELECT * FROM matches WHERE status = 'live' AND updated_at <= $1 AND tournament_id IS NULL
        ORDER BY updated_at LIMIT $2`,
        [before, limit],
      )
    ).map(toMatch);
  }

  async abortMatch(id: string, expectedLength: number, at: string): Promise<boolean> {
    return this.transaction(async (c) => {
      const r = (
        await c.query(
          `SELECT seats FROM matches WHERE id = $1 AND status = 'live' AND jsonb_array_length(actions) = $2
          FOR UPDATE`,
          [id, expectedLength],
        )
      ).rows[0] as Row | undefined;
      if (!r || !(await this.endMatch(c, id, 'aborted', null, at))) return false;
      // A guest's agent is made for its one match: unrated, it goes (an account's stays).
      const guests = (r.seats as MatchSeat[]).filter((s) => s.kind === 'human').map((s) => s.agentId);
      const gone = await c.query(
        `DELETE FROM ratings r USING agents a
        WHERE r.agent_id = a.id AND a.id = ANY($1) AND a.owner_id IS NULL AND r.games = 0 RETURNING a.id`,
        [guests],
      );
      const ids = (gone.rows as Row[]).map((g) => g.id as string);
      if (ids.length > 0) await c.query('DELETE FROM agents WHERE id = ANY($1)', [ids]);
      return true;
    });
  }

  async ladder(game: string, query: LadderQuery): Promise<{ total: number; rows: LadderRow[] }> {
    const where = `r.game = $1 AND (a.kind = 'bot' OR (r.games > 0 AND (a.owner_id IS NOT NULL OR $2)))`;
    const total = Number(
      (await this.one(`SELECT COUNT(*) AS n FROM ratings r JOIN agents a ON a.id = r.agent_id WHERE ${where}`, [
        game,
        query.guests,
      ]))!.n,
    );
    const rows = await this.all(
      `SELECT a.*, r.agent_id, r.elo, r.games, r.overruns FROM ratings r JOIN agents a ON a.id = r.agent_id
      WHERE ${where} ORDER BY r.games > 0 DESC, r.elo DESC, a.id LIMIT $3 OFFSET $4`,
      [game, query.guests, query.limit, query.offset],
    );
    return { total, rows: rows.map((r) => ({ agent: toAgent(r), rating: toRating(r) })) };
  }

  async getMatch(id: string): Promise<MatchRecord | undefined> {
    const r = await this.one('SELECT * FROM matches WHERE id = $1', [id]);
    return r && toMatch(r);
  }

  /**
   * Takes a match out of 'live', in the caller's transaction: its status, game and time, and its
   * rows of live_match_seats (the index liveMatchesOf reads). Every way a match leaves 'live' goes
   * through here, so the index never lists an ended match. Only a live match ends: false, changing
   * nothing, for one that has ended already.
   */
  private readonly endMatch = async (
    c: pg.PoolClient,
    id: string,
    status: Exclude<MatchStatus, 'live'>,
    gameId: string | null,
    at: string,
  ): Promise<boolean> => {
    const ended = await c.query(
      `UPDATE matches SET status = $1, game_id = $2, updated_at = $3 WHERE id = $4 AND status = 'live'`,
      [status, gameId, at, id],
    );
    if (ended.rowCount !== 1) return false;
    await c.query('DELETE FROM live_match_seats WHERE match_id = $1', [id]);
    return true;
  };

  async liveMatchesOf(agentId: string): Promise<MatchRecord[]> {
    return (
      await this.all(
        'SELECT m.* FROM live_match_seats s JOIN matches m ON m.id = s.match_id ' +
          `WHERE s.agent_id = $1 AND m.status = 'live' ORDER BY m.created_at, m.seq`,
        [agentId],
      )
    ).map(toMatch);
  }

  async liveTournamentMatch(tournamentGameId: string): Promise<MatchRecord | undefined> {
    const r = await this.one(`SELECT * FROM matches WHERE tournament_game_id = $1 AND status = 'live'`, [
      tournamentGameId,
    ]);
    return r && toMatch(r);
  }

  async listMatches(status?: MatchStatus): Promise<MatchRecord[]> {
    const rows =
      status === undefined
        ? await this.all('SELECT * FROM matches ORDER BY created_at, seq')
        : await this.all('SELECT * FROM matches WHERE status = $1 ORDER BY created_at, seq', [status]);
    return rows.map(toMatch);
  }

  async appendMatchActions(
    id: string,
    expectedLength: number,
    actions: number[],
    at: string,
    overruns?: number[],
  ): Promise<boolean> {
    // One statement: the length check and the append happen atomically on the locked row.
    const result = await this.pool.query(
      `UPDATE matches SET actions = actions || $1::jsonb, updated_at = $2, overruns = COALESCE($5::jsonb, overruns)
      WHERE id = $3 AND status = 'live' AND jsonb_array_length(actions) = $4`,
      [json(actions), at, id, expectedLength, overruns ? json(overruns) : null],
    );
    return result.rowCount === 1;
  }

  async addUser(u: UserRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO users (id, name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)',
      [u.id, u.name, u.nameKey, u.passwordHash, u.createdAt],
    );
  }

  async getUser(id: string): Promise<UserRecord | undefined> {
    const r = await this.one('SELECT * FROM users WHERE id = $1', [id]);
    return r && toUser(r);
  }

  async findUserByKey(nameKey: string): Promise<UserRecord | undefined> {
    const r = await this.one('SELECT * FROM users WHERE name_key = $1', [nameKey]);
    return r && toUser(r);
  }

  async addSession(s: SessionRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [s.tokenHash, s.userId, s.createdAt, s.expiresAt],
    );
  }

  async getSession(tokenHash: string): Promise<SessionRecord | undefined> {
    const r = await this.one('SELECT * FROM sessions WHERE token_hash = $1', [tokenHash]);
    return r && toSession(r);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async addApiKey(k: ApiKeyRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO api_keys (id, user_id, label, key_hash, created_at) VALUES ($1, $2, $3, $4, $5)',
      [k.id, k.userId, k.label, k.keyHash, k.createdAt],
    );
  }

  async listApiKeys(userId: string): Promise<ApiKeyRecord[]> {
    return (await this.all('SELECT * FROM api_keys WHERE user_id = $1 ORDER BY created_at, id', [userId])).map(
      toApiKey,
    );
  }

  async useApiKey(keyHash: string, at: string): Promise<ApiKeyRecord | undefined> {
    const r = await this.one(
      'UPDATE api_keys SET last_used_at = $1 WHERE key_hash = $2 AND revoked_at IS NULL RETURNING *',
      [at, keyHash],
    );
    return r && toApiKey(r);
  }

  async revokeApiKey(userId: string, id: string, at: string): Promise<boolean> {
    return (
      ((
        await this.pool.query(
          'UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND user_id = $3 AND revoked_at IS NULL',
          [at, id, userId],
        )
      ).rowCount ?? 0) === 1
    );
  }

  async addExternalBot(b: ExternalBotRecord): Promise<void> {
    await this.pool.query(
      'INSERT INTO external_bots (agent_id, token_hash, token_created_at, online, missed_in_a_row) ' +
        'VALUES ($1, $2, $3, $4, $5)',
      [b.agentId, b.tokenHash, b.tokenCreatedAt, b.online, b.missedInARow],
    );
  }

  async getExternalBot(agentId: string): Promise<ExternalBotRecord | undefined> {
    const r = await this.one('SELECT * FROM external_bots WHERE agent_id = $1', [agentId]);
    return r && toExternalBot(r);
  }

  async findExternalBotByToken(tokenHash: string): Promise<ExternalBotRecord | undefined> {
    const r = await this.one('SELECT * FROM external_bots WHERE token_hash = $1', [tokenHash]);
    return r && toExternalBot(r);
  }

  async setExternalBotToken(agentId: string, tokenHash: string | null, at: string): Promise<boolean> {
    const result =
      tokenHash === null
        ? await this.pool.query(
            'UPDATE external_bots SET token_hash = NULL, token_revoked_at = $1, online = FALSE WHERE agent_id = $2',
            [at, agentId],
          )
        : await this.pool.query(
            'UPDATE external_bots SET token_hash = $1, token_created_at = $2, token_revoked_at = NULL ' +
              'WHERE agent_id = $3',
            [tokenHash, at, agentId],
          );
    return result.rowCount === 1;
  }

  async setExternalBotPresence(agentId: string, online: boolean, missedInARow: number): Promise<void> {
    await this.pool.query('UPDATE external_bots SET online = $1, missed_in_a_row = $2 WHERE agent_id = $3', [
      online,
      missedInARow,
      agentId,
    ]);
  }

  async secret(name: string, value: string): Promise<string> {
    await this.pool.query('INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      value,
    ]);
    return (await this.one('SELECT value FROM secrets WHERE name = $1', [name]))!.value as string;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
