/** Goofspiel as text and as an HTML fragment. */
import { escapeHtml } from '../../../envs/index.js';
import { cardName } from './components.js';
import type { GoofspielView } from './view.js';

export function renderText(v: GoofspielView): string {
  const hand = (cards: number[]) => cards.map(cardName).join(' ') || '-';
  return [
    `Prize: ${v.prize ? cardName(v.prize) : '-'}   prizes left: ${hand(v.prizesLeft)}`,
    ...[0, 1].map(
      (s) => `Seat ${s}: ${v.points[s]} points, cards ${hand(v.hands[s])}${v.bidPlaced[s] ? ' (bid placed)' : ''}`,
    ),
    v.ownBid ? `Your bid: ${cardName(v.ownBid)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

export function renderHtml(v: GoofspielView): string {
  return `<section class="game goofspiel"><pre>${escapeHtml(renderText(v))}</pre></section>`;
}
