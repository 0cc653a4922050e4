/**
 * The binder's geometry (§2.1-§2.2, §4.3): which pockets a sign covers, which sign shows at a slot
 * with the binder open at a page, and what placing a sign there costs. Pure reads of the position.
 */
import { BUSINESSES, COVER_FEE, SHAPES, SLOTS, placementSlots } from './components.js';
import type { FilthyRichPosition } from './position.js';

/** CELLS[shape * 10 + anchor] = the slots a sign covers there; empty where it does not fit. */
const CELLS: readonly (readonly number[])[] = Array.from({ length: SHAPES.length * 10 }, (_, i) =>
  i % 10 === 0 ? [] : placementSlots(Math.floor(i / 10), i % 10),
);
export const cellsOf = (business: number, anchor: number): readonly number[] =>
  CELLS[BUSINESSES[business].shape * 10 + anchor];

/** §2.1: the business whose sign card shows at `slot` with the binder open at `page`, -1 none. */
export function visibleAt(p: FilthyRichPosition, slot: number, page: number = p.page): number {
  for (let pg = page; pg >= 1; pg--) {
    const b = p.binder[(pg - 1) * SLOTS + slot - 1];
    if (b >= 0) return b;
  }
  return -1;
}

/**
 * §4.3 cover fee of placing `business` for `seat` at `anchor` on the current page, or -1 if a
 * pocket there is taken or the shape does not fit. Only visible rival cards cost ($2 each, §8.2-3).
 */
export function coverFee(p: FilthyRichPosition, seat: number, business: number, anchor: number): number {
  const cells = cellsOf(business, anchor);
  if (cells.length === 0) return -1;
  const base = (p.page - 1) * SLOTS - 1;
  let fee = 0;
  for (let i = 0; i < cells.length; i++) {
    if (p.binder[base + cells[i]] >= 0) return -1;
    const below = visibleAt(p, cells[i], p.page - 1);
    if (below >= 0 && p.bizOwner[below] !== seat) fee += COVER_FEE;
  }
  return fee;
}

/** A legal §4.3 placement: the pockets are free and cost + fee can be paid in full. */
export function canPlaceAt(p: FilthyRichPosition, seat: number, business: number, anchor: number): boolean {
  const fee = coverFee(p, seat, business, anchor);
  return fee >= 0 && BUSINESSES[business].cost + fee <= p.cash[seat];
}

export function canPlaceSomewhere(p: FilthyRichPosition, seat: number, business: number): boolean {
  const anchors = SHAPES[BUSINESSES[business].shape].anchors;
  for (let i = 0; i < anchors.length; i++) if (canPlaceAt(p, seat, business, anchors[i])) return true;
  return false;
}
