/**
 * Training speed (npm run bench:training): 1024x1024 float32 matmul GFLOP/s, MLP training
 * samples/s (512-256-256-64, batch 256, Adam) and inference positions/s at batch 1 and 256, per
 * backend available here; on wasm also without the explicit-transpose kernels, to show their gain.
 * Each figure is the median of 5 runs.
 */
import { initBackend, tf, type BackendName } from '../training/backend.js';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timeIt(fn: () => void, repeat: number): number {
  fn();
  const t = performance.now();
  for (let i = 0; i < repeat; i++) fn();
  return (performance.now() - t) / 1000 / repeat;
}

function matmulGflops(): number {
  const a = tf.randomNormal([1024, 1024]);
  const b = tf.randomNormal([1024, 1024]);
  const s = median(Array.from({ length: RUNS }, () => timeIt(() => tf.tidy(() => tf.matMul(a, b).dataSync()), 3)));
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
  const s = median(Array.from({ length: RUNS }, () => timeIt(() => tf.tidy(() => (model.predict(x) as tf.Tensor).dataSync()), repeat)));
  tf.dispose(x);
  model.dispose();
  return batch / s;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(`tfjs ${tf.version.tfjs}, node ${process.version}, median of ${RUNS} runs, one thread`);
console.log('backend            matmul GFLOP/s  train samples/s  infer b=1 /s  infer b=256 /s');
const rows: [string, BackendName, boolean][] = [['cpu', 'cpu', true], ['wasm (no fix)', 'wasm', false], ['wasm', 'wasm', true]];
for (const [label, name, fix] of rows) {
  if (name === 'wasm' && !fix) await initBackend({ only: 'wasm', explicitTranspose: false, announce: false });
  else await initBackend({ only: name, announce: false });
  const gflops = name === 'cpu' ? Number.NaN : matmulGflops();
  const train = await trainingSamplesPerSec();
  const b1 = inferencePerSec(1);
  const b256 = inferencePerSec(256);
  console.log(`${label.padEnd(18)} ${(Number.isNaN(gflops) ? 'skipped' : gflops.toFixed(1)).padStart(14)}  ${fmt(train).padStart(15)}  ${fmt(b1).padStart(12)}  ${fmt(b256).padStart(14)}`);
}
