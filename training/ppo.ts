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
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { Rng, assertPlayerCount, getGame, type GameDefinition } from '../envs/index.js';
import { tf } from './backend.js';
import { evaluateCandidate, type MatchupFigures } from './evaluate.js';
import { hashSeed, type RunOptions, type TrainingEvent, type TrainingSummary } from './expert-iteration.js';
import { loadOptimizer, saveOptimizer } from './optimizer-state.js';
import { MODEL_FORMAT, loadModel, saveModel, type ModelMeta } from './model-io.js';
import { DEFAULT_NETWORK, buildNetwork, networkShape, trainingForward, type NetworkConfig } from './network.js';
import { policyWeights } from './inference.js';
import { RolloutPool } from './ppo-rollout-pool.js';
import { RunFiles, openRun } from './run-files.js';
import { QueueTrainingPool } from './queue-pool.js';
import { TrainingPool, type GamePlayer } from './training-pool.js';

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
    evalGames: 6 * players,
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

export async function trainPpo(initial: PpoConfig, options: RunOptions): Promise<TrainingSummary> {
  const def = getGame(initial.game);
  assertPlayerCount(def, initial.players);
  const out = resolve(options.out);
  const files = new RunFiles(out);
  const workers = Math.max(1, options.workers ?? availableParallelism());
  const opened = openRun<PpoState>(files, 'ppo', def.name, initial.players, options.fresh ?? false, () => ({
    algorithm: 'ppo',
    config: initial,
    generation: 0,
    steps: 0,
    gamesPlayed: 0,
    elapsedMs: 0,
    pool: ['pool-0'],
    rng: JSON.stringify(Rng.fromSeed(`${initial.seed}:trainer`).state()),
  }));
  let state = opened.state;
  const resuming = opened.resuming;
  const config = state.config;
  const dir = (name: string) => join(files.checkpoint, name);
  const shape = networkShape(def, config.players);
  const model = buildNetwork(shape, config.network, hashSeed(config.seed));
  const forward = trainingForward(model, shape, config.network);
  if (resuming) {
    const saved = loadModel(dir('current'), def).model;
    model.setWeights(saved.getWeights());
    saved.dispose();
  } else {
    await saveModel(model, dir('pool-0'), metaFor(def, config, state));
    await saveModel(model, dir('current'), metaFor(def, config, state));
    files.writeJson('state.json', state);
  }
  const optimizer = tf.train.adam(config.learningRate);
  if (resuming) await loadOptimizer(optimizer, dir('optimizer'));
  // The trainer's stream only shuffles minibatches; the environments have their own (ppo-rollout.ts).
  const rng = Rng.fromState(JSON.parse(state.rng));
  const snapshotWeights = (name: string) => {
    const { model: snapshot } = loadModel(dir(name), def);
    const weights = policyWeights(snapshot);
    snapshot.dispose();
    return weights;
  };
  const rollouts = new RolloutPool(
    {
      game: def.name,
      players: config.players,
      seed: config.seed,
      network: config.network,
      generation: state.generation,
      envs: config.envs,
    },
    workers,
  );
  const pool: GamePlayer = options.redisUrl
    ? new QueueTrainingPool(options.redisUrl, `train:${config.game}:${config.seed}`, options.queuePrefix)
    : new TrainingPool(workers);
  const started = performance.now();
  const deadline = started + options.minutes * 60_000;
  const emit = (e: TrainingEvent) => options.onEvent?.(e);
  let generationsRun = 0;
  const retired: string[] = [];
  try {
    // `last` is decided once, inside the generation, so the generation that ends the run is always the
    // one evaluated and published (a deadline passing during its checkpoint no longer skips that).
    let last = false;
    while (!last) {
      generationsRun++;
      const generation = state.generation + 1;
      emit({ kind: 'phase', generation, phase: 'self-play' });
      const ro = await rollouts.collect(policyWeights(model), state.pool, snapshotWeights, config.rolloutLength);
      const T = ro.steps;
      const N = ro.envs * T;
      let episodes = 0;
      let returnSum = 0;
      for (let j = 0; j < N; j++) {
        if (ro.dones[j] === 0) continue;
        episodes++;
        returnSum += ro.rewards[j];
      }

      // Generalised advantage estimation; an unfinished trajectory is bootstrapped from its value.
      const advantages = new Float64Array(N);
      const returns = new Float64Array(N);
      for (let k = 0; k < ro.envs; k++) {
        let next = ro.lastValues[k];
        let gae = 0;
        for (let t = T - 1; t >= 0; t--) {
          const j = k * T + t;
          const done = ro.dones[j] === 1;
          const nextValue = done ? 0 : next;
          const delta = ro.rewards[j] + config.gamma * nextValue - ro.values[j];
          gae = delta + config.gamma * config.lambda * (done ? 0 : gae);
          advantages[j] = gae;
          returns[j] = gae + ro.values[j];
          next = ro.values[j];
        }
      }
      const mean = advantages.reduce((s, a) => s + a, 0) / N;
      const std = Math.sqrt(advantages.reduce((s, a) => s + (a - mean) ** 2, 0) / N) || 1;
      for (let j = 0; j < N; j++) advantages[j] = (advantages[j] - mean) / std;

      emit({ kind: 'phase', generation, phase: 'train' });
      const sums = { policyLoss: 0, valueLoss: 0, entropy: 0, n: 0 };
      const { observationSize: O, actionSize: A } = shape;
      for (let epoch = 0; epoch < config.epochs; epoch++) {
        const order = rng.shuffle(Array.from({ length: N }, (_, i) => i));
        for (let from = 0; from < order.length; from += config.minibatch) {
          const idx = order.slice(from, from + config.minibatch);
          const B = idx.length;
          const obs = new Float32Array(B * O);
          const mask = new Float32Array(B * A);
          const onehot = new Float32Array(B * A);
          const oldLogp = new Float32Array(B);
          const adv = new Float32Array(B);
          const ret = new Float32Array(B);
          idx.forEach((j, r) => {
            obs.set(ro.observations.subarray(j * O, (j + 1) * O), r * O);
            mask.set(ro.masks.subarray(j * A, (j + 1) * A), r * A);
            onehot[r * A + ro.actions[j]] = 1;
            oldLogp[r] = ro.logps[j];
            adv[r] = advantages[j];
            ret[r] = returns[j];
          });
          let parts: tf.Scalar[] = [];
          tf.tidy(() => {
            const x = tf.tensor2d(obs, [B, O]);
            const m = tf.tensor2d(mask, [B, A]);
            const oh = tf.tensor2d(onehot, [B, A]);
            const old = tf.tensor1d(oldLogp);
            const advantage = tf.tensor1d(adv);
            const target = tf.tensor1d(ret);
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
          const [p, v, e] = parts.map((t) => t.dataSync()[0]);
          tf.dispose(parts);
          sums.policyLoss += p;
          sums.valueLoss += v;
          sums.entropy += e;
          sums.n++;
        }
      }
      state = {
        ...state,
        generation,
        steps: state.steps + N,
        gamesPlayed: state.gamesPlayed + episodes,
        rng: JSON.stringify(rng.state()),
      };
      await saveModel(model, dir('current'), metaFor(def, config, state));
      await saveOptimizer(optimizer, dir('optimizer'));
      if (generation % config.snapshotEvery === 0) {
        const name = `pool-${generation}`;
        await saveModel(model, dir(name), metaFor(def, config, state));
        state.pool = [...state.pool, name];
        while (state.pool.length > config.poolSize) {
          retired.push(state.pool.shift()!);
        }
      }
      let evaluation: MatchupFigures[] | undefined;
      last = performance.now() >= deadline || generationsRun === options.maxGenerations;
      if (generation % config.evalEvery === 0 || last) {
        emit({ kind: 'phase', generation, phase: 'evaluate' });
        evaluation = await evaluateCandidate({
          game: def.name,
          players: config.players,
          candidate: `neural:${dir('current')}`,
          opponents: config.baselines,
          gamesEach: config.evalGames,
          seed: `${config.seed}:eval${generation}`,
          play: (jobs) => pool.matches(jobs),
        });
        state = { ...state, lastEval: evaluation };
      }
      const elapsedMs = state.elapsedMs + (performance.now() - started);
      const row = {
        time: new Date().toISOString(),
        generation,
        step: state.steps,
        games: state.gamesPlayed,
        minutes: +(elapsedMs / 60_000).toFixed(2),
        policyLoss: sums.policyLoss / sums.n,
        valueLoss: sums.valueLoss / sums.n,
        entropy: sums.entropy / sums.n,
        meanReturn: episodes > 0 ? returnSum / episodes : null,
        ...(evaluation ? { eval: evaluation } : {}),
      };
      files.appendMetrics(row, `${def.title}: PPO against past selves (${config.players} players)`, 'learner steps');
      emit({ kind: 'generation', row });
      files.writeJson('state.json', { ...state, elapsedMs });
      // Snapshots leave the disk only once the state no longer names them (a kill before resumes with them).
      for (const gone of retired.splice(0)) rmSync(dir(gone), { recursive: true, force: true });
      if (evaluation)
        files.publish(
          dir('current'),
          metaFor(def, config, { ...state, elapsedMs }, { neural: { against: evaluation } }),
        );
    }
  } finally {
    await Promise.all([pool.close(), rollouts.close()]);
  }
  const final = files.readJson<PpoState>('state.json');
  return {
    out,
    generations: final.generation,
    steps: final.steps,
    gamesPlayed: final.gamesPlayed,
    elapsedMs: final.elapsedMs,
    lastEval: final.lastEval,
  };
}
