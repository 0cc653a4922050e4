import {
  AgoraError, Rng, assertPlayerCount, returnsFromRanking, type GameDefinition, type GameState, type PlayerView,
} from '../../envs/index.js';
import { lookupGame } from '../../envs/core/registry.js';
import type { AgentRecord, MatchRecord, MatchSeat } from '../store/store.js';
import type { ArenaContext } from './context.js';
import { hashToken } from './ids.js';
import { modelSeats } from './roster.js';

export interface NewMatch {
  game: string;
  players: number;
  /** Bot agent ids for the other seats, by clockwise order after the person. */
  opponents: string[];
  /** The person's display name; they are rated under it. */
  name: string;
  /** The person's seat (default: drawn from the arena's seed). */
  seat?: number;
}

export interface SeatInfo {
  seat: number;
  name: string;
  kind: 'bot' | 'human';
  agentId: string;
  elo?: number;
}

/** What one seat of a match may see: its view, its legal actions when it is to act, the result at the end. */
export interface SeatPage {
  id: string;
  game: string;
  title: string;
  players: number;
  status: 'live' | 'done';
  seat: number;
  seats: SeatInfo[];
  view: PlayerView;
  isYourTurn: boolean;
  legalActions: { action: number; label: string }[];
  decisions: number;
  result?: { ranking: number[]; scores: number[]; returns: number[]; truncated: boolean; gameId?: string };
}

const NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.'-]{0,39}$/u;

/**
 * People's games against bots. A match is stored as its seed and action list, appended move by
 * move (so a restart, even a kill, loses nothing), and rebuilt by replaying when not cached.
 * Moves on one match are serialised; bots answer on worker threads.
 */
