/**
 * The observation (OpenSpiel's information-state tensor, plus the other card once shown): which
 * seat I am, my card, the other card after a showdown, and the betting, from my side.
 *   SEATS + CARDS + CARDS + MAX_BETS * 2 = 2 + 3 + 3 + 6 = 14
 */
import { SegmentWriter, defineLayout } from '../core/segments.js';
import { CARDS, MAX_BETS, NO_CARD, SEATS } from './components.js';
import type { KuhnView } from './view.js';

export const ENCODING_VERSION = 1;
export const LAYOUT = defineLayout([
  { name: 'seat', size: SEATS, meaning: 'one-hot: my seat (0 acts first); zeros for the spectator' },
  { name: 'myCard', size: CARDS.length, meaning: 'one-hot: my card J, Q, K (the spectator: seat 0’s, once shown)' },
  {
    name: 'theirCard',
    size: CARDS.length,
    meaning: 'one-hot: the other seat’s card J, Q, K once shown at a showdown; zeros while face down',
  },
  {
    name: 'betting',
    size: MAX_BETS * 2,
    meaning: 'per betting action in order (3 at most): one-hot pass, bet; zeros for actions not taken yet',
  },
]);

export function encode(v: KuhnView): Float32Array {
  const w = new SegmentWriter(LAYOUT);
  const me = Math.max(0, v.seat);
  if (v.seat >= 0) w.set('seat', v.seat, 1);
  if (v.cards[me] !== NO_CARD) w.set('myCard', v.cards[me], 1);
  if (v.cards[1 - me] !== NO_CARD) w.set('theirCard', v.cards[1 - me], 1);
  v.bets.forEach((b, i) => w.set('betting', 2 * i + b, 1));
  return w.finish();
}
