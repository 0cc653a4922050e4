/**
 * Legality of rules §4 and §9: one predicate, so legalActions() and applyAction's check can never
 * disagree. Reads only.
 */
import { BUSINESS_SCOUT, IRS_AUDIT, PAGES, TYPE_COUNT } from './cards.js';
import {
  ACTION_SIZE,
  A_ANCHOR,
  A_BID,
  A_BUY,
  A_CHOOSE,
  A_DISCARD,
  A_END,
  A_PAGE,
  A_PLAY,
  A_REROLL,
  A_SELL,
  A_TARGET,
  BID_STEPS,
  PH_ANCHOR,
  PH_AUCTION,
  PH_BUY,
  PH_CARD,
  PH_CHOOSE,
  PH_PAGE,
  PH_PAGE_TURNER,
  PH_PRE_ROLL,
  PH_TARGET,
  PH_TAX_SELL,
  canBuy,
  canPlaceAt,
  canPlay,
  discardIndexOf,
  isAuditTarget,
  isFireTarget,
  minimumBid,
  playedAction,
  toAct,
  type Table,
} from './table.js';

/** Is `a` legal for the seat to act? Pure; the single source of truth for legality. */
export function isLegal(t: Table, a: number): boolean {
  if (a >>> 0 !== a || a >= ACTION_SIZE) return false;
  const seat = toAct(t);
  switch (t.phase) {
    case PH_BUY:
      if (a === A_END) return true;
      if (a < A_SELL) return canBuy(t, seat, a - A_BUY);
      return a < A_PLAY && t.bizOwner[a - A_SELL] === seat;
    case PH_CARD:
      if (a < A_SELL) return false;
      if (a < A_PLAY) return t.bizOwner[a - A_SELL] === seat;
      if (a < A_DISCARD) return canPlay(t, seat, a - A_PLAY);
      return a < A_ANCHOR && t.hands[seat * TYPE_COUNT + a - A_DISCARD] > 0;
    case PH_ANCHOR:
      return a >= A_ANCHOR && a < A_TARGET && canPlaceAt(t, seat, t.played, a - A_ANCHOR + 1);
    case PH_TARGET: {
      if (a < A_TARGET || a >= A_TARGET + t.players) return false;
      const q = a - A_TARGET;
      return playedAction(t) === IRS_AUDIT ? isAuditTarget(t, seat, q) : q !== seat && t.elim[q] === 0;
    }
    case PH_PAGE:
      return a >= A_PAGE && a < A_PAGE + PAGES && a - A_PAGE + 1 !== t.page;
    case PH_CHOOSE: {
      if (a < A_CHOOSE || a >= A_BID) return false;
      const b = a - A_CHOOSE;
      return playedAction(t) === BUSINESS_SCOUT ? discardIndexOf(t, b) >= 0 : isFireTarget(t, seat, b);
    }
    case PH_PRE_ROLL:
    case PH_TAX_SELL:
      return a === A_END || (a >= A_SELL && a < A_PLAY && t.bizOwner[a - A_SELL] === seat);
    case PH_PAGE_TURNER:
      return a === A_END || a === A_REROLL;
    case PH_AUCTION:
      return a === A_END || (a >= A_BID && a < A_REROLL && minimumBid(t) + BID_STEPS[a - A_BID] <= t.cash[seat]);
    default:
      return false;
  }
}

/** The candidate range [from, to) of each phase; isLegal filters it (§9 numbers ascend). */
const RANGE_FROM = [A_END, A_SELL, A_ANCHOR, A_TARGET, A_PAGE, A_CHOOSE, A_END, A_END, A_END, A_END, 0];
const RANGE_TO = [A_PLAY, A_ANCHOR, A_TARGET, A_PAGE, A_CHOOSE, A_BID, A_PLAY, A_PLAY, 1, 1, 0];

export function legalActions(t: Table): number[] {
  const out: number[] = [];
  const phase = t.phase;
  if (phase === PH_CARD) {
    // Only the card types in hand can be played or discarded: skip the rest of the block.
    const seat = t.active;
    for (let a = A_SELL; a < A_PLAY; a++) if (t.bizOwner[a - A_SELL] === seat) out.push(a);
    const base = seat * TYPE_COUNT;
    for (let type = 0; type < TYPE_COUNT; type++)
      if (t.hands[base + type] > 0 && canPlay(t, seat, type)) out.push(A_PLAY + type);
    for (let type = 0; type < TYPE_COUNT; type++) if (t.hands[base + type] > 0) out.push(A_DISCARD + type);
    return out;
  }
  for (let a = RANGE_FROM[phase]; a < RANGE_TO[phase]; a++) if (isLegal(t, a)) out.push(a);
  if (phase === PH_PAGE_TURNER) out.push(A_REROLL);
  else if (phase === PH_AUCTION) for (let a = A_BID; a < A_REROLL; a++) if (isLegal(t, a)) out.push(a);
  return out;
}
