import { AgoraError, getGame } from '../../envs/index.js';
import { readMeta } from '../../agents/index.js';
import { Output, type OutputOptions } from '../output.js';
import { parseValueList, runTuning } from './tuning.js';

export interface TuneSearchCliOptions extends OutputOptions {
  c: string;
  iterations: number;
  games: number;
  opponent?: string;
  seed: string;
  threads?: number;
  dryRun?: boolean;
}

/**
 * `agora tune-search <dir> --c 0.5,1,1.5`: a round-robin tournament between the model's az search
 * at each PUCT constant and an opponent (mcts at the same iteration count by default), and the c
 * with the best Bradley-Terry rating written to meta.json as the model's default, with the figures
 * that chose it. Nothing is written if any game fails, or with --dry-run.
 */
export async function tuneSearchCommand(dir: string, opts: TuneSearchCliOptions): Promise<void> {
  const values = parseValueList('--c', opts.c);
  const meta = readMeta(dir);
  const game = getGame(meta.game);
  const opponent = opts.opponent ?? `mcts:iterations=${opts.iterations}`;
  const specs = values.map((c) => `az:${dir},iterations=${opts.iterations},c=${c}`);
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
  output.text(`best: c=${best} (${result.verdict})\n`);
  if (opts.dryRun) {
    output.text(`--dry-run: ${dir}/meta.json left unchanged`);
    output.json({ model: dir, c: best, verdict: result.verdict, standings: result.standings, wroteMeta: false });
    return;
  }
  // TensorFlow.js loads with training's code: only for the write.
  const { writeSearchDefaults } = await import('../../training/index.js');
  writeSearchDefaults(dir, {
    c: best,
    ...(meta.search?.mix !== undefined ? { mix: meta.search.mix } : {}),
    chosenBy: {
      command: 'agora tune-search',
      date: new Date().toISOString(),
      iterations: opts.iterations,
      games: result.report.balance.games,
      seed: result.report.seed,
      opponent,
      standings: result.standings,
    },
  });
  output.text(`wrote search.c = ${best} to ${dir}/meta.json: az:${dir} now searches with it unless its spec sets c\n`);
  output.json({ model: dir, c: best, verdict: result.verdict, standings: result.standings, wroteMeta: true });
}
