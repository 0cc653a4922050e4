import type { MatchResult, PuctOptions } from '../agents/index.js';
import type { ErrorCode } from '../envs/index.js';

/** One game for a worker to play. */
export interface GameJob {
  index: number;
  game: string;
  seats: string[];
  seed: string;
  config?: unknown;
  /**
   * Wall-clock budget per seat per decision, in ms (missing, or 0 for a seat: unlimited). A decision
   * that runs past it is abandoned and replaced by a seeded random legal action (game-threads.ts).
   */
  budgetsMs?: number[];
}

/** A finished game: the match, and per seat how many of its decisions overran their budget. */
export type PlayedGame = MatchResult & { overruns: number[] };

/** What the supervisor sends a game thread: a game from its start, or resumed after an overrun. */
export interface ThreadTask {
  /** Names this attempt: replies from an earlier attempt on a retired thread are ignored. */
  id: number;
  job: GameJob;
  /** Actions already played (a resumed game): the thread replays them before deciding anything. */
  prefix: number[];
  /** Times this game has been resumed: seat RNG streams are re-forked at each resume. */
  resumes: number;
  /** The decision right after the prefix overran: it is the seeded random draw, not an agent's. */
  overrun: boolean;
  /** Date.now() when the task was sent: heartbeat timestamps are ms since then (they fit an Int32). */
  epoch: number;
}

export type ThreadReply =
  | { kind: 'done'; id: number; result: MatchResult }
  | { kind: 'failed'; id: number; code: ErrorCode; error: string }
  /** The shared action buffer is full: these actions move to the supervisor (it acks through the heartbeat). */
  | { kind: 'spill'; id: number; actions: number[] };

/** How training's self-play games search and choose (training/self-play.ts plays them; queue jobs carry them). */
export interface SelfPlayOptions extends PuctOptions {
  /** Decisions per seat played in proportion to the visit counts before play turns greedy. */
  temperatureMoves: number;
  /**
   * Iterations of a full search (a recorded decision); absent = every decision is a full search of
   * `iterations`. When set, `iterations` is the fast search of the unrecorded decisions.
   */
  fullIterations?: number;
  /** Share of decisions that get a full search (with fullIterations or teacher; default 1). */
  fullShare?: number;
  /**
   * Expert iteration with plain search as the expert (Anthony et al. 2017 began so): the recorded
   * decisions are searched by IS-MCTS of this many iterations instead of the network's search, its
   * playouts cut off at `cutoff` like the leaves'; its visits and root values become the targets and
   * its move is played. Absent: the network's own search is the expert. PUCT runs only.
   */
  teacher?: number;
  /**
   * 'gumbel': every decision is a Gumbel search (agents/gumbel-search.ts) with root noise of scale
   * 1, the move is its choice (the noise explores, so temperatureMoves and the Dirichlet noise do
   * not apply) and the target is its improved policy. Absent or 'puct': AlphaZero's PUCT.
   */
  search?: 'puct' | 'gumbel';
  /** Root actions Gumbel's sequential halving starts with (GUMBEL_DEFAULTS.considered when absent). */
  considered?: number;
}

/** A recorded decision's search targets. */
interface DecisionTarget {
  legal: number[];
  /** Root visit counts over `legal`. */
  visits: number[];
  /**
   * The root's mean value per absolute seat (PuctSearch.rootValues), for value targets that mix
   * search values with the outcome. Absent in records from before it was kept.
   */
  rootValue?: number[];
  /**
   * The search's own policy target over `legal` (Gumbel's improved policy), used as it is; without
   * it the target is the visit shares, sharpened.
   */
  policy?: number[];
}

/**
 * One self-play game; targets[i] belongs to actions[i] (null for a forced move, which teaches
 * nothing, or a fast search's).
 */
export interface GameRecord {
  seed: string;
  players: number;
  actions: number[];
  targets: (DecisionTarget | null)[];
  /** Final returns divided by the game's returnScale (normalizedReturns): the value targets, in [-1, 1]. */
  returns: number[];
}
