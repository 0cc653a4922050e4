/**
 * What starting the `agora` command costs (npm run bench:cli): the bin from its cached esbuild bundle
 * (envs/core/source-bundle.js) against the TypeScript sources under tsx (AGORA_BUNDLE=0). For each of a
 * few commands, the median over RUNS starts of the wall time and, on Linux, of the CPU time the
 * child used (user + system, from /proc/self/stat's waited-for children's times; 10 ms ticks).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CLI = fileURLToPath(new URL('../cli/agora.js', import.meta.url));
const COMMANDS = [['--help'], ['games'], ['tournament', 'tictactoe', '-a', 'random,greedy', '-n', '4', '-t', '1']];
const TICK_MS = 10; // USER_HZ is 100 on every Linux the project runs on

/** CPU milliseconds of this process's finished children, or undefined off Linux. */
function childrenCpuMs(): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS; // cutime, cstime: fields 16 and 17
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function measure(args: string[], bundle: boolean): { wall: number; cpu: number | undefined } {
  const walls: number[] = [];
  const cpus: number[] = [];
  const env = { ...process.env, AGORA_BUNDLE: bundle ? '1' : '0' };
  for (let i = 0; i < RUNS; i++) {
    const cpu0 = childrenCpuMs();
    const t0 = performance.now();
    const run = spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8' });
    walls.push(performance.now() - t0);
    const cpu1 = childrenCpuMs();
    if (cpu0 !== undefined && cpu1 !== undefined) cpus.push(cpu1 - cpu0);
    if (run.status !== 0) throw new Error(`agora ${args.join(' ')} exited with ${run.status}: ${run.stderr}`);
  }
  return { wall: median(walls), cpu: cpus.length > 0 ? median(cpus) : undefined };
}

// One start first, so the bundle is built and cached before anything is timed.
measure(['--help'], true);
console.log(`agora start-up, median of ${RUNS} starts (ms): bundle / tsx`);
console.log('command'.padEnd(44), 'wall'.padStart(16), 'cpu'.padStart(16));
for (const args of COMMANDS) {
  const b = measure(args, true);
  const t = measure(args, false);
  const cpu = b.cpu === undefined || t.cpu === undefined ? 'n/a' : `${b.cpu} / ${t.cpu}`;
  console.log(
    `agora ${args.join(' ')}`.padEnd(44),
    `${b.wall.toFixed(0)} / ${t.wall.toFixed(0)}`.padStart(16),
    cpu.padStart(16),
  );
}
