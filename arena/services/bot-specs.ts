import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { decisionCost, formatAgentSpec, makeAgent, modelFileOf, parseAgentSpec } from '../../agents/index.js';
import { AgentSpecError, type GameDefinition } from '../../envs/index.js';
import type { AgentRecord } from '../store/store.js';
import type { ArenaContext } from './context.js';

/**
 * The model folders this arena serves for a game and a kind: `<modelsDir>/<game>/<name>` holding
 * meta.json and the kind's model file (model.json for `neural:` and `az:`, policy.json for `cfr:`).
 */
function modelFolders(modelsDir: string, game: string, file: string): string[] {
  const dir = join(modelsDir, game);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, file)) && existsSync(join(dir, e.name, 'meta.json')))
    .map((e) => join(dir, e.name))
    .sort();
}

/**
 * Whether `path` names one of the game's model folders of a kind. Checked by resolving symbolic
 * links on both sides, so neither `..` nor a link can lead outside the models directory.
 */
function isServedModel(modelsDir: string, game: string, path: string, file: string): boolean {
  // An absolute path is fine if it leads into the models directory (an operator's absolute modelsDir).
  if (path.split(/[\\/]/).includes('..')) return false;
  try {
    const root = realpathSync(resolve(modelsDir, game));
    const target = realpathSync(resolve(path));
    const rel = relative(root, target);
    return (
      rel !== '' &&
      !rel.startsWith('..') &&
      !isAbsolute(rel) &&
      !rel.includes(sep) &&
      statSync(target).isDirectory() &&
      existsSync(join(target, file)) &&
      existsSync(join(target, 'meta.json'))
    );
  } catch {
    return false;
  }
}

/** A step count as people read it: 1,234,567. */
const steps = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Checks a bot spec before it joins the arena, and returns it. Model specs must name one of the
 * arena's model folders: every other path gets the same message, which lists only those folders,
 * so the answer says nothing about the rest of the disk. Specs registered by an account are held
 * to one rule: the cost of one decision (agents/decision-cost.ts: simulated game steps, worst case,
 * whatever the kind and its knobs) at most the operator's limit; their wall-clock budget is
 * enforced while they play (budgetMsFor).
 */
export function checkBotSpec(ctx: ArenaContext, def: GameDefinition, spec: string, byAccount: boolean): string {
  const parsed = parseAgentSpec(spec);
  // Every kind that names a model folder (neural:, az:, cfr:) is held to the served folders.
  const file = modelFileOf(spec);
  if (file !== undefined && parsed.path !== undefined && !isServedModel(ctx.modelsDir, def.name, parsed.path, file)) {
    const served = modelFolders(ctx.modelsDir, def.name, file);
    // The path given is not echoed: every refused path gets exactly this text.
    throw new AgentSpecError(
      `${parsed.kind}:<path>`,
      `the path must be one of this arena's model folders for ${def.name}: ` +
        `${served.length ? served.join(', ') : 'none'}`,
    );
  }
  makeAgent(spec, def);
  if (byAccount) {
    const cost = decisionCost(spec, def);
    const limit = ctx.userBots.cost;
    if (cost.steps > limit) {
      throw new AgentSpecError(
        formatAgentSpec(parsed),
        `one decision costs up to ${steps(cost.steps)} steps in ${def.name}; a bot registered by an account ` +
          `may cost at most ${steps(limit)} (AGORA_USER_BOT_COST): ` +
          (cost.knobs.length > 0 ? `lower ${cost.knobs.join(' or ')}` : 'choose a cheaper kind of bot'),
      );
    }
  }
  return spec;
}

/** A bot's wall-clock budget per decision: the operator's for the arena's own bots, the account limit for the rest. */
export function budgetMsFor(ctx: ArenaContext, agent: Pick<AgentRecord, 'ownerId'>): number {
  return agent.ownerId ? ctx.userBots.ms : ctx.botBudgetMs;
}
