/**
 * PPO with action masks (Schulman et al. 2017; masking as in Huang and Ontañón 2020) on
 * SingleAgentEnv: the learner takes a rotating seat, every other seat is a past self drawn from a
 * pool of snapshots at each episode. Rollouts use the plain-JS inference of the current weights;
 * the clipped surrogate, value and entropy losses train on TensorFlow.js. Illegal actions get
 * logits of -1e9 both when acting and when training, so they have probability 0 throughout.
 * Checkpoints after every update; evaluation (the policy alone, neural:) every few updates.
 *
 * Rollouts run on `workers` worker threads (ppo-rollout-pool.ts), each owning a fixed share of the
 * environments for the whole run and sent the weights as plain arrays every update; with one
 * worker they run in this thread. Every environment has its own RNG streams, seeded from the seed,
 * its index and the generation the run (re)started at, and the trainer's own stream only shuffles
 * minibatches, so a run is deterministic and the same for any worker count: same seed => same
 * metrics and weights with workers 1, 2 or 16. Episodes under way are not checkpointed: a resumed
 * run starts every environment on a fresh episode (seeded with the generation it resumes at), so it
 * trains on the same kind of data as an uninterrupted run, though not on the very same games.
 * The run's skeleton (folder, resume, stop rule, curves, checkpoint commit) is trainer-phases.ts.
 */
import type { GameDefinition, Rng } from '../envs/index.js';
import { tf } from './backend.js';
import { evalGamesFor, type MatchupFigures } from './evaluate.js';
import type { LossFigures } from './learner.js';
import { loadOptimizer, saveOptimizer } from './optimizer-state.js';
import { MODEL_FORMAT, loadModel, saveModel, type ModelMeta } from './model-io.js';
import {
  DEFAULT_NETWORK,
  buildNetwork,
  networkShape,
  trainingForward,
  type NetworkConfig,
  type NetworkShape,
} from './network.js';
import { policyWeights } from './inference.js';
import type { Rollout } from './ppo-rollout.js';
import { RolloutPool } from './ppo-rollout-pool.js';
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

export interface PpoConfig {
  game: string;
  players: number;
  seed: string;
  network: NetworkConfig;
  envs: number;
  /** Learner steps per env per update. */
  rolloutLength: number;
  epochs: number;
  minibatch: number;
  learningRate: number;
  gamma: number;
  lambda: number;
  clip: number;
  valueCoef: number;
  entropyCoef: number;
  /** Add the current policy to the opponent pool every this many updates; keep this many snapshots. */
  snapshotEvery: number;
  poolSize: number;
  evalEvery: number;
  evalGames: number;
  baselines: string[];
}

export function defaultPpoConfig(def: GameDefinition, players: number, seed: string): PpoConfig {
  return {
    game: def.name,
    players,
    seed,
    network: { ...DEFAULT_NETWORK },
    envs: 16,
    rolloutLength: 64,
    epochs: 4,
    minibatch: 256,
    learningRate: 3e-4,
    gamma: 1,
    lambda: 0.95,
    clip: 0.2,
    valueCoef: 0.5,
    entropyCoef: 0.01,
    snapshotEvery: 5,
    poolSize: 8,
    evalEvery: 10,
    evalGames: evalGamesFor(players),
    baselines: ['random', 'greedy', 'mcts:iterations=64'],
  };
}

interface PpoState {
  algorithm: 'ppo';
  config: PpoConfig;
  generation: number;
  steps: number;
  gamesPlayed: number;
  elapsedMs: number;
  /** Snapshot folders (relative to the checkpoint) the opponents are drawn from. */
  pool: string[];
  rng: string;
  lastEval?: MatchupFigures[];
}

function metaFor(def: GameDefinition, config: PpoConfig, state: PpoState, results?: unknown): ModelMeta {
  return {
    format: MODEL_FORMAT,
    game: def.name,
    players: config.players,
    encodingVersion: def.encodingVersion,
    observationSize: def.observationSize(config.players),
    actionSize: def.actionSize,
    network: config.network,
    training: {
      algorithm: 'ppo',
      config,
      updates: state.generation,
      gamesPlayed: state.gamesPlayed,
      steps: state.steps,
      minutes: +(state.elapsedMs / 60_000).toFixed(1),
    },
    results,
    createdAt: new Date().toISOString(),
  };
}

