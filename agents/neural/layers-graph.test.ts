/**
 * Exported policies (meta.json `network.kind` 'layers') as `neural:` reads them: hand-made graphs
 * give the logits worked out by hand, and every way a folder can be wrong is refused naming what.
 * python/tests/test_export.py checks real exports against PyTorch and TensorFlow.js.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Rng, decisionContext, getGame } from '../../envs/index.js';
import { makeAgent } from '../make-agent.js';
import { MODEL_FORMAT, loadPolicyFolder } from './model-files.js';

const ttt = getGame('tictactoe'); // 27 inputs, 9 actions, 2 seats

interface Graph {
  layers: { name: string; class_name: string; config?: Record<string, unknown>; inputs: string[] }[];
  /** Name, shape and values of each weight, in the manifest's order. */
  weights: { name: string; shape: number[]; values: number[] }[];
  output: string;
  topology?: unknown;
}

/** Writes a tic-tac-toe model folder holding the graph after an InputLayer of 27 values. */
function writeFolder(graph: Graph): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'agora-layers-')), 'policy');
  mkdirSync(dir);
  const layers = [
    { name: 'observation', class_name: 'InputLayer', config: { batch_input_shape: [null, 27] }, inbound_nodes: [] },
    ...graph.layers.map((l) => ({
      name: l.name,
      class_name: l.class_name,
      config: { name: l.name, ...l.config },
      inbound_nodes: [l.inputs.map((i) => [i, 0, 0, {}])],
    })),
  ];
  const topology = graph.topology ?? {
    class_name: 'Model',
    config: { layers, input_layers: [['observation', 0, 0]], output_layers: [[graph.output, 0, 0]] },
  };
  const weights = graph.weights.map(({ name, shape }) => ({ name, shape, dtype: 'float32' }));
  const model = {
    format: 'layers-model',
    modelTopology: topology,
    weightsManifest: [{ paths: ['weights.bin'], weights }],
  };
  writeFileSync(join(dir, 'model.json'), JSON.stringify(model));
  writeFileSync(join(dir, 'weights.bin'), Float32Array.from(graph.weights.flatMap((w) => w.values)));
  const meta = {
    format: MODEL_FORMAT,
    game: 'tictactoe',
    players: 2,
    encodingVersion: ttt.encodingVersion,
    observationSize: 27,
    actionSize: 9,
    network: { kind: 'layers', outputs: ['policy'] },
    createdAt: '2026-11-28T00:00:00.000Z',
  };
  writeFileSync(join(dir, 'meta.json'), JSON.stringify(meta));
  return dir;
}

/** A [rows, cols] kernel with `value` where `at(i, j)`, zeros elsewhere. */
function kernel(rows: number, cols: number, at: (i: number, j: number) => boolean, value = 1): number[] {
  return Array.from({ length: rows * cols }, (_, k) => (at(Math.floor(k / cols), k % cols) ? value : 0));
}

/** relu(x[0..8] - 0.5) + 2 x[9..17]: a residual-style sum of two Dense layers. */
const SUM: Graph = {
  layers: [
    { name: 'first', class_name: 'Dense', config: { units: 9, activation: 'linear' }, inputs: ['observation'] },
    { name: 'relu', class_name: 'Activation', config: { activation: 'relu' }, inputs: ['first'] },
    { name: 'second', class_name: 'Dense', config: { units: 9, use_bias: false }, inputs: ['observation'] },
    { name: 'sum', class_name: 'Add', inputs: ['relu', 'second'] },
  ],
  weights: [
    { name: 'first/kernel', shape: [27, 9], values: kernel(27, 9, (i, j) => i === j) },
    { name: 'first/bias', shape: [9], values: new Array<number>(9).fill(-0.5) },
    { name: 'second/kernel', shape: [27, 9], values: kernel(27, 9, (i, j) => i === j + 9, 2) },
  ],
  output: 'sum',
};

/** Sums of three neighbours: Reshape to [27, 1], Conv1D (valid, kernel of ones), Reshape, Dense keeping 9. */
const CONV: Graph = {
  layers: [
    { name: 'column', class_name: 'Reshape', config: { target_shape: [27, 1] }, inputs: ['observation'] },
    {
      name: 'conv',
      class_name: 'Conv1D',
      config: { filters: 1, kernel_size: [3], strides: [1], padding: 'valid', use_bias: false },
      inputs: ['column'],
    },
    { name: 'flat', class_name: 'Reshape', config: { target_shape: [-1] }, inputs: ['conv'] },
    { name: 'logits', class_name: 'Dense', config: { units: 9, use_bias: false }, inputs: ['flat'] },
  ],
  weights: [
    { name: 'conv/kernel', shape: [3, 1, 1], values: [1, 1, 1] },
    { name: 'logits/kernel', shape: [25, 9], values: kernel(25, 9, (i, j) => i === j) },
  ],
  output: 'logits',
};

