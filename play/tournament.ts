import { loadAgents, splitAgentList, type MatchResult } from '../agents/index.js';
import { Rng, assertPlayerCount, getGame } from '../envs/index.js';
import type { GameJob } from './messages.js';
import { playOnWorkers } from './play-on-threads.js';
import { scheduleTournament, type TournamentFormat } from './schedule.js';
import { summarizeTournament, type TournamentSummary } from './summary.js';

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
  const results = await playOnWorkers(jobs, { threads: options.threads, onResult: options.onResult });
  const summary = summarizeTournament(agents, results, Rng.fromSeed(`${seed}:bootstrap`), options.bootstrap ?? 200);
  return { game: def.name, players, format, seed, agents, results, ...summary };
}
