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
  // The table: its edge, the line between the seats, the seats' names, the place of the prize.
  const parts: string[] = [
    '<rect x="2" y="2" width="356" height="206" rx="8" fill="#e8f0e8" stroke="#9ab09a"/>',
    '<line x1="170" y1="105" x2="350" y2="105" stroke="#9ab09a"/>',
    `<text x="296" y="150" font-size="12" fill="${SEAT_COLORS[0]}">seat 0</text>`,
    `<text x="296" y="66" font-size="12" fill="${SEAT_COLORS[1]}">seat 1</text>`,
    '<rect x="118" y="78" width="40" height="54" rx="5" fill="none" stroke="#9ab09a" stroke-dasharray="4 3"/>',
  ];
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
  if (v.prizesLeft.length > 0) parts.push(cardBack(60, 80, 36, 50, `${v.prizesLeft.length} prize cards face down`));
  // Each seat's points beside its cards, so the board says who leads (and, at the end, who won).
  [0, 1].forEach((s) => {
    const y = s === 0 ? 160 : 20;
    parts.push(
      `<g><title>seat ${s}: ${v.points[s]} points</title><rect x="290" y="${y}" width="60" height="30" rx="4" ` +
        `fill="${SEAT_COLORS[s]}"/><text x="320" y="${y + 20}" text-anchor="middle" font-size="14" fill="#fff">` +
        `${v.points[s]} pts</text></g>`,
    );
  });
  const description = `Seat 0 ${v.points[0]} points, seat 1 ${v.points[1]} points.`;
  return svgBoard(360, 210, 'Goofspiel table', parts.join(''), description);
}

export function describeDecision(v: GoofspielView): string {
  if (v.isOver || v.seat < 0 || v.toAct !== v.seat) return '';
  return `Bid a card for the ${cardName(v.prize)}: the higher bid wins it, a tie discards it.`;
}
