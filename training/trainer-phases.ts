/**
 * The phases both trainers (expert iteration and PPO) run, in this order:
 *   locateRun -> resumeOrStart -> restore the weights, or writeFirstCheckpoint -> openGamePool ->
 *   startRun -> runGenerations(each: collect -> learn -> evaluateIfDue -> logCurvePoint ->
 *   commitState) -> summarize.
 * What a generation collects and how it learns is each algorithm's own (expert-iteration.ts,
 * ppo.ts); the run folder, the stop rule, the evaluation schedule, the curves and the order in
 * which a checkpoint is committed are the same for both, so they live here once.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { Rng, assertPlayerCount, getGame, type GameDefinition } from '../envs/index.js';
import type { tf } from './backend.js';
import { evaluateCandidate, type MatchupFigures } from './evaluate.js';
import type { LossFigures } from './learner.js';
import { loadModel, saveModel, type ModelMeta } from './model-io.js';
import { QueueTrainingPool } from './queue-pool.js';
import { RunFiles, openRun, type RunStateBase } from './run-files.js';
import { TrainingPool, type GamePlayer } from './training-pool.js';

/** Progress of a run, for progress bars and logs. */
export type TrainingEvent =
  | { kind: 'phase'; generation: number; phase: 'self-play' | 'train' | 'gate' | 'evaluate' }
  | { kind: 'game'; generation: number; done: number; total: number }
  | { kind: 'generation'; row: Record<string, unknown> };

export interface RunOptions {
  out: string;
  minutes: number;
  /** Worker threads for self-play (az), rollouts (ppo) and evaluation games (default: one per core). */
  workers?: number;
  /** Ignore an existing checkpoint in `out` and start over. */
  fresh?: boolean;
  /** With a Redis URL, self-play and evaluation games become queue jobs for `agora worker` processes. */
  redisUrl?: string;
  queuePrefix?: string;
  /**
   * A model folder whose weights a new run starts from instead of a random network (same game, seat
   * count and architecture). Checkpoints stay out of version control, so this is how training goes
   * on from a shipped model in a later session or on another machine. Ignored when resuming.
   */
  init?: string;
  /** Stop after this many generations (updates) in this run as well (tests: a reproducible amount of training). */
  maxGenerations?: number;
  onEvent?: (event: TrainingEvent) => void;
}

export interface TrainingSummary {
  out: string;
  generations: number;
  steps: number;
  gamesPlayed: number;
  elapsedMs: number;
  lastEval?: MatchupFigures[];
  /** The policy alone (neural:) against its baselines, when measured. */
  lastPolicyEval?: MatchupFigures[];
}

/** What every trainer's checkpointed state (checkpoint/state.json) holds. */
export interface RunProgress extends RunStateBase {
  config: { game: string; players: number; seed: string };
  /** Generations (updates) completed over all sessions of the run. */
  generation: number;
  steps: number;
  gamesPlayed: number;
  /** Training time over all earlier sessions. */
  elapsedMs: number;
  /** The trainer's own random stream (Rng state as JSON). */
  rng: string;
  lastEval?: MatchupFigures[];
  lastPolicyEval?: MatchupFigures[];
}

/** A stable integer from a seed string (network initialisation). */
export function hashSeed(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return (h >>> 0) % 100_000;
}

/** Where a run lives and on how many threads, known before anything in its folder changes. */
export interface RunPlace {
  def: GameDefinition;
  /** The output folder, absolute. */
  out: string;
  files: RunFiles;
  workers: number;
  /** Whether the run starts over: asked to (--fresh), or there is no checkpoint to resume. */
  startsFresh: boolean;
  /** A folder inside the checkpoint. */
  dir: (name: string) => string;
}

/** Checks the game and seat count and finds the run folder; reads the disk but changes nothing. */
export function locateRun(initial: { game: string; players: number }, options: RunOptions): RunPlace {
  const def = getGame(initial.game);
  assertPlayerCount(def, initial.players);
  const files = new RunFiles(resolve(options.out));
  return {
    def,
    out: files.out,
    files,
    workers: Math.max(1, options.workers ?? availableParallelism()),
    startsFresh: (options.fresh ?? false) || !files.hasCheckpoint(),
    dir: (name) => join(files.checkpoint, name),
  };
}

/**
 * The checkpointed state when the run resumes (refusing another algorithm's, game's or seat
 * count's run), else `fresh()`'s state in an emptied folder.
 */
