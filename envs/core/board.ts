/**
 * What every game gives people besides its rules engine: a drawn board (SVG), a reference for every
 * card, tile and item, a rules page for players, and a sentence for the decision at hand. All pure
 * functions of a seat's view or of the game's own tables, so none of them can show what that seat
 * may not see.
 */
import { escapeHtml } from './html.js';

/** One entry of a game's reference: a card, tile or item by the name the pages show, and what it does. */
export interface GlossaryEntry {
  /** The name exactly as the views and action labels write it ('Movie Theater', 'Athens'). */
  term: string;
  /** Its cost, effect, period, dice... in one or two plain sentences. */
  text: string;
  /** What kind of thing it is ('ad card', 'city', 'business'), for grouping on the rules page. */
  kind: string;
}

/** A table of a rules page, generated from the game's constant tables. */
export interface RulesTable {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}

/** A game's rules written for players (plain text; pages escape it). */
export interface RulesDoc {
  /** One paragraph: what the game is about and how it is won. */
  intro: string;
  /** In this order: set-up, a turn, scoring, the end (and anything else players need). */
  sections: { heading: string; paragraphs: string[] }[];
  tables: RulesTable[];
}

/**
 * One colour per seat, the same on every board, in every game and on every page (seat 0 first).
 * Chosen to stay apart for the common colour-vision deficiencies (Okabe-Ito).
 */
export const SEAT_COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'] as const;

/** Escapes text for SVG (same rules as HTML). */
export const svgText = escapeHtml;

/**
 * The root of a board: scales to its container (width 100%, never wider than the page), with a
 * title and description for screen readers. --board-width lets narrow screens (which give big boards
 * a minimum width and scroll them sideways) keep a small board at its own width instead of
 * enlarging it past the screen.
 */
export function svgBoard(width: number, height: number, title: string, body: string, description = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 ${width} ${height}" width="100%" ` +
    `role="img" aria-labelledby="board-title board-desc" ` +
    `style="max-width:${width}px;--board-width:${width}px;height:auto">` +
    `<title id="board-title">${svgText(title)}</title><desc id="board-desc">${svgText(description)}</desc>${body}</svg>`
  );
}

/** A face-down card: a back, with no text of what is on its face. */
export function cardBack(x: number, y: number, w: number, h: number, label = 'face-down card'): string {
  return (
    `<g><title>${svgText(label)}</title>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="#3b4a6b" stroke="#1d2430"/>` +
    `<rect x="${x + 4}" y="${y + 4}" width="${w - 8}" height="${h - 8}" rx="3" fill="none" ` +
    'stroke="#8fa3c8" stroke-dasharray="3 3"/></g>'
  );
}

/** Text colour with the better contrast (WCAG relative luminance) on a fill such as a seat colour. */
export function inkOn(hex: string): string {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? '#ffffff' : '#111111';
}

/** Greedy word wrap to lines of at most `max` characters (a longer word keeps a line of its own). */
export function wrapWords(words: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of words.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= max) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}
