import { describe, expect, test } from 'vitest';
import { getGame } from '../../envs/index.js';
import { CachedNetwork } from './evaluation-cache.js';
import { expectSameOutput, observationsOf } from './test-helpers.js';
import { loadPolicyFolder } from './model-files.js';
import type { NetworkOutput, PolicyNetwork } from './policy.js';

const promotion = getGame('promotion');
const model = loadPolicyFolder('models/promotion/az', promotion);

/** The shipped model, counting the observations it is asked about. */
function counting(): PolicyNetwork & { asked: number } {
  const net = {
    players: model.players,
    weights: model.weights,
    asked: 0,
    evaluate(o: Float32Array): NetworkOutput {
      net.asked++;
      return model.evaluate(o);
    },
    evaluateBatch(os: readonly Float32Array[]): NetworkOutput[] {
      net.asked += os.length;
      return model.evaluateBatch!(os);
    },
  };
  return net;
}

describe('the evaluation cache', () => {
  test('answers exactly as the network does, evaluating each distinct observation once', () => {
    const inner = counting();
    const cached = new CachedNetwork(inner, 1000);
    const observations = observationsOf(promotion, 4, 30, 'cache');
    const first = cached.evaluateBatch(observations);
    first.forEach((row, r) => expectSameOutput(row, model.evaluate(observations[r])));
    const distinct = new Set(observations.map((o) => o.join(','))).size;
    expect(inner.asked).toBe(distinct);
    expect(cached.misses).toBe(distinct);
    expect(cached.hits).toBe(observations.length - distinct);
    // Again, one by one and as a batch of copies (the contents are the key, not the array): all hits.
    observations.forEach((o, r) => expectSameOutput(cached.evaluate(o.slice()), first[r]));
    cached.evaluateBatch(observations.map((o) => o.slice())).forEach((row, r) => expectSameOutput(row, first[r]));
    expect(inner.asked).toBe(distinct);
    expect(cached.hits).toBe(3 * observations.length - distinct);
    expect(cached.size).toBe(distinct);
  });

  test('a repeat inside one batch is evaluated once and counted a hit', () => {
    const inner = counting();
    const cached = new CachedNetwork(inner);
    const [a, b] = observationsOf(promotion, 4, 2, 'repeat');
    const rows = cached.evaluateBatch([a, b, a.slice()]);
    expect(inner.asked).toBe(2);
    expect({ hits: cached.hits, misses: cached.misses }).toEqual({ hits: 1, misses: 2 });
    expectSameOutput(rows[2], model.evaluate(a));
  });

  test('observations differing in one value, or only in the sign of a zero', () => {
    const cached = new CachedNetwork(counting());
    const [a] = observationsOf(promotion, 4, 1, 'differ');
    const nonzero = a.findIndex((v) => v !== 0);
    const changed = a.slice();
    changed[nonzero] = changed[nonzero] * 0.5;
    const zero = a.findIndex((v) => v === 0);
    const negativeZero = a.slice();
    negativeZero[zero] = -0;
    cached.evaluate(a);
    expectSameOutput(cached.evaluate(changed), model.evaluate(changed));
    expect(cached.misses).toBe(2);
    // The network skips zeros of either sign: the same answer, so the same entry.
    expectSameOutput(cached.evaluate(negativeZero), model.evaluate(a));
    expect(cached.hits).toBe(1);
  });

  test('holds at most its capacity, dropping the least recently used', () => {
    const inner = counting();
    const cached = new CachedNetwork(inner, 3);
    const [a, b, c, d] = observationsOf(promotion, 4, 4, 'lru');
    cached.evaluateBatch([a, b, c]);
    cached.evaluate(a); // a is now the most recent; b the least
    cached.evaluate(d); // drops b
    expect(cached.size).toBe(3);
    const asked = inner.asked;
    cached.evaluateBatch([a, c, d]);
    expect(inner.asked).toBe(asked);
    cached.evaluate(b);
    expect(inner.asked).toBe(asked + 1);
  });

  test('passes the network facts through and refuses a capacity below 1', () => {
    const cached = new CachedNetwork(model);
    expect(cached.players).toBe(model.players);
    expect(cached.weights).toBe(model.weights);
    expect(() => new CachedNetwork(model, 0)).toThrow(/at least 1 entry \(an integer\); got 0/);
  });
});
