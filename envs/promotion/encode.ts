/** The observation vector of one seat's view (rules §9 "suggested observation"), from the viewer's side. */
import { SegmentWriter, defineLayout } from '../core/segments.js';
import { MIN_FIELD_RANK, RANKS_PER_SUIT, ROW_COUNT, SIDES, SUITS } from './components.js';
import { PHASES } from './position.js';
import type { PromotionView } from './view.js';

export const ENCODING_VERSION = 1;

const SEATS = 4;

/**
 * Segments (rules §9 "suggested observation"). Every per-seat segment is rotated so the viewer is
 * seat index 0 and the others follow clockwise (offset 1, 2, 3). The orientation is encoded as
 * the side each seat faces, which is seat-invariant (the raw `a` is relative to seat 0).
 */
export const LAYOUT = defineLayout([
  { name: 'phase', size: PHASES.length }, // one-hot
  { name: 'toAct', size: SEATS }, // one-hot by offset; none once over
  { name: 'fields', size: SEATS * SUITS.length }, // (rank - 4) / 9: 5 -> 1/9 .. K -> 1; 0 = not drafted
  { name: 'supply', size: SUITS.length * RANKS_PER_SUIT }, // 1 = card of rank 5..13 in the supply
  { name: 'sides', size: SEATS * SIDES.length }, // one-hot side faced per seat; zeros while not placed
  { name: 'parent', size: SEATS }, // one-hot by offset
  { name: 'round', size: 1 }, // round / maxRounds
  { name: 'ownRow', size: ROW_COUNT }, // one-hot: my committed row this round
  { name: 'committed', size: SEATS }, // 1 = that seat has placed its row card
  { name: 'rows', size: SEATS * ROW_COUNT }, // one-hot revealed row per seat (after the reveal)
  { name: 'activation', size: SIDES.length + 1 }, // one-hot row-1 progress: 1..4, then 5 = row 1 finished
  { name: 'done', size: SEATS }, // row-1 done set
  { name: 'drafted', size: SUITS.length }, // suits drafted so far
  { name: 'tieSuits', size: SUITS.length }, // Down! tie: suits the deciding seat may demote
  { name: 'winners', size: SEATS },
  { name: 'truncated', size: 1 },
]);

export function encodePromotion(view: PromotionView): Float32Array {
  const w = new SegmentWriter(LAYOUT);
  const offset = (seat: number) => (seat - view.seat + SEATS) % SEATS;
  w.oneHot('phase', PHASES.indexOf(view.phase));
  if (view.toAct >= 0) w.oneHot('toAct', offset(view.toAct));
  for (let seat = 0; seat < SEATS; seat++) {
    const o = offset(seat);
    view.fields[seat].forEach((rank, suit) => {
      if (rank > 0) w.set('fields', o * SUITS.length + suit, (rank - MIN_FIELD_RANK + 1) / RANKS_PER_SUIT);
    });
    if (view.sides[seat] >= 0) w.oneHot('sides', o * SIDES.length + view.sides[seat]);
    if (view.committed[seat]) w.set('committed', o, 1);
    if (view.rows !== null) w.oneHot('rows', o * ROW_COUNT + view.rows[seat] - 1);
  }
  view.supply.forEach((ranks, suit) => {
    for (const rank of ranks) w.set('supply', suit * RANKS_PER_SUIT + rank - MIN_FIELD_RANK, 1);
  });
  if (view.parent >= 0) w.oneHot('parent', offset(view.parent));
  w.set('round', 0, view.round / view.maxRounds);
  if (view.ownRow > 0) w.oneHot('ownRow', view.ownRow - 1);
  w.oneHot('activation', view.activation - 1);
  for (const seat of view.done) w.set('done', offset(seat), 1);
  for (const suit of view.draft.drafted) w.set('drafted', suit, 1);
  for (const suit of view.tieSuits) w.set('tieSuits', suit, 1);
  for (const seat of view.winners) w.set('winners', offset(seat), 1);
  if (view.truncated) w.set('truncated', 0, 1);
  return w.finish();
}
