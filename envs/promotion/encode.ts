/**
 * The observation vector of one seat (rules §9 "suggested observation"), from the viewer's side:
 * encodePromotion from the view (the reference), encodePromotionInto straight from the position.
 */
import { SegmentWriter, defineLayout } from '../core/segments.js';
import { KING, MAX_ROUNDS, MIN_FIELD_RANK, PLAYERS, RANKS_PER_SUIT, ROW_COUNT, SIDES, SUITS } from './components.js';
import {
  PHASES,
  PH_DOWN_TIE,
  PH_OVER,
  downSeat,
  highestRank,
  kingHolders,
  rankSum,
  sideOfSeat,
  topSuits,
  type PromotionPosition,
} from './position.js';
import { toAct } from './transitions.js';
import type { PromotionView } from './view.js';

export const ENCODING_VERSION = 1;

const SEATS = 4;

/**
 * How every per-seat segment orders seats: rotated so the viewer is index 0 and the others follow
 * clockwise, index = (seat - viewer) mod 4. The spectator (-1) therefore gets seat 3's order.
 */
const ORDER = 'seats viewer first, then clockwise (spectator: as seat 3)';
const SUIT_ORDER = 'suits ♠ ♥ ♦ ♣';

/**
 * Segments (rules §9 "suggested observation"). The orientation is encoded as the side each seat
 * faces, which is seat-invariant (the raw `a` is relative to seat 0).
 */
