import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ELO_START, applyElo } from '../../play/index.js';
import { AgoraError } from '../../envs/index.js';
import { MIGRATIONS } from './migrations.js';
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
import { SqliteCheckpointer, WRITER_CHECKPOINT_PAGES } from './sqlite-checkpointer.js';

type Row = Record<string, unknown>;

export interface SqliteStoreOptions {
  /**
   * How often a background thread checkpoints the write-ahead log into the file, ms (default 500;
   * 0: only SQLite's own checkpoints, in the committing call). Files only (sqlite-checkpointer.ts).
   */
  checkpointMs?: number;
}

const DEFAULT_CHECKPOINT_MS = 500;

/**
 * The embedded store: one SQLite file (or ':memory:'). WAL journal: a killed process loses no
 * committed transaction, and readers never wait for the writer.
 */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.function('agora_name_key', { deterministic: true }, (name: unknown) => nameKeyOf(String(name)));
  migrate(db);
  db.pragma('foreign_keys = ON');
  const every = options.checkpointMs ?? DEFAULT_CHECKPOINT_MS;
  if (path === ':memory:' || every <= 0) return new SqliteStore(db);
  db.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  return new SqliteStore(db, new SqliteCheckpointer(path, every));
}

/**
 * Runs the missing migrations, each in a transaction, with foreign keys off: a migration that
 * rebuilds a referenced table (SQLite's way to drop a constraint) must not cascade or fail on the
 * references, which it checks itself before committing.
 */
function migrate(db: Database.Database): void {
  db.pragma('foreign_keys = OFF');
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      const step = MIGRATIONS[v];
      if (typeof step === 'string') db.exec(step);
      else step(db);
      const broken = db.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0) throw new Error(`migration ${v + 1} broke ${broken.length} foreign keys`);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
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
  seats: JSON.parse(r.seats as string),
  actions: JSON.parse(r.actions as string),
  ranking: JSON.parse(r.ranking as string),
  scores: JSON.parse(r.scores as string),
  ...(r.returns !== null && r.returns !== undefined ? { returns: JSON.parse(r.returns as string) } : {}),
  ...(r.payoff_scale !== null && r.payoff_scale !== undefined ? { payoffScale: r.payoff_scale as number } : {}),
  truncated: r.truncated === 1,
  ...(r.overruns ? { overruns: JSON.parse(r.overruns as string) } : {}),
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
  agentIds: JSON.parse(r.agent_ids as string),
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
  seats: JSON.parse(r.seats as string),
  actions: JSON.parse(r.actions as string),
  status: r.status as MatchStatus,
  ...(r.overruns ? { overruns: JSON.parse(r.overruns as string) } : {}),
  ...(r.autoplay ? { autoplay: true } : {}),
  ...(r.opened_by ? { openedBy: r.opened_by as string } : {}),
  ...(r.address ? { address: r.address as string } : {}),
  ...(r.game_id ? { gameId: r.game_id as string } : {}),
  ...(r.tournament_id ? { tournament: { id: r.tournament_id as string, gameId: r.tournament_game_id as string } } : {}),
  createdAt: r.created_at as string,
  updatedAt: r.updated_at as string,
});

/**
 * Transactions that write begin IMMEDIATE: with two connections on one file (two arena processes,
 * or the store's own thread and another), a deferred one reads first and then fails at once with
 * "database is locked" when the other wrote meanwhile, instead of waiting its turn.
 */
