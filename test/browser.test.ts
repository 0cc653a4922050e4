/**
 * Real-browser end-to-end test: headless Chromium (Debian's /usr/bin/chromium, driven by
 * playwright-core) plays a Promotion game against three ranked bots through the arena's plain
 * HTML forms, from the home page to "Game over", then finds the person on the leaderboard.
 * Along the way every game page is checked for leaks of another seat's hidden row card.
 *
 * Chromium is required, not optional: without it the test fails (CI installs it).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, gotoRefreshing } from './chromium.js';
import { createApp, openSqliteStore, type ArenaApp, type Store } from '../arena/index.js';
import { getGame } from '../envs/index.js';

const PLAYER = 'Ada Browser';
/** A guard against a page loop: a Promotion game asks one seat 6 to 20 decisions (measured over 60 games). */
const MAX_PAGES = 400;

let dir: string | undefined;
let store: Store | undefined;
let app: ArenaApp | undefined;
let server: Server | undefined;
let base: string;
let browser: Browser | undefined;

/**
 * Starts the arena on a temporary SQLite file with a short Promotion ladder (so the bots the form
 * offers carry ratings), serves it on a free loopback port, and launches Chromium. Called from the
 * test itself, not a beforeAll hook: a failing hook marks the test skipped, and a missing browser
 * must read as a failure.
 */
