import { escapeHtml } from '../core/html.js';
import { AD_KINDS, ITEM_BOOM, ITEM_KINDS, setLabel } from './components.js';
import { effectText, industryText, numbersText, orList } from './glossary.js';
import {
  CAUSE_ITEM,
  CAUSE_PASS,
  SOURCE_EXPLORE,
  SOURCE_GEOLOGIST,
  SOURCE_MARKET,
  logEntry,
  type LogEntry,
} from './events.js';
import { DECISION_TEXT } from './actions.js';
import type { PhiladelphiaView } from './view.js';

const cardName = (kind: number) => AD_KINDS[kind].name;
const itemName = (item: number) => ITEM_KINDS[item].name;

/** 'seat 2' or 'seat 2 (you)'. */
function seatName(view: PhiladelphiaView, seat: number): string {
  return seat === view.seat ? `seat ${seat} (you)` : `seat ${seat}`;
}

function causeName(cause: number): string {
  if (cause >= CAUSE_PASS) return 'Pass';
  if (cause >= CAUSE_ITEM) return itemName(cause - CAUSE_ITEM);
  return cardName(cause);
}

/** 'Cafe ×2, Bank' from copies per kind; '(none)' when empty. */
function cardList(counts: readonly number[]): string {
  const parts: string[] = [];
  counts.forEach((c, k) => {
    if (c > 0) parts.push(c === 1 ? cardName(k) : `${cardName(k)} ×${c}`);
  });
  return parts.length > 0 ? parts.join(', ') : '(none)';
}

/** The same from a list of kinds. */
function kindList(kinds: readonly number[]): string {
  const counts = new Array<number>(AD_KINDS.length).fill(0);
  for (const k of kinds) counts[k]++;
  return cardList(counts);
}

function headline(view: PhiladelphiaView): string {
  const who = view.seat >= 0 ? `you are seat ${view.seat}` : 'spectator view';
  return (
    `Philadelphia · round ${view.round} of ${view.maxRounds} · ` +
    `start player: ${seatName(view, view.startPlayer)} · ${who}`
  );
}

/** Who decides what now, or how the game ended. */
export function statusLine(view: PhiladelphiaView): string {
  if (view.isOver) {
    const how = view.truncated ? `Round ${view.maxRounds} ended with nobody at 10 VP; ranked by VP, then gold: ` : '';
    const names = view.winners.map((s) => seatName(view, s));
    const verb = names.length === 1 ? 'wins' : 'share the win';
    const you = view.winners.includes(view.seat) ? ' You won!' : '';
    return `Game over. ${how}${names.join(' and ')} ${verb}.${you}`;
  }
  let what: string = DECISION_TEXT[view.decision.context];
  if (view.decision.context === 'MAIN')
    what += ` (action ${3 - view.actionsLeft} of 2${view.purchased ? ', purchased already' : ''})`;
  const mine = view.seat >= 0 && view.toAct === view.seat;
  return mine ? `Your decision: ${what}.` : `Seat ${view.toAct} to act: ${what}.`;
}

function fieldText(view: PhiladelphiaView, seat: number): string {
  const ads = view.fieldKinds[seat];
  if (ads.length === 0) return '(empty)';
  return ads
    .map((kind, slot) => `[${slot}] ${cardName(kind)} ${view.fieldMarkers[seat][slot]}/${AD_KINDS[kind].period}`)
    .join('  ');
}

function itemsText(view: PhiladelphiaView): string {
  const slots = view.items.slots.map((item, slot) =>
    item < 0 ? `[${slot}] (being resolved)` : `[${slot}] ${itemName(item)} (${ITEM_KINDS[item].cost} gold)`,
  );
  const boom = view.items.boom ? 'Economic Boom is face up (+1 gold per established ad)' : 'Economic Boom not revealed';
  return `Items: ${slots.join('  ')} · item deck ${view.items.deckSize} · ${boom}`;
}

/** Extra lines about the decision in progress (display, sets selected, the item resolving). */
export function decisionDetails(view: PhiladelphiaView): string[] {
  const lines: string[] = [];
  if (view.revealed.length > 0) {
    lines.push(
      `Revealed cards by position: ` +
        `${view.revealed.map(([kind, taken], i) => `${i}: ${cardName(kind)}${taken ? ' (taken)' : ''}`).join(' · ')}`,
    );
  }
  if (view.submitting.length > 0) lines.push(`Submitting: ${view.submitting.map(setLabel).join('; ')}`);
  if (view.items.active >= 0) lines.push(`Resolving the item: ${itemName(view.items.active)}`);
  for (const [frame, a, b] of view.pending) {
    if (frame === 'posting') lines.push(`Posting in progress: ${seatName(view, a)}'s ${cardName(b)}`);
    if (frame === 'overtime') lines.push(`Overtime: ${b} of 2 postings made`);
  }
  return lines;
}

