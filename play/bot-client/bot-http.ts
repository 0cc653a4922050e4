/**
 * The bot's HTTP requests to the arena (Node's fetch), every one with its token. A 401 is never
 * retried: the arena answers it the same way for a wrong, unknown or revoked token, and waiting
 * does not fix any of them.
 */
import { AgoraError } from '../../envs/index.js';

/** An answer: its status, its JSON body (undefined if not JSON) and the arena's error code and message. */
export interface Answer {
  status: number;
  body: unknown;
  code?: string;
  message?: string;
}

/** The connection failed, or the arena answered 5xx or 429: worth trying again after a pause. */
export class ArenaUnreachable extends Error {}

/** How long a request (other than the stream) may take before the arena is taken for unreachable. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Statuses that say "later", not "no". */
function isTransient(status: number): boolean {
  return status >= 500 || status === 429;
}

/** The arena's error shape, { error: { code, message } }; a bare { error: "..." } is taken too. */
function errorOf(body: unknown): { code?: string; message?: string } {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return { message: error };
  if (typeof error !== 'object' || error === null) return {};
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}

export class BotHttp {
  /** The arena's address without a trailing slash. */
  readonly url: string;

  constructor(
    url: string,
    private readonly token: string,
  ) {
    this.url = url.replace(/\/+$/, '');
  }

  private headers(json: boolean): Record<string, string> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (json) headers['content-type'] = 'application/json';
    return headers;
  }

  private refuseToken(): never {
    throw new AgoraError(
      'unauthorized',
      `the arena at ${this.url} refused the bot token (401): it is wrong or has been revoked ` +
        '(make a new one with POST /api/bots/:id/token or on the account page)',
    );
  }

  /**
   * GET or POST with a JSON body; resolves with any status but 401, 5xx and 429. A request that
   * fails, or takes longer than `timeoutMs`, is an ArenaUnreachable, also when `signal` aborted it:
   * the caller, which owns the signal, knows whether it was stopped.
   */
  async request(
    method: 'GET' | 'POST',
    path: string,
    { body, signal, timeoutMs = REQUEST_TIMEOUT_MS }: { body?: unknown; signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<Answer> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.url + path, {
        method,
        headers: this.headers(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (err) {
      throw new ArenaUnreachable(`${method} ${path} failed: ${(err as Error).message}`);
    }
    if (response.status === 401) this.refuseToken();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (isTransient(response.status))
      throw new ArenaUnreachable(`${method} ${path} answered ${response.status}: ${errorOf(json).message ?? text}`);
    return { status: response.status, body: json, ...errorOf(json) };
  }

  /**
   * Opens the event stream; its body is read by the caller until it ends or `signal` aborts. A
   * failure to connect is an ArenaUnreachable, as in request().
   */
  async openStream(signal: AbortSignal): Promise<AsyncIterable<Uint8Array>> {
    let response: Response;
    try {
      response = await fetch(`${this.url}/api/bot/stream`, { headers: this.headers(false), signal });
    } catch (err) {
      throw new ArenaUnreachable(`GET /api/bot/stream failed: ${(err as Error).message}`);
    }
    if (response.status === 401) this.refuseToken();
    if (response.ok && response.body) return response.body;
    const text = await response.text().catch(() => '');
    if (isTransient(response.status)) throw new ArenaUnreachable(`GET /api/bot/stream answered ${response.status}`);
    let message = text;
    try {
      message = errorOf(JSON.parse(text)).message ?? text;
    } catch {
      // not JSON: the text as it is
    }
    throw new AgoraError(
      'bad_request',
      `GET ${this.url}/api/bot/stream answered ${response.status}: ${message || 'no message'} ` +
        '(is this an arena with the Bot API?)',
    );
  }
}
