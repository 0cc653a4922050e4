/**
 * Expert iteration in the AlphaZero manner, adapted to hidden information (AlphaGo Zero's loop):
 *   1. the best network so far, guided by PUCT information-set search, plays itself on worker threads;
 *   2. its games go to a replay buffer (visit shares and final returns are the targets);
 *   3. the candidate network trains on positions drawn from the buffer;
 *   4. the candidate replaces the best only if it beats it (gating);
 *   5. every few generations the best is measured against random, greedy and mcts at the same
 *      iteration count, and published to the output folder with its figures.
 * Every generation ends with a checkpoint; a run resumes from it after any interruption.
 * The run's skeleton (folder, resume, stop rule, curves, checkpoint commit) is trainer-phases.ts.
 */
import { AgoraError, type GameDefinition, type Rng } from '../envs/index.js';
import { evalGamesFor, type MatchupFigures } from './evaluate.js';
import { ParallelLearner } from './parallel-learner.js';
import { loadOptimizer, saveOptimizer } from './optimizer-state.js';
import { MODEL_FORMAT, readMeta, saveModel, type ModelMeta } from './model-io.js';
import { valueNetworkOf } from '../agents/index.js';
import { DEFAULT_NETWORK, networkShape, type NetworkConfig } from './network.js';
import { ReplayBuffer } from './replay-buffer.js';
import { scoreScaleOf } from './value-targets.js';
import type { GameRecord } from './self-play.js';
import type { GamePlayer } from './training-pool.js';
import {
  LossTally,
  commitState,
  curveRow,
  emitPhase,
  evaluateIfDue,
  freshTrainerRng,
  hashSeed,
  locateRun,
  logCurvePoint,
  openGamePool,
  playMatchups,
  removeCheckpointFolders,
  restoreTrainerRng,
  resumeOrStart,
  runGenerations,
  startRun,
  summarize,
  withSavedModel,
  writeFirstCheckpoint,
  type RunOptions,
  type RunPlace,
  type TrainerRun,
  type TrainingSummary,
} from './trainer-phases.js';

// The run options, events and summary (and hashSeed) are shared with PPO; they are still exported from here.
export { hashSeed, type RunOptions, type TrainingEvent, type TrainingSummary } from './trainer-phases.js';

export interface AzConfig {
  game: string;
  players: number;
  seed: string;
  network: NetworkConfig;
  /** Search iterations per self-play decision (also the az: agent's count in gating and evaluation). */
  iterations: number;
  cPuct: number;
  /** Root Dirichlet noise weight and concentration. */
  noise: number;
  alpha: number;
  /**
   * AlphaGo's leaf mixing lambda (PuctOptions.mix): 0 = the value network alone (AlphaZero);
   * above 0, each leaf also plays one random game to the end. Absent in older runs' state: 0.
   */
  mix?: number;
  /** Leaf playouts' length before the game's evaluation scores them (PuctOptions.cutoff; absent: 0, to the end). */
  cutoff?: number;
  /**
   * The search of self-play, gating and evaluation (SelfPlayOptions.search): absent or 'puct' is
   * AlphaZero's; 'gumbel' is Gumbel top-k with sequential halving, whose improved policy is the
   * target and whose root noise replaces the Dirichlet noise and the early sampled moves.
   */
  search?: 'puct' | 'gumbel';
  /** Root actions Gumbel's sequential halving starts with (absent: GUMBEL_DEFAULTS.considered). */
  considered?: number;
  /**
   * Playout cap randomisation (SelfPlayOptions): a share `fullShare` of self-play decisions search
   * `fullIterations` and become targets; the others search `iterations` and are not recorded.
   * Absent: every decision searches `iterations` and is recorded. Gating and evaluation always
   * search `iterations`, the count the shipped az: agent is measured at.
   */
  fullIterations?: number;
  fullShare?: number;
  /**
   * Plain IS-MCTS of this many iterations searches the recorded decisions instead of the network's
   * search (SelfPlayOptions.teacher): expert iteration with plain search as the expert. With
   * `fullShare`, the share of decisions it takes; the rest search `iterations` and are not recorded.
   * Absent: the network's search is the expert.
   */
  teacher?: number;
  /**
   * Shards each training batch is split into for the data-parallel learner (run on up to this many
   * threads). Fixed per run, so the weights do not depend on the machine's core count. Absent in
   * older runs' state: 1 (one thread, exactly as they trained).
   */
  learnerShards?: number;
  /** Decisions per seat played in proportion to visits before greedy play. */
  temperatureMoves: number;
  /** Policy target = visit shares ^ (1 / this), renormalised (1 = plain visit shares). */
  targetTemperature: number;
  /**
   * Value target = (1 - this) * final returns + this * the search's root value (value-targets.ts).
   * Absent in older runs' state: 0, the returns alone.
   */
  valueTargetMix?: number;
  /**
   * Weight of the auxiliary score head's loss (final score margins); above 0 the network has the
   * head (network.scoreHead). Absent in older runs' state: 0, no head.
   */
  scoreWeight?: number;
  /** Score margins are divided by this (scoreScaleOf, computed when a run with scoreWeight starts). */
  scoreScale?: number;
  gamesPerGeneration: number;
  bufferPositions: number;
  batchSize: number;
  /** Positions trained on per new self-play position. */
  replayRatio: number;
  learningRate: number;
  gateGames: number;
  /** The candidate replaces the best when its score against it is above this (0.5 = level). */
  gateThreshold: number;
  /** Evaluate against the baselines every this many generations (and at the end). */
  evalEvery: number;
  /** Games against each baseline per evaluation. */
  evalGames: number;
  baselines: string[];
  /** Baselines the policy alone (neural:, no search) is also measured against. */
  policyBaselines: string[];
}

