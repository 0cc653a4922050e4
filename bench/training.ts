/**
 * Training speed (npm run bench:training): 1024x1024 float32 matmul GFLOP/s, MLP training
 * samples/s (512-256-256-64, batch 256, Adam) and inference positions/s at batch 1 and 256, per
 * backend available here; on wasm also without the explicit-transpose kernels, to show their gain,
 * and the games' networks with and without the fast Tile gradient and kernel.
 * Each figure is the median of 5 runs.
 */
import { getGame, listGames } from '../envs/index.js';
import {
  initBackend,
  tf,
  type BackendName,
  compilePolicy,
  ParallelLearner,
  buildNetwork,
  networkShape,
  type Sample,
} from '../training/index.js';

/** The float32 matmul peak of this machine class with a native BLAS on 2 cores (the reference). */
const PEAK_GFLOPS = 140;
/** MLP 512-256-256-64: multiply-adds per sample forward; a training step costs about 3x a forward pass. */
const MLP_MACS = 512 * 256 + 256 * 256 + 256 * 64;

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timeIt(fn: () => void, repeat: number): number {
  fn();
  const t = performance.now();
  for (let i = 0; i < repeat; i++) fn();
  return (performance.now() - t) / 1000 / repeat;
}

/** Reads a result back (the time of a real use includes it) and frees it. */
function syncAndDispose(t: tf.Tensor): void {
  t.dataSync();
  t.dispose();
}

/** The cpu backend needs ~5 s for one product (0.45 GFLOP/s), so it is timed once after a warm-up. */
function matmulGflops(slow = false): number {
  const a = tf.randomNormal([1024, 1024]);
  const b = tf.randomNormal([1024, 1024]);
  // Not tf.tidy(() => product.dataSync()): tidy walks a returned typed array element by element
  // looking for tensors, which cost 15x the product itself at 512² and made this figure 3.4.
  const s = median(
    Array.from({ length: slow ? 1 : RUNS }, () => timeIt(() => syncAndDispose(tf.matMul(a, b)), slow ? 1 : 3)),
  );
  tf.dispose([a, b]);
  return (2 * 1024 ** 3) / s / 1e9;
}

function mlp(): tf.LayersModel {
  const model = tf.sequential();
  model.add(tf.layers.dense({ inputShape: [512], units: 256, activation: 'relu' }));
  model.add(tf.layers.dense({ units: 256, activation: 'relu' }));
  model.add(tf.layers.dense({ units: 64 }));
  model.compile({ optimizer: tf.train.adam(1e-3), loss: 'meanSquaredError' });
  return model;
}

async function trainingSamplesPerSec(): Promise<number> {
  const model = mlp();
  const x = tf.randomNormal([256, 512]);
  const y = tf.randomNormal([256, 64]);
  await model.trainOnBatch(x, y);
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    for (let i = 0; i < 5; i++) await model.trainOnBatch(x, y);
    runs.push((5 * 256) / ((performance.now() - t) / 1000));
  }
  tf.dispose([x, y]);
  model.dispose();
  return median(runs);
}

function inferencePerSec(batch: number): number {
  const model = mlp();
  const x = tf.randomNormal([batch, 512]);
  const repeat = batch === 1 ? 200 : 10;
  const s = median(
    Array.from({ length: RUNS }, () => timeIt(() => syncAndDispose(model.predict(x) as tf.Tensor), repeat)),
  );
  tf.dispose(x);
  model.dispose();
  return batch / s;
}

/**
 * Samples/s of the project's own policy-value network (masked policy + value losses) in the az
 * trainer's learner, on `threads` threads (1 = Learner.step itself), on real positions of the game.
 */
async function parallelSamplesPerSec(
  game: string,
  width: number,
  threads: number,
  batchSize: number,
): Promise<{ rate: number; flops: number }> {
  const def = getGame(game);
  const players = def.defaultPlayers;
  const shape = networkShape(def, players);
  const learner = await ParallelLearner.start(shape, { width, blocks: 2 }, 1e-3, 1, threads);
  const batch: Sample[] = [];
  let state = def.newGame({ players, seed: 'bench' });
  for (let i = 0; batch.length < batchSize; i++) {
    if (state.isTerminal()) state = def.newGame({ players, seed: `bench${i}` });
    const legal = state.legalActions();
    batch.push({
      observation: state.observation(state.currentPlayer()),
      legal,
      policy: Float32Array.from(legal, () => 1 / legal.length),
      value: new Float32Array(players),
    });
    state.applyAction(legal[i % legal.length]);
  }
  await learner.step(batch);
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    for (let i = 0; i < 3; i++) await learner.step(batch);
    runs.push((3 * batchSize) / ((performance.now() - t) / 1000));
  }
  await learner.close();
  learner.model.dispose();
  // Floating-point work a training sample needs: the forward pass, the weight gradients, and the
  // input gradients of every layer but the stem (nothing needs the observations' gradient, and the
  // learner does not compute it), one multiply-add = 2 FLOPs.
  const stem = shape.observationSize * width;
  const macs = stem + 2 * 2 * width * width + width * (shape.actionSize + players);
  return { rate: median(runs), flops: 2 * (3 * macs - stem) };
}

