/**
 * The schema step that keeps every finished game's returns (issue 36): `games` gains `returns` (per
 * seat, in the game's unit) and `payoff_scale` (set for games with their own payoffs), and the
 * games stored before are filled in from what was stored (recomputedReturns):
 *  - a ranking-based game's returns come from its ranking, as the kit computes them
 *    (returnsFromRanking): its ratings, history and snapshot stay exactly as they are;
 *  - a payoff game's (Kuhn poker's) are replayed from its seed and actions (a resignation's from
 *    its ranking), and since those games were rated by who won the hand, their Elo is computed
 *    again from the start, game by game in the order they were rated (their first rating point),
 *    over the returns: each rating point and each agent's Elo becomes what it would have been had
 *    the games been rated by chips. Their stored Bradley-Terry snapshots go, so the next refit fits
 *    the chips. A game that no longer replays to its stored ranking keeps no returns and stays
 *    rated by its places.
 * Games of a name the registry does not know count as ranking-based (every game was, before
 * payoffs). Both stores run it in their migration transaction.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { applyElo, ELO_START } from '../../play/index.js';
import { GAMES, returnsFromRanking, type GameDefinition } from '../../envs/index.js';
import { payoffScaleOf } from '../../agents/index.js';
import { recomputedReturns } from './game-returns.js';

/** The registry's games with their own payoffs, by name. */
function payoffGames(): Map<string, GameDefinition> {
  return new Map(
    Object.values(GAMES as Record<string, GameDefinition>)
      .filter((def) => def.returnUnit !== 'rank')
      .map((def) => [def.name, def]),
  );
}

/** A stored game of a payoff game, in the order it was rated; JSON columns already parsed. */
interface PayoffRow {
  id: string;
  game: string;
  players: number;
  seed: string;
  seats: string[];
  actions: number[];
  ranking: number[];
  resigned: number | null;
  /** Its first rating point's seq: null if it has none (then it never moved a rating). */
  first: number | null;
}

interface PayoffBackfill {
  games: { id: string; returns: number[] | null; payoffScale: number }[];
  /** Each rating point's Elo again, by game id and agent id. */
  points: { gameId: string; agentId: string; elo: number }[];
  /** The agents' Elo after all their games. */
  elo: Map<string, number>;
}

/** Returns, rating points and Elo of payoff games' rows (given in rating order), computed again. */
function backfillPayoffGames(rows: readonly PayoffRow[], defs: Map<string, GameDefinition>): PayoffBackfill {
  const out: PayoffBackfill = { games: [], points: [], elo: new Map() };
  const ratings: Record<string, number> = {};
  for (const row of rows) {
    const def = defs.get(row.game)!;
    const returns = recomputedReturns(def, row) ?? null;
    const { payoffScale } = payoffScaleOf(def);
    out.games.push({ id: row.id, returns, payoffScale: payoffScale! });
    if (row.first === null) continue;
    for (const id of row.seats) ratings[id] ??= ELO_START;
    applyElo(ratings, row.seats, { ranking: row.ranking, ...(returns ? { returns } : {}), payoffScale });
    for (const id of new Set(row.seats)) {
      out.points.push({ gameId: row.id, agentId: id, elo: ratings[id] });
      out.elo.set(id, ratings[id]);
    }
  }
  return out;
}

const PAYOFF_COLUMNS = 'g.id, g.game, g.players, g.seed, g.seats, g.actions, g.ranking, g.resigned';

/** The SQLite schema step (migrations.ts). */
export function addReturnsInSqlite(db: Database.Database): void {
  db.exec('ALTER TABLE games ADD COLUMN returns TEXT; ALTER TABLE games ADD COLUMN payoff_scale REAL;');
  const defs = payoffGames();
  const names = [...defs.keys()];
  const marks = names.map(() => '?').join(', ');
  // Ranking-based games: from the ranking, row by row (a prepared statement; no replay).
  const setRanked = db.prepare('UPDATE games SET returns = ? WHERE rowid = ?');
  const ranked = db.prepare(`SELECT rowid, ranking FROM games WHERE game NOT IN (${marks})`);
  for (const r of ranked.all(...names) as { rowid: number; ranking: string }[]) {
    setRanked.run(JSON.stringify(returnsFromRanking(JSON.parse(r.ranking) as number[])), r.rowid);
  }
  if (names.length === 0) return;
  const rows = (
    db
      .prepare(
        `SELECT ${PAYOFF_COLUMNS}, f.first FROM games g LEFT JOIN (SELECT game_id, MIN(seq) AS first ` +
          `FROM rating_history WHERE game IN (${marks}) GROUP BY game_id) f ON f.game_id = g.id ` +
          `WHERE g.game IN (${marks}) ORDER BY f.first IS NULL, f.first, g.rowid`,
      )
      .all(...names, ...names) as Record<string, unknown>[]
  ).map((r): PayoffRow => ({
    id: r.id as string,
    game: r.game as string,
    players: r.players as number,
    seed: r.seed as string,
    seats: JSON.parse(r.seats as string) as string[],
    actions: JSON.parse(r.actions as string) as number[],
    ranking: JSON.parse(r.ranking as string) as number[],
    resigned: (r.resigned as number | null) ?? null,
    first: (r.first as number | null) ?? null,
  }));
  const fill = backfillPayoffGames(rows, defs);
  const setGame = db.prepare('UPDATE games SET returns = ?, payoff_scale = ? WHERE id = ?');
  for (const g of fill.games) setGame.run(g.returns && JSON.stringify(g.returns), g.payoffScale, g.id);
  const setPoint = db.prepare('UPDATE rating_history SET elo = ? WHERE game_id = ? AND agent_id = ?');
  for (const p of fill.points) setPoint.run(p.elo, p.gameId, p.agentId);
  const setElo = db.prepare('UPDATE ratings SET elo = ? WHERE agent_id = ?');
  for (const [id, elo] of fill.elo) setElo.run(elo, id);
  db.prepare(`DELETE FROM rating_snapshots WHERE game IN (${marks})`).run(...names);
}

