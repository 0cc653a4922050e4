/**
 * The load generator's own priority (--client-nice). People play from their own devices; on one
 * machine the simulated people's client competes with the server for the same cores, so its work
 * delays the server's. A nice value above 0 lets the server have the cores first, as it would with
 * its clients elsewhere; the client's own waits then land in the time after the server answered,
 * which the report shows apart. Every thread of this process is set (Linux keeps a nice value per
 * thread), after the server child was forked, so the server keeps its own priority.
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Sets every thread of this process to `nice`; returns how many were set (0 where /proc is absent). */
export function niceThisProcess(nice: number): number {
  let set = 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  for (const tid of tids) {
    try {
      setPriority(Number(tid), nice);
      set++;
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return set;
}
