/**
 * The action numbering of rules §9 as blocks, the one legality predicate behind legalActions and
 * the kit's applyAction check (so they can never disagree), why an action is illegal, and labels.
 */
import type { ActionRange } from '../core/define-game.js';
import { canPlaceAt, canPlaceSomewhere, cellsOf, coverFee } from './binder.js';
import {
  ACTION_TYPE_BASE,
  ASSETS,
  ASSET_TYPE_BASE,
  BID_STEPS,
  BUSINESSES,
  BUSINESS_SCOUT,
  CARD_TYPES,
  DECISION_TEXT,
  IRS_AUDIT,
  LUXURIES,
  MAX_PLAYERS,
  MYSTERIOUS_FIRE,
  PAGES,
  PHASES,
  POLITICAL_CONNECTIONS,
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
  SHAKEDOWN,
  SLOTS,
  TYPE_COUNT,
  cardLabel,
  fireCost,
  luxuryLabel,
  saleValue,
} from './components.js';
import { canBuy, hasAsset, minimumBid, playedAction } from './economy.js';
import type { FilthyRichPosition } from './position.js';
import { toAct } from './transitions.js';

/**
 * The §9 blocks, each sized from the tables: END 1, BUY 12 luxuries, SELL 22 businesses, PLAY and
 * DISCARD 37 card types each, ANCHOR 9 slots, TARGET 5 seats, PAGE 4 pages, CHOOSE 22 businesses,
 * BID 4 steps, REROLL 1: 1+12+22+37+37+9+5+4+22+4+1 = 154.
 */
const BLOCKS: readonly (readonly [count: number, meaning: string])[] = [
  [1, 'END: end the buy step, roll the dice, done selling, keep the page die, or pass'],
  [LUXURIES.length, 'BUY luxury n (L0..L11)'],
  [BUSINESSES.length, 'SELL business n (B0..B21)'],
  [TYPE_COUNT, 'PLAY a card of type n from the hand (B0..B21, A0..A6, C0..C7)'],
  [TYPE_COUNT, 'DISCARD a card of type n for $1'],
  [SLOTS, 'ANCHOR the sign being placed at slot n + 1 of the current page'],
  [MAX_PLAYERS, 'TARGET seat n (IRS Audit, Shakedown)'],
  [PAGES, 'PAGE: turn the binder to page n + 1 (Zoning Board)'],
  [BUSINESSES.length, 'CHOOSE business n (Business Scout, Mysterious Fire)'],
  [BID_STEPS.length, `BID the minimum bid + $${BID_STEPS.join('/')}[n]`],
  [1, 'REROLL the page die (Page Turner)'],
];
/** The blocks in order, each starting where the one before ends. */
export const ACTION_RANGES: readonly ActionRange[] = BLOCKS.map(([count, meaning], i) => ({
  first: BLOCKS.slice(0, i).reduce((n, [c]) => n + c, 0),
  count,
  meaning,
}));

const firstOf = (block: number): number => ACTION_RANGES[block].first;
export const A_END = firstOf(0);
export const A_BUY = firstOf(1);
export const A_SELL = firstOf(2);
export const A_PLAY = firstOf(3);
export const A_DISCARD = firstOf(4);
export const A_ANCHOR = firstOf(5);
export const A_TARGET = firstOf(6);
export const A_PAGE = firstOf(7);
export const A_CHOOSE = firstOf(8);
export const A_BID = firstOf(9);
export const A_REROLL = firstOf(10);
export const ACTION_SIZE = A_REROLL + ACTION_RANGES[10].count;

// ---- facts of legality --------------------------------------------------------------------------

/** §2.5 IRS Audit: a rival still in the game without Political Connections. */
const isAuditTarget = (p: FilthyRichPosition, seat: number, target: number): boolean =>
  target !== seat && p.elim[target] === 0 && !hasAsset(p, target, POLITICAL_CONNECTIONS);

/** §2.5 Mysterious Fire: a rival's business whose fire cost the arsonist can pay. */
const isFireTarget = (p: FilthyRichPosition, seat: number, business: number): boolean =>
  p.bizOwner[business] >= 0 && p.bizOwner[business] !== seat && fireCost(business) <= p.cash[seat];

function discardHoldsBusiness(p: FilthyRichPosition): boolean {
  for (let i = 0; i < p.discard.length; i++) if (p.discard[i] < ASSET_TYPE_BASE) return true;
  return false;
}

