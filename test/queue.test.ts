/**
 * The Redis job queue against real servers (test/global-services.ts): a tournament played by two
 * `agora worker` processes, one killed mid-run, loses no game and counts none twice; jobs are
 * idempotent by key; self-play through the queue gives the same games as in this process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueueEvents } from 'bullmq';
import request from 'supertest';
import { afterAll, describe, expect, test } from 'vitest';
import { openPgStore, openSqliteStore, type Store, DEFAULT_ROSTER, QueueRunner } from '../arena/index.js';
import { applyElo, QueueClient, QUEUE_NAME, redisConnection } from '../play/index.js';
import { getGame } from '../envs/index.js';
import { testArena } from './arena-helpers.js';
import { pgTestUrl, redisTestUrl, servicesAvailable, uniqueSchema } from './services.js';

const CLI = fileURLToPath(new URL('../cli/agora.js', import.meta.url));
const children: ChildProcess[] = [];
let prefixes = 0;
const newPrefix = () => `agora-test-${process.pid}-${++prefixes}`;

/** Starts `agora worker` as its own process; resolves once it said it is taking jobs. */
function startWorker(prefix: string, log: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'worker', '--redis', redisTestUrl(), '--prefix', prefix], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const lines = text.split('\n');
      text = lines.pop()!;
      for (const line of lines) {
        log.push(line);
        if (line.includes('taking jobs')) resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`agora worker exited with ${code} before taking jobs`)));
  });
}

/** Stops a worker with SIGTERM and resolves once it exited and its stderr is fully read. */
function stopAndDrain(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null && child.stderr!.readableEnded) return resolve();
    child.once('close', () => resolve());
    child.kill('SIGTERM');
  });
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

const { redis: haveRedis, postgres: havePostgres } = servicesAvailable();

