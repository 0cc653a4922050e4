/** Kuhn poker's results: chips won or lost (the payoffs), the ranking by them, a heuristic value. */
import { rankByKeys } from '../core/returns.js';
import { MAX_STAKE, NO_CARD, SEATS } from './components.js';
import type { KuhnPosition } from './position.js';
import { isOver, stakes, winner } from './transitions.js';

/**
 * Chips each seat won (+) or lost (-) in the hand, zero-sum: the winner takes the loser's stake
 * (ante and bet). Zeros before the end.
 */
export function payoffs(p: KuhnPosition): number[] {
  if (!isOver(p)) return [0, 0];
  const w = winner(p);
  const lost = stakes(p)[1 - w];
  return w === 0 ? [lost, -lost] : [-lost, lost];
}

/** The game's own score: the chips won, as payoffs. */
export const scores = (p: KuhnPosition): number[] => payoffs(p);

/** The seat with more chips first (before the end both share first place). */
export const ranking = (p: KuhnPosition): number[] => rankByKeys(payoffs(p).map((c) => [c]));

/**
 * Heuristic value in [-1, 1] for `seat`: once over, the chips won / MAX_STAKE; before, the pot at
 * stake (half of it, over MAX_STAKE) signed by whose card is higher. It reads both cards, as
 * evaluate may: agents only ever give it determinized worlds.
 */
export function evaluate(p: KuhnPosition, seat: number): number {
  if (isOver(p)) return payoffs(p)[seat] / MAX_STAKE;
  const mine = p.cards[seat];
  const theirs = p.cards[SEATS - 1 - seat];
  if (mine === NO_CARD || theirs === NO_CARD) return 0;
  const atStake = Math.min(...stakes(p)) / MAX_STAKE;
  return mine > theirs ? atStake : -atStake;
}
