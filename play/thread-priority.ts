/**
 * Background threads (tournament games, rating refits) run at a lower scheduling priority than the
 * thread that answers requests, so a person's move never waits behind them for a core, while they
 * still take every core nobody else wants. Linux keeps a nice value per thread (setpriority(2):
 * "the nice value is a per-thread attribute"), so a worker thread lowers its own by its thread id;
 * elsewhere this is not possible from Node and the thread runs at its process's priority.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { AgoraError } from '../envs/index.js';

/** The nice values Linux accepts for lowering a priority without privileges: 0 (unchanged) to 19 (lowest). */
export function checkNice(nice: number, what = 'nice'): number {
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) {
    throw new AgoraError('bad_request', `${what}: an integer from 0 (normal priority) to 19 (lowest); got ${nice}`);
  }
  return nice;
}

/** This thread's id for the scheduler (Linux: /proc/thread-self -> '<pid>/task/<tid>'), or undefined elsewhere. */
export function currentThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sets the calling thread's nice value (0-19; raising it needs no privileges). Returns whether it
 * was applied: false where threads have no priority of their own (not Linux) or the system refused.
 */
export function setThreadNice(nice: number): boolean {
  checkNice(nice);
  const tid = currentThreadId();
  if (tid === undefined) return false;
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
