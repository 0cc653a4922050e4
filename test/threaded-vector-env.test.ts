/**
 * The threaded vector env against the synchronous one: same seeds, same actions, the same numbers
 * in every returned array; bad batches refused before any thread moves; threads gone after close().
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { makeAgent } from '../agents/index.js';
import {
  IllegalActionError,
  Rng,
  ThreadedVectorEnv,
  getGame,
  makeVectorEnv,
  type Agent,
  type AutoresetMode,
  type VectorEnv,
} from '../envs/index.js';
import { snapshot, trajectory } from './vector-trajectory.js';

const opened: VectorEnv[] = [];
afterAll(() => Promise.all(opened.map((e) => e.close())));

function open(game: string, workers: number, mode: AutoresetMode, extra: { maxEpisodeSteps?: number } = {}) {
  const env = makeVectorEnv(game, {
    num: 6,
    workers,
    opponents: makeAgent('random', getGame(game)),
    seed: `threads:${game}`,
    autoresetMode: mode,
    ...extra,
  });
  opened.push(env);
  return env;
}

function osThreads(): number {
  return Number(/Threads:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]);
}

describe('ThreadedVectorEnv', () => {
  for (const [game, mode, steps] of [
    ['perikles', 'next-step', 60],
    ['philadelphia', 'same-step', 120],
  ] as const) {
    test(`${game}, ${mode}: 1 and 2 worker threads return exactly what the synchronous env returns`, () => {
      const sync = trajectory(open(game, 0, mode, { maxEpisodeSteps: 40 }), steps);
      expect(trajectory(open(game, 1, mode, { maxEpisodeSteps: 40 }), steps)).toEqual(sync);
      expect(trajectory(open(game, 2, mode, { maxEpisodeSteps: 40 }), steps)).toEqual(sync);
    });
  }

  test('a bad batch is refused before any thread moves; the run then goes on as if it never came', () => {
    const sync = open('promotion', 0, 'next-step');
    const threaded = open('promotion', 2, 'next-step');
    const rng = [Rng.fromSeed('bad'), Rng.fromSeed('bad')];
    const outs = [sync.reset(), threaded.reset()];
    for (let t = 0; t < 5; t++) {
      const actions = threaded.actionSpace.sample(rng[1], outs[1].actionMasks);
      const bad = Int32Array.from(actions);
      bad[4] = bad[4] === 0 ? 1 : 0;
      const legal = outs[1].actionMasks[4 * threaded.game.actionSize + bad[4]] === 1;
      if (!legal) expect(() => threaded.step(bad)).toThrow(IllegalActionError);
      expect(() => threaded.step([1, 2])).toThrow(/step needs 6 actions, one per env; got 2/);
      outs[0] = sync.step(sync.actionSpace.sample(rng[0], outs[0].actionMasks));
      outs[1] = threaded.step(actions);
      expect(snapshot(outs[1])).toEqual(snapshot(outs[0]));
    }
  });

  test('opponents a thread cannot rebuild are refused, naming the agent and the way out', () => {
    const handMade: Agent = { name: 'my-agent', act: (ctx) => ctx.legalActions[0] };
    expect(() => makeVectorEnv('tictactoe', { num: 2, workers: 1, opponents: handMade })).toThrow(
      /opponent 'my-agent' cannot be rebuilt in a worker thread.*makeAgent.*workers: 0/,
    );
    const ttt = getGame('tictactoe');
    expect(() => new ThreadedVectorEnv(ttt, { num: 2, workers: 3, opponents: makeAgent('random', ttt) })).toThrow(
      /workers must be an integer 1..num \(2\); got 3/,
    );
  });

  test("an opponent's failure inside a thread is reported with its message", () => {
    const broken: Agent = {
      name: 'broken',
      act: () => 0,
      recipe: { module: new URL('./failing-agent.ts', import.meta.url).href, export: 'makeFailing', args: 7 },
    };
    const env = makeVectorEnv('tictactoe', { num: 2, workers: 1, opponents: broken, seat: 0 });
    opened.push(env);
    const out = env.reset();
    expect(() => env.step(env.actionSpace.sample(Rng.fromSeed(1), out.actionMasks))).toThrow(
      /vector env worker 0: tictactoe: agent 'failing-7' at seat 1 chose 99, which is not one of the legal/,
    );
  });

  test('close() ends every thread; a closed env refuses calls', async () => {
    const before = osThreads();
    const env = open('tictactoe', 2, 'next-step');
    env.reset();
    expect(osThreads()).toBeGreaterThanOrEqual(before + 2);
    await env.close();
    expect(osThreads()).toBe(before);
    expect(() => env.reset()).toThrow(/closed/);
  });
});
