/**
 * A CFR+ run into a folder, the work behind `agora cfr` (OpenSpiel's cfr_example: iterate, print the
 * average policy's exploitability every so often), stopping and going on like `agora train`:
 * <out>/checkpoint/state.json holds the solver (regrets and average sums, exactly) and the rows
 * so far, written at every evaluation, at least every `checkpointSeconds`, and when the run ends
 * or is stopped; run again, it goes on from there to the same total. <out>/policy.json and
 * meta.json hold the average policy of the last evaluation, so a stopped run's folder plays too.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AgoraError, type GameDefinition } from '../../envs/index.js';
import { exploitabilityOf, type ExploitabilityFigures } from './best-response.js';
import { CfrPlusSolver, type CfrPlusCheckpoint } from './cfr-plus.js';
import { buildGameTree, slotCount, type GameTree } from './game-tree.js';
import { policyFileOf, savePolicyFolder, writeAtomically } from './policy-file.js';

export interface CfrRunOptions {
  game: GameDefinition;
  /** Iterations in all: a resumed run goes on until the solver has done this many. */
  iterations: number;
  /** The folder of the policy, its meta.json and checkpoint/. */
  out: string;
  /** Averaging delay (CfrPlusOptions); a resumed run keeps its own and refuses another. */
  delay?: number;
  /** Evaluate every this many iterations; default at 1, 2, 5, 10, 20, 50, ... and at the end. */
  evalEvery?: number;
  /** Start over even if `out` holds a checkpoint. */
  fresh?: boolean;
  /** Write the checkpoint at least this often (default 30 s). */
  checkpointSeconds?: number;
  /** The command line to record in meta.json. */
  command?: string;
  /** A row at every evaluation (the CLI prints it). */
  onRow?: (row: CfrRow) => void;
  /** After every chunk of iterations: the iteration reached. */
  onProgress?: (iteration: number) => void;
  /** When aborted, the run stops after the chunk under way, saves and returns (stopped: true). */
  signal?: AbortSignal;
}

/** One evaluation of the average policy. */
export interface CfrRow extends ExploitabilityFigures {
  iteration: number;
  /** Seconds of solving so far, over every run of this folder. */
  seconds: number;
}

export interface CfrRunSummary {
  game: string;
  out: string;
  nodes: number;
  infosets: number;
  /** Iteration the run started from (0, or the checkpoint's). */
  resumedFrom: number;
  iterations: number;
  delay: number;
  rows: CfrRow[];
  /** The last evaluation (of the policy written to policy.json). */
  final: CfrRow;
  /** Seconds of solving over every run of this folder, and this run's iterations per second. */
  seconds: number;
  iterationsPerSecond: number;
  stopped: boolean;
}

interface StateFile {
  solver: CfrPlusCheckpoint;
  rows: CfrRow[];
  seconds: number;
}

const CHECKPOINT = join('checkpoint', 'state.json');

/** The path of a run folder's checkpoint (present once a run has saved one). */
export function checkpointPath(out: string): string {
  return join(out, CHECKPOINT);
}

/** The evaluation schedule: every `every`, or 1, 2, 5, 10, 20, 50, ...; always the last iteration. */
function isEvaluationPoint(iteration: number, total: number, every?: number): boolean {
  if (iteration === total) return true;
  if (every !== undefined) return iteration % every === 0;
  const decade = 10 ** Math.floor(Math.log10(iteration));
  return iteration === decade || iteration === 2 * decade || iteration === 5 * decade;
}

