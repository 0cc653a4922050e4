import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { FrameReader, encodeFrame, type Frame } from './frames.js';
import { SpinPolicy } from './serve-pipes.js';

type Json = ReturnType<typeof JSON.parse>;

describe('SpinPolicy: how long the pipe server polls for the next request', () => {
  test('polls while the client answers within the budget, stops when it is slower, and starts again', () => {
    const policy = new SpinPolicy(300);
    expect(policy.spinMicros).toBe(300);
    for (let i = 0; i < 20; i++) policy.observe(120);
    expect(policy.spinMicros).toBe(300);
    // A client that now takes 5 ms per request (a big network, a training update): stop polling.
    let steps = 0;
    while (policy.spinMicros > 0) {
      policy.observe(5000);
      steps++;
    }
    expect(steps).toBeGreaterThan(1);
    expect(steps).toBeLessThan(12);
    for (let i = 0; i < 40; i++) policy.observe(5000);
    // Quick again: polling resumes within a few requests.
    steps = 0;
    while (policy.spinMicros === 0) {
      policy.observe(100);
      steps++;
    }
    expect(steps).toBeLessThan(20);
  });

  test('one long pause (a checkpoint being saved) does not stop the polling', () => {
    const policy = new SpinPolicy(300);
    for (let i = 0; i < 20; i++) policy.observe(100);
    policy.observe(60_000_000);
    expect(policy.spinMicros).toBe(300);
    policy.observe(60_000_000);
    expect(policy.spinMicros).toBe(0);
  });

  test('a budget of 0 never polls', () => {
    const policy = new SpinPolicy(0);
    policy.observe(0);
    expect(policy.spinMicros).toBe(0);
  });
});

/** Runs `agora serve` on pipes and talks to it as the Python package does, one request at a time. */
async function session(
  args: string[],
  talk: (ask: (header: object, pieces?: number[]) => Promise<Json>) => Promise<void>,
) {
  const child = spawn(process.execPath, ['cli/agora.js', 'serve', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const reader = new FrameReader();
  const waiting: ((f: Frame) => void)[] = [];
  const early: Frame[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    for (const f of reader.push(chunk)) {
      const next = waiting.shift();
      if (next) next(f as Frame);
      else early.push(f as Frame);
    }
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const ask = async (header: object, pieces: number[] = []) => {
    const frame = encodeFrame(header as Record<string, unknown>);
    // Written in pieces with pauses, so a frame arrives partly while the server polls and partly
    // in the event loop.
    let at = 0;
    for (const cut of pieces) {
      child.stdin.write(frame.subarray(at, cut));
      at = cut;
      await sleep(15);
    }
    child.stdin.write(frame.subarray(at));
    const reply = await new Promise<Frame>((resolve) =>
      early.length ? resolve(early.shift()!) : waiting.push(resolve),
    );
    return reply.header as Json;
  };
  await talk(ask);
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stderr };
}

describe('agora serve on pipes', () => {
  for (const spin of ['300', '0']) {
    test(`answers every request in order, however its bytes arrive (--spin ${spin})`, async () => {
      const { code, stderr } = await session(['--spin', spin], async (ask) => {
        expect(await ask({ id: 1, op: 'hello' }, [2, 9])).toMatchObject({ id: 1, protocol: 1 });
        const made = await ask({ id: 2, op: 'make', kind: 'aec', game: 'tictactoe', seed: 5 });
        expect(made).toMatchObject({ id: 2, ok: true, env: 1 });
        let cycle = await ask({ id: 3, op: 'reset', env: 1 });
        const taken = new Set<number>();
        for (let id = 4; cycle.agents.length > 0; id++) {
          const a = cycle.agentSelection;
          const done = cycle.terminations[a] || cycle.truncations[a];
          const action = [...Array(9).keys()].find((c) => !taken.has(c))!;
          if (!done) taken.add(action);
          // Every third request split mid-header, the rest sent whole and answered while polling.
          cycle = await ask({ id, op: 'step', env: 1, ...(done ? {} : { action }) }, id % 3 === 0 ? [6, 20] : []);
          expect(cycle.id).toBe(id);
        }
        expect(taken.size).toBeGreaterThanOrEqual(5);
        expect(await ask({ id: 99, op: 'bogus' })).toMatchObject({ id: 99, ok: false });
      });
      expect(stderr).toBe('');
      expect(code).toBe(0);
    });
  }

  test('stdin from a file is served by the stream loop; a bad --spin is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-serve-'));
    const requests = join(dir, 'requests.bin');
    writeFileSync(
      requests,
      Buffer.concat([
        encodeFrame({ id: 1, op: 'hello' }),
        encodeFrame({ id: 2, op: 'layout', game: 'tictactoe', players: 2 }),
      ]),
    );
    const fd = openSync(requests, 'r');
    const run = spawnSync(process.execPath, ['cli/agora.js', 'serve'], {
      stdio: [fd, 'pipe', 'pipe'],
      timeout: 60_000,
    });
    closeSync(fd);
    expect(run.status).toBe(0);
    const replies = new FrameReader().push(run.stdout).map((f) => (f as Frame).header as Json);
    expect(replies.map((r) => [r.id, r.ok])).toEqual([
      [1, true],
      [2, true],
    ]);
    const bad = spawnSync(process.execPath, ['cli/agora.js', 'serve', '--spin', '-5'], { input: '', timeout: 60_000 });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr.toString()).toMatch(/'-5' is not a non-negative integer/);
  });
});
