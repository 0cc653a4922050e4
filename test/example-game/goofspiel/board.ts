/** The board as SVG: the prize in the middle, each seat's cards, a hidden bid as a card back. */
import { SEAT_COLORS, cardBack, svgBoard, svgText } from '../../../envs/index.js';
import { cardName } from './components.js';
import type { GoofspielView } from './view.js';

function card(x: number, y: number, value: number, color: string, title: string): string {
  return (
    `<g><title>${svgText(title)}</title><rect x="${x}" y="${y}" width="36" height="50" rx="4" fill="#fff" ` +
    `stroke="${color}" stroke-width="2"/><text x="${x + 18}" y="${y + 31}" text-anchor="middle" ` +
    `font-size="18">${cardName(value)}</text></g>`
  );
}

export function renderSvg(v: GoofspielView): string {
  const parts: string[] = [];
  [0, 1].forEach((s) => {
    const y = s === 0 ? 150 : 10;
    v.hands[s].forEach((c, i) => parts.push(card(10 + i * 42, y, c, SEAT_COLORS[s], `seat ${s} holds ${cardName(c)}`)));
    if (v.bidPlaced[s]) {
      parts.push(
        s === v.seat && v.ownBid
          ? card(240, y, v.ownBid, SEAT_COLORS[s], `your bid: ${cardName(v.ownBid)}`)
          : cardBack(240, y, 36, 50, `seat ${s}'s bid, face down`),
      );
    }
  });
  if (v.prize) parts.push(card(120, 80, v.prize, '#1d2430', `the prize: ${cardName(v.prize)} points`));
  const description = `Seat 0 ${v.points[0]} points, seat 1 ${v.points[1]} points.`;
  return svgBoard(300, 210, 'Goofspiel table', parts.join(''), description);
}

export function describeDecision(v: GoofspielView): string {
  if (v.isOver || v.seat < 0 || v.toAct !== v.seat) return '';
  return `Bid a card for the ${cardName(v.prize)}: the higher bid wins it, a tie discards it.`;
}
