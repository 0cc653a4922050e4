/**
 * The observation (OpenSpiel's information-state tensor, plus the other card once shown): which seat
 * I am, my card, the other card after a showdown, the public card, and the betting of both rounds.
 *   SEATS + CARDS + CARDS + CARDS + ROUNDS * MAX_BETS_PER_ROUND * 2 = 2 + 6 + 6 + 6 + 2 * 4 * 2 = 36
 */
import { SegmentWriter, defineLayout } from '../core/segments.js';
import { CALL, CARDS, MAX_BETS_PER_ROUND, NO_CARD, RAISE, ROUNDS, SEATS } from './components.js';
import type { LeducView } from './view.js';

export const ENCODING_VERSION = 1;
/** Two values per betting action: call, raise (OpenSpiel's; a fold ends the hand and sets neither). */
const BITS_PER_ACTION = 2;
const CARD_ORDER = 'card ids in order Js, Jh, Qs, Qh, Ks, Kh';
export const LAYOUT = defineLayout([
  { name: 'seat', size: SEATS, meaning: 'one-hot: my seat (0 acts first in both rounds); zeros for the spectator' },
  {
    name: 'myCard',
    size: CARDS.length,
    meaning: `one-hot: my private card, ${CARD_ORDER} (the spectator: seat 0’s, once shown)`,
  },
  {
    name: 'theirCard',
    size: CARDS.length,
    meaning: `one-hot: the other seat’s private card once shown at a showdown, ${CARD_ORDER}; zeros while face down`,
  },
  {
    name: 'publicCard',
    size: CARDS.length,
    meaning: `one-hot: the public card once turned up after round 1, ${CARD_ORDER}; zeros before`,
  },
  {
    name: 'betting',
    size: ROUNDS * MAX_BETS_PER_ROUND * BITS_PER_ACTION,
    meaning:
      `round 1 then round 2, ${MAX_BETS_PER_ROUND} actions each, in order: one-hot call, raise ` +
      '(a fold, which ends the hand, and actions not taken are zeros)',
  },
]);

/** Offset in the betting segment of the `i`-th action of round `r` (0-based), call first, then raise. */
export const bettingIndex = (r: number, i: number, action: number): number =>
  (r * MAX_BETS_PER_ROUND + i) * BITS_PER_ACTION + (action === RAISE ? 1 : 0);

export function encode(v: LeducView): Float32Array {
  const w = new SegmentWriter(LAYOUT);
  const me = Math.max(0, v.seat);
  if (v.seat >= 0) w.set('seat', v.seat, 1);
  if (v.cards[me] !== NO_CARD) w.set('myCard', v.cards[me], 1);
  if (v.cards[1 - me] !== NO_CARD) w.set('theirCard', v.cards[1 - me], 1);
  if (v.publicCard !== NO_CARD) w.set('publicCard', v.publicCard, 1);
  v.bets.forEach((line, r) =>
    line.forEach((a, i) => {
      if (a === CALL || a === RAISE) w.set('betting', bettingIndex(r, i, a), 1);
    }),
  );
  return w.finish();
}
