import cliProgress from 'cli-progress';
import { AgoraError, getGame } from '../../envs/index.js';
import { readMeta } from '../../agents/index.js';
import { runTournament } from '../../play/index.js';
import { formatTable } from '../table.js';

export interface TuneSearchCliOptions {
  c: string;
  iterations: number;
  games: number;
  opponent?: string;
  seed: string;
  threads?: number;
  dryRun?: boolean;
}

/** '0.5,1,1.5' -> [0.5, 1, 1.5]: distinct numbers in [0, 100], at least two. */
function parseCList(text: string): number[] {
  const values = text.split(',').map((s) => s.trim());
  const numbers = values.map(Number);
  const bad = values.filter((s, i) => s === '' || !Number.isFinite(numbers[i]) || numbers[i] < 0 || numbers[i] > 100);
  if (bad.length > 0)
    throw new AgoraError(
      'bad_request',
      `--c must list numbers from 0 to 100 separated by commas; got '${bad.join("', '")}' in '${text}'`,
    );
  if (new Set(numbers).size !== numbers.length)
    throw new AgoraError('bad_request', `--c lists a value twice: '${text}'`);
  if (numbers.length < 2)
    throw new AgoraError('bad_request', `--c needs at least two values to compare; got '${text}'`);
  return numbers;
}

/**
 * `agora tune-search <dir> --c 0.5,1,1.5`: a round-robin tournament between the model's az search
 * at each PUCT constant and an opponent (mcts at the same iteration count by default), and the c
 * with the best Bradley-Terry rating written to meta.json as the model's default, with the figures
 * that chose it. Nothing is written if any game fails, or with --dry-run.
 */
export async function tuneSearchCommand(dir: string, opts: TuneSearchCliOptions): Promise<void> {
  const values = parseCList(opts.c);
  const meta = readMeta(dir);
  const game = getGame(meta.game);
  const opponent = opts.opponent ?? `mcts:iterations=${opts.iterations}`;
  const specs = values.map((c) => `az:${dir},iterations=${opts.iterations},c=${c}`);
  if (specs.includes(opponent))
    throw new AgoraError('bad_request', `--opponent ${opponent} is one of the searches being tuned`);
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: ' {bar} {value}/{total} games | {eta_formatted} left' },
    cliProgress.Presets.shades_classic,
  );
  bar.start(opts.games, 0);
  const report = await runTournament({
    game: game.name,
    agents: [...specs, opponent],
    games: opts.games,
    players: meta.players,
    seed: opts.seed,
    threads: opts.threads,
    onResult: () => bar.increment(),
  }).finally(() => bar.stop());
  const standing = (spec: string) => report.standings.find((s) => s.agent === spec)!;
  const rows = [...specs, opponent].map((spec) => {
    const s = standing(spec);
    return [
      spec,
      `${(100 * s.winShare).toFixed(1)}%`,
      s.meanReturn.toFixed(3),
      s.bt.toFixed(0),
      `[${s.btLow.toFixed(0)}, ${s.btHigh.toFixed(0)}]`,
    ];
  });
  process.stdout.write(
    `${game.name}, ${report.players} players, ${report.balance.games} games, seed '${report.seed}'\n`,
  );
  process.stdout.write(`${formatTable(['agent', 'win share', 'avg return', 'BT', 'BT 95% CI'], rows)}\n`);
  let at = 0;
  specs.forEach((spec, i) => {
    if (standing(spec).bt > standing(specs[at]).bt) at = i;
  });
  const best = values[at];
  const bestStanding = standing(specs[at]);
  const versus = standing(opponent);
  const verdict =
    bestStanding.btLow > versus.btHigh
      ? 'above'
      : bestStanding.bt > versus.bt
        ? 'ahead of, with overlapping intervals,'
        : 'not ahead of';
  process.stdout.write(
    `best: c=${best} (BT ${bestStanding.bt.toFixed(0)}), ${verdict} ${opponent} (BT ${versus.bt.toFixed(0)})\n`,
  );
  if (opts.dryRun) {
    process.stdout.write(`--dry-run: ${dir}/meta.json left unchanged\n`);
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
      games: report.balance.games,
      seed: report.seed,
      opponent,
      standings: [...specs, opponent].map((spec) => {
        const s = standing(spec);
        return { agent: spec, winShare: s.winShare, bt: s.bt, btLow: s.btLow, btHigh: s.btHigh };
      }),
    },
  });
  process.stdout.write(
    `wrote search.c = ${best} to ${dir}/meta.json: az:${dir} now searches with it unless its spec sets c\n`,
  );
}
