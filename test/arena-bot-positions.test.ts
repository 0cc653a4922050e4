import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ArenaApp } from '../arena/index.js';
import { WorkerPool } from '../play/index.js';
import { botIds, testArena } from './arena-helpers.js';

let app: ArenaApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await app?.arena.close();
  app = undefined;
});

/** Plays the person's seat (the first legal action each time) until the match is over; returns the last page. */
async function playOut(arena: ArenaApp['arena'], id: string, token: string) {
  let page = await arena.matches.seatPage(id, token);
  while (page.status === 'live') page = await arena.matches.act(id, token, page.legalActions[0].action, page.decisions);
  return page;
}

describe("people's matches: bot threads keep positions", () => {
  test('a match against a thread bot sends its whole state once, then only new actions; its end drops it', async () => {
    app = await testArena();
    const { arena } = app;
    const bots = await botIds(app, 'promotion');
    const opponents = [bots.greedy, bots['mcts:iterations=200,cutoff=30'], bots.greedy];
    const first = await arena.matches.create({ game: 'promotion', players: 4, opponents, player: { guest: true } });
    const forget = vi.spyOn(arena.ctx.bots, 'forget');
    const page = await playOut(arena, first.id, first.token);
    expect(page.result).toBeDefined();
    expect(arena.ctx.bots.counts).toMatchObject({ whole: 1, missing: 0 });
    expect(arena.ctx.bots.counts.delta).toBeGreaterThan(10);
    expect(forget).toHaveBeenCalledWith(first.id);

    // The next match's bots decide first (the person sits last): the thread then holds only it.
    const second = await arena.matches.create({
      game: 'promotion',
      players: 4,
      opponents,
      seat: 3,
      player: { guest: true },
    });
    await arena.matches.seatPage(second.id, second.token);
    expect(arena.ctx.bots.counts.whole).toBe(2);
    expect(arena.ctx.bots.positionsHeld).toBe(1);
  });

  test('random bots decide without a thread round trip', async () => {
    const requests = vi.spyOn(WorkerPool.prototype, 'request');
    app = await testArena();
    const { arena } = app;
    const random = (await botIds(app, 'tictactoe')).random;
    const m = await arena.matches.create({
      game: 'tictactoe',
      players: 2,
      opponents: [random],
      player: { guest: true },
    });
    expect((await playOut(arena, m.id, m.token)).result).toBeDefined();
    expect(arena.ctx.bots.counts.inline).toBeGreaterThan(0);
    expect(requests).not.toHaveBeenCalled();
  });
});
