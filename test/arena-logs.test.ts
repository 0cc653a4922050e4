/**
 * The arena's log: every response carries an X-Request-Id (the caller's when sane) that the error
 * line of a failing request names; a background tournament logs its start, its progress at the
 * set interval and its end; `npm start` with LOG_FORMAT=json writes one JSON object a line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { createLogger } from '../play/index.js';
import { ARENA_NODE_FLAGS } from '../arena/index.js';
import { botIds, testArena } from './arena-helpers.js';

describe('request ids', () => {
  test('each response has one; a failing request logs it; a sane incoming one is kept, others replaced', async () => {
    const lines: string[] = [];
    const app = await testArena({ log: (line) => lines.push(line) });
    try {
      const ok = await request(app).get('/api/games');
      expect(ok.status).toBe(200);
      expect(ok.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{10}$/);
      const other = await request(app).get('/api/games');
      expect(other.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);

      const missing = await request(app).get('/api/matches/nope').set('X-Request-Id', 'proxy-42.a:b');
      expect(missing.status).toBe(404);
      expect(missing.headers['x-request-id']).toBe('proxy-42.a:b');
      expect(lines).toEqual([
        expect.stringMatching(/^GET \/api\/matches\/nope -> 404 not_found: .* request=proxy-42\.a:b$/),
      ]);

      for (const bad of ['has space', 'x'.repeat(65), 'quote"d']) {
        const res = await request(app).get('/nowhere').set('X-Request-Id', bad);
        expect(res.status).toBe(404);
        expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{10}$/);
        expect(lines.at(-1)).toContain(`request=${res.headers['x-request-id']}`);
      }
    } finally {
      await app.arena.close();
    }
  });

  test('LOG_FORMAT=json: the error line is an object with time, level, msg and the request id', async () => {
    const lines: string[] = [];
    const app = await testArena({ log: createLogger({ format: 'json', write: (l) => lines.push(l) }) });
    try {
      const res = await request(app).post('/api/matches').send({ game: 'chess' });
      expect(res.status).toBe(400);
      const entries = lines.map((l) => JSON.parse(l));
      expect(entries).toEqual([
        {
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          level: 'info',
          msg: expect.stringMatching(/^POST \/api\/matches -> 400 bad_request: /),
          request: res.headers['x-request-id'],
        },
      ]);
    } finally {
      await app.arena.close();
    }
  });

  test('LOG_LEVEL=debug logs every request with its status and time; info does not', async () => {
    const lines: string[] = [];
    const app = await testArena({ log: createLogger({ level: 'debug', format: 'bare', write: (l) => lines.push(l) }) });
    try {
      const res = await request(app).get('/api/games?token=secret');
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^GET /api/games -> 200 ms=\\d+ request=${res.headers['x-request-id']}$`)),
      ]);
    } finally {
      await app.arena.close();
    }
  });
});

describe('background tournaments', () => {
  test('log their start, their progress at the set interval and their end with the leaders', async () => {
    const lines: string[] = [];
    const app = await testArena({ log: (line) => lines.push(line), tournamentProgressMs: 25, tournamentThreads: 1 });
    try {
      const bots = await botIds(app, 'tictactoe');
      const t = await app.arena.tournaments.start({
        game: 'tictactoe',
        agents: [bots['random'], bots['greedy']],
        games: 40,
      });
      await app.arena.tournaments.idle();
      const mine = lines.filter((l) => l.startsWith(`tournament ${t.id}`));
      expect(mine[0]).toBe(`tournament ${t.id} started: 40 games of tictactoe between 2 bots, on worker threads`);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      for (const line of mine.slice(1, -1))
        expect(line).toMatch(new RegExp(`^tournament ${t.id}: \\d+/40 games, \\d+\\.\\d\\d games/s left=\\d+$`));
      expect(mine.at(-1)).toMatch(
        new RegExp(
          `^tournament ${t.id} done: 40 games played in \\d+\\.\\d s; leading: \\S+ \\d+, \\S+ \\d+ games=40$`,
        ),
      );
    } finally {
      await app.arena.close();
    }
  });
});

describe('npm start', () => {
  test("runs the server with the arena's Node flags (ARENA_NODE_FLAGS), which Node accepts", () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`tsx ${ARENA_NODE_FLAGS.join(' ')} arena/server.ts`);
    const run = spawnSync(process.execPath, [
      ...ARENA_NODE_FLAGS,
      '-p',
      `process.execArgv.slice(0, ${ARENA_NODE_FLAGS.length}).join(' ')`,
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout.toString().trim()).toBe(ARENA_NODE_FLAGS.join(' '));
  });

  test('LOG_FORMAT=json: the start line names the store and queue; errors carry the request id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agora-logs-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'arena/server.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        AGORA_DB: join(dir, 'agora.db'),
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const entries: Record<string, unknown>[] = [];
    let rest = '';
    let seen: (() => void) | undefined;
    child.stderr.on('data', (d: Buffer) => {
      const parts = (rest + d.toString()).split('\n');
      rest = parts.pop()!;
      for (const line of parts) entries.push(JSON.parse(line));
      seen?.();
    });
    const until = (what: (e: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such log line in ${JSON.stringify(entries)}`)), 60_000);
        seen = () => {
          const found = entries.find(what);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        };
        seen();
      });
    try {
      const start = await until((e) => String(e.msg).startsWith('Agora arena on'));
      expect(start).toMatchObject({ level: 'info', store: `SQLite ${join(dir, 'agora.db')}`, queue: 'none' });
      expect(Number.isNaN(Date.parse(String(start.time)))).toBe(false);
      const res = await fetch(`http://127.0.0.1:${start.port}/api/matches/nope`, {
        headers: { 'X-Request-Id': 'from-the-proxy' },
      });
      expect(res.status).toBe(404);
      expect(res.headers.get('x-request-id')).toBe('from-the-proxy');
      const error = await until((e) => e.request === 'from-the-proxy');
      expect(error).toMatchObject({ level: 'info', msg: expect.stringMatching(/^GET \/api\/matches\/nope -> 404/) });
    } finally {
      child.kill('SIGKILL');
    }
  });
});