export function resumeOrStart<S extends RunProgress>(
  place: RunPlace,
  algorithm: S['algorithm'],
  players: number,
  options: RunOptions,
  fresh: () => S,
): { state: S; resuming: boolean } {
  return openRun<S>(place.files, algorithm, place.def.name, players, options.fresh ?? false, fresh);
}

/** A new run's trainer stream, as stored in its state: seeded from the run's seed alone. */
export function freshTrainerRng(seed: string): string {
  return JSON.stringify(Rng.fromSeed(`${seed}:trainer`).state());
}

/** The trainer stream where the checkpoint left it, so a resumed run draws what an uninterrupted one would. */
export function restoreTrainerRng(state: RunProgress): Rng {
  return Rng.fromState(JSON.parse(state.rng));
}

/**
 * A new run's checkpoint: the initial network in each of `folders`, the `extra` JSON files, then
 * state.json, written last because it names the rest (a kill before it leaves no checkpoint, and
 * the next start begins afresh).
 */
export async function writeFirstCheckpoint(
  place: RunPlace,
  model: tf.LayersModel,
  folders: readonly string[],
  meta: () => ModelMeta,
  state: RunProgress,
  extra: Record<string, unknown> = {},
): Promise<void> {
  for (const folder of folders) await saveModel(model, place.dir(folder), meta());
  for (const [name, value] of Object.entries(extra)) place.files.writeJson(name, value);
  place.files.writeJson('state.json', state);
}

/** Loads a saved model folder for `use` (which copies its weights out) and frees it afterwards. */
export async function withSavedModel<T>(
  folder: string,
  def: GameDefinition,
  use: (model: tf.LayersModel) => T | Promise<T>,
): Promise<T> {
  const { model } = loadModel(folder, def);
  try {
    return await use(model);
  } finally {
    model.dispose();
  }
}

/** Where self-play and evaluation games are played: the Redis job queue when given, else threads here. */
export function openGamePool(options: RunOptions, config: { game: string; seed: string }, workers: number): GamePlayer {
  return options.redisUrl
    ? new QueueTrainingPool(options.redisUrl, `train:${config.game}:${config.seed}`, options.queuePrefix)
    : new TrainingPool(workers);
}

/**
 * When a run stops: at the first generation that ends after the deadline, or after `maxGenerations`
 * generations of this session. `now` is injectable for tests.
 */
export class RunClock {
  readonly started: number;
  private readonly deadline: number;
  private generationsRun = 0;

  constructor(
    minutes: number,
    private readonly maxGenerations?: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = now();
    this.deadline = this.started + minutes * 60_000;
  }

  beginGeneration(): void {
    this.generationsRun++;
  }

  /**
   * Whether the generation under way is the session's last. Asked once, inside the generation
   * (before evaluating), so the generation that ends the run is always the one evaluated and
   * published: a deadline passing during its checkpoint no longer skips that.
   */
  endsRun(): boolean {
    return this.now() >= this.deadline || this.generationsRun === this.maxGenerations;
  }

  /** The run's training time in all: `before` (earlier sessions) plus this session's so far. */
  elapsedMs(before: number): number {
    return before + (this.now() - this.started);
  }
}

/** A run under way: its place, options, state (replaced as it advances), game pool, clock and events. */
export interface TrainerRun<S extends RunProgress> extends RunPlace {
  options: RunOptions;
  config: S['config'];
  state: S;
  pool: GamePlayer;
  clock: RunClock;
  emit: (event: TrainingEvent) => void;
}

/** Starts the clock: call it once setup is done, right before the first generation. */
export function startRun<S extends RunProgress>(
  place: RunPlace,
  options: RunOptions,
  state: S,
  pool: GamePlayer,
): TrainerRun<S> {
  const clock = new RunClock(options.minutes, options.maxGenerations);
  return { ...place, options, config: state.config, state, pool, clock, emit: (e) => options.onEvent?.(e) };
}

/**
 * Runs generations until one reports it was the last (see RunClock.endsRun), then closes what the
 * run opened, also when a generation throws (worker threads would keep the process alive).
 */
export async function runGenerations(
  clock: RunClock,
  generation: () => Promise<boolean>,
  close: () => Promise<void>,
): Promise<void> {
  try {
    let last = false;
    while (!last) {
      clock.beginGeneration();
      last = await generation();
    }
  } finally {
    await close();
  }
}

