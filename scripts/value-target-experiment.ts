/**
 * Do the value targets help? Fits a network to self-play records (scripts/self-play-records.ts) with
 * several target settings and measures the value head on held-out games of the same file
 * (training/value-check.ts's errors against the final returns, next to the best constant's).
 *
 *   npx tsx scripts/value-target-experiment.ts <records.json> <model dir> <steps> <heldout share> [settings...]
 *
 * A setting is 'beta,w' (value mix, score weight), e.g. 0,0 0.5,0 0,0.5 0.5,0.5. Every fit starts
 * from the model's weights (as `agora train --init` does; a score head starts fresh) and takes
 * `steps` Adam steps of 256 positions drawn from the training games with a seeded stream, printing
 * the held-out errors every steps/6 steps (FROM_SCRATCH=1: from a fresh network instead). The last
 * games of the file are held out. It also prints two reference predictors on the held-out games:
 * the search's root value, and tanh(a * current score margin) with a fitted on the training games.
 */
import { readFileSync } from 'node:fs';
import { getGame, Rng } from '../envs/index.js';
import { valueErrors, type ValuePosition } from '../agents/index.js';
import {
  Learner,
  initBackend,
  loadModel,
  networkShape,
  samplesOf,
  scoreMargins,
  scoreScaleOf,
  tf,
  type GameRecord,
  type Sample,
} from '../training/index.js';

const [recordsPath, modelDir, stepsText, shareText, ...settingTexts] = process.argv.slice(2);
if (!recordsPath || !modelDir || !stepsText || !shareText) {
  process.stderr.write(
    'usage: npx tsx scripts/value-target-experiment.ts <records.json> <model dir> <steps> <heldout share> ' +
      '[beta,w ...]\n',
  );
  process.exit(2);
}
await initBackend({ announce: false });
const records = JSON.parse(readFileSync(recordsPath, 'utf8')) as GameRecord[];
const { model: start, meta } = loadModel(modelDir);
const def = getGame(meta.game);
const heldCount = Math.max(1, Math.round(records.length * Number(shareText)));
const train = records.slice(0, records.length - heldCount);
const held = records.slice(records.length - heldCount);
const scale = scoreScaleOf(def, meta.players);
const settings = (settingTexts.length ? settingTexts : ['0,0', '0.5,0', '0,0.5', '0.5,0.5']).map((t) => {
  const [beta, w] = t.split(',').map(Number);
  return { beta, w };
});
const steps = Number(stepsText);
// FROM_SCRATCH=1: every fit starts from a fresh network of the model's shape instead of its weights.
const fromScratch = process.env.FROM_SCRATCH === '1';
const heldSamples = held.flatMap((r) => samplesOf(def, r, { scoreScale: scale }));
const heldPhases = held.flatMap((r) => {
  const length = r.actions.length;
  return r.targets.flatMap((t, i) => (t ? [Math.min(2, Math.floor((3 * i) / length))] : []));
});
process.stdout.write(
  `${def.name}: ${train.length} training games, ${heldCount} held out (${heldSamples.length} positions); ` +
    `score scale ${scale}; ${steps} steps of 256 from ${modelDir}\n`,
);

function heldOut(model: tf.LayersModel): { all: number; constant: number; ratio: number; last: number } {
  const O = heldSamples[0].observation.length;
  const obs = new Float32Array(heldSamples.length * O);
  heldSamples.forEach((s, i) => obs.set(s.observation, i * O));
  const outputs = tf.tidy(() => model.predict(tf.tensor2d(obs, [heldSamples.length, O])) as tf.Tensor[]);
  const values = outputs[1].dataSync() as Float32Array;
  tf.dispose(outputs);
  const P = meta.players;
  const positions: ValuePosition[] = heldSamples.map((s, i) => ({
    predicted: values.subarray(i * P, (i + 1) * P),
    outcome: s.value,
    phase: heldPhases[i],
  }));
  const all = valueErrors(positions);
  const last = valueErrors(positions.filter((p) => p.phase === 2));
  return { all: all.valueMse, constant: all.constantMse, ratio: all.ratio, last: last.ratio };
}

