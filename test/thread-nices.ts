/** What the scheduler sees of this process's threads (Linux /proc), for the tests of background priorities. */
import { readdirSync, readFileSync } from 'node:fs';

/** Every thread of this process and its nice value (field 19 of /proc/<pid>/task/<tid>/stat). */
export function threadNices(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // The command name may hold spaces: fields are counted after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), Number(fields[16]));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** How many of this process's threads run at this nice value. */
export const threadsAtNice = (nice: number) => [...threadNices().values()].filter((n) => n === nice).length;
