import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeAgent, playMatch } from '../agents/index.js';
import request from 'supertest';
import { accountKey, testArena } from './arena-helpers.js';
import { DEFAULT_ROSTER, ROSTER_AZ_ITERATIONS, ROSTER_MS, modelSeats, rosterFor } from '../arena/index.js';
import { Rng, decisionContext, getGame } from '../envs/index.js';
import { MODEL_FORMAT, buildNetwork, initBackend, networkShape, saveModel } from '../training/index.js';

const ttt = getGame('tictactoe');
let dir: string;

beforeAll(async () => {
  await initBackend({ announce: false });
  dir = join(mkdtempSync(join(tmpdir(), 'agora-neural-')), 'tiny');
  const shape = networkShape(ttt, 2);
  await saveModel(buildNetwork(shape, { width: 16, blocks: 1 }, 5), dir, {
    format: MODEL_FORMAT,
    game: 'tictactoe',
    players: 2,
    encodingVersion: ttt.encodingVersion,
    observationSize: shape.observationSize,
    actionSize: shape.actionSize,
    network: { width: 16, blocks: 1 },
    createdAt: '2026-01-01T00:00:00.000Z',
  });
});

describe('neural agents from a saved model', () => {
  test('play only legal actions: deterministic at temperature 0, from the seeded RNG when sampling', async () => {
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

describe('the arena roster and trained models', () => {
  test('picks up each model folder for the ladder seat count as neural: and az: bots, skips others', async () => {
    const models = mkdtempSync(join(tmpdir(), 'agora-roster-'));
    const philadelphia = getGame('philadelphia');
    const save = async (name: string, players: number) => {
      const shape = networkShape(philadelphia, players);
      await saveModel(buildNetwork(shape, { width: 8, blocks: 1 }, 1), join(models, 'philadelphia', name), {
        format: MODEL_FORMAT,
        game: 'philadelphia',
        players,
        encodingVersion: philadelphia.encodingVersion,
        observationSize: shape.observationSize,
        actionSize: shape.actionSize,
        network: { width: 8, blocks: 1 },
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    };
    await save('two', philadelphia.defaultPlayers);
    await save('three', 3);
    const roster = rosterFor(philadelphia, models);
    const folder = join(models, 'philadelphia', 'two');
    expect(roster).toEqual([
      ...DEFAULT_ROSTER,
      `neural:${folder}`,
      `az:${folder},iterations=${ROSTER_AZ_ITERATIONS}`,
      `az:${folder},ms=${ROSTER_MS}`,
    ]);
    for (const spec of roster) expect(makeAgent(spec, philadelphia).name).toBe(spec);
    expect(modelSeats(`az:${join(models, 'philadelphia', 'three')},iterations=5`)).toBe(3);
    expect(modelSeats('mcts:iterations=5')).toBeUndefined();

    // Over HTTP: the bots register, and a match at a seat count the model was not trained for is refused up front.
    const app = await testArena({ modelsDir: models });
    try {
      const bot = await request(app)
        .post('/api/agents')
        .set('authorization', await accountKey(app, 'trainer'))
        .send({ game: 'philadelphia', spec: `neural:${join(models, 'philadelphia', 'three')}`, name: 'three seats' });
      expect(bot.status).toBe(201);
      const matchesBefore = (await app.arena.ctx.store.listMatches()).length;
      const refused = await request(app)
        .post('/api/matches')
        .send({ game: 'philadelphia', players: 2, opponents: [bot.body.id], seat: 0 });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(
        /'three seats' plays philadelphia with 3 players only; this match has 2/,
      );
      expect((await app.arena.ctx.store.listMatches()).length).toBe(matchesBefore);
    } finally {
      await app.arena.close();
    }
  });
});

describe('a policy exported from PyTorch (models/promotion/ppo-python, python/examples/ppo_selfplay_torch.py)', () => {
  const promotion = getGame('promotion');
  const folder = 'models/promotion/ppo-python';

  test('plays whole games of Promotion through neural:, legal moves only, one game per seed', async () => {
    const agents = [makeAgent(`neural:${folder}`, promotion), ...[1, 2, 3].map(() => makeAgent('random', promotion))];
    for (const seed of ['export:a', 'export:b']) {
      const game = await playMatch(promotion, agents, { seed });
      // playMatch applies every action through applyAction, which refuses an illegal one: the game ran to its end.
      expect(game.ranking).toHaveLength(4);
      expect(game.actions.length).toBeGreaterThan(10);
      expect((await playMatch(promotion, agents, { seed })).actions).toEqual(game.actions);
    }
  });

  test('joins the roster as its policy alone: no value head, so no az: bots, and az: refuses it', () => {
    const roster = rosterFor(promotion, 'models');
    expect(roster).toContain(`neural:${folder}`);
    expect(roster.filter((spec) => spec.includes(folder))).toEqual([`neural:${folder}`]);
    expect(roster).toContain(`az:models/promotion/az,iterations=${ROSTER_AZ_ITERATIONS}`);
    expect(() => makeAgent(`az:${folder}`, promotion)).toThrow(
      `the model ${folder} is a policy alone (exported, no value head), and az: searches with a value head`,
    );
  });
});
