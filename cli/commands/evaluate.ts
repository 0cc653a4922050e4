/**
 * `agora evaluate <model folder>`: how strong a shipped model is, as tables with 95% intervals
 * (issue 23) and the exact `agora tournament` command behind each, so anyone can reproduce a row:
 * - policy: the network alone (`neural:`) against random and greedy;
 * - time: its search (`az:…,ms=T`) against MCTS at the same time per decision (`mcts:ms=T,cutoff=C`:
 *   the arena's MCTS, whose playouts stop after C moves and are scored by the game's evaluation);
 * - iterations: `az:…,iterations=N` against `mcts:iterations=4N`;
 * - policy-mcts: the network alone against that same MCTS at T ms a decision;
 * - compute (only when asked): `az:…,ms=T` against MCTS with ten times the compute, either timed
 *   (`mcts:ms=10T,cutoff=C`) or, with --mcts-iterations, at a fixed iteration count, e.g. the count
 *   MCTS reaches in 10T ms (`auto` measures it here and prints it), so its games do not depend on
 *   the machine's load.
 * A goal is met when the model's Bradley-Terry interval lies wholly above every other agent's.
 * A policy alone (exported from PyTorch, no value head) has no search: only its policy tables.
 */
import { isPolicyOnly, makeAgent, readMeta } from '../../agents/index.js';
import { AgoraError, Rng, decisionContext, getGame, type Agent, type GameDefinition } from '../../envs/index.js';
import { join } from 'node:path';
import { readJournalHeader, runTournament, type TournamentReport } from '../../play/index.js';
import { Output, type OutputOptions } from '../output.js';
import { startProgress } from '../progress.js';
import { formatStandings } from '../standings-table.js';

export interface EvaluateCliOptions extends OutputOptions {
  games: number;
  ms: number;
  iterations: number;
  seed: string;
  threads?: number;
  /** Comma-separated table names (default: DEFAULT_TABLES). */
  tables?: string;
  /** MCTS's playout cutoff in the time, policy-mcts and compute tables (0: playouts to the end). */
  cutoff: number;
  /** The compute table's MCTS at this iteration count instead of 10x the time; 'auto' measures it. */
  mctsIterations?: string;
  /** A folder for the tables' journals (`<table>.jsonl`): a stopped evaluation goes on where it was. */
  journal?: string;
}

const TABLES = ['policy', 'time', 'iterations', 'policy-mcts', 'compute'] as const;
/** The compute table plays MCTS at ten times the time a decision: hours on long games, so only on demand. */
const DEFAULT_TABLES: readonly TableName[] = ['policy', 'time', 'iterations', 'policy-mcts'];
/** The tables that play the model's policy alone: all a model without a value head has. */
const POLICY_TABLES: readonly TableName[] = ['policy', 'policy-mcts'];
type TableName = (typeof TABLES)[number];

interface TablePlan {
  name: TableName;
  title: string;
  /** The model's agent first, then the agents it must beat. */
  agents: string[];
}

/** What each table pits the model against (`tenfold`: the compute table's MCTS). */
function plans(model: string, opts: EvaluateCliOptions, temperature: number | undefined, tenfold: string): TablePlan[] {
  const played = temperature ? ` (sampled at temperature ${temperature}, the model's default)` : '';
  const mcts = `mcts:ms=${opts.ms}${opts.cutoff > 0 ? `,cutoff=${opts.cutoff}` : ''}`;
  return [
    {
      name: 'policy',
      title: `the policy alone against random and greedy${played}`,
      agents: [`neural:${model}`, 'random', 'greedy'],
    },
    {
      name: 'time',
      title: `search at equal time: ${opts.ms} ms a decision`,
      agents: [`az:${model},ms=${opts.ms}`, mcts],
    },
    {
      name: 'iterations',
      title: `az at ${opts.iterations} iterations against MCTS at ${4 * opts.iterations}`,
      agents: [`az:${model},iterations=${opts.iterations}`, `mcts:iterations=${4 * opts.iterations}`],
    },
    {
      name: 'policy-mcts',
      title: `the policy alone against MCTS at ${opts.ms} ms a decision${played}`,
      agents: [`neural:${model}`, mcts],
    },
    {
      name: 'compute',
      title: `search at ${opts.ms} ms a decision against MCTS with ten times the compute`,
      agents: [`az:${model},ms=${opts.ms}`, tenfold],
    },
  ];
}

/**
 * The compute table's MCTS: at 10x the time, or at a fixed iteration count (`auto`: the median count
 * `mcts:ms=10T` reaches over positions of seeded random games, measured here on one thread).
 */
function tenfoldMcts(def: GameDefinition, players: number, opts: EvaluateCliOptions): string {
  const cutoff = opts.cutoff > 0 ? `,cutoff=${opts.cutoff}` : '';
  const given = opts.mctsIterations;
  if (given === undefined) return `mcts:ms=${10 * opts.ms}${cutoff}`;
  // A resumed compute table goes on with the count measured when it started: a new measurement
  // would differ a little and make it another tournament.
  const journaled = opts.journal ? readJournalHeader(journalFile(opts.journal, 'compute'))?.agents[1] : undefined;
  if (given === 'auto' && journaled?.startsWith('mcts:iterations=')) return journaled;
  if (given === 'auto')
    return `mcts:iterations=${measureIterations(def, players, `mcts:ms=${10 * opts.ms}${cutoff}`)}${cutoff}`;
  const count = Number(given);
  if (!Number.isInteger(count) || count < 1)
    throw new AgoraError('bad_request', `--mcts-iterations must be a whole number above 0 or 'auto'; got '${given}'`);
  return `mcts:iterations=${count}${cutoff}`;
}

