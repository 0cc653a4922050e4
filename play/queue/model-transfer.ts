/**
 * Models travel to queue workers through Redis, so a worker on another machine needs no shared
 * disk: the trainer stores a model folder's files (a network's model.json, weights.bin and
 * meta.json, or a CFR policy's policy.json and meta.json) under a key named by their SHA-256
 * (expiring after a day), and a worker writes them once into a local cache folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { AgoraError } from '../../envs/index.js';

/** The files a model folder may hold; meta.json is in every one. */
const FILES = ['model.json', 'weights.bin', 'meta.json', 'policy.json'] as const;

/** In a queued job's agent spec, `neural:@redis:<key>` names a model stored in Redis instead of a folder. */
export const MODEL_REF = '@redis:';

export async function publishModel(redis: Redis, dir: string, prefix: string): Promise<string> {
  const present = FILES.filter((f) => f === 'meta.json' || existsSync(join(dir, f)));
  const parts = present.map((f) => readFileSync(join(dir, f)));
  const hash = createHash('sha256');
  present.forEach((f, i) => hash.update(f).update(parts[i]));
  const key = `${prefix}:model:${hash.digest('hex').slice(0, 32)}`;
  if (!(await redis.exists(key))) {
    await redis.hset(key, Object.fromEntries(present.map((f, i) => [f, parts[i].toString('base64')])));
  }
  await redis.expire(key, 24 * 3600);
  return key;
}

/** The local folder holding the model stored under `key` (fetched on first use). */
export async function fetchModel(redis: Redis, key: string): Promise<string> {
  const dir = join(tmpdir(), 'agora-worker-models', key.replace(/[^a-zA-Z0-9]/g, '_'));
  if (existsSync(join(dir, 'meta.json'))) return dir;
  const files = await redis.hgetall(key);
  if (!files['meta.json'])
    throw new AgoraError('not_found', `model ${key} is not in Redis (expired?): missing meta.json`);
  const tmp = `${dir}.tmp-${process.pid}`;
  mkdirSync(tmp, { recursive: true });
  for (const f of FILES) if (files[f]) writeFileSync(join(tmp, f), Buffer.from(files[f], 'base64'));
  try {
    renameSync(tmp, dir);
  } catch {
    // Another process of this machine fetched it first.
  }
  return dir;
}
