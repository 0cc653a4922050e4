/**
 * People's-match bot decisions through the Redis job queue (REDIS_URL): an `agora worker` process
 * makes them, and a match plays exactly as it does on the arena's own bot threads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { QueueBots, QueueRunner, type ArenaApp } from '../arena/index.js';
import { QueueClient } from '../play/index.js';
import { getGame } from '../envs/index.js';
import { botIds, testArena } from './arena-helpers.js';
import { redisTestUrl, servicesAvailable } from './services.js';

const CLI = fileURLToPath(new URL('../cli/agora.js', import.meta.url));
const children: ChildProcess[] = [];
const prefix = (name: string) => `agora-test-bots-${process.pid}-${name}`;

/** Starts `agora worker` as its own process; resolves once it said it is taking jobs. */
function startWorker(queuePrefix: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'worker', '--redis', redisTestUrl(), '--prefix', queuePrefix], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('taking jobs')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`agora worker exited with ${code} before taking jobs`)));
  });
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A promotion match against greedy and MCTS, the person (seat 0) playing its first legal action; its actions. */
async function playMatch(app: ArenaApp): Promise<number[]> {
  const { arena } = app;
  const bots = await botIds(app, 'promotion');
  const opponents = [bots.greedy, bots['mcts:iterations=200,cutoff=30'], bots.greedy];
  const m = await arena.matches.create({ game: 'promotion', players: 4, opponents, seat: 0, player: { guest: true } });
  let page = await arena.matches.seatPage(m.id, m.token);
  while (page.status === 'live')
    page = await arena.matches.act(m.id, m.token, page.legalActions[0].action, page.decisions);
  return (await arena.ctx.store.getMatch(m.id))!.actions;
}

describe.runIf(servicesAvailable().redis)("people's-match bot decisions on agora worker processes", () => {
  test('a match decided through the queue plays exactly as on the arena threads', async () => {
    const local = await testArena();
    let here: number[];
    try {
      here = await playMatch(local);
      expect(local.arena.ctx.bots.counts.remote).toBe(0);
    } finally {
      await local.arena.close();
    }

    const queuePrefix = prefix('match');
    const worker = await startWorker(queuePrefix);
    const runner = new QueueRunner(redisTestUrl(), { prefix: queuePrefix });
    const queued = await testArena({ runner });
    try {
      const there = await playMatch(queued);
      expect(there).toEqual(here);
      const { counts } = queued.arena.ctx.bots;
      expect(counts.remote).toBeGreaterThan(10);
      // None was made on this process's bot threads.
      expect(counts.delta + counts.whole).toBe(0);
    } finally {
      worker.kill('SIGTERM');
      await queued.arena.close();
      await runner.close();
    }
  }, 120_000);

  test('without a worker, a decision gives up after its wait with a message saying why', async () => {
    const client = new QueueClient(redisTestUrl(), { prefix: prefix('none') });
    try {
      const state = getGame('tictactoe').newGame({ players: 2, seed: 's' });
      const bots = new QueueBots(client, 300);
      await expect(
        bots.decide({
          key: 'm',
          budgetMs: 100,
          game: 'tictactoe',
          spec: 'greedy',
          seed: 's:decision:0',
          match: { seed: 's', players: 2, actions: [] },
          state,
        }),
      ).rejects.toThrow(/bot greedy: no agora worker answered within 1 s .*reload to retry/);
    } finally {
      await client.close();
    }
  });
});
