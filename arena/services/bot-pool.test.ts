import { afterEach, describe, expect, test } from 'vitest';
import { getGame } from '../../envs/index.js';
import { BotPool, type BotAnswer } from './bot-pool.js';

const position = () => getGame('tictactoe').newGame({ players: 2, seed: 's' });
// greedy decides on a thread (random would decide inline and never reach the pool).
const ask = (pool: BotPool, key: string, spec: string, budgetMs = 10_000) =>
  pool.decide({
    key,
    budgetMs,
    game: 'tictactoe',
    spec,
    seed: `${key}:seed`,
    match: { seed: 's', players: 2, actions: [] },
    state: position(),
  });

let pool: BotPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('BotPool', () => {
  test('serves waiting requests round-robin over their keys, so one match cannot hold the others back', async () => {
    pool = new BotPool(1);
    const order: string[] = [];
    const requests = [
      ['a', 1],
      ['a', 2],
      ['a', 3],
      ['b', 1],
    ] as const;
    await Promise.all(requests.map(([key, n]) => ask(pool!, key, 'greedy').then(() => order.push(`${key}${n}`))));
    // FIFO would give a1 a2 a3 b1: b waits behind every request of a.
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  test('a decision past its budget answers overrun, and the replaced thread serves the next request', async () => {
    pool = new BotPool(1);
    const started = performance.now();
    const slow: BotAnswer = await ask(pool, 'hog', 'mcts:iterations=10000000', 50);
    expect(slow).toEqual({ overrun: true });
    expect(performance.now() - started).toBeLessThan(60_000); // it did not run its ten million iterations
    const next = await ask(pool, 'other', 'greedy');
    expect(next.overrun).toBe(false);
    expect(pool.queued).toBe(0);
  });

  test('a bot that fails rejects with its error; a closed pool refuses new requests', async () => {
    pool = new BotPool(1);
    await expect(ask(pool, 'k', 'mcts:nonsense=1')).rejects.toThrow(
      /bot mcts:nonsense=1 failed: .*unknown option nonsense/,
    );
    await pool.close();
    await expect(ask(pool, 'k', 'greedy')).rejects.toThrow(/closed/);
  });
});
