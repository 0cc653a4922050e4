import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGame, ModelVersionError, Rng } from '../envs/index.js';
import { initBackend } from './backend.js';
import { loadModel, readMeta, saveModel } from './model-io.js';
import { buildNetwork, evaluateOne } from './network.js';
import { widenInput, widenSavedModel } from './widen-input.js';

const dirs: string[] = [];
beforeAll(async () => {
  await initBackend({ announce: false });
});
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function randomVector(length: number, rng: Rng): Float32Array {
  return Float32Array.from({ length }, () => rng.next());
}

describe('widenInput', () => {
  it('computes exactly what the narrow network did, whatever the appended inputs hold', () => {
    const narrow = buildNetwork({ observationSize: 12, actionSize: 5, players: 3 }, { width: 8, blocks: 1 }, 7);
    const wide = widenInput(narrow, { width: 8, blocks: 1 }, 15, 5, 3);
    const rng = Rng.fromSeed('widen');
    for (let i = 0; i < 5; i++) {
      const obs = randomVector(12, rng);
      const extended = new Float32Array(15);
      extended.set(obs);
      extended.set(randomVector(3, rng), 12);
      const a = evaluateOne(narrow, obs);
      const b = evaluateOne(wide, extended);
      expect(Array.from(b.logits)).toEqual(Array.from(a.logits));
      expect(Array.from(b.value)).toEqual(Array.from(a.value));
    }
    expect(wide.inputs[0].shape[1]).toBe(15);
  });

  it('refuses to narrow', () => {
    const net = buildNetwork({ observationSize: 12, actionSize: 5, players: 3 }, { width: 8, blocks: 1 }, 7);
    expect(() => widenInput(net, { width: 8, blocks: 1 }, 10, 5, 3)).toThrow(
      /cannot narrow a model's input from 12 to 10/,
    );
  });
});

describe('widenSavedModel', () => {
  const perikles = getGame('perikles');
  const players = 4;
  const oldSize = perikles.observationSize(players) - players;

  async function saveV1(): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'agora-widen-'));
    dirs.push(dir);
    const net = buildNetwork(
      { observationSize: oldSize, actionSize: perikles.actionSize, players },
      { width: 8, blocks: 1 },
      3,
    );
    await saveModel(net, dir, {
      format: 'agora-model-1',
      game: 'perikles',
      players,
      encodingVersion: 1,
      observationSize: oldSize,
      actionSize: perikles.actionSize,
      network: { width: 8, blocks: 1 },
      createdAt: '2026-11-24T00:00:00Z',
    });
    net.dispose();
    return dir;
  }

  it('turns a v1 Perikles model into a current one that loads for the game and plays as before', async () => {
    const dir = await saveV1();
    expect(() => readMeta(dir, perikles)).toThrow(ModelVersionError);
    expect(() => readMeta(dir, perikles)).toThrow(`run agora widen-model ${dir}`);
    const { model: before } = loadModel(dir);
    const { before: old, after: meta } = await widenSavedModel(dir, perikles);
    expect(old.encodingVersion).toBe(1);
    expect(meta.encodingVersion).toBe(perikles.encodingVersion);
    expect(meta.observationSize).toBe(perikles.observationSize(players));
    const { model: after } = loadModel(dir, perikles);
    const state = perikles.newGame({ players, seed: 'widen' });
    const obs = state.observation(state.currentPlayer());
    const a = evaluateOne(before, obs.subarray(0, oldSize));
    const b = evaluateOne(after, obs);
    expect(Array.from(b.logits)).toEqual(Array.from(a.logits));
    expect(Array.from(b.value)).toEqual(Array.from(a.value));
    before.dispose();
    after.dispose();
  });

  it('refuses a model already current and a model of another game, leaving the files unchanged', async () => {
    const dir = await saveV1();
    await widenSavedModel(dir, perikles);
    const meta = readMeta(dir);
    await expect(widenSavedModel(dir, perikles)).rejects.toThrow(/already uses perikles encoding v2/);
    await expect(widenSavedModel(dir, getGame('filthyrich'))).rejects.toThrow(/trained for perikles, not filthyrich/);
    expect(readMeta(dir)).toEqual(meta);
  });
});
