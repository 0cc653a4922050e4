import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { getGame, listGames, type GameDefinition } from '../../envs/index.js';
import { expectSameOutput, observationsOf } from './test-helpers.js';
import { loadPolicyFolder, readMeta } from './model-files.js';
import { evaluateAll, type PolicyNetwork } from './policy.js';

function shippedModel(name: string): { def: GameDefinition; net: PolicyNetwork; players: number } {
  const def = getGame(name);
  const dir = `models/${name}/az`;
  expect(existsSync(`${dir}/meta.json`), `${dir} is missing: scripts/train-shipped-models.sh 15 ${name}`).toBe(true);
  return { def, net: loadPolicyFolder(dir, def), players: readMeta(dir, def).players };
}

// The games that ship a model (models/<game>/az); a new game needs none to be added.
const WITH_MODELS = listGames().filter((name) => existsSync(`models/${name}/az/meta.json`));

describe('batched evaluation', () => {
  test('the six board and card games ship a model', () => {
    expect(WITH_MODELS).toEqual(['tictactoe', 'promotion', 'philadelphia', 'cityplan', 'filthyrich', 'perikles']);
  });

  test.each(WITH_MODELS)('%s: every row of a batch equals evaluate number for number (shipped model)', (name) => {
    const { def, net, players } = shippedModel(name);
    const observations = observationsOf(def, players, 41, `batch-${name}`);
    const one = observations.map((o) => net.evaluate(o));
    // Odd sizes too: the kernel walks four and eight rows at a time, then the rest one by one.
    for (const size of [1, 2, 3, 4, 5, 8, 13, 16, 41]) {
      for (let start = 0; start + size <= observations.length; start += size) {
        const rows = net.evaluateBatch!(observations.slice(start, start + size));
        expect(rows).toHaveLength(size);
        rows.forEach((row, r) => expectSameOutput(row, one[start + r]));
      }
    }
  });

  test('a batch holding the same observation twice, and an empty batch', () => {
    const { def, net, players } = shippedModel('promotion');
    const [a, b] = observationsOf(def, players, 2, 'twice');
    const rows = net.evaluateBatch!([a, b, a]);
    expectSameOutput(rows[0], net.evaluate(a));
    expectSameOutput(rows[2], net.evaluate(a));
    expectSameOutput(rows[1], net.evaluate(b));
    expect(net.evaluateBatch!([])).toEqual([]);
  });

  test('an observation of the wrong length is refused, naming the size the network takes', () => {
    const { def, net, players } = shippedModel('tictactoe');
    const [good] = observationsOf(def, players, 1, 'wrong');
    expect(() => net.evaluateBatch!([good, new Float32Array(3)])).toThrow(/observations of 27 values; got 3/);
  });

  test('evaluateAll falls back to evaluate row by row for a network without evaluateBatch', () => {
    const { def, net, players } = shippedModel('tictactoe');
    const observations = observationsOf(def, players, 5, 'fallback');
    const plain: PolicyNetwork = { players: net.players, evaluate: (o) => net.evaluate(o) };
    evaluateAll(plain, observations).forEach((row, r) => expectSameOutput(row, net.evaluate(observations[r])));
  });
});
