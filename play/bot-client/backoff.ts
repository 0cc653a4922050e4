/** Pauses between reconnects: capped exponential backoff, cut short when the bot is stopped. */

/** The pause before each next try: `first`, doubled after each failure, at most `max`. */
export class Backoff {
  private delay: number;

  constructor(
    private readonly first: number,
    private readonly max: number,
  ) {
    this.delay = first;
  }

  next(): number {
    const delay = this.delay;
    this.delay = Math.min(delay * 2, this.max);
    return delay;
  }

  /** After a success: the next failure starts again from `first`. */
  reset(): void {
    this.delay = this.first;
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (stopping is not an error while waiting). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