/** Positions/s of the plain-JS inference every search leaf uses, on a real observation of the game. */
function jsInferencePerSec(game: string, width: number): number {
  const def = getGame(game);
  const players = def.defaultPlayers;
  const model = buildNetwork(networkShape(def, players), { width, blocks: 2 }, 1);
  const policy = compilePolicy(model, { width, blocks: 2 }, players);
  model.dispose();
  const state = def.newGame({ players, seed: 'bench' });
  const obs = state.observation(state.currentPlayer());
  return 1 / median(Array.from({ length: RUNS }, () => timeIt(() => policy.evaluate(obs), 500)));
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`tfjs ${tf.version.tfjs}, node ${process.version}, median of ${RUNS} runs, one thread`);
console.log('backend            matmul GFLOP/s  train samples/s  infer b=1 /s  infer b=256 /s');
const rows: [string, BackendName, boolean][] = [
  ['tensorflow', 'tensorflow', true],
  ['cpu', 'cpu', true],
  ['wasm (no fix)', 'wasm', false],
  ['wasm', 'wasm', true],
];
for (const [label, name, fix] of rows) {
  try {
    if (name === 'wasm' && !fix) await initBackend({ only: 'wasm', explicitTranspose: false, announce: false });
    else await initBackend({ only: name, announce: false });
  } catch {
    // tfjs-node is an optional dependency: where its native library could not be fetched it is absent.
    console.log(`${label.padEnd(18)} not installed here (npm could not fetch its native library)`);
    continue;
  }
  const gflops = matmulGflops(name === 'cpu');
  const train = await trainingSamplesPerSec();
  const b1 = inferencePerSec(1);
  const b256 = inferencePerSec(256);
  console.log(
    `${label.padEnd(18)} ${gflops.toFixed(name === 'cpu' ? 2 : 1).padStart(14)}  ` +
      `${fmt(train).padStart(15)}  ${fmt(b1).padStart(12)}  ${fmt(b256).padStart(14)}`,
  );
  console.log(
    `  matmul = ${((100 * gflops) / PEAK_GFLOPS).toFixed(1)}% of the ${PEAK_GFLOPS} GFLOP/s native 2-core peak`,
  );
  if (label === 'wasm') {
    const achieved = (train * 3 * 2 * MLP_MACS) / 1e9;
    console.log(
      `  MLP training on wasm: ${achieved.toFixed(1)} GFLOP/s = ${((100 * achieved) / PEAK_GFLOPS).toFixed(1)}% ` +
        `of the ${PEAK_GFLOPS} GFLOP/s native 2-core peak ` +
        `(one thread; ${((100 * achieved) / gflops).toFixed(0)}% of this backend's own matmul rate)`,
    );
  }
}

console.log('\nthe policy-value networks of the games (wasm, batch 256, Adam; width 64 and 128, 2 residual blocks)');
console.log('game          width  train samples/s  GFLOP/s  % of peak  JS inference positions/s');
await initBackend({ only: 'wasm', announce: false });
for (const game of listGames()) {
  for (const width of [64, 128]) {
    const { rate, flops } = await parallelSamplesPerSec(game, width, 1, 256);
    const gf = (rate * flops) / 1e9;
    console.log(
      `${game.padEnd(13)} ${String(width).padStart(5)}  ${fmt(rate).padStart(15)}  ${gf.toFixed(1).padStart(7)}  ` +
        `${((100 * gf) / PEAK_GFLOPS).toFixed(1).padStart(8)}%  ${fmt(jsInferencePerSec(game, width)).padStart(24)}`,
    );
  }
}

// tfjs-layers' LayerNormalization tiles its statistics and parameters on every call; the stock Tile
// gradient is one slice and add per repetition and the stock wasm Tile kernel works per element.
console.log(
  '\nLayerNorm tiling: stock tfjs against the closed-form Tile gradient and contiguous wasm Tile ' +
    '(Perikles, wasm, batch 256, one thread)',
);
console.log('width  stock samples/s  fast samples/s  speed-up');
for (const width of [64, 128, 256]) {
  await initBackend({ only: 'wasm', announce: false, fastTile: false });
  const stock = (await parallelSamplesPerSec('perikles', width, 1, 256)).rate;
  await initBackend({ only: 'wasm', announce: false });
  const fast = (await parallelSamplesPerSec('perikles', width, 1, 256)).rate;
  console.log(
    `${String(width).padStart(5)}  ${fmt(stock).padStart(15)}  ` +
      `${fmt(fast).padStart(14)}  ${(fast / stock).toFixed(2).padStart(8)}`,
  );
}

// wasm runs one thread per Node thread, so using both cores for training means data parallelism:
// ParallelLearner splits each batch across worker threads and averages the gradients.
console.log(
  '\ndata-parallel training of the policy-value network ' +
    '(ParallelLearner, wasm, Adam, 2 residual blocks), Perikles observations',
);
console.log('width  batch  threads  train samples/s  GFLOP/s  % of peak  speed-up');
for (const [width, batchSize] of [
  [64, 256],
  [256, 256],
  [256, 1024],
  [512, 1024],
  [1024, 2048],
] as const) {
  let one = 0;
  for (const threads of [1, 2]) {
    const { rate, flops } = await parallelSamplesPerSec('perikles', width, threads, batchSize);
    if (threads === 1) one = rate;
    const gf = (rate * flops) / 1e9;
    console.log(
      `${String(width).padStart(5)}  ${String(batchSize).padStart(5)}  ${String(threads).padStart(7)}  ` +
        `${fmt(rate).padStart(15)}  ${gf.toFixed(1).padStart(7)}  ` +
        `${((100 * gf) / PEAK_GFLOPS).toFixed(1).padStart(8)}%  ${(rate / one).toFixed(2).padStart(8)}`,
    );
  }
}
