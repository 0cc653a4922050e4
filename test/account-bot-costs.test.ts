/**
 * Accounts' bots are held to one cost rule (issue 33): the steps one decision may cost, whatever
 * the agent kind and its knobs. Every knob that moves the cost, set to the top of its range, is
 * refused with an error naming the cost, the limit and that knob; cheap specs pass; the operator's
 * AGORA_USER_BOT_COST moves the line.
 */
import { existsSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { agentKinds, agentKnobs, decisionCost, specNeedsModel } from '../agents/index.js';
import { GAMES, getGame } from '../envs/index.js';
import { operatorSettings, type ArenaApp } from '../arena/index.js';
import { accountKey, testArena } from './arena-helpers.js';

let app: ArenaApp;
let key: string;
let names = 0;
beforeAll(async () => {
  app = await testArena();
  key = await accountKey(app, 'ivy');
});
afterAll(async () => {
  await app.arena.close();
  await app.arena.ctx.store.close();
});

const register = (game: string, spec: string, on: ArenaApp = app, as = key) =>
  request(on)
    .post('/api/agents')
    .set('authorization', as)
    .send({ game, spec, name: `bot ${++names}` });

/** kind:knob=value (model kinds play the game's shipped model). */
const specOf = (kind: string, game: string, knob: string, value: string | number) =>
  `${kind}:${[...(specNeedsModel(kind) ? [`models/${game}/az`] : []), `${knob}=${value}`].join(',')}`;

/** Every knob that moves the cost, at the top of its range (or its costliest word), in the game where it costs most. */
const costly = agentKinds().flatMap((kind) =>
  Object.entries(agentKnobs(kind))
    .filter(([, knob]) => knob.cost === 'scales')
    .map(([name, knob]) => {
      const values = knob.type === 'choice' ? knob.values : [knob.max];
      // Model kinds are walked over the games that ship a model (Kuhn and Leduc ship none).
      const games = Object.keys(GAMES).filter(
        (game) => !specNeedsModel(kind) || existsSync(`models/${game}/az/meta.json`),
      );
      const tries = games.flatMap((game) => values.map((v) => ({ game, spec: specOf(kind, game, name, v) })));
      const worst = tries.reduce((a, b) =>
        decisionCost(b.spec, getGame(b.game)).steps > decisionCost(a.spec, getGame(a.game)).steps ? b : a,
      );
      return [kind, name, worst.game, worst.spec] as const;
    }),
);

describe('one cost rule for accounts’ bots', () => {
  test('every costly knob of every kind is in the walk', () => {
    expect(costly.map(([kind, knob]) => `${kind}.${knob}`)).toEqual(
      expect.arrayContaining(['greedy.worlds', 'greedy.settle', 'mcts.iterations', 'mcts.ms', 'mcts.cutoff']),
    );
  });

  test.each(costly)('%s %s at its top is refused (%s: %s), naming the cost, the limit and the knob', async (...c) => {
    const [, knob, game, spec] = c;
    const res = await register(game, spec);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_agent_spec');
    expect(res.body.error.message).toMatch(
      new RegExp(
        `one decision costs up to [0-9,]+ steps in ${game}; a bot registered by an account may cost at most ` +
          `60,000 \\(AGORA_USER_BOT_COST\\): lower (\\w+ or )*${knob}\\b`,
      ),
    );
  });

  test.each([
    ['perikles', 'greedy:worlds=10000,settle=100000'],
    ['perikles', 'mcts:iterations=5000,rollout=greedy,cutoff=1000000'],
  ])('the hogs of the issue are refused (%s, %s)', async (game, spec) => {
    const res = await register(game, spec);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/may cost at most 60,000/);
  });

  test.each([
    ['tictactoe', 'greedy'],
    ['perikles', 'greedy:worlds=4'],
    ['perikles', 'mcts:iterations=500,cutoff=30'],
    ['perikles', 'mcts:ms=500'],
    ['tictactoe', 'neural:models/tictactoe/az'],
    ['promotion', 'az:models/promotion/az,iterations=20'],
  ])('a cheap bot is registered (%s, %s)', async (game, spec) => {
    expect((await register(game, spec)).status).toBe(201);
  });

  test("the operator's AGORA_USER_BOT_COST moves the line", async () => {
    const roomy = await testArena({ userBots: { cost: 1_000_000 } });
    try {
      const mine = await accountKey(roomy, 'jay');
      expect((await register('perikles', 'mcts:ms=5000', roomy, mine)).status).toBe(201);
      const over = await register('perikles', 'mcts:ms=20000', roomy, mine);
      expect(over.body.error.message).toMatch(/costs up to 2,000,000 steps .* at most 1,000,000 .*: lower ms$/);
    } finally {
      await roomy.arena.close();
      await roomy.arena.ctx.store.close();
    }
  });
});

describe('operator settings of the cost rule and the fair tournaments', () => {
  test('AGORA_USER_BOT_COST and AGORA_TOURNAMENT_GAMES_AT_ONCE are read; the old iteration limit stops a start', () => {
    expect(operatorSettings({ AGORA_USER_BOT_COST: '250000', AGORA_TOURNAMENT_GAMES_AT_ONCE: '6' })).toMatchObject({
      userBots: { cost: 250_000 },
      tournamentGamesAtOnce: 6,
    });
    expect(() => operatorSettings({ AGORA_USER_BOT_ITERATIONS: '5000' })).toThrow(
      /AGORA_USER_BOT_ITERATIONS is no longer read: .* AGORA_USER_BOT_COST/,
    );
    expect(() => operatorSettings({ AGORA_USER_BOT_COST: '1e6' })).toThrow(
      /AGORA_USER_BOT_COST: must be a positive integer; got '1e6'/,
    );
  });
});
