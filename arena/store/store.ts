/**
 * The arena's storage interface. SQLite (better-sqlite3) implements it by default; the interface
 * is asynchronous so a networked database can implement it too. Every write that spans records
 * (a finished game, its ratings and their history) is one transaction.
 */
import { skeleton } from '../accounts/confusables.js';

export type AgentKind = 'bot' | 'human';

export interface AgentRecord {
  id: string;
  game: string;
  /** makeAgent spec for bots; 'human' for people. */
  spec: string;
  /** Display name. People and bots are separate namespaces: unique per game and kind, without regard to case. */
  name: string;
  /**
   * The uniqueness key of the name (arena/accounts/names.ts: NFKC, case-folded); when omitted the
   * store derives it with nameKeyOf. Rows from before accounts existed hold `legacy:<id>` for people.
   */
  nameKey?: string;
  kind: AgentKind;
  /**
   * The account that owns it: the person's account, or the account that registered a bot. None
   * for the operator's roster and for guests.
   */
  ownerId?: string;
  /** When an operator retired it: it keeps its ratings but no longer takes new games. */
  retiredAt?: string;
  createdAt: string;
}

/** Overruns per agent id (an agent holding several seats sums them). */
export function overrunsByAgent(g: GameRecord): Map<string, number> {
  const out = new Map<string, number>();
  g.seats.forEach((id, seat) => out.set(id, (out.get(id) ?? 0) + (g.overruns?.[seat] ?? 0)));
  return out;
}

/** Case folding by upper- then lower-casing: 'ß' ~ 'SS' ~ 'ss' and 'ς' ~ 'σ' (toLowerCase alone keeps them apart). */
const foldCase = (text: string): string => text.toUpperCase().toLowerCase();

/** Rounds of nameKeyOf before it stops changing: 3 at most over every letter, mark and digit of Unicode 17. */
const MAX_KEY_ROUNDS = 8;

/**
 * The uniqueness key of a display name: the one place keys are derived (arena/accounts/names.ts, the
 * stores and their migrations all call it). Two names share a key when they differ only in case,
 * width or compatibility form (NFKC), or look alike by Unicode's confusables table (UTS #39
 * skeletons): 'Alice', 'ALICE', 'ａｌｉｃｅ' and Cyrillic 'аlice' are one name, and so are '0', 'O'
 * and 'o', and 'l', '1' and 'I'. Case and look-alikes are folded together: the skeleton of the
 * upper-case form ('I' -> 'l', '0' -> 'O'), case folded, then the skeleton of that ('m' -> 'rn'),
 * case folded again, until nothing changes; so the key of a key is itself. Locale-independent on
 * purpose: toLocaleLowerCase would give a Turkish server other keys. Changing this (or the
 * confusables table) changes stored keys: add a schema step that recomputes them
 * (arena/store/rekey-names.ts).
 */
export function nameKeyOf(name: string): string {
  let key = name.normalize('NFKC');
  for (let round = 0; round < MAX_KEY_ROUNDS; round++) {
    const next = foldCase(skeleton(foldCase(skeleton(key.toUpperCase()))));
    if (next === key) break;
    key = next;
  }
  return key;
}

/**
 * The key names had before look-alikes were folded in (NFKC, case folded). Only to find the accounts
 * that the recomputation of keys had to set apart: their key is `<key>#<former key>`
 * (arena/store/rekey-names.ts).
 */
export function formerNameKeyOf(name: string): string {
  return foldCase(name.normalize('NFKC'));
}

export interface RatingRecord {
  agentId: string;
  game: string;
  elo: number;
  /** Rated games played (a game counts once even if the agent held several seats). */
  games: number;
  /** Decisions that overran the wall-clock budget (each was played as a seeded random legal action). */
  overruns: number;
}

export interface RatingPoint {
  /** The store's order of rating points (readers page through them by it). */
  seq: number;
  agentId: string;
  gameId: string;
  elo: number;
  at: string;
}