/** A run of PPO under way: the shared run, the network and its optimiser, the rollout workers. */
interface PpoRun extends TrainerRun<PpoState> {
  shape: NetworkShape;
  model: tf.LayersModel;
  forward: (x: tf.Tensor) => tf.Tensor[];
  optimizer: tf.Optimizer;
  rollouts: RolloutPool;
  /** The trainer's stream only shuffles minibatches; the environments have their own (ppo-rollout.ts). */
  rng: Rng;
  /** Snapshots dropped from the opponent pool, deleted once the committed state no longer names them. */
  retired: string[];
}

export async function trainPpo(initial: PpoConfig, options: RunOptions): Promise<TrainingSummary> {
  const place = locateRun(initial, options);
  const { state, resuming } = resumeOrStart<PpoState>(place, 'ppo', initial.players, options, () =>
    freshPpoState(initial),
  );
  const learner = await restoreOrSeedPpo(place, state, resuming);
  const rng = restoreTrainerRng(state);
  const rollouts = startRollouts(place, state);
  const pool = openGamePool(options, state.config, place.workers);
  const run: PpoRun = { ...startRun(place, options, state, pool), ...learner, rollouts, rng, retired: [] };
  await runGenerations(
    run.clock,
    () => ppoGeneration(run),
    async () => {
      await Promise.all([pool.close(), rollouts.close()]);
    },
  );
  return summarize(place);
}

/**
 * The network and its optimiser: a resumed run restores both from the checkpoint; a new one
 * checkpoints its initial network as the current weights and the pool's first snapshot.
 */
async function restoreOrSeedPpo(
  place: RunPlace,
  state: PpoState,
  resuming: boolean,
): Promise<Pick<PpoRun, 'shape' | 'model' | 'forward' | 'optimizer'>> {
  const { def, dir } = place;
  const config = state.config;
  const shape = networkShape(def, config.players);
  const model = buildNetwork(shape, config.network, hashSeed(config.seed));
  const forward = trainingForward(model, shape, config.network);
  if (resuming) await withSavedModel(dir('current'), def, (saved) => model.setWeights(saved.getWeights()));
  else await writeFirstCheckpoint(place, model, ['pool-0', 'current'], () => metaFor(def, config, state), state);
  const optimizer = tf.train.adam(config.learningRate);
  if (resuming) await loadOptimizer(optimizer, dir('optimizer'));
  return { shape, model, forward, optimizer };
}

/** The rollout workers, their environments seeded from the generation the run (re)starts at. */
function startRollouts(place: RunPlace, state: PpoState): RolloutPool {
  const { players, seed, network, envs } = state.config;
  return new RolloutPool(
    { game: place.def.name, players, seed, network, generation: state.generation, envs },
    place.workers,
  );
}

function freshPpoState(initial: PpoConfig): PpoState {
  return {
    algorithm: 'ppo',
    config: initial,
    generation: 0,
    steps: 0,
    gamesPlayed: 0,
    elapsedMs: 0,
    pool: ['pool-0'],
    rng: freshTrainerRng(initial.seed),
  };
}

/**
 * One update: rollouts against past selves, advantages, the clipped-surrogate epochs, the
 * checkpoint, evaluation when due and the curve point. Returns whether it was the run's last.
 */
async function ppoGeneration(run: PpoRun): Promise<boolean> {
  const { config } = run;
  const generation = run.state.generation + 1;
  const ro = await collectRollouts(run, generation);
  const episodes = finishedEpisodes(ro);
  const targets = advantageTargets(ro, config.gamma, config.lambda);
  emitPhase(run, generation, 'train');
  const losses = clippedSurrogateEpochs(run, ro, targets);
  const { steps, gamesPlayed } = run.state;
  const rng = JSON.stringify(run.rng.state());
  const learned = { generation, steps: steps + ro.envs * ro.steps, gamesPlayed: gamesPlayed + episodes.count, rng };
  run.state = { ...run.state, ...learned };
  await checkpointPpo(run, generation);
  const last = run.clock.endsRun();
  const evaluation = await evaluateIfDue(run, generation, last, () => evaluateCurrent(run, generation));
  const elapsedMs = run.clock.elapsedMs(run.state.elapsedMs);
  const figures = {
    ...losses.means(),
    meanReturn: episodes.count > 0 ? episodes.returnSum / episodes.count : null,
    ...(evaluation ? { eval: evaluation } : {}),
  };
  const title = `${run.def.title}: PPO against past selves (${config.players} players)`;
  logCurvePoint(run, curveRow(run, generation, elapsedMs, {}, figures), title, 'learner steps');
  commitPpo(run, elapsedMs, evaluation);
  return last;
}

