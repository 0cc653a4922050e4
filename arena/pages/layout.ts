import { SEAT_COLORS, escapeHtml } from '../../envs/index.js';

export const esc = escapeHtml;

const STYLE =
  `
body{font-family:system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
header{background:#1d2430;color:#fff;padding:.6rem 1.2rem;` +
  `display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;align-items:baseline}
header a{color:#cfe3ff;text-decoration:none}header strong a{color:#fff;font-size:1.2rem}
main{max-width:64rem;margin:1rem auto;padding:0 1rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #d5d9e0;padding:.25rem .5rem;text-align:left}
th{background:#eef1f5}tr.you td,tr.you th{background:#fff6d6}
.card{background:#fff;border:1px solid #d5d9e0;border-radius:6px;padding:.8rem 1rem;margin:.8rem 0}
.actions button{margin:.15rem;padding:.35rem .7rem;font-size:1rem;cursor:pointer}
.error{background:#ffe3e3;border:1px solid #e09a9a;padding:.6rem;border-radius:6px}
.muted{color:#667}.small{font-size:.8rem}form.inline{display:inline}
header .who{margin-left:auto}
.match{display:grid;grid-template-columns:minmax(0,1fr) 21rem;gap:0 1rem;align-items:start}
.match .panel{grid-column:2;grid-row:1;position:sticky;top:.5rem}.match .board-col{grid-column:1;grid-row:1;min-width:0}
.board-card{padding:.4rem}.board{display:block;margin:0 auto}
fieldset{border:1px solid #d5d9e0;border-radius:6px;margin:.3rem 0;padding:.2rem .4rem}` +
  `legend{color:#667;font-size:.85rem}
.decision{font-weight:600}.status.waiting{border-color:#E69F00}.since ul{margin:.2rem 0;padding-left:1.2rem}
.scroll{overflow-x:auto;max-width:100%}.error.inline{display:block;margin:.2rem 0}
.resign{margin:.6rem 0}button.quiet{font-size:.85rem}
dl.glossary dt{font-weight:600;margin-top:.4rem}dl.glossary dd{margin:0 0 0 1rem}
table.players td:nth-child(3),table.players td:nth-child(1){white-space:nowrap}
.seat-dot{display:inline-block;width:.7rem;height:.7rem;border-radius:50%;margin-right:.3rem;vertical-align:middle}
${SEAT_COLORS.map((c, i) => `.seat-${i}{background:${c}}`).join('')}
ul.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.2rem 1rem;font-size:.9rem}` +
  `.swatch{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;vertical-align:middle}
main p,main li,main dd,main h1{overflow-wrap:anywhere}
img,svg,select,input{max-width:100%}table{max-width:100%}
@media (max-width:860px){.match{display:block}main{padding:0 .5rem}
.board-card{overflow-x:auto}.board-card svg.board{min-width:min(520px,var(--board-width,520px))}}
.bot{font-size:.7em;font-weight:600;letter-spacing:.04em;margin-left:.35rem;padding:0 .3em;border-radius:3px;` +
  `background:#dde6f3;color:#2b4a7a;vertical-align:.1em}
label{display:block;margin:.4rem 0}
`;

/**
 * Where the header's account links go: pages are pure functions of their data, and the router
 * fills the slot for the visitor (withAccountNav) just before sending.
 */
const ACCOUNT_SLOT = '<!--account-->';

/** The header's account links for a visitor: their name and account page, or log in / sign up. */
export function withAccountNav(html: string, user: { name: string } | undefined): string {
  const nav = user
    ? `<span class="who"><a href="/account">${esc(user.name)}</a></span>`
    : '<span class="who"><a href="/login">Log in</a> <a href="/signup">Sign up</a></span>';
  return html.replace(ACCOUNT_SLOT, nav);
}

/** The mark beside a bot's name wherever names are listed, so a bot cannot pass for a person. */
export const BOT_MARK = '<span class="bot" title="a bot">BOT</span>';

/** The page shell: no scripts anywhere (every page works without JavaScript). */
export function layout(title: string, body: string, options: { refreshSeconds?: number } = {}): string {
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<meta name="viewport" content="width=device-width,initial-scale=1">${refresh}
<link rel="icon" href="data:,"><title>${esc(title)} · Agora</title><style>${STYLE}</style></head><body>
<header><strong><a href="/">Agora</a></strong><a href="/">Play</a><a href="/leaderboard">Leaderboards</a>` +
    `<a href="/tournaments">Tournaments</a>${ACCOUNT_SLOT}</header>
<main>${body}</main></body></html>`
  );
}

export function errorPage(status: number, message: string): string {
  return layout(
    `Error ${status}`,
    `<h1>Something is wrong (${status})</h1><p class="error">${esc(message)}</p>` +
      '<p><a href="/">Back to the start</a></p>',
  );
}

/** A rating rounded to a whole number, never "-0". */
export const fmtElo = (elo: number | undefined | null): string => {
  if (elo === undefined || elo === null) return '—';
  const rounded = Math.round(elo);
  return String(rounded === 0 ? 0 : rounded).replace('-', '−');
};

/**
 * A return in a game's unit as people read it: signed, to at most two decimals, never "-0", with the
 * minus sign ('+2', '−1', '0', '+0.06'), and the unit when given ('+2 chips', '−1 chip', '0 chips').
 */
export const fmtReturn = (value: number | undefined | null, unit?: string): string => {
  if (value === undefined || value === null) return '—';
  const rounded = Math.round(value * 100) / 100;
  const number = rounded > 0 ? `+${rounded}` : rounded < 0 ? `−${-rounded}` : '0';
  if (!unit) return number;
  return `${number} ${Math.abs(rounded) === 1 && unit.endsWith('s') ? unit.slice(0, -1) : unit}`;
};
