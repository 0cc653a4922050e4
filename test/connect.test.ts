/**
 * Fail fast and say why: `agora worker` and the arena server (`npm start`) given a Redis or
 * PostgreSQL URL where nothing listens exit with code 1 within their connect timeout, printing one
 * line that names the URL (its password masked) and the error. A connection lost later is logged
 * once and its recovery once. Real processes, real sockets, a real redis-server stopped and restarted.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, test } from 'vitest';
import { freePort as unusedPort } from './free-port.js';

/**
 * Runs a process to its end: exit code, standard error, and whether it had to be killed. A process
 * that waits on for its server instead of giving up is killed after 30 s (and `killed` says so).
 */
function run(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; err: string; killed: boolean }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  let killed = false;
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const killer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, 30_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(killer);
      resolve({ code, err, killed });
    }),
  );
}

/** The environment's own settings must not leak into these runs. */
const CLEAN = { REDIS_URL: '', DATABASE_URL: '', AGORA_CONNECT_TIMEOUT_MS: '', LOG_LEVEL: '', LOG_FORMAT: '' };

describe('an unreachable server at start: exit 1 with one line naming it', () => {
  test('agora worker --redis with nothing listening, --connect-timeout 1500', async () => {
    const port = await unusedPort();
    const url = `redis://user:secret@127.0.0.1:${port}`;
    const { code, err, killed } = await run(
      ['cli/agora.js', 'worker', '--redis', url, '--connect-timeout', '1500'],
      CLEAN,
    );
    expect(code).toBe(1);
    expect(killed).toBe(false); // it gave up by itself, after its connect timeout
    const lines = err.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `agora worker: cannot reach Redis at redis://user:***@127.0.0.1:${port} within 1500 ms: ` +
        `connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(err).not.toContain('secret');
  });

  test('agora worker takes its timeout from AGORA_CONNECT_TIMEOUT_MS', async () => {
    const port = await unusedPort();
    const { code, err } = await run(['cli/agora.js', 'worker', '--redis', `redis://127.0.0.1:${port}`], {
      ...CLEAN,
      AGORA_CONNECT_TIMEOUT_MS: '700',
    });
    expect(code).toBe(1);
    expect(err).toMatch(new RegExp(`^agora worker: cannot reach Redis at redis://127.0.0.1:${port} within 700 ms: `));
  });

  test('agora train with REDIS_URL where nothing listens: exit 1 before any game, naming it', async () => {
    const port = await unusedPort();
    const out = `${mkdtempSync(`${tmpdir()}/agora-train-`)}/m`;
    const { code, err, killed } = await run(
      ['cli/agora.js', 'train', 'tictactoe', '--minutes', '0.05', '--games', '2', '--out', out],
      { ...CLEAN, REDIS_URL: `redis://:secret@127.0.0.1:${port}`, AGORA_CONNECT_TIMEOUT_MS: '1000' },
    );
    expect(code).toBe(1);
    expect(killed).toBe(false); // it gave up by itself, after its connect timeout
    expect(err.trimEnd().split('\n').at(-1)).toBe(
      `agora: cannot reach Redis at redis://:***@127.0.0.1:${port} within 1000 ms: ` +
        `connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(err).not.toContain('secret');
  });

  test('the arena server with REDIS_URL where nothing listens', async () => {
    const port = await unusedPort();
    const { code, err, killed } = await run(['--import', 'tsx', 'arena/server.ts'], {
      ...CLEAN,
      PORT: '0',
      AGORA_DB: ':memory:',
      REDIS_URL: `redis://:secret@127.0.0.1:${port}`,
      AGORA_CONNECT_TIMEOUT_MS: '1500',
    });
    expect(code).toBe(1);
    expect(killed).toBe(false); // it gave up by itself, after its connect timeout
    expect(err.trimEnd().split('\n')).toEqual([
      `agora arena: cannot reach Redis at redis://:***@127.0.0.1:${port} within 1500 ms: ` +
        `connect ECONNREFUSED 127.0.0.1:${port}`,
    ]);
  });

  test('the arena server with DATABASE_URL where nothing listens', async () => {
    const port = await unusedPort();
    const { code, err, killed } = await run(['--import', 'tsx', 'arena/server.ts'], {
      ...CLEAN,
      PORT: '0',
      DATABASE_URL: `postgres://u:secret@127.0.0.1:${port}/x`,
      AGORA_CONNECT_TIMEOUT_MS: '1500',
    });
    expect(code).toBe(1);
    expect(killed).toBe(false); // it gave up by itself, after its connect timeout
    expect(err.trimEnd().split('\n')).toEqual([
      `agora arena: cannot reach PostgreSQL at postgres://u:***@127.0.0.1:${port}/x within 1500 ms: ` +
        `connect ECONNREFUSED 127.0.0.1:${port}`,
    ]);
  });

  test('a bad setting stops the server with one line naming it and what it allows', async () => {
    const bad = await run(['--import', 'tsx', 'arena/server.ts'], { ...CLEAN, PORT: '0', LOG_LEVEL: 'loud' });
    expect(bad.code).toBe(1);
    expect(bad.err).toBe("agora arena: LOG_LEVEL: one of error, warn, info, debug; got 'loud'\n");
    const timeout = await run(['--import', 'tsx', 'arena/server.ts'], {
      ...CLEAN,
      PORT: '0',
      AGORA_CONNECT_TIMEOUT_MS: 'soon',
    });
    expect(timeout.code).toBe(1);
    expect(timeout.err).toMatch(
      /^agora arena: AGORA_CONNECT_TIMEOUT_MS: must be a positive integer of ms; got 'soon'\n$/,
    );
  });
});

const haveRedisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.runIf(haveRedisServer)('a connection lost later', () => {
  test('agora worker logs one "lost" line per outage, however many retries, and one "reconnected"', async () => {
    const port = await unusedPort();
    const dir = mkdtempSync(`${tmpdir()}/agora-redis-`);
    const redis = () =>
      execFileSync('redis-server', [
        ...['--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'yes', '--save', ''],
        ...['--appendonly', 'no', '--dir', dir, '--logfile', `${dir}/redis.log`, '--pidfile', `${dir}/redis.pid`],
      ]);
    const shutdown = () => spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
    const ping = () =>
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .trim() === 'PONG';
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    redis();
    const worker = spawn(
      process.execPath,
      ['cli/agora.js', 'worker', '--redis', `redis://127.0.0.1:${port}`, '--prefix', `connect-${process.pid}`],
      { env: { ...process.env, ...CLEAN }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    worker.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const until = async (what: () => boolean, ms: number) => {
      for (const end = Date.now() + ms; !what(); await sleep(50))
        if (Date.now() > end) throw new Error(`timed out; the worker said:\n${err}`);
    };
    try {
      await until(() => err.includes('taking jobs'), 30_000);
      shutdown();
      await until(() => err.includes('lost the connection'), 10_000);
      await sleep(2000); // ioredis retries several times meanwhile
      redis();
      await until(ping, 10_000);
      await until(() => err.includes('reconnected'), 15_000);
      const lines = err.trimEnd().split('\n');
      expect(lines.filter((l) => l.includes('lost the connection'))).toEqual([
        expect.stringMatching(
          new RegExp(`WARN lost the connection to Redis at redis://127.0.0.1:${port}: .*; retrying$`),
        ),
      ]);
      expect(lines.filter((l) => l.includes('reconnected'))).toEqual([
        expect.stringMatching(new RegExp(`INFO reconnected to Redis at redis://127.0.0.1:${port}$`)),
      ]);
    } finally {
      worker.kill('SIGKILL');
      shutdown();
    }
  });
  test('agora worker --json logs one JSON object a line; --quiet logs nothing but warnings and errors', async () => {
    const port = await unusedPort();
    const dir = mkdtempSync(`${tmpdir()}/agora-redis-`);
    execFileSync('redis-server', [
      ...['--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'yes', '--save', ''],
      ...['--appendonly', 'no', '--dir', dir, '--logfile', `${dir}/redis.log`, '--pidfile', `${dir}/redis.pid`],
    ]);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const worker = async (flag: string, stopWhen: (err: string) => boolean) => {
      const child = spawn(
        process.execPath,
        ['cli/agora.js', 'worker', flag, '--redis', `redis://127.0.0.1:${port}`, '--prefix', `json-${process.pid}`],
        { env: { ...process.env, ...CLEAN }, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      // Generous: on a loaded CI machine the worker's start-up alone can take seconds.
      for (const end = Date.now() + 60_000; !stopWhen(err) && Date.now() < end;) await sleep(50);
      const ready = stopWhen(err);
      child.kill('SIGTERM');
      if (!ready) throw new Error(`agora worker ${flag} was not ready within 60 s; it said:\n${err}`);
      return { code: await exited, err };
    };
    try {
      const json = await worker('--json', (err) => err.includes('taking jobs'));
      expect(json.code).toBe(0);
      const lines = json.err
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { level: string; msg: string });
      expect(lines[0]).toMatchObject({ level: 'info', msg: expect.stringContaining('taking jobs from redis://') });
      expect(lines.at(-1)).toMatchObject({ level: 'info', msg: expect.stringContaining('then stopping') });
      // Quiet: connected (Redis lists the worker's connections; then a second for its handlers) and
      // stopped again without a line.
      const clients = () =>
        (spawnSync('redis-cli', ['-p', String(port), 'client', 'list']).stdout?.toString() ?? '')
          .split('\n')
          .filter((l) => l.includes('cmd=') && !l.includes('cmd=client')).length;
      let seen = 0;
      const quiet = await worker('--quiet', () => (clients() > 0 ? ++seen : 0) > 40);
      expect(quiet).toEqual({ code: 0, err: '' });
    } finally {
      spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
    }
  });
});