/** The learner's steps in every environment, its other seats played by snapshots drawn from the pool. */
function collectRollouts(run: PpoRun, generation: number): Promise<Rollout> {
  emitPhase(run, generation, 'self-play');
  const snapshot = (name: string) => snapshotWeights(run, name);
  return run.rollouts.collect(policyWeights(run.model), run.state.pool, snapshot, run.config.rolloutLength);
}

/** The policy weights of an opponent snapshot, as the rollout workers take them. */
function snapshotWeights(run: PpoRun, name: string) {
  const { model: snapshot } = loadModel(run.dir(name), run.def);
  const weights = policyWeights(snapshot);
  snapshot.dispose();
  return weights;
}

/** Episodes that ended in the rollout, and the sum of their final rewards (the learner's returns). */
function finishedEpisodes(ro: Rollout): { count: number; returnSum: number } {
  let count = 0;
  let returnSum = 0;
  for (let j = 0; j < ro.envs * ro.steps; j++) {
    if (ro.dones[j] === 0) continue;
    count++;
    returnSum += ro.rewards[j];
  }
  return { count, returnSum };
}

interface AdvantageTargets {
  /** Normalised to mean 0 and standard deviation 1 over the rollout. */
  advantages: Float64Array;
  returns: Float64Array;
}

/** Generalised advantage estimation; an unfinished trajectory is bootstrapped from its value. */
function advantageTargets(ro: Rollout, gamma: number, lambda: number): AdvantageTargets {
  const T = ro.steps;
  const N = ro.envs * T;
  const advantages = new Float64Array(N);
  const returns = new Float64Array(N);
  for (let k = 0; k < ro.envs; k++) {
    let next = ro.lastValues[k];
    let gae = 0;
    for (let t = T - 1; t >= 0; t--) {
      const j = k * T + t;
      const done = ro.dones[j] === 1;
      const nextValue = done ? 0 : next;
      const delta = ro.rewards[j] + gamma * nextValue - ro.values[j];
      gae = delta + gamma * lambda * (done ? 0 : gae);
      advantages[j] = gae;
      returns[j] = gae + ro.values[j];
      next = ro.values[j];
    }
  }
  const mean = advantages.reduce((s, a) => s + a, 0) / N;
  const std = Math.sqrt(advantages.reduce((s, a) => s + (a - mean) ** 2, 0) / N) || 1;
  for (let j = 0; j < N; j++) advantages[j] = (advantages[j] - mean) / std;
  return { advantages, returns };
}

/** `epochs` passes over the rollout in minibatches, freshly shuffled by the trainer's stream each pass. */
function clippedSurrogateEpochs(run: PpoRun, ro: Rollout, targets: AdvantageTargets): LossTally {
  const { config } = run;
  const N = ro.envs * ro.steps;
  const losses = new LossTally();
  for (let epoch = 0; epoch < config.epochs; epoch++) {
    const order = run.rng.shuffle(Array.from({ length: N }, (_, i) => i));
    for (let from = 0; from < order.length; from += config.minibatch) {
      losses.add(
        clippedSurrogateStep(run, minibatchOf(run.shape, ro, targets, order.slice(from, from + config.minibatch))),
      );
    }
  }
  return losses;
}

interface Minibatch {
  size: number;
  obs: Float32Array;
  mask: Float32Array;
  onehot: Float32Array;
  oldLogp: Float32Array;
  adv: Float32Array;
  ret: Float32Array;
}

/** Rows `idx` of the rollout, gathered into the arrays one optimiser step takes. */
function minibatchOf(shape: NetworkShape, ro: Rollout, targets: AdvantageTargets, idx: readonly number[]): Minibatch {
  const { observationSize: O, actionSize: A } = shape;
  const B = idx.length;
  const batch: Minibatch = {
    size: B,
    obs: new Float32Array(B * O),
    mask: new Float32Array(B * A),
    onehot: new Float32Array(B * A),
    oldLogp: new Float32Array(B),
    adv: new Float32Array(B),
    ret: new Float32Array(B),
  };
  idx.forEach((j, r) => {
    batch.obs.set(ro.observations.subarray(j * O, (j + 1) * O), r * O);
    batch.mask.set(ro.masks.subarray(j * A, (j + 1) * A), r * A);
    batch.onehot[r * A + ro.actions[j]] = 1;
    batch.oldLogp[r] = ro.logps[j];
    batch.adv[r] = targets.advantages[j];
    batch.ret[r] = targets.returns[j];
  });
  return batch;
}

