/**
 * The mutable core of a Filthy Rich position (a Table of small typed arrays and numbers), the
 * §9 action numbering, and the pure derived facts of §2-§4 (visibility, cover fees, tax bases,
 * who may do what). flow.ts holds the transitions; rules.ts wraps a Table in the GameState class.
 */
import type { Rng } from '../core/rng.js';
import { RECORD } from './log.js';
import {
  ACTION_TYPE_BASE,
  ASSETS,
  ASSET_TYPE_BASE,
  BUSINESSES,
  BUSINESS_SCOUT,
  CONNECTIONS_RELIEF,
  COVER_FEE,
  DECK_SIZE,
  HAND_LIMIT,
  IRS_AUDIT,
  LUXURIES,
  MYSTERIOUS_FIRE,
  PAGES,
  PERSONAL_ASSISTANT,
  POLITICAL_CONNECTIONS,
  SHAKEDOWN,
  SHAPES,
  SLOTS,
  TYPE_COUNT,
  fireCost,
  placementSlots,
} from './cards.js';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
export const DEFAULT_PLAYERS = 4;
/** §7: the environment ends the game after turn 200 or decision 10,000, whichever comes first. */
export const MAX_TURNS = 200;
export const MAX_STEPS = 10_000;

/**
 * Decision kinds of §9 (F1-F10) plus 'over'. 'buy' F1, 'card' F2, 'anchor' F3, 'target' F4,
 * 'page' F5, 'choose' F6, 'preRoll' F7, 'taxSell' F8, 'pageTurner' F9, 'auction' F10.
 */
export const PHASES = [
  'buy',
  'card',
  'anchor',
  'target',
  'page',
  'choose',
  'preRoll',
  'taxSell',
  'pageTurner',
  'auction',
  'over',
] as const;
export type PhaseName = (typeof PHASES)[number];
export const PH_BUY = 0;
export const PH_CARD = 1;
export const PH_ANCHOR = 2;
export const PH_TARGET = 3;
export const PH_PAGE = 4;
export const PH_CHOOSE = 5;
export const PH_PRE_ROLL = 6;
export const PH_TAX_SELL = 7;
export const PH_PAGE_TURNER = 8;
export const PH_AUCTION = 9;
export const PH_OVER = 10;

/** §4.9: a bid is the minimum legal bid plus one of these steps. */
export const BID_STEPS: readonly number[] = [0, 1, 4, 9];

/**
 * The §9 action blocks, each sized from the tables: END 1, BUY 12 luxuries, SELL 22 businesses,
 * PLAY and DISCARD 37 card types each, ANCHOR 9 slots, TARGET 5 seats, PAGE 4 pages, CHOOSE 22
 * businesses, BID 4 steps, REROLL 1: 1+12+22+37+37+9+5+4+22+4+1 = 154.
 */
export const A_END = 0;
export const A_BUY = A_END + 1;
export const A_SELL = A_BUY + LUXURIES.length;
export const A_PLAY = A_SELL + BUSINESSES.length;
export const A_DISCARD = A_PLAY + TYPE_COUNT;
export const A_ANCHOR = A_DISCARD + TYPE_COUNT;
export const A_TARGET = A_ANCHOR + SLOTS;
export const A_PAGE = A_TARGET + MAX_PLAYERS;
export const A_CHOOSE = A_PAGE + PAGES;
export const A_BID = A_CHOOSE + BUSINESSES.length;
export const A_REROLL = A_BID + BID_STEPS.length;
export const ACTION_SIZE = A_REROLL + 1;

/** What a tax event returns to when it is over (§4.4 roll, or a card action of §4.3). */
export const CTX_ROLL = 0;
export const CTX_CARD = 1;

/** Luxury owner codes besides seats. */
export const LUX_AVAILABLE = -1;
export const LUX_REMOVED = -2;