/** §4.3 and §2.5: may `seat` play a card of `type` from his hand now (its follow-up has a choice)? */
function canPlay(p: FilthyRichPosition, seat: number, type: number): boolean {
  if (p.hands[seat * TYPE_COUNT + type] === 0) return false;
  if (type < ASSET_TYPE_BASE) return canPlaceSomewhere(p, seat, type);
  if (type < ACTION_TYPE_BASE) {
    const kind = type - ASSET_TYPE_BASE;
    return !hasAsset(p, seat, kind) && ASSETS[kind].cost <= p.cash[seat];
  }
  switch (type - ACTION_TYPE_BASE) {
    case IRS_AUDIT:
      for (let q = 0; q < p.players; q++) if (isAuditTarget(p, seat, q)) return true;
      return false;
    case BUSINESS_SCOUT:
      return discardHoldsBusiness(p);
    case SHAKEDOWN:
      for (let q = 0; q < p.players; q++) if (q !== seat && p.elim[q] === 0) return true;
      return false;
    case MYSTERIOUS_FIRE:
      for (let b = 0; b < BUSINESSES.length; b++) if (isFireTarget(p, seat, b)) return true;
      return false;
    default:
      return true; // Zoning Board, Windfall, Tax Refund, Extra Shift: always (§2.5)
  }
}

function isLegal(p: FilthyRichPosition, a: number): boolean {
  if (a >>> 0 !== a || a >= ACTION_SIZE) return false;
  const seat = toAct(p);
  switch (p.phase) {
    case PH_BUY:
      if (a === A_END) return true;
      if (a < A_SELL) return canBuy(p, seat, a - A_BUY);
      return a < A_PLAY && p.bizOwner[a - A_SELL] === seat;
    case PH_CARD:
      if (a < A_SELL) return false;
      if (a < A_PLAY) return p.bizOwner[a - A_SELL] === seat;
      if (a < A_DISCARD) return canPlay(p, seat, a - A_PLAY);
      return a < A_ANCHOR && p.hands[seat * TYPE_COUNT + a - A_DISCARD] > 0;
    case PH_ANCHOR:
      return a >= A_ANCHOR && a < A_TARGET && canPlaceAt(p, seat, p.played, a - A_ANCHOR + 1);
    case PH_TARGET: {
      if (a < A_TARGET || a >= A_TARGET + p.players) return false;
      const q = a - A_TARGET;
      return playedAction(p) === IRS_AUDIT ? isAuditTarget(p, seat, q) : q !== seat && p.elim[q] === 0;
    }
    case PH_PAGE:
      return a >= A_PAGE && a < A_PAGE + PAGES && a - A_PAGE + 1 !== p.page;
    case PH_CHOOSE: {
      if (a < A_CHOOSE || a >= A_BID) return false;
      const b = a - A_CHOOSE;
      return playedAction(p) === BUSINESS_SCOUT ? p.discard.includes(b) : isFireTarget(p, seat, b);
    }
    case PH_PRE_ROLL:
    case PH_TAX_SELL:
      return a === A_END || (a >= A_SELL && a < A_PLAY && p.bizOwner[a - A_SELL] === seat);
    case PH_PAGE_TURNER:
      return a === A_END || a === A_REROLL;
    case PH_AUCTION:
      return a === A_END || (a >= A_BID && a < A_REROLL && minimumBid(p) + BID_STEPS[a - A_BID] <= p.cash[seat]);
    default:
      return false;
  }
}

/** The candidate range [from, to) of each phase; isLegal filters it (§9 numbers ascend). */
const RANGE_FROM = [A_END, A_SELL, A_ANCHOR, A_TARGET, A_PAGE, A_CHOOSE, A_END, A_END, A_END, A_END, 0];
const RANGE_TO = [A_PLAY, A_ANCHOR, A_TARGET, A_PAGE, A_CHOOSE, A_BID, A_PLAY, A_PLAY, 1, 1, 0];

export function legalActions(p: FilthyRichPosition): number[] {
  const out: number[] = [];
  const phase = p.phase;
  if (phase === PH_CARD) {
    // Only the card types in hand can be played or discarded: skip the rest of the block.
    const seat = p.active;
    for (let a = A_SELL; a < A_PLAY; a++) if (p.bizOwner[a - A_SELL] === seat) out.push(a);
    const base = seat * TYPE_COUNT;
    for (let type = 0; type < TYPE_COUNT; type++)
      if (p.hands[base + type] > 0 && canPlay(p, seat, type)) out.push(A_PLAY + type);
    for (let type = 0; type < TYPE_COUNT; type++) if (p.hands[base + type] > 0) out.push(A_DISCARD + type);
    return out;
  }
  for (let a = RANGE_FROM[phase]; a < RANGE_TO[phase]; a++) if (isLegal(p, a)) out.push(a);
  if (phase === PH_PAGE_TURNER) out.push(A_REROLL);
  else if (phase === PH_AUCTION) for (let a = A_BID; a < A_REROLL; a++) if (isLegal(p, a)) out.push(a);
  return out;
}

