import { Rng } from '../../envs/index.js';
import type { AgentRecord, GameRecord, RatingPoint } from '../store/store.js';
import { bradleyTerryWithIntervals, type BalanceFigures } from '../../play/index.js';
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
  games: number;
  rows: LeaderboardRow[];
  balance: BalanceFigures;
  /** Elo after each rated game, per agent, in order. */
  history: Record<string, { elo: number; at: string }[]>;
}

const BOOTSTRAP = 100;

/**
 * The leaderboard of a game: Elo (updated game by game), the Bradley-Terry fit over every stored
 * game with bootstrap intervals, and balance figures. The fit is cached until a game is added.
 */
export class LeaderboardService {
  private readonly cache = new Map<string, { games: number; board: Leaderboard }>();

  constructor(private readonly ctx: ArenaContext) {}

  async get(game: string): Promise<Leaderboard> {
    const count = await this.ctx.store.countGames(game);
    const hit = this.cache.get(game);
    if (hit && hit.games === count) return hit.board;
    const [agents, ratings, records, history] = await Promise.all([
      this.ctx.store.listAgents(game),
      this.ctx.store.ratings(game),
      this.ctx.store.listGames(game, 1_000_000),
      this.ctx.store.ratingHistory(game),
    ]);
    // Bots registered by accounts are shown with their owner's name.
    const owners = new Map<string, string>();
    for (const id of new Set(agents.flatMap((a) => (a.kind === 'bot' && a.ownerId ? [a.ownerId] : [])))) {
      const user = await this.ctx.store.getUser(id);
      if (user) owners.set(id, user.name);
    }
    const board = build(
      game,
      agents,
      owners,
      ratings.map((r) => [r.agentId, r.elo, r.games, r.overruns] as const),
      records,
      history,
      // Not secret: the bootstrap only needs to give the same intervals for the same games.
      Rng.fromSeed(`leaderboard:bt:${game}:${count}`),
    );
    this.cache.set(game, { games: count, board });
    return board;
  }
}

function build(
  game: string,
  agents: AgentRecord[],
  owners: Map<string, string>,
  ratings: readonly (readonly [string, number, number, number])[],
  records: GameRecord[],
  history: RatingPoint[],
  rng: Rng,
): Leaderboard {
  const byId = new Map(agents.map((a) => [a.id, a]));
  const rated = ratings.filter(([, , games]) => games > 0).map(([id]) => id);
  const bt = rated.length >= 2 ? bradleyTerryWithIntervals(rated, records, rng, BOOTSTRAP) : [];
  const btById = new Map(bt.map((b) => [b.agent, b]));
  const rows: LeaderboardRow[] = ratings.map(([id, elo, games, overruns]) => {
    const a = byId.get(id)!;
    const b = btById.get(id);
    return {
      agentId: id,
      name: botTitle(a),
      kind: a.kind,
      spec: a.spec,
      elo,
      games,
      strength: a.kind === 'bot' ? botStrength(a.spec) : '',
      bt: b ? b.rating : null,
      btLow: b ? b.low : null,
      btHigh: b ? b.high : null,
      overruns,
      retired: a.retiredAt !== undefined,
      external: isExternal(a),
      ...(a.kind === 'bot' && a.ownerId && owners.has(a.ownerId) ? { owner: owners.get(a.ownerId) } : {}),
    };
  });
  rows.sort((x, y) => (y.games > 0 ? 1 : 0) - (x.games > 0 ? 1 : 0) || y.elo - x.elo);
  // Seat shares over the games that had that seat (a game may allow several player counts).
  const maxPlayers = Math.max(0, ...records.map((r) => r.players));
  const seatWins = new Array(maxPlayers).fill(0);
  const seatGames = new Array(maxPlayers).fill(0);
  for (const r of records) {
    r.ranking.forEach((place, seat) => {
      seatGames[seat]++;
      if (place === 0) seatWins[seat]++;
    });
  }
  const n = records.length;
  const series: Record<string, { elo: number; at: string }[]> = {};
  for (const p of history) (series[p.agentId] ??= []).push({ elo: p.elo, at: p.at });
  return {
    game,
    games: n,
    rows,
    history: series,
    balance: {
      games: n,
      firstSeatWinShare: n ? seatWins[0] / n : 0,
      seatWinShares: seatWins.map((w, seat) => (seatGames[seat] ? w / seatGames[seat] : 0)),
      meanLength: n ? records.reduce((s, r) => s + r.actions.length, 0) / n : 0,
      truncatedShare: n ? records.filter((r) => r.truncated).length / n : 0,
    },
  };
}
