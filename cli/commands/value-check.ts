/**
 * `agora value-check <model>`: the value head's squared error on held-out games against the best
 * constant predictor's, overall and by third of the game (agents/neural/value-check.ts). The games are
 * played fresh (seeds '<seed>:<k>', never a training run's: those are '<run seed>:g<generation>:<k>'),
 * every seat the model's own search unless --agent says otherwise, or read from saved records
 * (a run's checkpoint/buffer.json, or scripts/self-play-records.ts's output) with --records.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  loadPolicyFolder,
  readMeta,
  valueNetworkOf,
  valueErrorTable,
  valuePositionsOf,
  type PlayedActions,
  type ValueErrors,
  type ValuePosition,
} from '../../agents/index.js';
import { AgoraError, getGame } from '../../envs/index.js';
import { playOnWorkers, type GameJob } from '../../play/index.js';
import { Output, type OutputOptions } from '../output.js';
import { startProgress } from '../progress.js';
import { formatTable } from '../table.js';

export interface ValueCheckCliOptions extends OutputOptions {
  games?: number;
  seed: string;
  /** The agent of every seat (default: the model's az search at 64 iterations). */
  agent?: string;
  /** Read games from this records file or run folder instead of playing. */
  records?: string;
  threads?: number;
}

/** Games played when --games is not given (with --records: every game in the file). */
const DEFAULT_GAMES = 40;

const RecordsSchema = z.array(
  z.object({
    seed: z.union([z.string(), z.number()]),
    players: z.number().int().min(1),
    actions: z.array(z.number().int().min(0)),
  }),
);

/** The records of a file, or of a run folder's checkpoint (checkpoint/buffer.json). */
function readRecords(path: string, players: number): PlayedActions[] {
  if (!existsSync(path)) throw new AgoraError('bad_request', `--records ${path}: no such file or folder`);
  let file = path;
  if (statSync(path).isDirectory()) {
    file = [join(path, 'checkpoint', 'buffer.json'), join(path, 'buffer.json')].find((f) => existsSync(f)) ?? '';
    if (!file)
      throw new AgoraError('bad_request', `--records ${path}: a folder needs checkpoint/buffer.json or buffer.json`);
  }
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new AgoraError('bad_request', `--records ${file}: not valid JSON`);
  }
  const parsed = RecordsSchema.safeParse(value);
  if (!parsed.success)
    throw new AgoraError(
      'bad_request',
      `--records ${file}: not a list of game records ({ seed, players, actions }): ` +
        parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  const other = parsed.data.find((r) => r.players !== players);
  if (other)
    throw new AgoraError(
      'bad_request',
      `--records ${file}: game ${other.seed} has ${other.players} players; the model ${players}`,
    );
  return parsed.data;
}

async function playGames(
  game: string,
  players: number,
  agent: string,
  opts: ValueCheckCliOptions,
): Promise<PlayedActions[]> {
  const count = opts.games ?? DEFAULT_GAMES;
  const jobs: GameJob[] = Array.from({ length: count }, (_, index) => ({
    index,
    game,
    seats: Array.from({ length: players }, () => agent),
    seed: `${opts.seed}:${index}`,
  }));
  const progress = startProgress({ label: 'value-check', total: count, unit: 'games', quiet: opts.quiet });
  try {
    const played = await playOnWorkers(jobs, { threads: opts.threads, onResult: () => progress.increment() });
    return played.map((result, i) => ({ seed: jobs[i].seed, players, actions: result.actions }));
  } finally {
    progress.stop();
  }
}

function rowOf(label: string, e: ValueErrors): string[] {
  const figure = (x: number) => (Number.isNaN(x) ? '—' : x === Infinity ? '∞' : x.toFixed(3));
  return [label, String(e.positions), figure(e.valueMse), figure(e.constantMse), figure(e.ratio)];
}

export async function valueCheckCommand(dir: string, opts: ValueCheckCliOptions): Promise<void> {
  const meta = readMeta(dir);
  valueNetworkOf(meta, dir, 'value-check, which measures the value head,');
  const def = getGame(meta.game);
  const net = loadPolicyFolder(dir, def);
  const output = new Output(opts);
  const agent = opts.agent ?? `az:${dir},iterations=64`;
  let games: PlayedActions[];
  let source: string;
  if (opts.records !== undefined) {
    games = readRecords(opts.records, meta.players).slice(0, opts.games);
    source = `${games.length} games of ${opts.records}`;
  } else {
    output.note(
      `value-check ${def.name}: ${opts.games ?? DEFAULT_GAMES} games, every seat ${agent}, seed ${opts.seed}`,
    );
    games = await playGames(def.name, meta.players, agent, opts);
    source = `${games.length} games, every seat ${agent}, seeds ${opts.seed}:0..${games.length - 1}`;
  }
  const positions: ValuePosition[] = games.flatMap((g) => valuePositionsOf(def, g, net));
  const table = valueErrorTable(positions);
  const labels = ['first third', 'middle third', 'last third'];
  output.text(
    `${dir} (${def.name}, ${meta.players} players): the value head against the final returns, ${source}\n` +
      formatTable(
        ['positions', 'count', 'value MSE', 'constant MSE', 'ratio'],
        [rowOf('all', table.all), ...table.phases.map((e, i) => rowOf(labels[i], e))],
      ) +
      '\nconstant: the mean return of each rotated seat over these positions; ratio below 1: the head beats it',
  );
  output.json({ model: dir, game: def.name, players: meta.players, source, games: games.length, ...table });
}
