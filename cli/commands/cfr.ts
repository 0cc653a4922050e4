/**
 * `agora cfr <game> --iterations N --out models/<game>/cfr`: solves a two-player zero-sum game with
 * information states by CFR+ (agents/cfr/), printing the average policy's exploitability as it
 * goes, as OpenSpiel's cfr_example does, and saving the policy for `cfr:<out>`.
 */
import { existsSync } from 'node:fs';
import { checkpointPath, runCfrPlus, whyNoTree, type CfrRow } from '../../agents/index.js';
import { AgoraError, getGame, listGames } from '../../envs/index.js';
import { Output, type OutputOptions } from '../output.js';
import { startProgress } from '../progress.js';

export interface CfrCliOptions extends OutputOptions {
  iterations: number;
  out: string;
  delay?: number;
  evalEvery?: number;
  fresh?: boolean;
  resume?: boolean;
}

/** The games a tabular method can walk (two seats, information states, explicit chance). */
function treeGames(): string[] {
  return listGames().filter((name) => whyNoTree(getGame(name)) === undefined);
}

/** A game's tree, or an error that says why not and which games have one. */
export function gameWithTree(name: string) {
  const def = getGame(name);
  const why = whyNoTree(def);
  if (why)
    throw new AgoraError(
      'bad_request',
      `${why}; CFR+ and exploitability walk a two-player game's information sets: ${treeGames().join(', ')}`,
    );
  return def;
}

/**
 * A figure in chips: six decimals, or three significant digits in exponent form below 0.001;
 * rounding noise below 1e-12 shows as 0.
 */
export function formatChips(x: number): string {
  if (Math.abs(x) < 1e-12) return (0).toFixed(6);
  return Math.abs(x) >= 1e-3 ? x.toFixed(6) : x.toExponential(3);
}

const COLUMNS = ['iteration', 'exploitability', 'NashConv', 'seat 0 value', 'seconds'];
const WIDTHS = [10, 14, 14, 13, 9];

function line(cells: readonly string[]): string {
  return cells.map((c, i) => c.padStart(WIDTHS[i])).join('  ');
}

function rowLine(row: CfrRow): string {
  return line([
    String(row.iteration),
    formatChips(row.exploitability),
    formatChips(row.nashConv),
    formatChips(row.value),
    row.seconds.toFixed(1),
  ]);
}

export async function cfrCommand(game: string, opts: CfrCliOptions): Promise<void> {
  const def = gameWithTree(game);
  if (opts.resume && opts.fresh) throw new AgoraError('bad_request', '--resume and --fresh cannot go together');
  const saved = existsSync(checkpointPath(opts.out));
  if (opts.resume && !saved)
    throw new AgoraError(
      'bad_request',
      `--resume: ${opts.out} holds no checkpoint (checkpoint/state.json) to go on from; ` +
        'drop --resume to start a run there',
    );
  const output = new Output(opts);
  output.note(
    `agora cfr ${def.name}: CFR+ (regret matching+, alternating updates, linear averaging` +
      `${opts.delay ? ` delayed ${opts.delay}` : ''}) to ${opts.iterations} iterations, out ${opts.out}` +
      (saved && !opts.fresh ? ' (going on from its checkpoint)' : ''),
  );
  const progress = startProgress({ label: 'cfr', total: opts.iterations, unit: 'iterations', quiet: opts.quiet });
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let header = false;
  try {
    const summary = await runCfrPlus({
      game: def,
      iterations: opts.iterations,
      out: opts.out,
      delay: opts.delay,
      evalEvery: opts.evalEvery,
      fresh: opts.fresh,
      command: `agora cfr ${process.argv.slice(3).join(' ')}`,
      signal: stop.signal,
      onProgress: (i) => progress.update(i),
      onRow: (row) => {
        if (!header) output.text(`${line(COLUMNS)}\n${WIDTHS.map((w) => '-'.repeat(w)).join('  ')}`);
        header = true;
        output.text(rowLine(row));
      },
    });
    progress.stop();
    const f = summary.final;
    output.text(
      `\n${def.name}: ${summary.nodes} nodes, ${summary.infosets} information sets; ` +
        `${summary.iterations} iterations in ${summary.seconds.toFixed(1)} s` +
        (summary.iterationsPerSecond > 0
          ? ` (this run: ${Math.round(summary.iterationsPerSecond)} iterations/s)`
          : '') +
        `\nexploitability of the average policy: ${formatChips(f.exploitability)} ${def.returnUnit} a hand ` +
        `(NashConv / 2; NashConv ${formatChips(f.nashConv)}); seat 0's value ${formatChips(f.value)}` +
        `\nwrote ${opts.out}/policy.json and meta.json: play it with cfr:${opts.out}`,
    );
    if (summary.stopped) output.note(`stopped at iteration ${summary.iterations}: run the same command again to go on`);
    output.json(summary);
  } finally {
    progress.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
