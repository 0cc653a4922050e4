import { SEAT_COLORS } from '../core/board.js';
import { escapeHtml } from '../core/html.js';
import {
  ASSETS,
  BUSINESSES,
  CARD_TYPES,
  DECISION_TEXT,
  LUXURIES,
  PAGES,
  cardLabel,
  luxuryLabel,
} from './components.js';
import { cardSummary, explain, glossaryText } from './glossary.js';
import type { LogEntry } from './events.js';
import type { FilthyRichView } from './view.js';

/** 'seat 2' or 'seat 2 (you)'. */
function seatName(view: FilthyRichView, seat: number): string {
  return seat === view.seat ? `seat ${seat} (you)` : `seat ${seat}`;
}

const bizName = (b: number): string => BUSINESSES[b].name;
const money = (n: number): string => `$${n}`;

function headline(view: FilthyRichView): string {
  const who = view.seat >= 0 ? `you are seat ${view.seat}` : 'spectator view';
  return (
    `Filthy Rich · turn ${view.turn} of ${view.maxTurns} · binder at ` +
    `page ${view.page} · ${seatName(view, view.active)}'s turn · ${who}`
  );
}

/** Who decides what now, or how the game ended. */
function statusLine(view: FilthyRichView): string {
  if (view.isOver) {
    const winners = view.winners.map((s) => seatName(view, s)).join(' and ');
    let how = '';
    if (view.bankrupt) how = 'Every remaining player went bankrupt in one tax event; ';
    else if (view.truncated) how = 'The turn cap ended the game; by luxuries, their value and cash ';
    const verb = view.winners.length === 1 ? 'wins' : 'share first place';
    const you = view.winners.includes(view.seat) ? ' You won!' : '';
    return `Game over. ${how}${winners} ${verb}.${you}`;
  }
  let what = DECISION_TEXT[view.phase];
  if (
    view.played >= 0 &&
    (view.phase === 'anchor' || view.phase === 'target' || view.phase === 'choose' || view.phase === 'page')
  ) {
    what += ` for ${CARD_TYPES[view.played].name}`;
  }
  if (view.phase === 'card') what += ` (card action ${view.actionsDone + 1} of 2)`;
  if (view.phase === 'pageTurner') what += ` (rolled ${view.pageRoll})`;
  if (view.phase === 'auction' && view.auction !== null)
    what += ` (${luxuryLabel(view.auction.luxury)}, minimum bid $${view.auction.minimumBid})`;
  if (view.phase === 'taxSell' && view.tax !== null) what += ` (tax ×${view.tax.multiplier})`;
  return view.seat >= 0 && view.toAct === view.seat ? `Your decision: ${what}.` : `Seat ${view.toAct} to act: ${what}.`;
}

function luxuriesOf(view: FilthyRichView, seat: number): string {
  const names = view.luxuryOwner.flatMap((owner, l) => (owner === seat ? [LUXURIES[l].name] : []));
  return names.length > 0 ? names.join(', ') : '—';
}

function assetsOf(view: FilthyRichView, seat: number): string {
  return view.assets[seat].length > 0 ? view.assets[seat].map((k) => ASSETS[k].name).join(', ') : '—';
}

function businessesOf(view: FilthyRichView, seat: number): string {
  const names = view.businessOwner.flatMap((owner, b) => (owner === seat ? [bizName(b)] : []));
  return names.length > 0 ? names.join(', ') : '—';
}

function handText(view: FilthyRichView): string {
  if (view.seat < 0) return '';
  return view.hand.length > 0 ? view.hand.map(cardLabel).join(', ') : '(empty)';
}

function knownText(view: FilthyRichView): string {
  const parts: string[] = [];
  view.known.forEach((list, seat) => {
    if (seat !== view.seat && list.length > 0)
      parts.push(`${seatName(view, seat)} holds ${list.map(bizName).join(', ')}`);
  });
  return parts.join('; ');
}

/** 'B12·0': business code and owner seat, for the binder grids. */
function pocketText(view: FilthyRichView, b: number): string {
  return b < 0 ? '·' : `${BUSINESSES[b].code}/${view.businessOwner[b]}`;
}

function taxText(view: FilthyRichView): string | undefined {
  const tax = view.tax;
  if (tax === null) return undefined;
  const who = tax.target >= 0 ? `IRS Audit of ${seatName(view, tax.target)}` : 'every player';
  const selling = tax.selling >= 0 ? `; ${seatName(view, tax.selling)} may sell first` : '';
  return `Tax event ×${tax.multiplier} for ${who}${selling}.`;
}

