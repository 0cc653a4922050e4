import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { makeAgent } from '../agents/index.js';
import { getGame } from '../envs/index.js';
import { metricsRows, ticTacToeScoreAgainstRandom } from './test-helpers.js';
import { hashSeed } from './expert-iteration.js';
import {
  MODEL_FORMAT,
  buildNetwork,
  defaultAzConfig,
  initBackend,
  networkShape,
  readMeta,
  saveModel,
  trainExpertIteration,
  type AzConfig,
} from './index.js';

const ttt = getGame('tictactoe');

function tinyConfig(seed: string): AzConfig {
  return {
    ...defaultAzConfig(ttt, 2, seed),
    network: { width: 32, blocks: 1 },
    iterations: 32,
    gamesPerGeneration: 32,
    batchSize: 64,
    replayRatio: 8,
    learningRate: 3e-3,
    gateGames: 16,
    evalEvery: 100,
    evalGames: 8,
    baselines: ['random'],
    policyBaselines: ['random'],
  };
}

beforeAll(async () => {
  await initBackend({ announce: false });
});

describe('expert iteration on tic-tac-toe', () => {
  test('learns a policy beating random (network alone, no search); writes model, meta, metrics, curves', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'agora-az-train-')), 'ttt');
    const summary = await trainExpertIteration(tinyConfig('learn'), {
      out,
      minutes: 10,
      maxGenerations: 20,
      workers: 2,
    });
    expect(summary.generations).toBe(20);
    for (const file of ['model.json', 'weights.bin', 'meta.json', 'metrics.jsonl', 'curves.svg'])
      expect(existsSync(join(out, file))).toBe(true);
    const meta = readMeta(out, ttt);
    expect(meta.players).toBe(2);
    expect((meta.training as { algorithm: string }).algorithm).toBe('az');
    expect(await metricsRows(out)).toHaveLength(20);
    expect(readFileSync(join(out, 'curves.svg'), 'utf8')).toMatch(
      /^<svg[\s\S]*policyLoss[\s\S]*vs random[\s\S]*<\/svg>\n$/,
    );

    // The untrained network of the same run (generation 0) against the trained one, 200 games each.
    const config = tinyConfig('learn');
    const shape = networkShape(ttt, 2);
    const initial = join(out, '..', 'untrained');
    await saveModel(buildNetwork(shape, config.network, hashSeed(config.seed)), initial, {
      format: MODEL_FORMAT,
      game: 'tictactoe',
      players: 2,
      encodingVersion: ttt.encodingVersion,
      observationSize: shape.observationSize,
      actionSize: shape.actionSize,
      network: config.network,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const untrained = await ticTacToeScoreAgainstRandom(makeAgent(`neural:${initial}`, ttt), 200, 'vs-random');
    const trained = await ticTacToeScoreAgainstRandom(makeAgent(`neural:${out}`, ttt), 200, 'vs-random');
    expect(trained).toBeGreaterThanOrEqual(0.75);
    expect(trained - untrained).toBeGreaterThanOrEqual(0.15);
  }, 240_000);

  test('a run stopped after 2 generations and resumed for 1 ends exactly where 3 uninterrupted ones end', async () => {
    const base = mkdtempSync(join(tmpdir(), 'agora-az-resume-'));
    const straight = join(base, 'straight');
    const resumed = join(base, 'resumed');
    await trainExpertIteration(tinyConfig('resume'), { out: straight, minutes: 10, maxGenerations: 3, workers: 2 });
    await trainExpertIteration(tinyConfig('resume'), { out: resumed, minutes: 10, maxGenerations: 2, workers: 2 });
    const summary = await trainExpertIteration(tinyConfig('resume'), {
      out: resumed,
      minutes: 10,
      maxGenerations: 1,
      workers: 2,
    });
    expect(summary.generations).toBe(3);
    // Wall-clock fields differ, and a run evaluates at its last generation, so the interrupted run
    // has one more evaluation.
    // Adam's restored state recomputes beta^t with pow where the live optimiser multiplies step by step,
    // so losses and weights agree to float rounding (~1e-8), everything discrete exactly.
    const losses = ['policyLoss', 'valueLoss', 'entropy'];
    const strip = (r: Record<string, unknown>) => ({
      ...r,
      time: undefined,
      minutes: undefined,
      eval: undefined,
      policyEval: undefined,
      ...Object.fromEntries(losses.map((k) => [k, undefined])),
    });
    const a = await metricsRows(resumed);
    const b = await metricsRows(straight);
    expect(a.map(strip)).toEqual(b.map(strip));
    a.forEach((row, i) => losses.forEach((k) => expect(row[k] as number).toBeCloseTo(b[i][k] as number, 5)));
    const weights = (dir: string) => {
      const bytes = readFileSync(join(dir, 'checkpoint', 'candidate', 'weights.bin'));
      return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    };
    const wa = weights(resumed);
    const wb = weights(straight);
    expect(wa.length).toBe(wb.length);
    let worst = 0;
    for (let i = 0; i < wa.length; i++) worst = Math.max(worst, Math.abs(wa[i] - wb[i]));
    expect(worst).toBeLessThan(1e-5);
  }, 240_000);

  test('a checkpoint of another game or algorithm is refused with a clear error', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'agora-az-mismatch-')), 'run');
    await trainExpertIteration(tinyConfig('mismatch'), { out, minutes: 10, maxGenerations: 1, workers: 1 });
    const promotion = getGame('promotion');
    await expect(
      trainExpertIteration(defaultAzConfig(promotion, 4, 'x'), { out, minutes: 1, maxGenerations: 1 }),
    ).rejects.toThrow(/holds a run for tictactoe with 2 players; use another --out or --fresh/);
    const { trainPpo, defaultPpoConfig } = await import('./index.js');
    await expect(trainPpo(defaultPpoConfig(ttt, 2, 'x'), { out, minutes: 1, maxGenerations: 1 })).rejects.toThrow(
      /holds a az run; use --algo az or --fresh/,
    );
  }, 120_000);
});
