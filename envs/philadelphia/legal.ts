/**
 * The §9 action numbers (a contract: saved games, replays and models depend on them) and the pure
 * legality of every action in every decision context. legalActions() is built from isLegal(), so
 * the two can never disagree; neither writes to the table.
 */
import {
  AD_KINDS,
  INDUSTRIES,
  ITEM_KINDS,
  ITEM_SLOTS,
  K,
  KINDS_PER_INDUSTRY,
  KIND_COUNT,
  REGULAR_COUNT,
  REGULAR_PER_INDUSTRY,
  SET_COUNT,
  regularKind,
} from './cards.js';
import {
  C,
  EXPLORE_REVEAL,
  HAND_LIMIT,
  MAX_ACQUIRE,
  MAX_FIELD,
  MAX_PLAYERS,
  MAX_REVEAL,
  acquireCost,
  has,
  hasAnySet,
  postCost,
  setFits,
  type Table,
} from './table.js';

// Action numbers (§9), each block sized by the tables it indexes:
export const A_EXPLORE = 0;
/** Acquire n = action n, n = 1..5 (ACQUIRE_COUNT). */
export const A_ACQUIRE_FIRST = 1;
export const A_POST_BASE = A_ACQUIRE_FIRST + MAX_ACQUIRE; // 6: post kind k = 6 + k
export const A_ITEM_BASE = A_POST_BASE + KIND_COUNT; // 42: item slot 0..2
export const A_SUBMIT = A_ITEM_BASE + ITEM_SLOTS; // 45
export const A_PASS = A_SUBMIT + 1; // 46
export const A_REVEAL_BASE = A_PASS + 1; // 47: Explore position 0..3
export const A_SET_BASE = A_REVEAL_BASE + EXPLORE_REVEAL; // 51: set id 0..101
export const A_DONE = A_SET_BASE + SET_COUNT; // 153
export const A_SLOT_BASE = A_DONE + 1; // 154: own field slot 0..11
export const A_OPP_BASE = A_SLOT_BASE + MAX_FIELD; // 166: 12 * (o - 1) + slot
export const A_DISCARD_BASE = A_OPP_BASE + (MAX_PLAYERS - 1) * MAX_FIELD; // 202: discard kind k
export const A_DOCTOR_BASE = A_DISCARD_BASE + KIND_COUNT; // 238: 0, 1 or 2 markers
export const DOCTOR_CHOICES = 3;
export const A_HEADHUNT_FIRST = A_DOCTOR_BASE + DOCTOR_CHOICES; // 241: opponent offset o = 1..3
export const A_MR_BASE = A_HEADHUNT_FIRST + MAX_PLAYERS - 1; // 244: Market Research position 0..4
export const A_ACQUIRE_MENU = A_MR_BASE + MAX_REVEAL; // 249
export const A_POST_MENU = A_ACQUIRE_MENU + 1; // 250
export const A_PURCHASE_MENU = A_POST_MENU + 1; // 251
/** 1 + 5 + 36 + 3 + 2 + 4 + 102 + 1 + 12 + 36 + 36 + 3 + 3 + 5 + 3 = 252. */
export const ACTION_SIZE = A_PURCHASE_MENU + 1;

const inBlock = (a: number, base: number, size: number): boolean => a >= base && a < base + size;

// ---- §4.1 legality of the turn actions --------------------------------------------------------------------

export function canExplore(t: Table, seat: number): boolean {
  return t.handSize[seat] < HAND_LIMIT && t.deckLen + t.discardLen >= 1;
}

export function canAcquire(t: Table, seat: number, n: number): boolean {
  return t.handSize[seat] + n <= HAND_LIMIT && t.deckLen + t.discardLen >= n && t.gold[seat] >= acquireCost(t, seat, n);
}

export function canPost(t: Table, seat: number, kind: number, free: boolean): boolean {
  return (
    t.hands[seat * KIND_COUNT + kind] > 0 &&
    t.fieldLen[seat] < MAX_FIELD &&
    t.gold[seat] >= postCost(t, seat, kind, free)
  );
}

