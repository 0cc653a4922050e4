import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadPolicyFolder, networkLayout, readMeta } from '../agents/index.js';
import { Rng, getGame } from '../envs/index.js';
import { initBackend, tf } from './backend.js';
import { Learner } from './learner.js';
import { MODEL_FORMAT, loadModel, saveModel, type ModelMeta } from './model-io.js';
import { buildNetwork, evaluateOne, networkShape } from './network.js';
import { ParallelLearner } from './parallel-learner.js';
import type { Sample } from './replay-buffer.js';
import { randomSamples } from './test-helpers.js';
import { widenInput } from './widen-input.js';

const promotion = getGame('promotion');
const players = 4;
const shape = networkShape(promotion, players);
const plain = { width: 16, blocks: 1 };
const headed = { width: 16, blocks: 1, scoreHead: true };

/** Random samples with random score targets in [-1, 1]. */
function scoredBatch(size: number, seed: string): Sample[] {
  const rng = Rng.fromSeed(`${seed}:score`);
  return randomSamples('promotion', players, size, seed).map((s) => ({
    ...s,
    score: Float32Array.from({ length: players }, () => rng.next() * 2 - 1),
  }));
}

const weightsOf = (model: tf.LayersModel, layer: string) =>
  model
    .getLayer(layer)
    .getWeights()
    .map((w) => Array.from(w.dataSync()));

beforeAll(async () => {
  await initBackend({ announce: false });
});

