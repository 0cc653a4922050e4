/**
 * The flood bench's HTTP client: node:http with a keep-alive agent per local address, so each
 * simulated client (a vandal's 25 addresses, each person's own) comes from its own loopback address
 * (127.0.0.0/8 is all loopback on Linux), as the server's per-address limits see them.
 */
import { Agent, request, type IncomingMessage } from 'node:http';

export interface Answer<T = unknown> {
  status: number;
  /** From the request's start to the whole answer, ms. */
  ms: number;
  body: T;
}

const agents = new Map<string, Agent>();

function agentFor(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) agents.set(address, (agent = new Agent({ keepAlive: true, maxSockets: 64 })));
  return agent;
}

/** Closes every kept-alive socket (the end of the bench). */
export function closeClients(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** One request from `address` to the server at `base`; the body is parsed as JSON when it is. */
export function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: { address: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer<T>> {
  const url = new URL(path, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: agentFor(options.address),
        localAddress: options.address,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - start, body: body as T });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * Opens a Bot API event stream and resolves once its answer's head arrives (status and time); the
 * stream stays open until `close` (or the server ends it). Its own socket, not the kept-alive pool.
 */
export function openStream(
  base: string,
  token: string,
  address: string,
): Promise<{ status: number; ms: number; ended: Promise<void>; close: () => void }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(new URL('/api/bot/stream', base), {
      method: 'GET',
      localAddress: address,
      headers: { authorization: `Bearer ${token}` },
    });
    req.on('response', (res: IncomingMessage) => {
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      res.resume();
      resolve({ status: res.statusCode ?? 0, ms: performance.now() - start, ended, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}