/** A finished game: with the seed and actions, enough to replay it exactly. */
export interface GameRecord {
  id: string;
  game: string;
  players: number;
  seed: string;
  /** Agent id per seat. */
  seats: string[];
  actions: number[];
  ranking: number[];
  scores: number[];
  /**
   * Every seat's return in the game's unit (GameDefinition.returnUnit): state.returns() (chips for
   * Kuhn poker, returnsFromRanking for ranking-based games), or resignedReturns for a resignation.
   * Written with every game (gameReturns in game-returns.ts). Absent only on a game stored before
   * returns were kept whose seed and actions no longer replay to its stored result (the schema step
   * that added them recomputes the rest): such a game is rated by its places.
   */
  returns?: number[];
  /**
   * Set only for a game with its own payoffs (returnUnit is not 'rank'): its returnScale when it was
   * played (payoffScaleOf). Elo and Bradley-Terry then score each pair of seats by their return
   * difference (play/ratings/pairs.ts); without it, by their places, as always.
   */
  payoffScale?: number;
  truncated: boolean;
  /** Per seat, decisions that overran their budget and were played as a seeded random legal action. */
  overruns?: number[];
  /** The seat that resigned (the game ended there: that seat last, the others sharing first). */
  resigned?: number;
  /** The seat whose person did not move within the idle limit: ranked as a resignation, lost on time. */
  timedOut?: number;
  tournamentId?: string;
  matchId?: string;
  finishedAt: string;
}

/**
 * What a rating fit reads of a stored game: its seats and outcome (a RatedOutcome: ranking, returns
 * and, for a game with payoffs, payoffScale), not its actions.
 */
export interface ResultRow {
  /** The store's insertion order (rowid / seq): fits read the games added after the last one they saw. */
  seq: number;
  players: number;
  seats: string[];
  ranking: number[];
  /** As GameRecord.returns. */
  returns?: number[];
  /** As GameRecord.payoffScale. */
  payoffScale?: number;
  /** Decisions in the game. */
  length: number;
  truncated: boolean;
}

/**
 * A game's Bradley-Terry fit as the leaderboard serves it (arena/ratings/): computed off the request
 * path over the first `games` stored games (up to store order `seq`), kept until the next refit.
 */
export interface RatingSnapshotRecord {
  game: string;
  games: number;
  seq: number;
  fittedAt: string;
  /** The fit and balance figures, as JSON (arena/ratings/snapshot.ts). */
  data: string;
}

export type TournamentStatus = 'running' | 'done' | 'failed' | 'cancelled';

export interface TournamentRecord {
  id: string;
  game: string;
  players: number;
  format: 'round-robin' | 'gauntlet';
  agentIds: string[];
  gamesTotal: number;
  gamesDone: number;
  status: TournamentStatus;
  /** The secret root of its games' seeds (never shown while it runs). */
  seed: string;
  error?: string;
  /** The account that asked for it (none for the arena's own ladders). */
  requestedBy?: string;
  createdAt: string;
}

export interface MatchSeat {
  agentId: string;
  kind: AgentKind;
  name: string;
  /** sha256 of the seat's secret token (people only); the token itself is never stored. */
  tokenHash?: string;
}

/** 'aborted': a people's match the person never moved in, ended unrated when it went idle (no game stored). */
export type MatchStatus = 'live' | 'done' | 'aborted';

/**
 * Caps checked in the same transaction that adds a live match, so concurrent requests cannot pass
 * them together: live matches in all, of one opener (an account or a guest), and from one address.
 */
export interface LiveMatchLimits {
  total: number;
  opener?: number;
  address?: number;
}

/** Which cap a refused match hit. */
export type LiveMatchCap = keyof LiveMatchLimits;

/** A row of a game's ladder: the agent and its rating. */
export interface LadderRow {
  agent: AgentRecord;
  rating: RatingRecord;
}

/** Which rows a ladder page holds: bots always, people once they have a rated game, guests only on request. */
export interface LadderQuery {
  guests: boolean;
  offset: number;
  limit: number;
}

/** A game a person plays against bots, stored move by move so a restart loses nothing. */
export interface MatchRecord {
  id: string;
  game: string;
  players: number;
  seed: string;
  seats: MatchSeat[];
  actions: number[];
  status: MatchStatus;
  /** Per seat, bot decisions that overran their budget so far. */
  overruns?: number[];
  /** Play the person's forced moves (one legal action) for them. */
  autoplay?: boolean;
  /** Who opened a people's match: `user:<account id>` or `guest:<key>` (the live-match caps). */
  openedBy?: string;
  /** A keyed hash of the address it was opened from (the per-address cap); never the address itself. */
  address?: string;
  gameId?: string;
  /**
   * A tournament game played as a match (it has an external bot's seat): the tournament, and the
   * id the finished game is stored under (`${tournament}:${index}`).
   */
  tournament?: { id: string; gameId: string };
  createdAt: string;
  updatedAt: string;
}