export function defaultAzConfig(def: GameDefinition, players: number, seed: string): AzConfig {
  const iterations = 64;
  return {
    game: def.name,
    players,
    seed,
    network: { ...DEFAULT_NETWORK },
    iterations,
    cPuct: 1.25,
    noise: 0.25,
    alpha: 0.3,
    learnerShards: 2,
    temperatureMoves: 6,
    targetTemperature: 0.5,
    gamesPerGeneration: 24,
    bufferPositions: 60_000,
    batchSize: 256,
    replayRatio: 4,
    learningRate: 1e-3,
    gateGames: 8 * players,
    gateThreshold: 0.5,
    // Enough games for a 95% score interval within ±0.1 (evalGamesFor), so measured less often.
    evalEvery: 12,
    evalGames: evalGamesFor(players),
    baselines: ['random', 'greedy', `mcts:iterations=${iterations}`],
    policyBaselines: ['random', 'greedy'],
  };
}

interface AzState {
  algorithm: 'az';
  config: AzConfig;
  generation: number;
  /** Folder (relative to the checkpoint) of the best network; the candidate is `candidate`. */
  best: string;
  bestGeneration: number;
  gamesPlayed: number;
  steps: number;
  elapsedMs: number;
  rng: string;
  lastEval?: MatchupFigures[];
  lastPolicyEval?: MatchupFigures[];
  /** The generation of the best network those figures measured. */
  lastEvalOf?: number;
  /** Where a warm-started run's first network came from (--init): that model's own training record. */
  initFrom?: { folder: string; training: unknown };
}

function metaFor(def: GameDefinition, config: AzConfig, state: AzState, results?: unknown): ModelMeta {
  return {
    format: MODEL_FORMAT,
    game: def.name,
    players: config.players,
    encodingVersion: def.encodingVersion,
    observationSize: def.observationSize(config.players),
    actionSize: def.actionSize,
    network: config.network,
    training: {
      algorithm: 'az',
      config,
      generation: state.generation,
      bestGeneration: state.bestGeneration,
      gamesPlayed: state.gamesPlayed,
      steps: state.steps,
      minutes: +(state.elapsedMs / 60_000).toFixed(1),
      ...(state.initFrom ? { initFrom: state.initFrom } : {}),
    },
    results,
    createdAt: new Date().toISOString(),
  };
}

/** A run of expert iteration under way: the shared run, the learner, the replay buffer and the trainer's stream. */
interface AzRun extends TrainerRun<AzState> {
  learner: ParallelLearner;
  buffer: ReplayBuffer;
  /** The trainer's stream: it only draws the training batches from the buffer. */
  rng: Rng;
}

