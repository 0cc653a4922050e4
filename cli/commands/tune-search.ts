import { AgoraError, getGame } from '../../envs/index.js';
import { readMeta } from '../../agents/index.js';
import { Output, type OutputOptions } from '../output.js';
import { parseValueList, runTuning } from './tuning.js';

export interface TuneSearchCliOptions extends OutputOptions {
  c?: string;
  mix?: string;
  expand?: string;
  iterations: number;
  ms?: number;
  games: number;
  opponent?: string;
  seed: string;
  threads?: number;
  dryRun?: boolean;
}

/** The az search's default c when meta.json has none (agents/make-agent.ts). */
const DEFAULT_C = 1.5;

/** The search settings tune-search compares, one per run. */
const SETTINGS = ['c', 'mix', 'expand'] as const;

/** The largest expansion threshold (the `expand` knob's range in agents/make-agent.ts). */
const MAX_EXPAND = 1000;

/**
 * `agora tune-search <dir> --c 0.5,1,1.5` (or `--mix 0,0.5,1`, or `--expand 1,2,4`): a round-robin
 * tournament between the model's az search at each PUCT constant (leaf mix, expansion threshold) and
 * an opponent (mcts at the same
 * budget by default: `--iterations N`, or `--ms T` of thinking time per decision), and the value
 * with the best Bradley-Terry rating written to meta.json as the model's default, with the figures
 * that chose it. Nothing is written if any game fails, or with --dry-run.
 */
export async function tuneSearchCommand(dir: string, opts: TuneSearchCliOptions): Promise<void> {
  const given = SETTINGS.filter((name) => opts[name] !== undefined);
  if (given.length !== 1)
    throw new AgoraError(
      'bad_request',
      `give one of --c, --mix or --expand: the values of one search setting to compare (got ${given.length})`,
    );
  const setting = given[0];
  const values = parseValueList(`--${setting}`, opts[setting]!, setting === 'expand' ? MAX_EXPAND : undefined);
  if (setting === 'mix' && values.some((v) => v > 1))
    throw new AgoraError('bad_request', `--mix values are shares from 0 to 1; got '${opts.mix}'`);
  if (setting === 'expand' && values.some((v) => !Number.isInteger(v) || v < 1))
    throw new AgoraError(
      'bad_request',
      `--expand values are whole visit counts from 1 to ${MAX_EXPAND}; got '${opts.expand}'`,
    );
  const meta = readMeta(dir);
  const game = getGame(meta.game);
  const budget = opts.ms !== undefined ? `ms=${opts.ms}` : `iterations=${opts.iterations}`;
  const opponent = opts.opponent ?? `mcts:${budget}`;
  const specs = values.map((v) => `az:${dir},${budget},${setting}=${v}`);
  if (specs.includes(opponent))
    throw new AgoraError('bad_request', `--opponent ${opponent} is one of the searches being tuned`);
  const output = new Output(opts);
  const result = await runTuning({
    game: game.name,
    players: meta.players,
    candidates: specs,
    references: [opponent],
    games: opts.games,
    seed: opts.seed,
    threads: opts.threads,
    label: 'tune-search',
    output,
  });
  const best = values[result.best];
  output.text(`best: ${setting}=${best} (${result.verdict})\n`);
  if (opts.dryRun) {
    output.text(`--dry-run: ${dir}/meta.json left unchanged`);
    output.json({
      model: dir,
      [setting]: best,
      verdict: result.verdict,
      standings: result.standings,
      wroteMeta: false,
    });
    return;
  }
  // The other settings meta.search holds stay as they were.
  const { chosenBy: _previous, ...kept } = meta.search ?? { c: DEFAULT_C };
  // TensorFlow.js loads with training's code: only for the write.
  const { writeSearchDefaults } = await import('../../training/index.js');
  writeSearchDefaults(dir, {
    ...kept,
    [setting]: best,
    chosenBy: {
      command: 'agora tune-search',
      date: new Date().toISOString(),
      setting,
      ...(opts.ms !== undefined ? { ms: opts.ms } : { iterations: opts.iterations }),
      games: result.report.balance.games,
      seed: result.report.seed,
      opponent,
      standings: result.standings,
    },
  });
  output.text(
    `wrote search.${setting} = ${best} to ${dir}/meta.json: ` +
      `az:${dir} now searches with it unless its spec sets ${setting}\n`,
  );
  output.json({ model: dir, [setting]: best, verdict: result.verdict, standings: result.standings, wroteMeta: true });
}