/**
 * A bot played by a program outside the arena over the Bot API (docs/bot-api.md): its agent has
 * spec 'external'. Its token is stored only as its SHA-256.
 */
export interface ExternalBotRecord {
  agentId: string;
  /** Null once revoked. */
  tokenHash: string | null;
  tokenCreatedAt: string;
  tokenRevokedAt?: string;
  /** Connected lately (stream or poll) and not offline for missed decisions: offered to people and tournaments. */
  online: boolean;
  /** Decisions in a row whose time ran out; at the arena's limit the bot goes offline. */
  missedInARow: number;
}

/** A person's account. */
export interface UserRecord {
  id: string;
  name: string;
  /** Unique: the name's key (arena/accounts/names.ts). */
  nameKey: string;
  /** scrypt, self-describing (arena/accounts/passwords.ts). */
  passwordHash: string;
  createdAt: string;
}

/** A logged-in browser: the cookie's token is stored only as its SHA-256. */
export interface SessionRecord {
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

/** A key an account made for scripts (`Authorization: Bearer <key>`), stored only as its SHA-256. */
export interface ApiKeyRecord {
  id: string;
  userId: string;
  label: string;
  keyHash: string;
  createdAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
}

export interface Store {
  addAgent(agent: AgentRecord): Promise<void>;
  getAgent(id: string): Promise<AgentRecord | undefined>;
  listAgents(game?: string): Promise<AgentRecord[]>;
  /** The agent of that kind whose name has this key (see nameKeyOf), retired or not. */
  findAgentByKey(game: string, kind: AgentKind, nameKey: string): Promise<AgentRecord | undefined>;
  /** Marks an agent retired (no new games); false if there is no such agent or it already is. */
  retireAgent(id: string, at: string): Promise<boolean>;
  /** The agents an account owns (its bots and its person's rows), retired or not, ordered as listAgents(). */
  listAgentsOwnedBy(ownerId: string): Promise<AgentRecord[]>;

  ratings(game: string): Promise<RatingRecord[]>;
  /** The ratings of these agents (those that have one), in no particular order: a match's seats, not the table. */
  ratingsOf(agentIds: readonly string[]): Promise<RatingRecord[]>;
  /** The game's rating points in store order: all of them, or up to `limit` after `afterSeq`. */
  ratingHistory(game: string, afterSeq?: number, limit?: number): Promise<RatingPoint[]>;

  /**
   * Stores a finished game and, in the same transaction, updates the Elo of its seats (the rating
   * module's multiplayer rule, applyElo over the game's outcome: by returns when it has a
   * payoffScale, else by places), appends their rating history, counts it for its tournament and
   * closes its match. Returns the Elo change per agent id. The same game recorded again (same id
   * and content: a retried job) changes nothing and returns {}; another game under a stored id is
   * refused.
   */
  recordGame(game: GameRecord): Promise<Record<string, number>>;
  getGame(id: string): Promise<GameRecord | undefined>;
  listGames(game: string, limit?: number): Promise<GameRecord[]>;
  countGames(game: string): Promise<number>;
  /** The ids of a tournament's stored games (what is left to play is the rest). */
  tournamentGameIds(tournamentId: string): Promise<string[]>;
  /** Up to `limit` games stored after store order `afterSeq`, oldest first, as results only. */
  listResults(game: string, afterSeq: number, limit: number): Promise<ResultRow[]>;
  getRatingSnapshot(game: string): Promise<RatingSnapshotRecord | undefined>;
  /** Stores a game's snapshot unless a stored one already covers more games (another process refitted). */
  putRatingSnapshot(snapshot: RatingSnapshotRecord): Promise<void>;

