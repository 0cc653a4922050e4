import { escapeHtml } from '../core/html.js';
import {
  ACTION_CARD_NAMES,
  DECISION_TEXT,
  HAND_LIMIT,
  INCOME_CARDS,
  KINDS,
  kindName,
  kindSummary,
} from './components.js';
import { DRAW_REASONS, type LogEntry } from './events.js';
import type { CityPlanView } from './view.js';

/** 'seat 2' or 'seat 2 (you)'. */
function seatName(view: CityPlanView, seat: number): string {
  return seat === view.seat ? `seat ${seat} (you)` : `seat ${seat}`;
}

function seatList(view: CityPlanView, seats: readonly number[]): string {
  const names = seats.map((s) => seatName(view, s));
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Apartments x2, Factory' from an ascending kind list. */
export function cardList(kinds: readonly number[]): string {
  if (kinds.length === 0) return '—';
  return groups(kinds)
    .map(([k, n]) => (n > 1 ? `${kindName(k)} x${n}` : kindName(k)))
    .join(', ');
}

/** [kind, copies] of an ascending kind list. */
function groups(kinds: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const k of kinds) {
    if (out.length > 0 && out[out.length - 1][0] === k) out[out.length - 1][1]++;
    else out.push([k, 1]);
  }
  return out;
}

function headline(view: CityPlanView): string {
  const variant = view.variant === 'plain' ? ' (Plain)' : '';
  const who = view.seat >= 0 ? `you are seat ${view.seat}` : 'spectator view';
  return (
    `City Plan Delta${variant} · turn ${view.turn} of ${view.maxTurns} · mayor: ${seatName(view, view.mayor)} · ` +
    `${who}`
  );
}

/** Who decides what now, or how the game ended. */
function statusLine(view: CityPlanView): string {
  if (view.isOver) {
    const how = view.truncated ? `Turn ${view.maxTurns} ended without a city of 10 buildings. ` : '';
    const verb = view.winners.length === 1 ? 'wins' : 'share the win';
    const you = view.winners.includes(view.seat) ? ' You won!' : '';
    return `Game over. ${how}${seatList(view, view.winners)} ${verb}.${you}`;
  }
  let what: string = DECISION_TEXT[view.phase];
  const p = view.pending;
  if (p !== null) {
    what +=
      view.phase === 'sacrifice'
        ? ` for ${kindName(p.kind)}`
        : ` for ${kindName(p.kind)} (${plural(p.due, 'card')} still due of ${p.cost}, ${p.power} power)`;
  } else if (view.phase === 'exchange') {
    what += ` (${plural(view.setAsideCount, 'card')} set aside so far)`;
  } else if (view.phase === 'handLimit') {
    what += ` (${plural(view.handSizes[view.toAct] - HAND_LIMIT, 'card')} to go)`;
  }
  return view.seat >= 0 && view.toAct === view.seat ? `Your decision: ${what}.` : `Seat ${view.toAct} to act: ${what}.`;
}

function actionCardText(view: CityPlanView, seat: number): string {
  if (view.revealed !== null) return ACTION_CARD_NAMES[view.revealed[seat]];
  if (seat === view.seat && view.ownAction >= 0) return `${ACTION_CARD_NAMES[view.ownAction]} (hidden from others)`;
  return view.committed[seat] ? 'chosen (hidden)' : '—';
}

function seatSummary(view: CityPlanView, seat: number): string {
  const free = view.freeBuilds[seat] > 0 ? `, ${view.freeBuilds[seat]} free build(s)` : '';
  return (
    `${plural(view.cities[seat].length, 'building')}, ${view.power[seat]} power, ` +
    `${plural(view.councilors[seat], 'chip')}, ` +
    `hand ${view.handSizes[seat]}${free}, score ${view.scores[seat]}`
  );
}

function incomeText(view: CityPlanView): string {
  return INCOME_CARDS.map((c) => `${c.number} ${c.name}${view.incomeUsed[c.id] ? ' (used)' : ''}`).join(' · ');
}

function councilText(view: CityPlanView): string {
  return view.councilOpen
    ? `Council open: ${plural(view.assembly, 'chip')} on the assembly.`
    : 'Council not open yet (no income card has triggered).';
}

