/** Kuhn poker as text and as an HTML fragment. */
import { escapeHtml } from '../core/html.js';
import { CARDS, NO_CARD } from './components.js';
import type { KuhnView } from './view.js';

/** A seat's card as this view shows it: its letter, '??' face down, '-' not dealt. */
function cardText(v: KuhnView, s: number): string {
  return v.cards[s] !== NO_CARD ? CARDS[v.cards[s]] : v.dealt[s] ? '??' : '-';
}

/** The betting in words: 'seat 0 passes, seat 1 bets'. */
export function bettingText(bets: readonly number[]): string {
  return bets.map((b, i) => `seat ${i % 2} ${b === 1 ? 'bets' : 'passes'}`).join(', ') || 'no bets yet';
}

export function renderText(v: KuhnView): string {
  const lines = [0, 1].map(
    (s) => `Seat ${s}${s === v.seat ? ' (you)' : ''}: card ${cardText(v, s)}, ${v.stakes[s]} in the pot`,
  );
  lines.push(`Pot: ${v.stakes[0] + v.stakes[1]}. Betting: ${bettingText(v.bets)}.`);
  if (v.isOver) {
    const w = v.payoffs[0] > 0 ? 0 : 1;
    lines.push(`Seat ${w} wins ${v.payoffs[w]} chip${v.payoffs[w] === 1 ? '' : 's'} by ${v.ending}.`);
  }
  return lines.join('\n');
}

export function renderHtml(v: KuhnView): string {
  return `<section class="game kuhn"><pre>${escapeHtml(renderText(v))}</pre></section>`;
}
