/** The observation: my hand, the opponent's cards, the prize and the prizes left, points, from my side. */
import { SegmentWriter, defineLayout } from '../../../envs/index.js';
import { CARDS } from './components.js';
import type { GoofspielView } from './view.js';

export const ENCODING_VERSION = 1;
export const LAYOUT = defineLayout([
  { name: 'myHand', size: CARDS, meaning: '1 = card 1..5 is in my hand and not yet bid this round' },
  { name: 'theirHand', size: CARDS, meaning: "1 = card 1..5 is in the other seat's hand (a bid card stays in it)" },
  { name: 'prize', size: CARDS, meaning: 'one-hot: the prize card up for bidding; zeros once over' },
  { name: 'prizesLeft', size: CARDS, meaning: '1 = the prize card is still in the prize deck' },
  { name: 'points', size: 2, meaning: 'points / 15: mine, then the other seat’s' },
  { name: 'theyBid', size: 1, meaning: '1 = the other seat has placed its face-down bid this round' },
]);

export function encode(view: GoofspielView): Float32Array {
  const w = new SegmentWriter(LAYOUT);
  const me = Math.max(0, view.seat);
  for (const c of view.hands[me]) if (c !== view.ownBid) w.set('myHand', c - 1, 1);
  for (const c of view.hands[1 - me]) w.set('theirHand', c - 1, 1);
  if (view.prize > 0) w.set('prize', view.prize - 1, 1);
  for (const c of view.prizesLeft) w.set('prizesLeft', c - 1, 1);
  w.set('points', 0, view.points[me] / 15);
  w.set('points', 1, view.points[1 - me] / 15);
  w.set('theyBid', 0, view.bidPlaced[1 - me] ? 1 : 0);
  return w.finish();
}
