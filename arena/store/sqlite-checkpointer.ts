/**
 * Checkpoints of the SQLite store's write-ahead log, off the request path. By default SQLite
 * checkpoints inside the commit that fills the log past 1,000 pages: with better-sqlite3 that is
 * the server's own thread, which then copies pages and fsyncs for tens of milliseconds while every
 * request waits (the load test saw 30-40 ms store calls and 80 ms stalls of the event loop). A
 * thread with its own connection checkpoints every `intervalMs` instead.
 *
 * Copying is not enough: the log only restarts from its start when a writer finds all of it copied,
 * and under steady writes some commit always lands during a pass. At SQLite's 1,000 pages the log
 * then reached the threshold every few seconds and the server's thread checkpointed after all (165
 * fsyncs in 50 s of the load test). So the server's own connection checkpoints only at
 * WRITER_CHECKPOINT_PAGES, as a backstop (37 fsyncs). Passing again until the log restarts does not
 * help: each restart syncs the log's header inside the committing call.
 */
import { Worker } from 'node:worker_threads';

const ENTRY = new URL('./sqlite-checkpoint-thread.js', import.meta.url);

/** The log length (pages) at which the committing connection checkpoints itself when the thread runs. */
export const WRITER_CHECKPOINT_PAGES = 10_000;

/**
 * What the checkpointer has done: checkpoints run, log frames copied into the database file, and
 * restarts of the log from its start that writers made after it had copied every frame.
 */
export interface CheckpointStats {
  checkpoints: number;
  frames: number;
  restarts: number;
}

export class SqliteCheckpointer {
  private readonly worker: Worker;
  private stopped: Promise<void> | undefined;

  constructor(path: string, intervalMs: number) {
    this.worker = new Worker(ENTRY, { workerData: { path, intervalMs } });
    // It must never keep the process alive: closing the store stops it.
    this.worker.unref();
  }

  stats(): Promise<CheckpointStats> {
    return new Promise((resolve) => {
      this.worker.ref();
      this.worker.once('message', (m: CheckpointStats) => {
        this.worker.unref();
        resolve(m);
      });
      this.worker.postMessage('stats');
    });
  }

  /** A last checkpoint, then the thread's connection is closed. */
  stop(): Promise<void> {
    this.stopped ??= new Promise<void>((resolve) => {
      // Held while it finishes, or a process with nothing else to do would exit before it did.
      this.worker.ref();
      this.worker.once('exit', () => resolve());
      this.worker.postMessage('stop');
    });
    return this.stopped;
  }
}