class SqliteStore implements Store {
  /** Prepared statements by SQL text: preparing one costs more than running it, on every request. */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    /** Checkpoints the log on its own thread (file stores). */
    readonly checkpointer?: SqliteCheckpointer,
  ) {}

  // A field, not a method: the store's methods are its API (benches wrap each one to time it).
  private readonly statement = (sql: string): Database.Statement => {
    let s = this.statements.get(sql);
    if (!s) this.statements.set(sql, (s = this.db.prepare(sql)));
    return s;
  };

  async addAgent(a: AgentRecord): Promise<void> {
    this.db.transaction(() => this.insertAgent(a)).immediate();
  }

  /** An agent and its starting rating (inside the caller's transaction). */
  private insertAgent(a: AgentRecord): void {
    this.statement(
      'INSERT INTO agents (id, game, spec, name, name_key, kind, owner_id, retired_at, created_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      a.id,
      a.game,
      a.spec,
      a.name,
      a.nameKey ?? nameKeyOf(a.name),
      a.kind,
      a.ownerId ?? null,
      a.retiredAt ?? null,
      a.createdAt,
    );
    this.statement('INSERT INTO ratings (agent_id, game, elo, games) VALUES (?, ?, ?, 0)').run(a.id, a.game, ELO_START);
  }

  async getAgent(id: string): Promise<AgentRecord | undefined> {
    const r = this.statement('SELECT * FROM agents WHERE id = ?').get(id) as Row | undefined;
    return r && toAgent(r);
  }

  async listAgents(game?: string): Promise<AgentRecord[]> {
    const rows =
      game === undefined
        ? this.statement('SELECT * FROM agents ORDER BY game, created_at, id').all()
        : this.statement('SELECT * FROM agents WHERE game = ? ORDER BY created_at, id').all(game);
    return (rows as Row[]).map(toAgent);
  }

  async findAgentByKey(game: string, kind: AgentKind, nameKey: string): Promise<AgentRecord | undefined> {
    const r = this.statement('SELECT * FROM agents WHERE game = ? AND kind = ? AND name_key = ?').get(
      game,
      kind,
      nameKey,
    ) as Row | undefined;
    return r && toAgent(r);
  }

  async retireAgent(id: string, at: string): Promise<boolean> {
    return (
      this.statement('UPDATE agents SET retired_at = ? WHERE id = ? AND retired_at IS NULL').run(at, id).changes === 1
    );
  }

  async listAgentsOwnedBy(ownerId: string): Promise<AgentRecord[]> {
    const rows = this.statement('SELECT * FROM agents WHERE owner_id = ? ORDER BY game, created_at, id').all(ownerId);
    return (rows as Row[]).map(toAgent);
  }

  async ratings(game: string): Promise<RatingRecord[]> {
    return (this.statement('SELECT * FROM ratings WHERE game = ? ORDER BY elo DESC, agent_id').all(game) as Row[]).map(
      toRating,
    );
  }

  async ratingsOf(agentIds: readonly string[]): Promise<RatingRecord[]> {
    if (agentIds.length === 0) return [];
    const sql = `SELECT * FROM ratings WHERE agent_id IN (${agentIds.map(() => '?').join(', ')})`;
    return (this.statement(sql).all(...agentIds) as Row[]).map(toRating);
  }

  async ratingHistory(game: string, afterSeq = 0, limit = -1): Promise<RatingPoint[]> {
    return (
      this.statement('SELECT * FROM rating_history WHERE game = ? AND seq > ? ORDER BY seq LIMIT ?').all(
        game,
        afterSeq,
        limit,
      ) as Row[]
    ).map((r) => ({
      seq: r.seq as number,
      agentId: r.agent_id as string,
      gameId: r.game_id as string,
      elo: r.elo as number,
      at: r.at as string,
    }));
  }

  async recordGame(g: GameRecord): Promise<Record<string, number>> {
    return this.db
      .transaction(() => {
        // The same game again (a job retried after its worker died) is recorded once; another result
        // under its id is refused.
        const stored = this.statement('SELECT * FROM games WHERE id = ?').get(g.id) as Row | undefined;
        if (stored) {
          if (sameGame(toGame(stored), g)) return {};
          throw new AgoraError('conflict', `game ${g.id} is already stored with another result`);
        }
        this.statement(
          'INSERT INTO games (id, game, players, seed, seats, actions, ranking, scores, returns, payoff_scale, ' +
            `truncated, overruns, resigned, timed_out, tournament_id, match_id, finished_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          g.id,
          g.game,
          g.players,
          g.seed,
          JSON.stringify(g.seats),
          JSON.stringify(g.actions),
          JSON.stringify(g.ranking),
          JSON.stringify(g.scores),
          g.returns ? JSON.stringify(g.returns) : null,
          g.payoffScale ?? null,
          g.truncated ? 1 : 0,
          g.overruns ? JSON.stringify(g.overruns) : null,
          g.resigned ?? null,
          g.timedOut ?? null,
          g.tournamentId ?? null,
          g.matchId ?? null,
          g.finishedAt,
        );
        const current: Record<string, number> = {};
        for (const id of new Set(g.seats)) {
          const r = this.statement('SELECT elo FROM ratings WHERE agent_id = ?').get(id) as Row | undefined;
          if (!r) throw new Error(`agent ${id} has no rating row`);
          current[id] = r.elo as number;
        }
        // The game's whole outcome: a game with a payoffScale is rated by its returns (pairs.ts).
        const delta = applyElo(current, g.seats, g);
        const update = this.statement(
          'UPDATE ratings SET elo = ?, games = games + ?, overruns = overruns + ? WHERE agent_id = ?',
        );
        const history = this.statement(
          'INSERT INTO rating_history (agent_id, game, game_id, elo, at) VALUES (?, ?, ?, ?, ?)',
        );
        const overruns = overrunsByAgent(g);
        for (const id of Object.keys(current)) {
          update.run(current[id], 1, overruns.get(id) ?? 0, id); // one game, however many seats the agent held in it
          history.run(id, g.game, g.id, current[id], g.finishedAt);
        }
        if (g.tournamentId) {
          this.statement('UPDATE tournaments SET games_done = games_done + 1 WHERE id = ?').run(g.tournamentId);
          this.statement(
            `UPDATE tournaments SET status = 'done' WHERE id = ? AND games_done >= games_total AND status = 'running'`,
          ).run(g.tournamentId);
        }
        if (g.matchId && !this.endMatch(g.matchId, 'done', g.id, g.finishedAt)) {
          // Only a live match ends with a game: one another process ended meanwhile (its idle sweep) keeps its end.
          throw new AgoraError('conflict', `match ${g.matchId} has ended already`);
        }
        return delta;
      })
      .immediate();
  }

  async getGame(id: string): Promise<GameRecord | undefined> {
    const r = this.statement('SELECT * FROM games WHERE id = ?').get(id) as Row | undefined;
    return r && toGame(r);
  }

  async listGames(game: string, limit = 50): Promise<GameRecord[]> {
    return (
      this.statement('SELECT * FROM games WHERE game = ? ORDER BY finished_at DESC, rowid DESC LIMIT ?').all(
        game,
        limit,
      ) as Row[]
    ).map(toGame);
  }

  async countGames(game: string): Promise<number> {
    return (this.statement('SELECT COUNT(*) AS n FROM games WHERE game = ?').get(game) as Row).n as number;
  }

  async tournamentGameIds(tournamentId: string): Promise<string[]> {
    return (this.statement('SELECT id FROM games WHERE tournament_id = ?').all(tournamentId) as Row[]).map(
      (r) => r.id as string,
    );
  }

  async listResults(game: string, afterSeq: number, limit: number): Promise<ResultRow[]> {
    return (
      this.statement(
        'SELECT rowid AS seq, players, seats, ranking, returns, payoff_scale, json_array_length(actions) AS length, ' +
          'truncated FROM games ' +
          'WHERE game = ? AND rowid > ? ORDER BY rowid LIMIT ?',
      ).all(game, afterSeq, limit) as Row[]
    ).map(toResult);
  }

  async getRatingSnapshot(game: string): Promise<RatingSnapshotRecord | undefined> {
    const row = this.statement('SELECT * FROM rating_snapshots WHERE game = ?').get(game) as Row | undefined;
    return row && toRatingSnapshot(row);
  }

  async putRatingSnapshot(s: RatingSnapshotRecord): Promise<void> {
    this.statement(
      'INSERT INTO rating_snapshots (game, games, seq, fitted_at, data) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (game) DO UPDATE SET games = excluded.games, seq = excluded.seq, ' +
        'fitted_at = excluded.fitted_at, data = excluded.data WHERE excluded.games >= rating_snapshots.games',
    ).run(s.game, s.games, s.seq, s.fittedAt, s.data);
  }

  async addTournament(t: TournamentRecord): Promise<void> {
    this.statement(
      'INSERT INTO tournaments (id, game, players, format, agent_ids, games_total, games_done, status, seed, ' +
        `error, requested_by, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      t.id,
      t.game,
      t.players,
      t.format,
      JSON.stringify(t.agentIds),
      t.gamesTotal,
      t.gamesDone,
      t.status,
      t.seed,
      t.error ?? null,
      t.requestedBy ?? null,
      t.createdAt,
    );
  }

  async getTournament(id: string): Promise<TournamentRecord | undefined> {
    const r = this.statement('SELECT * FROM tournaments WHERE id = ?').get(id) as Row | undefined;
    return r && toTournament(r);
  }

  async listTournaments(game?: string): Promise<TournamentRecord[]> {
    const rows =
      game === undefined
        ? this.statement('SELECT * FROM tournaments ORDER BY created_at DESC, rowid DESC').all()
        : this.statement('SELECT * FROM tournaments WHERE game = ? ORDER BY created_at DESC, rowid DESC').all(game);
    return (rows as Row[]).map(toTournament);
  }

  async setTournamentStatus(id: string, status: TournamentStatus, error?: string): Promise<void> {
    this.statement('UPDATE tournaments SET status = ?, error = ? WHERE id = ?').run(status, error ?? null, id);
  }

  async cancelTournament(id: string, reason: string): Promise<boolean> {
    return (
      this.statement(`UPDATE tournaments SET status = 'cancelled', error = ? WHERE id = ? AND status = 'running'`).run(
        reason,
        id,
      ).changes === 1
    );
  }

  async claimTournament(id: string, owner: string, now: string, until: string): Promise<boolean> {
    // One statement: SQLite's write lock makes the check and the claim one step, across connections too.
    const result = this.statement(
      `UPDATE tournaments SET owner = ?, lease_until = ?
      WHERE id = ? AND status = 'running' AND (owner IS NULL OR owner = ? OR lease_until IS NULL OR lease_until < ?)`,
    ).run(owner, until, id, owner, now);
    return result.changes === 1;
  }

  async releaseTournament(id: string, owner: string): Promise<void> {
    this.statement('UPDATE tournaments SET owner = NULL, lease_until = NULL WHERE id = ? AND owner = ?').run(id, owner);
  }

  async addMatch(m: MatchRecord, limits?: LiveMatchLimits, newAgent?: AgentRecord): Promise<LiveMatchCap | undefined> {
    return this.db
      .transaction(() => {
        if (limits && m.status === 'live') {
          const hit = this.liveCapHit(m, limits);
          if (hit) return hit;
        }
        if (newAgent) this.insertAgent(newAgent);
        this.statement(
          'INSERT INTO matches (id, game, players, seed, seats, actions, status, overruns, autoplay, opened_by, ' +
            `address, game_id, tournament_id, tournament_game_id, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          m.id,
          m.game,
          m.players,
          m.seed,
          JSON.stringify(m.seats),
          JSON.stringify(m.actions),
          m.status,
          m.overruns ? JSON.stringify(m.overruns) : null,
          m.autoplay ? 1 : 0,
          m.openedBy ?? null,
          m.address ?? null,
          m.gameId ?? null,
          m.tournament?.id ?? null,
          m.tournament?.gameId ?? null,
          m.createdAt,
          m.updatedAt,
        );
        if (m.status === 'live') {
          const seat = this.statement('INSERT OR IGNORE INTO live_match_seats (agent_id, match_id) VALUES (?, ?)');
          for (const s of m.seats) seat.run(s.agentId, m.id);
        }
        return undefined;
      })
      .immediate();
  }

  private liveCapHit(m: MatchRecord, limits: LiveMatchLimits): LiveMatchCap | undefined {
    const count = (sql: string, ...args: unknown[]) => (this.statement(sql).get(...args) as Row).n as number;
    if (count(`SELECT COUNT(*) AS n FROM matches WHERE status = 'live'`) >= limits.total) return 'total';
    if (
      limits.opener !== undefined &&
      m.openedBy !== undefined &&
      count(`SELECT COUNT(*) AS n FROM matches WHERE status = 'live' AND opened_by = ?`, m.openedBy) >= limits.opener
    )
      return 'opener';
    if (
      limits.address !== undefined &&
      m.address !== undefined &&
      count(`SELECT COUNT(*) AS n FROM matches WHERE status = 'live' AND address = ?`, m.address) >= limits.address
    )
      return 'address';
    return undefined;
  }

  async countLiveMatches(): Promise<number> {
    return (this.statement(`SELECT COUNT(*) AS n FROM matches WHERE status = 'live'`).get() as Row).n as number;
  }

  async idleMatches(before: string, limit: number): Promise<MatchRecord[]> {
    return (
      this.statement(
        `SELECT * FROM matches WHERE status = 'live' AND updated_at <= ? AND tournament_id IS NULL
        ORDER BY updated_at LIMIT ?`,
      ).all(before, limit) as Row[]
    ).map(toMatch);
  }

  async abortMatch(id: string, expectedLength: number, at: string): Promise<boolean> {
    return this.db
      .transaction(() => {
        const r = this.statement(`SELECT seats, actions FROM matches WHERE id = ? AND status = 'live'`).get(id) as
          Row | undefined;
        if (!r || (JSON.parse(r.actions as string) as number[]).length !== expectedLength) return false;
        this.endMatch(id, 'aborted', null, at);
        for (const seat of JSON.parse(r.seats as string) as MatchSeat[]) {
          if (seat.kind !== 'human') continue;
          // A guest's agent is made for its one match: unrated, it goes (an account's stays).
          const guest = `SELECT a.id FROM agents a JOIN ratings r ON r.agent_id = a.id
            WHERE a.id = ? AND a.owner_id IS NULL AND r.games = 0`;
          if (!this.statement(guest).get(seat.agentId)) continue;
          this.statement('DELETE FROM ratings WHERE agent_id = ?').run(seat.agentId);
          this.statement('DELETE FROM agents WHERE id = ?').run(seat.agentId);
        }
        return true;
      })
      .immediate();
  }

  async ladder(game: string, query: LadderQuery): Promise<{ total: number; rows: LadderRow[] }> {
    const where = `r.game = ? AND (a.kind = 'bot' OR (r.games > 0 AND (a.owner_id IS NOT NULL OR ?)))`;
    const guests = query.guests ? 1 : 0;
    const total = (
      this.statement(`SELECT COUNT(*) AS n FROM ratings r JOIN agents a ON a.id = r.agent_id WHERE ${where}`).get(
        game,
        guests,
      ) as Row
    ).n as number;
    const rows = this.statement(
      `SELECT a.*, r.agent_id, r.elo, r.games, r.overruns FROM ratings r JOIN agents a ON a.id = r.agent_id
      WHERE ${where} ORDER BY r.games > 0 DESC, r.elo DESC, a.id LIMIT ? OFFSET ?`,
    ).all(game, guests, query.limit, query.offset) as Row[];
    return { total, rows: rows.map((r) => ({ agent: toAgent(r), rating: toRating(r) })) };
  }

  /**
   * Takes a match out of 'live', in the caller's transaction: its status, game and time, and its
   * rows of live_match_seats (the index liveMatchesOf reads). Every way a match leaves 'live' goes
   * through here, so the index never lists an ended match. Only a live match ends: false, changing
   * nothing, for one that has ended already. A field, not a method (see statement).
   */
  private readonly endMatch = (
    id: string,
    status: Exclude<MatchStatus, 'live'>,
    gameId: string | null,
    at: string,
  ): boolean => {
    const ended = this.statement(
      `UPDATE matches SET status = ?, game_id = ?, updated_at = ? WHERE id = ? AND status = 'live'`,
    ).run(status, gameId, at, id);
    if (ended.changes !== 1) return false;
    this.statement('DELETE FROM live_match_seats WHERE match_id = ?').run(id);
    return true;
  };

  async liveMatchesOf(agentId: string): Promise<MatchRecord[]> {
    return (
      this.statement(
        'SELECT m.* FROM live_match_seats s JOIN matches m ON m.id = s.match_id ' +
          `WHERE s.agent_id = ? AND m.status = 'live' ORDER BY m.created_at, m.rowid`,
      ).all(agentId) as Row[]
    ).map(toMatch);
  }

  async liveTournamentMatch(tournamentGameId: string): Promise<MatchRecord | undefined> {
    const r = this.statement(`SELECT * FROM matches WHERE tournament_game_id = ? AND status = 'live'`).get(
      tournamentGameId,
    ) as Row | undefined;
    return r && toMatch(r);
  }

  async getMatch(id: string): Promise<MatchRecord | undefined> {
    const r = this.statement('SELECT * FROM matches WHERE id = ?').get(id) as Row | undefined;
    return r && toMatch(r);
  }

  async listMatches(status?: MatchStatus): Promise<MatchRecord[]> {
    const rows =
      status === undefined
        ? this.statement('SELECT * FROM matches ORDER BY created_at').all()
        : this.statement('SELECT * FROM matches WHERE status = ? ORDER BY created_at').all(status);
    return (rows as Row[]).map(toMatch);
  }

  async appendMatchActions(
    id: string,
    expectedLength: number,
    actions: number[],
    at: string,
    overruns?: number[],
  ): Promise<boolean> {
    return this.db
      .transaction(() => {
        const r = this.statement(`SELECT actions, overruns FROM matches WHERE id = ? AND status = 'live'`).get(id) as
          Row | undefined;
        if (!r) return false;
        const current = JSON.parse(r.actions as string) as number[];
        if (current.length !== expectedLength) return false;
        this.statement('UPDATE matches SET actions = ?, overruns = ?, updated_at = ? WHERE id = ?').run(
          JSON.stringify([...current, ...actions]),
          overruns ? JSON.stringify(overruns) : (r.overruns ?? null),
          at,
          id,
        );
        return true;
      })
      .immediate();
  }

  async addUser(u: UserRecord): Promise<void> {
    this.statement('INSERT INTO users (id, name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?)').run(
      u.id,
      u.name,
      u.nameKey,
      u.passwordHash,
      u.createdAt,
    );
  }

  async getUser(id: string): Promise<UserRecord | undefined> {
    const r = this.statement('SELECT * FROM users WHERE id = ?').get(id) as Row | undefined;
    return r && toUser(r);
  }

  async findUserByKey(nameKey: string): Promise<UserRecord | undefined> {
    const r = this.statement('SELECT * FROM users WHERE name_key = ?').get(nameKey) as Row | undefined;
    return r && toUser(r);
  }

  async addSession(s: SessionRecord): Promise<void> {
    this.statement('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
      s.tokenHash,
      s.userId,
      s.createdAt,
      s.expiresAt,
    );
  }

  async getSession(tokenHash: string): Promise<SessionRecord | undefined> {
    const r = this.statement('SELECT * FROM sessions WHERE token_hash = ?').get(tokenHash) as Row | undefined;
    return r && toSession(r);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.statement('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
  }

  async addApiKey(k: ApiKeyRecord): Promise<void> {
    this.statement('INSERT INTO api_keys (id, user_id, label, key_hash, created_at) VALUES (?, ?, ?, ?, ?)').run(
      k.id,
      k.userId,
      k.label,
      k.keyHash,
      k.createdAt,
    );
  }

  async listApiKeys(userId: string): Promise<ApiKeyRecord[]> {
    return (
      this.statement('SELECT * FROM api_keys WHERE user_id = ? ORDER BY created_at, rowid').all(userId) as Row[]
    ).map(toApiKey);
  }

  async useApiKey(keyHash: string, at: string): Promise<ApiKeyRecord | undefined> {
    const r = this.statement(
      'UPDATE api_keys SET last_used_at = ? WHERE key_hash = ? AND revoked_at IS NULL RETURNING *',
    ).get(at, keyHash) as Row | undefined;
    return r && toApiKey(r);
  }

  async revokeApiKey(userId: string, id: string, at: string): Promise<boolean> {
    return (
      this.statement('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL').run(
        at,
        id,
        userId,
      ).changes === 1
    );
  }

  async addExternalBot(b: ExternalBotRecord): Promise<void> {
    this.statement(
      'INSERT INTO external_bots (agent_id, token_hash, token_created_at, online, missed_in_a_row) ' +
        'VALUES (?, ?, ?, ?, ?)',
    ).run(b.agentId, b.tokenHash, b.tokenCreatedAt, b.online ? 1 : 0, b.missedInARow);
  }

  async getExternalBot(agentId: string): Promise<ExternalBotRecord | undefined> {
    const r = this.statement('SELECT * FROM external_bots WHERE agent_id = ?').get(agentId) as Row | undefined;
    return r && toExternalBot(r);
  }

  async findExternalBotByToken(tokenHash: string): Promise<ExternalBotRecord | undefined> {
    const r = this.statement('SELECT * FROM external_bots WHERE token_hash = ?').get(tokenHash) as Row | undefined;
    return r && toExternalBot(r);
  }

  async setExternalBotToken(agentId: string, tokenHash: string | null, at: string): Promise<boolean> {
    const sql =
      tokenHash === null
        ? 'UPDATE external_bots SET token_hash = NULL, token_revoked_at = ?, online = 0 WHERE agent_id = ?'
        : 'UPDATE external_bots SET token_hash = ?, token_created_at = ?, token_revoked_at = NULL WHERE agent_id = ?';
    const args = tokenHash === null ? [at, agentId] : [tokenHash, at, agentId];
    return this.statement(sql).run(...args).changes === 1;
  }

  async setExternalBotPresence(agentId: string, online: boolean, missedInARow: number): Promise<void> {
    this.statement('UPDATE external_bots SET online = ?, missed_in_a_row = ? WHERE agent_id = ?').run(
      online ? 1 : 0,
      missedInARow,
      agentId,
    );
  }

  async secret(name: string, value: string): Promise<string> {
    this.statement('INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(name, value);
    return (this.statement('SELECT value FROM secrets WHERE name = ?').get(name) as Row).value as string;
  }

  async close(): Promise<void> {
    await this.checkpointer?.stop();
    this.db.close();
  }
}
