/**
 * The Bot API end to end: a person in headless Chromium challenges an external bot through the play
 * form and plays to the end, while the bot is the Python package's client (python/examples/bot_model.py
 * playing the shipped tic-tac-toe model) in its own process. The bot then stands on the leaderboard.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import request from 'supertest';
import { afterAll, expect, test } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, gotoRefreshing } from './chromium.js';
import { createApp, openSqliteStore, type ArenaApp, type Store } from '../arena/index.js';

let dir: string | undefined;
let store: Store | undefined;
let app: ArenaApp | undefined;
let server: Server | undefined;
let browser: Browser | undefined;
let bot: ChildProcess | undefined;

afterAll(async () => {
  bot?.kill();
  await browser?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await app?.arena.close();
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

test('a person challenges a Python external bot in Chromium, plays to the end; the bot is ranked', async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium (never skipped)`);
  dir = mkdtempSync(join(tmpdir(), 'agora-bot-browser-'));
  store = openSqliteStore(join(dir, 'arena.db'));
  app = createApp({ store, writeLimitPerMinute: false, log: () => {} });
  await app.arena.bootstrap({ tournament: false, ladder: false });
  server = await new Promise<Server>((resolve) => {
    const s = app!.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
  // The bot's owner signs up and makes the bot on the account page, which shows its token once.
  const ownerPage = await (await browser.newContext()).newPage();
  ownerPage.setDefaultTimeout(20_000);
  await ownerPage.goto(`${base}/signup`);
  await ownerPage.locator('input[name="name"]').fill('grace');
  await ownerPage.locator('input[name="password"]').fill('a browser password');
  await ownerPage.locator('input[name="password2"]').fill('a browser password');
  await Promise.all([
    ownerPage.waitForURL(/\/account$/),
    ownerPage.getByRole('button', { name: /sign up|create/i }).click(),
  ]);
  await ownerPage.locator('form[action="/account/bots"] select[name="game"]').selectOption('tictactoe');
  await ownerPage.locator('form[action="/account/bots"] input[name="name"]').fill('PyNoughts');
  await Promise.all([ownerPage.waitForEvent('load'), ownerPage.getByRole('button', { name: 'Make a bot' }).click()]);
  const token = (await ownerPage.locator('code.bot-token').innerText()).trim();
  expect(token).toMatch(/^agb_/);
  const status = () => ownerPage.locator('main').innerText();
  expect(await status()).toMatch(/PyNoughts\s+tictactoe\s+offline/);

  let botLog = '';
  bot = spawn('python3', ['python/examples/bot_model.py', '--url', base, '--token', token, '--matches', '1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  bot.stdout!.on('data', (c: Buffer) => (botLog += c.toString()));
  bot.stderr!.on('data', (c: Buffer) => (botLog += c.toString()));
  const exited = new Promise<number | null>((resolve) => bot!.on('close', resolve));
  // Connected: the account page says so.
  await expect
    .poll(
      async () => {
        await ownerPage.reload();
        return status();
      },
      { timeout: 20_000 },
    )
    .toMatch(/PyNoughts\s+tictactoe\s+online/);

  // A person (a guest, in another browser context) challenges it from the play form.
  const page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${base}/?game=tictactoe&players=2`);
  const select = page.locator('select[name="opponents"]');
  const labels = await select.locator('option').allInnerTexts();
  const values = await select
    .locator('option')
    .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
  const index = labels.findIndex((t) => t.startsWith('PyNoughts'));
  expect(index, `the form offers the online external bot (options: ${labels.join(' | ')})`).toBeGreaterThanOrEqual(0);
  await select.selectOption(values[index]);
  await Promise.all([
    page.waitForURL(/\/matches\/[^/?]+\?token=/),
    page.getByRole('button', { name: 'Start the game' }).click(),
  ]);
  const url = page.url();
  let moves = 0;
  for (let visits = 0; !(await page.locator('main').innerText()).includes('Game over'); visits++) {
    expect(visits, `the game did not end; the bot said: ${botLog}`).toBeLessThan(200);
    const buttons = page.locator('form.actions button[name="action"]');
    if ((await buttons.count()) > 0) {
      await Promise.all([page.waitForEvent('load'), buttons.first().click()]);
      moves++;
    } else {
      await page.waitForTimeout(200);
      await gotoRefreshing(page, url);
    }
  }
  expect(moves).toBeGreaterThan(0);
  // The bot saw the end and stopped by itself (--matches 1).
  expect(await exited, botLog).toBe(0);
  const m = (await store.listMatches()).at(-1)!;
  expect(m.status).toBe('done');
  expect(m.overruns).toEqual([0, 0]); // it answered every decision in time

  const board = (await request(app).get('/api/leaderboard').query({ game: 'tictactoe' })).body;
  expect(board.rows.find((r: { name: string }) => r.name === 'PyNoughts')).toMatchObject({
    games: 1,
    owner: 'grace',
    external: true,
  });
  await page.goto(`${base}/leaderboard?game=tictactoe`);
  expect(await page.locator('main').innerText()).toMatch(/PyNoughts.*by grace/);
}, 120_000);
