/** The table as SVG: each seat's card (a card back where it is hidden), its chips, the pot. */
import { SEAT_COLORS, cardBack, svgBoard, svgText } from '../core/board.js';
import { CARD_TITLES, CARDS, NO_CARD } from './components.js';
import { bettingText } from './render.js';
import type { KuhnView } from './view.js';

function card(x: number, y: number, id: number, color: string, title: string): string {
  return (
    `<g><title>${svgText(title)}</title><rect x="${x}" y="${y}" width="40" height="56" rx="4" fill="#fff" ` +
    `stroke="${color}" stroke-width="2"/><text x="${x + 20}" y="${y + 35}" text-anchor="middle" ` +
    `font-size="20">${CARDS[id]}</text></g>`
  );
}

function seatRow(v: KuhnView, s: number): string {
  const y = s === 0 ? 150 : 14;
  const who = s === v.seat ? 'your' : `seat ${s}'s`;
  const parts = [
    `<text x="14" y="${y + 32}" font-size="13" fill="${SEAT_COLORS[s]}">` +
      `Seat ${s}${s === v.seat ? ' (you)' : ''}</text>`,
  ];
  if (v.cards[s] !== NO_CARD) {
    parts.push(card(110, y, v.cards[s], SEAT_COLORS[s], `${who} card: ${CARD_TITLES[CARDS[v.cards[s]]]}`));
  } else if (v.dealt[s]) {
    parts.push(cardBack(110, y, 40, 56, `${who} card, face down`));
  }
  parts.push(
    `<g><title>${svgText(`${who} chips in the pot: ${v.stakes[s]}`)}</title>` +
      `<text x="170" y="${y + 32}" font-size="13">${v.stakes[s]} in</text></g>`,
  );
  return parts.join('');
}

export function renderSvg(v: KuhnView): string {
  const pot = v.stakes[0] + v.stakes[1];
  const body =
    seatRow(v, 0) +
    seatRow(v, 1) +
    `<g><title>${svgText(`the pot: ${pot} chips`)}</title>` +
    `<circle cx="250" cy="112" r="26" fill="#e9d8a6" stroke="#1d2430"/>` +
    `<text x="250" y="117" text-anchor="middle" font-size="14">${pot}</text></g>`;
  return svgBoard(320, 220, 'Kuhn poker table', body, `Pot ${pot}. Betting: ${bettingText(v.bets)}.`);
}

/** The decision the view's seat is asked, in one sentence. */
export function describeDecision(v: KuhnView): string {
  if (v.isOver || v.seat < 0 || v.toAct !== v.seat) return '';
  const facing = v.bets.length > 0 && v.bets[v.bets.length - 1] === 1;
  return facing
    ? 'The other seat bet: pass to fold (lose what you put in) or bet to call (show down for two chips each).'
    : 'Pass to check, or bet one chip.';
}
