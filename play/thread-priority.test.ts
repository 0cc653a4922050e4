/**
 * Background threads run at a lower priority than the thread answering requests: the nice value
 * lands on the worker threads alone (read back from /proc, as the scheduler sees it), never on the
 * main thread. Linux keeps priorities per thread; CI runs on Linux.
 */
import { getPriority } from 'node:os';
import { describe, expect, test } from 'vitest';
import { checkNice, GameThreadPool, playOnWorkers } from './index.js';
import { threadsAtNice, threadNices } from '../test/thread-nices.js';

describe('thread priority', () => {
  test('game threads run at the pool’s nice value; the default leaves them at the process’s', async () => {
    const job = (index: number) => ({ index, game: 'tictactoe', seats: ['random', 'random'], seed: `nice-${index}` });
    const base = threadsAtNice(11);
    const pool = new GameThreadPool({ threads: 2, nice: 11 });
    try {
      const results = await Promise.all([pool.play(job(0)), pool.play(job(1))]);
      expect(results.map((r) => r.returns.length)).toEqual([2, 2]);
      // Both threads stay loaded after their games: both run at nice 11.
      expect(threadsAtNice(11) - base).toBe(2);
      expect(threadNices().get(process.pid)).toBe(getPriority(process.pid));
    } finally {
      await pool.close();
    }
    let seen = -1;
    await playOnWorkers([job(2)], { threads: 1, onResult: () => (seen = threadsAtNice(11) - base) });
    expect(seen).toBe(0);
    let niced = -1;
    await playOnWorkers([job(3)], { threads: 1, nice: 11, onResult: () => (niced = threadsAtNice(11) - base) });
    expect(niced).toBe(1);
  });

  test('nice values outside 0-19 are refused, naming what is allowed', () => {
    expect(checkNice(0)).toBe(0);
    expect(checkNice(19)).toBe(19);
    for (const bad of [-1, 20, 2.5, Number.NaN]) {
      expect(() => checkNice(bad)).toThrow(`nice: an integer from 0 (normal priority) to 19 (lowest); got ${bad}`);
    }
    expect(() => new GameThreadPool({ nice: 25 })).toThrow(/nice: an integer from 0/);
  });
});
