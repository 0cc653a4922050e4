/**
 * `agora evaluate <model folder>`: how strong a shipped model is, as tables with 95% intervals
 * (issue 23) and the exact `agora tournament` command behind each, so anyone can reproduce a row:
 * - policy: the network alone (`neural:`) against random and greedy;
 * - time: its search (`az:…,ms=T`) against plain MCTS (`mcts:ms=T`) at the same time per decision;
 * - iterations: `az:…,iterations=N` against `mcts:iterations=4N`.
 * A goal is met when the model's Bradley-Terry interval lies wholly above every other agent's.
 */
import { readMeta } from '../../agents/index.js';
import { AgoraError, getGame } from '../../envs/index.js';
import { runTournament, type TournamentReport } from '../../play/index.js';
import { Output, type OutputOptions } from '../output.js';
import { startProgress } from '../progress.js';
import { formatStandings } from '../standings-table.js';

export interface EvaluateCliOptions extends OutputOptions {
  games: number;
  ms: number;
  iterations: number;
  seed: string;
  threads?: number;
  /** Comma-separated table names (default: all three). */
  tables?: string;
}

const TABLES = ['policy', 'time', 'iterations'] as const;
type TableName = (typeof TABLES)[number];

interface TablePlan {
  name: TableName;
  title: string;
  /** The model's agent first, then the agents it must beat. */
  agents: string[];
}

/** What each table pits the model against. */
function plans(model: string, opts: EvaluateCliOptions, temperature: number | undefined): TablePlan[] {
  const played = temperature ? ` (sampled at temperature ${temperature}, the model's default)` : '';
  return [
    {
      name: 'policy',
      title: `the policy alone against random and greedy${played}`,
      agents: [`neural:${model}`, 'random', 'greedy'],
    },
    {
      name: 'time',
      title: `search at equal time: ${opts.ms} ms a decision`,
      agents: [`az:${model},ms=${opts.ms}`, `mcts:ms=${opts.ms}`],
    },
    {
      name: 'iterations',
      title: `az at ${opts.iterations} iterations against MCTS at ${4 * opts.iterations}`,
      agents: [`az:${model},iterations=${opts.iterations}`, `mcts:iterations=${4 * opts.iterations}`],
    },
  ];
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
  const wanted = (opts.tables ?? TABLES.join(',')).split(',').map((t) => t.trim());
  for (const t of wanted) {
    if (!(TABLES as readonly string[]).includes(t))
      throw new AgoraError('bad_request', `--tables: '${t}' is not a table; the tables are ${TABLES.join(', ')}`);
  }
  const output = new Output(opts);
  const out: Record<string, unknown>[] = [];
  output.text(`${model}: ${def.title}, ${meta.players} players, ${opts.games} games a table, node ${process.version}`);
  for (const plan of plans(model, opts, meta.policy?.temperature).filter((p) => wanted.includes(p.name))) {
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
      onResult: () => progress.increment(),
    }).finally(() => progress.stop());
    const { met, text } = verdict(report, plan.agents[0]);
    const command =
      `npx agora tournament ${def.name} -a '${plan.agents.join(',')}' -n ${opts.games} ` +
      `-p ${meta.players} --seed '${seed}'${opts.threads ? ` -t ${opts.threads}` : ''}`;
    output.text(
      `\n${plan.name}: ${plan.title}\n` +
        `${formatStandings(report.standings, { seats: true })}\n` +
        `${text}\nreproduce: ${command}\n`,
    );
    out.push({ table: plan.name, title: plan.title, met, command, standings: report.standings });
  }
  output.json({ model, game: def.name, games: opts.games, tables: out });
}
