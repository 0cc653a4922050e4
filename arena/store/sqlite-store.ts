import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ELO_START, applyElo } from '../ratings/elo.js';
import { AgoraError } from '../../envs/index.js';
import { MIGRATIONS } from './migrations.js';
import { sameGame } from './same-game.js';
import type {
  AgentRecord, GameRecord, MatchRecord, MatchStatus, RatingPoint, RatingRecord, Store, TournamentRecord, TournamentStatus,
} from './store.js';

type Row = Record<string, unknown>;

/**
 * The embedded store: one SQLite file (or ':memory:'). WAL journal: a killed process loses no
 * committed transaction, and readers never wait for the writer.
 */
export function openSqliteStore(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return new SqliteStore(db);
}

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

const toAgent = (r: Row): AgentRecord => ({
  id: r.id as string, game: r.game as string, spec: r.spec as string, name: r.name as string,
  kind: r.kind as AgentRecord['kind'], createdAt: r.created_at as string,
});

const toGame = (r: Row): GameRecord => ({
  id: r.id as string, game: r.game as string, players: r.players as number, seed: r.seed as string,
  seats: JSON.parse(r.seats as string), actions: JSON.parse(r.actions as string), ranking: JSON.parse(r.ranking as string),
  scores: JSON.parse(r.scores as string), truncated: r.truncated === 1,
  ...(r.tournament_id ? { tournamentId: r.tournament_id as string } : {}),
  ...(r.match_id ? { matchId: r.match_id as string } : {}),
  finishedAt: r.finished_at as string,
});

const toTournament = (r: Row): TournamentRecord => ({
  id: r.id as string, game: r.game as string, players: r.players as number, format: r.format as TournamentRecord['format'],
  agentIds: JSON.parse(r.agent_ids as string), gamesTotal: r.games_total as number, gamesDone: r.games_done as number,
  status: r.status as TournamentStatus, seed: r.seed as string, ...(r.error ? { error: r.error as string } : {}),
  createdAt: r.created_at as string,
});

const toMatch = (r: Row): MatchRecord => ({
  id: r.id as string, game: r.game as string, players: r.players as number, seed: r.seed as string,
  seats: JSON.parse(r.seats as string), actions: JSON.parse(r.actions as string), status: r.status as MatchStatus,
  ...(r.game_id ? { gameId: r.game_id as string } : {}),
  createdAt: r.created_at as string, updatedAt: r.updated_at as string,
});

class SqliteStore implements Store {
  constructor(private readonly db: Database.Database) {}