/** One log event as a sentence. */
export function formatLogEntry(view: PhiladelphiaView, entry: LogEntry): string {
  const [kind, seat, ...a] = entry;
  const who = seatName(view, seat);
  switch (kind) {
    case 'round':
      return `round ${a[0]} begins; ${who} is the start player`;
    case 'turn':
      return `${who}'s turn`;
    case 'explore':
      return `${who} explores`;
    case 'reveal':
      return `revealed: ${cardName(a[0])}${
        a[1] === SOURCE_MARKET ? ' (Market Research)' : a[1] === SOURCE_GEOLOGIST ? ' (Geologist)' : ''
      }`;
    case 'take':
      return (
        `${who} takes ${cardName(a[0])} into the ` +
        `hand${a[1] === SOURCE_EXPLORE ? '' : a[1] === SOURCE_MARKET ? ' (Market Research)' : ' (Geologist)'}`
      );
    case 'acquire':
      return `${who} acquires ${a[0]} card${a[0] === 1 ? '' : 's'} for ${a[1]} gold`;
    case 'post': {
      const how = a[2] === 1 ? ' free (Site Supervisor)' : a[2] === 2 ? ` (Overtime, cost ${a[1]})` : ` (cost ${a[1]})`;
      return `${who} posts ${cardName(a[0])}${how}`;
    }
    case 'copy':
      return `${who}'s Design Office copies the [POST] effect of ${cardName(a[0])}`;
    case 'gain':
      return `${who} gains ${a[0]} gold (${causeName(a[1])})`;
    case 'lose':
      return `${who} loses ${a[0]} gold (${causeName(a[1])})`;
    case 'guard':
      return `${who}'s Guard turns the loss from ${causeName(a[0])} into a gain of 5 gold`;
    case 'lawyer':
      return `${who}'s Lawyer stops ${causeName(a[0])}`;
    case 'draw':
      return `${who} draws ${a[0]} card${a[0] === 1 ? '' : 's'} (${causeName(a[1])})`;
    case 'discard':
      return `${who} discards ${cardName(a[0])} (${causeName(a[1])})`;
    case 'returned':
      return `${who} returns ${cardName(a[0])} to the hand (${causeName(a[1])})`;
    case 'marker': {
      const n = Math.abs(a[2]);
      const verb =
        a[2] >= 0 ? `puts ${n} marker${n === 1 ? '' : 's'} on` : `removes ${n} marker${n === 1 ? '' : 's'} from`;
      const owner = a[0] === seat ? 'their' : `${seatName(view, a[0])}'s`;
      return `${who} ${verb} ${owner} ${cardName(a[1])} (${causeName(a[3])})`;
    }
    case 'markersAll':
      return (
        `${who} ${a[0] > 0 ? 'puts 1 marker on' : 'removes 1 marker from'} ` +
        `each other ad in their field (${causeName(a[1])})`
      );
    case 'purchase':
      return `${who} buys ${itemName(a[0])} from slot ${a[1]} for ${a[2]} gold`;
    case 'refill':
      return `${itemName(a[1])} is revealed into item slot ${a[0]}`;
    case 'boom':
      return 'Economic Boom is revealed: every established ad pays +1 gold from now on';
    case 'set':
      return `${who} submits ${setLabel(a[0])}`;
    case 'submit':
      return `${who} scores ${a[0]} VP${a[1] > 0 ? ` and ${a[1]} gold from Banks` : ''}`;
    case 'pass':
      return `${who} passes and reveals the hand`;
    case 'headhunt':
      return `${who} takes ${cardName(a[1])} from ${seatName(view, a[0])} (Headhunting)`;
    case 'die':
      return `${who} rolls the die: ${a[0]}`;
    case 'established':
      return `${who}'s ${cardName(a[0])} is established: +${a[1]} gold`;
    case 'defaulted':
      return (
        `${who}'s ${cardName(a[0])} defaults and goes to ` +
        `${a[1] ? 'the hand (Railway Company)' : 'the discard pile'}`
      );
    case 'heal':
      return `${who}'s Doctor removes every month marker from the ads that stay`;
    case 'reshuffle':
      return `the discard pile (${a[0]} cards) is shuffled into a new ad deck`;
    case 'under':
      return `${a[0]} cards are shuffled and put under the ad deck`;
    case 'itemReshuffle':
      return `the item discard pile (${a[0]} cards) is shuffled into a new item deck`;
    case 'end':
      return a[0] ? 'the round cap is reached: the game ends' : 'someone has 10 VP: the game ends';
  }
}