const observation = Float32Array.from({ length: 27 }, (_, i) => i / 10);

describe('exported policies (layers graphs)', () => {
  test('a graph of Dense, Activation and Add gives the logits worked out by hand', () => {
    const net = loadPolicyFolder(writeFolder(SUM), ttt);
    const want = Array.from({ length: 9 }, (_, j) => Math.max(0, observation[j] - 0.5) + 2 * observation[j + 9]);
    const { logits, value } = net.evaluate(observation);
    Array.from(logits).forEach((l, j) => expect(l).toBeCloseTo(want[j], 6));
    expect(value).toHaveLength(0);
    expect(net.policyOnly).toBe(true);
    expect(net.weights).toBe(27 * 9 + 9 + 27 * 9);
  });

  test('Reshape and Conv1D: sums of three neighbours', () => {
    const { logits } = loadPolicyFolder(writeFolder(CONV), ttt).evaluate(observation);
    const want = Array.from({ length: 9 }, (_, j) => observation[j] + observation[j + 1] + observation[j + 2]);
    Array.from(logits).forEach((l, j) => expect(l).toBeCloseTo(want[j], 6));
  });

  test('neural: plays it; az:, whose search needs values, refuses it', () => {
    const dir = writeFolder(SUM);
    const state = ttt.newGame({ players: 2, seed: 0 });
    state.applyAction(4);
    const { logits } = loadPolicyFolder(dir, ttt).evaluate(state.observation(1));
    const legal = state.legalActions();
    const top = Math.max(...legal.map((a) => logits[a]));
    const chosen = makeAgent(`neural:${dir}`, ttt).act(decisionContext(ttt, state, Rng.fromSeed(1)));
    expect(legal.filter((a) => logits[a] === top)).toContain(chosen);
    expect(() => makeAgent(`az:${dir},iterations=8`, ttt)).toThrow(
      `the model ${dir} is a policy alone (exported, no value head), and az: searches with a value head; ` +
        `play it with neural:${dir}`,
    );
    expect(() => loadPolicyFolder(dir, ttt).evaluate(new Float32Array(26))).toThrow(
      'the network takes observations of 27 values; got 26',
    );
  });

  const change = (edit: (g: Graph) => void): Graph => {
    const copy = structuredClone(SUM);
    edit(copy);
    return copy;
  };
  test.each([
    [
      'an unknown layer class',
      change((g) => (g.layers[1].class_name = 'GRU')),
      "model.json's layer 'relu' (GRU) is not a layer class Agora runs; known: InputLayer, Dense, Conv1D, Conv2D,",
    ],
    [
      'an unknown activation',
      change((g) => (g.layers[1].config = { activation: 'swoosh' })),
      `model.json's layer 'relu' (Activation) has activation "swoosh"; known: linear, relu, tanh,`,
    ],
    [
      'a missing weight',
      change((g) => g.weights.splice(2, 1)),
      "model.json's layer 'second' (Dense) needs the weight second/kernel [27,9], which the manifest does not list",
    ],
    [
      'a weight of the wrong shape',
      change((g) => (g.weights[0].shape = [9, 27])),
      "model.json's layer 'first' (Dense) needs first/kernel of shape [27,9]; the manifest gives [9,27]",
    ],
    [
      'a weight no layer uses',
      change((g) => g.weights.push({ name: 'ghost/bias', shape: [2], values: [1, 2] })),
      'the manifest lists weights no layer uses: ghost/bias',
    ],
    [
      'a layer reading a later one',
      change((g) => (g.layers[3].inputs = ['relu', 'later'])),
      "model.json's layer 'sum' (Add) reads 'later', which is not an earlier layer",
    ],
    [
      'inputs of different shapes',
      change((g) => {
        g.layers[2].config = { units: 8, use_bias: false };
        g.weights[2] = { name: 'second/kernel', shape: [27, 8], values: kernel(27, 8, () => false) };
      }),
      "model.json's layer 'sum' (Add) is given inputs of shapes [9], [8]",
    ],
    [
      'an output of another size than meta.json says',
      change((g) => (g.output = 'observation')),
      "model.json's graph maps 27 inputs to 27 outputs; meta.json says 27 -> 9",
    ],
    [
      'no functional model',
      change((g) => (g.topology = { class_name: 'Sequential', config: { layers: [] } })),
      "model.json's modelTopology is not a TensorFlow.js functional model: class_name:",
    ],
  ])('%s is refused, naming it', (_what, graph, message) => {
    const dir = writeFolder(graph);
    expect(() => loadPolicyFolder(dir, ttt)).toThrow(`model ${dir}: ${message}`);
  });
});
