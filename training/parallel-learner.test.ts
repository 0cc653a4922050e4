import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getGame } from '../envs/index.js';
import { initBackend } from './backend.js';
import { Learner } from './learner.js';
import { networkShape } from './network.js';
import { ParallelLearner } from './parallel-learner.js';
import type { ReplicaState } from './parallel-learner-messages.js';
import type { Sample } from './replay-buffer.js';
import { randomSamples } from './test-helpers.js';

const def = getGame('promotion');
const players = def.defaultPlayers;
const shape = networkShape(def, players);
const config = { width: 16, blocks: 1 };

const batchOf = (size: number, seed: string): Sample[] => randomSamples('promotion', players, size, seed);

/** A replica's state without the optimiser slots' names, which are each thread's own variable names. */
function values(state: ReplicaState) {
  return { weights: state.weights, optimizer: state.optimizer.map((w) => ({ shape: w.shape, values: w.values })) };
}

function flat(model: { getWeights(): { dataSync(): ArrayLike<number> }[] }): number[] {
  return model.getWeights().flatMap((t) => Array.from(t.dataSync()));
}

describe('data-parallel learner', () => {
  let parallel: ParallelLearner;
  beforeAll(async () => {
    await initBackend({ announce: false });
    parallel = await ParallelLearner.start(shape, config, 1e-3, 7, 3);
  }, 60_000);
  afterAll(() => parallel?.close());

  test('steps on three threads follow one thread stepping the whole batch; the replicas stay identical', async () => {
    const single = new Learner(shape, config, 1e-3, 7);
    const initial = flat(single.model);
    expect(flat(parallel.model)).toEqual(initial);
    for (let s = 0; s < 4; s++) {
      // 50 does not split evenly in three: the shards are weighted by their sizes.
      const batch = batchOf(50, `pl-${s}`);
      const a = await parallel.step(batch);
      const b = single.step(batch);
      expect(a.policyLoss).toBeCloseTo(b.policyLoss, 4);
      expect(a.valueLoss).toBeCloseTo(b.valueLoss, 4);
      expect(a.entropy).toBeCloseTo(b.entropy, 4);
    }
    const p = flat(parallel.model);
    const q = flat(single.model);
    // Same updates up to float summation order.
    const worst = p.reduce((m, x, i) => Math.max(m, Math.abs(x - q[i])), 0);
    expect(worst).toBeLessThan(1e-4);
    // And the steps did move the weights (4 Adam steps of 1e-3 each).
    expect(p.reduce((m, x, i) => Math.max(m, Math.abs(x - initial[i])), 0)).toBeGreaterThan(1e-3);
    const states = await parallel.states();
    expect(states).toHaveLength(3);
    for (const other of states.slice(1)) expect(values(other)).toEqual(values(states[0]));
    single.model.dispose();
  }, 60_000);

  test('setWeights and a restored optimiser reach every replica', async () => {
    const other = new Learner(shape, config, 1e-3, 99);
    other.step(batchOf(20, 'other'));
    await parallel.setWeights(other.model);
    await parallel.optimizer.setWeights(await other.optimizer.getWeights());
    await parallel.sync();
    const states = await parallel.states();
    expect(Array.from(states[1].weights[0].values)).toEqual(Array.from(other.model.getWeights()[0].dataSync()));
    for (const s of states.slice(1)) expect(values(s)).toEqual(values(states[0]));
    // From the same state, both take the same next step.
    const batch = batchOf(40, 'after-sync');
    await parallel.step(batch);
    other.step(batch);
    const p = flat(parallel.model);
    const q = flat(other.model);
    expect(p.reduce((m, x, i) => Math.max(m, Math.abs(x - q[i])), 0)).toBeLessThan(1e-5);
    other.model.dispose();
  }, 60_000);

  test('weights depend on shards, not threads: 4 shards on 1, 2 and 3 threads agree bit for bit', async () => {
    const runs: number[][] = [];
    for (const threads of [1, 2, 3]) {
      const learner = await ParallelLearner.start(shape, config, 1e-3, 11, threads, 4);
      for (let s = 0; s < 3; s++) await learner.step(batchOf(37, `shards-${s}`));
      runs.push(flat(learner.model));
      if (threads === 3) {
        const states = await learner.states();
        for (const other of states.slice(1)) expect(values(other)).toEqual(values(states[0]));
      }
      await learner.close();
    }
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  }, 60_000);

  test('one thread is exactly Learner.step', async () => {
    const one = await ParallelLearner.start(shape, config, 1e-3, 5, 1);
    const single = new Learner(shape, config, 1e-3, 5);
    const batch = batchOf(32, 'one');
    expect(await one.step(batch)).toEqual(single.step(batch));
    expect(flat(one.model)).toEqual(flat(single.model));
    await one.close();
  });
});
