import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { ModelVersionError, getGame } from '../envs/index.js';
import type { tf } from './backend.js';
import { initBackend } from './backend.js';
import {
  loadModel,
  saveModel,
  writePolicyDefaults,
  writeSearchDefaults,
  MODEL_FORMAT,
  type ModelMeta,
} from './model-io.js';
import { buildNetwork, evaluateOne, maskedSoftmax, networkShape } from './network.js';

const ttt = getGame('tictactoe');
const shape = networkShape(ttt, 2);
const config = { width: 32, blocks: 1 };
const meta = (): ModelMeta => ({
  format: MODEL_FORMAT,
  game: 'tictactoe',
  players: 2,
  encodingVersion: ttt.encodingVersion,
  observationSize: shape.observationSize,
  actionSize: shape.actionSize,
  network: config,
  createdAt: '2026-01-01T00:00:00.000Z',
});

beforeAll(async () => {
  await initBackend({ announce: false });
});

describe('policy-value network', () => {
  test('outputs one logit per action and one value in [-1, 1] per seat', () => {
    const model = buildNetwork(shape, config, 1);
    const obs = ttt.newGame({ players: 2, seed: 0 }).observation(0);
    const { logits, value } = evaluateOne(model, obs);
    expect(logits).toHaveLength(9);
    expect(value).toHaveLength(2);
    for (const v of value) expect(Math.abs(v)).toBeLessThanOrEqual(1);
    model.dispose();
  });

  test('masking gives illegal actions probability exactly 0 and the rest sums to 1', () => {
    const p = maskedSoftmax([5, 1, 9, -2], [1, 3]);
    expect(p[0]).toBe(0);
    expect(p[2]).toBe(0);
    expect(p[1] + p[3]).toBeCloseTo(1, 12);
    expect(p[1]).toBeCloseTo(Math.exp(1) / (Math.exp(1) + Math.exp(-2)), 12);
    const cold = maskedSoftmax([5, 1, 9, -2], [1, 3], 0.01);
    expect(cold[1]).toBeCloseTo(1, 9);
  });

  test('the same seed builds the same weights', () => {
    const a = buildNetwork(shape, config, 7);
    const b = buildNetwork(shape, config, 7);
    expect(a.getWeights()[0].dataSync()).toEqual(b.getWeights()[0].dataSync());
    a.dispose();
    b.dispose();
  });
});

describe('saving and loading models', () => {
  async function saved(): Promise<{ dir: string; model: tf.LayersModel }> {
    const dir = join(mkdtempSync(join(tmpdir(), 'agora-model-')), 'm');
    const model = buildNetwork(shape, config, 3);
    await saveModel(model, dir, meta());
    return { dir, model };
  }

  test('a round trip gives identical outputs', async () => {
    const { dir, model } = await saved();
    const { model: loaded, meta: m } = loadModel(dir, ttt);
    expect(m.game).toBe('tictactoe');
    const obs = ttt.newGame({ players: 2, seed: 0 }).observation(0);
    expect(evaluateOne(loaded, obs)).toEqual(evaluateOne(model, obs));
    const manifest = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8'));
    expect(manifest.weightsManifest[0].paths).toEqual(['weights.bin']);
  });

  test('a model for another game or encoding version is refused with a clear error', async () => {
    const { dir } = await saved();
    expect(() => loadModel(dir, getGame('promotion'))).toThrow(ModelVersionError);
    expect(() => loadModel(dir, getGame('promotion'))).toThrow(/trained for tictactoe, not promotion/);
    writeFileSync(join(dir, 'meta.json'), JSON.stringify({ ...meta(), encodingVersion: 99 }));
    expect(() => loadModel(dir, ttt)).toThrow(/expects tictactoe observation encoding v99; this build encodes v1/);
  });

  test.each([
    [
      'truncated weights',
      (dir: string) => writeFileSync(join(dir, 'weights.bin'), readFileSync(join(dir, 'weights.bin')).subarray(0, 100)),
      /weights.bin has 100 bytes; the manifest needs/,
    ],
    [
      'corrupt model.json',
      (dir: string) => writeFileSync(join(dir, 'model.json'), '{"weightsMan'),
      /model.json is not valid JSON/,
    ],
    [
      'corrupt meta.json',
      (dir: string) => writeFileSync(join(dir, 'meta.json'), '{"format": "agora-model-1"}'),
      /meta.json is malformed: game/,
    ],
    [
      'NaN weights',
      (dir: string) => {
        const bytes = readFileSync(join(dir, 'weights.bin'));
        new Float32Array(bytes.buffer, bytes.byteOffset, 1)[0] = Number.NaN;
        writeFileSync(join(dir, 'weights.bin'), bytes);
      },
      /holds a non-finite value/,
    ],
  ])('%s gives a clear error', async (_name, damage, message) => {
    const { dir } = await saved();
    damage(dir);
    expect(() => loadModel(dir, ttt)).toThrow(message);
  });
});

describe('search defaults in meta.json', () => {
  test('are written beside every other field, kept even when this build does not know them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-search-'));
    await saveModel(buildNetwork(shape, config, 1), dir, meta());
    const raw = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    writeFileSync(join(dir, 'meta.json'), JSON.stringify({ ...raw, notes: 'from a later build' }));
    const weights = readFileSync(join(dir, 'weights.bin'));
    const written = writeSearchDefaults(dir, { c: 0.75, chosenBy: { games: 240 } });
    expect(written.search).toEqual({ c: 0.75, chosenBy: { games: 240 } });
    expect(JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'))).toEqual({
      ...raw,
      notes: 'from a later build',
      search: { c: 0.75, chosenBy: { games: 240 } },
    });
    expect(readFileSync(join(dir, 'weights.bin')).equals(weights)).toBe(true);
    expect(loadModel(dir, ttt).meta.search?.c).toBe(0.75);
  });

  test('an out-of-range value is refused and the file is left as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-search-'));
    await saveModel(buildNetwork(shape, config, 1), dir, meta());
    const before = readFileSync(join(dir, 'meta.json'), 'utf8');
    expect(() => writeSearchDefaults(dir, { c: -1 })).toThrow(
      /search defaults refused: search\.c: Too small: expected number to be >=0/,
    );
    expect(() => writeSearchDefaults(dir, { c: 1, mix: 2 })).toThrow(
      /search defaults refused: search\.mix: Too big: expected number to be <=1/,
    );
    expect(readFileSync(join(dir, 'meta.json'), 'utf8')).toBe(before);
  });

  test("the policy's temperature is written the same way, and a negative one is refused", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-policy-'));
    await saveModel(buildNetwork(shape, config, 1), dir, meta());
    const before = readFileSync(join(dir, 'meta.json'), 'utf8');
    expect(() => writePolicyDefaults(dir, { temperature: -1 })).toThrow(
      /policy defaults refused: policy\.temperature: Too small: expected number to be >=0/,
    );
    expect(readFileSync(join(dir, 'meta.json'), 'utf8')).toBe(before);
    writePolicyDefaults(dir, { temperature: 1, chosenBy: { games: 400 } });
    expect(JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'))).toEqual({
      ...JSON.parse(before),
      policy: { temperature: 1, chosenBy: { games: 400 } },
    });
    expect(loadModel(dir, ttt).meta.policy?.temperature).toBe(1);
  });
});
