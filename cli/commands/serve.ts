import { serveSocket, serveStream } from '../../play/index.js';

export interface ServeCliOptions {
  socket?: string;
}

/**
 * `agora serve`: the env server (docs/env-protocol.md) on stdin/stdout, or on a Unix socket with
 * --socket. Stdout carries only frames; notes go to stderr.
 */
export async function serveCommand(opts: ServeCliOptions): Promise<void> {
  const warn = (message: string) => process.stderr.write(`agora serve: ${message}\n`);
  if (opts.socket) {
    const server = await serveSocket(opts.socket, warn);
    warn(`listening on ${opts.socket}`);
    await new Promise<void>((resolve) => {
      const stop = () => server.close(() => resolve());
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return;
  }
  await serveStream(process.stdin, process.stdout, warn);
}
