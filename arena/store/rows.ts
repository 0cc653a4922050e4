import type {
  ApiKeyRecord,
  ExternalBotRecord,
  RatingRecord,
  RatingSnapshotRecord,
  ResultRow,
  SessionRecord,
  UserRecord,
} from './store.js';

type Row = Record<string, unknown>;

/** Row mappers both stores share (columns that are plain text in either dialect). */
export const toUser = (r: Row): UserRecord => ({
  id: r.id as string,
  name: r.name as string,
  nameKey: r.name_key as string,
  passwordHash: r.password_hash as string,
  createdAt: r.created_at as string,
});

export const toRating = (r: Row): RatingRecord => ({
  agentId: r.agent_id as string,
  game: r.game as string,
  elo: r.elo as number,
  games: r.games as number,
  overruns: r.overruns as number,
});

export const toApiKey = (r: Row): ApiKeyRecord => ({
  id: r.id as string,
  userId: r.user_id as string,
  label: r.label as string,
  keyHash: r.key_hash as string,
  createdAt: r.created_at as string,
  ...(r.last_used_at ? { lastUsedAt: r.last_used_at as string } : {}),
  ...(r.revoked_at ? { revokedAt: r.revoked_at as string } : {}),
});

export const toSession = (r: Row): SessionRecord => ({
  tokenHash: r.token_hash as string,
  userId: r.user_id as string,
  createdAt: r.created_at as string,
  expiresAt: r.expires_at as string,
});

/** `online` is 0/1 in SQLite and a boolean in PostgreSQL. */
export const toExternalBot = (r: Row): ExternalBotRecord => ({
  agentId: r.agent_id as string,
  tokenHash: (r.token_hash as string | null) ?? null,
  tokenCreatedAt: r.token_created_at as string,
  ...(r.token_revoked_at ? { tokenRevokedAt: r.token_revoked_at as string } : {}),
  online: Boolean(r.online),
  missedInARow: Number(r.missed_in_a_row),
});

/** JSON columns are text in SQLite and parsed JSONB in PostgreSQL. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** seq is a BIGINT (a string) in PostgreSQL; truncated 0/1 in SQLite; returns and payoff_scale null when absent. */
export const toResult = (r: Row): ResultRow => ({
  seq: Number(r.seq),
  players: Number(r.players),
  seats: json<string[]>(r.seats),
  ranking: json<number[]>(r.ranking),
  ...(r.returns !== null && r.returns !== undefined ? { returns: json<number[]>(r.returns) } : {}),
  ...(r.payoff_scale !== null && r.payoff_scale !== undefined ? { payoffScale: Number(r.payoff_scale) } : {}),
  length: Number(r.length),
  truncated: Boolean(r.truncated),
});

export const toRatingSnapshot = (r: Row): RatingSnapshotRecord => ({
  game: r.game as string,
  games: Number(r.games),
  seq: Number(r.seq),
  fittedAt: r.fitted_at as string,
  data: r.data as string,
});