/** The events a seat has not seen yet (all of them for the spectator). */
function newEvents(view: PhiladelphiaView): LogEntry[] {
  return view.log.slice(view.newFrom).map(logEntry);
}

function knownText(view: PhiladelphiaView, seat: number): string {
  return view.known[seat].length > 0 ? kindList(view.known[seat]) : '';
}

/** The terminal rendering of one seat's view. */
export function renderText(view: PhiladelphiaView): string {
  const lines: string[] = [headline(view), statusLine(view), ...decisionDetails(view), ''];
  lines.push(
    `${'Seat'.padEnd(14)}${'VP'.padStart(4)}${'gold'.padStart(6)}${'hand'.padStart(6)} ` +
      ` field [slot] card markers/period`,
  );
  for (let seat = 0; seat < view.players; seat++) {
    lines.push(
      `${seatName(view, seat).padEnd(14)}${String(view.vp[seat]).padStart(4)}${String(view.gold[seat]).padStart(6)}` +
        `${String(view.handSizes[seat]).padStart(6)}  ${fieldText(view, seat)}`,
    );
  }
  if (view.hand !== null) lines.push('', `Your hand: ${kindList(view.hand)}`);
  for (let seat = 0; seat < view.players; seat++) {
    const known = knownText(view, seat);
    if (known !== '' && seat !== view.seat) lines.push(`Known cards of ${seatName(view, seat)}: ${known}`);
  }
  lines.push('', itemsText(view));
  lines.push(`Ad deck: ${view.adDeckSize} cards · discard pile: ${cardList(view.adDiscard)}`);
  if (view.lastDie > 0) lines.push(`Last die roll: ${view.lastDie}`);
  const events = newEvents(view);
  if (events.length > 0) {
    lines.push('', view.seat >= 0 ? 'Since your last move:' : 'Recent events:');
    for (const e of events) lines.push(`  ${formatLogEntry(view, e)}`);
  }
  return lines.join('\n');
}

const td = (text: string) => `<td>${escapeHtml(text)}</td>`;
const th = (text: string) => `<th>${escapeHtml(text)}</th>`;
/** Tables scroll sideways inside their own box rather than widening a phone's page. */
const scroll = (html: string) => `<div style="overflow-x:auto">${html}</div>`;

/** 'Cafe', with its industry and numbers on a second line, and what it does on a third. */
function adCell(kind: number): string {
  const k = AD_KINDS[kind];
  return `<td><strong>${escapeHtml(k.name)}</strong><br><small>${escapeHtml(
    `${industryText(kind)} · cost ${k.cost} · reward ${k.reward} gold · ` + `established on die ${orList(k.faces)}`,
  )}<br>${escapeHtml(effectText(kind))}</small></td>`;
}

/** One seat's field: slot, the ad with everything printed on it, month markers against the contract. */
function fieldHtml(view: PhiladelphiaView, seat: number): string {
  const ads = view.fieldKinds[seat];
  const heading = `<h3>${escapeHtml(`Field of ${seatName(view, seat)}`)}</h3>`;
  if (ads.length === 0) return `${heading}<p class="field">No ads posted.</p>`;
  const rows = ads.map(
    (kind, slot) =>
      `<tr>${td(String(slot))}${adCell(kind)}` +
      `${td(`${view.fieldMarkers[seat][slot]} of ${AD_KINDS[kind].period}`)}</tr>`,
  );
  return (
    heading +
    scroll(
      `<table class="field"><tr>${th('slot')}${th('ad (slot 0 = oldest)')}${th('months posted')}</tr>` +
        `${rows.join('')}</table>`,
    )
  );
}

