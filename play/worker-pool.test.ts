import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { WorkerCrash, WorkerPool, WorkerTimeout } from './worker-pool.js';

/** A worker in plain JavaScript: echoes, reports progress, hangs (a synchronous loop) or throws. */
const WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
parentPort.on('message', (m) => {
  if (m.kind === 'hang') { const end = Date.now() + 60000; while (Date.now() < end); }
  if (m.kind === 'crash') throw new Error('boom');
  if (m.kind === 'progress') parentPort.postMessage({ id: m.id, progress: true });
  parentPort.postMessage({ id: m.id, value: m.value, data: workerData });
});
`;
const ENTRY = new URL(`data:text/javascript,${encodeURIComponent(WORKER)}`);

interface Task {
  id: number;
  kind: 'echo' | 'hang' | 'crash' | 'progress';
  value?: string;
}
interface Reply {
  id: number;
  value?: string;
  data?: unknown;
  progress?: true;
}

let pool: WorkerPool<Task, Reply> | undefined;
const make = (options: Partial<ConstructorParameters<typeof WorkerPool<Task, Reply>>[0]> = {}) =>
  (pool = new WorkerPool<Task, Reply>({ name: 'the test pool', entry: ENTRY, size: 1, ...options }));

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('WorkerPool', () => {
  test('replies come back by id, map keeps body order, and each thread gets its workerData', async () => {
    let n = 0;
    const p = make({ size: 2, workerData: () => ({ thread: ++n }) });
    const replies = await p.map(['a', 'b', 'c', 'd', 'e'].map((value) => ({ kind: 'echo', value }) as const));
    expect(replies.map((r) => r.value)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(new Set(replies.map((r) => (r.data as { thread: number }).thread))).toEqual(new Set([1, 2]));
    expect(p.liveThreads).toBe(2);
  });

  test('waiting requests are served round-robin over their keys', async () => {
    const p = make();
    const order: string[] = [];
    const ask = (key: string, value: string) =>
      p.request({ kind: 'echo', value }, { key }).then((r) => order.push(r.value!));
    await Promise.all([ask('a', 'a1'), ask('a', 'a2'), ask('a', 'a3'), ask('b', 'b1')]);
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  test('progress replies reach onProgress and may move the deadline; past it the thread is replaced', async () => {
    const p = make({ isFinal: (r) => !r.progress });
    const seen: Reply[] = [];
    const done = await p.request({ kind: 'progress', value: 'x' }, { onProgress: (r) => void seen.push(r) });
    expect(seen).toHaveLength(1);
    expect(done.value).toBe('x');
    const hung = p.request({ kind: 'hang' }, { timeoutMs: 200 });
    await expect(hung).rejects.toBeInstanceOf(WorkerTimeout);
    expect((await p.request({ kind: 'echo', value: 'after' })).value).toBe('after');
    expect(p.liveThreads).toBe(1);
  });

  test('a crash rejects with WorkerCrash; an aborted request leaves the queue or loses its thread', async () => {
    const p = make();
    await expect(p.request({ kind: 'crash' })).rejects.toThrow(WorkerCrash);
    const stop = new AbortController();
    const hung = p.request({ kind: 'hang' }, { signal: stop.signal });
    const queued = new AbortController();
    const waiting = p.request({ kind: 'echo' }, { signal: queued.signal });
    queued.abort(new Error('not needed'));
    await expect(waiting).rejects.toThrow('not needed');
    stop.abort(new Error('stop now'));
    await expect(hung).rejects.toThrow('stop now');
    expect((await p.request({ kind: 'echo', value: 'on' })).value).toBe('on');
  });

  test('a killed request may go again first in line, on the kept spare thread, with a fresh body', async () => {
    const p = make();
    const attempts: string[] = [];
    let kill: ((reason: Error) => void) | undefined;
    const again = new Error('again');
    const first = p.request(
      (thread) => {
        kill = (reason) => thread.kill(reason);
        attempts.push(`attempt ${attempts.length + 1}`);
        return attempts.length === 1 ? { kind: 'hang' } : { kind: 'echo', value: attempts.at(-1) };
      },
      { retry: (reason) => reason === again },
    );
    const second = p.request({ kind: 'echo', value: 'queued' });
    const order: string[] = [];
    void second.then((r) => order.push(r.value!));
    await new Promise((resolve) => setTimeout(resolve, 100));
    p.keepSpare();
    expect(p.liveThreads).toBe(2);
    kill!(again);
    order.push((await first).value!);
    await second;
    expect(order).toEqual(['attempt 2', 'queued']);
    expect(p.liveThreads).toBe(2); // the busy thread's replacement and a new spare
    await p.close();
    expect(p.liveThreads).toBe(0);
    await expect(p.request({ kind: 'echo' })).rejects.toThrow(/the test pool is closed/);
  });
});

describe('unref pools', () => {
  test('keep the process alive while a request waits, and let it end once idle', () => {
    // A script whose only pending work is a request to an unref'd pool: it must get its answer.
    const script = `
      import { WorkerPool } from './play/worker-pool.ts';
      const pool = new WorkerPool({ name: 'p', entry: new URL(${JSON.stringify(ENTRY.href)}), size: 1, unref: true });
      const reply = await pool.request({ kind: 'echo', value: 'still here' });
      console.log(reply.value);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('still here');
    // Exit 0 without close(): the idle thread did not hold the process (13 would mean the await never settled).
    expect(run.status).toBe(0);
  });
});