function auctionText(view: FilthyRichView): string | undefined {
  const a = view.auction;
  if (a === null) return undefined;
  const high = a.highBidder >= 0 ? `high bid $${a.highBid} by ${seatName(view, a.highBidder)}` : 'no bid yet';
  const passed = a.passed.length > 0 ? `; passed since: ${a.passed.map((s) => seatName(view, s)).join(', ')}` : '';
  return (
    `Auction of ${luxuryLabel(a.luxury)} from ${seatName(view, a.from)}: ${high}, ` +
    `minimum $${a.minimumBid}, ${seatName(view, a.asked)} asked${passed}.`
  );
}

/** One log event as a sentence. */
export function formatLogEntry(view: FilthyRichView, entry: LogEntry): string {
  const a = entry.args;
  const who = (seat: number) => seatName(view, seat);
  switch (entry.kind) {
    case 'turn':
      return `${who(a[0])} starts a turn`;
    case 'savings':
      return `${who(a[0])} earns ${money(a[1])} interest (Savings Account)`;
    case 'racket':
      return `${who(a[0])} pays ${who(a[1])} $1 (Protection Racket)`;
    case 'buy':
      return `${who(a[0])} buys ${LUXURIES[a[1]].name} for ${money(a[2])}`;
    case 'sell':
      return `${who(a[0])} sells ${bizName(a[1])} for ${money(a[2])}`;
    case 'discard':
      return `${who(a[0])} discards ${CARD_TYPES[a[1]].name} for $1`;
    case 'play':
      return `${who(a[0])} plays ${cardLabel(a[1])}`;
    case 'place':
      return `${who(a[0])} opens ${bizName(a[1])} on page ${a[2]}, anchor slot ${a[3]}`;
    case 'fee':
      return `${who(a[0])} pays ${who(a[1])} a cover fee of ${money(a[2])}`;
    case 'yakuza':
      return `${who(a[0])} receives ${money(a[1])} (Yakuza Loan)`;
    case 'audit':
      return `${who(a[0])} has ${who(a[1])} audited`;
    case 'scout':
      return `${who(a[0])} takes ${bizName(a[1])} from the discard pile`;
    case 'zoning':
      return `${who(a[0])} turns the binder to page ${a[1]}`;
    case 'gain':
      return `${who(a[0])} gains ${money(a[1])} (${CARD_TYPES[a[2]].name})`;
    case 'shift':
      return `${who(a[0])}'s Extra Shift die shows ${a[1]}`;
    case 'shakedown':
      return `${who(a[0])} shakes down ${who(a[1])} for ${money(a[2])}`;
    case 'fire':
      return `${who(a[0])} pays ${money(a[3])} and burns down ${who(a[2])}'s ${bizName(a[1])}`;
    case 'insurance':
      return `${who(a[0])}'s Fire Insurance pays ${money(a[1])}`;
    case 'dice':
      return `business dice: ${a.filter((d) => d >= 0).join(', ')}`;
    case 'hit':
      return a[3] >= 0
        ? `${bizName(a[1])} is hit: ${who(a[3])} pays ${who(a[0])} ${money(a[2])}`
        : `${bizName(a[1])} is hit: ${who(a[0])} gains ${money(a[2])}`;
    case 'tax':
      return a[1] >= 0 ? `tax event ×${a[0]} for ${who(a[1])} (IRS Audit)` : `tax event ×${a[0]} for every player`;
    case 'chapter11':
      return `${who(a[0])} gains ${money(a[1])} (Chapter 11 Books)`;
    case 'pay':
      return a[2] === a[1]
        ? `${who(a[0])} pays ${money(a[1])} tax`
        : `${who(a[0])} owes ${money(a[1])} but has only ${money(a[2])}`;
    case 'eliminated':
      return `${who(a[0])} is eliminated`;
    case 'auction':
      return `auction of ${luxuryLabel(a[0])} from ${who(a[1])}`;
    case 'bid':
      return `${who(a[0])} bids ${money(a[1])}`;
    case 'pass':
      return a[1] ? `${who(a[0])} cannot afford to bid and passes` : `${who(a[0])} passes`;
    case 'sold':
      return `${who(a[1])} buys ${LUXURIES[a[0]].name} at auction for ${money(a[2])}`;
    case 'unsold':
      return `nobody bids: ${LUXURIES[a[0]].name} leaves the game`;
    case 'pageDie': {
      const effect = a[1] <= PAGES ? `page ${a[1]}` : 'no change';
      return `${who(a[0])} ${a[2] ? 're-rolls' : 'rolls'} the page die: ${a[1]} (${effect})`;
    }
    case 'draw':
      return `${who(a[0])} draws ${a[1]} card${a[1] === 1 ? '' : 's'}`;
    case 'reshuffle':
      return `the discard pile (${a[0]} cards) is shuffled into a new deck`;
    case 'win':
      return `${who(a[0])} wins (${a[1] === 0 ? 'three luxuries' : 'last player standing'})`;
    case 'bankrupt':
      return 'every remaining player went bankrupt: the game ends';
    case 'cap':
      return a[0] === 0
        ? 'turn 200 is over: the game ends at the cap'
        : 'decision 10,000 was made: the game ends at the cap';
  }
}