function pileText(view: CityPlanView): string {
  const own = view.seat >= 0 ? `; you discarded: ${cardList(view.ownDiscards)}` : '';
  return `Deck ${view.deckSize} · discard pile ${view.discardSize} (face up: ${cardList(view.publicDiscards)}${own})`;
}

/** One log event as a sentence. */
export function formatLogEntry(view: CityPlanView, entry: LogEntry): string {
  const [kind, turn, ...a] = entry;
  const who = (seat: number) => seatName(view, seat);
  switch (kind) {
    case 'commit':
      return `${who(a[0])} chooses an action card face down`;
    case 'played':
      return `${who(a[0])} reveals ${ACTION_CARD_NAMES[a[1]]}`;
    case 'draw':
      return `${who(a[0])} draws ${plural(a[1], 'card')} (${DRAW_REASONS[a[2]]})`;
    case 'lost':
      return `${who(a[0])} loses ${plural(a[1], 'draw')}: deck and discard pile are empty`;
    case 'reshuffle':
      return `the discard pile (${plural(a[0], 'card')}) is shuffled into a new deck`;
    case 'exchange':
      return `${who(a[0])} exchanges ${plural(a[1], 'card')}`;
    case 'chips':
      return `${who(a[0])} takes ${plural(a[1], 'councilor chip')}`;
    case 'build': {
      const site = a[4] ? ', sacrificing the Construction Site' : '';
      return `${who(a[0])} builds ${kindName(a[1])} for ${plural(a[2], 'card')} and ${a[3]} power${site}`;
    }
    case 'gain':
      return `${who(a[0])} gains ${a[1]} power`;
    case 'freeBuilds':
      return `${who(a[0])}'s next ${a[1]} buildings cost 0 cards`;
    case 'drawTwo':
      return `${who(a[0])} does not build and draws 2`;
    case 'handLimit':
      return `${who(a[0])} must discard ${plural(a[1], 'card')} (hand limit)`;
    case 'income':
      return `income card ${INCOME_CARDS[a[0]].number} ${INCOME_CARDS[a[0]].name} triggers`;
    case 'councilOpens':
      return `the council opens with ${plural(a[0], 'chip')}`;
    case 'end':
      return a[0] ? `turn ${turn} was the last: the game ends at the cap` : 'a city has 10 buildings: the game ends';
    case 'cityBonus':
      return `${who(a[0])} draws ${plural(a[1], 'City Bonus ticket')} for ${a[2]} points`;
  }
}

function finalRows(view: CityPlanView): string[][] {
  if (view.final === null) return [];
  return view.final.map((f, seat) => [
    seatName(view, seat),
    String(f.buildingPoints),
    String(f.chips),
    String(f.council),
    String(f.completion),
    String(f.development),
    String(f.effects),
    `${f.cityBonus} (${cardList([...f.bonusCards].sort((x, y) => x - y))})`,
    String(f.total),
    String(view.ranking![seat] + 1),
  ]);
}
const FINAL_HEAD = [
  '',
  'buildings',
  'chips',
  'council',
  'completion',
  'development',
  'effects',
  'city bonus',
  'total',
  'place',
];

/** The terminal rendering of one seat's view. */
export function renderText(view: CityPlanView): string {
  const lines: string[] = [headline(view), statusLine(view), ''];
  if (view.seat >= 0) {
    lines.push(`Your hand (${view.hand.length}):${view.hand.length === 0 ? ' —' : ''}`);
    for (const [kind, count] of groups(view.hand))
      lines.push(`  ${count > 1 ? `${count} x ` : ''}${describeKind(kind)}`);
  }
  if (view.ownSetAside.length > 0) lines.push(`Set aside to exchange: ${cardList(view.ownSetAside)}`);
  lines.push('Cities');
  for (let seat = 0; seat < view.players; seat++) {
    lines.push(
      `  ${seatName(view, seat).padEnd(14)} ${seatSummary(view, seat)}; action: ${actionCardText(view, seat)}`,
    );
    lines.push(`    ${cardList(view.cities[seat])}`);
  }
  lines.push(`Income cards: ${incomeText(view)}`);
  lines.push(councilText(view));
  lines.push(pileText(view));
  if (view.final !== null) {
    lines.push('Final scores');
    for (const row of [FINAL_HEAD, ...finalRows(view)])
      lines.push(`  ${row[0].padEnd(14)} ${row.slice(1).join(' | ')}`);
  }
  const [title, recent] = recentEvents(view);
  if (recent.length > 0) {
    lines.push(title);
    for (const entry of recent) lines.push(`  turn ${String(entry[1]).padEnd(3)} ${formatLogEntry(view, entry)}`);
  }
  return lines.join('\n');
}