export async function trainExpertIteration(initial: AzConfig, options: RunOptions): Promise<TrainingSummary> {
  const place = locateRun(initial, options);
  // Checked before resumeOrStart may empty the folder, so a misfit --init leaves an earlier run intact.
  const initMeta = options.init && place.startsFresh ? checkInit(options.init, place.def, initial) : undefined;
  const { state, resuming } = resumeOrStart<AzState>(place, 'az', initial.players, options, () =>
    freshAzState(withScoreTargets(initial, place.def), options.init, initMeta),
  );
  const learner = await startLearner(place, state.config);
  let setup: { buffer: ReplayBuffer; pool: GamePlayer };
  try {
    setup = await restoreOrSeedAz(place, options, state, resuming, learner);
  } catch (err) {
    // The learner's threads would keep the process alive.
    await learner.close();
    throw err;
  }
  const rng = restoreTrainerRng(state);
  const run: AzRun = { ...startRun(place, options, state, setup.pool), learner, buffer: setup.buffer, rng };
  await runGenerations(
    run.clock,
    () => azGeneration(run),
    async () => {
      await run.pool.close();
      await learner.close();
    },
  );
  return summarize<AzState>(place, (final) => ({ lastPolicyEval: final.lastPolicyEval }));
}

/** A run with a score weight gets the score head and its game's margin scale (kept in the config for resumes). */
function withScoreTargets(config: AzConfig, def: GameDefinition): AzConfig {
  if (!((config.scoreWeight ?? 0) > 0)) return config;
  return {
    ...config,
    network: { ...config.network, scoreHead: true },
    scoreScale: config.scoreScale ?? scoreScaleOf(def, config.players),
  };
}

function freshAzState(initial: AzConfig, init: string | undefined, initMeta: ModelMeta | undefined): AzState {
  return {
    algorithm: 'az',
    config: initial,
    generation: 0,
    best: 'gen-0',
    bestGeneration: 0,
    gamesPlayed: 0,
    steps: 0,
    elapsedMs: 0,
    ...(initMeta ? { initFrom: { folder: init!, training: initMeta.training } } : {}),
    rng: freshTrainerRng(initial.seed),
  };
}

/** The learner's threads: as many as self-play uses (idle while it trains), up to one per shard. */
function startLearner(place: RunPlace, config: AzConfig): Promise<ParallelLearner> {
  const shape = networkShape(place.def, config.players);
  const seed = hashSeed(config.seed);
  return ParallelLearner.start(
    shape,
    config.network,
    config.learningRate,
    seed,
    place.workers,
    config.learnerShards ?? 1,
    config.network.scoreHead ? (config.scoreWeight ?? 0) : 0,
  );
}

/**
 * A resumed run restores the candidate, the optimiser and the buffer; a new one starts from random
 * or --init weights and checkpoints them as generation 0. Then the game pool opens.
 */
async function restoreOrSeedAz(
  place: RunPlace,
  options: RunOptions,
  state: AzState,
  resuming: boolean,
  learner: ParallelLearner,
): Promise<{ buffer: ReplayBuffer; pool: GamePlayer }> {
  const { def, dir, files } = place;
  const config = state.config;
  if (resuming) {
    await withSavedModel(dir('candidate'), def, (model) => learner.local.setWeights(model));
    await loadOptimizer(learner.optimizer, dir('optimizer'));
    // One copy of weights and optimiser slots to the other threads, once both are restored.
    await learner.sync();
  } else {
    // --init: the saved model's weights, vetted by checkInit before the folder was touched.
    if (options.init) await withSavedModel(options.init, def, (model) => learner.setWeights(model));
    const meta = () => metaFor(def, config, state);
    await writeFirstCheckpoint(place, learner.model, ['gen-0', 'candidate'], meta, state, { 'buffer.json': [] });
  }
  const buffer = new ReplayBuffer(def, config.bufferPositions, {
    targetTemperature: config.targetTemperature ?? 1,
    valueMix: config.valueTargetMix ?? 0,
    scoreScale: config.network.scoreHead ? config.scoreScale : undefined,
  });
  if (resuming) for (const record of files.readJson<GameRecord[]>('buffer.json')) buffer.add(record);
  return { buffer, pool: openGamePool(options, config, place.workers) };
}