/** Why `action` (an integer in range, the game not over) is illegal now; undefined when it is legal. */
export function whyIllegal(p: FilthyRichPosition, action: number): string | undefined {
  if (isLegal(p, action)) return undefined;
  const seat = toAct(p);
  const label = actionLabel(p, action);
  const now = `now seat ${seat} must ${DECISION_TEXT[PHASES[p.phase]]}`;
  if (action >= A_PLAY && action < A_ANCHOR && p.phase === PH_CARD) {
    const type = (action - A_PLAY) % TYPE_COUNT;
    if (p.hands[seat * TYPE_COUNT + type] === 0) return `'${label}': seat ${seat} holds no ${CARD_TYPES[type].name}`;
    return (
      `'${label}' is not playable now (cost, room on page ${p.page}, an owned asset of that kind, ` +
      'or no valid target)'
    );
  }
  if (action >= A_BUY && action < A_SELL && p.phase === PH_BUY)
    return `'${label}': not available or not affordable with $${p.cash[seat]}`;
  if (action >= A_SELL && action < A_PLAY) return `'${label}': seat ${seat} does not own it or cannot sell now`;
  return `'${label}' is not one of the choices: ${now}`;
}

/**
 * Labels people read, from public facts only: 'buy Trophy Spouse ($15)', 'sell Karaoke Bar (+$4)',
 * 'play Tornado Cleaners ($12)', 'discard Windfall (+$1)', 'place on slots 3+6 (fee $2)',
 * 'audit seat 2', 'turn to page 3', 'take Used Car Lot ($9)', 'burn Grand Hotel of seat 1 (pay $9)',
 * 'bid $7', 'pass', 'roll the dice', 're-roll the page die'.
 */
export function actionLabel(p: FilthyRichPosition, action: number): string {
  if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE) return `action ${action} (not an action)`;
  const phase = p.phase;
  if (action === A_END) {
    switch (phase) {
      case PH_BUY:
        return 'end the buy step';
      case PH_PRE_ROLL:
        return 'roll the dice';
      case PH_TAX_SELL:
        return 'done selling';
      case PH_PAGE_TURNER:
        return `keep the page die (${p.pageRoll})`;
      case PH_AUCTION:
        return 'pass';
      default:
        return 'end / pass';
    }
  }
  if (action < A_SELL) return `buy ${luxuryLabel(action - A_BUY)}`;
  if (action < A_PLAY) return `sell ${BUSINESSES[action - A_SELL].name} (+$${saleValue(action - A_SELL)})`;
  if (action < A_DISCARD) return `play ${cardLabel(action - A_PLAY)}`;
  if (action < A_ANCHOR) return `discard ${CARD_TYPES[action - A_DISCARD].name} (+$1)`;
  if (action < A_TARGET) {
    const anchor = action - A_ANCHOR + 1;
    if (phase !== PH_ANCHOR) return `anchor at slot ${anchor}`;
    const fee = coverFee(p, p.active, p.played, anchor);
    const cells = cellsOf(p.played, anchor);
    return `place on slot${cells.length > 1 ? 's' : ''} ${cells.join('+')}${fee > 0 ? ` (fee $${fee})` : ''}`;
  }
  if (action < A_PAGE) {
    const seat = action - A_TARGET;
    if (phase !== PH_TARGET) return `target seat ${seat}`;
    return playedAction(p) === IRS_AUDIT ? `audit seat ${seat}` : `shake down seat ${seat}`;
  }
  if (action < A_CHOOSE) return `turn to page ${action - A_PAGE + 1}`;
  if (action < A_BID) {
    const b = action - A_CHOOSE;
    if (phase !== PH_CHOOSE) return `choose ${BUSINESSES[b].name}`;
    if (playedAction(p) === BUSINESS_SCOUT) return `take ${cardLabel(b)}`;
    return `burn ${BUSINESSES[b].name} of seat ${p.bizOwner[b]} (pay $${fireCost(b)})`;
  }
  if (action < A_REROLL) {
    const step = BID_STEPS[action - A_BID];
    return phase === PH_AUCTION ? `bid $${minimumBid(p) + step}` : `bid the minimum + $${step}`;
  }
  return 're-roll the page die';
}
