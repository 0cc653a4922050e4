import { afterEach, describe, expect, test } from 'vitest';
import { getGame } from '../../envs/index.js';
import { BotPool, type BotAnswer } from './bot-pool.js';

const position = () => getGame('tictactoe').newGame({ players: 2, seed: 's' });
// greedy decides on a thread (random would decide inline and never reach the pool).
const ask = (pool: BotPool, key: string, spec: string, budgetMs = 10_000, owner?: string) =>
  pool.decide({
    key,
    ...(owner !== undefined ? { owner } : {}),
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
  test('a match with a backlog does not hold another back: each match playing the roster is an owner', async () => {
    pool = new BotPool(1);
    const order: string[] = [];
    const requests = [
      ['a', 1],
      ['a', 2],
      ['a', 3],
      ['b', 1],
    ] as const;
    await Promise.all(requests.map(([key, n]) => ask(pool!, key, 'greedy').then(() => order.push(`${key}${n}`))));
    // FIFO would give a1 a2 a3 b1: b waits behind every request of a. Match b, not served yet, goes next.
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  test("owner first: one account's bots in many matches get one share of the threads, not one per match", async () => {
    pool = new BotPool(1);
    const order: string[] = [];
    const requests = [
      ['m1', 'hoarder'],
      ['m2', 'hoarder'],
      ['m3', 'hoarder'],
      ['n1', 'other'],
    ] as const;
    await Promise.all(
      requests.map(([key, owner]) => ask(pool!, key, 'greedy', 10_000, owner).then(() => order.push(key))),
    );
    // Round-robin over matches would serve m2 and m3 before n1.
    expect(order).toEqual(['m1', 'n1', 'm2', 'm3']);
  });

  test("owners share thread time, not turns: a cheap bot's owner goes before a slow one's next decision", async () => {
    pool = new BotPool(1);
    const order: string[] = [];
    const slow = ['s1', 's2', 's3', 's4'].map((key) =>
      ask(pool!, key, 'mcts:iterations=20000', 60_000, 'slow').then(() => order.push(key)),
    );
    const quick = ['q1', 'q2', 'q3', 'q4'].map((key) =>
      ask(pool!, key, 'greedy', 10_000, 'quick').then(() => order.push(key)),
    );
    await Promise.all([...slow, ...quick]);
    // Taking turns would give s1 q1 s2 q2 ...: after s1's long search the quick owner has used the
    // least time until its four decisions are done.
    expect(order).toEqual(['s1', 'q1', 'q2', 'q3', 'q4', 's2', 's3', 's4']);
  });

  test("a match's next decision keeps the thread it just used for a moment, ahead of a costly owner", async () => {
    pool = new BotPool(1);
    const order: string[] = [];
    const costly = (key: string) =>
      ask(pool!, key, 'mcts:iterations=20000', 60_000, 'costly').then(() => order.push(key));
    const first = costly('h0');
    const second = costly('h1');
    // A person's move answered by two cheap decisions in a row, as a match's bot seats ask.
    const cheap = ask(pool, 'c', 'greedy', 10_000, 'cheap')
      .then(() => order.push('c1'))
      .then(() => ask(pool!, 'c', 'greedy', 10_000, 'cheap'))
      .then(() => order.push('c2'));
    await Promise.all([first, second, cheap]);
    // Without the pause the thread would go to h1 between c1 and c2.
    expect(order).toEqual(['h0', 'c1', 'c2', 'h1']);
  });

  test('a decision past its budget answers overrun, and the replaced thread serves the next request', async () => {
    pool = new BotPool(1);
    const started = performance.now();
    const slow: BotAnswer = await ask(pool, 'hog', 'mcts:iterations=10000000', 50);
    expect(slow).toEqual({ overrun: true });
    expect(performance.now() - started).toBeLessThan(60_000); // it did not run its ten million iterations
    // Its thread is being terminated, and a loaded spare is on its way: the next decision does not
    // wait for a new thread to start (seconds on a busy machine).
    expect(pool.liveThreads).toBe(1);
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
