/**
 * The observation written straight from the position (learners call it at every step): the same
 * values as encode(view(p, seat)), with no view and no allocation. The kit has zeroed the range.
 */
import { CALL, NO_CARD, RAISE, SEATS } from './components.js';
import { LAYOUT, bettingIndex } from './encode.js';
import type { LeducPosition } from './position.js';
import { seesCard } from './transitions.js';

const SEAT = LAYOUT.offsets.seat;
const MY_CARD = LAYOUT.offsets.myCard;
const THEIR_CARD = LAYOUT.offsets.theirCard;
const PUBLIC_CARD = LAYOUT.offsets.publicCard;
const BETTING = LAYOUT.offsets.betting;

export function encodeInto(p: LeducPosition, seat: number, out: Float32Array, offset: number): void {
  const me = Math.max(0, seat);
  const them = SEATS - 1 - me;
  if (seat >= 0) out[offset + SEAT + seat] = 1;
  if (p.cards[me] !== NO_CARD && seesCard(p, seat, me)) out[offset + MY_CARD + p.cards[me]] = 1;
  if (p.cards[them] !== NO_CARD && seesCard(p, seat, them)) out[offset + THEIR_CARD + p.cards[them]] = 1;
  if (p.publicCard !== NO_CARD) out[offset + PUBLIC_CARD + p.publicCard] = 1;
  writeLine(p.round1, 0, out, offset + BETTING);
  writeLine(p.round2, 1, out, offset + BETTING);
}

/** One round's calls and raises into the betting segment starting at `at`. */
function writeLine(line: readonly number[], r: number, out: Float32Array, at: number): void {
  for (let i = 0; i < line.length; i++) {
    const a = line[i];
    if (a === CALL || a === RAISE) out[at + bettingIndex(r, i, a)] = 1;
  }
}
