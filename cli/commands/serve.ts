import { isPipe, servePipes, serveSocket, serveStream } from '../../play/index.js';
import { stopRequested } from '../stop-requested.js';

export interface ServeCliOptions {
  socket?: string;
  /** Microseconds to poll stdin for the next request before sleeping; 0 never polls. */
  spin?: number;
  /** No notes on stderr (listening, warnings about bad frames): errors end the command as ever. */
  quiet?: boolean;
}

/**
 * `agora serve`: the env server (docs/env-protocol.md) on stdin/stdout, or on a Unix socket with
 * --socket. Stdout carries only frames; notes go to stderr.
 */
export async function serveCommand(opts: ServeCliOptions): Promise<void> {
  const warn = (message: string) => {
    if (!opts.quiet) process.stderr.write(`agora serve: ${message}\n`);
  };
  if (opts.socket) {
    // Heard before "listening" is said (cli/stop-requested.ts).
    const stop = stopRequested();
    const server = await serveSocket(opts.socket, warn);
    warn(`listening on ${opts.socket}`);
    await stop;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return;
  }
  // Polling needs descriptors that can be read without blocking: pipes (how the Python package
  // runs the server). A terminal or a file on stdin gets the plain stream loop.
  if (isPipe(0) && isPipe(1)) return servePipes(process.stdin, 0, 1, opts.spin, warn);
  await serveStream(process.stdin, process.stdout, warn);
}
