/**
 * The env server on this process's own stdin/stdout pipes, the way `agora serve` runs under the
 * Python package. A client steps an env, computes its next actions in well under a millisecond and
 * steps again; waiting for that request in the event loop puts this thread to sleep and makes the
 * kernel wake it, and a core that sleeps between steps runs the next step markedly slower (the game
 * state is no longer in its caches). So after each reply the server polls the pipe for a while, as
 * the threaded vector env's workers do, and only goes back to the event loop when the client is
 * slower than that. How long it polls adapts to how long the client has been taking.
 */
import { fstatSync, readSync, writevSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { FrameReader } from './frames.js';
import { EnvServer } from './server.js';

/** How long the server polls for the next request by default, in microseconds. */
export const DEFAULT_SPIN_MICROS = 300;

/**
 * When to poll: the mean gap between a reply and the next request (a moving average over about
 * eight requests) decides. Polling only pays when the request comes within the budget; a client
 * that takes longer (a big network's forward pass, a training update) would only burn a core.
 */
export class SpinPolicy {
  private meanGap = 0;

  constructor(readonly budgetMicros: number) {}

  /** Microseconds to poll for the next request (0: wait in the event loop). */
  get spinMicros(): number {
    return this.budgetMicros > 0 && this.meanGap <= this.budgetMicros ? this.budgetMicros : 0;
  }

  /** Records how long the client took between a reply and its next request. */
  observe(gapMicros: number): void {
    // Clamped, so one long pause (the client saving a checkpoint) is forgotten within a few steps.
    this.meanGap += (Math.min(gapMicros, 4 * this.budgetMicros) - this.meanGap) / 8;
  }
}

/** Whether a descriptor is a pipe or socket, the only kind the server can poll without blocking. */
export function isPipe(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

/**
 * Answers every frame from `input` (the stream over descriptor `inFd`, which must be a pipe: Node
 * has put it in non-blocking mode) on descriptor `outFd`, until `input` ends; then closes the
 * envs. Between requests it polls `inFd` for up to `spinMicros` (see SpinPolicy) before returning
 * to the event loop; 0 never polls.
 */
export function servePipes(
  input: Readable,
  inFd: number,
  outFd: number,
  spinMicros = DEFAULT_SPIN_MICROS,
  onWarning: (message: string) => void = () => {},
): Promise<void> {
  const server = new EnvServer();
  const reader = new FrameReader();
  const policy = new SpinPolicy(spinMicros);
  const scratch = Buffer.allocUnsafe(1 << 20);
  let repliedAt = 0;

  const answer = (chunk: Buffer) => {
    if (repliedAt > 0) policy.observe((performance.now() - repliedAt) * 1000);
    // Each reply's arrays are views of the env's buffers: written out (synchronously) before the
    // next frame can step the env and change them.
    for (const frame of reader.push(chunk)) writeAll(outFd, server.handleParts(frame));
    repliedAt = performance.now();
  };

  /** Reads and answers requests as long as each arrives within the policy's budget. */
  const poll = () => {
    for (;;) {
      const budget = policy.spinMicros;
      if (budget === 0) return;
      const until = repliedAt + budget / 1000;
      let n = -1;
      while (n < 0) {
        try {
          n = readSync(inFd, scratch);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
          if (performance.now() > until) return;
        }
      }
      // End of input: the stream sees it too and finishes the session.
      if (n === 0) return;
      // A copy: the reader keeps a partial frame's bytes until the rest arrives.
      answer(Buffer.from(scratch.subarray(0, n)));
    }
  };

  return new Promise<void>((resolve, reject) => {
    input.on('data', (chunk: Buffer) => {
      try {
        answer(chunk);
        poll();
      } catch (err) {
        input.destroy();
        reject(err as Error);
      }
    });
    input.once('end', () => {
      if (reader.buffered > 0) onWarning(`the stream ended inside a frame (${reader.buffered} bytes dropped)`);
      server.closeAll().then(resolve, reject);
    });
    input.once('error', reject);
  });
}

/** Writes the parts in order, however many calls the descriptor takes (it may be non-blocking). */
function writeAll(fd: number, parts: Buffer[]): void {
  let i = 0;
  while (i < parts.length) {
    let written: number;
    try {
      // IOV_MAX is 1024 on Linux.
      written = writevSync(fd, parts.slice(i, i + 1024));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      throw err;
    }
    while (i < parts.length && written >= parts[i].length) written -= parts[i++].length;
    if (written > 0) parts[i] = parts[i].subarray(written);
  }
}
