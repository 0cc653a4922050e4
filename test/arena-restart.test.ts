import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { createApp, openPgStore, openSqliteStore, type Store } from '../arena/index.js';
import { pgTestUrl, servicesAvailable, uniqueSchema } from './services.js';

/**
 * Each backend: a place for one arena's data (a SQLite file, a PostgreSQL schema), how an arena in
 * this process opens it, and the environment a server process needs to open it.
 */
interface Backend {
  fresh: () => Promise<string>;
  open: (where: string) => Promise<Store>;
  env: (where: string) => Record<string, string>;
}

const BACKENDS: [string, Backend][] = [
  [
    'SQLite',
    {
      fresh: async () => join(mkdtempSync(join(tmpdir(), 'agora-restart-')), 'agora.db'),
      open: async (file) => openSqliteStore(file),
      env: (file) => ({ AGORA_DB: file }),
    },
  ],
  [
    'PostgreSQL',
    {
      // The schema is made (and migrated) here; the server reaches it through the URL's search_path.
      fresh: async () => {
        const schema = uniqueSchema('restart');
        await (await openPgStore(pgTestUrl(), { schema })).close();
        return schema;
      },
      open: (schema) => openPgStore(pgTestUrl(), { schema }),
      env: (schema) => ({
        DATABASE_URL:
          `${pgTestUrl()}${pgTestUrl().includes('?') ? '&' : '?'}` +
          `options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      }),
    },
  ],
];

let backend: Backend;

async function openArena(where: string) {
  const app = createApp({ store: await backend.open(where), writeLimitPerMinute: false, botThreads: 1, log: () => {} });
  await app.arena.bootstrap({ tournament: false });
  return app;
}

async function closeArena(app: Awaited<ReturnType<typeof openArena>>) {
  await app.arena.close();
  await app.arena.ctx.store.close();
}

describe.each(BACKENDS.filter(([name]) => name === 'SQLite' || servicesAvailable().postgres))(
  '%s: a restart loses no game in progress',
  (_name, chosen) => {
    test('close the app mid-game, open a new one on the same store, finish the game', async () => {
      backend = chosen;
      const file = await backend.fresh();
      let app = await openArena(file);
      const bots = (await app.arena.ctx.store.listAgents('promotion')).filter((a) => a.kind === 'bot').map((a) => a.id);
      const { id, token, name } = (
        await request(app)
          .post('/api/matches')
          .send({ game: 'promotion', players: 4, opponents: bots.slice(0, 3) })
      ).body;
      let page = (await request(app).get(`/api/matches/${id}`).query({ token })).body;
      for (let i = 0; i < 3 && page.status === 'live'; i++) {
        page = (
          await request(app)
            .post(`/api/matches/${id}/actions`)
            .send({ token, action: page.legalActions[0].action, decisions: page.decisions })
        ).body;
      }
      const decisions = page.decisions;
      await closeArena(app);

      app = await openArena(file);
      page = (await request(app).get(`/api/matches/${id}`).query({ token })).body;
      expect(page.decisions).toBe(decisions);
      while (page.status === 'live') {
        page = (
          await request(app)
            .post(`/api/matches/${id}/actions`)
            .send({ token, action: page.legalActions[0].action, decisions: page.decisions })
        ).body;
      }
      expect(page.result.gameId).toBeDefined();
      const stored = await app.arena.ctx.store.getGame(page.result.gameId);
      expect(stored?.actions).toHaveLength(page.decisions);
      // The stored seed and actions replay to the same result.
      // The person is a guest: on the ladder once rated, shown with guests=1.
      const board = (await request(app).get('/api/leaderboard').query({ game: 'promotion', guests: '1' })).body;
      expect(board.rows.find((r: { name: string }) => r.name === name).games).toBe(1);
      await closeArena(app);
    });

    test('kill -9 of the server process: the game in progress and every finished game survive', async () => {
      backend = chosen;
      const file = await backend.fresh();
      const port = 3900 + Math.floor(process.pid % 90);
      const start = (): Promise<ChildProcess> =>
        new Promise((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', 'arena/server.ts'], {
            env: { ...process.env, PORT: String(port), DATABASE_URL: '', ...backend.env(file) },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          // The server logs on standard error (LOG_LEVEL, LOG_FORMAT); read it, or a full pipe would stall it.
          child.stderr!.on('data', (d: Buffer) => {
            if (d.toString().includes('Agora arena on')) resolve(child);
          });
          child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
        });
      const base = `http://127.0.0.1:${port}`;
      let server = await start();
      const bots = (
        (await (await fetch(`${base}/api/agents?game=tictactoe`)).json()) as { id: string; kind: string }[]
      ).filter((a) => a.kind === 'bot');
      const post = async (path: string, body: unknown) =>
        (
          await fetch(`${base}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
      const { id, token } = (await post('/api/matches', {
        game: 'tictactoe',
        players: 2,
        opponents: [bots[0].id],
        seat: 0,
      })) as { id: string; token: string };
      const first = (await post(`/api/matches/${id}/actions`, { token, action: 4, decisions: 0 })) as {
        decisions: number;
      };
      const finishedBefore = (
        (await (await fetch(`${base}/api/leaderboard?game=tictactoe`)).json()) as { games: number }
      ).games;
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));

      server = await start();
      const page = (await (await fetch(`${base}/api/matches/${id}?token=${token}`)).json()) as {
        decisions: number;
        view: { board: number[] };
      };
      expect(page.decisions).toBe(first.decisions);
      expect(page.view.board[4]).toBe(0);
      const finishedAfter = (
        (await (await fetch(`${base}/api/leaderboard?game=tictactoe`)).json()) as { games: number }
      ).games;
      expect(finishedAfter).toBeGreaterThanOrEqual(finishedBefore);
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      // The server wrote where this backend's store reads (the SQLite file, the PostgreSQL schema).
      const store = await backend.open(file);
      try {
        expect((await store.getMatch(id))?.actions).toHaveLength(first.decisions);
      } finally {
        await store.close();
      }
    });
  },
);