/** A position. Plain data only, so cloning and saving are mechanical. */
export interface Table {
  readonly players: number;
  phase: number;
  /** Current turn, 1-based (§7: at most MAX_TURNS). */
  turn: number;
  /** Decisions applied so far (§7: at most MAX_STEPS). */
  steps: number;
  /** The active player (whose turn it is). */
  active: number;
  /** Current page c, 1..4. */
  page: number;
  /**
   * deck[deckTop..deckEnd) are card types, top first (§5: drawn from index 0 upward). Deck, discard
   * pile and hands are plain arrays: typed arrays over 64 bytes live off the V8 heap and cost ~5x
   * more to copy in clone().
   */
  readonly deck: number[];
  deckTop: number;
  deckEnd: number;
  /** discard[0..discardLen) are card types, oldest first (public, order kept for display). */
  readonly discard: number[];
  discardLen: number;
  /** hands[seat * TYPE_COUNT + type] = copies held. */
  readonly hands: number[];
  readonly handSize: Uint8Array;
  /** Per seat: bitmask of businesses known to be in the hand (taken with Business Scout, §6). */
  readonly known: Int32Array;
  /** Per business: owner seat, -1 if not in play; its sign's page and anchor while owned. */
  readonly bizOwner: Int8Array;
  readonly bizPage: Uint8Array;
  readonly bizAnchor: Uint8Array;
  /** binder[(page - 1) * 9 + slot - 1] = business whose sign card fills that pocket, -1 empty. */
  readonly binder: Int8Array;
  /** Per seat: number of businesses owned (running count). */
  readonly bizCount: Uint8Array;
  /** Per seat: bitmask of asset kinds owned (at most one of each kind, §2.4). */
  readonly assets: Uint8Array;
  /** Per luxury: owner seat, LUX_AVAILABLE or LUX_REMOVED. */
  readonly luxOwner: Int8Array;
  /** Per seat: luxuries owned (running count; the score of §7). */
  readonly luxCount: Uint8Array;
  readonly cash: Int32Array;
  /** Per seat: 0 while in the game, else its elimination number 1, 2, ... (§7 ranking). */
  readonly elim: Uint8Array;
  elimCount: number;
  /** Card actions done this turn (§4.3: two). */
  actionsDone: number;
  /** Card type being resolved (played, not yet in front of its owner or discarded), -1 none. */
  played: number;
  /** Page die result awaiting the Page Turner decision, 0 none. */
  pageRoll: number;
  /** Tax event in progress: multiplier k (0 = none), audit target (-1 = all), return context. */
  taxK: number;
  taxTarget: number;
  taxCtx: number;
  /** Participants in payment order, and the one whose selling window is open. */
  readonly taxOrder: Int8Array;
  taxN: number;
  taxIndex: number;
  /** Seats eliminated in this event, in elimination order; auctions go through them in order. */
  readonly taxElim: Int8Array;
  taxElimN: number;
  aucQueue: number;
  /** Cash of each participant just before the payment step (§4.5 all-bankrupt ranking). */
  readonly preTaxCash: Int32Array;
  /** Auction in progress (§4.9): luxury (-1 none), whose it was, high bid and bidder, asked seat. */
  aucLux: number;
  aucFrom: number;
  aucHigh: number;
  aucBidder: number;
  aucAsked: number;
  /** Passes in a row since the last bid (or the start), and those seats as a bitmask. */
  aucPasses: number;
  aucPassed: number;
  /** Bidders in this auction (the players still in the game). */
  aucBidders: number;
  /** Sole winner, -1 if none (yet, or at the cap, or in the all-bankrupt end). */
  winner: number;
  truncated: boolean;
  bankrupt: boolean;
  rng: Rng;
  /** Packed event records (log.ts) of the current turn and the previous `players` turns. */
  log: number[];
  /** Records trimmed from the front of the log so far: log record i is event number logBase + i. */
  logBase: number;
  /** Per seat: the event number at which its last decision began (its view's log starts there). */
  readonly lastMove: Int32Array;
}

