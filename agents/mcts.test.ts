import { describe, expect, test } from 'vitest';
import { Rng, decisionContext, getGame, playNamed } from '../envs/index.js';
import { makeAgent, playMatch } from './index.js';

const ttt = getGame('tictactoe');
const decide = (spec: string, moves: string[], seed = 1) => {
  const state = playNamed(ttt.newGame({ players: 2, seed: 0 }), ...moves);
  const action = makeAgent(spec, ttt).act(decisionContext(ttt, state, Rng.fromSeed(seed))) as number;
  return state.actionToString(action);
};

describe('mcts on tic-tac-toe', () => {
  test('with 1000 iterations it never loses to random over 100 seeded games, seats alternating', async () => {
    let losses = 0;
    for (let i = 0; i < 100; i++) {
      const mctsSeat = i % 2;
      const agents = [makeAgent('random', ttt), makeAgent('random', ttt)];
      agents[mctsSeat] = makeAgent('mcts:iterations=1000', ttt);
      const result = await playMatch(ttt, agents, { seed: `vs-random:${i}` });
      if (result.ranking[mctsSeat] > result.ranking[1 - mctsSeat]) losses++;
    }
    expect(losses).toBe(0);
  });

  test('with 3000 iterations it draws against itself in 10 of 10 games', async () => {
    for (let i = 0; i < 10; i++) {
      const agents = [makeAgent('mcts:iterations=3000', ttt), makeAgent('mcts:iterations=3000', ttt)];
      const result = await playMatch(ttt, agents, { seed: `self:${i}` });
      expect(result.ranking).toEqual([0, 0]);
    }
  });

  test.each([1, 2, 3, 4, 5])('takes a one-move win (seed %i)', (seed) => {
    // X has (0,0) and (0,1); O has (1,0) and (1,1): X to move wins at (0,2), and must not block at (1,2).
    expect(decide('mcts:iterations=1000', ['x(0,0)', 'o(1,0)', 'x(0,1)', 'o(1,1)'], seed)).toBe('x(0,2)');
  });

  test.each([1, 2, 3, 4, 5])('blocks a one-move loss (seed %i)', (seed) => {
    // O threatens (1,0)-(1,1)-(1,2); X has no win of its own, so it must block at (1,2).
    expect(decide('mcts:iterations=1000', ['x(0,0)', 'o(1,1)', 'x(2,2)', 'o(1,0)'], seed)).toBe('x(1,2)');
  });

  test('greedy takes a one-move win', () => {
    expect(decide('greedy', ['x(0,0)', 'o(1,0)', 'x(0,1)', 'o(1,1)'])).toBe('x(0,2)');
  });

  test('a time budget runs until the clock says stop', () => {
    const state = ttt.newGame({ players: 2, seed: 0 });
    const agent = makeAgent('mcts:ms=30', ttt);
    const action = agent.act(decisionContext(ttt, state, Rng.fromSeed(1))) as number;
    expect(state.legalActions()).toContain(action);
  });

  test('bad options are refused', () => {
    expect(() => makeAgent('mcts:iterations=0', ttt)).toThrow(/iterations=0 must be an integer >= 1/);
    expect(() => makeAgent('mcts:rollout=smart', ttt)).toThrow(/rollout=smart must be one of random, greedy/);
    expect(() => makeAgent('greedy:worlds=-1', ttt)).toThrow(/worlds=-1/);
  });
});
