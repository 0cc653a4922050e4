/** Leduc hold'em's results: chips won or lost (the payoffs), the ranking by them, a heuristic value. */
import { rankByKeys } from '../core/returns.js';
import { CARDS, MAX_STAKE, NO_CARD, SEATS } from './components.js';
import type { LeducPosition } from './position.js';
import { handValue, isOver, stakes, winner } from './transitions.js';

/**
 * Chips each seat won (+) or lost (-) in the hand, zero-sum: the winner takes what the loser put in
 * (ante, calls and raises); a split pot gives each seat its own chips back (0). Zeros before the end.
 */
export function payoffs(p: LeducPosition): number[] {
  if (!isOver(p)) return [0, 0];
  const w = winner(p);
  if (w < 0) return [0, 0];
  const lost = stakes(p)[1 - w];
  return w === 0 ? [lost, -lost] : [-lost, lost];
}

/** The game's own score: the chips won, as payoffs. */
export const scores = (p: LeducPosition): number[] => payoffs(p);

/** The seat with more chips first (a split pot, and any hand before the end, puts both first). */
export const ranking = (p: LeducPosition): number[] => rankByKeys(payoffs(p).map((c) => [c]));

/** +1, 0 or -1: whether `seat`'s private card beats the other's with this public card. */
function showdownSign(p: LeducPosition, seat: number, publicCard: number): number {
  return Math.sign(handValue(p.cards[seat], publicCard) - handValue(p.cards[SEATS - 1 - seat], publicCard));
}

/**
 * Heuristic value in [-1, 1] for `seat`: once over, the chips won / MAX_STAKE; before, the smaller
 * stake (what is surely at stake) over MAX_STAKE, times the seat's showdown edge: +1, 0 or -1 once
 * the public card is out, else the average over the public cards still possible. It reads both
 * private cards, as evaluate may: agents only ever give it determinized worlds.
 */
export function evaluate(p: LeducPosition, seat: number): number {
  if (isOver(p)) return payoffs(p)[seat] / MAX_STAKE;
  if (p.cards[0] === NO_CARD || p.cards[1] === NO_CARD) return 0;
  let edge = 0;
  if (p.publicCard !== NO_CARD) edge = showdownSign(p, seat, p.publicCard);
  else {
    const left = [...CARDS.keys()].filter((c) => c !== p.cards[0] && c !== p.cards[1]);
    edge = left.reduce((sum, c) => sum + showdownSign(p, seat, c), 0) / left.length;
  }
  return (edge * Math.min(...stakes(p))) / MAX_STAKE;
}