/**
 * One generation: self-play, training, gating, evaluation when due, the curve point and the
 * checkpoint. Returns whether it was the run's last.
 */
async function azGeneration(run: AzRun): Promise<boolean> {
  const generation = run.state.generation + 1;
  const { games, positions } = await selfPlay(run, generation);
  const losses = await learnFromBuffer(run, generation, positions);
  const genName = `gen-${generation}`;
  const { gamesPlayed, steps } = run.state;
  run.state = { ...run.state, generation, gamesPlayed: gamesPlayed + games, steps: steps + losses.count };
  await saveModel(run.learner.model, run.dir(genName), metaFor(run.def, run.config, run.state));
  const gate = await gateCandidate(run, generation, genName);
  const last = run.clock.endsRun();
  const evaluated = await evaluateIfDue(run, generation, last, () => evaluateBest(run, generation));
  run.state = { ...run.state, rng: JSON.stringify(run.rng.state()) };
  const elapsedMs = run.clock.elapsedMs(run.state.elapsedMs);
  const figures = {
    ...losses.means(),
    gate: { score: gate.score, accepted: gate.accepted, best: run.state.bestGeneration },
    ...(evaluated ? { eval: evaluated.evaluation, policyEval: evaluated.policyEvaluation } : {}),
  };
  const title = `${run.def.title}: expert iteration (${run.config.players} players)`;
  logCurvePoint(run, curveRow(run, generation, elapsedMs, { positions: run.buffer.size }, figures), title);
  await checkpointAz(run, elapsedMs, gate, genName, evaluated !== undefined);
  return last;
}

/** The search settings of self-play (playout caps included); gating and evaluation use azSpec's. */
function searchOptionsOf(config: AzConfig) {
  return {
    iterations: config.iterations,
    cPuct: config.cPuct,
    noise: config.noise,
    alpha: config.alpha,
    mix: config.mix ?? 0,
    cutoff: config.cutoff ?? 0,
    ...(config.search === 'gumbel' ? { search: 'gumbel' as const, considered: config.considered } : {}),
    temperatureMoves: config.temperatureMoves,
    fullIterations: config.fullIterations,
    fullShare: config.fullShare,
    teacher: config.teacher,
  };
}

/**
 * The az: agent of a checkpoint folder at the run's iteration count and search (root noise only
 * where asked: Dirichlet for PUCT, Gumbel noise of scale 1 for Gumbel).
 */
function azSpec(run: AzRun, name: string, noise = 0): string {
  const { iterations, mix = 0, cutoff = 0, search, considered } = run.config;
  const leaf = `${mix > 0 ? `,mix=${mix}` : ''}${mix > 0 && cutoff > 0 ? `,cutoff=${cutoff}` : ''}`;
  const kind =
    search === 'gumbel'
      ? `,search=gumbel${considered !== undefined ? `,considered=${considered}` : ''}${noise > 0 ? ',gumbel=1' : ''}`
      : noise > 0
        ? `,noise=${noise}`
        : '';
  return `az:${run.dir(name)},iterations=${iterations}${leaf}${kind}`;
}

/** The best network's self-play games of this generation, into the buffer; counts games and target positions. */
async function selfPlay(run: AzRun, generation: number): Promise<{ games: number; positions: number }> {
  const { config, def } = run;
  emitPhase(run, generation, 'self-play');
  const seeds = Array.from({ length: config.gamesPerGeneration }, (_, i) => `${config.seed}:g${generation}:${i}`);
  let played = 0;
  const records = await run.pool.selfPlay(
    { game: def.name, players: config.players, modelDir: run.dir(run.state.best), options: searchOptionsOf(config) },
    seeds,
    () => run.emit({ kind: 'game', generation, done: ++played, total: seeds.length }),
  );
  let positions = 0;
  for (const record of records) {
    run.buffer.add(record);
    positions += record.targets.filter((t) => t !== null).length;
  }
  return { games: records.length, positions };
}

