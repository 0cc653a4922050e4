/** The table as SVG: each seat's card (a card back where it is hidden), its chips, the public card, the pot. */
import { SEAT_COLORS, cardBack, svgBoard, svgText } from '../core/board.js';
import {
  CARDS,
  MAX_RAISES,
  NO_CARD,
  RAISE_SIZES,
  RANKS,
  SUIT_SYMBOLS,
  cardTitle,
  rankOf,
  suitOf,
} from './components.js';
import { raisesIn } from './betting.js';
import { bettingText, resultText } from './render.js';
import type { LeducView } from './view.js';

const CARD_W = 40;
const CARD_H = 56;

/** A face-up card: its rank and suit symbol (hearts in red), with its name as the title. */
function card(x: number, y: number, id: number, stroke: string, title: string): string {
  const ink = suitOf(id) === 1 ? '#b3261e' : '#111111';
  return (
    `<g><title>${svgText(title)}</title><rect x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="4" ` +
    `fill="#fff" stroke="${stroke}" stroke-width="2"/><text x="${x + CARD_W / 2}" y="${y + 35}" ` +
    `text-anchor="middle" font-size="18" fill="${ink}">${RANKS[rankOf(id)]}${SUIT_SYMBOLS[suitOf(id)]}</text></g>`
  );
}

function seatRow(v: LeducView, s: number): string {
  const y = s === 0 ? 170 : 14;
  const who = s === v.seat ? 'your' : `seat ${s}'s`;
  const parts = [
    `<text x="14" y="${y + 32}" font-size="13" fill="${SEAT_COLORS[s]}">` +
      `Seat ${s}${s === v.seat ? ' (you)' : ''}</text>`,
  ];
  if (v.cards[s] !== NO_CARD) {
    parts.push(card(110, y, v.cards[s], SEAT_COLORS[s], `${who} card: ${cardTitle(v.cards[s])}`));
  } else if (v.dealt[s]) {
    parts.push(cardBack(110, y, CARD_W, CARD_H, `${who} card, face down`));
  }
  parts.push(
    `<g><title>${svgText(`${who} chips in the pot: ${v.stakes[s]}`)}</title>` +
      `<text x="170" y="${y + 32}" font-size="13">${v.stakes[s]} in</text></g>`,
  );
  return parts.join('');
}

/** The public card, or its empty place before it is turned up. */
function publicSlot(v: LeducView): string {
  if (v.publicCard !== NO_CARD) {
    return card(110, 92, v.publicCard, '#1d2430', `the public card: ${cardTitle(v.publicCard)}`);
  }
  return (
    '<g><title>the public card: not turned up yet</title>' +
    `<rect x="110" y="92" width="${CARD_W}" height="${CARD_H}" rx="4" fill="none" stroke="#8a94a6" ` +
    'stroke-dasharray="4 3"/></g>'
  );
}

export function renderSvg(v: LeducView): string {
  const pot = v.stakes[0] + v.stakes[1];
  const status = v.isOver ? resultText(v) : `Round ${v.round} of 2`;
  const body =
    seatRow(v, 0) +
    seatRow(v, 1) +
    publicSlot(v) +
    `<text x="14" y="124" font-size="13">Public card</text>` +
    `<g><title>${svgText(`the pot: ${pot} chips`)}</title>` +
    `<circle cx="250" cy="120" r="26" fill="#e9d8a6" stroke="#1d2430"/>` +
    `<text x="250" y="125" text-anchor="middle" font-size="14">${pot}</text></g>` +
    `<text x="14" y="250" font-size="13">${svgText(status)}</text>`;
  const shown = v.publicCard !== NO_CARD ? ` Public card ${CARDS[v.publicCard]}.` : '';
  return svgBoard(340, 262, "Leduc hold'em table", body, `Pot ${pot}.${shown} Betting ${bettingText(v)}.`);
}

/** The decision the view's seat is asked, in one sentence. */
export function describeDecision(v: LeducView): string {
  if (v.isOver || v.seat < 0 || v.toAct !== v.seat) return '';
  const line = v.bets[v.round - 1];
  const size = RAISE_SIZES[v.round - 1];
  const owed = Math.max(...v.stakes) - v.stakes[v.seat];
  if (owed === 0) return `Call to check, or raise to bet ${size} chips.`;
  const canRaise = raisesIn(line) < MAX_RAISES;
  const put = v.stakes[v.seat];
  const fold = `fold (give up the ${put} chip${put === 1 ? '' : 's'} you put in)`;
  const call = `call (put in ${owed} more)`;
  return canRaise
    ? `The other seat raised: ${fold}, ${call}, or raise (put in ${owed + size} more).`
    : `The other seat raised for the last time this round: ${fold} or ${call}.`;
}
