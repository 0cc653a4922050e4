import { ioredis } from './redis-libraries.js';
import { ConnectError, errorText } from '../ops/connect.js';
import { maskUrl } from '../ops/mask-url.js';

/**
 * Resolves once the Redis server at `url` answers PING; retries (a server still starting counts)
 * until `timeoutMs`, then rejects with a ConnectError naming the URL (password masked) and the last
 * error, e.g. "cannot reach Redis at redis://:***@host:6379 within 5000 ms: connect ECONNREFUSED …".
 */
export async function checkRedis(url: string, timeoutMs: number): Promise<void> {
  let lastError = 'no answer';
  const { Redis } = ioredis();
  const redis = new Redis(url, {
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: null,
    retryStrategy: () => 200,
  });
  // PING waits in the offline queue across the retries until the connection is ready.
  redis.on('error', (err: Error) => {
    lastError = errorText(err);
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
  } catch (err) {
    if (lastError === 'no answer' && (err as Error).message !== 'timeout') lastError = errorText(err);
    throw new ConnectError(`cannot reach Redis at ${maskUrl(url)} within ${timeoutMs} ms: ${lastError}`);
  } finally {
    clearTimeout(timer);
    redis.disconnect();
  }
}
