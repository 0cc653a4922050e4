/**
 * The drawing pieces of Philadelphia's board (board-svg.ts lays them out): text that wraps, ad cards
 * face up with everything printed on them, known-card chips, face-down and face-up piles, the die,
 * item cards. Every piece carries a <title> with its name and glossary text.
 */
import { SEAT_COLORS, cardBack, svgText } from '../core/board.js';
import { AD_KINDS, INDUSTRY_CODES, ITEM_KINDS } from './components.js';
import { adText, effectText, itemText, timingLabel } from './glossary.js';

export const FIELD_W = 110;
export const FIELD_H = 128;
export const HAND_W = 138;
export const LINE = 15;
const NEW_COLOR = '#E69F00';
export const INK = '#1d2430';
export const MUTED = '#4a5363';
/** Light tints per industry (CON, FUN, PUB, TRN, NAT, FIN) for the cards' top strips. */
const INDUSTRY_TINT = ['#ead9c0', '#f7d3dc', '#d5e1f2', '#dedede', '#d3ebc6', '#f2e6ae'];
const ITEM_TINT = '#e6ddf3';

// ---- text helpers ---------------------------------------------------------------------------------

export interface TextOpts {
  size?: number;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
  italic?: boolean;
}

export function text(x: number, y: number, s: string, o: TextOpts = {}): string {
  const size = o.size ?? 13;
  return (
    `<text x="${x}" y="${y}" ` +
    `font-size="${size}"${o.bold ? ' font-weight="700"' : ''}${o.italic ? ' font-style="italic"' : ''}` +
    `${o.anchor && o.anchor !== 'start' ? ` text-anchor="${o.anchor}"` : ''} ` +
    `fill="${o.fill ?? INK}">${svgText(s)}</text>`
  );
}