export function newTable(players: number, rng: Rng): Table {
  return {
    players,
    phase: PH_BUY,
    turn: 1,
    steps: 0,
    active: 0,
    page: 1,
    deck: new Array<number>(DECK_SIZE).fill(0),
    deckTop: 0,
    deckEnd: 0,
    discard: new Array<number>(DECK_SIZE).fill(0),
    discardLen: 0,
    hands: new Array<number>(players * TYPE_COUNT).fill(0),
    handSize: new Uint8Array(players),
    known: new Int32Array(players),
    bizOwner: new Int8Array(BUSINESSES.length).fill(-1),
    bizPage: new Uint8Array(BUSINESSES.length),
    bizAnchor: new Uint8Array(BUSINESSES.length),
    binder: new Int8Array(PAGES * SLOTS).fill(-1),
    bizCount: new Uint8Array(players),
    assets: new Uint8Array(players),
    luxOwner: new Int8Array(LUXURIES.length).fill(LUX_AVAILABLE),
    luxCount: new Uint8Array(players),
    cash: new Int32Array(players),
    elim: new Uint8Array(players),
    elimCount: 0,
    actionsDone: 0,
    played: -1,
    pageRoll: 0,
    taxK: 0,
    taxTarget: -1,
    taxCtx: CTX_ROLL,
    taxOrder: new Int8Array(MAX_PLAYERS),
    taxN: 0,
    taxIndex: 0,
    taxElim: new Int8Array(MAX_PLAYERS),
    taxElimN: 0,
    aucQueue: 0,
    preTaxCash: new Int32Array(players),
    aucLux: -1,
    aucFrom: -1,
    aucHigh: 0,
    aucBidder: -1,
    aucAsked: -1,
    aucPasses: 0,
    aucPassed: 0,
    aucBidders: 0,
    winner: -1,
    truncated: false,
    bankrupt: false,
    rng,
    log: [],
    logBase: 0,
    lastMove: new Int32Array(players),
  };
}

export function cloneTable(t: Table, rng: Rng = t.rng.clone()): Table {
  return {
    players: t.players,
    phase: t.phase,
    turn: t.turn,
    steps: t.steps,
    active: t.active,
    page: t.page,
    deck: t.deck.slice(),
    deckTop: t.deckTop,
    deckEnd: t.deckEnd,
    discard: t.discard.slice(),
    discardLen: t.discardLen,
    hands: t.hands.slice(),
    handSize: t.handSize.slice(),
    known: t.known.slice(),
    bizOwner: t.bizOwner.slice(),
    bizPage: t.bizPage.slice(),
    bizAnchor: t.bizAnchor.slice(),
    binder: t.binder.slice(),
    bizCount: t.bizCount.slice(),
    assets: t.assets.slice(),
    luxOwner: t.luxOwner.slice(),
    luxCount: t.luxCount.slice(),
    cash: t.cash.slice(),
    elim: t.elim.slice(),
    elimCount: t.elimCount,
    actionsDone: t.actionsDone,
    played: t.played,
    pageRoll: t.pageRoll,
    taxK: t.taxK,
    taxTarget: t.taxTarget,
    taxCtx: t.taxCtx,
    taxOrder: t.taxOrder.slice(),
    taxN: t.taxN,
    taxIndex: t.taxIndex,
    taxElim: t.taxElim.slice(),
    taxElimN: t.taxElimN,
    aucQueue: t.aucQueue,
    preTaxCash: t.preTaxCash.slice(),
    aucLux: t.aucLux,
    aucFrom: t.aucFrom,
    aucHigh: t.aucHigh,
    aucBidder: t.aucBidder,
    aucAsked: t.aucAsked,
    aucPasses: t.aucPasses,
    aucPassed: t.aucPassed,
    aucBidders: t.aucBidders,
    winner: t.winner,
    truncated: t.truncated,
    bankrupt: t.bankrupt,
    rng,
    log: t.log.slice(),
    logBase: t.logBase,
    lastMove: t.lastMove.slice(),
  };
}

// ---- derived facts ------------------------------------------------------------------------------

/** CELLS[shape * 10 + anchor] = the slots a sign covers there; empty where it does not fit. */
const CELLS: readonly (readonly number[])[] = Array.from({ length: SHAPES.length * 10 }, (_, i) =>
  i % 10 === 0 ? [] : placementSlots(Math.floor(i / 10), i % 10),
);
export const cellsOf = (business: number, anchor: number): readonly number[] =>
  CELLS[BUSINESSES[business].shape * 10 + anchor];

/** The seat to act, -1 once the game is over. */
export function toAct(t: Table): number {
  switch (t.phase) {
    case PH_TAX_SELL:
      return t.taxOrder[t.taxIndex];
    case PH_AUCTION:
      return t.aucAsked;
    case PH_OVER:
      return -1;
    default:
      return t.active;
  }
}

export const isAlive = (t: Table, seat: number): boolean => t.elim[seat] === 0;
export const hasAsset = (t: Table, seat: number, kind: number): boolean => (t.assets[seat] & (1 << kind)) !== 0;

export function aliveCount(t: Table): number {
  let n = 0;
  for (let s = 0; s < t.players; s++) if (t.elim[s] === 0) n++;
  return n;
}

