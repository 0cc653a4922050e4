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