export const LAYOUT = defineLayout([
  { name: 'phase', size: PHASES.length, meaning: `one-hot phase: ${PHASES.join(', ')}` },
  { name: 'toAct', size: SEATS, meaning: `one-hot seat to act, ${ORDER}; zeros once over` },
  {
    name: 'fields',
    size: SEATS * SUITS.length,
    meaning: `(rank − 4) / 9 of each field card (5 → 1/9 .. K → 1; 0 = not drafted), ${SUIT_ORDER} per seat, ${ORDER}`,
  },
  {
    name: 'supply',
    size: SUITS.length * RANKS_PER_SUIT,
    meaning: `1 = the card lies in the supply; ranks 5..13 per suit, ${SUIT_ORDER}`,
  },
  {
    name: 'sides',
    size: SEATS * SIDES.length,
    meaning: `one-hot side faced (α β γ δ) per seat, ${ORDER}; zeros while the postcard is not placed`,
  },
  { name: 'parent', size: SEATS, meaning: `one-hot parent of the round, ${ORDER}; zeros during the draft` },
  { name: 'round', size: 1, meaning: `round / ${MAX_ROUNDS}; 0 during the draft` },
  {
    name: 'ownRow',
    size: ROW_COUNT,
    meaning: "one-hot row 1..4 of the viewer's row card this round; zeros until placed, and for the spectator",
  },
  { name: 'committed', size: SEATS, meaning: `1 = the seat has placed its row card this round, ${ORDER}` },
  {
    name: 'rows',
    size: SEATS * ROW_COUNT,
    meaning: `one-hot row 1..4 per seat, ${ORDER}; zeros until all four row cards are revealed`,
  },
  {
    name: 'activation',
    size: SIDES.length + 1,
    meaning: 'one-hot row-1 activation number being or next processed: 1..4, then 5 = row 1 finished',
  },
  { name: 'done', size: SEATS, meaning: `1 = the seat resolved its row-1 effect this round, ${ORDER}` },
  { name: 'drafted', size: SUITS.length, meaning: `1 = the suit is drafted, ${SUIT_ORDER}` },
  {
    name: 'tieSuits',
    size: SUITS.length,
    meaning: `1 = the Down! victim's tied highest card of the suit, which it may demote, ${SUIT_ORDER}; else zeros`,
  },
  { name: 'winners', size: SEATS, meaning: `1 = the seat is in first place once the game is over, ${ORDER}` },
  { name: 'truncated', size: 1, meaning: '1 = the game ended at the round-60 cap without a King' },
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

// ---- the direct encoder --------------------------------------------------------------------

const O = LAYOUT.offsets;
const PHASE = O.phase;
const TO_ACT = O.toAct;
const FIELDS = O.fields;
const SUPPLY = O.supply;
const SIDES_AT = O.sides;
const PARENT = O.parent;
const ROUND = O.round;
const OWN_ROW = O.ownRow;
const COMMITTED = O.committed;
const ROWS = O.rows;
const ACTIVATION = O.activation;
const DONE = O.done;
const DRAFTED = O.drafted;
const TIE_SUITS = O.tieSuits;
const WINNERS = O.winners;
const TRUNCATED = O.truncated;

/**
 * Seat bitmask of place 0 once over, as scoring's ranking gives it, without its arrays: the King
 * holders at a natural end, else (the cap) the seats with the best highest card, then rank sum.
 */
function winnerMask(p: PromotionPosition): number {
  const kings = kingHolders(p);
  if (!p.truncated && kings !== 0) return kings;
  let top = -1;
  let sum = -1;
  let mask = 0;
  for (let seat = 0; seat < PLAYERS; seat++) {
    const h = highestRank(p, seat);
    const s = rankSum(p, seat);
    if (h > top || (h === top && s > sum)) {
      top = h;
      sum = s;
      mask = 1 << seat;
    } else if (h === top && s === sum) {
      mask |= 1 << seat;
    }
  }
  return mask;
}

/**
 * encodePromotion(view(p, seat)) written straight from the position into out[offset ..], which
 * the kit zeroed: the same values from the same expressions, with no view and no allocation.
 */
export function encodePromotionInto(p: PromotionPosition, seat: number, out: Float32Array, offset: number): void {
  // (s - seat) & 3 is (s - seat + 4) % 4, also for the spectator's seat -1.
  out[offset + PHASE + p.phase] = 1;
  const actor = toAct(p);
  if (actor >= 0) out[offset + TO_ACT + ((actor - seat) & 3)] = 1;
  const fields = p.fields;
  const revealed = p.committed === PLAYERS;
  for (let s = 0; s < SEATS; s++) {
    const o = (s - seat) & 3;
    for (let suit = 0; suit < 4; suit++) {
      const rank = fields[s * 4 + suit];
      if (rank > 0) out[offset + FIELDS + o * SUITS.length + suit] = (rank - MIN_FIELD_RANK + 1) / RANKS_PER_SUIT;
    }
    if (p.orientation >= 0) out[offset + SIDES_AT + o * SIDES.length + sideOfSeat(p, s)] = 1;
    const row = p.rows[s];
    if (row !== 0) out[offset + COMMITTED + o] = 1;
    if (revealed && row > 0) out[offset + ROWS + o * ROW_COUNT + row - 1] = 1;
    if (p.done & (1 << s)) out[offset + DONE + o] = 1;
  }
  for (let suit = 0; suit < 4; suit++) {
    const mask = p.supply[suit];
    for (let rank = MIN_FIELD_RANK; rank <= KING; rank++) {
      if (mask & (1 << rank)) out[offset + SUPPLY + suit * RANKS_PER_SUIT + rank - MIN_FIELD_RANK] = 1;
    }
    if (p.drafted & (1 << suit)) out[offset + DRAFTED + suit] = 1;
  }
  if (p.parent >= 0) out[offset + PARENT + ((p.parent - seat) & 3)] = 1;
  out[offset + ROUND] = p.round / MAX_ROUNDS;
  const ownRow = seat >= 0 ? p.rows[seat] : 0;
  if (ownRow > 0) out[offset + OWN_ROW + ownRow - 1] = 1;
  out[offset + ACTIVATION + p.activation - 1] = 1;
  if (p.phase === PH_DOWN_TIE) {
    const ties = topSuits(p, downSeat(p, p.downIndex));
    for (let suit = 0; suit < 4; suit++) if (ties & (1 << suit)) out[offset + TIE_SUITS + suit] = 1;
  }
  if (p.phase === PH_OVER) {
    const winners = winnerMask(p);
    for (let s = 0; s < SEATS; s++) if (winners & (1 << s)) out[offset + WINNERS + ((s - seat) & 3)] = 1;
  }
  if (p.truncated) out[offset + TRUNCATED] = 1;
}
