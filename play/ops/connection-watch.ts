import type { Logger } from './logger.js';

/**
 * Logs a server's outages once each, however many connections to it a process holds and however
 * often the client library retries: one warning when the first connection is lost, one info line
 * ("reconnected") when the last one is back. The client libraries do the retrying with back-off.
 */
export class ConnectionWatch {
  private readonly down = new Set<object>();

  /** `what` names the server in the lines, e.g. "Redis at redis://:***@host:6379". */
  constructor(
    private readonly what: string,
    private readonly log: Logger,
  ) {}

  /** A connection failed; `reason` is the client's error text. Logged only if it is the first one down. */
  lost(connection: object, reason: string): void {
    if (this.down.has(connection)) return;
    this.down.add(connection);
    if (this.down.size === 1) this.log.warn(`lost the connection to ${this.what}: ${reason}; retrying`);
  }

  /** A connection works (again). Logs "reconnected" when it was the last one down. */
  back(connection: object): void {
    if (!this.down.delete(connection)) return;
    if (this.down.size === 0) this.log.info(`reconnected to ${this.what}`);
  }

  /** A connection closed on purpose: no longer counted either way. */
  forget(connection: object): void {
    this.down.delete(connection);
  }
}