export function canPostAny(t: Table, seat: number, free: boolean): boolean {
  if (t.fieldLen[seat] >= MAX_FIELD) return false;
  if (free) return t.handSize[seat] > 0;
  // The cheapest card decides; Construction Company may be free (postCost).
  for (let k = 0; k < KIND_COUNT; k++)
    if (t.hands[seat * KIND_COUNT + k] > 0 && t.gold[seat] >= postCost(t, seat, k, false)) return true;
  return false;
}

export function canBuy(t: Table, seat: number, slot: number): boolean {
  const item = t.itemSlots[slot];
  return t.round >= 2 && t.purchased === 0 && item >= 0 && t.gold[seat] >= ITEM_KINDS[item].cost;
}

function canBuyAny(t: Table, seat: number): boolean {
  for (let slot = 0; slot < ITEM_SLOTS; slot++) if (canBuy(t, seat, slot)) return true;
  return false;
}

/** Pass is legal only when none of Explore, Acquire, Post, Purchase and Submit is (§4.1). */
function mustPass(t: Table, seat: number): boolean {
  return (
    !canExplore(t, seat) &&
    !canAcquire(t, seat, 1) &&
    !canPostAny(t, seat, false) &&
    !canBuyAny(t, seat) &&
    !hasAnySet(t, seat)
  );
}

/** Design Office: another own ad with a [POST] effect that is not a Design Office. */
export function hasDesignTarget(t: Table, seat: number): boolean {
  for (let s = 0; s < t.fieldLen[seat]; s++) if (isDesignTarget(t, seat, s)) return true;
  return false;
}

function isDesignTarget(t: Table, seat: number, slot: number): boolean {
  const kind = t.fieldKind[seat * MAX_FIELD + slot];
  return AD_KINDS[kind].hasPost && kind !== K.designOffice;
}

/** Police Station: some ad of an opponent without a Lawyer (§8.8). */
export function hasPoliceTarget(t: Table, seat: number): boolean {
  for (let o = 1; o < t.players; o++) {
    const target = (seat + o) % t.players;
    if (t.fieldLen[target] > 0 && !has(t, target, K.lawyer)) return true;
  }
  return false;
}

const revealedOpen = (t: Table, pos: number): boolean => pos < t.revealedLen && (t.revealedTaken & (1 << pos)) === 0;

