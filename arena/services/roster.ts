import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeAgent } from '../../agents/index.js';
import { AgoraError } from '../../envs/index.js';
import { lookupGame } from '../../envs/core/registry.js';
import { tournamentSlots } from '../tournament/schedule.js';
import type { AgentRecord } from '../store/store.js';
import type { ArenaContext } from './context.js';
import type { TournamentService } from './tournaments.js';

/**
 * The bots every game starts with. Models under models/<game>/ join once they exist (neural agents).
 * The MCTS rollouts stop after 30 decisions and are scored by the game's evaluate(): playing them to
 * the end costs seconds per decision in the long games and would keep newcomers waiting for a ladder.
 */
export const DEFAULT_ROSTER = ['random', 'greedy', 'mcts:iterations=200,cutoff=30', 'mcts:iterations=1000,cutoff=30'] as const;

/** Bot specs for a game: the default roster plus a `neural:` spec per model folder, when that agent kind exists. */
export function rosterFor(game: string, modelsDir = 'models'): string[] {
  const specs: string[] = [...DEFAULT_ROSTER];
  const dir = join(modelsDir, game);
  if (existsSync(dir)) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(join(dir, entry.name, 'model.json'))) specs.push(`neural:${join(dir, entry.name)}`);
    }
  }
  return specs;
}

/** Registers a bot by spec (checked with makeAgent first). Its display name defaults to the spec. */
export async function registerBot(ctx: ArenaContext, game: string, spec: string, name = spec): Promise<AgentRecord> {
  const def = lookupGame(ctx.games, game);
  makeAgent(spec, def);
  if (await ctx.store.findAgentByName(def.name, name)) {
    throw new AgoraError('conflict', `name: '${name}' is already registered for ${def.name}`);
  }
  const agent: AgentRecord = { id: ctx.newId(), game: def.name, spec, name, kind: 'bot', createdAt: ctx.now().toISOString() };
  await ctx.store.addAgent(agent);
  return agent;
}

/**
 * First start: registers the roster of every game that has no bots yet (specs whose agent kind does
 * not exist yet are skipped), and queues a ranking tournament for every game with no rated game,
 * so a newcomer sees a ladder within minutes.
 */
export async function bootstrapArena(ctx: ArenaContext, tournaments: TournamentService, options: { tournament?: boolean } = {}): Promise<void> {
  for (const game of Object.keys(ctx.games)) {
    let bots = (await ctx.store.listAgents(game)).filter((a) => a.kind === 'bot');
    if (bots.length === 0) {
      for (const spec of rosterFor(game)) {
        try {
          await registerBot(ctx, game, spec);
        } catch (err) {
          if (!(err instanceof AgoraError && err.code === 'bad_agent_spec')) throw err;
        }
      }
      bots = (await ctx.store.listAgents(game)).filter((a) => a.kind === 'bot');
    }
    if (options.tournament === false || (await ctx.store.countGames(game)) > 0) continue;
    if ((await ctx.store.listTournaments(game)).some((t) => t.status === 'running')) continue;
    const def = lookupGame(ctx.games, game);
    // At least two passes over every mix and seat rotation, and enough games for a first ladder.
    const slots = tournamentSlots(bots.map((b) => b.id), def.defaultPlayers, 'round-robin').length;
    await tournaments.start({ game, agents: bots.map((b) => b.id), games: Math.min(200, Math.max(2 * slots, 24)), players: def.defaultPlayers });
  }
}