export function emitPhase(
  run: Pick<TrainerRun<RunProgress>, 'emit'>,
  generation: number,
  phase: 'self-play' | 'train' | 'gate' | 'evaluate',
): void {
  run.emit({ kind: 'phase', generation, phase });
}

/** Losses summed over a generation's gradient steps, for the curve's per-step means. */
export class LossTally {
  count = 0;
  private readonly sums: LossFigures = { policyLoss: 0, valueLoss: 0, entropy: 0 };

  add(figures: LossFigures): void {
    this.sums.policyLoss += figures.policyLoss;
    this.sums.valueLoss += figures.valueLoss;
    this.sums.entropy += figures.entropy;
    if (figures.scoreLoss !== undefined) this.sums.scoreLoss = (this.sums.scoreLoss ?? 0) + figures.scoreLoss;
    this.count++;
  }

  means(): LossFigures {
    const { policyLoss, valueLoss, entropy, scoreLoss } = this.sums;
    const means = {
      policyLoss: policyLoss / this.count,
      valueLoss: valueLoss / this.count,
      entropy: entropy / this.count,
    };
    return scoreLoss === undefined ? means : { ...means, scoreLoss: scoreLoss / this.count };
  }
}

/** Evaluation against the baselines: every `evalEvery` generations, and always at the run's last. */
export function evaluationDue(generation: number, evalEvery: number, last: boolean): boolean {
  return generation % evalEvery === 0 || last;
}

/** Runs `evaluate` when an evaluation is due (announcing the phase), else gives undefined. */
export async function evaluateIfDue<T>(
  run: TrainerRun<RunProgress & { config: { evalEvery: number } }>,
  generation: number,
  last: boolean,
  evaluate: () => Promise<T>,
): Promise<T | undefined> {
  if (!evaluationDue(generation, run.config.evalEvery, last)) return undefined;
  emitPhase(run, generation, 'evaluate');
  return evaluate();
}

/** `gamesEach` games of `candidate` against each opponent, played on the run's game pool. */
export function playMatchups(
  run: TrainerRun<RunProgress>,
  candidate: string,
  opponents: readonly string[],
  gamesEach: number,
  seed: string,
): Promise<MatchupFigures[]> {
  const { def, config, pool } = run;
  const play = (jobs: Parameters<GamePlayer['matches']>[0]) => pool.matches(jobs);
  return evaluateCandidate({ game: def.name, players: config.players, candidate, opponents, gamesEach, seed, play });
}

/**
 * A metrics row: the run's progress, the algorithm's `counts` (before the minutes) and `figures`
 * (after them), in the key order the metrics files have always had.
 */
export function curveRow(
  run: TrainerRun<RunProgress>,
  generation: number,
  elapsedMs: number,
  counts: Record<string, unknown>,
  figures: Record<string, unknown>,
): Record<string, unknown> {
  const { steps, gamesPlayed } = run.state;
  const minutes = +(elapsedMs / 60_000).toFixed(2);
  return {
    time: new Date().toISOString(),
    generation,
    step: steps,
    games: gamesPlayed,
    ...counts,
    minutes,
    ...figures,
  };
}

/** Appends the row to metrics.jsonl, redraws curves.svg and reports the generation. */
export function logCurvePoint(
  run: TrainerRun<RunProgress>,
  row: Record<string, unknown>,
  title: string,
  xLabel?: string,
): void {
  run.files.appendMetrics(row, title, xLabel);
  run.emit({ kind: 'generation', row });
}

/** Writes state.json, which makes everything saved before it the checkpoint a restart resumes from. */
export function commitState(run: TrainerRun<RunProgress>, elapsedMs: number): void {
  run.files.writeJson('state.json', { ...run.state, elapsedMs });
}

/** Deletes checkpoint folders; only after commitState, once the state no longer names them. */
export function removeCheckpointFolders(run: RunPlace, names: readonly string[]): void {
  for (const name of names) rmSync(run.dir(name), { recursive: true, force: true });
}

/**
 * The run's totals as committed (this session's and earlier ones'), plus what `extra` adds from
 * the algorithm's own state.
 */
export function summarize<S extends RunProgress>(
  place: RunPlace,
  extra: (final: S) => Partial<TrainingSummary> = () => ({}),
): TrainingSummary {
  const final = place.files.readJson<S>('state.json');
  return {
    out: place.out,
    generations: final.generation,
    steps: final.steps,
    gamesPlayed: final.gamesPlayed,
    elapsedMs: final.elapsedMs,
    lastEval: final.lastEval,
    ...extra(final),
  };
}
