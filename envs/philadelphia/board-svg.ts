/**
 * Philadelphia's board as server-rendered SVG, a pure function of one seat's view: the opponents'
 * areas across the top (field of ads, hand as card backs plus their known cards), the shared table
 * in the middle (ad deck, face-up discard pile, die, item deck and discard, Economic Boom, the items
 * for sale, cards on display, sets being submitted), the viewer's own area at the bottom with the
 * hand face up, then what happened since the viewer's last decision and a key.
 */
import { SEAT_COLORS, cardBack, svgBoard } from '../core/board.js';
import {
  FIELD_H,
  FIELD_W,
  HAND_W,
  INK,
  LINE,
  MUTED,
  adCard,
  deckStack,
  die,
  faceUpPile,
  handCardHeight,
  itemCard,
  itemCardHeight,
  knownChip,
  text,
  title,
  wrap,
} from './board-parts.js';
import { AD_KINDS, ITEM_BOOM, ITEM_KINDS, SETS, setLabel } from './components.js';
import { itemText } from './glossary.js';
import { logEntry, type LogEntry } from './events.js';
import { decisionDetails, formatLogEntry, statusLine } from './render.js';
import type { PhiladelphiaView } from './view.js';

const W = 600;
const M = 12;
const INNER = W - 2 * M;
const GAP = 6;

const seatName = (view: PhiladelphiaView, seat: number) => (seat === view.seat ? `Seat ${seat} (you)` : `Seat ${seat}`);

// ---- what changed since the viewer's last decision ------------------------------------------------

interface Fresh {
  /** newAds[seat] = slots of that seat's field posted since the viewer's last decision. */
  newAds: Set<number>[];
  newItemSlots: Set<number>;
  newDie: boolean;
  events: LogEntry[];
}

function freshness(view: PhiladelphiaView): Fresh {
  const events = view.log.slice(view.newFrom).map(logEntry);
  const posted: number[][] = Array.from({ length: view.players }, () => new Array<number>(AD_KINDS.length).fill(0));
  const newItemSlots = new Set<number>();
  let newDie = false;
  for (const [kind, seat, a] of events) {
    if (seat < 0 || seat >= view.players) {
      if (kind === 'refill') newItemSlots.add(a);
      continue;
    }
    if (kind === 'post') posted[seat][a]++;
    // An ad leaving the field after it was posted: one fewer new copy of it.
    if ((kind === 'established' || kind === 'returned' || kind === 'defaulted') && posted[seat][a] > 0)
      posted[seat][a]--;
    if (kind === 'refill') newItemSlots.add(a);
    if (kind === 'die') newDie = true;
  }
  const newAds = view.fieldKinds.map((field, seat) => {
    const marks = new Set<number>();
    const left = posted[seat].slice();
    for (let slot = field.length - 1; slot >= 0; slot--) {
      if (left[field[slot]] > 0) {
        left[field[slot]]--;
        marks.add(slot);
      }
    }
    return marks;
  });
  return { newAds, newItemSlots, newDie, events };
}

// ---- layout -----------------------------------------------------------------------------------------

/** Places boxes of the given widths left to right, wrapping; returns their positions and the rows' height. */
function flow(
  widths: number[],
  heights: number[],
  x0: number,
  width: number,
): { at: [number, number][]; height: number } {
  const at: [number, number][] = [];
  let x = x0;
  let y = 0;
  let rowH = 0;
  widths.forEach((w, i) => {
    if (x > x0 && x + w > x0 + width) {
      x = x0;
      y += rowH + GAP;
      rowH = 0;
    }
    at.push([x, y]);
    x += w + GAP;
    rowH = Math.max(rowH, heights[i]);
  });
  return { at, height: widths.length === 0 ? 0 : y + rowH };
}

