import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeName } from '../accounts/names.js';
import { POLICY_FILE, modelPathOf, parseAgentSpec, specNeedsModel } from '../../agents/index.js';
import { AgoraError, type GameDefinition, lookupGame } from '../../envs/index.js';
import { tournamentSlots } from '../../play/index.js';
import { nameKeyOf, type AgentRecord } from '../store/store.js';
import { checkBotSpec } from './bot-specs.js';
import { EXTERNAL_SPEC } from '../bots/external.js';
import { importStartingLadder } from './starting-ladder.js';
import type { ArenaContext } from './context.js';
import type { TournamentService } from './tournaments.js';

/**
 * Thinking time per decision of the roster's timed bots, ms: the budget at which `mcts:` and each
 * model's `az:` meet on the leaderboard like for like (issue 23: strength per second, not per
 * iteration).
 */
export const ROSTER_MS = 100;

/**
 * The bots every game starts with. Models under models/<game>/ join once they exist (neural agents).
 * The MCTS rollouts stop after 30 decisions and are scored by the game's evaluate(): playing them to
 * the end costs seconds per decision in the long games and would keep newcomers waiting for a ladder.
 * Each bot's budget per decision is in its name: iterations (the same seed gives the same game on
 * any machine) or ms, wall-clock thinking time (its games replay exactly from their stored actions,
 * but playing one again from its seed gives other moves on a faster or busier machine).
 */
export const DEFAULT_ROSTER = [
  'random',
  'greedy',
  'mcts:iterations=200,cutoff=30',
  'mcts:iterations=1000,cutoff=30',
  `mcts:ms=${ROSTER_MS},cutoff=30`,
] as const;

/** Names only the arena's own bots may carry (the agent kinds, which the roster uses as names). */
const RESERVED_BOT_NAMES = ['random', 'greedy', 'mcts', 'neural', 'az', 'cfr', 'human'] as const;

/**
 * Search iterations of the roster's `az:` bots: the iteration count of the strongest default MCTS
 * bot's little brother.
 */
export const ROSTER_AZ_ITERATIONS = 200;

/**
 * The seat count a `neural:`/`az:` spec's model was trained for (read from its meta.json alone,
 * without reading the weights), or undefined for other specs and unreadable folders.
 */
