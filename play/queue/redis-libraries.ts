/**
 * BullMQ and ioredis, loaded the first time a queue or a Redis connection is made. Most commands
 * and the arena without a Redis URL never touch the queue, and loading the two libraries took about
 * 0.3 s of CPU at every `agora` start (the CLI reaches play/index.ts, which exports the queue).
 * Both are CommonJS packages, which Node's `import` loads through the same module cache, so the
 * classes here are the ones a static import gives.
 */
import { createRequire } from 'node:module';
import type * as BullMq from 'bullmq';
import type * as IoRedis from 'ioredis';

const require = createRequire(import.meta.url);

export function bullmq(): typeof BullMq {
  return require('bullmq') as typeof BullMq;
}

export function ioredis(): typeof IoRedis {
  return require('ioredis') as typeof IoRedis;
}