/** Supervised steps on batches drawn from the buffer: `replayRatio` positions trained per new one. */
async function learnFromBuffer(run: AzRun, generation: number, positions: number): Promise<LossTally> {
  const { config } = run;
  emitPhase(run, generation, 'train');
  const steps = Math.max(1, Math.ceil((positions * config.replayRatio) / config.batchSize));
  const losses = new LossTally();
  for (let s = 0; s < steps; s++) losses.add(await run.learner.step(run.buffer.sample(config.batchSize, run.rng)));
  return losses;
}

interface GateOutcome {
  score: number;
  accepted: boolean;
  /** The best before this gate (its folder goes once the checkpoint names the new best). */
  previousBest: string;
}

/** The candidate against the best, both searching with root noise; it becomes the best above the threshold. */
async function gateCandidate(run: AzRun, generation: number, genName: string): Promise<GateOutcome> {
  const { config } = run;
  emitPhase(run, generation, 'gate');
  const candidate = azSpec(run, genName, config.noise);
  const best = azSpec(run, run.state.best, config.noise);
  const [gate] = await playMatchups(run, candidate, [best], config.gateGames, `${config.seed}:gate${generation}`);
  const accepted = gate.score > config.gateThreshold;
  const previousBest = run.state.best;
  if (accepted) run.state = { ...run.state, best: genName, bestGeneration: generation };
  return { score: gate.score, accepted, previousBest };
}

/** The best network with search (az:) and alone (neural:) against the baselines; kept in the state. */
async function evaluateBest(
  run: AzRun,
  generation: number,
): Promise<{ evaluation: MatchupFigures[]; policyEvaluation: MatchupFigures[] }> {
  const { baselines, policyBaselines, evalGames, seed } = run.config;
  const { best, bestGeneration } = run.state;
  const evaluation = await playMatchups(run, azSpec(run, best), baselines, evalGames, `${seed}:eval${generation}`);
  const policy = `neural:${run.dir(best)}`;
  const policySeed = `${seed}:policy-eval${generation}`;
  const policyEvaluation = await playMatchups(run, policy, policyBaselines, evalGames, policySeed);
  run.state = {
    ...run.state,
    lastEval: evaluation,
    lastPolicyEval: policyEvaluation,
    lastEvalOf: bestGeneration,
  };
  return { evaluation, policyEvaluation };
}

/**
 * Saves the checkpoint, drops the network the gate discarded, and publishes the best when it
 * changed or was measured.
 */
async function checkpointAz(
  run: AzRun,
  elapsedMs: number,
  gate: GateOutcome,
  genName: string,
  evaluated: boolean,
): Promise<void> {
  const { def, config, dir, state } = run;
  // Checkpoint: candidate weights, buffer, then the state that names them (written last).
  await saveModel(run.learner.model, dir('candidate'), metaFor(def, config, state));
  await saveOptimizer(run.learner.optimizer, dir('optimizer'));
  run.files.writeJson('buffer.json', run.buffer.records);
  commitState(run, elapsedMs);
  // Only now that the state names the new best may the folder it replaced go (a kill before this
  // resumes from the old one).
  removeCheckpointFolders(run, [gate.accepted ? gate.previousBest : genName]);
  if (!evaluated && !gate.accepted) return;
  const results = {
    generation: state.lastEvalOf,
    az: { iterations: config.iterations, against: state.lastEval },
    neural: { against: state.lastPolicyEval },
  };
  run.files.publish(dir(state.best), metaFor(def, config, { ...state, elapsedMs }, results));
}

/** Refuses an --init model that does not fit this run, before anything in the output folder changes. */
function checkInit(folder: string, def: GameDefinition, config: AzConfig): ModelMeta {
  const meta = readMeta(folder, def);
  if (meta.players !== config.players) {
    throw new AgoraError(
      'bad_request',
      `--init ${folder} was trained for ${meta.players} players; this run is for ${config.players}`,
    );
  }
  const net = valueNetworkOf(meta, folder, '--init');
  if (net.width !== config.network.width || net.blocks !== config.network.blocks) {
    throw new AgoraError(
      'bad_request',
      `--init ${folder} has width ${net.width} and ${net.blocks} blocks; this run has width ` +
        `${config.network.width} and ${config.network.blocks} blocks (set --width and --blocks to match)`,
    );
  }
  return meta;
}