export class MatchService {
  private readonly cache = new Map<string, { record: MatchRecord; state: GameState }>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly ctx: ArenaContext) {}

  private game(name: string): GameDefinition {
    return lookupGame(this.ctx.games, name);
  }

  async create(input: NewMatch): Promise<{ id: string; seat: number; token: string }> {
    const def = this.game(input.game);
    assertPlayerCount(def, input.players);
    if (input.opponents.length !== input.players - 1) {
      throw new AgoraError('bad_request', `opponents: ${def.name} with ${input.players} players needs ${input.players - 1} opponents; got ${input.opponents.length}`);
    }
    const name = input.name.trim();
    if (!NAME.test(name)) {
      throw new AgoraError('bad_request', 'name: 1 to 40 letters, digits, spaces or . _ \' -, starting with a letter or digit');
    }
    const bots: AgentRecord[] = [];
    for (const id of input.opponents) {
      const agent = await this.ctx.store.getAgent(id);
      if (!agent || agent.kind !== 'bot' || agent.game !== def.name) {
        const known = (await this.ctx.store.listAgents(def.name)).filter((a) => a.kind === 'bot').map((a) => a.id);
        throw new AgoraError('bad_request', `opponents: '${id}' is not a bot of ${def.name}; bots: ${known.join(', ')}`);
      }
      const seats = modelSeats(agent.spec);
      if (seats !== undefined && seats !== input.players) {
        throw new AgoraError('bad_request', `opponents: '${agent.name}' plays ${def.name} with ${seats} players only; this match has ${input.players}`);
      }
      bots.push(agent);
    }
    const id = this.ctx.newId();
    const seed = `${this.ctx.seed}:match:${id}`;
    const seat = input.seat ?? Rng.fromSeed(`${seed}:seat`).int(input.players);
    if (!(Number.isInteger(seat) && seat >= 0 && seat < input.players)) {
      throw new AgoraError('bad_request', `seat: must be 0..${input.players - 1}; got ${seat}`);
    }
    const human = await this.humanAgent(def.name, name);
    const token = this.ctx.newToken();
    const seats: MatchSeat[] = [];
    for (let s = 0; s < input.players; s++) {
      if (s === seat) seats.push({ agentId: human.id, kind: 'human', name, tokenHash: hashToken(token) });
      else {
        const bot = bots[(s - seat - 1 + input.players) % input.players];
        seats.push({ agentId: bot.id, kind: 'bot', name: bot.name });
      }
    }
    const at = this.ctx.now().toISOString();
    const record: MatchRecord = { id, game: def.name, players: input.players, seed, seats, actions: [], status: 'live', createdAt: at, updatedAt: at };
    await this.ctx.store.addMatch(record);
    // The match exists now whatever the bots do: a bot that fails is retried when the page is opened.
    await this.withLock(id, () => this.advanceBots(id)).catch(() => undefined);
    return { id, seat, token };
  }

  /** The person's agent record for this game, created on first play. A bot's name cannot be taken. */
  private async humanAgent(game: string, name: string): Promise<AgentRecord> {
    const existing = await this.ctx.store.findAgentByName(game, name);
    if (existing) {
      if (existing.kind !== 'human') throw new AgoraError('bad_request', `name: '${name}' is a bot's name; choose another`);
      return existing;
    }
    const agent: AgentRecord = { id: this.ctx.newId(), game, spec: 'human', name, kind: 'human', createdAt: this.ctx.now().toISOString() };
    await this.ctx.store.addAgent(agent);
    return agent;
  }

  /** The page of the seat that `token` opens. 403, revealing nothing, for any other token. */
  async seatPage(id: string, token: unknown): Promise<SeatPage> {
    return this.withLock(id, async () => {
      const seat = await this.authorise(id, token);
      await this.advanceBots(id);
      return this.page(id, seat);
    });
  }

  /** Plays the person's action, then the bots up to the person's next decision or the end. */
  async act(id: string, token: unknown, action: unknown): Promise<SeatPage> {
    return this.withLock(id, async () => {
      const seat = await this.authorise(id, token);
      const { record, state } = await this.load(id);
      if (record.status !== 'live' || state.isTerminal()) throw new AgoraError('conflict', 'this match is over; no more moves');
      if (state.currentPlayer() !== seat) {
        throw new AgoraError('conflict', `it is seat ${state.currentPlayer()}'s turn, not yours (seat ${seat}); reload the page`);
      }
      if (typeof action !== 'number' || !Number.isInteger(action)) {
        throw new AgoraError('bad_request', `action: must be an integer action id; got ${JSON.stringify(action)}`);
      }
      await this.play(id, action);
      await this.advanceBots(id);
      return this.page(id, seat);
    });
  }

  /** Finishes the bots' turns of every live match (after a restart). */
  async resumeAll(): Promise<void> {
    for (const m of await this.ctx.store.listMatches('live')) {
      await this.withLock(m.id, () => this.advanceBots(m.id)).catch(() => undefined);
    }
  }

  private async authorise(id: string, token: unknown): Promise<number> {
    const record = (await this.load(id)).record;
    const hash = typeof token === 'string' && token.length > 0 ? hashToken(token) : undefined;
    const seat = hash === undefined ? -1 : record.seats.findIndex((s) => s.tokenHash === hash);
    if (seat < 0) throw new AgoraError('forbidden', 'this link is not valid for this match');
    return seat;
  }

  private async load(id: string): Promise<{ record: MatchRecord; state: GameState }> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const record = await this.ctx.store.getMatch(id);
    if (!record) throw new AgoraError('not_found', `no match '${id}'`);
    const def = this.game(record.game);
    const state = def.newGame({ players: record.players, seed: record.seed });
    for (const a of record.actions) state.applyAction(a);
    const entry = { record, state };
    if (this.cache.size >= 2000) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, entry);
    return entry;
  }

  /** Applies one action, stores it, and records the game when it ends. */
  private async play(id: string, action: number): Promise<void> {
    const entry = await this.load(id);
    const { record } = entry;
    // Played on a copy: the cached position changes only once the move is stored.
    const state = entry.state.clone();
    state.applyAction(action); // throws IllegalActionError if not legal
    const at = this.ctx.now().toISOString();
    let stored: boolean;
    try {
      stored = await this.ctx.store.appendMatchActions(id, record.actions.length, [action], at);
    } catch (err) {
      this.cache.delete(id);
      throw err;
    }
    if (!stored) {
      this.cache.delete(id);
      throw new AgoraError('conflict', 'the match changed meanwhile; reload the page');
    }
    entry.state = state;
    record.actions.push(action);
    record.updatedAt = at;
    if (state.isTerminal()) {
      const gameId = this.ctx.newId();
      await this.ctx.store.recordGame({
        id: gameId, game: record.game, players: record.players, seed: record.seed, seats: record.seats.map((s) => s.agentId),
        actions: [...record.actions], ranking: state.ranking(), scores: state.scores(), truncated: state.isTruncated(),
        matchId: id, finishedAt: at,
      });
      record.status = 'done';
      record.gameId = gameId;
    }
  }

  private async advanceBots(id: string): Promise<void> {
    for (;;) {
      const { record, state } = await this.load(id);
      if (record.status !== 'live' || state.isTerminal()) return;
      const seat = record.seats[state.currentPlayer()];
      if (seat.kind !== 'bot') return;
      const agent = await this.ctx.store.getAgent(seat.agentId);
      if (!agent) throw new AgoraError('not_found', `bot ${seat.agentId} is gone`);
      const action = await this.ctx.bots.decide({
        game: record.game, spec: agent.spec, state: state.toJSON(), seed: `${record.seed}:decision:${record.actions.length}`,
      });
      await this.play(id, action);
    }
  }

  private async page(id: string, seat: number): Promise<SeatPage> {
    const { record, state } = await this.load(id);
    const def = this.game(record.game);
    const ratings = new Map((await this.ctx.store.ratings(record.game)).map((r) => [r.agentId, r.elo]));
    const isYourTurn = !state.isTerminal() && state.currentPlayer() === seat;
    const over = state.isTerminal();
    return {
      id, game: record.game, title: def.title, players: record.players, status: over ? 'done' : 'live', seat,
      seats: record.seats.map((s, i) => ({ seat: i, name: s.name, kind: s.kind, agentId: s.agentId, elo: ratings.get(s.agentId) })),
      view: state.view(seat),
      isYourTurn,
      legalActions: isYourTurn ? state.legalActions().map((a) => ({ action: a, label: state.actionToString(a) })) : [],
      decisions: record.actions.length,
      ...(over
        ? { result: { ranking: state.ranking(), scores: state.scores(), returns: returnsFromRanking(state.ranking()), truncated: state.isTruncated(), gameId: record.gameId } }
        : {}),
    };
  }

  private withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(id) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(fn);
    this.locks.set(id, run);
    void run.finally(() => {
      if (this.locks.get(id) === run) this.locks.delete(id);
    }).catch(() => undefined);
    return run;
  }
}

