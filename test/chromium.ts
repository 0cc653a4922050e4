import type { Page } from 'playwright-core';

/** Debian's Chromium for the browser tests, and the flags they launch it with. */
export const CHROMIUM = '/usr/bin/chromium';

/** Without the background-networking flags Chromium's own connections are refused in the sandboxed CI. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Loads `url` in a page that may be refreshing itself (a match page while bots think has a meta
 * refresh): if its own reload interrupts this navigation, waits for that load instead, since it loads
 * the same page. On a slow machine the two meet often enough to fail a run.
 */
export async function gotoRefreshing(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url);
  } catch (err) {
    if (!/interrupted by another navigation/.test((err as Error).message)) throw err;
    await page.waitForLoadState('load');
  }
}
