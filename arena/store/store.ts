/**
 * The arena's storage interface. SQLite (better-sqlite3) implements it by default; the interface
 * is asynchronous so a networked database can implement it too. Every write that spans records
 * (a finished game, its ratings and their history) is one transaction.
 */
export type AgentKind = 'bot' | 'human';

export interface AgentRecord {
  id: string;
  game: string;
  /** makeAgent spec for bots; 'human' for people. */
  spec: string;
  /** Display name (unique per game). */
  name: string;
  kind: AgentKind;
  createdAt: string;
}

export interface RatingRecord {
  agentId: string;
  game: string;
  elo: number;
  /** Rated games played (a game counts once even if the agent held several seats). */
  games: number;
}

export interface RatingPoint {
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
  truncated: boolean;
  tournamentId?: string;
  matchId?: string;
  finishedAt: string;
}

export type TournamentStatus = 'running' | 'done' | 'failed';

export interface TournamentRecord {
  id: string;
  game: string;
  players: number;
  format: 'round-robin' | 'gauntlet';
  agentIds: string[];
  gamesTotal: number;
  gamesDone: number;
  status: TournamentStatus;
  seed: string;
  error?: string;
  createdAt: string;
}

export interface MatchSeat {
  agentId: string;
  kind: AgentKind;
  name: string;
  /** sha256 of the seat's secret token (people only); the token itself is never stored. */
  tokenHash?: string;
}

export type MatchStatus = 'live' | 'done';

/** A game a person plays against bots, stored move by move so a restart loses nothing. */
export interface MatchRecord {
  id: string;
  game: string;
  players: number;
  seed: string;
  seats: MatchSeat[];
  actions: number[];
  status: MatchStatus;
  gameId?: string;
  createdAt: string;
  updatedAt: string;
}

export interface Store {
  addAgent(agent: AgentRecord): Promise<void>;
  getAgent(id: string): Promise<AgentRecord | undefined>;
  listAgents(game?: string): Promise<AgentRecord[]>;
  findAgentByName(game: string, name: string): Promise<AgentRecord | undefined>;

  ratings(game: string): Promise<RatingRecord[]>;
  ratingHistory(game: string): Promise<RatingPoint[]>;

  /**
   * Stores a finished game and, in the same transaction, updates the Elo of its seats (the rating
   * module's multiplayer rule), appends their rating history, counts it for its tournament and
   * closes its match. Returns the Elo change per agent id. The same game recorded again (same id
   * and content: a retried job) changes nothing and returns {}; another game under a stored id is
   * refused.
   */
  recordGame(game: GameRecord): Promise<Record<string, number>>;
  getGame(id: string): Promise<GameRecord | undefined>;
  listGames(game: string, limit?: number): Promise<GameRecord[]>;
  countGames(game: string): Promise<number>;

  addTournament(t: TournamentRecord): Promise<void>;
  getTournament(id: string): Promise<TournamentRecord | undefined>;
  listTournaments(game?: string): Promise<TournamentRecord[]>;
  setTournamentStatus(id: string, status: TournamentStatus, error?: string): Promise<void>;
  /**
   * The lease that lets one arena process play a tournament while others share the store. In one
   * atomic step, makes `owner` the holder of a 'running' tournament until `until` if it has no
   * holder, its holder's lease ended before `now`, or `owner` already holds it (a renewal).
   * Returns whether `owner` holds it now. Times are ISO strings (they order as text).
   */
  claimTournament(id: string, owner: string, now: string, until: string): Promise<boolean>;
  /** Gives the lease up (so another process may take the tournament at once) if `owner` holds it. */
  releaseTournament(id: string, owner: string): Promise<void>;

  addMatch(m: MatchRecord): Promise<void>;
  getMatch(id: string): Promise<MatchRecord | undefined>;
  listMatches(status?: MatchStatus): Promise<MatchRecord[]>;
  /**
   * Appends actions to a live match if it still has `expectedLength` actions (so two concurrent
   * moves cannot both land). Returns false, changing nothing, otherwise.
   */
  appendMatchActions(id: string, expectedLength: number, actions: number[], at: string): Promise<boolean>;

  close(): Promise<void>;
}
