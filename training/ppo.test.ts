import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeAgent } from '../agents/index.js';
import { getGame } from '../envs/index.js';
import { metricsRows, ticTacToeScoreAgainstRandom } from './test-helpers.js';
import { defaultPpoConfig, initBackend, readMeta, trainPpo, type PpoConfig } from './index.js';

const ttt = getGame('tictactoe');

function tinyConfig(seed: string): PpoConfig {
  return {
    ...defaultPpoConfig(ttt, 2, seed),
    network: { width: 64, blocks: 1 },
    evalEvery: 1000,
    evalGames: 8,
    baselines: ['random'],
  };
}

beforeAll(async () => {
  await initBackend({ announce: false });
});

describe('PPO against past selves on tic-tac-toe', () => {
  test('improves the policy against random, checkpoints every update and resumes where it stopped', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'agora-ppo-')), 'ttt');
    await trainPpo(tinyConfig('ppo'), { out, minutes: 10, maxGenerations: 1, workers: 1 });
    const early = await ticTacToeScoreAgainstRandom(makeAgent(`neural:${out}`, ttt), 200, 'ppo-vs-random');
    const summary = await trainPpo(tinyConfig('ppo'), { out, minutes: 10, maxGenerations: 29, workers: 1 });
    expect(summary.generations).toBe(30);
    expect((await metricsRows(out)).map((r) => r.generation)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const r of await metricsRows(out))
      for (const k of ['policyLoss', 'valueLoss', 'entropy']) expect(Number.isFinite(r[k])).toBe(true);
    expect(existsSync(join(out, 'curves.svg'))).toBe(true);
    expect(readMeta(out, ttt).training as { algorithm: string; updates: number }).toMatchObject({
      algorithm: 'ppo',
      updates: 30,
    });
    const late = await ticTacToeScoreAgainstRandom(makeAgent(`neural:${out}`, ttt), 200, 'ppo-vs-random');
    expect(late).toBeGreaterThanOrEqual(0.7);
    expect(late - early).toBeGreaterThanOrEqual(0.1);
  }, 240_000);

  test('rollouts on 2 worker threads give the same run as rollouts in one thread', async () => {
    // 5 environments split 2 + 3; snapshots every 2 updates and a pool of 2, so one retires.
    const config: PpoConfig = {
      ...tinyConfig('ppo-workers'),
      envs: 5,
      rolloutLength: 16,
      snapshotEvery: 2,
      poolSize: 2,
    };
    const run = async (workers: number) => {
      const out = join(mkdtempSync(join(tmpdir(), 'agora-ppo-')), 'ttt');
      await trainPpo(config, { out, minutes: 10, maxGenerations: 5, workers });
      const rows = (await metricsRows(out)).map(({ time: _time, minutes: _minutes, ...row }) => row);
      return { rows, weights: readFileSync(join(out, 'checkpoint', 'current', 'weights.bin')) };
    };
    const one = await run(1);
    const two = await run(2);
    expect(one.rows).toHaveLength(5);
    expect(two.rows).toEqual(one.rows);
    expect(two.weights.equals(one.weights)).toBe(true);
  }, 120_000);
});