/** One seat's area: a band with its numbers, its field, its hand. Returns the svg and its height. */
function seatArea(view: PhiladelphiaView, seat: number, y0: number, fresh: Fresh): { svg: string; h: number } {
  const color = SEAT_COLORS[seat];
  const mine = seat === view.seat;
  const toAct = !view.isOver && view.toAct === seat;
  const parts: string[] = [];
  let y = y0 + 8;
  // Band: seat, VP, gold, hand size; badges below.
  const badges: string[] = [];
  if (view.startPlayer === seat && !view.isOver) badges.push('start player');
  if (toAct) badges.push(mine ? '▶ your decision' : '▶ to act');
  if (view.isOver && view.winners.includes(seat))
    badges.push(view.winners.length > 1 ? '★ shares the win' : '★ winner');
  const bandH = badges.length > 0 ? 46 : 30;
  parts.push(`<rect x="${M}" y="${y}" width="${INNER}" height="${bandH}" rx="4" fill="${color}" fill-opacity="0.16"/>`);
  parts.push(`<rect x="${M}" y="${y}" width="8" height="${bandH}" fill="${color}"/>`);
  parts.push(`<circle cx="${M + 24}" cy="${y + 15}" r="8" fill="${color}" stroke="${INK}"/>`);
  parts.push(text(M + 38, y + 20, seatName(view, seat), { size: 15, bold: true }));
  const summary =
    `${seatName(view, seat)}: ${view.vp[seat]} VP, ${view.gold[seat]} gold, ` + `${view.handSizes[seat]} cards in hand`;
  parts.push(
    `<g>${title(summary)}` +
      text(W - M - 8, y + 20, `${view.vp[seat]} VP · ${view.gold[seat]} gold · ${view.handSizes[seat]} in hand`, {
        size: 14,
        bold: true,
        anchor: 'end',
      }) +
      '</g>',
  );
  if (badges.length > 0)
    parts.push(text(M + 38, y + 38, badges.join(' · '), { size: 13, bold: toAct, fill: toAct ? INK : MUTED }));
  y += bandH + 18;
  // Field.
  const field = view.fieldKinds[seat];
  parts.push(
    text(
      M,
      y,
      `Field: ${field.length} ad${field.length === 1 ? '' : 's'}${field.length > 1 ? ' (oldest first)' : ''}`,
      { size: 12, fill: MUTED },
    ),
  );
  y += 6;
  if (field.length === 0) {
    parts.push(
      `<rect x="${M}" y="${y}" width="${INNER}" height="30" rx="4" fill="none" stroke="#bbc" stroke-dasharray="4 3"/>` +
        text(W / 2, y + 20, 'no ads posted', { size: 12, anchor: 'middle', fill: MUTED }),
    );
    y += 30;
  } else {
    const f = flow(
      field.map(() => FIELD_W),
      field.map(() => FIELD_H),
      M,
      INNER,
    );
    field.forEach((kind, slot) => {
      const [x, dy] = f.at[slot];
      parts.push(
        adCard(x, y + dy, FIELD_W, kind, {
          stroke: color,
          markers: view.fieldMarkers[seat][slot],
          isNew: fresh.newAds[seat].has(slot),
          where:
            `${seatName(view, seat)}'s field, slot ` +
            `${slot}${fresh.newAds[seat].has(slot) ? ', new since your last decision' : ''}`,
        }).svg,
      );
    });
    y += f.height;
  }
  y += 20;
  // Hand.
  const knownCounts = new Map<number, number>();
  for (const k of view.known[seat]) knownCounts.set(k, (knownCounts.get(k) ?? 0) + 1);
  if (mine && view.hand !== null) {
    const groups: [number, number][] = [];
    for (const k of view.hand) {
      const last = groups[groups.length - 1];
      if (last !== undefined && last[0] === k) last[1]++;
      else groups.push([k, 1]);
    }
    parts.push(
      text(M, y, `Your hand: ${view.hand.length} card${view.hand.length === 1 ? '' : 's'}`, { size: 13, bold: true }),
    );
    y += 6;
    if (groups.length === 0) {
      parts.push(text(M, y + 16, 'empty', { size: 12, fill: MUTED }));
      y += 22;
    } else {
      const heights = groups.map(([k]) => handCardHeight(k, knownCounts.get(k) ?? 0));
      const f = flow(
        groups.map(() => HAND_W),
        heights,
        M,
        INNER,
      );
      groups.forEach(([k, n], i) => {
        const [x, dy] = f.at[i];
        parts.push(
          adCard(x, y + dy, HAND_W, k, {
            stroke: color,
            count: n,
            effect: true,
            known: knownCounts.get(k) ?? 0,
            where: 'in your hand',
          }).svg,
        );
      });
      y += f.height;
    }
  } else {
    const size = view.handSizes[seat];
    const knownN = view.known[seat].length;
    parts.push(
      text(M, y, `Hand: ${size} card${size === 1 ? '' : 's'}${knownN > 0 ? ` (${knownN} known to all)` : ''}`, {
        size: 13,
        bold: true,
      }),
    );
    y += 6;
    const chips = [...knownCounts.entries()];
    const hidden = Math.max(0, size - knownN);
    const shown = Math.min(hidden, 20);
    const widths = [...chips.map(() => 100), ...(shown > 0 ? [34 + (shown - 1) * 14 + (hidden > shown ? 40 : 0)] : [])];
    const f = flow(
      widths,
      widths.map(() => 48),
      M,
      INNER,
    );
    chips.forEach(([k, n], i) => {
      const [x, dy] = f.at[i];
      parts.push(knownChip(x, y + dy, k, seat, n));
    });
    if (shown > 0) {
      const [x, dy] = f.at[chips.length];
      for (let i = 0; i < shown; i++)
        parts.push(cardBack(x + i * 14, y + dy, 34, 48, `face-down card in ${seatName(view, seat)}'s hand`));
      if (hidden > shown)
        parts.push(text(x + 34 + (shown - 1) * 14 + 6, y + dy + 30, `+${hidden - shown}`, { size: 13, bold: true }));
    }
    y += size === 0 ? 0 : f.height;
    if (size === 0) {
      parts.push(text(M, y + 16, 'empty', { size: 12, fill: MUTED }));
      y += 22;
    }
  }
  y += 10;
  const h = y - y0;
  const frame =
    `<rect x="${M - 6}" y="${y0 + 2}" width="${INNER + 12}" height="${h - 2}" rx="8" ` +
    `fill="none" stroke="${color}" stroke-width="${toAct ? 4 : 1.5}"${toAct ? '' : ' stroke-opacity="0.6"'}/>`;
  return { svg: `<g>${frame}${parts.join('')}</g>`, h: h + 8 };
}

