/**
 * Small SVG drawing helpers for the Perikles board: text, wrapped text, seat chips, counters,
 * tiles, a flow layout and the "changed" marker. Everything is escaped; nothing reads a state.
 */
import { SEAT_COLORS, inkOn, svgText, wrapWords } from '../core/board.js';
import { explain } from './glossary.js';

export const INK = '#1d2430';
export const MUTED = '#4a5566';
export const PAPER = '#fffdf7';
/** The "changed since your last move" colour (Okabe-Ito yellow: no seat uses it). */
export const CHANGED = '#F0E442';
/** Fills of the two unit types and of a face-down counter. */
export const TYPE_FILL = ['#f1dfb8', '#cfe3f3'] as const;
export const FACE_DOWN = '#3b4a6b';

export interface TextOptions {
  size?: number;
  weight?: 'bold' | 'normal';
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
  italic?: boolean;
}

export function text(x: number, y: number, content: string, o: TextOptions = {}): string {
  const attrs = [`x="${x}"`, `y="${y}"`, `font-size="${o.size ?? 13}"`];
  if (o.weight === 'bold') attrs.push('font-weight="700"');
  if (o.anchor !== undefined && o.anchor !== 'start') attrs.push(`text-anchor="${o.anchor}"`);
  if (o.italic) attrs.push('font-style="italic"');
  attrs.push(`fill="${o.fill ?? INK}"`);
  return `<text ${attrs.join(' ')}>${svgText(content)}</text>`;
}

/** Estimated width of a text (sans-serif; generous, so layouts never overlap). */
export function textWidth(content: string, size = 13, bold = false): number {
  return Math.ceil(content.length * size * (bold ? 0.6 : 0.54));
}

/** Wrapped lines from baseline y; returns the svg and the height used. */
export function paragraph(x: number, y: number, content: string, width: number, o: TextOptions = {}): Block {
  const size = o.size ?? 13;
  // Greedy word wrap to the characters that fit the width.
  const lines = content === '' ? [] : wrapWords(content, Math.max(8, Math.floor(width / (size * 0.54))));
  const lead = Math.round(size * 1.35);
  return { svg: lines.map((l, i) => text(x, y + i * lead, l, o)).join(''), h: lines.length * lead };
}

export const title = (content: string): string => `<title>${svgText(content)}</title>`;

/** Text colour with the better contrast on a fill (shared by every board). */

export const seatColor = (seat: number): string => SEAT_COLORS[seat];

/** A seat-coloured chip with a label ('seat 2', or a count). */
export function chip(x: number, y: number, w: number, seat: number, label: string, tip: string, h = 20): string {
  const fill = seatColor(seat);
  return (
    `<g>${title(tip)}<rect x="${x}" y="${y}" width="${w}" height="${h}" ` +
    `rx="4" fill="${fill}" stroke="${INK}" stroke-width="0.6"/>` +
    text(x + w / 2, y + h / 2 + 4.5, label, { size: 13, weight: 'bold', anchor: 'middle', fill: inkOn(fill) }) +
    '</g>'
  );
}

/** An item of a flow layout: its size and how to draw it at a position. */
export interface FlowItem {
  w: number;
  h: number;
  draw: (x: number, y: number) => string;
}

/** Places items left to right, wrapping at maxW; returns the svg and the height used. */
export function flow(items: readonly FlowItem[], x0: number, y0: number, maxW: number, gap = 4): Block {
  let x = x0;
  let y = y0;
  let lineH = 0;
  const out: string[] = [];
  for (const item of items) {
    if (x > x0 && x + item.w > x0 + maxW) {
      x = x0;
      y += lineH + gap;
      lineH = 0;
    }
    out.push(item.draw(x, y));
    x += item.w + gap;
    lineH = Math.max(lineH, item.h);
  }
  return { svg: out.join(''), h: items.length === 0 ? 0 : y - y0 + lineH };
}

/** A text as a flow item (top-aligned to a 20-unit line). */
export function textItem(content: string, o: TextOptions = {}): FlowItem {
  const size = o.size ?? 13;
  return { w: textWidth(content, size, o.weight === 'bold') + 3, h: 20, draw: (x, y) => text(x, y + 14.5, content, o) };
}

/** Empty space in a flow. */
export const spacer = (w: number): FlowItem => ({ w, h: 20, draw: () => '' });

/** The yellow "changed" dot, with its explanation. */
export function changedMark(x: number, y: number, tip: string): string {
  return `<g>${title(tip)}<circle cx="${x}" cy="${y}" r="7" fill="${CHANGED}" stroke="${INK}" stroke-width="1.2"/></g>`;
}

/** A dashed outline around a changed block. */
export function changedOutline(x: number, y: number, w: number, h: number): string {
  return (
    `<rect x="${x - 3}" y="${y - 3}" width="${w + 6}" height="${h + 6}" ` +
    `rx="6" fill="none" stroke="${INK}" stroke-width="1.5" ` +
    `stroke-dasharray="5 3"/>`
  );
}

/** A square counter showing only a strength (or blank when face down). */
export function counterSquare(x: number, y: number, type: number, strength: number, tip: string, dead = false): string {
  const fill = strength === 0 ? FACE_DOWN : dead ? '#c4c4c4' : TYPE_FILL[type];
  const digit =
    strength > 0 ? text(x + 10, y + 15, String(strength), { size: 13, weight: 'bold', anchor: 'middle' }) : '';
  return (
    `<g>${title(tip)}<rect x="${x}" y="${y}" width="20" height="20" rx="3" ` +
    `fill="${fill}" stroke="${INK}" stroke-width="0.8"${dead ? ' stroke-dasharray="3 2"' : ''}/>${digit}</g>`
  );
}

/** Width of the board (viewBox units). */
export const W = 780;
/** Short power names for counters and the relations grid. */
export const ABBR = ['Arg', 'Ath', 'Cor', 'Meg', 'Spa', 'Thb', 'Per'] as const;

/** A named thing with its reference text, for <title>. */
export const tip = (name: string, extra = ''): string => `${name}${extra}: ${explain(name)}`;
export const translate = (x: number, y: number, body: string): string =>
  `<g transform="translate(${x},${y})">${body}</g>`;

/** A drawn part of the board and the height it takes. */
export interface Block {
  svg: string;
  h: number;
}

/** What changed since the viewer's last decision (from the view's log). */
export interface Changes {
  cities: Set<number>;
  slots: Set<number>;
  display: Set<number>;
  seats: Set<number>;
  powers: Set<number>;
  note: string;
}