/** A seat reads the events since its own last move; the spectator every event kept. */
function recentEvents(view: CityPlanView): [string, LogEntry[]] {
  if (view.seat < 0) return ['Recent events', view.log];
  return ['Since your last move', view.log.slice(view.lastMove[view.seat])];
}

const td = (text: string) => `<td>${escapeHtml(text)}</td>`;
const th = (text: string) => `<th>${escapeHtml(text)}</th>`;

/** The arena's HTML fragment of one seat's view (no scripts; all text escaped). */
export function renderHtml(view: CityPlanView): string {
  const parts: string[] = [
    '<section class="game cityplan">',
    `<h2>${escapeHtml(headline(view))}</h2>`,
    `<p class="status">${escapeHtml(statusLine(view))}</p>`,
  ];
  if (view.seat >= 0) {
    const items = view.hand.map((k) => `<li>${escapeHtml(describeKind(k))}</li>`).join('');
    parts.push(`<div class="hand"><h3>${escapeHtml(`Your hand (${view.hand.length})`)}</h3><ul>${items}</ul></div>`);
  }
  if (view.ownSetAside.length > 0)
    parts.push(`<p class="set-aside">${escapeHtml(`Set aside to exchange: ${cardList(view.ownSetAside)}`)}</p>`);
  const columns = ['', 'buildings', 'power', 'chips', 'hand', 'free builds', 'score', 'action card', 'city'];
  const head = `<tr>${columns.map(th).join('')}</tr>`;
  const rows = Array.from({ length: view.players }, (_, seat) => {
    const cls = seat === view.seat ? ' class="you"' : '';
    const cells = [
      String(view.cities[seat].length),
      String(view.power[seat]),
      String(view.councilors[seat]),
      String(view.handSizes[seat]),
      String(view.freeBuilds[seat]),
      String(view.scores[seat]),
      actionCardText(view, seat),
      cardList(view.cities[seat]),
    ];
    return `<tr${cls}>${th(seatName(view, seat))}${cells.map(td).join('')}</tr>`;
  });
  parts.push(
    `<div style="overflow-x:auto"><table class="cities"><caption>Cities</caption>${head}${rows.join('')}</table></div>`,
  );
  parts.push(`<p class="income">${escapeHtml(`Income cards: ${incomeText(view)}`)}</p>`);
  parts.push(`<p class="council">${escapeHtml(councilText(view))}</p>`);
  parts.push(`<p class="piles">${escapeHtml(pileText(view))}</p>`);
  if (view.final !== null) {
    const body = finalRows(view)
      .map((r) => `<tr>${th(r[0])}${r.slice(1).map(td).join('')}</tr>`)
      .join('');
    parts.push(
      `<div style="overflow-x:auto"><table class="final"><caption>Final ` +
        `scores</caption><tr>${FINAL_HEAD.map(th).join('')}</tr>${body}</table></div>`,
    );
  }
  const [title, recent] = recentEvents(view);
  if (recent.length > 0) {
    const items = recent.map((e) => `<li>${escapeHtml(`turn ${e[1]}: ${formatLogEntry(view, e)}`)}</li>`);
    parts.push(`<h3>${escapeHtml(title)}</h3><ol class="log">${items.join('')}</ol>`);
  }
  parts.push('</section>');
  return parts.join('');
}

/** 'Apartments (R, 1 card, 2 power, 3 pts)', with the effect of a facility. */
function describeKind(kind: number): string {
  const k = KINDS[kind];
  const effect = k.effectText !== '' && k.type !== 'P' ? ` — ${k.effectText}` : '';
  return `${kindSummary(kind)}${effect}`;
}