/** Whether `action` (an integer in 0..ACTION_SIZE-1) is legal now. Reads only. */
export function isLegal(t: Table, action: number): boolean {
  const seat = t.actor;
  const slot = action - A_SLOT_BASE;
  switch (t.ctx) {
    case C.MAIN:
      switch (action) {
        case A_EXPLORE:
          return canExplore(t, seat);
        case A_ACQUIRE_MENU:
          return canAcquire(t, seat, 1); // if any count is legal, 1 is
        case A_POST_MENU:
          return canPostAny(t, seat, false);
        case A_PURCHASE_MENU:
          return canBuyAny(t, seat);
        case A_SUBMIT:
          return hasAnySet(t, seat);
        case A_PASS:
          return mustPass(t, seat);
        default:
          return false;
      }
    case C.ACQUIRE_COUNT:
      return inBlock(action, A_ACQUIRE_FIRST, MAX_ACQUIRE) && canAcquire(t, seat, action);
    case C.POST_PICK:
      return inBlock(action, A_POST_BASE, KIND_COUNT) && canPost(t, seat, action - A_POST_BASE, false);
    case C.OVERTIME_POST:
    case C.SUPERVISOR_POST:
      return (
        action === A_DONE ||
        (inBlock(action, A_POST_BASE, KIND_COUNT) &&
          canPost(t, seat, action - A_POST_BASE, t.ctx === C.SUPERVISOR_POST))
      );
    case C.ITEM_PICK:
      return inBlock(action, A_ITEM_BASE, ITEM_SLOTS) && canBuy(t, seat, action - A_ITEM_BASE);
    case C.EXPLORE_PICK:
      return inBlock(action, A_REVEAL_BASE, EXPLORE_REVEAL) && revealedOpen(t, action - A_REVEAL_BASE);
    case C.TAXI_PICK:
      return (
        action === A_DONE || (inBlock(action, A_REVEAL_BASE, EXPLORE_REVEAL) && revealedOpen(t, action - A_REVEAL_BASE))
      );
    case C.SET_SELECT:
      if (action === A_DONE) return t.ctxCount > 0;
      return inBlock(action, A_SET_BASE, SET_COUNT) && setFits(t, seat, action - A_SET_BASE);
    case C.DESIGN_TARGET:
      return action === A_DONE || (slot >= 0 && slot < t.fieldLen[seat] && isDesignTarget(t, seat, slot));
    case C.FIRE_TARGET:
      return action === A_DONE || (slot >= 0 && slot < t.fieldLen[seat] && slot !== t.ctxArg);
    case C.RENEWAL_TARGET:
      return action === A_DONE || (slot >= 0 && slot < t.fieldLen[seat] && t.fieldMarkers[seat * MAX_FIELD + slot] > 0);
    case C.PRESS_TARGET:
      return slot >= 0 && slot < t.fieldLen[seat];
    case C.POLICE_TARGET: {
      if (!inBlock(action, A_OPP_BASE, (MAX_PLAYERS - 1) * MAX_FIELD)) return false;
      const o = 1 + Math.floor((action - A_OPP_BASE) / MAX_FIELD);
      const target = (seat + o) % t.players;
      return o < t.players && (action - A_OPP_BASE) % MAX_FIELD < t.fieldLen[target] && !has(t, target, K.lawyer);
    }
    case C.DOCTOR_MARKERS:
      return inBlock(action, A_DOCTOR_BASE, DOCTOR_CHOICES);
    case C.MINER_DISCARD:
      return inBlock(action, A_DISCARD_BASE, KIND_COUNT) && t.hands[seat * KIND_COUNT + action - A_DISCARD_BASE] > 0;
    case C.JOB_DISCARD:
    case C.FORESTER_DISCARD:
      return (
        action === A_DONE ||
        (inBlock(action, A_DISCARD_BASE, KIND_COUNT) && t.hands[seat * KIND_COUNT + action - A_DISCARD_BASE] > 0)
      );
    case C.MR_PICK:
      return inBlock(action, A_MR_BASE, MAX_REVEAL) && revealedOpen(t, action - A_MR_BASE);
    case C.HEADHUNT_TARGET: {
      if (!inBlock(action, A_HEADHUNT_FIRST, MAX_PLAYERS - 1)) return false;
      const o = 1 + action - A_HEADHUNT_FIRST;
      const target = (seat + o) % t.players;
      return o < t.players && t.handSize[target] > 0 && !has(t, target, K.lawyer);
    }
    default:
      return false;
  }
}

/** The action blocks each context draws from, ascending; legalActions keeps the legal ones. */
const CANDIDATES: readonly (readonly [number, number])[][] = (() => {
  const done: [number, number] = [A_DONE, 1];
  const posts: [number, number] = [A_POST_BASE, KIND_COUNT];
  const slots: [number, number] = [A_SLOT_BASE, MAX_FIELD];
  const discards: [number, number] = [A_DISCARD_BASE, KIND_COUNT];
  const table: [number, number][][] = [];
  table[C.MAIN] = [];
  table[C.ACQUIRE_COUNT] = [[A_ACQUIRE_FIRST, MAX_ACQUIRE]];
  table[C.POST_PICK] = [posts];
  table[C.ITEM_PICK] = [[A_ITEM_BASE, ITEM_SLOTS]];
  table[C.EXPLORE_PICK] = [[A_REVEAL_BASE, EXPLORE_REVEAL]];
  table[C.TAXI_PICK] = [[A_REVEAL_BASE, EXPLORE_REVEAL], done];
  table[C.SET_SELECT] = [[A_SET_BASE, SET_COUNT], done];
  table[C.DESIGN_TARGET] = [done, slots];
  table[C.FIRE_TARGET] = [done, slots];
  table[C.POLICE_TARGET] = [[A_OPP_BASE, (MAX_PLAYERS - 1) * MAX_FIELD]];
  table[C.DOCTOR_MARKERS] = [[A_DOCTOR_BASE, DOCTOR_CHOICES]];
  table[C.MINER_DISCARD] = [discards];
  table[C.SUPERVISOR_POST] = [posts, done];
  table[C.OVERTIME_POST] = [posts, done];
  table[C.JOB_DISCARD] = [done, discards];
  table[C.RENEWAL_TARGET] = [done, slots];
  table[C.MR_PICK] = [[A_MR_BASE, MAX_REVEAL]];
  table[C.PRESS_TARGET] = [slots];
  table[C.HEADHUNT_TARGET] = [[A_HEADHUNT_FIRST, MAX_PLAYERS - 1]];
  table[C.FORESTER_DISCARD] = [done, discards];
  table[C.NONE] = [];
  return table;
})();