/** The first seat clockwise after `seat` that is still in the game. */
export function nextAlive(t: Table, seat: number): number {
  for (let i = 1; i <= t.players; i++) {
    const s = (seat + i) % t.players;
    if (t.elim[s] === 0) return s;
  }
  return seat;
}

/** §2.1: the business whose sign card shows at `slot` with the binder open at `page`, -1 none. */
export function visibleAt(t: Table, slot: number, page: number = t.page): number {
  for (let p = page; p >= 1; p--) {
    const b = t.binder[(p - 1) * SLOTS + slot - 1];
    if (b >= 0) return b;
  }
  return -1;
}

/**
 * §4.3 cover fee of placing `business` for `seat` at `anchor` on the current page, or -1 if a
 * pocket there is taken or the shape does not fit. Only visible rival cards cost ($2 each, §8.2-3).
 */
export function coverFee(t: Table, seat: number, business: number, anchor: number): number {
  const cells = cellsOf(business, anchor);
  if (cells.length === 0) return -1;
  const base = (t.page - 1) * SLOTS - 1;
  let fee = 0;
  for (let i = 0; i < cells.length; i++) {
    if (t.binder[base + cells[i]] >= 0) return -1;
    const below = visibleAt(t, cells[i], t.page - 1);
    if (below >= 0 && t.bizOwner[below] !== seat) fee += COVER_FEE;
  }
  return fee;
}

/** A legal §4.3 placement: the pockets are free and cost + fee can be paid in full. */
export function canPlaceAt(t: Table, seat: number, business: number, anchor: number): boolean {
  const fee = coverFee(t, seat, business, anchor);
  return fee >= 0 && BUSINESSES[business].cost + fee <= t.cash[seat];
}

export function canPlaceSomewhere(t: Table, seat: number, business: number): boolean {
  const anchors = SHAPES[BUSINESSES[business].shape].anchors;
  for (let i = 0; i < anchors.length; i++) if (canPlaceAt(t, seat, business, anchors[i])) return true;
  return false;
}

/** §4.5 T: $ symbols on a seat's businesses, assets and luxuries (before any reduction). */
export function symbolsOf(t: Table, seat: number): number {
  let sum = 0;
  for (let b = 0; b < BUSINESSES.length; b++) if (t.bizOwner[b] === seat) sum += BUSINESSES[b].tax;
  const owned = t.assets[seat];
  for (let k = 0; k < ASSETS.length; k++) if (owned & (1 << k)) sum += ASSETS[k].tax;
  for (let l = 0; l < LUXURIES.length; l++) if (t.luxOwner[l] === seat) sum += LUXURIES[l].tax;
  return sum;
}

/** §4.5: k × max(0, T − R), R = 2 with Political Connections. */
export function taxOwed(t: Table, seat: number, k: number): number {
  const relief = hasAsset(t, seat, POLITICAL_CONNECTIONS) ? CONNECTIONS_RELIEF : 0;
  return k * Math.max(0, symbolsOf(t, seat) - relief);
}

export const handLimit = (t: Table, seat: number): number =>
  HAND_LIMIT + (hasAsset(t, seat, PERSONAL_ASSISTANT) ? 1 : 0);

export function luxuryValue(t: Table, seat: number): number {
  let sum = 0;
  for (let l = 0; l < LUXURIES.length; l++) if (t.luxOwner[l] === seat) sum += LUXURIES[l].price;
  return sum;
}

export const canBuy = (t: Table, seat: number, lux: number): boolean =>
  t.luxOwner[lux] === LUX_AVAILABLE && LUXURIES[lux].price <= t.cash[seat];

/** F1 is asked only while some BUY or SELL is legal (§9). */
export function anyBuyOrSell(t: Table, seat: number): boolean {
  if (t.bizCount[seat] > 0) return true;
  for (let l = 0; l < LUXURIES.length; l++) if (canBuy(t, seat, l)) return true;
  return false;
}

export function discardHoldsBusiness(t: Table): boolean {
  for (let i = 0; i < t.discardLen; i++) if (t.discard[i] < ASSET_TYPE_BASE) return true;
  return false;
}

/** §2.5 IRS Audit: a rival still in the game without Political Connections. */
export const isAuditTarget = (t: Table, seat: number, target: number): boolean =>
  target !== seat && t.elim[target] === 0 && !hasAsset(t, target, POLITICAL_CONNECTIONS);