function journalFile(folder: string, table: TableName): string {
  return join(folder, `${table}.jsonl`);
}

/** Median iterations a timed MCTS spec runs per decision at real choices of a few seeded random games. */
function measureIterations(def: GameDefinition, players: number, spec: string): number {
  const agent = makeAgent(spec, def) as Agent & { lastIterations: number };
  const counts: number[] = [];
  const rng = Rng.fromSeed('evaluate:measure');
  for (let g = 0; g < 2; g++) {
    const state = def.newGame({ players, seed: `evaluate:measure:${g}` });
    for (let k = 0; !state.isTerminal();) {
      const legal = state.legalActions();
      // Every 10th real choice, up to 6 a game: positions from the opening to the end.
      if (legal.length > 1 && k++ % 10 === 0 && counts.length < 6 * (g + 1)) {
        agent.act(decisionContext(def, state, rng));
        counts.push(agent.lastIterations);
      }
      state.applyAction(legal[rng.int(legal.length)]);
    }
  }
  counts.sort((a, b) => a - b);
  return counts[Math.floor(counts.length / 2)];
}

/** Whether the first agent's interval lies above every other's, in words. */
function verdict(report: TournamentReport, agent: string): { met: boolean; text: string } {
  const own = report.standings.find((s) => s.agent === agent)!;
  const others = report.standings.filter((s) => s.agent !== agent);
  const interval = (s: { btLow: number; btHigh: number }) => `[${s.btLow.toFixed(0)}, ${s.btHigh.toFixed(0)}]`;
  const below = others.filter((s) => own.btLow > s.btHigh);
  const met = below.length === others.length;
  const text =
    `${met ? 'goal met' : 'goal NOT met'}: ${agent} ${interval(own)} against ` +
    others.map((s) => `${s.agent} ${interval(s)}${own.btLow > s.btHigh ? '' : ' (overlaps or above)'}`).join(', ');
  return { met, text };
}

export async function evaluateCommand(model: string, opts: EvaluateCliOptions): Promise<void> {
  const meta = readMeta(model);
  const def = getGame(meta.game);
  const policyOnly = isPolicyOnly(meta);
  const wanted = (opts.tables ?? (policyOnly ? POLICY_TABLES : DEFAULT_TABLES).join(','))
    .split(',')
    .map((t) => t.trim());
  for (const t of wanted) {
    if (!(TABLES as readonly string[]).includes(t))
      throw new AgoraError('bad_request', `--tables: '${t}' is not a table; the tables are ${TABLES.join(', ')}`);
    if (policyOnly && !(POLICY_TABLES as readonly string[]).includes(t))
      throw new AgoraError(
        'bad_request',
        `--tables: '${t}' plays the model's search (az:), and ${model} is a policy alone (exported, no value ` +
          `head); its tables are ${POLICY_TABLES.join(', ')}`,
      );
  }
  const output = new Output(opts);
  const out: Record<string, unknown>[] = [];
  output.text(`${model}: ${def.title}, ${meta.players} players, ${opts.games} games a table, node ${process.version}`);
  const tenfold = wanted.includes('compute') ? tenfoldMcts(def, meta.players, opts) : '';
  if (wanted.includes('compute')) output.note(`compute table: MCTS as ${tenfold}`);
  for (const plan of plans(model, opts, meta.policy?.temperature, tenfold).filter((p) => wanted.includes(p.name))) {
    const seed = `${opts.seed}:${plan.name}`;
    const progress = startProgress({
      label: `evaluate ${plan.name}`,
      total: opts.games,
      unit: 'games',
      quiet: opts.quiet,
    });
    const report = await runTournament({
      game: def.name,
      agents: plan.agents,
      games: opts.games,
      players: meta.players,
      seed,
      threads: opts.threads,
      journal: opts.journal ? journalFile(opts.journal, plan.name) : undefined,
      onResume: (games) => {
        progress.resumed(games);
      },
      onResult: () => progress.increment(),
    }).finally(() => progress.stop());
    const { met, text } = verdict(report, plan.agents[0]);
    const command =
      `npx agora tournament ${def.name} -a '${plan.agents.join(',')}' -n ${opts.games} ` +
      `-p ${meta.players} --seed '${seed}'${opts.threads ? ` -t ${opts.threads}` : ''}`;
    output.text(
      `\n${plan.name}: ${plan.title}\n` +
        `${formatStandings(report.standings, { seats: true, unit: def.returnUnit })}\n` +
        `${text}\nreproduce: ${command}\n`,
    );
    out.push({ table: plan.name, title: plan.title, met, command, standings: report.standings });
  }
  output.json({ model, game: def.name, games: opts.games, tables: out });
}