  addTournament(t: TournamentRecord): Promise<void>;
  getTournament(id: string): Promise<TournamentRecord | undefined>;
  listTournaments(game?: string): Promise<TournamentRecord[]>;
  setTournamentStatus(id: string, status: TournamentStatus, error?: string): Promise<void>;
  /** Cancels a running tournament (its lease holder stops at its next renewal); false if it is not running. */
  cancelTournament(id: string, reason: string): Promise<boolean>;
  /**
   * The lease that lets one arena process play a tournament while others share the store. In one
   * atomic step, makes `owner` the holder of a 'running' tournament until `until` if it has no
   * holder, its holder's lease ended before `now`, or `owner` already holds it (a renewal).
   * Returns whether `owner` holds it now. Times are ISO strings (they order as text).
   */
  claimTournament(id: string, owner: string, now: string, until: string): Promise<boolean>;
  /** Gives the lease up (so another process may take the tournament at once) if `owner` holds it. */
  releaseTournament(id: string, owner: string): Promise<void>;

  /**
   * Adds a match. With `limits`, a live match is added only while the live matches in all, of its
   * opener and from its address are below them, checked in the same transaction; returns the cap
   * it hit (nothing stored), or undefined once added. `newAgent` (a guest made for this match) is
   * added in the same transaction, only if the match is.
   */
  addMatch(m: MatchRecord, limits?: LiveMatchLimits, newAgent?: AgentRecord): Promise<LiveMatchCap | undefined>;
  getMatch(id: string): Promise<MatchRecord | undefined>;
  listMatches(status?: MatchStatus): Promise<MatchRecord[]>;
  /** Live matches in all (indexed: the caps and the flood bench read it). */
  countLiveMatches(): Promise<number>;
  /** Up to `limit` live people's matches (no tournament's) unchanged since `before` or earlier, oldest first. */
  idleMatches(before: string, limit: number): Promise<MatchRecord[]>;
  /**
   * Ends a live match that still has `expectedLength` actions as 'aborted', storing no game; a guest
   * seat's agent, which has no rated game, goes with it (it never reaches a ladder). False, changing
   * nothing, if the match is not live or has moved on.
   */
  abortMatch(id: string, expectedLength: number, at: string): Promise<boolean>;
  /** A page of the game's ladder (LadderQuery), best first, and how many rows the whole ladder has. */
  ladder(game: string, query: LadderQuery): Promise<{ total: number; rows: LadderRow[] }>;
  /**
   * Appends actions to a live match if it still has `expectedLength` actions (so two concurrent
   * moves cannot both land). Returns false, changing nothing, otherwise.
   */
  appendMatchActions(
    id: string,
    expectedLength: number,
    actions: number[],
    at: string,
    overruns?: number[],
  ): Promise<boolean>;
  /**
   * The live matches the agent has a seat in, oldest first, read from an index of live seats (not
   * a scan of every live match): what the Bot API reads for one bot.
   */
  liveMatchesOf(agentId: string): Promise<MatchRecord[]>;
  /** The live match of a tournament game, by the game's id (`${tournament}:${index}`), if there is one. */
  liveTournamentMatch(tournamentGameId: string): Promise<MatchRecord | undefined>;

  addExternalBot(bot: ExternalBotRecord): Promise<void>;
  getExternalBot(agentId: string): Promise<ExternalBotRecord | undefined>;
  /** The bot whose live (not revoked) token has this hash. */
  findExternalBotByToken(tokenHash: string): Promise<ExternalBotRecord | undefined>;
  /** A new token (the old one stops working), or none (revoked: tokenHash null). False if no such bot. */
  setExternalBotToken(agentId: string, tokenHash: string | null, at: string): Promise<boolean>;
  setExternalBotPresence(agentId: string, online: boolean, missedInARow: number): Promise<void>;

  addUser(user: UserRecord): Promise<void>;
  getUser(id: string): Promise<UserRecord | undefined>;
  findUserByKey(nameKey: string): Promise<UserRecord | undefined>;
  addSession(session: SessionRecord): Promise<void>;
  getSession(tokenHash: string): Promise<SessionRecord | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  addApiKey(key: ApiKeyRecord): Promise<void>;
  listApiKeys(userId: string): Promise<ApiKeyRecord[]>;
  /** A key that is not revoked, by its hash; records the use. */
  useApiKey(keyHash: string, at: string): Promise<ApiKeyRecord | undefined>;
  /** Revokes one of the user's keys; false if it has no such live key. */
  revokeApiKey(userId: string, id: string, at: string): Promise<boolean>;
  /**
   * A server-wide secret (e.g. the CSRF signing key), created once: the first caller's `value`
   * is stored and every later caller, in any process sharing the store, gets that one.
   */
  secret(name: string, value: string): Promise<string>;

  close(): Promise<void>;
}