/** §2.5 Mysterious Fire: a rival's business whose fire cost the arsonist can pay. */
export const isFireTarget = (t: Table, seat: number, business: number): boolean =>
  t.bizOwner[business] >= 0 && t.bizOwner[business] !== seat && fireCost(business) <= t.cash[seat];

/** §4.3 and §2.5: may `seat` play a card of `type` from his hand now (its follow-up has a choice)? */
export function canPlay(t: Table, seat: number, type: number): boolean {
  if (t.hands[seat * TYPE_COUNT + type] === 0) return false;
  if (type < ASSET_TYPE_BASE) return canPlaceSomewhere(t, seat, type);
  if (type < ACTION_TYPE_BASE) {
    const kind = type - ASSET_TYPE_BASE;
    return !hasAsset(t, seat, kind) && ASSETS[kind].cost <= t.cash[seat];
  }
  switch (type - ACTION_TYPE_BASE) {
    case IRS_AUDIT:
      for (let q = 0; q < t.players; q++) if (isAuditTarget(t, seat, q)) return true;
      return false;
    case BUSINESS_SCOUT:
      return discardHoldsBusiness(t);
    case SHAKEDOWN:
      for (let q = 0; q < t.players; q++) if (q !== seat && t.elim[q] === 0) return true;
      return false;
    case MYSTERIOUS_FIRE:
      for (let b = 0; b < BUSINESSES.length; b++) if (isFireTarget(t, seat, b)) return true;
      return false;
    default:
      return true; // Zoning Board, Windfall, Tax Refund, Extra Shift: always (§2.5)
  }
}

/** §4.9: the smallest bid the asked bidder may make now. */
export const minimumBid = (t: Table): number => (t.aucBidder < 0 ? LUXURIES[t.aucLux].price : t.aucHigh + 1);

/** The action card kind being resolved, or -1. */
export const playedAction = (t: Table): number => (t.played >= ACTION_TYPE_BASE ? t.played - ACTION_TYPE_BASE : -1);

// ---- primitive moves (flow.ts builds the rules from these) ----------------------------------------

export function discardIndexOf(t: Table, type: number): number {
  for (let i = 0; i < t.discardLen; i++) if (t.discard[i] === type) return i;
  return -1;
}

export function addToHand(t: Table, seat: number, type: number): void {
  t.hands[seat * TYPE_COUNT + type]++;
  t.handSize[seat]++;
}

/** A card leaves the hand; a business that was known (§6) stops being known. */
export function takeFromHand(t: Table, seat: number, type: number): void {
  t.hands[seat * TYPE_COUNT + type]--;
  t.handSize[seat]--;
  if (type < ASSET_TYPE_BASE) t.known[seat] &= ~(1 << type);
}

export function pushDiscard(t: Table, type: number): void {
  t.discard[t.discardLen++] = type;
}

export function removeFromDiscard(t: Table, type: number): void {
  const i = discardIndexOf(t, type);
  for (let j = i + 1; j < t.discardLen; j++) t.discard[j - 1] = t.discard[j];
  t.discardLen--;
}

/** The business leaves play: its sign leaves the binder (§8.9) and the card goes to the discard pile. */
export function removeBusiness(t: Table, b: number): void {
  const owner = t.bizOwner[b];
  const cells = cellsOf(b, t.bizAnchor[b]);
  const base = (t.bizPage[b] - 1) * SLOTS - 1;
  for (let i = 0; i < cells.length; i++) t.binder[base + cells[i]] = -1;
  t.bizOwner[b] = -1;
  t.bizPage[b] = 0;
  t.bizAnchor[b] = 0;
  t.bizCount[owner]--;
  pushDiscard(t, b);
}

export function note(t: Table, kind: number, a = 0, b = 0, c = 0, d = 0): void {
  t.log.push(kind, t.turn, a, b, c, d);
}

/** Drops records of turns before `firstTurn`. */
export function trimLog(t: Table, firstTurn: number): void {
  const log = t.log;
  let start = 0;
  while (start < log.length && log[start + 1] < firstTurn) start += RECORD;
  if (start === 0) return;
  // A plain loop: Array.prototype.copyWithin is generic and far slower on a JS array.
  const kept = log.length - start;
  for (let i = 0; i < kept; i++) log[i] = log[start + i];
  log.length = kept;
  t.logBase += start / RECORD;
}