/** The terminal rendering of one seat's view. */
export function renderText(view: FilthyRichView): string {
  const lines: string[] = [headline(view), statusLine(view), ''];
  lines.push(
    `${'Players'.padEnd(18)}${'cash'.padStart(6)}${'hand'.padStart(6)}${'$sym'.padStart(6)} ` +
      ` luxuries / businesses / assets`,
  );
  for (let seat = 0; seat < view.players; seat++) {
    const out = view.eliminated[seat] > 0 ? ` (out #${view.eliminated[seat]})` : '';
    lines.push(
      `  ${(seatName(view, seat) + out).padEnd(16)}${money(view.cash[seat]).padStart(6)}` +
        `${String(view.handSizes[seat]).padStart(6)}${String(view.symbols[seat]).padStart(6)}  ` +
        `${luxuriesOf(view, seat)} / ${businessesOf(view, seat)} / ${assetsOf(view, seat)}`,
    );
  }
  if (view.seat >= 0) lines.push(`Your hand: ${handText(view)}`);
  const known = knownText(view);
  if (known) lines.push(`Known cards: ${known}`);
  lines.push(`Binder (pockets as business/owner; page ${view.page} is open, rows of slots 1-3, 4-6, 7-9):`);
  lines.push(
    `  ${'visible now'.padEnd(22)}${Array.from({ length: PAGES }, (_, p) => `page ${p + 1}`.padEnd(22)).join('')}`,
  );
  for (let row = 0; row < 3; row++) {
    const cells = (list: readonly number[]) =>
      [0, 1, 2].map((c) => pocketText(view, list[row * 3 + c]).padEnd(7)).join('');
    lines.push(`  ${cells(view.visible).padEnd(22)}${view.binder.map((page) => cells(page).padEnd(22)).join('')}`);
  }
  const available = view.luxuryOwner.flatMap((owner, l) => (owner === -1 ? [luxuryLabel(l)] : []));
  lines.push(`Luxuries for sale: ${available.length > 0 ? available.join(', ') : 'none'}`);
  const removed = view.luxuryOwner.flatMap((owner, l) => (owner === -2 ? [LUXURIES[l].name] : []));
  if (removed.length > 0) lines.push(`Out of the game: ${removed.join(', ')}`);
  const top = view.discard.length > 0 ? `, newest ${CARD_TYPES[view.discard[view.discard.length - 1]].name}` : '';
  lines.push(`Deck: ${view.deckSize} cards · discard pile: ${view.discard.length} cards${top}`);
  for (const extra of [taxText(view), auctionText(view)]) if (extra !== undefined) lines.push(extra);
  if (view.log.length > 0) {
    lines.push('Log');
    for (const entry of view.log) lines.push(`  turn ${String(entry.turn).padEnd(4)}${formatLogEntry(view, entry)}`);
  }
  return lines.join('\n');
}

const td = (text: string) => `<td>${escapeHtml(text)}</td>`;
const th = (text: string) => `<th>${escapeHtml(text)}</th>`;
/** A name with its glossary text as a tooltip. */
const named = (name: string, shown = name) => `<span title="${escapeHtml(explain(name))}">${escapeHtml(shown)}</span>`;
/** A seat's colour as a light background with a solid left edge (the board's SEAT_COLORS). */
const tint = (seat: number) => `background:${SEAT_COLORS[seat]}26;border-left:5px solid ${SEAT_COLORS[seat]}`;

/** Where a business's sign lies (its page and slots), or null. */
function signOf(view: FilthyRichView, b: number): { page: number; slots: number[] } | null {
  for (let p = 0; p < view.binder.length; p++) {
    const slots = view.binder[p].flatMap((x, i) => (x === b ? [i + 1] : []));
    if (slots.length > 0) return { page: p + 1, slots };
  }
  return null;
}

