/**
 * With the job queue, people's tournament games are taken before the arena's own ranking games
 * (BullMQ priorities; arena/queue/queue-runner.ts), whatever order they were queued in. Real Redis
 * (test/global-services.ts) and an in-process worker taking one job at a time.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { QueueRunner, type RunnerJob } from '../arena/index.js';
import { startWorker } from '../play/index.js';
import { redisTestUrl, servicesAvailable } from './services.js';

const prefix = `agora-priority-${process.pid}-${Math.round(performance.timeOrigin)}`;
const closing: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const c of closing.reverse()) await c.close();
});

const job = (id: string): RunnerJob => ({ id, index: 0, game: 'tictactoe', seats: ['random', 'random'], seed: id });

describe.runIf(servicesAvailable().redis)('the job queue', () => {
  test("a worker takes a person's tournament game before the arena's own queued earlier", async () => {
    const runner = new QueueRunner(redisTestUrl(), { prefix });
    closing.push(runner);
    const waiting = async (n: number) => {
      for (let i = 0; i < 400 && (await runner.client.counts()).waiting < n; i++) await sleep(25);
    };
    const order: string[] = [];
    const arena = runner.play([job('ranking:0'), job('ranking:1')], {
      priority: 'arena',
      onResult: (_, position) => order.push(`arena ${position}`),
    });
    await waiting(2);
    const people = runner.play([job('mine:0')], { priority: 'people', onResult: () => order.push('people') });
    await waiting(3);
    closing.push(await startWorker({ url: redisTestUrl(), prefix, concurrency: 1 }));
    await Promise.all([arena, people]);
    expect(order[0]).toBe('people');
    expect(order.slice(1).sort()).toEqual(['arena 0', 'arena 1']);
  });
});
