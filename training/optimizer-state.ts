/**
 * Saves and restores an optimiser's slots (Adam's moment estimates and step count), so a resumed
 * run continues exactly where it stopped rather than restarting the moments from zero.
 * Layout: <file>.json lists {name, shape} in order; <file>.bin holds the float32 values.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { AgoraError } from '../envs/index.js';
import { tf } from './backend.js';

export async function saveOptimizer(optimizer: tf.Optimizer, path: string): Promise<void> {
  const named = await optimizer.getWeights();
  const specs = named.map((w) => ({ name: w.name, shape: w.tensor.shape }));
  const arrays = await Promise.all(named.map((w) => w.tensor.data() as Promise<Float32Array>));
  const total = arrays.reduce((s, a) => s + a.length, 0);
  const all = new Float32Array(total);
  let offset = 0;
  for (const a of arrays) {
    all.set(a, offset);
    offset += a.length;
  }
  writeFileSync(`${path}.bin.tmp`, Buffer.from(all.buffer));
  writeFileSync(`${path}.json.tmp`, JSON.stringify(specs));
  renameSync(`${path}.bin.tmp`, `${path}.bin`);
  renameSync(`${path}.json.tmp`, `${path}.json`);
}

/** Restores saved slots; a missing file leaves the optimiser fresh (checkpoints from before it existed). */
export async function loadOptimizer(optimizer: tf.Optimizer, path: string): Promise<boolean> {
  if (!existsSync(`${path}.json`) || !existsSync(`${path}.bin`)) return false;
  const specs = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as { name: string; shape: number[] }[];
  const bytes = readFileSync(`${path}.bin`);
  const floats = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const need = specs.reduce((s, w) => s + w.shape.reduce((a, b) => a * b, 1), 0);
  if (need !== floats.length)
    throw new AgoraError(
      'bad_state',
      `optimizer state ${path} holds ${floats.length} values; its index needs ${need} (corrupt); ` +
        'start over with --fresh',
    );
  let offset = 0;
  const named = specs.map((w) => {
    const size = w.shape.reduce((a, b) => a * b, 1);
    const tensor = tf.tensor(floats.slice(offset, offset + size), w.shape, 'float32');
    offset += size;
    return { name: w.name, tensor };
  });
  await optimizer.setWeights(named);
  return true;
}
