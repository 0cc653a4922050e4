// The SQLite store's checkpointer thread (sqlite-checkpointer.ts): its own connection to the
// database file copies the write-ahead log into the file on a timer, so the thread answering
// requests never stalls on a checkpoint and its fsyncs. Plain JavaScript: nothing to compile.
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { path, intervalMs } = workerData;
const db = new Database(path);
db.pragma('busy_timeout = 1000');
let checkpoints = 0;
let frames = 0;
const checkpoint = () => {
  try {
    // PASSIVE: copies what it can without waiting for readers or the writer.
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    checkpoints++;
    frames += Math.max(0, row.checkpointed);
  } catch {
    // Busy or locked: the next tick tries again (and the writer's own auto-checkpoint is the backstop).
  }
};
const timer = setInterval(checkpoint, intervalMs);
parentPort.on('message', (m) => {
  if (m === 'stats') parentPort.postMessage({ checkpoints, frames });
  if (m === 'stop') {
    clearInterval(timer);
    checkpoint();
    db.close();
    parentPort.close();
  }
});