describe.runIf(haveRedis)('the job queue (Redis, BullMQ) with agora worker processes', () => {
  test.runIf(havePostgres)(
    'a tournament across 2 worker processes, one killed mid-run, records every game exactly once',
    async () => {
      const prefix = newPrefix();
      const store: Store = await openPgStore(pgTestUrl(), { schema: uniqueSchema('queue') });
      const runner = new QueueRunner(redisTestUrl(), { prefix });
      const events = new QueueEvents(QUEUE_NAME, { connection: redisConnection(redisTestUrl()), prefix });
      let stalled = 0;
      events.on('stalled', () => stalled++);
      await events.waitUntilReady();
      // No model folders: the roster is the search bots alone, whose games this test's timing is built on.
      const app = await testArena({ store, runner, modelsDir: mkdtempSync(join(tmpdir(), 'agora-no-models-')) });
      try {
        const logA: string[] = [];
        const logB: string[] = [];
        const [a] = await Promise.all([startWorker(prefix, logA), startWorker(prefix, logB)]);
        const bots = (await store.listAgents('tictactoe')).filter((x) => x.kind === 'bot');
        expect(bots.map((b) => b.spec)).toEqual([...DEFAULT_ROSTER]);
        // mcts(1000) keeps each game busy for a while, so the killed worker dies holding one.
        const t = await app.arena.tournaments.start({ game: 'tictactoe', agents: bots.map((b) => b.id), games: 60 });
        const total = 60;
        await new Promise<void>((resolve) => {
          const check = setInterval(() => {
            if (logA.filter((l) => l.includes(' done in ')).length >= 4) {
              clearInterval(check);
              resolve();
            }
          }, 20);
        });
        a.kill('SIGKILL');
        await app.arena.tournaments.idle();
        const after = await store.getTournament(t.id);
        expect(after).toMatchObject({ status: 'done', gamesDone: total, gamesTotal: total });
        const games = (await store.listGames('tictactoe', 10_000)).filter((g) => g.tournamentId === t.id);
        expect(games.map((g) => g.id).sort()).toEqual(Array.from({ length: total }, (_, i) => `${t.id}:${i}`).sort());
        const ratings = await store.ratings('tictactoe');
        // Every game rated once: each has two seats, so the games played sum to 2 per game (one agent
        // may hold both seats: then 1).
        const expectedGames = games.reduce((sum, g) => sum + new Set(g.seats).size, 0);
        expect(ratings.reduce((sum, r) => sum + r.games, 0)).toBe(expectedGames);
        expect(await store.ratingHistory('tictactoe')).toHaveLength(expectedGames);
        // The killed worker's game went back to the queue and was played by the other one.
        expect(stalled).toBeGreaterThanOrEqual(1);
        expect(logB.filter((l) => l.includes(' done in ')).length).toBeGreaterThan(0);
        const queue = (await request(app).get('/api/queue')).body as {
          runner: string;
          queue: { completed: number; workers: number };
        };
        expect(queue.runner).toMatch(/^job queue/);
        expect(queue.queue.completed).toBe(total);
      } finally {
        await app.arena.close();
        await runner.close();
        await events.close();
        await store.close();
      }
    },
    180_000,
  );

  test('a job key already queued or played is not played again; its stored result answers', async () => {
    const prefix = newPrefix();
    const client = new QueueClient(redisTestUrl(), { prefix });
    const log: string[] = [];
    const worker = await startWorker(prefix, log);
    try {
      const job = { index: 0, game: 'tictactoe', seats: ['random', 'random'], seed: 'same' };
      const first: unknown[] = [];
      const second: unknown[] = [];
      await Promise.all([
        client.run([{ key: 'g:1', data: { kind: 'match', job, timeoutMs: 60_000 } }], (r) => first.push(r)),
        client.run([{ key: 'g:1', data: { kind: 'match', job, timeoutMs: 60_000 } }], (r) => second.push(r)),
      ]);
      await client.run([{ key: 'g:1', data: { kind: 'match', job, timeoutMs: 60_000 } }], (r) => second.push(r));
      expect(second).toEqual([first[0], first[0]]);
      // The client hears of completion from Redis, possibly before the worker's log line crosses
      // the pipe: stop the worker and read its whole log before counting the games it played.
      await stopAndDrain(worker);
      expect(log.filter((l) => l.includes(' done in '))).toHaveLength(1);
      expect((await client.counts()).completed).toBe(1);
    } finally {
      worker.kill('SIGTERM');
      await client.close();
    }
  }, 60_000);

  test('a game past its timeout fails every attempt, and the run rejects naming the timeout', async () => {
    const prefix = newPrefix();
    const client = new QueueClient(redisTestUrl(), { prefix, attempts: 2 });
    const log: string[] = [];
    const worker = await startWorker(prefix, log);
    try {
      // About 0.1 s a decision, so the game is still running when 100 ms are up.
      const job = {
        index: 0,
        game: 'tictactoe',
        seats: ['mcts:iterations=20000', 'mcts:iterations=20000'],
        seed: 'slow',
      };
      await expect(
        client.run([{ key: 'slow:1', data: { kind: 'match', job, timeoutMs: 100 } }], () => {}),
      ).rejects.toThrow(/failed on every attempt: game slow\|1 ran past its 100 ms timeout/);
      expect(await client.counts()).toMatchObject({ failed: 1, completed: 0 });
      await stopAndDrain(worker);
      expect(log.filter((l) => l.includes('failed: game slow|1 ran past its 100 ms timeout'))).toHaveLength(2);
      expect(log.filter((l) => l.includes(' done in '))).toHaveLength(0);
    } finally {
      worker.kill('SIGTERM');
      await client.close();
    }
  }, 60_000);

  test('the SQLite store records queued results too (the queue does not need PostgreSQL)', async () => {
    const prefix = newPrefix();
    const store = openSqliteStore(':memory:');
    const runner = new QueueRunner(redisTestUrl(), { prefix });
    const app = await testArena({ store, runner });
    const worker = await startWorker(prefix, []);
    try {
      const bots = (await store.listAgents('tictactoe')).filter((x) => x.kind === 'bot' && !x.spec.startsWith('mcts'));
      const t = await app.arena.tournaments.start({ game: 'tictactoe', agents: bots.map((b) => b.id), games: 8 });
      await app.arena.tournaments.idle();
      expect(await store.getTournament(t.id)).toMatchObject({ status: 'done', gamesDone: 8 });
      expect(await store.countGames('tictactoe')).toBe(8);
    } finally {
      worker.kill('SIGTERM');
      await app.arena.close();
      await runner.close();
      await store.close();
    }
  }, 60_000);

  test.runIf(havePostgres)(
    "a payoff game's queued results come with their chips and are rated by them (Kuhn poker)",
    async () => {
      const prefix = newPrefix();
      const store = await openPgStore(pgTestUrl(), { schema: uniqueSchema('queue_kuhn') });
      const runner = new QueueRunner(redisTestUrl(), { prefix });
      const app = await testArena({ store, runner });
      const worker = await startWorker(prefix, []);
      try {
        const bots = (await store.listAgents('kuhn')).filter((x) => x.spec === 'random' || x.spec === 'greedy');
        const t = await app.arena.tournaments.start({ game: 'kuhn', agents: bots.map((b) => b.id), games: 8 });
        await app.arena.tournaments.idle();
        expect(await store.getTournament(t.id)).toMatchObject({ status: 'done', gamesDone: 8 });
        const games = await store.listGames('kuhn', 100);
        const kuhn = getGame('kuhn');
        const elo: Record<string, number> = {};
        // In the order they were rated (their first rating points), by chips.
        for (const id of new Set((await store.ratingHistory('kuhn')).map((p) => p.gameId))) {
          const g = games.find((x) => x.id === id)!;
          const state = kuhn.newGame({ players: 2, seed: g.seed });
          for (const a of g.actions) state.applyAction(a);
          expect(g).toMatchObject({ returns: state.returns(), payoffScale: 2 });
          applyElo(elo, g.seats, g);
        }
        for (const r of await store.ratings('kuhn')) if (r.games > 0) expect(r.elo).toBeCloseTo(elo[r.agentId], 9);
      } finally {
        worker.kill('SIGTERM');
        await app.arena.close();
        await runner.close();
        await store.close();
      }
    },
    60_000,
  );

  test('self-play games through the queue are the games this process would play', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const training = await import('../training/index.js');
    const ttt = getGame('tictactoe');
    const dir = join(mkdtempSync(join(tmpdir(), 'agora-queue-model-')), 'm');
    const shape = training.networkShape(ttt, 2);
    await training.saveModel(training.buildNetwork(shape, { width: 8, blocks: 1 }, 4), dir, {
      format: training.MODEL_FORMAT,
      game: 'tictactoe',
      players: 2,
      encodingVersion: ttt.encodingVersion,
      observationSize: shape.observationSize,
      actionSize: shape.actionSize,
      network: { width: 8, blocks: 1 },
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const prefix = newPrefix();
    const pool = new training.QueueTrainingPool(redisTestUrl(), 'test-run', prefix);
    const worker = await startWorker(prefix, []);
    try {
      const options = { iterations: 16, cPuct: 1.25, noise: 0.25, alpha: 0.3, temperatureMoves: 2 };
      const records = await pool.selfPlay({ game: 'tictactoe', players: 2, modelDir: dir, options }, ['s1', 's2']);
      const net = training.loadPolicyFolder(dir, ttt);
      expect(records).toEqual(['s1', 's2'].map((seed) => training.playSelfPlayGame(ttt, net, 2, seed, options)));
      const [result] = await pool.matches([
        { index: 0, game: 'tictactoe', seats: [`neural:${dir}`, 'random'], seed: 'm1' },
      ]);
      expect(result.actions.length).toBeGreaterThanOrEqual(5);
    } finally {
      worker.kill('SIGTERM');
      await pool.close();
    }
  }, 90_000);
});

describe.runIf(haveRedis)('training through the job queue', () => {
  test('with a Redis URL the trainer plays on agora workers and trains exactly as it does in-process', async () => {
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const training = await import('../training/index.js');
    await training.initBackend({ announce: false });
    const ttt = getGame('tictactoe');
    const config = {
      ...training.defaultAzConfig(ttt, 2, 'queued'),
      network: { width: 8, blocks: 1 },
      iterations: 8,
      gamesPerGeneration: 4,
      batchSize: 16,
      gateGames: 4,
      evalEvery: 100,
      evalGames: 2,
      baselines: ['random'],
      policyBaselines: ['random'],
    };
    const base = mkdtempSync(join(tmpdir(), 'agora-queue-train-'));
    const prefix = newPrefix();
    const log: string[] = [];
    const worker = await startWorker(prefix, log);
    try {
      const local = await training.trainExpertIteration(config, {
        out: join(base, 'local'),
        minutes: 5,
        maxGenerations: 2,
        workers: 1,
      });
      const queued = await training.trainExpertIteration(config, {
        out: join(base, 'queued'),
        minutes: 5,
        maxGenerations: 2,
        redisUrl: redisTestUrl(),
        queuePrefix: prefix,
      });
      expect(queued).toMatchObject({ generations: 2, gamesPlayed: local.gamesPlayed, steps: local.steps });
      const rows = (dir: string) =>
        readFileSync(join(base, dir, 'metrics.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((l) => {
            const { time: _t, minutes: _m, ...rest } = JSON.parse(l) as Record<string, unknown>;
            return rest;
          });
      expect(rows('queued')).toEqual(rows('local'));
      expect(
        readFileSync(join(base, 'queued', 'weights.bin')).equals(readFileSync(join(base, 'local', 'weights.bin'))),
      ).toBe(true);
      await stopAndDrain(worker);
      // Self-play, gating and evaluation games all went through the worker.
      // Self-play jobs are runs of seeds played in flight together: count their games.
      const selfPlayGames = log
        .map((l) => / self-play \S+ \((\d+) games\) done in /.exec(l))
        .reduce((sum, m) => sum + (m ? Number(m[1]) : 0), 0);
      expect(selfPlayGames).toBe(2 * config.gamesPerGeneration);
      expect(log.filter((l) => / match \S+ done in /.test(l)).length).toBeGreaterThanOrEqual(2 * config.gateGames);
    } finally {
      worker.kill('SIGTERM');
    }
  }, 120_000);
});

if (!haveRedis) {
  describe('the job queue (Redis, BullMQ)', () => {
    test(`not run: ${servicesAvailable().reason}`, (ctx) => {
      // .ci/run requires the servers: there their absence fails the run instead of passing as a skip.
      if (process.env.AGORA_REQUIRE_SERVICES === '1')
        throw new Error(`the test servers are required but missing: ${servicesAvailable().reason}`);
      ctx.skip();
    });
  });
}