export async function runCfrPlus(options: CfrRunOptions): Promise<CfrRunSummary> {
  const { game, iterations, out } = options;
  if (!(Number.isInteger(iterations) && iterations >= 1))
    throw new AgoraError('bad_request', `iterations must be a positive integer; got ${iterations}`);
  const tree = buildGameTree(game);
  const statePath = checkpointPath(out);
  let solver: CfrPlusSolver;
  let rows: CfrRow[] = [];
  let secondsBefore = 0;
  if (existsSync(statePath) && !options.fresh) {
    const saved = readState(statePath);
    solver = CfrPlusSolver.resume(tree, saved.solver, statePath);
    if (options.delay !== undefined && options.delay !== solver.delay)
      throw new AgoraError(
        'bad_request',
        `${statePath}: the run averages with delay ${solver.delay}, not ${options.delay}; ` +
          'drop the delay to go on with it, or start over with fresh',
      );
    rows = saved.rows;
    secondsBefore = saved.seconds;
  } else {
    if (options.fresh) rmSync(join(out, 'checkpoint'), { recursive: true, force: true });
    solver = new CfrPlusSolver(tree, { delay: options.delay });
  }
  const resumedFrom = solver.iteration;
  mkdirSync(join(out, 'checkpoint'), { recursive: true });
  const started = performance.now();
  const elapsed = () => secondsBefore + (performance.now() - started) / 1000;
  let lastSave = performance.now();
  const checkpointMs = (options.checkpointSeconds ?? 30) * 1000;
  const save = () => {
    const state: StateFile = { solver: solver.checkpoint(), rows, seconds: elapsed() };
    writeAtomically(statePath, JSON.stringify(state));
    lastSave = performance.now();
  };
  const evaluate = (): CfrRow => {
    const policy = solver.averagePolicy();
    const row = { iteration: solver.iteration, ...exploitabilityOf(tree, policy), seconds: elapsed() };
    rows = [...rows.filter((r) => r.iteration < row.iteration), row];
    writePolicy(options, tree, solver, policy, row, resumedFrom, started);
    options.onRow?.(row);
    return row;
  };

  // Chunks of about 100 ms between looks at the signal and the clock (a chunk never skips an evaluation).
  let chunk = 1;
  let stopped = false;
  while (solver.iteration < iterations) {
    if (options.signal?.aborted) {
      stopped = true;
      break;
    }
    let next = solver.iteration + 1;
    while (
      next < iterations &&
      next - solver.iteration < chunk &&
      !isEvaluationPoint(next, iterations, options.evalEvery)
    )
      next++;
    const ran = next - solver.iteration;
    const t0 = performance.now();
    solver.run(ran);
    const ms = performance.now() - t0;
    chunk = Math.max(1, Math.min(chunk * 2, Math.round((ran * 100) / Math.max(ms, 1e-3))));
    if (isEvaluationPoint(solver.iteration, iterations, options.evalEvery)) {
      evaluate();
      save();
    } else if (performance.now() - lastSave >= checkpointMs) save();
    options.onProgress?.(solver.iteration);
    // Lets a signal (Ctrl-C) and timers in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const last = rows.at(-1);
  const final = last && last.iteration === solver.iteration ? last : evaluate();
  save();
  const ranIterations = solver.iteration - resumedFrom;
  const thisRun = (performance.now() - started) / 1000;
  return {
    game: game.name,
    out,
    nodes: tree.nodes,
    infosets: tree.infosets,
    resumedFrom,
    iterations: solver.iteration,
    delay: solver.delay,
    rows,
    final,
    seconds: elapsed(),
    iterationsPerSecond: ranIterations > 0 ? ranIterations / thisRun : 0,
    stopped,
  };
}

function readState(path: string): StateFile {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new AgoraError('bad_request', `${path} is not valid JSON (corrupt or truncated); start over with fresh`);
  }
  const state = value as Partial<StateFile> | null;
  if (
    !state ||
    typeof state !== 'object' ||
    !state.solver ||
    !Array.isArray(state.rows) ||
    typeof state.seconds !== 'number'
  )
    throw new AgoraError(
      'bad_request',
      `${path} is not a CFR+ checkpoint (solver, rows, seconds); start over with fresh`,
    );
  return state as StateFile;
}

function writePolicy(
  options: CfrRunOptions,
  tree: GameTree,
  solver: CfrPlusSolver,
  policy: Float64Array,
  row: CfrRow,
  resumedFrom: number,
  started: number,
): void {
  const solverRecord = { algorithm: 'cfr+' as const, iterations: solver.iteration, delay: solver.delay };
  const runSeconds = (performance.now() - started) / 1000;
  savePolicyFolder(options.out, policyFileOf(tree, options.game, policy, solverRecord), {
    training: {
      ...solverRecord,
      updates: 'alternating',
      regretMatching: 'plus',
      averaging: solver.delay > 0 ? `linear, delayed ${solver.delay} iterations` : 'linear',
      nodes: tree.nodes,
      infosets: tree.infosets,
      slots: slotCount(tree),
      seconds: row.seconds,
      iterationsPerSecond: runSeconds > 0 ? (solver.iteration - resumedFrom) / runSeconds : 0,
      ...(options.command ? { command: options.command } : {}),
    },
    results: {
      definition: 'exploitability = NashConv / 2 = (BR0 + BR1) / 2 (OpenSpiel)',
      unit: tree.returnUnit,
      exploitability: row.exploitability,
      nashConv: row.nashConv,
      bestResponse: row.bestResponse,
      value: row.value,
    },
  });
}
