import { makeAgent } from '../../agents/index.js';
import { AgoraError, assertPlayerCount, type GameDefinition } from '../../envs/index.js';
import { lookupGame } from '../../envs/core/registry.js';
import type { RunnerJob } from '../queue/game-runner.js';
import { scheduleTournament, type TournamentFormat } from '../tournament/schedule.js';
import type { AgentRecord, TournamentRecord } from '../store/store.js';
import type { ArenaContext } from './context.js';

export interface NewTournament {
  game: string;
  /** Bot agent ids (at least two, distinct). */
  agents: string[];
  games: number;
  players?: number;
  format?: TournamentFormat;
}

/** Most games one tournament may schedule. */
export const MAX_TOURNAMENT_GAMES = 2000;

/**
 * Tournaments between registered bots, one at a time in a queue, each on worker threads so the
 * server stays responsive. Every finished game is stored with its Elo update as it arrives; the
 * game id is `${tournament}:${index}`, so after a restart the missing games are played and no
 * finished one twice.
 */
export class TournamentService {
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly abort = new AbortController();

  constructor(private readonly ctx: ArenaContext) {}

  async start(input: NewTournament): Promise<TournamentRecord> {
    const def: GameDefinition = lookupGame(this.ctx.games, input.game);
    const players = input.players ?? def.defaultPlayers;
    assertPlayerCount(def, players);
    if (!Number.isInteger(input.games) || input.games < 1 || input.games > MAX_TOURNAMENT_GAMES) {
      throw new AgoraError('bad_request', `games: must be an integer from 1 to ${MAX_TOURNAMENT_GAMES}; got ${input.games}`);
    }
    if (new Set(input.agents).size !== input.agents.length || input.agents.length < 2) {
      throw new AgoraError('bad_request', `agents: give at least two distinct bot ids; got [${input.agents.join(', ')}]`);
    }
    for (const id of input.agents) {
      const agent = await this.ctx.store.getAgent(id);
      if (!agent || agent.kind !== 'bot' || agent.game !== def.name) {
        throw new AgoraError('bad_request', `agents: '${id}' is not a bot of ${def.name}`);
      }
    }
    const record: TournamentRecord = {
      id: this.ctx.newId(), game: def.name, players, format: input.format ?? 'round-robin', agentIds: [...input.agents],
      gamesTotal: input.games, gamesDone: 0, status: 'running', seed: '', createdAt: this.ctx.now().toISOString(),
    };
    record.seed = `${this.ctx.seed}:tournament:${record.id}`;
    await this.ctx.store.addTournament(record);
    this.enqueue(record.id);
    return record;
  }

  /** Queues every tournament left running by an earlier process. */
  async resumeAll(): Promise<void> {
    for (const t of await this.ctx.store.listTournaments()) if (t.status === 'running') this.enqueue(t.id);
  }

  /** Resolves when every queued tournament has finished (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Stops the running tournament (its finished games stay stored; a restart plays the rest). */
  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    await this.queue;
  }

  private enqueue(id: string): void {
    this.queue = this.queue.then(() => this.run(id)).catch(() => undefined);
  }

  private async run(id: string): Promise<void> {
    if (this.closed) return;
    const t = await this.ctx.store.getTournament(id);
    if (!t || t.status !== 'running') return;
    try {
      const agents = await Promise.all(t.agentIds.map((a) => this.ctx.store.getAgent(a)));
      const byId = new Map(agents.filter((a): a is AgentRecord => a !== undefined).map((a) => [a.id, a]));
      for (const a of byId.values()) makeAgent(a.spec, lookupGame(this.ctx.games, t.game));
      const done = new Set((await this.ctx.store.listGames(t.game, 1_000_000)).filter((g) => g.tournamentId === id).map((g) => g.id));
      const schedule = scheduleTournament(t.agentIds, t.players, t.gamesTotal, t.format, t.seed).filter((g) => !done.has(`${id}:${g.index}`));
      const jobs: RunnerJob[] = schedule.map((g) => ({ id: `${id}:${g.index}`, index: g.index, game: t.game, seats: g.seats.map((a) => byId.get(a)!.spec), seed: g.seed }));
      const writes: Promise<unknown>[] = [];
      await this.ctx.runner.play(jobs, {
        signal: this.abort.signal,
        onResult: (result, position) => {
          const g = schedule[position];
          writes.push(this.ctx.store.recordGame({
            id: jobs[position].id, game: t.game, players: t.players, seed: result.seed as string, seats: g.seats,
            actions: result.actions, ranking: result.ranking, scores: result.scores, truncated: result.truncated,
            tournamentId: id, finishedAt: this.ctx.now().toISOString(),
          }));
        },
      });
      await Promise.all(writes);
      const after = await this.ctx.store.getTournament(id);
      if (after && after.status === 'running') await this.ctx.store.setTournamentStatus(id, 'done');
    } catch (err) {
      if (this.closed) return; // stopped by close(): stays 'running' and resumes on the next start
      await this.ctx.store.setTournamentStatus(id, 'failed', err instanceof Error ? err.message : String(err));
    }
  }
}
