import { beforeAll, describe, expect, test } from 'vitest';
import { Rng, getGame, listGames } from '../envs/index.js';
import { buildNetwork, compilePolicy, evaluateOne, initBackend, networkShape } from './index.js';

beforeAll(async () => {
  await initBackend({ announce: false });
});

describe('plain-JS inference', () => {
  test.each(listGames())('%s: gives the same logits and values as TensorFlow.js on real observations', (name) => {
    const def = getGame(name);
    const players = def.defaultPlayers;
    const config = { width: 24, blocks: 2 };
    const model = buildNetwork(networkShape(def, players), config, 11);
    const policy = compilePolicy(model, config, players);
    const state = def.newGame({ players, seed: `inference-${name}` });
    const rng = Rng.fromSeed('moves');
    for (let step = 0; step < 12 && !state.isTerminal(); step++) {
      const obs = state.observation(state.currentPlayer());
      const expected = evaluateOne(model, obs);
      const got = policy.evaluate(obs);
      expect(got.logits.length).toBe(def.actionSize);
      expect(got.value.length).toBe(players);
      for (let a = 0; a < def.actionSize; a++) expect(got.logits[a]).toBeCloseTo(expected.logits[a], 4);
      for (let p = 0; p < players; p++) expect(got.value[p]).toBeCloseTo(expected.value[p], 4);
      const legal = state.legalActions();
      state.applyAction(legal[rng.int(legal.length)]);
    }
    model.dispose();
  });

  test('an observation of the wrong length is refused', () => {
    const def = getGame('tictactoe');
    const config = { width: 8, blocks: 1 };
    const policy = compilePolicy(buildNetwork(networkShape(def, 2), config, 1), config, 2);
    expect(() => policy.evaluate(new Float32Array(3))).toThrow(/observations of \d+ values; got 3/);
  });
});