/** Rows a PostgreSQL update sends at once. */
const BATCH = 5_000;

async function inBatches<T>(items: readonly T[], run: (batch: readonly T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await run(items.slice(i, i + BATCH));
}

/** The PostgreSQL schema step (pg-migrations.ts), in the migration's transaction. */
export async function addReturnsInPg(client: pg.PoolClient): Promise<void> {
  await client.query('ALTER TABLE games ADD COLUMN returns JSONB, ADD COLUMN payoff_scale DOUBLE PRECISION');
  const defs = payoffGames();
  const names = [...defs.keys()];
  const ranked = (await client.query('SELECT id, ranking FROM games WHERE game <> ALL($1::text[])', [names])).rows as {
    id: string;
    ranking: number[];
  }[];
  await inBatches(ranked, (batch) =>
    client.query(
      'UPDATE games g SET returns = v.returns::jsonb FROM unnest($1::text[], $2::text[]) AS v(id, returns) ' +
        'WHERE g.id = v.id',
      [batch.map((r) => r.id), batch.map((r) => JSON.stringify(returnsFromRanking(r.ranking)))],
    ),
  );
  if (names.length === 0) return;
  const rows = (
    await client.query(
      `SELECT ${PAYOFF_COLUMNS}, f.first FROM games g LEFT JOIN (SELECT game_id, MIN(seq) AS first ` +
        'FROM rating_history WHERE game = ANY($1::text[]) GROUP BY game_id) f ON f.game_id = g.id ' +
        'WHERE g.game = ANY($1::text[]) ORDER BY f.first NULLS LAST, g.seq',
      [names],
    )
  ).rows.map((r: Record<string, unknown>): PayoffRow => ({
    id: r.id as string,
    game: r.game as string,
    players: r.players as number,
    seed: r.seed as string,
    seats: r.seats as string[],
    actions: r.actions as number[],
    ranking: r.ranking as number[],
    resigned: (r.resigned as number | null) ?? null,
    first: r.first === null ? null : Number(r.first),
  }));
  const fill = backfillPayoffGames(rows, defs);
  await inBatches(fill.games, (batch) =>
    client.query(
      'UPDATE games g SET returns = v.returns::jsonb, payoff_scale = v.scale ' +
        'FROM unnest($1::text[], $2::text[], $3::float8[]) AS v(id, returns, scale) WHERE g.id = v.id',
      [
        batch.map((g) => g.id),
        batch.map((g) => g.returns && JSON.stringify(g.returns)),
        batch.map((g) => g.payoffScale),
      ],
    ),
  );
  await inBatches(fill.points, (batch) =>
    client.query(
      'UPDATE rating_history h SET elo = v.elo ' +
        'FROM unnest($1::text[], $2::text[], $3::float8[]) AS v(game_id, agent_id, elo) ' +
        'WHERE h.game_id = v.game_id AND h.agent_id = v.agent_id',
      [batch.map((p) => p.gameId), batch.map((p) => p.agentId), batch.map((p) => p.elo)],
    ),
  );
  const elo = [...fill.elo];
  await inBatches(elo, (batch) =>
    client.query(
      'UPDATE ratings r SET elo = v.elo FROM unnest($1::text[], $2::float8[]) AS v(agent_id, elo) ' +
        'WHERE r.agent_id = v.agent_id',
      [batch.map(([id]) => id), batch.map(([, e]) => e)],
    ),
  );
  await client.query('DELETE FROM rating_snapshots WHERE game = ANY($1::text[])', [names]);
}
