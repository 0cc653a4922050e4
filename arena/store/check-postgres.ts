import pg from 'pg';
import { ConnectError, errorText, maskUrl } from '../../play/index.js';

/**
 * Errors of a server not (yet) reachable: tried again until the timeout. Others (a wrong password,
 * no such database) fail at once.
 */
const TRANSIENT = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P03',
]);

/**
 * Resolves once the PostgreSQL server at `url` answers a query; a server still starting is tried
 * again until `timeoutMs`. Otherwise rejects with a ConnectError naming the URL (password masked)
 * and the error, e.g. "cannot reach PostgreSQL at postgres://u:***@host/x within 5000 ms: …", or
 * "cannot connect to PostgreSQL at …: password authentication failed …" at once.
 */
export async function checkPostgres(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const fail = (reason: string) =>
    new ConnectError(`cannot reach PostgreSQL at ${maskUrl(url)} within ${timeoutMs} ms: ${reason}`);
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw fail('no answer');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: left });
    client.on('error', () => {}); // a late network error of a client being dropped
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (!TRANSIENT.has(code))
        throw new ConnectError(`cannot connect to PostgreSQL at ${maskUrl(url)}: ${errorText(err)}`);
      if (Date.now() + 250 >= deadline) throw fail(errorText(err));
      await new Promise((resolve) => setTimeout(resolve, 250));
    } finally {
      await client.end().catch(() => {});
    }
  }
}
