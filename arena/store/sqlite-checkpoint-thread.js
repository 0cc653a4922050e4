// The SQLite store's checkpointer thread (sqlite-checkpointer.ts): its own connection to the
// database file copies the write-ahead log into the file on a timer, so the thread answering
// requests never stalls on a checkpoint and its fsyncs. Plain JavaScript: nothing to compile.
import { clearInterval, setInterval } from 'node:timers';
import { Buffer } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, intervalMs } = workerData;
const db = new Database(path);
db.pragma('busy_timeout = 1000');
let checkpoints = 0;
let frames = 0;
let restarts = 0;
let last = { checkpointed: 0, sequence: -1 };
let log;
const header = Buffer.alloc(16);
/**
 * The log header's checkpoint sequence number: a writer that restarts the log from its start adds
 * one (-1 while there is no log yet).
 */
const sequence = () => {
  try {
    log ??= openSync(`${path}-wal`, 'r');
    return readSync(log, header, 0, 16, 0) === 16 ? header.readUInt32BE(12) : -1;
  } catch {
    return -1;
  }
};
/** One PASSIVE checkpoint: copies what it can without waiting for readers or the writer. */
const checkpoint = () => {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    const now = sequence();
    checkpoints++;
    const restarted = now !== last.sequence;
    if (restarted && last.sequence !== -1) restarts++;
    frames += Math.max(0, row.checkpointed - (restarted ? 0 : last.checkpointed));
    last = { checkpointed: row.checkpointed, sequence: now };
  } catch {
    // Busy or locked: the next tick tries again (and the writer's own auto-checkpoint is the backstop).
  }
};
const timer = setInterval(checkpoint, intervalMs);
parentPort.on('message', (m) => {
  if (m === 'stats') parentPort.postMessage({ checkpoints, frames, restarts });
  if (m === 'stop') {
    clearInterval(timer);
    checkpoint();
    db.close();
    if (log !== undefined) closeSync(log);
    parentPort.close();
  }
});
