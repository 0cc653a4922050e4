/** The env server on a byte stream (stdio) or a Unix socket: one EnvServer per connection. */
import { createServer, type Server } from 'node:net';
import { rmSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { FrameReader } from './frames.js';
import { EnvServer } from './server.js';

/**
 * Answers every frame read from `input` on `output`, in order, until `input` ends; then closes the
 * connection's envs. Resolves once done. A truncated frame at the end is reported on `onWarning`.
 */
export async function serveStream(
  input: Readable,
  output: Writable,
  onWarning: (message: string) => void = () => {},
): Promise<void> {
  const server = new EnvServer();
  const reader = new FrameReader();
  try {
    for await (const chunk of input) {
      for (const frame of reader.push(chunk as Buffer)) {
        // The parts are views of the envs' arrays: written out whole before the next frame can
        // step an env and change them.
        const parts = server.handleParts(frame);
        const last = parts.pop()!;
        for (const part of parts) output.write(part);
        await new Promise<void>((resolve, reject) => output.write(last, (err) => (err ? reject(err) : resolve())));
      }
    }
    if (reader.buffered > 0) onWarning(`the stream ended inside a frame (${reader.buffered} bytes dropped)`);
  } finally {
    await server.closeAll();
  }
}

/** Serves every connection to a Unix socket at `path` (an old socket file there is replaced). */
export function serveSocket(path: string, onWarning: (message: string) => void = () => {}): Promise<Server> {
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    serveStream(socket, socket, onWarning)
      .catch((err: Error) => onWarning(`connection failed: ${err.message}`))
      .finally(() => socket.end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve(server));
  });
}
