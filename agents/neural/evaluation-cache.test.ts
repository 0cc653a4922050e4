import { describe, expect, test } from 'vitest';
import { getGame } from '../../envs/index.js';
import {
  BYPASS_PROBES,
  BYPASS_SEARCHES,
  CachedNetwork,
  MIN_HIT_SHARE,
  PROBE_LOOKUPS,
  SEARCH_PROBE_LOOKUPS,
} from './evaluation-cache.js';
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

  /** A network of 8 inputs whose answer is a function of its input, counting the rows it is asked. */
  function arithmetic(): PolicyNetwork & { asked: number } {
    const net = {
      players: 2,
      asked: 0,
      evaluate(o: Float32Array): NetworkOutput {
        net.asked++;
        return { logits: [o[0] + 2 * o[1], o[2] - o[3]], value: [o.reduce((a, b) => a + b, 0), -1] };
      },
    };
    return net;
  }
  /** The n-th of many distinct observations. */
  const nth = (n: number) => Float32Array.from([n % 7, Math.floor(n / 7) % 11, n % 13, n, 0, 1, n % 3, 2]);

  test('turns off after a probe where positions rarely come back, answering as the network; probes again', () => {
    const inner = arithmetic();
    const cached = new CachedNetwork(inner);
    // One probe of distinct positions: no hits.
    for (let n = 0; n < PROBE_LOOKUPS - 1; n++) cached.evaluate(nth(n));
    expect(cached.active).toBe(true);
    expect(cached.size).toBe(PROBE_LOOKUPS - 1);
    cached.evaluate(nth(PROBE_LOOKUPS - 1));
    expect(cached.active).toBe(false);
    expect(cached.size).toBe(0);
    // Off: a position met before goes to the network, and the answer is the network's.
    const asked = inner.asked;
    const again = cached.evaluateBatch([nth(5), nth(5)]);
    expect(inner.asked).toBe(asked + 2);
    expect(again[0]).toEqual(inner.evaluate(nth(5)));
    expect({ hits: cached.hits, misses: cached.misses, bypassed: cached.bypassed }).toEqual({
      hits: 0,
      misses: PROBE_LOOKUPS,
      bypassed: 2,
    });
    // After BYPASS_PROBES probes' worth of rows it looks up again.
    for (let n = 2; n < PROBE_LOOKUPS * BYPASS_PROBES; n++) cached.evaluate(nth(n));
    expect(cached.active).toBe(true);
    cached.evaluate(nth(7));
    cached.evaluate(nth(7));
    expect(cached.hits).toBe(1);
  });

  test('stays on where enough positions come back', () => {
    const inner = arithmetic();
    const cached = new CachedNetwork(inner);
    // Every fifth lookup repeats the one before: a fifth of the lookups hit, above MIN_HIT_SHARE.
    expect(MIN_HIT_SHARE).toBeLessThan(0.2);
    let repeats = 0;
    for (let n = 0; n < 2 * PROBE_LOOKUPS; n++) {
      const repeat = n % 5 === 4;
      if (repeat) repeats++;
      cached.evaluate(nth(repeat ? n - 1 : n));
    }
    expect(cached.active).toBe(true);
    expect(cached.hits).toBe(repeats);
    expect(cached.bypassed).toBe(0);
    expect(inner.asked).toBe(cached.misses);
  });

  test('an unadaptive cache never turns off', () => {
    const cached = new CachedNetwork(arithmetic(), 1 << 14, false);
    for (let n = 0; n < PROBE_LOOKUPS + 10; n++) cached.evaluate(nth(n));
    expect(cached.active).toBe(true);
    expect(cached.size).toBe(PROBE_LOOKUPS + 10);
  });

  test("a searching agent's cache: the probe skips the first search and ends between searches", () => {
    const inner = arithmetic();
    const cached = new CachedNetwork(inner);
    let n = 0;
    /** A search of `lookups` lookups, each a new position or, every `every`-th, the previous search's first. */
    const search = (lookups: number, every = 0) => {
      cached.newSearch();
      const first = n;
      for (let i = 0; i < lookups; i++) cached.evaluate(nth(every > 0 && i % every === every - 1 ? first - 1 : n++));
    };
    // The first search is not counted, however long and however few its hits.
    search(3 * SEARCH_PROBE_LOOKUPS);
    search(SEARCH_PROBE_LOOKUPS / 2, 2);
    expect(cached.active).toBe(true);
    // Half the lookups of two searches come back: it stays on past the probe's end.
    search(SEARCH_PROBE_LOOKUPS / 2, 2);
    search(10);
    expect(cached.active).toBe(true);
    // A probe of searches that meet nothing (10 + 1,024 lookups): off at the next search's start, for
    // BYPASS_SEARCHES searches.
    for (let k = 0; k < 2; k++) search(SEARCH_PROBE_LOOKUPS / 2);
    expect(cached.active).toBe(true);
    cached.newSearch();
    expect(cached.active).toBe(false);
    expect(cached.size).toBe(0);
    const asked = inner.asked;
    const bypassed = cached.bypassed;
    for (let i = 0; i < 5; i++) cached.evaluate(nth(1));
    expect(inner.asked - asked).toBe(5);
    expect(cached.bypassed - bypassed).toBe(5);
    for (let k = 1; k < BYPASS_SEARCHES; k++) search(3);
    expect(cached.active).toBe(false);
    search(3);
    expect(cached.active).toBe(true);
    // Lookups alone never end a searching agent's probe, whatever their number.
    for (let i = 0; i < 2 * PROBE_LOOKUPS; i++) cached.evaluate(nth(n++));
    expect(cached.active).toBe(true);
  });
});