export function modelSeats(spec: string): number | undefined {
  const folder = modelPathOf(spec);
  if (folder === undefined) return undefined;
  try {
    const meta = JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8')) as { players?: unknown };
    return typeof meta.players === 'number' ? meta.players : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a model folder holds a policy alone (meta.json `network.kind` 'layers': exported, no value head). */
function isPolicyOnlyFolder(folder: string): boolean {
  try {
    const meta = JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8')) as { network?: { kind?: unknown } };
    return meta.network?.kind === 'layers';
  } catch {
    return false;
  }
}

/**
 * Bot specs for a game: the default roster plus, per model folder trained for the game's default
 * seat count (the ladders' count), the policy alone (`neural:`) and the search it guides (`az:`),
 * at a fixed number of iterations and at the timed bots' thinking time. A policy exported without
 * a value head (python/agora/export.py) has no search to guide: it plays as `neural:` alone. A
 * folder holding a CFR+ policy table (policy.json, `agora cfr`) plays as `cfr:`.
 */
export function rosterFor(def: GameDefinition, modelsDir = 'models'): string[] {
  const specs: string[] = [...DEFAULT_ROSTER];
  const dir = join(modelsDir, def.name);
  if (existsSync(dir)) {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const folder = join(dir, entry.name);
      if (!entry.isDirectory()) continue;
      // A solved policy table (agora cfr): one bot, played from its table.
      if (existsSync(join(folder, POLICY_FILE))) {
        if (modelSeats(`cfr:${folder}`) === def.defaultPlayers) specs.push(`cfr:${folder}`);
        continue;
      }
      if (!existsSync(join(folder, 'model.json'))) continue;
      if (modelSeats(`neural:${folder}`) !== def.defaultPlayers) continue;
      specs.push(`neural:${folder}`);
      if (!isPolicyOnlyFolder(folder))
        specs.push(`az:${folder},iterations=${ROSTER_AZ_ITERATIONS}`, `az:${folder},ms=${ROSTER_MS}`);
    }
  }
  return specs;
}

/**
 * Registers a bot by spec (checked by checkBotSpec first: model folders of this arena only, and an
 * account's bots within the operator's limits). Its display name defaults to the spec; bot names
 * are their own namespace, unique per game by key (case, width and look-alikes folded). An
 * account's bots count against its cap (ctx.accountMaxBots). External bots are not made here: they
 * need a token and a row of their own (registerExternalBot, POST /api/bots).
 */
export async function registerBot(
  ctx: ArenaContext,
  game: string,
  spec: string,
  name?: string,
  owner?: { id: string },
): Promise<AgentRecord> {
  const def = lookupGame(ctx.games, game);
  if (owner && name === undefined) throw new AgoraError('bad_request', 'name: required: a display name for your bot');
  if (isExternalSpec(spec)) {
    throw new AgoraError(
      'bad_request',
      `spec: '${EXTERNAL_SPEC}' bots are made with POST /api/bots, which gives the token your program ` +
        'plays with over the Bot API (docs/bot-api.md); POST /api/agents takes the arena-run kinds',
    );
  }
  checkBotSpec(ctx, def, spec, owner !== undefined);
  return addBot(ctx, def.name, spec, name, owner);
}

/** An account's bot played from outside over the Bot API (spec 'external'); its token is the caller's to add. */
export async function registerExternalBot(
  ctx: ArenaContext,
  game: string,
  name: string,
  owner: { id: string },
): Promise<AgentRecord> {
  return addBot(ctx, lookupGame(ctx.games, game).name, EXTERNAL_SPEC, name, owner);
}

/** A spec of the external kind, however spelled ('external', ' external', 'external:x'). */
function isExternalSpec(spec: string): boolean {
  try {
    return parseAgentSpec(spec).kind === EXTERNAL_SPEC;
  } catch {
    return false; // not a spec at all: checkBotSpec says why
  }
}

async function addBot(
  ctx: ArenaContext,
  game: string,
  spec: string,
  name: string | undefined,
  owner: { id: string } | undefined,
): Promise<AgentRecord> {
  // The roster's names are their specs (commas, colons, '=' and '/'), which the name rules for
  // accounts' bots do not allow.
  const named =
    name === undefined && owner === undefined
      ? { name: spec, key: nameKeyOf(spec) }
      : normalizeName(name ?? spec, 'bot');
  // The roster's plain names stay the roster's, whoever registers first, and so do their look-alikes.
  if (owner && RESERVED_BOT_NAMES.map(nameKeyOf).includes(named.key)) {
    throw new AgoraError('conflict', `name: '${named.name}' is reserved for the arena's own bots; choose another`);
  }
  if (owner) {
    const live = (await ctx.store.listAgentsOwnedBy(owner.id)).filter((a) => a.kind === 'bot' && !a.retiredAt);
    if (live.length >= ctx.accountMaxBots) {
      throw new AgoraError(
        'conflict',
        `an account may have at most ${ctx.accountMaxBots} bots (made with POST /api/agents and POST /api/bots ` +
          `together; retired ones do not count), and yours has ${live.length}`,
      );
    }
  }
  if (await ctx.store.findAgentByKey(game, 'bot', named.key)) {
    throw new AgoraError('conflict', `name: a bot named '${named.name}' is already registered for ${game}`);
  }
  const agent: AgentRecord = {
    id: ctx.newId(),
    game,
    spec,
    name: named.name,
    nameKey: named.key,
    kind: 'bot',
    ...(owner ? { ownerId: owner.id } : {}),
    createdAt: ctx.now().toISOString(),
  };
  await ctx.store.addAgent(agent);
  return agent;
}

/**
 * Every start: registers the roster bots not yet known (specs whose agent kind does not exist here
 * are skipped). On a fresh store, imports each game's recorded starting ladder so the leaderboards
 * rank the roster at once, and queues a ranking tournament that goes on in the background.
 */
export async function bootstrapArena(
  ctx: ArenaContext,
  tournaments: TournamentService,
  options: { tournament?: boolean; ladder?: boolean } = {},
): Promise<void> {
  for (const game of Object.keys(ctx.games)) {
    const def = lookupGame(ctx.games, game);
    const known = new Set((await ctx.store.listAgents(game)).filter((a) => a.kind === 'bot').map((a) => a.spec));
    let added = 0;
    // Every start registers roster bots not yet known, so a model trained after the first start joins too.
    for (const spec of rosterFor(def, ctx.modelsDir)) {
      if (known.has(spec)) continue;
      try {
        await registerBot(ctx, game, spec);
        added++;
      } catch (err) {
        // An agent kind this process cannot build, or a model folder it cannot read: skip it, say why.
        if (!(err instanceof AgoraError && ['bad_agent_spec', 'model_version', 'bad_request'].includes(err.code)))
          throw err;
        if (err.code !== 'bad_agent_spec' || !specNeedsModel(spec))
          process.stderr.write(`arena: skipped bot ${spec}: ${err.message}\n`);
      }
    }
    // A fresh store starts from the recorded ladder (arena/ladder/), so the leaderboard ranks the roster at once.
    if (options.ladder !== false) await importStartingLadder(ctx, game);
    if (options.tournament === false) continue;
    if (added === 0 && (await ctx.store.countGames(game)) > 0) continue;
    if ((await ctx.store.listTournaments(game)).some((t) => t.status === 'running')) continue;
    const bots = (await ctx.store.listAgents(game)).filter((a) => a.kind === 'bot' && !a.retiredAt && !a.ownerId);
    // At least two passes over every mix and seat rotation, and enough games for a first ladder.
    const slots = tournamentSlots(
      bots.map((b) => b.id),
      def.defaultPlayers,
      'round-robin',
    ).length;
    await tournaments.start({
      game,
      agents: bots.map((b) => b.id),
      games: Math.min(200, Math.max(2 * slots, 24)),
      players: def.defaultPlayers,
    });
  }
}