describe('the score head', () => {
  test('adds scoreWeight times its squared error to the loss; scoreLoss is the unweighted error', () => {
    const learner = new Learner(shape, headed, 1e-3, 3, 0.5);
    const batch = scoredBatch(24, 'score-loss');
    const { figures, gradient } = learner.gradients(batch);
    // The same loss the plain way, through the whole network's forward pass.
    const { observationSize: O, actionSize: A } = shape;
    const variables = learner.variables;
    let reference = { total: NaN, score: NaN, grads: [] as Float32Array[] };
    tf.tidy(() => {
      const x = tf.tensor2d(
        batch.flatMap((s) => Array.from(s.observation)),
        [batch.length, O],
      );
      const mask = new Float32Array(batch.length * A);
      const pi = new Float32Array(batch.length * A);
      batch.forEach((s, i) =>
        s.legal.forEach((a, k) => {
          mask[i * A + a] = 1;
          pi[i * A + a] = s.policy[k];
        }),
      );
      const z = tf.tensor2d(
        batch.flatMap((s) => Array.from(s.value)),
        [batch.length, players],
      );
      const m = tf.tensor2d(
        batch.flatMap((s) => Array.from(s.score!)),
        [batch.length, players],
      );
      let score = NaN;
      const { value, grads } = tf.variableGrads(() => {
        const [logits, v, margins] = learner.model.apply(x, { training: true }) as tf.Tensor[];
        const logp = tf.logSoftmax(logits.add(tf.tensor2d(mask, [batch.length, A]).sub(1).mul(1e9)));
        const policyLoss = tf.tensor2d(pi, [batch.length, A]).mul(logp).sum(1).neg().mean();
        const scoreLoss = margins.sub(m).square().mean();
        score = scoreLoss.dataSync()[0];
        return policyLoss.add(v.sub(z).square().mean()).add(scoreLoss.mul(0.5)) as tf.Scalar;
      }, variables);
      reference = {
        total: value.dataSync()[0],
        score,
        grads: variables.map((v) => grads[v.name].dataSync() as Float32Array),
      };
    });
    expect(figures.scoreLoss).toBeCloseTo(reference.score, 5);
    expect(figures.policyLoss + figures.valueLoss + 0.5 * figures.scoreLoss!).toBeCloseTo(reference.total, 5);
    let offset = 0;
    variables.forEach((v, i) => {
      const expected = reference.grads[i];
      const scale = Math.max(1e-3, ...Array.from(expected, Math.abs));
      for (let k = 0; k < v.size; k++) expect(Math.abs(gradient[offset + k] - expected[k]) / scale).toBeLessThan(1e-4);
      offset += v.size;
    });
    // The head's own weights get a gradient: it is trained.
    const head = learner.model.getLayer('score').trainableWeights.map((w) => w.name);
    expect(head).toHaveLength(2);
    const start = variables.findIndex((v) => v.name === head[0]);
    const headOffset = variables.slice(0, start).reduce((n, v) => n + v.size, 0);
    expect(gradient.subarray(headOffset, headOffset + 16 * players).some((g) => g !== 0)).toBe(true);
  });

  test('a network without the head has no score loss, and trains on samples without score targets', () => {
    const learner = new Learner(shape, plain, 1e-3, 3, 0.5);
    const figures = learner.step(randomSamples('promotion', players, 8, 'no-head'));
    expect(figures.scoreLoss).toBeUndefined();
    expect(Object.keys(figures).sort()).toEqual(['entropy', 'policyLoss', 'valueLoss']);
    const withHead = new Learner(shape, headed, 1e-3, 3, 0.5);
    expect(() => withHead.step(randomSamples('promotion', players, 8, 'no-head'))).toThrow(
      'a network with a score head trains on samples with score targets',
    );
  });

  test('the data-parallel learner splits the score loss like the others (one step, 1 or 2 threads)', async () => {
    const batch = scoredBatch(32, 'parallel-score');
    const single = new Learner(shape, headed, 1e-3, 5, 0.5);
    const parallel = await ParallelLearner.start(shape, headed, 1e-3, 5, 2, 2, 0.5);
    try {
      const a = single.step(batch);
      const b = await parallel.step(batch);
      expect(b.scoreLoss).toBeCloseTo(a.scoreLoss!, 5);
      expect(b.valueLoss).toBeCloseTo(a.valueLoss, 5);
      const [local, replica] = await parallel.states();
      expect(replica.weights.map((w) => Array.from(w.values))).toEqual(local.weights.map((w) => Array.from(w.values)));
      expect(local.weights).toHaveLength(single.model.getWeights().length);
    } finally {
      await parallel.close();
    }
  });

  test('--init from a model without the head: shared layers copied, the head as freshly built', () => {
    const source = buildNetwork(shape, plain, 9);
    const learner = new Learner(shape, headed, 1e-3, 3, 0.5);
    const freshHead = weightsOf(learner.model, 'score');
    learner.setWeights(source);
    for (const layer of source.layers)
      expect(weightsOf(learner.model, layer.name)).toEqual(weightsOf(source, layer.name));
    expect(weightsOf(learner.model, 'score')).toEqual(freshHead);
    // And back: a run without the head starting from a model with one drops it.
    const back = new Learner(shape, plain, 1e-3, 4);
    back.setWeights(learner.model);
    expect(weightsOf(back.model, 'value')).toEqual(weightsOf(source, 'value'));
    // A layer of another shape is an error naming it.
    const wider = buildNetwork(shape, { width: 8, blocks: 1 }, 9);
    expect(() => learner.setWeights(wider)).toThrow(
      /^layer stem has weights of shapes \[\d+,8\] \[8\]; this network's are/,
    );
  });

  test('saved and loaded: plain-JS play ignores the head, loadModel keeps it, widening carries it', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'agora-score-head-')), 'm');
    const model = buildNetwork(shape, headed, 3);
    const meta: ModelMeta = {
      format: MODEL_FORMAT,
      game: 'promotion',
      players,
      encodingVersion: promotion.encodingVersion,
      observationSize: shape.observationSize,
      actionSize: shape.actionSize,
      network: headed,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    await saveModel(model, dir, meta);
    expect(readMeta(dir, promotion).network).toEqual(headed);
    expect(networkLayout(readMeta(dir)).slice(-2)).toEqual([
      { layer: 'score', shape: [16, players] },
      { layer: 'score', shape: [players] },
    ]);
    const obs = promotion.newGame({ players, seed: 'score-head' }).observation(0);
    const expected = evaluateOne(model, obs);
    const played = loadPolicyFolder(dir, promotion).evaluate(obs);
    Array.from(expected.logits).forEach((v, i) => expect(played.logits[i]).toBeCloseTo(v, 4));
    Array.from(expected.value).forEach((v, i) => expect(played.value[i]).toBeCloseTo(v, 4));
    const { model: loaded } = loadModel(dir, promotion);
    expect(loaded.outputs).toHaveLength(3);
    expect(weightsOf(loaded, 'score')).toEqual(weightsOf(model, 'score'));
    const wide = widenInput(loaded, headed, shape.observationSize + 3, shape.actionSize, players);
    expect(weightsOf(wide, 'score')).toEqual(weightsOf(model, 'score'));
    expect(wide.outputs).toHaveLength(3);
  });
});