/** The shared table: piles, die, Economic Boom, items, cards on display, sets being submitted. */
function tableArea(view: PhiladelphiaView, y0: number, fresh: Fresh): { svg: string; h: number } {
  const parts: string[] = [];
  let y = y0 + 4;
  parts.push(`<rect x="${M - 6}" y="${y0}" width="${INNER + 12}" height="HEIGHT" rx="8" fill="#eef1f5"/>`);
  y += 18;
  parts.push(text(M, y, 'The table', { size: 14, bold: true }));
  y += 10;
  // Cards on display (Explore, Market Research, Geologist).
  if (view.revealed.length > 0) {
    const ctx = view.decision.context;
    const how =
      ctx === 'EXPLORE_PICK' || ctx === 'TAXI_PICK'
        ? 'Revealed by Explore'
        : ctx === 'MR_PICK'
          ? 'Revealed by Market Research'
          : 'Revealed cards';
    parts.push(text(M, y + 12, `${how} (positions from 0):`, { size: 13, bold: true }));
    y += 18;
    const f = flow(
      view.revealed.map(() => FIELD_W),
      view.revealed.map(() => FIELD_H),
      M,
      INNER,
    );
    view.revealed.forEach(([kind, taken], i) => {
      const [x, dy] = f.at[i];
      parts.push(
        adCard(x, y + dy, FIELD_W, kind, {
          stroke: '#6b7280',
          taken,
          badge: `pos ${i}`,
          where: `revealed, position ${i}${taken ? ', taken' : ''}`,
        }).svg,
      );
    });
    y += f.height + 12;
  }
  if (view.submitting.length > 0) {
    const lines = wrap(`Sets being submitted: ${view.submitting.map(setLabel).join('; ')}`, INNER, 13, true);
    const sets = view.submitting.map((id) => SETS[id]);
    parts.push(
      `<g>${title(`Sets being submitted: ${sets.map((s) => setLabel(s.id)).join('; ')}`)}` +
        lines.map((l, i) => text(M, y + 14 + i * 17, l, { size: 13, bold: true })).join('') +
        '</g>',
    );
    y += lines.length * 17 + 8;
  }
  // Piles, die and Economic Boom.
  const discardCount = view.adDiscard.reduce((a, b) => a + b, 0);
  const discardList = view.adDiscard
    .map((c, k) => (c === 0 ? '' : c === 1 ? AD_KINDS[k].name : `${AD_KINDS[k].name} ×${c}`))
    .filter((s) => s !== '')
    .join(', ');
  const itemDiscardCount = view.items.discard.reduce((a, b) => a + b, 0);
  const itemDiscardList = view.items.discard
    .map((c, k) => (c === 0 ? '' : c === 1 ? ITEM_KINDS[k].name : `${ITEM_KINDS[k].name} ×${c}`))
    .filter((s) => s !== '')
    .join(', ');
  y += 6;
  parts.push(deckStack(M, y, 60, 84, 'ad deck', view.adDeckSize));
  parts.push(faceUpPile(M + 84, y, 60, 84, 'ad discard', discardCount, discardList || 'empty'));
  parts.push(die(M + 172, y + 18, view.lastDie, fresh.newDie));
  parts.push(deckStack(M + 246, y, 56, 84, 'item deck', view.items.deckSize));
  parts.push(faceUpPile(M + 326, y, 56, 84, 'item discard', itemDiscardCount, itemDiscardList || 'empty'));
  const bx = M + 406;
  const boom = ITEM_KINDS[ITEM_BOOM];
  if (view.items.boom) {
    parts.push(
      `<g>${title(`${boom.name} (face up for the rest of the game): ${itemText(ITEM_BOOM)}`)}` +
        `<rect x="${bx}" y="${y}" width="${W - M - bx}" height="84" ` +
        `rx="5" fill="#fff4cf" stroke="#a07800" stroke-width="2"/>` +
        text(bx + 6, y + 18, boom.name, { size: 13, bold: true }) +
        wrap(boom.effect.replace(/^Field card: once revealed, e/, 'E'), W - M - bx - 12, 12)
          .map((l, i) => text(bx + 6, y + 36 + i * LINE, l, { size: 12 }))
          .join('') +
        '</g>',
    );
  } else {
    parts.push(
      `<g>${title(`${boom.name} is still in the item deck: ${itemText(ITEM_BOOM)}`)}` +
        `<rect x="${bx}" y="${y}" width="${W - M - bx}" height="84" ` +
        `rx="5" fill="none" stroke="#a07800" stroke-dasharray="4 3"/>` +
        wrap(`${boom.name}: not revealed yet`, W - M - bx - 12, 12)
          .map((l, i) => text(bx + 6, y + 20 + i * LINE, l, { size: 12, fill: MUTED }))
          .join('') +
        '</g>',
    );
  }
  y += 84 + 60;
  for (const [label, list] of [
    ['Ad discard pile', discardList],
    ['Item discard pile', itemDiscardList],
  ] as const) {
    if (list === '') continue;
    const lines = wrap(`${label}: ${list}`, INNER, 12);
    lines.forEach((l, i) => parts.push(text(M, y + i * LINE, l, { size: 12 })));
    y += lines.length * LINE + 4;
  }
  // Items for sale.
  y += 8;
  parts.push(text(M, y, 'Items for sale (Purchase: from round 2, one per turn)', { size: 13, bold: true }));
  y += 8;
  const iw = Math.floor((INNER - 2 * GAP) / 3);
  const ih = Math.max(...view.items.slots.map((item) => itemCardHeight(item, iw)));
  view.items.slots.forEach((item, slot) => {
    const x = M + slot * (iw + GAP);
    if (item >= 0) parts.push(itemCard(x, y, iw, ih, item, slot, fresh.newItemSlots.has(slot)));
    else {
      const active = view.items.active >= 0 ? ITEM_KINDS[view.items.active].name : 'an item';
      parts.push(
        `<g>${title(`Item slot ${slot}: ${active} was just bought and is being used`)}` +
          `<rect x="${x}" y="${y}" width="${iw}" height="${ih}" rx="5" ` +
          `fill="none" stroke="#6b5a8c" stroke-dasharray="4 3"/>` +
          wrap(`slot ${slot}: ${active} being used`, iw - 10, 12)
            .map((l, i) => text(x + 6, y + 20 + i * LINE, l, { size: 12, fill: MUTED }))
            .join('') +
          '</g>',
      );
    }
  });
  y += ih + 12;
  const h = y - y0;
  parts[0] = parts[0].replace('HEIGHT', String(h));
  return { svg: `<g>${parts.join('')}</g>`, h: h + 10 };
}

