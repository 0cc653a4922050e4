import { describe, expect, test } from 'vitest';
import { fillSeats, splitAgentList } from './spec.js';

const flags = { list: '--agents', others: '--others' };

describe('fillSeats: a list for the first seats and a default for the rest', () => {
  test('the listed agents take the first seats, the default every other', () => {
    expect(fillSeats(['neural:models/promotion/az'], 'random', 4, flags)).toEqual([
      'neural:models/promotion/az',
      'random',
      'random',
      'random',
    ]);
    expect(fillSeats(splitAgentList('mcts:iterations=8,c=1;greedy'), 'random', 3, flags)).toEqual([
      'mcts:iterations=8,c=1',
      'greedy',
      'random',
    ]);
    expect(fillSeats([], 'mcts:iterations=8,c=1', 2, flags)).toEqual([
      'mcts:iterations=8,c=1',
      'mcts:iterations=8,c=1',
    ]);
  });

  test('refuses a list that fills every seat already, and a default of more than one agent', () => {
    expect(() => fillSeats(['random', 'greedy'], 'random', 2, flags)).toThrow(
      /--agents already names 2 agents for 2 seats; --others fills the seats after the listed ones/,
    );
    expect(() => fillSeats(['random'], 'random,greedy', 4, flags)).toThrow(
      /--others takes one agent spec, the one for every seat --agents leaves out; got 'random,greedy'/,
    );
  });
});
