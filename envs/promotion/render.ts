/** Promotion as text (terminals, logs) and as an HTML fragment (the arena), from one seat's view. */
import { escapeHtml } from '../core/html.js';
import { DECISION_TEXT } from './actions.js';
import { SIDES, SUIT_NAMES, SUIT_SYMBOLS, cardLabel, sideLabel } from './components.js';
import type { LogEntry } from './events.js';
import type { PromotionView } from './view.js';

/** 'seat 2' or 'seat 2 (you)'. */
function seatName(view: PromotionView, seat: number): string {
  return seat === view.seat ? `seat ${seat} (you)` : `seat ${seat}`;
}

function seatList(view: PromotionView, seats: readonly number[]): string {
  const names = seats.map((s) => seatName(view, s));
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const seatsOfMask = (mask: number): number[] => [0, 1, 2, 3].filter((s) => mask & (1 << s));

function headline(view: PromotionView): string {
  const round = view.round === 0 ? 'setup (field draft)' : `round ${view.round} of ${view.maxRounds}`;
  const parent = view.parent >= 0 ? ` · parent: ${seatName(view, view.parent)}` : '';
  return `Promotion · ${round}${parent} · ${view.seat >= 0 ? `you are seat ${view.seat}` : 'spectator view'}`;
}

/** Who decides what now, or how the game ended. */
function statusLine(view: PromotionView): string {
  if (view.isOver) {
    const how = view.truncated ? `Round ${view.maxRounds} ended without a King; the cap ranking decides: ` : '';
    const verb = view.winners.length === 1 ? 'wins' : 'share the win';
    const you = view.winners.includes(view.seat) ? ' You won!' : '';
    return `Game over. ${how}${seatList(view, view.winners)} ${verb}.${you}`;
  }
  let what: string = DECISION_TEXT[view.phase];
  if (view.phase === 'draft') {
    const left = [0, 1, 2, 3].filter((s) => !view.draft.drafted.includes(s)).map((s) => SUIT_NAMES[s]);
    what += ` (left: ${left.join(', ')})`;
  } else if (view.phase === 'downTie') {
    what += ` (${view.tieSuits.map((suit) => cardLabel(suit, view.fields[view.toAct][suit])).join(' or ')})`;
  }
  return view.seat >= 0 && view.toAct === view.seat ? `Your decision: ${what}.` : `Seat ${view.toAct} to act: ${what}.`;
}

function rowCardText(view: PromotionView, seat: number): string {
  if (view.rows !== null) return `row ${view.rows[seat]}`;
  if (seat === view.seat && view.ownRow > 0) return `row ${view.ownRow} (hidden from others)`;
  return view.committed[seat] ? 'placed (hidden)' : '—';
}

function sideRowsText(side: number): string {
  return SIDES[side].rows.map((icons, i) => `row ${i + 2} ${icons.map((s) => SUIT_SYMBOLS[s]).join('')}`).join('  ');
}

function resolutionText(view: PromotionView): string | undefined {
  if (view.rows === null) return undefined;
  const done = view.done.length > 0 ? seatList(view, view.done) : 'nobody';
  const next =
    view.activation <= SIDES.length
      ? `processing number ${view.activation} (${SIDES[view.activation - 1].effectLabel})`
      : 'finished';
  return `Row 1: ${next}; resolved so far by ${done}.`;
}

/** One log event as a sentence. */
export function formatLogEntry(view: PromotionView, entry: LogEntry): string {
  const a = entry.args;
  const who = (seat: number) => seatName(view, seat);
  const move = (suit: number, from: number, to: number) =>
    from === to ? `keeps ${cardLabel(suit, from)}` : `${cardLabel(suit, from)} → ${cardLabel(suit, to)}`;
  switch (entry.kind) {
    case 'draft': {
      const gets = [0, 1, 2, 3].map((j) => `${who((a[0] + j) % 4)} ${cardLabel(a[1], 5 + j)}`).join(', ');
      return `${who(a[0])} ${a[2] ? 'takes the last suit,' : 'drafts'} ${SUIT_NAMES[a[1]]}: ${gets}`;
    }
    case 'firstParent':
      return `${who(a[0])} is drawn as the parent of round 1`;
    case 'orient':
      return `${who(a[0])} (parent) faces ${sideLabel(a[1])}`;
    case 'flip':
      return a[1] ? `${who(a[0])} rotates the postcard 180°` : `${who(a[0])} keeps the postcard as it is`;
    case 'commit':
      return `${who(a[0])} places a row card face down`;
    case 'reveal':
      return `rows revealed: ${a.map((row, seat) => `${who(seat)} row ${row}`).join(', ')}`;
    case 'spin':
      return `${who(a[0])}: SPIN 90° (the postcard turns clockwise)`;
    case 'down':
      return `${who(a[0])}: Down! (every other seat demotes its highest card)`;
    case 'demote':
      return a[2] === a[3]
        ? `${who(a[0])} keeps ${cardLabel(a[1], a[2])} (nothing lower in the supply)`
        : `${who(a[0])} is demoted ${move(a[1], a[2], a[3])}`;
    case 'change':
      return `${who(a[0])}: Change! with ${who(a[1])}: gives ${cardLabel(a[2], a[3])}, gets ${cardLabel(a[2], a[4])}`;
    case 'wild':
      return `${who(a[0])}: Wild! ${move(a[1], a[2], a[3])}`;
    case 'promote':
      return `row ${a[1]}: ${who(a[0])} ${move(a[2], a[3], a[4])}`;
    case 'blocked':
      return `row ${a[0]}: ${seatsOfMask(a[1])
        .map((s) => SUIT_SYMBOLS[s])
        .join('')} blocked (batting)`;
    case 'win':
      return (
        `${seatList(view, seatsOfMask(a[0]))} ` +
        `${seatsOfMask(a[0]).length === 1 ? 'holds a King and wins' : 'hold Kings and share the win'}`
      );
    case 'cap':
      return `round ${entry.round} was the last: the game ends at the cap`;
  }
}

const roundLabel = (round: number) => (round === 0 ? 'setup' : `round ${round}`);

/** The terminal rendering of one seat's view. */
export function renderText(view: PromotionView): string {
  const lines: string[] = [headline(view), statusLine(view), ''];
  lines.push(`Field cards       ${SUIT_SYMBOLS.map((s) => s.padStart(4)).join('')}  best`);
  for (let seat = 0; seat < 4; seat++) {
    const ranks = view.fields[seat].map((r) => (r === 0 ? '—' : String(r)).padStart(4)).join('');
    lines.push(`  ${seatName(view, seat).padEnd(16)}${ranks}  ${String(Math.max(...view.fields[seat])).padStart(4)}`);
  }
  lines.push('Supply');
  view.supply.forEach((ranks, suit) =>
    lines.push(`  ${SUIT_SYMBOLS[suit]} ${ranks.length > 0 ? ranks.join(' ') : '(empty)'}`),
  );
  if (view.phase === 'draft') {
    lines.push(
      `Draft: drafted ${view.draft.drafted.map((s) => SUIT_NAMES[s]).join(', ') || 'nothing yet'}; seat ` +
        `${view.draft.parent} chooses next.`,
    );
  }
  if (view.orientation >= 0) {
    lines.push(`Postcard (a = ${view.orientation})`);
    for (let seat = 0; seat < 4; seat++) {
      const side = view.sides[seat];
      lines.push(
        `  ${seatName(view, seat).padEnd(16)}faces ${sideLabel(side).padEnd(14)} ${sideRowsText(side)}   ` +
          `${rowCardText(view, seat)}`,
      );
    }
  } else if (view.round > 0) {
    lines.push('Postcard: not placed yet this round.');
  }
  const resolution = resolutionText(view);
  if (resolution !== undefined) lines.push(resolution);
  if (view.log.length > 0) {
    lines.push('Log');
    for (const entry of view.log) lines.push(`  ${roundLabel(entry.round).padEnd(9)}${formatLogEntry(view, entry)}`);
  }
  return lines.join('\n');
}

const td = (text: string, cls?: string) => `<td${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</td>`;
const th = (text: string) => `<th>${escapeHtml(text)}</th>`;

/** The arena's HTML fragment of one seat's view (no scripts; all text escaped). */
export function renderHtml(view: PromotionView): string {
  const parts: string[] = [
    `<section class="game promotion">`,
    `<h2>${escapeHtml(headline(view))}</h2>`,
    `<p class="status">${escapeHtml(statusLine(view))}</p>`,
  ];

  const fieldRows = [0, 1, 2, 3].map((seat) => {
    const cells = view.fields[seat].map((r) => td(r === 0 ? '—' : String(r))).join('');
    const cls = seat === view.seat ? ' class="you"' : '';
    return `<tr${cls}>${th(seatName(view, seat))}${cells}${td(String(Math.max(...view.fields[seat])))}</tr>`;
  });
  parts.push(
    '<div style="overflow-x:auto"><table class="fields"><caption>Field cards</caption>' +
      `<tr>${th('')}${SUIT_SYMBOLS.map(th).join('')}${th('best')}</tr>` +
      `${fieldRows.join('')}</table></div>`,
  );

  const supplyRows = view.supply.map(
    (ranks, suit) => `<tr>${th(SUIT_SYMBOLS[suit])}${td(ranks.join(' ') || '(empty)')}</tr>`,
  );
  parts.push(
    `<div style="overflow-x:auto"><table class="supply"><caption>Supply</caption>${supplyRows.join('')}</table></div>`,
  );

  if (view.phase === 'draft') {
    const drafted = view.draft.drafted.map((s) => SUIT_NAMES[s]).join(', ') || 'nothing yet';
    parts.push(
      `<p class="draft">${escapeHtml(`Draft: drafted ${drafted}; seat ${view.draft.parent} chooses next.`)}</p>`,
    );
  }
  if (view.orientation >= 0) {
    const rows = [0, 1, 2, 3].map((seat) => {
      const side = view.sides[seat];
      const icons = SIDES[side].rows.map((r) => td(r.map((s) => SUIT_SYMBOLS[s]).join(''))).join('');
      const cls = seat === view.seat ? ' class="you"' : '';
      return `<tr${cls}>${th(seatName(view, seat))}${td(sideLabel(side))}${icons}${td(rowCardText(view, seat))}</tr>`;
    });
    const head = `<tr>${th('')}${th('faces (row 1)')}${th('row 2')}${th('row 3')}${th('row 4')}${th('row card')}</tr>`;
    parts.push(
      '<div style="overflow-x:auto"><table class="postcard">' +
        `<caption>${escapeHtml(`Postcard (a = ${view.orientation})`)}</caption>` +
        `${head}${rows.join('')}</table></div>`,
    );
  }
  const resolution = resolutionText(view);
  if (resolution !== undefined) parts.push(`<p class="resolution">${escapeHtml(resolution)}</p>`);
  if (view.log.length > 0) {
    const items = view.log.map((e) => `<li>${escapeHtml(`${roundLabel(e.round)}: ${formatLogEntry(view, e)}`)}</li>`);
    parts.push(`<ol class="log">${items.join('')}</ol>`);
  }
  parts.push('</section>');
  return parts.join('');
}
