/**
 * Expert iteration in the AlphaZero manner, adapted to hidden information (AlphaGo Zero's loop):
 *   1. the best network so far, guided by PUCT information-set search, plays itself on worker threads;
 *   2. its games go to a replay buffer (visit shares and final returns are the targets);
 *   3. the candidate network trains on positions drawn from the buffer;
 *   4. the candidate replaces the best only if it beats it (gating);
 *   5. every few generations the best is measured against random, greedy and mcts at the same
 *      iteration count, and published to the output folder with its figures.
 * Every generation ends with a checkpoint; a run resumes from it after any interruption.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { AgoraError, Rng, assertPlayerCount, getGame, type GameDefinition } from '../envs/index.js';
import { evaluateCandidate, type MatchupFigures } from './evaluate.js';
import type { LossFigures } from './learner.js';
import { ParallelLearner } from './parallel-learner.js';
import { loadOptimizer, saveOptimizer } from './optimizer-state.js';
import { MODEL_FORMAT, loadModel, readMeta, saveModel, type ModelMeta } from './model-io.js';
import { DEFAULT_NETWORK, networkShape, type NetworkConfig } from './network.js';
import { ReplayBuffer } from './replay-buffer.js';
import { RunFiles, openRun } from './run-files.js';
import type { GameRecord } from './self-play.js';
import { QueueTrainingPool } from './queue-pool.js';
import { TrainingPool, type GamePlayer } from './training-pool.js';

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
  /**
   * Playout cap randomisation (SelfPlayOptions): a share `fullShare` of self-play decisions search
   * `fullIterations` and become targets; the others search `iterations` and are not recorded.
   * Absent: every decision searches `iterations` and is recorded. Gating and evaluation always
   * search `iterations`, the count the shipped az: agent is measured at.
   */
  fullIterations?: number;
  fullShare?: number;
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
    evalEvery: 4,
    evalGames: 6 * players,
    baselines: ['random', 'greedy', `mcts:iterations=${iterations}`],
    policyBaselines: ['random', 'greedy'],
  };
}

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