  async addAgent(a: AgentRecord): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO agents (id, game, spec, name, kind, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(a.id, a.game, a.spec, a.name, a.kind, a.createdAt);
      this.db.prepare('INSERT INTO ratings (agent_id, game, elo, games) VALUES (?, ?, ?, 0)').run(a.id, a.game, ELO_START);
    })();
  }

  async getAgent(id: string): Promise<AgentRecord | undefined> {
    const r = this.db.prepare('SELECT * FROM agents WHERE id = ?').get(id) as Row | undefined;
    return r && toAgent(r);
  }

  async listAgents(game?: string): Promise<AgentRecord[]> {
    const rows = game === undefined
      ? this.db.prepare('SELECT * FROM agents ORDER BY game, created_at, id').all()
      : this.db.prepare('SELECT * FROM agents WHERE game = ? ORDER BY created_at, id').all(game);
    return (rows as Row[]).map(toAgent);
  }

  async findAgentByName(game: string, name: string): Promise<AgentRecord | undefined> {
    const r = this.db.prepare('SELECT * FROM agents WHERE game = ? AND name = ?').get(game, name) as Row | undefined;
    return r && toAgent(r);
  }

  async ratings(game: string): Promise<RatingRecord[]> {
    return (this.db.prepare('SELECT * FROM ratings WHERE game = ? ORDER BY elo DESC').all(game) as Row[]).map((r) => ({
      agentId: r.agent_id as string, game: r.game as string, elo: r.elo as number, games: r.games as number,
    }));
  }

  async ratingHistory(game: string): Promise<RatingPoint[]> {
    return (this.db.prepare('SELECT * FROM rating_history WHERE game = ? ORDER BY seq').all(game) as Row[]).map((r) => ({
      agentId: r.agent_id as string, gameId: r.game_id as string, elo: r.elo as number, at: r.at as string,
    }));
  }

  async recordGame(g: GameRecord): Promise<Record<string, number>> {
    return this.db.transaction(() => {
      // The same game again (a job retried after its worker died) is recorded once; another result under its id is refused.
      const stored = this.db.prepare('SELECT * FROM games WHERE id = ?').get(g.id) as Row | undefined;
      if (stored) {
        if (sameGame(toGame(stored), g)) return {};
        throw new AgoraError('conflict', `game ${g.id} is already stored with another result`);
      }
      this.db.prepare(`INSERT INTO games (id, game, players, seed, seats, actions, ranking, scores, truncated, tournament_id, match_id, finished_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
        g.id, g.game, g.players, g.seed, JSON.stringify(g.seats), JSON.stringify(g.actions), JSON.stringify(g.ranking),
        JSON.stringify(g.scores), g.truncated ? 1 : 0, g.tournamentId ?? null, g.matchId ?? null, g.finishedAt,
      );
      const current: Record<string, number> = {};
      for (const id of new Set(g.seats)) {
        const r = this.db.prepare('SELECT elo FROM ratings WHERE agent_id = ?').get(id) as Row | undefined;
        if (!r) throw new Error(`agent ${id} has no rating row`);
        current[id] = r.elo as number;
      }
      const delta = applyElo(current, g.seats, g.ranking);
      const update = this.db.prepare('UPDATE ratings SET elo = ?, games = games + ? WHERE agent_id = ?');
      const history = this.db.prepare('INSERT INTO rating_history (agent_id, game, game_id, elo, at) VALUES (?, ?, ?, ?, ?)');
      for (const id of Object.keys(current)) {
        update.run(current[id], 1, id); // one game, however many seats the agent held in it
        history.run(id, g.game, g.id, current[id], g.finishedAt);
      }
      if (g.tournamentId) {
        this.db.prepare('UPDATE tournaments SET games_done = games_done + 1 WHERE id = ?').run(g.tournamentId);
        this.db.prepare(`UPDATE tournaments SET status = 'done' WHERE id = ? AND games_done >= games_total AND status = 'running'`)
          .run(g.tournamentId);
      }
      if (g.matchId) {
        this.db.prepare(`UPDATE matches SET status = 'done', game_id = ?, updated_at = ? WHERE id = ?`).run(g.id, g.finishedAt, g.matchId);
      }
      return delta;
    })();
  }

  async getGame(id: string): Promise<GameRecord | undefined> {
    const r = this.db.prepare('SELECT * FROM games WHERE id = ?').get(id) as Row | undefined;
    return r && toGame(r);
  }

  async listGames(game: string, limit = 50): Promise<GameRecord[]> {
    return (this.db.prepare('SELECT * FROM games WHERE game = ? ORDER BY finished_at DESC, rowid DESC LIMIT ?').all(game, limit) as Row[]).map(toGame);
  }

  async countGames(game: string): Promise<number> {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM games WHERE game = ?').get(game) as Row).n as number;
  }

  async addTournament(t: TournamentRecord): Promise<void> {
    this.db.prepare(`INSERT INTO tournaments (id, game, players, format, agent_ids, games_total, games_done, status, seed, error, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      t.id, t.game, t.players, t.format, JSON.stringify(t.agentIds), t.gamesTotal, t.gamesDone, t.status, t.seed, t.error ?? null, t.createdAt,
    );
  }

  async getTournament(id: string): Promise<TournamentRecord | undefined> {
    const r = this.db.prepare('SELECT * FROM tournaments WHERE id = ?').get(id) as Row | undefined;
    return r && toTournament(r);
  }

  async listTournaments(game?: string): Promise<TournamentRecord[]> {
    const rows = game === undefined
      ? this.db.prepare('SELECT * FROM tournaments ORDER BY created_at DESC, rowid DESC').all()
      : this.db.prepare('SELECT * FROM tournaments WHERE game = ? ORDER BY created_at DESC, rowid DESC').all(game);
    return (rows as Row[]).map(toTournament);
  }

  async setTournamentStatus(id: string, status: TournamentStatus, error?: string): Promise<void> {
    this.db.prepare('UPDATE tournaments SET status = ?, error = ? WHERE id = ?').run(status, error ?? null, id);
  }

  async claimTournament(id: string, owner: string, now: string, until: string): Promise<boolean> {
    // One statement: SQLite's write lock makes the check and the claim one step, across connections too.
    const result = this.db.prepare(`UPDATE tournaments SET owner = ?, lease_until = ?
      WHERE id = ? AND status = 'running' AND (owner IS NULL OR owner = ? OR lease_until IS NULL OR lease_until < ?)`)
      .run(owner, until, id, owner, now);
    return result.changes === 1;
  }

  async releaseTournament(id: string, owner: string): Promise<void> {
    this.db.prepare('UPDATE tournaments SET owner = NULL, lease_until = NULL WHERE id = ? AND owner = ?').run(id, owner);
  }

  async addMatch(m: MatchRecord): Promise<void> {
    this.db.prepare(`INSERT INTO matches (id, game, players, seed, seats, actions, status, game_id, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      m.id, m.game, m.players, m.seed, JSON.stringify(m.seats), JSON.stringify(m.actions), m.status, m.gameId ?? null, m.createdAt, m.updatedAt,
    );
  }

  async getMatch(id: string): Promise<MatchRecord | undefined> {
    const r = this.db.prepare('SELECT * FROM matches WHERE id = ?').get(id) as Row | undefined;
    return r && toMatch(r);
  }

  async listMatches(status?: MatchStatus): Promise<MatchRecord[]> {
    const rows = status === undefined
      ? this.db.prepare('SELECT * FROM matches ORDER BY created_at').all()
      : this.db.prepare('SELECT * FROM matches WHERE status = ? ORDER BY created_at').all(status);
    return (rows as Row[]).map(toMatch);
  }

  async appendMatchActions(id: string, expectedLength: number, actions: number[], at: string): Promise<boolean> {
    return this.db.transaction(() => {
      const r = this.db.prepare(`SELECT actions FROM matches WHERE id = ? AND status = 'live'`).get(id) as Row | undefined;
      if (!r) return false;
      const current = JSON.parse(r.actions as string) as number[];
      if (current.length !== expectedLength) return false;
      this.db.prepare('UPDATE matches SET actions = ?, updated_at = ? WHERE id = ?').run(JSON.stringify([...current, ...actions]), at, id);
      return true;
    })();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