/** The viewer's hand, one line per card name with everything printed on the card. */
function handHtml(view: PhiladelphiaView, hand: readonly number[]): string {
  const counts = new Array<number>(AD_KINDS.length).fill(0);
  for (const k of hand) counts[k]++;
  const known = new Array<number>(AD_KINDS.length).fill(0);
  if (view.seat >= 0) for (const k of view.known[view.seat]) known[k]++;
  const items: string[] = [];
  counts.forEach((n, k) => {
    if (n === 0) return;
    const shown = known[k] > 0 ? ` (${known[k]} known to all)` : '';
    items.push(
      `<li><strong>${escapeHtml(`${cardName(k)}${n > 1 ? ` ×${n}` : ''}`)}</strong>${escapeHtml(shown)} — ` +
        `${escapeHtml(`${industryText(k)}; ${numbersText(k)}. ${effectText(k)}`)}</li>`,
    );
  });
  return items.length > 0 ? `<ul class="hand-cards">${items.join('')}</ul>` : '';
}

/** The arena's HTML fragment of one seat's view (no scripts; all text escaped). */
export function renderHtml(view: PhiladelphiaView): string {
  const parts: string[] = [
    '<section class="game philadelphia">',
    `<h2>${escapeHtml(headline(view))}</h2>`,
    `<p class="status">${escapeHtml(statusLine(view))}</p>`,
  ];
  for (const line of decisionDetails(view)) parts.push(`<p class="decision">${escapeHtml(line)}</p>`);
  const rows = Array.from({ length: view.players }, (_, seat) => {
    const cls = seat === view.seat ? ' class="you"' : '';
    const known = knownText(view, seat);
    return (
      `<tr${cls}>${th(seatName(view, seat))}${td(String(view.vp[seat]))}${td(String(view.gold[seat]))}` +
      `${td(`${view.handSizes[seat]}${known !== '' && seat !== view.seat ? ` (known: ${known})` : ''}`)}</tr>`
    );
  });
  parts.push(
    scroll(
      '<table class="seats"><caption>Players</caption>' +
        `<tr>${th('seat')}${th('VP')}${th('gold')}${th('cards in hand')}</tr>` +
        `${rows.join('')}</table>`,
    ),
  );
  if (view.hand !== null) {
    parts.push(`<p class="hand">${escapeHtml(`Your hand: ${kindList(view.hand)}`)}</p>`);
    parts.push(handHtml(view, view.hand));
  }
  for (let seat = 0; seat < view.players; seat++) parts.push(fieldHtml(view, seat));
  const items = view.items.slots.map((item, slot) =>
    item < 0
      ? `<tr>${td(String(slot))}` +
        `${td(`${view.items.active >= 0 ? itemName(view.items.active) : 'item'} (bought, being used)`)}${td('')}</tr>`
      : `<tr>${td(String(slot))}<td><strong>${escapeHtml(itemName(item))}</strong>` +
        `<br><small>${escapeHtml(ITEM_KINDS[item].effect)}</small></td>` +
        `${td(`${ITEM_KINDS[item].cost} gold`)}</tr>`,
  );
  parts.push(
    scroll(
      `<table class="items"><caption>Items for sale (Purchase, from round 2)</caption>` +
        `<tr>${th('slot')}${th('item')}${th('price')}</tr>${items.join('')}</table>`,
    ),
  );
  const itemDiscard = view.items.discard
    .map((c, k) => (c === 0 ? '' : c === 1 ? itemName(k) : `${itemName(k)} ×${c}`))
    .filter((x) => x !== '');
  parts.push(
    `<p class="table">${escapeHtml(
      `${view.items.boom ? `${itemName(ITEM_BOOM)} is face up: every established ad pays +1 gold. ` : ''}` +
        `Item deck: ${view.items.deckSize} cards. Item discard pile: ` +
        `${itemDiscard.length > 0 ? itemDiscard.join(', ') : '(none)'}.`,
    )}</p>`,
  );
  parts.push(
    `<p class="table">${escapeHtml(
      `Ad deck: ${view.adDeckSize} face-down cards. ` +
        `Ad discard pile (face up): ` +
        `${cardList(view.adDiscard)}.${view.lastDie > 0 ? ` Last die roll: ${view.lastDie}.` : ''}`,
    )}</p>`,
  );
  const events = newEvents(view);
  if (events.length > 0) {
    parts.push(`<h3>${view.seat >= 0 ? 'Since your last move' : 'Recent events'}</h3>`);
    parts.push(`<ol class="log">${events.map((e) => `<li>${escapeHtml(formatLogEntry(view, e))}</li>`).join('')}</ol>`);
  }
  parts.push('</section>');
  return parts.join('');
}
