/**
 * Drawing helpers and view facts for Filthy Rich's SVG board (board-draw.ts): sizes, colours, text
 * wrapping, titled shapes, face-up cards, and where signs lie and what changed since the viewer's
 * last decision. Everything reads the view only.
 */
import { SEAT_COLORS, svgText } from '../core/board.js';
import { BUSINESSES, CARD_TYPES } from './components.js';
import { explain } from './glossary.js';
import type { FilthyRichView } from './view.js';

export const W = 720;
export const PAD = 12;
export const INNER = W - 2 * PAD;
export const FONT = 'system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif';
/** Average glyph width per unit of font size, for wrapping (generous, so text stays inside its box). */
const GLYPH = 0.58;
const GLYPH_BOLD = 0.64;
export const INK = '#1d2430';
export const MUTED = '#5b6472';
export const NEW_MARK = '#E69F00';
export const CATEGORY_FILL = { business: '#fdf6e3', asset: '#e8eef7', action: '#fff0e0' } as const;

/** An SVG fragment and the height it takes. */
export interface Block {
  svg: string;
  height: number;
}

export const seatColor = (seat: number): string => SEAT_COLORS[seat % SEAT_COLORS.length];
export const seatLabel = (view: FilthyRichView, seat: number): string =>
  `Seat ${seat}${seat === view.seat ? ' (you)' : ''}`;
export const textWidth = (text: string, size: number, bold = false): number =>
  text.length * size * (bold ? GLYPH_BOLD : GLYPH);

/** Greedy word wrap into lines of at most `width` (estimated). */
export function wrap(text: string, width: number, size: number, bold = false): string[] {
  const max = Math.max(4, Math.floor(width / (size * (bold ? GLYPH_BOLD : GLYPH))));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= max) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

export interface TextOptions {
  size?: number;
  weight?: 'bold' | 'normal';
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
}

export function text(x: number, y: number, content: string, o: TextOptions = {}): string {
  const weight = o.weight === 'bold' ? ' font-weight="700"' : '';
  const anchor = o.anchor && o.anchor !== 'start' ? ` text-anchor="${o.anchor}"` : '';
  return (
    `<text x="${r(x)}" y="${r(y)}" font-size="${o.size ?? 13}"${weight}${anchor} ` +
    `fill="${o.fill ?? INK}">${svgText(content)}</text>`
  );
}

/** Lines of text from baseline y on, `step` apart. */
export function textLines(x: number, y: number, lines: readonly string[], step: number, o: TextOptions = {}): string {
  return lines.map((line, i) => text(x, y + i * step, line, o)).join('');
}

const r = (n: number): string => String(Math.round(n * 10) / 10);

export function rect(x: number, y: number, w: number, h: number, attrs: string): string {
  return `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" ${attrs}/>`;
}

export const titled = (title: string, body: string): string => `<g><title>${svgText(title)}</title>${body}</g>`;

/** A small "changed since your last move" dot. */
export const newDot = (x: number, y: number): string =>
  `<circle cx="${r(x)}" cy="${r(y)}" r="6" fill="${NEW_MARK}" stroke="#fff" stroke-width="1.5"/>`;

// ---- facts read from the view ---------------------------------------------------------------------

/** Where a business's sign lies: its page and slots (ascending), or null when it is not in the binder. */
export function signOf(view: FilthyRichView, business: number): { page: number; slots: number[] } | null {
  for (let p = 0; p < view.binder.length; p++) {
    const slots: number[] = [];
    view.binder[p].forEach((b, i) => {
      if (b === business) slots.push(i + 1);
    });
    if (slots.length > 0) return { page: p + 1, slots };
  }
  return null;
}

export const visibleSlots = (view: FilthyRichView, business: number): number[] =>
  view.visible.flatMap((b, i) => (b === business ? [i + 1] : []));

/** Businesses placed and luxuries that changed hands since the viewer's last decision (from the log). */
export interface Changes {
  businesses: Set<number>;
  luxuries: Set<number>;
}

export function changes(view: FilthyRichView): Changes {
  const businesses = new Set<number>();
  const luxuries = new Set<number>();
  for (const e of view.log) {
    if (e.kind === 'place') businesses.add(e.args[1]);
    else if (e.kind === 'buy') luxuries.add(e.args[1]);
    else if (e.kind === 'sold' || e.kind === 'unsold') luxuries.add(e.args[0]);
  }
  return { businesses, luxuries };
}

export function signTitle(view: FilthyRichView, b: number, isNew: boolean): string {
  const owner = view.businessOwner[b];
  const sign = signOf(view, b);
  const where =
    sign === null ? '' : `; sign on page ${sign.page}, slot${sign.slots.length > 1 ? 's' : ''} ${sign.slots.join('+')}`;
  const shown = visibleSlots(view, b);
  const vis =
    sign === null
      ? ''
      : shown.length === 0
        ? ', hidden now'
        : `, showing in slot${shown.length > 1 ? 's' : ''} ${shown.join('+')}`;
  return (
    `${explain(BUSINESSES[b].name)} Owner: ` +
    `${owner >= 0 ? seatLabel(view, owner) : 'nobody'}${where}${vis}.${isNew ? ' Opened since your last move.' : ''}`
  );
}

export const cellX = (slot: number, x0: number, w: number): number => x0 + ((slot - 1) % 3) * w;
export const cellY = (slot: number, y0: number, h: number): number => y0 + Math.floor((slot - 1) / 3) * h;

/** The bounding box of some slots of a 3×3 grid. */
export function box(
  slots: readonly number[],
  x0: number,
  y0: number,
  w: number,
  h: number,
): { x: number; y: number; w: number; h: number } {
  const cols = slots.map((s) => (s - 1) % 3);
  const rows = slots.map((s) => Math.floor((s - 1) / 3));
  const c0 = Math.min(...cols);
  const r0 = Math.min(...rows);
  return { x: x0 + c0 * w, y: y0 + r0 * h, w: (Math.max(...cols) - c0 + 1) * w, h: (Math.max(...rows) - r0 + 1) * h };
}

/** A face-up card of the viewer's hand (or a known card), with its name and price. */
export function faceUp(type: number, x: number, y: number, w: number, h: number, note = ''): string {
  const card = CARD_TYPES[type];
  const nameLines = wrap(card.name, w - 10, 12, true).slice(0, h >= 50 ? Math.floor((h - 24) / 13) : 1);
  const bottom =
    card.category === 'business'
      ? `$${card.cost} · hit $${BUSINESSES[type].hit}`
      : card.category === 'asset'
        ? `asset · $${card.cost}`
        : 'action · free';
  return titled(
    `${explain(card.name)}${note}`,
    rect(x, y, w, h, `rx="5" fill="${CATEGORY_FILL[card.category]}" stroke="#6b5d3a" stroke-width="1.2"`) +
      textLines(x + 5, y + 15, nameLines, 13, { size: 12, weight: 'bold' }) +
      (h >= 50 ? text(x + 5, y + h - 7, bottom, { size: 12, fill: MUTED }) : ''),
  );
}
