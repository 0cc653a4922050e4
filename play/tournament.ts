import { loadAgents, splitAgentList, type MatchResult } from '../agents/index.js';
import { Rng, assertPlayerCount, getGame } from '../envs/index.js';
import type { GameJob } from './messages.js';
import { playOnWorkers } from './play-on-threads.js';
import { scheduleTournament, type TournamentFormat } from './schedule.js';
import { summarizeTournament, type TournamentSummary } from './summary.js';
import { modelHashes, openJournal } from './tournament-journal.js';

export interface TournamentOptions {
  game: string;
  /** Agent specs, distinct (a list string is split with splitAgentList). */
  agents: string[] | string;
  players?: number;
  games: number;
  format?: TournamentFormat;
  seed?: string;
  threads?: number;
  /** Bootstrap resamples for the Bradley-Terry intervals. */
  bootstrap?: number;
  onResult?: (result: MatchResult, index: number) => void;
  /**
   * A journal file (tournament-journal.ts): each finished game is appended to it, and the games it
   * already holds are not played again, so a stopped tournament goes on where it was.
   */
  journal?: string;
  /** Called once before any game is played, with how many games the journal already held. */
  onResume?: (games: number) => void;
}

export interface TournamentReport extends TournamentSummary {
  game: string;
  players: number;
  format: TournamentFormat;
  seed: string;
  agents: string[];
  results: MatchResult[];
}

/** Schedules, plays on worker threads and summarises a tournament. Every spec is checked before any game starts. */
export async function runTournament(options: TournamentOptions): Promise<TournamentReport> {
  const def = getGame(options.game);
  const agents = typeof options.agents === 'string' ? splitAgentList(options.agents) : options.agents;
  await loadAgents(agents, def);
  const players = options.players ?? def.defaultPlayers;
  assertPlayerCount(def, players);
  const format = options.format ?? 'round-robin';
  const seed = options.seed ?? 'tournament';
  const jobs: GameJob[] = scheduleTournament(agents, players, options.games, format, seed).map((g) => ({
    ...g,
    game: def.name,
  }));
  const journal = options.journal
    ? openJournal(
        options.journal,
        { game: def.name, players, format, seed, agents, games: options.games, models: modelHashes(agents) },
        jobs,
      )
    : undefined;
  const done: Map<number, MatchResult> = journal?.done ?? new Map();
  options.onResume?.(done.size);
  const todo = jobs.filter((job) => !done.has(job.index));
  const played = await playOnWorkers(todo, {
    threads: options.threads,
    onResult: (result, index) => {
      journal?.record(index, result);
      options.onResult?.(result, index);
    },
  });
  played.forEach((result, k) => done.set(todo[k].index, result));
  // In schedule order, whatever order they were played in: Elo is applied game by game.
  const results = jobs.map((job) => done.get(job.index)!);
  const summary = summarizeTournament(agents, results, Rng.fromSeed(`${seed}:bootstrap`), options.bootstrap ?? 200);
  return { game: def.name, players, format, seed, agents, results, ...summary };
}
