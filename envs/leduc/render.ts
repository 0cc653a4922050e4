/** Leduc hold'em as text and as an HTML fragment. */
import { escapeHtml } from '../core/html.js';
import { CALL, CARDS, NO_CARD, RAISE, SEATS } from './components.js';
import type { LeducView } from './view.js';

/** A seat's card as this view shows it: its name, '??' face down, '-' not dealt. */
function cardText(v: LeducView, s: number): string {
  return v.cards[s] !== NO_CARD ? CARDS[v.cards[s]] : v.dealt[s] ? '??' : '-';
}

/** What an action did, in context: a call with nothing owed is a check, a raise with nothing owed a bet. */
function actionWord(line: readonly number[], i: number): string {
  const facing = i > 0 && line[i - 1] === RAISE;
  if (line[i] === CALL) return facing ? 'calls' : 'checks';
  if (line[i] === RAISE) return facing ? 'raises' : 'bets';
  return 'folds';
}

/** One round's betting in words: 'seat 0 checks, seat 1 bets'. */
export function roundText(line: readonly number[]): string {
  return line.map((_, i) => `seat ${i % SEATS} ${actionWord(line, i)}`).join(', ') || 'no bets yet';
}

/** Both rounds' betting: 'round 1: seat 0 checks, seat 1 checks; round 2: no bets yet'. */
export function bettingText(v: LeducView): string {
  const parts = [`round 1: ${roundText(v.bets[0])}`];
  if (v.round === 2) parts.push(`round 2: ${roundText(v.bets[1])}`);
  return parts.join('; ');
}

/** How the hand ended, in one sentence ('' while it goes on). */
export function resultText(v: LeducView): string {
  if (!v.isOver) return '';
  if (v.payoffs[0] === 0) return `Split pot: each seat takes back its ${v.stakes[0]} chips.`;
  const w = v.payoffs[0] > 0 ? 0 : 1;
  return `Seat ${w} wins ${v.payoffs[w]} chip${v.payoffs[w] === 1 ? '' : 's'} by ${v.ending}.`;
}

export function renderText(v: LeducView): string {
  const lines = [0, 1].map(
    (s) => `Seat ${s}${s === v.seat ? ' (you)' : ''}: card ${cardText(v, s)}, ${v.stakes[s]} in the pot`,
  );
  lines.push(`Public card: ${v.publicCard !== NO_CARD ? CARDS[v.publicCard] : '-'}.`);
  lines.push(`Pot: ${v.stakes[0] + v.stakes[1]}. Betting ${bettingText(v)}.`);
  if (v.isOver) lines.push(resultText(v));
  return lines.join('\n');
}

export function renderHtml(v: LeducView): string {
  return `<section class="game leduc"><pre>${escapeHtml(renderText(v))}</pre></section>`;
}