/** Per recorded decision: the current score margins over the scale and the root value, rotated to the decider. */
function signals(record: GameRecord): { margins: number[]; heuristic: number[]; root: number[] | undefined }[] {
  const state = def.newGame({ players: record.players, seed: record.seed });
  const out: { margins: number[]; heuristic: number[]; root: number[] | undefined }[] = [];
  const n = record.players;
  const rotate = (v: readonly number[], p: number) => Array.from({ length: n }, (_, k) => v[(p + k) % n]);
  record.actions.forEach((action, i) => {
    const target = record.targets[i];
    if (target) {
      const p = state.currentPlayer();
      const margins = scoreMargins(state.scores()).map((m) => m / scale);
      const heuristic = Array.from({ length: n }, (_, seat) => def.evaluate(state, seat));
      out.push({
        margins: rotate(margins, p),
        heuristic: rotate(heuristic, p),
        root: target.rootValue && rotate(target.rootValue, p),
      });
    }
    state.applyAction(action);
  });
  return out;
}

/** Held-out ratio of a predictor given per position. */
function ratioOf(predict: (i: number) => number[]): string {
  const positions: ValuePosition[] = heldSignals.map((_, i) => ({
    predicted: Float32Array.from(predict(i)),
    outcome: heldSamples[i].value,
    phase: heldPhases[i],
  }));
  const all = valueErrors(positions);
  const thirds = [0, 1, 2].map((ph) => valueErrors(positions.filter((p) => p.phase === ph)).ratio.toFixed(3));
  return `MSE ${all.valueMse.toFixed(4)}, ratio ${all.ratio.toFixed(3)} (thirds ${thirds.join(' ')})`;
}

const heldSignals = held.flatMap(signals);
const trainSignals = train.flatMap(signals);
// The search's own root value as a predictor of the outcome (what --value-mix mixes in).
if (heldSignals.every((s) => s.root))
  process.stdout.write(`search root value as the prediction: ${ratioOf((i) => heldSignals[i].root!)}\n`);
// The current score margins alone, v = tanh(a * margin), a fitted on the training games by a grid.
const trainOutcomes = train.flatMap((r) => samplesOf(def, r).map((s) => s.value));
let bestA = 0;
let bestError = Infinity;
for (let a = 0; a <= 20; a += 0.25) {
  let error = 0;
  trainSignals.forEach((s, i) => s.margins.forEach((m, k) => (error += (Math.tanh(a * m) - trainOutcomes[i][k]) ** 2)));
  if (error < bestError) [bestA, bestError] = [a, error];
}
process.stdout.write(
  `current score margins alone, tanh(${bestA} * margin / scale): ` +
    `${ratioOf((i) => heldSignals[i].margins.map((m) => Math.tanh(bestA * m)))}\n`,
);
// The game's own heuristic evaluate() (greedy's and mcts cutoffs'; it may read the whole state), scaled by a fitted b.
let bestB = 0;
bestError = Infinity;
for (let b = 0; b <= 2; b += 0.05) {
  let error = 0;
  trainSignals.forEach((s, i) => s.heuristic.forEach((h, k) => (error += (b * h - trainOutcomes[i][k]) ** 2)));
  if (error < bestError) [bestB, bestError] = [b, error];
}
process.stdout.write(
  `the game's heuristic evaluate() times ${bestB.toFixed(2)}: ` +
    `${ratioOf((i) => heldSignals[i].heuristic.map((h) => bestB * h))}\n`,
);

const base = heldOut(start);
process.stdout.write(
  `start: held-out value MSE ${base.all.toFixed(4)}, constant ${base.constant.toFixed(4)}, ` +
    `ratio ${base.ratio.toFixed(3)} (last third ${base.last.toFixed(3)})\n`,
);
for (const { beta, w } of settings) {
  const trainSamples: Sample[] = train.flatMap((r) =>
    samplesOf(def, r, { targetTemperature: 0.5, valueMix: beta, scoreScale: scale }),
  );
  const config = { ...meta.network, ...(w > 0 ? { scoreHead: true } : {}) };
  const learner = new Learner(networkShape(def, meta.players), config, 1e-3, 1, w);
  if (!fromScratch) learner.setWeights(start);
  const rng = Rng.fromSeed('value-target-experiment');
  const line: string[] = [];
  let trainValue = 0;
  for (let s = 1; s <= steps; s++) {
    const batch = Array.from({ length: 256 }, () => trainSamples[rng.int(trainSamples.length)]);
    trainValue = learner.step(batch).valueLoss;
    if (s % Math.max(1, Math.round(steps / 6)) === 0 || s === steps) {
      const h = heldOut(learner.model);
      line.push(
        `${s}: ${h.all.toFixed(4)} (${h.ratio.toFixed(3)}, last ${h.last.toFixed(3)}; train ${trainValue.toFixed(3)})`,
      );
    }
  }
  process.stdout.write(`beta ${beta}, score weight ${w}: ${line.join(' | ')}\n`);
  learner.model.dispose();
}