/**
 * One pocket of the binder: what the dice read there now (name, owner, page, hit), then every sign
 * card lying in that pocket on any page, top page first, marked covered or turned away.
 */
function pocketHtml(view: FilthyRichView, slot: number): string {
  const b = view.visible[slot - 1];
  const parts: string[] = [`<small>${slot}</small> `];
  let style = ' style="padding:.2rem .35rem"';
  if (b >= 0) {
    const owner = view.businessOwner[b];
    style = ` style="${tint(owner)};padding:.2rem .35rem"`;
    const page = view.binder.findIndex((pockets) => pockets[slot - 1] === b) + 1;
    const hit =
      BUSINESSES[b].special === 'loanShark'
        ? `takes up to ${money(BUSINESSES[b].hit)}`
        : `pays ${money(BUSINESSES[b].hit)}`;
    parts.push(
      `<b>${named(bizName(b))}</b>` +
        `<br><small>${escapeHtml(`${seatName(view, owner)} · page ${page} · ${hit}`)}</small>`,
    );
  } else {
    parts.push('<small>nothing visible</small>');
  }
  return `<td${style}>${parts.join('')}</td>`;
}

/** The sign cards the open page does not show: covered by a later sign, or on a page turned away. */
function hiddenSignsHtml(view: FilthyRichView): string {
  const items: string[] = [];
  for (let p = PAGES; p >= 1; p--) {
    const signs = [...new Set(view.binder[p - 1].filter((b) => b >= 0))];
    for (const b of signs) {
      const hidden = view.binder[p - 1].flatMap((x, i) => (x === b && view.visible[i] !== b ? [i + 1] : []));
      if (hidden.length === 0) continue;
      const why = p > view.page ? 'turned away' : 'covered';
      const where = ` (${seatName(view, view.businessOwner[b])}, page ${p}): `;
      const slots = `slot${hidden.length > 1 ? 's' : ''} ${hidden.join('+')} ${why}`;
      items.push(`${named(bizName(b))}${escapeHtml(where + slots)}`);
    }
  }
  return items.length === 0
    ? ''
    : `<p class="hidden-signs"><small><b>Not showing now:</b> ${items.join('; ')}.</small></p>`;
}

function binderHtml(view: FilthyRichView): string {
  const rows = [0, 1, 2].map((row) => `<tr>${[1, 2, 3].map((c) => pocketHtml(view, row * 3 + c)).join('')}</tr>`);
  const caption = `Binder open at page ${view.page}: what the dice hit now`;
  const legend = Array.from(
    { length: view.players },
    (_, seat) =>
      `<span style="${tint(seat)};padding:0 .4em;margin-right:.3em">${escapeHtml(seatName(view, seat))}</span>`,
  ).join('');
  return (
    `<table class="binder" ` +
    `style="table-layout:fixed;width:100%"><caption>${escapeHtml(caption)}</caption>${rows.join('')}</table>` +
    `${hiddenSignsHtml(view)}<p class="colours">${legend}</p>`
  );
}

function handHtml(view: FilthyRichView): string {
  const head =
    `<p ` +
    `class="hand">${escapeHtml(`Your hand (${view.hand.length} of ${view.handLimits[view.seat]}):`)}` +
    `${view.hand.length === 0 ? ' (empty)' : ''}</p>`;
  if (view.hand.length === 0) return head;
  const items = view.hand.map(
    (type) =>
      `<li><b>${escapeHtml(cardLabel(type))}</b> <small ` +
      `title="${escapeHtml(glossaryText(CARD_TYPES[type].name))}">${escapeHtml(cardSummary(type))}</small></li>`,
  );
  return `${head}<ul class="hand">${items.join('')}</ul>`;
}

function luxuriesHtml(view: FilthyRichView): string {
  const perRow = 3;
  const rows: string[] = [];
  for (let i = 0; i < LUXURIES.length; i += perRow) {
    rows.push(
      `<tr>${LUXURIES.slice(i, i + perRow)
        .map((l) => {
          const owner = view.luxuryOwner[l.id];
          const where = owner === -1 ? 'for sale' : owner === -2 ? 'out of the game' : seatName(view, owner);
          const style =
            owner >= 0
              ? ` style="${tint(owner)}"`
              : owner === -2
                ? ' style="color:#667;text-decoration:line-through"'
                : '';
          return (
            `<td${style}><b>${named(l.name)}</b> ` +
            `${escapeHtml(`${money(l.price)} · ${l.tax} $`)}<br><small>${escapeHtml(where)}</small></td>`
          );
        })
        .join('')}</tr>`,
    );
  }
  return (
    `<table class="luxuries" style="table-layout:fixed;width:100%"><caption>Luxuries ` +
    `(price · $ symbols · owner)</caption>${rows.join('')}</table>`
  );
}

