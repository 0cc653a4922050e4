/**
 * A fresh arena ranks every game's whole roster at once: the recorded starting ladder
 * (arena/ladder/<game>.json, made by scripts/record-starting-ladder.ts) is imported on first start.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, test } from 'vitest';
import { createApp, importStartingLadder, openSqliteStore, rosterFor, type LadderFile } from '../arena/index.js';
import { getGame, listGames } from '../envs/index.js';
import { modelHashes } from '../play/index.js';

describe('the starting ladder', () => {
  test('a fresh store: every roster bot of every game is rated at start; a second start imports nothing', async () => {
    const store = openSqliteStore(':memory:');
    const app = createApp({ store, writeLimitPerMinute: false, log: () => {}, backgroundNice: 0 });
    try {
      await app.arena.bootstrap({ tournament: false });
      // The first Bradley-Terry fits start with the arena, on the fitting thread.
      await app.arena.ratings.idle();
      for (const game of listGames()) {
        const file = `arena/ladder/${game}.json`;
        expect(existsSync(file), `${file} is missing: npx tsx scripts/record-starting-ladder.ts ${game}`).toBe(true);
        const board = (await request(app).get('/api/leaderboard').query({ game })).body;
        const bots = board.rows.filter((r: { kind: string }) => r.kind === 'bot');
        expect(bots.length, game).toBeGreaterThanOrEqual(4);
        for (const bot of bots) {
          expect(bot.games, `${game}: ${bot.name}`).toBeGreaterThan(0);
          expect(bot.bt, `${game}: ${bot.name}`).not.toBeNull();
        }
        // The policy trained in PyTorch and exported (issue 35) is rated with the rest.
        if (game === 'promotion')
          expect(bots.map((b: { name: string }) => b.name)).toContain('Policy net (ppo-python)');
        const html = (await request(app).get('/leaderboard').query({ game })).text;
        expect(html).toContain('Bradley-Terry');
      }
      const before = await store.countGames('perikles');
      await app.arena.bootstrap({ tournament: false });
      expect(await store.countGames('perikles')).toBe(before);
    } finally {
      await app.arena.close();
      await store.close();
    }
  });

  test("every game's ladder was played by the roster's models as shipped", () => {
    for (const game of listGames()) {
      const file = JSON.parse(readFileSync(`arena/ladder/${game}.json`, 'utf8')) as LadderFile;
      const roster = rosterFor(getGame(game), 'models');
      expect(file.roster, `${game}: the roster changed; npx tsx scripts/record-starting-ladder.ts ${game}`).toEqual(
        roster,
      );
      expect(
        file.models,
        `${game}: a model changed since its ladder was played; npx tsx scripts/record-starting-ladder.ts ${game}`,
      ).toEqual(modelHashes(roster));
    }
  });

  test('a model changed since the ladder was recorded: its games are left out, the others imported', async () => {
    const file = JSON.parse(readFileSync('arena/ladder/promotion.json', 'utf8')) as LadderFile;
    const dir = mkdtempSync(join(tmpdir(), 'agora-ladder-'));
    const importInto = async (models: Record<string, string>): Promise<number> => {
      writeFileSync(join(dir, 'promotion.json'), JSON.stringify({ ...file, models }));
      const store = openSqliteStore(':memory:');
      const app = createApp({ store, writeLimitPerMinute: false, log: () => {}, backgroundNice: 0 });
      try {
        await app.arena.bootstrap({ tournament: false, ladder: false });
        return await importStartingLadder(app.arena.ctx, 'promotion', dir);
      } finally {
        await app.arena.close();
        await store.close();
      }
    };
    try {
      const az = 'models/promotion/az';
      const withoutAz = file.games.filter((g) => !g.seats.some((spec) => spec.includes(`:${az}`))).length;
      expect(withoutAz).toBeGreaterThan(0);
      expect(withoutAz).toBeLessThan(file.games.length);
      expect(await importInto(file.models!)).toBe(file.games.length);
      expect(await importInto({ ...file.models, [az]: 'another net' })).toBe(withoutAz);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
