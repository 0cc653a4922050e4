/**
 * Where the tests find PostgreSQL and Redis: test/global-services.ts starts throwaway servers on
 * loopback for the run (or uses AGORA_TEST_DATABASE_URL / AGORA_TEST_REDIS_URL when set, as
 * .ci/run does) and hands their URLs to the test files through vitest's provide/inject.
 */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    redisUrl: string;
    servicesReason: string;
  }
}

export function servicesAvailable(): { postgres: boolean; redis: boolean; reason: string } {
  return { postgres: inject('pgUrl') !== '', redis: inject('redisUrl') !== '', reason: inject('servicesReason') };
}

export function pgTestUrl(): string {
  const url = inject('pgUrl');
  if (!url) throw new Error(`PostgreSQL is not available to the tests: ${inject('servicesReason')}`);
  return url;
}

export function redisTestUrl(): string {
  const url = inject('redisUrl');
  if (!url) throw new Error(`Redis is not available to the tests: ${inject('servicesReason')}`);
  return url;
}

let schemas = 0;
/** A schema name no other test (in any worker process) uses. */
export function uniqueSchema(prefix: string): string {
  return `t_${prefix}_${process.pid}_${++schemas}`;
}