/** Words wrapped to lines no wider than `width` at `size` (a conservative average glyph width). */
export function wrap(s: string, width: number, size: number, bold = false): string[] {
  const max = Math.max(4, Math.floor(width / (size * (bold ? 0.62 : 0.56))));
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter((w) => w !== '')) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= max) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    while (line.length > max) {
      lines.push(line.slice(0, max));
      line = line.slice(max);
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

export const title = (s: string) => `<title>${svgText(s)}</title>`;

// ---- cards ----------------------------------------------------------------------------------------

export interface AdOpts {
  /** Border colour: the owner's seat colour, or grey for cards on display / in the discard. */
  stroke: string;
  /** Month markers on a posted ad; undefined for a card in hand or on display. */
  markers?: number;
  /** Copies in the viewer's hand (badge when > 1). */
  count?: number;
  /** Draw the effect text (the viewer's hand). */
  effect?: boolean;
  /** Copies of it in the viewer's hand that everyone knows about. */
  known?: number;
  isNew?: boolean;
  taken?: boolean;
  /** A short label at the right of the top strip ('pos 2'). */
  badge?: string;
  /** What the title says about where the card is. */
  where: string;
}

function effectLines(kind: number): string[] {
  return wrap(effectText(kind), HAND_W - 10, 12);
}

/** Height of a hand card (the effect text grows it). */
export function handCardHeight(kind: number, known: number): number {
  return 110 + effectLines(kind).length * LINE + (known > 0 ? LINE : 0) + 4;
}

/** Die faces as small numbered squares. */
function dieFaces(x: number, y: number, faces: readonly number[]): string {
  return faces
    .map(
      (f, i) =>
        `<rect x="${x + i * 18}" y="${y}" width="16" height="16" rx="3" fill="#fff" stroke="${INK}"/>` +
        text(x + i * 18 + 8, y + 12.5, String(f), { size: 12, anchor: 'middle', bold: true }),
    )
    .join('');
}

/** Month markers: ● placed, ○ still to come before the ad defaults; red ● beyond its contract. */
function monthPips(x: number, y: number, markers: number, period: number): string {
  const total = Math.min(Math.max(markers, period), 7);
  let out = '';
  for (let i = 0; i < total; i++) {
    const filled = i < markers;
    const over = i >= period;
    out +=
      `<circle cx="${x + 5 + i * 12}" cy="${y}" r="4.5" ` +
      `fill="${filled ? (over ? '#c0392b' : INK) : '#fff'}" stroke="${over ? '#c0392b' : INK}"/>`;
  }
  return out;
}

/** One ad card face up (field, hand or display). Returns its height. */
export function adCard(x: number, y: number, w: number, kind: number, o: AdOpts): { svg: string; h: number } {
  const k = AD_KINDS[kind];
  const h = o.effect ? handCardHeight(kind, o.known ?? 0) : FIELD_H;
  const parts: string[] = [];
  const about =
    o.markers === undefined
      ? ''
      : ` ${o.markers} month marker${o.markers === 1 ? '' : 's'} of a ${k.period}-month contract.`;
  const known = (o.known ?? 0) > 0 ? ` Everyone knows you hold ${o.known} of these.` : '';
  const copies = (o.count ?? 1) > 1 ? ` ×${o.count}` : '';
  parts.push(title(`${k.name}${copies} (${o.where}):${about}${known} ${adText(kind)}`));
  parts.push(
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#fff" ` +
      `stroke="${o.isNew ? NEW_COLOR : o.stroke}" stroke-width="${o.isNew ? 4 : 2.5}"/>`,
  );
  parts.push(
    `<rect x="${x + 2}" y="${y + 2}" width="${w - 4}" height="17" rx="3" fill="${INDUSTRY_TINT[k.industry]}"/>`,
  );
  const code = `${INDUSTRY_CODES[k.industry]}${k.specialist ? ' ★' : ''}`;
  parts.push(text(x + 6, y + 15, code, { size: 12, bold: true }));
  if (copies !== '') parts.push(text(x + w - 6, y + 15, copies.trim(), { size: 13, bold: true, anchor: 'end' }));
  else if (o.isNew)
    parts.push(text(x + w - 6, y + 15, 'NEW', { size: 12, bold: true, anchor: 'end', fill: '#8a5a00' }));
  else if (o.badge) parts.push(text(x + w - 6, y + 15, o.badge, { size: 12, anchor: 'end' }));
  const name = wrap(k.name, w - 10, 13, true).slice(0, 2);
  name.forEach((line, i) => parts.push(text(x + 5, y + 34 + i * 15, line, { size: 13, bold: true })));
  parts.push(text(x + 5, y + 70, `cost ${k.cost}`, { size: 12 }));
  parts.push(text(x + w - 5, y + 70, `reward ${k.reward}`, { size: 12, anchor: 'end' }));
  parts.push(text(x + 5, y + 89, 'die', { size: 12, fill: MUTED }));
  parts.push(dieFaces(x + 28, y + 77, k.faces));
  if (o.markers === undefined) {
    parts.push(monthPips(x + 4, y + 102, 0, k.period));
    parts.push(text(x + w - 5, y + 106, `${k.period} ${w >= HAND_W ? 'months' : 'mo'}`, { size: 12, anchor: 'end' }));
  } else {
    parts.push(monthPips(x + 4, y + 102, o.markers, k.period));
    parts.push(
      text(x + w - 5, y + 106, `${o.markers}/${k.period}`, {
        size: 12,
        anchor: 'end',
        bold: o.markers >= k.period - 1,
      }),
    );
  }
  if (o.effect) {
    effectLines(kind).forEach((line, i) => parts.push(text(x + 5, y + 124 + i * LINE, line, { size: 12 })));
    if ((o.known ?? 0) > 0)
      parts.push(
        text(x + 5, y + 124 + effectLines(kind).length * LINE, `${o.known} shown to all`, {
          size: 12,
          italic: true,
          fill: MUTED,
        }),
      );
  } else {
    parts.push(text(x + 5, y + 122, timingLabel(kind), { size: 12, italic: true, fill: MUTED }));
  }
  if (o.taken) {
    parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#fff" fill-opacity="0.7"/>`);
    parts.push(text(x + w / 2, y + h / 2 + 5, 'taken', { size: 16, bold: true, anchor: 'middle' }));
  }
  return { svg: `<g>${parts.join('')}</g>`, h };
}

/** A small face-up card naming a known card in an opponent's hand. */
export function knownChip(x: number, y: number, kind: number, seat: number, count: number): string {
  const k = AD_KINDS[kind];
  const lines = wrap(k.name, 88, 12, true).slice(0, 2);
  return (
    `<g>${title(`${k.name}${count > 1 ? ` ×${count}` : ''} (known card in seat ${seat}'s hand): ${adText(kind)}`)}` +
    `<rect x="${x}" y="${y}" width="100" height="48" rx="4" ` +
    `fill="#fff" stroke="${SEAT_COLORS[seat]}" stroke-width="2"/>` +
    `<rect x="${x + 2}" y="${y + 2}" width="8" height="44" fill="${INDUSTRY_TINT[k.industry]}"/>` +
    lines.map((l, i) => text(x + 14, y + 19 + i * 15, l, { size: 12, bold: true })).join('') +
    (count > 1 ? text(x + 95, y + 44, `×${count}`, { size: 12, bold: true, anchor: 'end' }) : '') +
    '</g>'
  );
}

/** A face-down deck drawn as a small stack with its size. */
export function deckStack(x: number, y: number, w: number, h: number, label: string, count: number): string {
  const layers = count > 0 ? Math.min(3, count) : 0;
  let out = '';
  for (let i = layers - 1; i >= 0; i--)
    out += cardBack(x + i * 3, y + i * 3, w, h, `${label}: ${count} face-down cards`);
  if (layers === 0)
    out +=
      `<g>${title(`${label}: empty`)}<rect x="${x}" y="${y}" width="${w}" ` +
      `height="${h}" rx="4" fill="none" stroke="#99a" stroke-dasharray="4 3"/></g>`;
  return (
    out +
    text(x + w / 2 + 3, y + h + 20, label, { size: 12, anchor: 'middle' }) +
    text(x + w / 2 + 3, y + h + 35, `${count} cards`, { size: 12, anchor: 'middle', bold: true })
  );
}

/** A face-up pile (its contents are public; the title lists them). */
export function faceUpPile(
  x: number,
  y: number,
  w: number,
  h: number,
  label: string,
  count: number,
  contents: string,
): string {
  let out = `<g>${title(`${label}, face up (${count} cards): ${contents}`)}`;
  if (count > 0) {
    for (let i = Math.min(3, count) - 1; i >= 0; i--) {
      out +=
        `<rect x="${x + i * 3}" y="${y + i * 3}" width="${w}" ` +
        `height="${h}" rx="4" fill="#fbfaf5" stroke="${INK}"/>`;
    }
    out += text(x + w / 2, y + h / 2 + 6, String(count), { size: 20, bold: true, anchor: 'middle' });
  } else {
    out +=
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" ` +
      `fill="none" stroke="#99a" stroke-dasharray="4 3"/>`;
  }
  return (
    out +
    '</g>' +
    text(x + w / 2 + 3, y + h + 20, label, { size: 12, anchor: 'middle' }) +
    text(x + w / 2 + 3, y + h + 35, `${count} cards`, { size: 12, anchor: 'middle', bold: true })
  );
}

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

export function die(x: number, y: number, face: number, isNew: boolean): string {
  const s = 48;
  const cx = x + s / 2;
  const cy = y + s / 2;
  const pips = (PIPS[face] ?? [])
    .map(([dx, dy]) => `<circle cx="${cx + dx * 13}" cy="${cy + dy * 13}" r="4.5" fill="${INK}"/>`)
    .join('');
  const what =
    face > 0
      ? `Last die roll: ${face}${isNew ? ' (new since your last decision)' : ''}`
      : 'The die has not been rolled yet';
  return (
    `<g>${title(what)}` +
    `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="8" fill="#fff" ` +
    `stroke="${isNew ? NEW_COLOR : INK}" stroke-width="${isNew ? 4 : 2}"/>${pips}` +
    (face > 0 ? '' : text(cx, cy + 5, '–', { size: 16, anchor: 'middle' })) +
    '</g>' +
    text(cx, y + s + 20, 'last roll', { size: 12, anchor: 'middle' }) +
    text(cx, y + s + 35, face > 0 ? String(face) : 'none yet', { size: 12, anchor: 'middle', bold: true })
  );
}

export function itemCard(
  x: number,
  y: number,
  w: number,
  h: number,
  item: number,
  slot: number,
  isNew: boolean,
): string {
  const it = ITEM_KINDS[item];
  const lines = wrap(it.effect, w - 10, 12);
  const news = isNew ? ', new since your last decision' : '';
  return (
    `<g>${title(`${it.name} (item slot ${slot}, ${it.cost} gold${news}): ${itemText(item)}`)}` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="#fff" ` +
    `stroke="${isNew ? NEW_COLOR : '#6b5a8c'}" stroke-width="${isNew ? 4 : 2}"/>` +
    `<rect x="${x + 2}" y="${y + 2}" width="${w - 4}" height="17" rx="3" fill="${ITEM_TINT}"/>` +
    text(x + 6, y + 15, `slot ${slot}`, { size: 12 }) +
    text(x + w - 6, y + 15, `${it.cost} gold`, { size: 12, bold: true, anchor: 'end' }) +
    wrap(it.name, w - 10, 13, true)
      .map((l, i) => text(x + 5, y + 35 + i * 15, l, { size: 13, bold: true }))
      .join('') +
    lines.map((l, i) => text(x + 5, y + 55 + i * LINE, l, { size: 12 })).join('') +
    '</g>'
  );
}

export function itemCardHeight(item: number, w: number): number {
  return item < 0
    ? 70
    : 55 +
        wrap(ITEM_KINDS[item].effect, w - 10, 12).length * LINE +
        (wrap(ITEM_KINDS[item].name, w - 10, 13, true).length - 1) * 15;
}
