/**
 * Every game in real Chromium, as a newcomer meets it: a guest starts a game against the arena's
 * bots, plays it to its result through the forms, and at the start, the middle and the end the page
 * is photographed at 1280 and 390 px wide (test-output/screenshots/<game>-<stage>-<width>.png) and
 * checked: no sideways scrolling, the board drawn as SVG beside the move panel, and every card or
 * place named on the page explained in its reference.
 *
 * Chromium is required, not optional: without it the test fails (CI installs it).
 */
import { existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, gotoRefreshing } from './chromium.js';
import { createApp, openSqliteStore, type ArenaApp } from '../arena/index.js';
import { getGame, listGames } from '../envs/index.js';

const SHOTS = join('test-output', 'screenshots');
const WIDTHS = [1280, 390] as const;

let app: ArenaApp;
let server: Server;
let base: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: the browser tests need Debian's chromium (apt-get install chromium)`);
  mkdirSync(SHOTS, { recursive: true });
  app = createApp({ store: openSqliteStore(':memory:'), writeLimitPerMinute: false, log: () => {} });
  await app.arena.bootstrap({ tournament: false });
  server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await app?.arena.close();
  await app?.arena.ctx.store.close();
}, 30_000);

/** Photographs the page at both widths and checks what every width must hold. */
async function inspect(page: Page, game: string, stage: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = (await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    expect(overflow, `${game} ${stage} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    // A board that fits its card is shown whole; only one wider than the card may scroll inside it.
    const fit = (await page.evaluate(
      `(() => { const card = document.querySelector('.board-card'), svg = card.querySelector('svg.board');
        const inner = card.clientWidth - parseFloat(getComputedStyle(card).paddingLeft) * 2;
        return [svg.viewBox.baseVal.width, svg.getBoundingClientRect().width, inner]; })()`,
    )) as [number, number, number];
    if (fit[0] <= fit[2]) {
      expect(
        fit[1],
        `${game} ${stage} at ${width} px: a ${fit[0]} px board is drawn wider than its card`,
      ).toBeLessThanOrEqual(fit[2] + 1);
    }
    await page.screenshot({ path: join(SHOTS, `${game}-${stage}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await page.locator('svg.board').count(), `${game} ${stage}: the drawn board`).toBe(1);
  // At 1280×800 the board and the move panel are side by side, both starting in view.
  const [boardBox, panelBox] = await Promise.all([
    page.locator('.board-card').boundingBox(),
    page.locator('.panel').boundingBox(),
  ]);
  expect(boardBox!.y).toBeLessThan(800);
  expect(panelBox!.y).toBeLessThan(800);
  expect(panelBox!.x).toBeGreaterThan(boardBox!.x);
  // Every card, tile or place the page names is explained in its reference.
  const def = getGame(game);
  const pageText = (await page.locator('.board-col').innerText()) + (await page.locator('.panel').innerText());
  const explained = new Set(
    await page
      .locator('details.reference dt')
      .evaluateAll((dts) =>
        dts.map((dt) =>
          (
            (dt as unknown as { firstChild: { textContent: string | null } | null }).firstChild?.textContent ?? ''
          ).trim(),
        ),
      ),
  );
  for (const entry of def.glossary) {
    if (
      new RegExp(`(?<![\\p{L}\\p{N}])${entry.term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(
        pageText,
      )
    ) {
      expect(
        explained.has(entry.term),
        `${game} ${stage}: '${entry.term}' is on the page but not in its reference`,
      ).toBe(true);
    }
  }
}

describe.each(listGames())('%s in the browser', (game) => {
  test('a guest plays a whole game against the bots through the forms; the page reads at 1280 and 390 px', async () => {
    const def = getGame(game);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      await page.goto(`${base}/?game=${game}`);
      // The strongest bots are listed first; random ones keep this test quick.
      const selects = page.locator('select[name="opponents"]');
      const random = await selects
        .first()
        .locator('option')
        .evaluateAll(
          (os) =>
            os
              .map((o) => ({
                value: (o as unknown as { value: string }).value,
                text: (o as unknown as { textContent: string }).textContent,
              }))
              .find((o) => o.text.startsWith('Random — '))?.value,
        );
      expect(random, 'the Random bot is offered').toBeDefined();
      for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption(random!);
      await Promise.all([
        page.waitForURL(/\/matches\/[^/?]+\?token=/),
        page.getByRole('button', { name: 'Start the game' }).click(),
      ]);
      const url = page.url();
      // Photographs are taken only on pages that stay put: while bots think, the page refreshes
      // itself every second or two, which would pull it away in the middle of an inspection.
      const buttons = page.locator('form.actions button[name="action"]');
      while (!(await buttons.count()) && !(await page.locator('.status.done').count())) {
        await page.waitForTimeout(100);
        await gotoRefreshing(page, url);
      }
      await inspect(page, game, 'start');
      let decisions = 0;
      let middleDone = false;
      for (let pages = 0; !(await page.locator('.status.done').count()); pages++) {
        expect(pages, 'the game ended within 3000 page loads').toBeLessThan(3000);
        if ((await buttons.count()) > 0) {
          if (!middleDone && decisions === (game === 'tictactoe' ? 2 : 8)) {
            await inspect(page, game, 'middle');
            middleDone = true;
          }
          await Promise.all([page.waitForEvent('load'), buttons.first().click()]);
          decisions++;
        } else {
          await page.waitForTimeout(100);
          await gotoRefreshing(page, url);
        }
      }
      await inspect(page, game, 'end');
      const status = await page.locator('.status.done').innerText();
      expect(status).toMatch(
        new RegExp(`You (won|shared the win|finished (2nd|3rd|4th|5th) of ${def.defaultPlayers}|resigned)`),
      );
      // A game that pays shows what it paid in its unit ('Chips: you +1 · Random −1'); the others their scores.
      const unit = def.returnUnit[0].toUpperCase() + def.returnUnit.slice(1);
      expect(status).toMatch(def.returnUnit === 'rank' ? /Scores: / : new RegExp(`${unit}: .*you [+−0]`));
      expect(decisions).toBeGreaterThan(0);
      const replay = await page.locator('a', { hasText: 'Replay this game' }).getAttribute('href');
      // The other pages a player meets fit a phone too: the rules (tables, reference), the replay, the ladders.
      await page.setViewportSize({ width: 390, height: 800 });
      for (const path of [
        `/games/${game}/rules`,
        replay!,
        `/leaderboard?game=${game}`,
        `/?game=${game}`,
        '/tournaments',
        '/signup',
      ]) {
        await page.goto(`${base}${path}`);
        const overflow = (await page.evaluate(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        )) as number;
        expect(overflow, `${path} at 390 px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      }
      await page.goto(`${base}/games/${game}/rules`);
      expect(await page.locator('h1').innerText()).toContain(def.title);
    } finally {
      await context.close();
    }
  }, 300_000);
});
