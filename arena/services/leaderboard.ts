import { payoffScaleOf } from '../../agents/index.js';
import { lookupGame, type GameDefinition } from '../../envs/index.js';
import type { LadderRow } from '../store/store.js';
import type { BalanceFigures } from '../../play/index.js';
import type { RatingRefits } from '../ratings/refits.js';
import type { RatingSnapshot } from '../ratings/snapshot.js';
import { botStrength, botTitle } from './bot-names.js';
import type { ArenaContext } from './context.js';
import { isExternal } from '../bots/external.js';

export interface LeaderboardRow {
  agentId: string;
  name: string;
  kind: 'bot' | 'human';
  spec: string;
  elo: number;
  games: number;
  /**
   * Mean return per seat played, in the board's returnUnit (chips for a game with payoffs), as of
   * `fit`; null before the fit covers one of its games.
   */
  meanReturn: number | null;
  /** Bradley-Terry strength on the Elo scale (mean 0 over the rated agents) with its 95% bootstrap interval. */
  bt: number | null;
  btLow: number | null;
  btHigh: number | null;
  /** Decisions that overran their wall-clock budget (each played as a seeded random legal action). */
  overruns: number;
  /** Retired by the operator: keeps its rating, takes no new games. */
  retired: boolean;
  /** For bots: what kind of player it is, in a line ('Monte Carlo tree search, 200 simulations a move'). */
  strength: string;
  /** For bots an account registered: the account's name. */
  owner?: string;
  /** Played by a program outside the arena over the Bot API. */
  external: boolean;
}

export interface Leaderboard {
  game: string;
  /** The game's returnUnit: 'rank' (returns from the ranking) or its own unit ('chips'). */
  returnUnit: string;
  /**
   * For a game with its own payoffs, its returnScale: Elo and Bradley-Terry score each pair of seats
   * by their return difference, 0.5 + (rᵢ − rⱼ) / (4 · payoffScale); null for a ranking-based game
   * (pairs scored by places).
   */
  payoffScale: number | null;
  /** Games stored now (Elo and game counts are up to date; the Bradley-Terry fit is as of `fit`). */
  games: number;
  rows: LeaderboardRow[];
  /** Over the games of the fit. */
  balance: BalanceFigures;
  /** Mean return of each seat in returnUnit, over the games of the fit (empty before it). */
  seatMeanReturns: number[];
  /** Elo after each of an agent's latest games (up to 200), per agent, oldest first, as of `fit`. */
  history: Record<string, { elo: number; at: string }[]>;
  /** The Bradley-Terry snapshot served: games it covers, when it was fitted; null before the first fit. */
  fit: { games: number; fittedAt: string; bootstrap: number } | null;
  /** Which rows these are: page `number` (from 1) of `pages`, `total` rows in all; guests shown or not. */
  page: { number: number; perPage: number; pages: number; total: number; guests: boolean };
}

/** Which page of a ladder to show. */
export interface LadderView {
  /** Guests too (people without an account, once they have a rated game); default false. */
  guests: boolean;
  /** From 1. */
  page: number;
  perPage: number;
}

/** Rows a page by default: the whole roster and the best people at once. */
const DEFAULT_PER_PAGE = 100;

/**
 * The leaderboard of a game: Elo (updated game by game in the store) and the Bradley-Terry fit
 * with bootstrap intervals and balance figures of the latest rating snapshot (arena/ratings/).
 * A request never fits anything: refits run on a worker thread, after enough new games.
 */
export class LeaderboardService {
  constructor(
    private readonly ctx: ArenaContext,
    private readonly ratings: RatingRefits,
  ) {}

  /**
   * One page of the game's ladder: bots (rated or not yet) and people with a rated game, best Elo
   * first; guests only when asked for. Reads that page's rows, not the whole table.
   */
  async get(game: string, view: Partial<LadderView> = {}): Promise<Leaderboard> {
    const guests = view.guests ?? false;
    const perPage = view.perPage ?? DEFAULT_PER_PAGE;
    const number = view.page ?? 1;
    const [ladder, count, snapshot] = await Promise.all([
      this.ctx.store.ladder(game, { guests, offset: (number - 1) * perPage, limit: perPage }),
      this.ctx.store.countGames(game),
      this.ratings.snapshot(game),
    ]);
    // Bots registered by accounts are shown with their owner's name.
    const owners = new Map<string, string>();
    for (const id of new Set(
      ladder.rows.flatMap(({ agent: a }) => (a.kind === 'bot' && a.ownerId ? [a.ownerId] : [])),
    )) {
      const user = await this.ctx.store.getUser(id);
      if (user) owners.set(id, user.name);
    }
    const board = build(lookupGame(this.ctx.games, game), count, ladder.rows, owners, snapshot);
    return {
      ...board,
      page: { number, perPage, pages: Math.max(1, Math.ceil(ladder.total / perPage)), total: ladder.total, guests },
    };
  }
}

function build(
  def: GameDefinition,
  count: number,
  ladder: LadderRow[],
  owners: Map<string, string>,
  snapshot: RatingSnapshot | undefined,
): Omit<Leaderboard, 'page'> {
  const btById = new Map((snapshot?.ratings ?? []).map((b) => [b.agent, b]));
  const rows: LeaderboardRow[] = ladder.map(({ agent: a, rating }) => {
    const { agentId: id, elo, games, overruns } = rating;
    const b = btById.get(id);
    return {
      agentId: id,
      name: botTitle(a),
      kind: a.kind,
      spec: a.spec,
      elo,
      games,
      strength: a.kind === 'bot' ? botStrength(a.spec) : '',
      meanReturn: snapshot?.meanReturns?.agents[id] ?? null,
      bt: b ? b.rating : null,
      btLow: b ? b.low : null,
      btHigh: b ? b.high : null,
      overruns,
      retired: a.retiredAt !== undefined,
      external: isExternal(a),
      ...(a.kind === 'bot' && a.ownerId && owners.has(a.ownerId) ? { owner: owners.get(a.ownerId) } : {}),
    };
  });
  // Only the page's agents' histories: the snapshot holds every rated agent's.
  const history = Object.fromEntries(
    rows.flatMap((r) => (snapshot?.history[r.agentId] ? [[r.agentId, snapshot.history[r.agentId]]] : [])),
  );
  const { payoffScale } = payoffScaleOf(def);
  return {
    game: def.name,
    returnUnit: def.returnUnit,
    payoffScale: payoffScale ?? null,
    games: count,
    rows,
    history,
    seatMeanReturns: snapshot?.meanReturns?.seats ?? [],
    balance: snapshot?.balance ?? {
      games: 0,
      firstSeatWinShare: 0,
      seatWinShares: [],
      meanLength: 0,
      truncatedShare: 0,
    },
    fit: snapshot ? { games: snapshot.games, fittedAt: snapshot.fittedAt, bootstrap: snapshot.bootstrap } : null,
  };
}
