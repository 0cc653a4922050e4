// The TypeScript side of the export test: the logits of an exported model folder for the
// observations of a JSON file, as `neural:` computes them (loadPolicyFolder, plain JavaScript), and
// as TensorFlow.js computes them from the same model.json (tf.loadLayersModel, cpu backend): the
// folder is a true TensorFlow.js layers model. Prints { agora: logits[], tfjs: logits[] }.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { loadPolicyFolder } from '../../agents/index.js';
import { getGame } from '../../envs/index.js';

const [folder, game, observationsFile] = process.argv.slice(2);
const observations = (JSON.parse(readFileSync(observationsFile, 'utf8')) as number[][]).map((o) =>
  Float32Array.from(o),
);
const net = loadPolicyFolder(folder, getGame(game));
const agora = observations.map((o) => Array.from(net.evaluate(o).logits));

await tf.setBackend('cpu');
const model = JSON.parse(readFileSync(join(folder, 'model.json'), 'utf8'));
const bytes = readFileSync(join(folder, 'weights.bin'));
const layers = await tf.loadLayersModel(
  tf.io.fromMemory({
    modelTopology: model.modelTopology,
    weightSpecs: model.weightsManifest[0].weights,
    weightData: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  }),
);
const input = tf.tensor2d(observations.map((o) => Array.from(o)));
const tfjs = (layers.predict(input) as tf.Tensor2D).arraySync();
console.log(JSON.stringify({ agora, tfjs }));