/** The legal actions, ascending (empty only once the game is over). */
export function legalActions(t: Table): number[] {
  const out: number[] = [];
  const seat = t.actor;
  const hand = seat * KIND_COUNT;
  // The hottest contexts get direct loops (same rules as isLegal, which the tests hold them to).
  switch (t.ctx) {
    case C.SET_SELECT:
      setSelectActions(t, seat, out);
      return out;
    case C.POST_PICK:
    case C.OVERTIME_POST:
    case C.SUPERVISOR_POST:
      if (t.fieldLen[seat] < MAX_FIELD) {
        const free = t.ctx === C.SUPERVISOR_POST;
        for (let k = 0; k < KIND_COUNT; k++) {
          if (t.hands[hand + k] > 0 && t.gold[seat] >= postCost(t, seat, k, free)) out.push(A_POST_BASE + k);
        }
      }
      if (t.ctx !== C.POST_PICK) out.push(A_DONE);
      return out;
    case C.MINER_DISCARD:
    case C.JOB_DISCARD:
    case C.FORESTER_DISCARD:
      if (t.ctx !== C.MINER_DISCARD) out.push(A_DONE);
      for (let k = 0; k < KIND_COUNT; k++) if (t.hands[hand + k] > 0) out.push(A_DISCARD_BASE + k);
      return out;
  }
  if (t.ctx === C.MAIN) {
    if (canExplore(t, seat)) out.push(A_EXPLORE);
    const submit = hasAnySet(t, seat);
    if (submit) out.push(A_SUBMIT);
    const acquire = canAcquire(t, seat, 1);
    const post = canPostAny(t, seat, false);
    const buy = canBuyAny(t, seat);
    if (out.length === 0 && !acquire && !post && !buy) out.push(A_PASS);
    if (acquire) out.push(A_ACQUIRE_MENU);
    if (post) out.push(A_POST_MENU);
    if (buy) out.push(A_PURCHASE_MENU);
    return out;
  }
  for (const [base, size] of CANDIDATES[t.ctx]) {
    for (let a = base; a < base + size; a++) if (isLegal(t, a)) out.push(a);
  }
  return out;
}

/** SET_SELECT: every set id the remaining hand contains (§9), in id order, then DONE after a set. */
function setSelectActions(t: Table, seat: number, out: number[]): void {
  const base = seat * KIND_COUNT;
  for (let size = 2; size <= 4; size++) {
    for (let r = 0; r < REGULAR_COUNT; r++) {
      if (t.hands[base + regularKind(r)] >= size) out.push(A_SET_BASE + (size - 2) * REGULAR_COUNT + r);
    }
  }
  for (let i = 0; i < INDUSTRIES; i++) {
    let present = 0;
    for (let j = 0; j < REGULAR_PER_INDUSTRY; j++)
      if (t.hands[base + KINDS_PER_INDUSTRY * i + j] > 0) present |= 1 << j;
    for (let j = 0; j < REGULAR_PER_INDUSTRY; j++) {
      const others = 15 & ~(1 << j);
      if ((present & others) === others) out.push(A_SET_BASE + 3 * REGULAR_COUNT + REGULAR_PER_INDUSTRY * i + j);
    }
  }
  for (let i = 0; i < INDUSTRIES; i++) {
    let all = true;
    for (let j = 0; j < REGULAR_PER_INDUSTRY; j++) if (t.hands[base + KINDS_PER_INDUSTRY * i + j] === 0) all = false;
    if (all) out.push(A_SET_BASE + 4 * REGULAR_COUNT + i);
  }
  if (t.ctxCount > 0) out.push(A_DONE);
}
