import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeAgent, playMatch } from '../agents/index.js';
import { Rng, decisionContext, getGame } from '../envs/index.js';
import { MODEL_FORMAT, buildNetwork, initBackend, networkShape, saveModel } from './index.js';

const ttt = getGame('tictactoe');
let dir: string;

beforeAll(async () => {
  await initBackend({ announce: false });
  dir = join(mkdtempSync(join(tmpdir(), 'agora-neural-')), 'tiny');
  const shape = networkShape(ttt, 2);
  await saveModel(buildNetwork(shape, { width: 16, blocks: 1 }, 5), dir, {
    format: MODEL_FORMAT, game: 'tictactoe', players: 2, encodingVersion: ttt.encodingVersion, observationSize: shape.observationSize,
    actionSize: shape.actionSize, network: { width: 16, blocks: 1 }, createdAt: '2026-01-01T00:00:00.000Z',
  });
});

describe('neural agents from a saved model', () => {
  test('play only legal actions, deterministically at temperature 0 and from the seeded RNG when sampling', async () => {
    for (const spec of [`neural:${dir}`, `neural:${dir},temperature=1`]) {
      const agents = [makeAgent(spec, ttt), makeAgent('random', ttt)];
      const a = await playMatch(ttt, agents, { seed: 's' });
      const b = await playMatch(ttt, agents, { seed: 's' });
      expect(b.actions).toEqual(a.actions);
    }
  });

  test('greedy play picks the top legal logit, never an illegal one', () => {
    const agent = makeAgent(`neural:${dir}`, ttt);
    const state = ttt.newGame({ players: 2, seed: 0 });
    for (let i = 0; i < 5; i++) {
      const action = agent.act(decisionContext(ttt, state, Rng.fromSeed(i))) as number;
      expect(state.legalActions()).toContain(action);
      state.applyAction(action);
    }
  });

  test('a model folder for another game, or a missing folder, is refused clearly', () => {
    expect(() => makeAgent(`neural:${dir}`, getGame('promotion'))).toThrow(/trained for tictactoe, not promotion/);
    expect(() => makeAgent('neural:models/none/x', ttt)).toThrow(/meta.json is missing/);
    expect(() => makeAgent('neural', ttt)).toThrow(/needs a model folder/);
  });
});