/** The log grouped by turn, one line per turn, in a scrolling box. */
function logHtml(view: FilthyRichView): string {
  const turns: { turn: number; events: string[] }[] = [];
  for (const e of view.log) {
    if (turns.length === 0 || turns[turns.length - 1].turn !== e.turn) turns.push({ turn: e.turn, events: [] });
    turns[turns.length - 1].events.push(escapeHtml(formatLogEntry(view, e)));
  }
  const heading = view.seat >= 0 ? 'Since your last move' : 'This turn and the last';
  const items = turns.map((t) => `<li><b>turn ${t.turn}</b>: ${t.events.join(' · ')}</li>`);
  return (
    `<p><b>${heading}</b></p><ol class="log" ` +
    `style="max-height:16em;overflow-y:auto;margin-top:0">${items.join('')}</ol>`
  );
}

/** The arena's HTML fragment of one seat's view (no scripts; all text escaped). */
export function renderHtml(view: FilthyRichView): string {
  const parts: string[] = [
    '<section class="game filthyrich">',
    `<h2>${escapeHtml(headline(view))}</h2>`,
    `<p class="status">${escapeHtml(statusLine(view))}</p>`,
  ];
  const head = `<tr>${['', 'cash', 'hand', '$ symbols'].map(th).join('')}</tr>`;
  const rows = Array.from({ length: view.players }, (_, seat) => {
    const cls = seat === view.seat ? ' class="you"' : view.eliminated[seat] > 0 ? ' class="out"' : '';
    const name = seatName(view, seat) + (view.eliminated[seat] > 0 ? ` (out #${view.eliminated[seat]})` : '');
    const luxuries = view.luxuryOwner.flatMap((owner, l) => (owner === seat ? [named(LUXURIES[l].name)] : []));
    const businesses = view.businessOwner.flatMap((owner, b) => {
      if (owner !== seat) return [];
      const sign = signOf(view, b);
      return [`${named(bizName(b))}${sign === null ? '' : ` <small>(p${sign.page}: ${sign.slots.join('+')})</small>`}`];
    });
    const assets = view.assets[seat].map((k) => named(ASSETS[k].name));
    const owns = [
      ['Luxuries', luxuries],
      ['Businesses', businesses],
      ['Assets', assets],
    ] as const;
    const ownsHtml =
      owns
        .filter(([, list]) => list.length > 0)
        .map(([what, list]) => `<b>${what}:</b> ${list.join(', ')}`)
        .join('<br>') || '—';
    // Two rows per seat: the numbers, then everything it owns across the table's full width.
    const ownsRow =
      ownsHtml === '—' && view.eliminated[seat] > 0
        ? ''
        : `<tr${cls}><td colspan="4"><small>${ownsHtml}</small></td></tr>`;
    return (
      `<tr${cls}>${th(name)}<td style="${tint(seat)}">${escapeHtml(money(view.cash[seat]))}</td>` +
      `${td(`${view.handSizes[seat]} / ${view.handLimits[seat]}`)}${td(String(view.symbols[seat]))}</tr>${ownsRow}`
    );
  });
  parts.push(
    `<table class="players"><caption>Players (owned: luxuries, businesses ` +
      `with page: slots, assets)</caption>${head}${rows.join('')}</table>`,
  );
  if (view.seat >= 0) parts.push(handHtml(view));
  const known = knownText(view);
  if (known) parts.push(`<p class="known">${escapeHtml(`Known cards (taken with Business Scout): ${known}`)}</p>`);
  for (const extra of [taxText(view), auctionText(view)])
    if (extra !== undefined) parts.push(`<p class="event"><b>${escapeHtml(extra)}</b></p>`);
  parts.push(binderHtml(view));
  parts.push(luxuriesHtml(view));
  const played = view.played >= 0 ? ` · being played: ${CARD_TYPES[view.played].name}` : '';
  const discard = view.discard.map((t) => CARD_TYPES[t].name).join(', ') || 'empty';
  const piles =
    `Deck: ${view.deckSize} cards · discard pile (${view.discard.length}, oldest first): ` + discard + played;
  parts.push(`<p class="piles">${escapeHtml(piles)}</p>`);
  if (view.log.length > 0) parts.push(logHtml(view));
  parts.push('</section>');
  return parts.join('');
}
