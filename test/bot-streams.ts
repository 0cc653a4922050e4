import { expect } from 'vitest';

type Json = ReturnType<typeof JSON.parse>;

/**
 * A bot's event stream (GET /api/bot/stream) read as parsed lines: `next(type)` takes the next event
 * of a type (waiting for it), `received` keeps every event that came, in order, `opened` resolves
 * once the arena answered, and `done` once the stream ended (the arena closed it, or `close()`).
 */
export function openStream(base: string, token: string) {
  const abort = new AbortController();
  const events: Json[] = [];
  const received: Json[] = [];
  const waiters: (() => void)[] = [];
  let answered: () => void = () => {};
  const opened = new Promise<void>((resolve) => (answered = resolve));
  const done = (async () => {
    const res = await fetch(`${base}/api/bot/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    answered();
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) return;
      buffered += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line.trim() !== '') {
          const event = JSON.parse(line);
          events.push(event);
          received.push(event);
        }
        waiters.splice(0).forEach((w) => w());
      }
    }
  })().catch((err: Error) => {
    if (err.name !== 'AbortError') throw err;
  });
  /** The next event of that type (waiting for it). */
  const next = async (type: string, timeoutMs = 10_000): Promise<Json> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const i = events.findIndex((e) => e.type === type);
      if (i >= 0) return events.splice(i, 1)[0];
      if (Date.now() > until) throw new Error(`no ${type} event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return { next, received, opened, close: () => abort.abort(), done };
}
