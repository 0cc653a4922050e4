import { beforeAll, describe, expect, test } from 'vitest';
import { getGame } from '../envs/index.js';
import { initBackend, tf } from './backend.js';
import { Learner } from './learner.js';
import { buildNetwork, networkShape } from './network.js';
import type { Sample } from './replay-buffer.js';
import { randomSamples } from './test-helpers.js';

const def = getGame('perikles');
const players = def.defaultPlayers;
const shape = networkShape(def, players);
const config = { width: 16, blocks: 2 };

const batchOf = (size: number, seed: string): Sample[] => randomSamples('perikles', players, size, seed);

/** The same losses computed the plain way, through the whole network's own forward pass. */
function reference(
  model: tf.LayersModel,
  batch: readonly Sample[],
): { loss: number; grads: Map<string, Float32Array> } {
  const { observationSize: O, actionSize: A } = shape;
  let out = { loss: NaN, grads: new Map<string, Float32Array>() };
  tf.tidy(() => {
    const x = tf.tensor2d(
      batch.flatMap((s) => Array.from(s.observation)),
      [batch.length, O],
    );
    const mask = new Float32Array(batch.length * A);
    const target = new Float32Array(batch.length * A);
    batch.forEach((s, i) =>
      s.legal.forEach((a, k) => {
        mask[i * A + a] = 1;
        target[i * A + a] = s.policy[k];
      }),
    );
    const m = tf.tensor2d(mask, [batch.length, A]);
    const pi = tf.tensor2d(target, [batch.length, A]);
    const z = tf.tensor2d(
      batch.flatMap((s) => Array.from(s.value)),
      [batch.length, players],
    );
    const variables = model.trainableWeights.map((w) => w.read() as tf.Variable);
    const { value, grads } = tf.variableGrads(() => {
      const [logits, v] = model.apply(x, { training: true }) as tf.Tensor[];
      const logp = tf.logSoftmax(logits.add(m.sub(1).mul(1e9)));
      return pi.mul(logp).sum(1).neg().mean().add(v.sub(z).square().mean()) as tf.Scalar;
    }, variables);
    out = {
      loss: value.dataSync()[0],
      grads: new Map(variables.map((v) => [v.name, grads[v.name].dataSync() as Float32Array])),
    };
  });
  return out;
}

describe('Learner', () => {
  beforeAll(async () => {
    await initBackend({ announce: false });
  });

  test("its unfused stem gives the loss and gradient of the network's own forward pass", () => {
    const learner = new Learner(shape, config, 1e-3, 3);
    const batch = batchOf(40, 'learner-ref');
    const { figures, gradient } = learner.gradients(batch);
    const { loss, grads } = reference(learner.model, batch);
    expect(figures.policyLoss + figures.valueLoss).toBeCloseTo(loss, 5);
    let offset = 0;
    for (const v of learner.variables) {
      const expected = grads.get(v.name)!;
      const got = gradient.subarray(offset, offset + v.size);
      offset += v.size;
      const scale = Math.max(1e-3, ...Array.from(expected, Math.abs));
      for (let i = 0; i < v.size; i++) expect(Math.abs(got[i] - expected[i]) / scale).toBeLessThan(1e-4);
    }
    expect(offset).toBe(learner.parameterCount);
  });

  test('never computes the gradient of the observations (a [batch, observation] product)', async () => {
    const learner = new Learner(shape, config, 1e-3, 3);
    const batch = batchOf(32, 'learner-kernels');
    const profile = await tf.profile(() => {
      learner.step(batch);
    });
    const products = profile.kernels.filter((k) => k.name === 'BatchMatMul' || k.name === '_FusedMatMul');
    expect(products.length).toBeGreaterThan(0);
    const shapes = products.map((k) => k.outputShapes.flat().join('x'));
    expect(shapes.filter((s) => s.endsWith(`32x${shape.observationSize}`))).toEqual([]);
  });

  test('the trained network saves exactly as a freshly built one (the shared body adds no nodes to it)', () => {
    const learner = new Learner(shape, config, 1e-3, 3);
    const fresh = buildNetwork(shape, config, 3);
    expect(JSON.stringify(learner.model.toJSON(null, false))).toBe(JSON.stringify(fresh.toJSON(null, false)));
    expect(learner.model.getWeights().map((w) => Array.from(w.dataSync()))).toEqual(
      fresh.getWeights().map((w) => Array.from(w.dataSync())),
    );
    fresh.dispose();
  });
});