export async function trainExpertIteration(initial: AzConfig, options: RunOptions): Promise<TrainingSummary> {
  const def = getGame(initial.game);
  assertPlayerCount(def, initial.players);
  const out = resolve(options.out);
  const files = new RunFiles(out);
  const workers = Math.max(1, options.workers ?? availableParallelism());
  const initMeta =
    options.init && (options.fresh || !files.hasCheckpoint()) ? checkInit(options.init, def, initial) : undefined;
  const opened = openRun<AzState>(files, 'az', def.name, initial.players, options.fresh ?? false, () => ({
    algorithm: 'az',
    config: initial,
    generation: 0,
    best: 'gen-0',
    bestGeneration: 0,
    gamesPlayed: 0,
    steps: 0,
    elapsedMs: 0,
    ...(initMeta ? { initFrom: { folder: options.init!, training: initMeta.training } } : {}),
    rng: JSON.stringify(Rng.fromSeed(`${initial.seed}:trainer`).state()),
  }));
  let state = opened.state;
  const resuming = opened.resuming;
  const config = state.config;
  const shape = networkShape(def, config.players);
  // The learner's threads: as many as self-play uses (idle while it trains), up to one per shard.
  const learner = await ParallelLearner.start(
    shape,
    config.network,
    config.learningRate,
    hashSeed(config.seed),
    workers,
    config.learnerShards ?? 1,
  );
  const dir = (name: string) => join(files.checkpoint, name);
  let buffer: ReplayBuffer;
  let pool: GamePlayer;
  try {
    if (resuming) {
      const { model } = loadModel(dir('candidate'), def);
      learner.local.setWeights(model);
      model.dispose();
      await loadOptimizer(learner.optimizer, dir('optimizer'));
      // One copy of weights and optimiser slots to the other threads, once both are restored.
      await learner.sync();
    } else {
      if (options.init) await warmStart(learner, options.init, def);
      await saveModel(learner.model, dir('gen-0'), metaFor(def, config, state));
      await saveModel(learner.model, dir('candidate'), metaFor(def, config, state));
      files.writeJson('buffer.json', []);
      files.writeJson('state.json', state);
    }
    buffer = new ReplayBuffer(def, config.bufferPositions, config.targetTemperature ?? 1);
    if (resuming) for (const record of files.readJson<GameRecord[]>('buffer.json')) buffer.add(record);
    pool = options.redisUrl
      ? new QueueTrainingPool(options.redisUrl, `train:${config.game}:${config.seed}`, options.queuePrefix)
      : new TrainingPool(workers);
  } catch (err) {
    // The learner's threads would keep the process alive.
    await learner.close();
    throw err;
  }
  const rng = Rng.fromState(JSON.parse(state.rng));
  const started = performance.now();
  const deadline = started + options.minutes * 60_000;
  const emit = (e: TrainingEvent) => options.onEvent?.(e);
  const mix = config.mix ?? 0;
  const searchOptions = {
    iterations: config.iterations,
    cPuct: config.cPuct,
    noise: config.noise,
    alpha: config.alpha,
    mix,
    temperatureMoves: config.temperatureMoves,
    fullIterations: config.fullIterations,
    fullShare: config.fullShare,
  };
  const azSpec = (name: string, noise = 0) =>
    `az:${dir(name)},iterations=${config.iterations}${mix > 0 ? `,mix=${mix}` : ''}${noise > 0 ? `,noise=${noise}` : ''}`;
  let generationsRun = 0;
  try {
    // `last` is decided once, inside the generation, so the generation that ends the run is always the
    // one evaluated and published (a deadline passing during its checkpoint no longer skips that).
    let last = false;
    while (!last) {
      generationsRun++;
      const generation = state.generation + 1;
      emit({ kind: 'phase', generation, phase: 'self-play' });
      const seeds = Array.from({ length: config.gamesPerGeneration }, (_, i) => `${config.seed}:g${generation}:${i}`);
      let played = 0;
      const records = await pool.selfPlay(
        { game: def.name, players: config.players, modelDir: dir(state.best), options: searchOptions },
        seeds,
        () => emit({ kind: 'game', generation, done: ++played, total: seeds.length }),
      );
      let positions = 0;
      for (const record of records) {
        buffer.add(record);
        positions += record.targets.filter((t) => t !== null).length;
      }

      emit({ kind: 'phase', generation, phase: 'train' });
      const steps = Math.max(1, Math.ceil((positions * config.replayRatio) / config.batchSize));
      const sums: LossFigures = { policyLoss: 0, valueLoss: 0, entropy: 0 };
      for (let s = 0; s < steps; s++) {
        const f = await learner.step(buffer.sample(config.batchSize, rng));
        sums.policyLoss += f.policyLoss;
        sums.valueLoss += f.valueLoss;
        sums.entropy += f.entropy;
      }
      const genName = `gen-${generation}`;
      state = { ...state, generation, gamesPlayed: state.gamesPlayed + records.length, steps: state.steps + steps };
      await saveModel(learner.model, dir(genName), metaFor(def, config, state));

      emit({ kind: 'phase', generation, phase: 'gate' });
      const [gate] = await evaluateCandidate({
        game: def.name,
        players: config.players,
        candidate: azSpec(genName, config.noise),
        opponents: [azSpec(state.best, config.noise)],
        gamesEach: config.gateGames,
        seed: `${config.seed}:gate${generation}`,
        play: (jobs) => pool.matches(jobs),
      });
      const accepted = gate.score > config.gateThreshold;
      const previousBest = state.best;
      if (accepted) state = { ...state, best: genName, bestGeneration: generation };

      let evaluation: MatchupFigures[] | undefined;
      let policyEvaluation: MatchupFigures[] | undefined;
      last = performance.now() >= deadline || generationsRun === options.maxGenerations;
      if (generation % config.evalEvery === 0 || last) {
        emit({ kind: 'phase', generation, phase: 'evaluate' });
        evaluation = await evaluateCandidate({
          game: def.name,
          players: config.players,
          candidate: azSpec(state.best),
          opponents: config.baselines,
          gamesEach: config.evalGames,
          seed: `${config.seed}:eval${generation}`,
          play: (jobs) => pool.matches(jobs),
        });
        policyEvaluation = await evaluateCandidate({
          game: def.name,
          players: config.players,
          candidate: `neural:${dir(state.best)}`,
          opponents: config.policyBaselines,
          gamesEach: config.evalGames,
          seed: `${config.seed}:policy-eval${generation}`,
          play: (jobs) => pool.matches(jobs),
        });
        state = { ...state, lastEval: evaluation, lastPolicyEval: policyEvaluation, lastEvalOf: state.bestGeneration };
      }
      state = { ...state, rng: JSON.stringify(rng.state()) };
      const elapsedMs = state.elapsedMs + (performance.now() - started);
      const row = {
        time: new Date().toISOString(),
        generation,
        step: state.steps,
        games: state.gamesPlayed,
        positions: buffer.size,
        minutes: +(elapsedMs / 60_000).toFixed(2),
        policyLoss: sums.policyLoss / steps,
        valueLoss: sums.valueLoss / steps,
        entropy: sums.entropy / steps,
        gate: { score: gate.score, accepted, best: state.bestGeneration },
        ...(evaluation ? { eval: evaluation } : {}),
        ...(policyEvaluation ? { policyEval: policyEvaluation } : {}),
      };
      files.appendMetrics(row, `${def.title}: expert iteration (${config.players} players)`);
      emit({ kind: 'generation', row });

      // Checkpoint: candidate weights, buffer, then the state that names them (written last).
      await saveModel(learner.model, dir('candidate'), metaFor(def, config, state));
      await saveOptimizer(learner.optimizer, dir('optimizer'));
      files.writeJson('buffer.json', buffer.records);
      files.writeJson('state.json', { ...state, elapsedMs });
      // Only now that the state names the new best may the folder it replaced go (a kill before this resumes from the old one).
      rmSync(dir(accepted ? previousBest : genName), { recursive: true, force: true });
      if (evaluation || accepted) {
        files.publish(
          dir(state.best),
          metaFor(
            def,
            config,
            { ...state, elapsedMs },
            {
              generation: state.lastEvalOf,
              az: { iterations: config.iterations, against: state.lastEval },
              neural: { against: state.lastPolicyEval },
            },
          ),
        );
      }
    }
  } finally {
    await pool.close();
    await learner.close();
  }
  const final = files.readJson<AzState>('state.json');
  return {
    out,
    generations: final.generation,
    steps: final.steps,
    gamesPlayed: final.gamesPlayed,
    elapsedMs: final.elapsedMs,
    lastEval: final.lastEval,
    lastPolicyEval: final.lastPolicyEval,
  };
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
  const net = meta.network as Partial<NetworkConfig> | undefined;
  if (net?.width !== config.network.width || net?.blocks !== config.network.blocks) {
    throw new AgoraError(
      'bad_request',
      `--init ${folder} has width ${net?.width} and ${net?.blocks} blocks; this run has width ${config.network.width} and ${config.network.blocks} blocks (set --width and --blocks to match)`,
    );
  }
  return meta;
}

/** Copies a saved model's weights into the learner (checked by checkInit first). */
async function warmStart(learner: ParallelLearner, folder: string, def: GameDefinition): Promise<void> {
  const { model } = loadModel(folder, def);
  try {
    await learner.setWeights(model);
  } finally {
    model.dispose();
  }
}

/** A stable integer from a seed string (network initialisation). */
export function hashSeed(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return (h >>> 0) % 100_000;
}