/**
 * One optimiser step on the clipped surrogate plus the weighted value loss minus the weighted
 * entropy; illegal actions get logits of -1e9, as when acting.
 */
function clippedSurrogateStep(run: PpoRun, batch: Minibatch): LossFigures {
  const { config, optimizer, forward } = run;
  const { observationSize: O, actionSize: A } = run.shape;
  const B = batch.size;
  let parts: tf.Scalar[] = [];
  tf.tidy(() => {
    const x = tf.tensor2d(batch.obs, [B, O]);
    const m = tf.tensor2d(batch.mask, [B, A]);
    const oh = tf.tensor2d(batch.onehot, [B, A]);
    const old = tf.tensor1d(batch.oldLogp);
    const advantage = tf.tensor1d(batch.adv);
    const target = tf.tensor1d(batch.ret);
    optimizer.minimize(() => {
      const [logits, values] = forward(x);
      const logp = tf.logSoftmax(logits.add(m.sub(1).mul(1e9)));
      const chosen = logp.mul(oh).sum(1);
      const ratio = chosen.sub(old).exp();
      const clipped = ratio.clipByValue(1 - config.clip, 1 + config.clip);
      const policyLoss = tf.minimum(ratio.mul(advantage), clipped.mul(advantage)).mean().neg() as tf.Scalar;
      const value = values.slice([0, 0], [B, 1]).reshape([B]);
      const valueLoss = value.sub(target).square().mean() as tf.Scalar;
      const entropy = logp.exp().mul(logp).mul(m).sum(1).neg().mean() as tf.Scalar;
      parts = [tf.keep(policyLoss), tf.keep(valueLoss), tf.keep(entropy)];
      return policyLoss.add(valueLoss.mul(config.valueCoef)).sub(entropy.mul(config.entropyCoef)) as tf.Scalar;
    });
  });
  const [policyLoss, valueLoss, entropy] = parts.map((t) => t.dataSync()[0]);
  tf.dispose(parts);
  return { policyLoss, valueLoss, entropy };
}

/**
 * Saves the current weights and optimiser (the state naming them is committed at the end of the
 * update), and every `snapshotEvery` updates adds a snapshot to the opponent pool, retiring the oldest.
 */
async function checkpointPpo(run: PpoRun, generation: number): Promise<void> {
  const { config, def, dir } = run;
  await saveModel(run.model, dir('current'), metaFor(def, config, run.state));
  await saveOptimizer(run.optimizer, dir('optimizer'));
  if (generation % config.snapshotEvery !== 0) return;
  const name = `pool-${generation}`;
  await saveModel(run.model, dir(name), metaFor(def, config, run.state));
  run.state.pool = [...run.state.pool, name];
  while (run.state.pool.length > config.poolSize) run.retired.push(run.state.pool.shift()!);
}

/** Commits the update's state, then drops retired snapshots and publishes the policy when it was measured. */
function commitPpo(run: PpoRun, elapsedMs: number, evaluation: MatchupFigures[] | undefined): void {
  commitState(run, elapsedMs);
  // Snapshots leave the disk only once the state no longer names them (a kill before resumes with them).
  removeCheckpointFolders(run, run.retired.splice(0));
  if (!evaluation) return;
  const meta = metaFor(run.def, run.config, { ...run.state, elapsedMs }, { neural: { against: evaluation } });
  run.files.publish(run.dir('current'), meta);
}

/** The policy alone (neural:) against the baselines; kept in the state. */
async function evaluateCurrent(run: PpoRun, generation: number): Promise<MatchupFigures[]> {
  const { config } = run;
  const candidate = `neural:${run.dir('current')}`;
  const seed = `${config.seed}:eval${generation}`;
  const evaluation = await playMatchups(run, candidate, config.baselines, config.evalGames, seed);
  run.state = { ...run.state, lastEval: evaluation };
  return evaluation;
}