/** The board of one seat's view. */
export function renderSvg(view: PhiladelphiaView): string {
  const fresh = freshness(view);
  const parts: string[] = [];
  let y = 0;
  // Header: round, start player, who decides what.
  parts.push(text(M, 24, `Philadelphia · round ${view.round} of ${view.maxRounds}`, { size: 17, bold: true }));
  if (!view.isOver)
    parts.push(
      text(W - M, 24, `phase: ${view.phase === 'action' ? 'turns' : 'adoption'}`, {
        size: 13,
        anchor: 'end',
        fill: MUTED,
      }),
    );
  y = 30;
  const status = statusLine(view);
  const actorColor = view.toAct >= 0 ? SEAT_COLORS[view.toAct] : INK;
  const statusLines = wrap(status, INNER - 22, 14, true);
  parts.push(`<circle cx="${M + 7}" cy="${y + 13}" r="7" fill="${actorColor}"/>`);
  statusLines.forEach((l, i) => parts.push(text(M + 20, y + 18 + i * 18, l, { size: 14, bold: true })));
  y += statusLines.length * 18 + 6;
  for (const line of decisionDetails(view).filter(
    (l) => !l.startsWith('Revealed cards') && !l.startsWith('Submitting:'),
  )) {
    for (const l of wrap(line, INNER, 13)) {
      parts.push(text(M, y + 14, l, { size: 13 }));
      y += 17;
    }
  }
  y += 6;
  // Seats: opponents clockwise from the viewer's left at the top, the viewer at the bottom.
  const order: number[] = [];
  const base = view.seat >= 0 ? view.seat : -1;
  for (let i = 1; i <= view.players; i++) {
    const s = (base + i + view.players) % view.players;
    if (s !== view.seat) order.push(s);
  }
  const place = (area: { svg: string; h: number }) => {
    parts.push(area.svg);
    y += area.h;
  };
  for (const s of order) place(seatArea(view, s, y, fresh));
  place(tableArea(view, y, fresh));
  if (view.seat >= 0) place(seatArea(view, view.seat, y, fresh));
  // What happened since the viewer's last decision.
  if (fresh.events.length > 0) {
    const maxEvents = 12;
    const shown = fresh.events.slice(-maxEvents);
    y += 14;
    parts.push(text(M, y, view.seat >= 0 ? 'Since your last decision' : 'Recent events', { size: 14, bold: true }));
    y += 4;
    if (fresh.events.length > shown.length) {
      y += LINE;
      parts.push(text(M, y, `… ${fresh.events.length - shown.length} earlier events`, { size: 12, fill: MUTED }));
    }
    for (const e of shown) {
      for (const [i, l] of wrap(formatLogEntry(view, e), INNER - 12, 12).entries()) {
        y += LINE;
        parts.push(text(M + (i === 0 ? 0 : 12), y, `${i === 0 ? '• ' : ''}${l}`, { size: 12 }));
      }
    }
    y += 8;
  }
  // Key.
  y += 12;
  const key =
    'Ad cards: industry code (★ = specialist, never in a set) on the top strip; posting cost and reward in gold; ' +
    'the die faces that establish the ad; ● month markers placed and ○ ' +
    'months still to run before it defaults (red ● beyond its contract). ' +
    'A thick orange border marks what is new since your last decision.';
  for (const l of wrap(key, INNER, 12)) {
    parts.push(text(M, y, l, { size: 12, fill: MUTED }));
    y += LINE;
  }
  y += 6;
  const summary = Array.from(
    { length: view.players },
    (_, s) =>
      `${seatName(view, s)}: ${view.vp[s]} VP, ${view.gold[s]} gold, ` +
      `${view.handSizes[s]} cards in hand, ${view.fieldKinds[s].length} ads posted`,
  ).join('; ');
  return svgBoard(
    W,
    Math.ceil(y),
    `Philadelphia, round ${view.round} of ${view.maxRounds}`,
    `<g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">${parts.join('')}</g>`,
    `${status} ${summary}.`,
  );
}
