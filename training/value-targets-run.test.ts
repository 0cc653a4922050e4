import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadPolicyFolder } from '../agents/index.js';
import { getGame } from '../envs/index.js';
import {
  MODEL_FORMAT,
  buildNetwork,
  defaultAzConfig,
  initBackend,
  loadModel,
  networkShape,
  readMeta,
  saveModel,
  trainExpertIteration,
  type AzConfig,
} from './index.js';
import { hashSeed } from './expert-iteration.js';
import { metricsRows } from './test-helpers.js';

const ttt = getGame('tictactoe');
const network = { width: 16, blocks: 1 };

function config(seed: string, extra: Partial<AzConfig>): AzConfig {
  return {
    ...defaultAzConfig(ttt, 2, seed),
    network,
    iterations: 8,
    gamesPerGeneration: 4,
    batchSize: 32,
    gateGames: 2,
    evalEvery: 100,
    evalGames: 2,
    baselines: ['random'],
    policyBaselines: ['random'],
    ...extra,
  };
}

const layerWeights = (dir: string, layer: string) => {
  const { model } = loadModel(dir, ttt);
  const out = model
    .getLayer(layer)
    .getWeights()
    .map((w) => Array.from(w.dataSync()));
  model.dispose();
  return out;
};

beforeAll(async () => {
  await initBackend({ announce: false });
});

describe('expert iteration with value targets', () => {
  test('--score-weight and --value-mix: the head is built, trained, checkpointed, resumed and published', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'agora-values-run-')), 'run');
    const initial = config('values', { scoreWeight: 0.5, valueTargetMix: 0.5 });
    await trainExpertIteration(initial, { out, minutes: 10, maxGenerations: 1, workers: 1 });
    const state = JSON.parse(readFileSync(join(out, 'checkpoint', 'state.json'), 'utf8'));
    expect(state.config).toMatchObject({ scoreWeight: 0.5, valueTargetMix: 0.5, scoreScale: 1 });
    expect(state.config.network).toEqual({ ...network, scoreHead: true });
    const summary = await trainExpertIteration(initial, { out, minutes: 10, maxGenerations: 1, workers: 1 });
    expect(summary.generations).toBe(2);
    const rows = await metricsRows(out);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(typeof row.scoreLoss).toBe('number');
    expect(readFileSync(join(out, 'curves.svg'), 'utf8')).toContain('scoreLoss (');
    const meta = readMeta(out, ttt);
    expect(meta.network).toEqual({ ...network, scoreHead: true });
    expect(meta.training).toMatchObject({ config: { scoreWeight: 0.5, valueTargetMix: 0.5, scoreScale: 1 } });
    // The published model plays (its head ignored) and loads for training with its head.
    expect(loadPolicyFolder(out, ttt).evaluate(ttt.newGame({ players: 2, seed: 0 }).observation(0)).value).toHaveLength(
      2,
    );
    expect(layerWeights(join(out, 'checkpoint', 'candidate'), 'score')[1]).toHaveLength(2);
  }, 240_000);

  test('without the new fields a run is as before: no head, no score loss, no new config fields', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'agora-values-plain-')), 'run');
    await trainExpertIteration(config('plain', {}), { out, minutes: 10, maxGenerations: 1, workers: 1 });
    const meta = readMeta(out, ttt);
    expect(meta.network).toEqual(network);
    expect(Object.keys(meta.training as object)).not.toContain('scoreScale');
    const training = meta.training as { config: Record<string, unknown> };
    for (const field of ['scoreWeight', 'valueTargetMix', 'scoreScale'])
      expect(training.config).not.toHaveProperty(field);
    const [row] = await metricsRows(out);
    expect(row).not.toHaveProperty('scoreLoss');
    expect(readFileSync(join(out, 'curves.svg'), 'utf8')).not.toContain('scoreLoss');
  }, 240_000);

  test('--init from a model without the head: its layers carried over, the head built fresh', async () => {
    const base = mkdtempSync(join(tmpdir(), 'agora-values-init-'));
    const source = join(base, 'source');
    const shape = networkShape(ttt, 2);
    await saveModel(buildNetwork(shape, network, 77), source, {
      format: MODEL_FORMAT,
      game: 'tictactoe',
      players: 2,
      encodingVersion: ttt.encodingVersion,
      observationSize: shape.observationSize,
      actionSize: shape.actionSize,
      network,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const out = join(base, 'run');
    // Learning rate 0: the candidate after a generation still holds the weights the run started from.
    await trainExpertIteration(config('init', { scoreWeight: 1, learningRate: 0 }), {
      out,
      minutes: 10,
      maxGenerations: 1,
      workers: 1,
      init: source,
    });
    const start = join(out, 'checkpoint', 'candidate');
    for (const layer of ['stem', 'block0_dense1', 'policy', 'value'])
      expect(layerWeights(start, layer)).toEqual(layerWeights(source, layer));
    expect(readMeta(start).network).toEqual({ ...network, scoreHead: true });
    // The head is the run's own freshly built one (seeded by the run's seed).
    const fresh = buildNetwork(shape, { ...network, scoreHead: true }, hashSeed('init'));
    expect(layerWeights(start, 'score')).toEqual(
      fresh
        .getLayer('score')
        .getWeights()
        .map((w) => Array.from(w.dataSync())),
    );
  }, 240_000);
});