async function start(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: the browser test needs Debian's chromium (apt-get install chromium); ` +
        'it is never skipped',
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'agora-browser-'));
  const db = openSqliteStore(join(dir, 'arena.db'));
  store = db;
  const arena = createApp({ store: db, writeLimitPerMinute: false, log: () => {}, backgroundNice: 0 });
  app = arena;
  await arena.arena.bootstrap({ tournament: false });
  const bots = (await db.listAgents('promotion')).filter((a) => a.spec === 'random' || a.spec === 'greedy');
  await arena.arena.tournaments.start({ game: 'promotion', agents: bots.map((b) => b.id), games: 8 });
  await arena.arena.tournaments.idle();
  const listening = await new Promise<Server>((resolve, reject) => {
    const s = arena.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  server = listening;
  base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
}

afterAll(async () => {
  await browser?.close();
  const listening = server;
  if (listening) {
    listening.closeAllConnections();
    await new Promise<void>((resolve) => listening.close(() => resolve()));
  }
  await app?.arena.close();
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

/** The game page as seen now; retried when a meta refresh replaces the document mid-read. */
async function snapshot(page: Page): Promise<{ html: string; text: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { html: await page.content(), text: await page.locator('body').innerText() };
    } catch (err) {
      if (attempt >= 5) throw err;
      await page.waitForLoadState('load');
    }
  }
}

/** How many decisions a seat has made in a match, from the store's action list. */
async function movesBy(db: Store, matchId: string, seat: number): Promise<number> {
  const m = (await db.getMatch(matchId))!;
  const state = getGame(m.game).newGame({ players: m.players, seed: m.seed });
  let n = 0;
  for (const a of m.actions) {
    if (state.currentPlayer() === seat) n++;
    state.applyAction(a);
  }
  return n;
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** The postcard table's row-card column: seat → shown text. Empty while the postcard is not placed. */
function rowCards(html: string): Map<number, string> {
  const out = new Map<number, string>();
  const table = /<table class="postcard">([\s\S]*?)<\/table>/.exec(html);
  if (!table) return out;
  for (const row of table[1].matchAll(/<tr[^>]*><th>seat (\d)(?: \(you\))?<\/th>([\s\S]*?)<\/tr>/g)) {
    const cells = [...row[2].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => decode(c[1]));
    out.set(Number(row[1]), cells[cells.length - 1]);
  }
  return out;
}

/**
 * Asserts the page shows no other seat's row before the reveal (rules §6: the only hidden
 * information). Returns how many other seats' rows were shown as placed-but-hidden.
 */
function checkNoRowLeak(html: string, text: string, mySeat: number): number {
  for (const line of text.split('\n')) {
    if (line.includes('(hidden from others)'))
      expect(line, 'only your own row is marked hidden from others').toMatch(new RegExp(`^seat ${mySeat} \\(you\\)`));
  }
  const revealed = html.includes('<p class="resolution">');
  let hidden = 0;
  for (const [seat, shown] of rowCards(html)) {
    if (revealed) {
      expect(shown, `after the reveal seat ${seat}'s row is public`).toMatch(/^row [1-4]$/);
    } else if (seat === mySeat) {
      expect(shown).toMatch(/^(row [1-4] \(hidden from others\)|—)$/);
    } else {
      expect(shown, `seat ${seat}'s row must stay hidden before the reveal`).toMatch(/^(placed \(hidden\)|—)$/);
      if (shown === 'placed (hidden)') hidden++;
    }
  }
  return hidden;
}

describe('the arena in a real browser', () => {
  test('a person picks Promotion and three bots, plays to the end through the forms, and is ranked', async () => {
    const started = Date.now();
    await start();
    const context = await browser!.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      // An account first, through the sign-up form: the game is then rated under its name.
      await page.goto(`${base}/signup`);
      await page.locator('input[name="name"]').fill(PLAYER);
      await page.locator('input[name="password"]').fill('a browser password');
      await page.locator('input[name="password2"]').fill('a browser password');
      await Promise.all([page.waitForURL(/\/account$/), page.getByRole('button', { name: /sign up|create/i }).click()]);
      await expect.poll(() => page.locator('header').innerText()).toContain(PLAYER);

      // Step 1: the game.
      await page.goto(`${base}/`);
      await expect.poll(() => page.title()).toContain('Play');
      await page.locator('select[name="game"]').selectOption('promotion');
      await Promise.all([page.waitForURL(/[?&]game=promotion/), page.getByRole('button', { name: 'Choose' }).click()]);

      // Step 2: three opponents (one per other seat), the name, start.
      const selects = page.locator('select[name="opponents"]');
      await expect.poll(() => selects.count()).toBe(3);
      const options = await selects.first().locator('option').allInnerTexts();
      const values = await selects
        .first()
        .locator('option')
        .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
      const pick = (title: string) => values[options.findIndex((t) => t.startsWith(`${title} — Elo`))];
      // The ladder rated it.
      expect(options.find((t) => t.startsWith('Random — Elo'))).toMatch(/, \d+ games — plays any legal move/);
      const chosen = ['MCTS 200', 'Greedy', 'Random'].map(pick);
      expect(chosen.every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
      for (let i = 0; i < 3; i++) await selects.nth(i).selectOption(chosen[i]);
      expect(await page.locator('main').innerText()).toContain(`You play as ${PLAYER}`);
      // Every decision by hand here, so the double-click check below counts only clicked moves.
      await page.locator('input[type="checkbox"][name="autoplay"]').uncheck();
      await Promise.all([
        page.waitForURL(/\/matches\/[^/?]+\?token=/),
        page.getByRole('button', { name: 'Start the game' }).click(),
      ]);
      await expect.poll(() => page.locator('svg.board').count()).toBe(1); // the drawn board
      // The postcard check below reads the text view; its forms keep the text view on.
      const gameUrl = `${page.url()}&view=text`;
      await gotoRefreshing(page, gameUrl);

      // Play: always the first legal action, until "Game over". The first move is a double click:
      // both submits carry the page's decision count, so the second is refused and one move is played.
      const matchId = /\/matches\/([^/?]+)\?/.exec(gameUrl)![1];
      let doubleClicked = false;
      let mySeat = -1;
      let moves = 0;
      let hiddenSeen = 0;
      let { html, text } = await snapshot(page);
      for (let visits = 0; !text.includes('Game over'); visits++) {
        expect(visits, `the game did not end within ${MAX_PAGES} pages`).toBeLessThan(MAX_PAGES);
        const seat = /match \S+ · you are seat (\d)/.exec(text);
        if (seat) {
          if (mySeat < 0) mySeat = Number(seat[1]);
          expect(Number(seat[1])).toBe(mySeat);
          hiddenSeen += checkNoRowLeak(html, text, mySeat);
        }
        const buttons = page.locator('form.actions button[name="action"]');
        if ((await buttons.count()) > 0 && !doubleClicked && mySeat >= 0) {
          // The same decision submitted twice: a double click, then the same page in a second tab.
          doubleClicked = true;
          const before = await movesBy(store!, matchId, mySeat);
          const tab = await page.context().newPage();
          await tab.goto(gameUrl);
          await Promise.all([page.waitForEvent('load'), buttons.first().dblclick()]);
          await page.waitForLoadState('load');
          expect(await movesBy(store!, matchId, mySeat), 'a double click plays one move').toBe(before + 1);
          await Promise.all([
            tab.waitForEvent('load'),
            tab.locator('form.actions button[name="action"]').first().click(),
          ]);
          expect(await tab.locator('main').innerText()).toMatch(
            /this move was sent for decision \d+, but the match is at decision \d+/,
          );
          await tab.close();
          expect(await movesBy(store!, matchId, mySeat), 'the stale tab played nothing').toBe(before + 1);
          moves++;
        } else if ((await buttons.count()) > 0) {
          await Promise.all([page.waitForEvent('load'), buttons.first().click()]);
          moves++;
        } else {
          // Waiting for a bot (or an error page): load the seat's page again.
          await page.waitForTimeout(250);
          await gotoRefreshing(page, gameUrl);
        }
        ({ html, text } = await snapshot(page));
      }
      expect(mySeat).toBeGreaterThanOrEqual(0);
      expect(moves).toBeGreaterThan(0);
      expect(doubleClicked).toBe(true);
      checkNoRowLeak(html, text, mySeat);
      // Before every row choice but those where you choose first, earlier seats' cards lie face down.
      expect(
        hiddenSeen,
        "no page ever showed another seat's face-down row card: the leak check was vacuous",
      ).toBeGreaterThan(0);

      // The result: the players table with a place for each of the four seats.
      expect(text).toContain('Game over');
      expect(text).toMatch(/You (won|shared the win|finished (2nd|3rd|4th) of 4)/);
      const players = page.locator('table.players').first();
      await expect
        .poll(() => players.locator('th').allInnerTexts())
        .toEqual(['seat', 'player', 'Elo', 'overruns', 'place']);
      const rows = await players
        .locator('tr')
        .evaluateAll((trs) =>
          trs.slice(1).map((tr) => (tr as unknown as { innerText: string }).innerText.split('\t').map((c) => c.trim())),
        );
      expect(rows).toHaveLength(4);
      const places = rows.map((r) => Number.parseInt(r[4], 10));
      expect(places.every((p) => Number.isInteger(p) && p >= 1 && p <= 4)).toBe(true);
      expect(places).toContain(1);
      expect(rows[mySeat][1]).toBe(`${PLAYER} (you)`);
      expect(rows.filter((r) => /BOT$/.test(r[1]))).toHaveLength(3);

      // The leaderboard counts the person's game.
      await Promise.all([
        page.waitForURL(/\/leaderboard\?game=promotion/),
        page.getByRole('link', { name: 'Leaderboard', exact: true }).click(),
      ]);
      await expect.poll(() => page.locator('h1').innerText()).toBe('Promotion leaderboard');
      const board = await page
        .locator('main table')
        .first()
        .locator('tr')
        .evaluateAll((trs) =>
          trs.slice(1).map((tr) => (tr as unknown as { innerText: string }).innerText.split('\t').map((c) => c.trim())),
        );
      const me = board.find((r) => r[1] === PLAYER);
      expect(me, `${PLAYER} is on the leaderboard`).toBeDefined();
      expect(me![2]).toBe('human');
      expect(me![4]).toBe('1');
      expect(Number(me![3])).toBeGreaterThan(0);
      console.log(
        `browser test: ${moves} moves as seat ${mySeat}, ${hiddenSeen} hidden rows checked, ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s with set-up`,
      );
    } finally {
      await context.close();
    }
  }, 90_000);
});
