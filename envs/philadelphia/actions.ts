/**
 * The §9 action numbers (a contract: saved games, replays and models depend on them) as blocks of
 * the flat action space, the pure legality of every action in every decision context, why an
 * action is illegal, and its label. legalActions() is built from isLegal(), so the two can never
 * disagree; nothing here writes to the position.
 */
import type { ActionRange } from '../core/define-game.js';
import {
  AD_KINDS,
  C,
  CONTEXTS,
  DOCTOR_CHOICES,
  EXPLORE_REVEAL,
  HAND_LIMIT,
  INDUSTRIES,
  ITEM_KINDS,
  ITEM_SLOTS,
  K,
  KINDS_PER_INDUSTRY,
  KIND_COUNT,
  MAX_ACQUIRE,
  MAX_FIELD,
  MAX_PLAYERS,
  MAX_REVEAL,
  REGULAR_COUNT,
  REGULAR_PER_INDUSTRY,
  SET_COUNT,
  regularKind,
  setLabel,
  type ContextName,
} from './components.js';
import { acquireCost, has, hasAnySet, postCost, setFits } from './operations.js';
import type { PhiladelphiaPosition } from './position.js';

/** The blocks of §9 in order: [name, size, meaning]; every action number below is derived from them. */
const BLOCKS = [
  ['explore', 1, 'Explore: reveal 4 ad cards and take one (MAIN)'],
  ['acquire', MAX_ACQUIRE, 'Acquire n = 1..5 cards face down: the action number is n (ACQUIRE_COUNT)'],
  ['post', KIND_COUNT, 'Post an ad of kind 0..35 (POST_PICK, SUPERVISOR_POST, OVERTIME_POST)'],
  ['item', ITEM_SLOTS, 'Buy the face-up item in slot 0..2 (ITEM_PICK)'],
  ['submit', 1, 'Submit sets (MAIN; then SET_SELECT)'],
  ['pass', 1, 'Pass: reveal the hand, gain 1 gold, end the turn (MAIN, only when nothing else is legal)'],
  ['reveal', EXPLORE_REVEAL, 'Take the revealed card at position 0..3 (EXPLORE_PICK, TAXI_PICK)'],
  ['set', SET_COUNT, 'Select set id 0..101 of §9 (SET_SELECT)'],
  ['done', 1, 'Done: decline, stop or finish (the contexts where that is a choice)'],
  [
    'slot',
    MAX_FIELD,
    'One of your own ads, field slot 0..11 (DESIGN_TARGET, FIRE_TARGET, RENEWAL_TARGET, PRESS_TARGET)',
  ],
  [
    'opponentAd',
    (MAX_PLAYERS - 1) * MAX_FIELD,
    "An opponent's ad: offset 12 (o - 1) + slot, o = 1..3 seats to the left (POLICE_TARGET)",
  ],
  ['discard', KIND_COUNT, 'Discard a card of kind 0..35 (MINER_DISCARD, JOB_DISCARD, FORESTER_DISCARD)'],
  ['doctor', DOCTOR_CHOICES, 'Place 0, 1 or 2 month markers on the Doctor (DOCTOR_MARKERS)'],
  [
    'headhunt',
    MAX_PLAYERS - 1,
    'Take a random card from the opponent o = 1..3 seats to the left: offset o - 1 (HEADHUNT_TARGET)',
  ],
  ['research', MAX_REVEAL, 'Take the revealed card at position 0..4 (MR_PICK)'],
  ['acquireMenu', 1, 'Acquire... (MAIN; then ACQUIRE_COUNT)'],
  ['postMenu', 1, 'Post... (MAIN; then POST_PICK)'],
  ['purchaseMenu', 1, 'Purchase... (MAIN; then ITEM_PICK; from round 2, once a turn)'],
] as const;
type BlockName = (typeof BLOCKS)[number][0];

/** The action space in blocks (docs/rules/philadelphia.md). */
export const ACTIONS: readonly ActionRange[] = (() => {
  let first = 0;
  return BLOCKS.map(([, count, meaning]) => {
    const range = { first, count, meaning };
    first += count;
    return range;
  });
})();
const FIRST = Object.fromEntries(BLOCKS.map(([name], i) => [name, ACTIONS[i].first])) as Record<BlockName, number>;

export const A_EXPLORE = FIRST.explore;
/** Acquire n = action n, n = 1..5 (ACQUIRE_COUNT). */
export const A_ACQUIRE_FIRST = FIRST.acquire;
export const A_POST_BASE = FIRST.post; // 6: post kind k = 6 + k
export const A_ITEM_BASE = FIRST.item; // 42: item slot 0..2
export const A_SUBMIT = FIRST.submit; // 45
export const A_PASS = FIRST.pass; // 46
export const A_REVEAL_BASE = FIRST.reveal; // 47: Explore position 0..3
export const A_SET_BASE = FIRST.set; // 51: set id 0..101
export const A_DONE = FIRST.done; // 153
export const A_SLOT_BASE = FIRST.slot; // 154: own field slot 0..11
export const A_OPP_BASE = FIRST.opponentAd; // 166: 12 * (o - 1) + slot
export const A_DISCARD_BASE = FIRST.discard; // 202: discard kind k
export const A_DOCTOR_BASE = FIRST.doctor; // 238: 0, 1 or 2 markers
export const A_HEADHUNT_FIRST = FIRST.headhunt; // 241: opponent offset o = 1..3
export const A_MR_BASE = FIRST.research; // 244: Market Research position 0..4
export const A_ACQUIRE_MENU = FIRST.acquireMenu; // 249
export const A_POST_MENU = FIRST.postMenu; // 250
export const A_PURCHASE_MENU = FIRST.purchaseMenu; // 251
/** 1 + 5 + 36 + 3 + 2 + 4 + 102 + 1 + 12 + 36 + 36 + 3 + 3 + 5 + 3 = 252. */
export const ACTION_SIZE = A_PURCHASE_MENU + 1;

const inBlock = (a: number, base: number, size: number): boolean => a >= base && a < base + size;

// ---- §4.1 legality of the turn actions --------------------------------------------------------------------

function canExplore(t: PhiladelphiaPosition, seat: number): boolean {
  return t.handSize[seat] < HAND_LIMIT && t.deck.length + t.discardLen >= 1;
}

function canAcquire(t: PhiladelphiaPosition, seat: number, n: number): boolean {
  return (
    t.handSize[seat] + n <= HAND_LIMIT && t.deck.length + t.discardLen >= n && t.gold[seat] >= acquireCost(t, seat, n)
  );
}

function canPost(t: PhiladelphiaPosition, seat: number, kind: number, free: boolean): boolean {
  return (
    t.hands[seat * KIND_COUNT + kind] > 0 &&
    t.fieldLen[seat] < MAX_FIELD &&
    t.gold[seat] >= postCost(t, seat, kind, free)
  );
}

export function canPostAny(t: PhiladelphiaPosition, seat: number, free: boolean): boolean {
  if (t.fieldLen[seat] >= MAX_FIELD) return false;
  if (free) return t.handSize[seat] > 0;
  // The cheapest card decides; Construction Company may be free (postCost).
  for (let k = 0; k < KIND_COUNT; k++)
    if (t.hands[seat * KIND_COUNT + k] > 0 && t.gold[seat] >= postCost(t, seat, k, false)) return true;
  return false;
}

function canBuy(t: PhiladelphiaPosition, seat: number, slot: number): boolean {
  const item = t.itemSlots[slot];
  return t.round >= 2 && !t.purchased && item >= 0 && t.gold[seat] >= ITEM_KINDS[item].cost;
}

function canBuyAny(t: PhiladelphiaPosition, seat: number): boolean {
  for (let slot = 0; slot < ITEM_SLOTS; slot++) if (canBuy(t, seat, slot)) return true;
  return false;
}

/** Pass is legal only when none of Explore, Acquire, Post, Purchase and Submit is (§4.1). */
function mustPass(t: PhiladelphiaPosition, seat: number): boolean {
  return (
    !canExplore(t, seat) &&
    !canAcquire(t, seat, 1) &&
    !canPostAny(t, seat, false) &&
    !canBuyAny(t, seat) &&
    !hasAnySet(t, seat)
  );
}

/** Design Office: another own ad with a [POST] effect that is not a Design Office. */
export function hasDesignTarget(t: PhiladelphiaPosition, seat: number): boolean {
  for (let s = 0; s < t.fieldLen[seat]; s++) if (isDesignTarget(t, seat, s)) return true;
  return false;
}

function isDesignTarget(t: PhiladelphiaPosition, seat: number, slot: number): boolean {
  const kind = t.fieldKind[seat * MAX_FIELD + slot];
  return AD_KINDS[kind].hasPost && kind !== K.designOffice;
}

/** Police Station: some ad of an opponent without a Lawyer (§8.8). */
export function hasPoliceTarget(t: PhiladelphiaPosition, seat: number): boolean {
  for (let o = 1; o < t.players; o++) {
    const target = (seat + o) % t.players;
    if (t.fieldLen[target] > 0 && !has(t, target, K.lawyer)) return true;
  }
  return false;
}

const revealedOpen = (t: PhiladelphiaPosition, pos: number): boolean =>
  pos < t.revealed.length && (t.revealedTaken & (1 << pos)) === 0;

/** Whether `action` (an integer in 0..ACTION_SIZE-1) is legal now. Reads only. */
function isLegal(t: PhiladelphiaPosition, action: number): boolean {
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
export function legalActions(t: PhiladelphiaPosition): number[] {
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
function setSelectActions(t: PhiladelphiaPosition, seat: number, out: number[]): void {
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

// ---- why not, and labels ---------------------------------------------------------------------------------

/** What the seat to act decides in each context (messages and renderers use it). */
export const DECISION_TEXT: Readonly<Record<ContextName, string>> = {
  MAIN: 'choose an action: explore, acquire, post, purchase or submit',
  ACQUIRE_COUNT: 'choose how many cards to acquire',
  POST_PICK: 'choose a card to post',
  ITEM_PICK: 'choose an item to buy',
  EXPLORE_PICK: 'take one of the revealed cards',
  TAXI_PICK: 'Taxi Company: take a second revealed card, or not',
  SET_SELECT: 'choose a set to submit (or finish)',
  DESIGN_TARGET: 'Design Office: choose an ad whose [POST] effect resolves again, or none',
  FIRE_TARGET: 'Fire Station: choose an ad to return to hand, or none',
  POLICE_TARGET: "Police Station: choose an opponent's ad to get a month marker",
  DOCTOR_MARKERS: 'Doctor: place 0, 1 or 2 month markers on the Doctor',
  MINER_DISCARD: 'Miner: discard a card',
  SUPERVISOR_POST: 'Site Supervisor: post a card for free, or none',
  OVERTIME_POST: 'Overtime: post a card, or stop',
  JOB_DISCARD: 'Job Change: discard a card, or stop and draw as many as discarded',
  RENEWAL_TARGET: 'Contract Renewal: remove a month marker, or stop',
  MR_PICK: 'Market Research: take one of the revealed cards',
  PRESS_TARGET: 'Press Release: choose an ad to establish now',
  HEADHUNT_TARGET: 'Headhunting: choose an opponent to take a random card from',
  FORESTER_DISCARD: 'Forester: discard a card, or stop and draw as many as discarded',
  NONE: 'nothing: the game is over',
};

/**
 * Why `action` (an integer in range, the game not over: the kit checked) is not legal now, or
 * undefined if it is. Reads only.
 */
export function whyIllegal(t: PhiladelphiaPosition, action: number): string | undefined {
  if (isLegal(t, action)) return undefined;
  const must = `seat ${t.actor} must ${DECISION_TEXT[CONTEXTS[t.ctx]]}`;
  if (t.ctx !== C.MAIN) return `'${actionLabel(t, action)}' is not one of the choices now: ${must}`;
  const seat = t.actor;
  switch (action) {
    case A_EXPLORE:
      return t.handSize[seat] >= HAND_LIMIT
        ? `Explore needs a hand of at most ${HAND_LIMIT - 1} cards`
        : 'the ad deck and discard pile are empty';
    case A_ACQUIRE_MENU:
      return `Acquire needs room in the hand (limit ${HAND_LIMIT}), a card to draw and ${acquireCost(t, seat, 1)} gold`;
    case A_POST_MENU:
      return 'no card in the hand can be posted now (empty hand, full field or not enough gold)';
    case A_PURCHASE_MENU:
      if (t.round < 2) return 'nothing can be purchased in round 1';
      return t.purchased ? 'only one Purchase per turn' : 'no face-up item is affordable';
    case A_SUBMIT:
      return 'the hand holds no valid set';
    case A_PASS:
      return 'Pass is legal only when no other action is';
    default:
      return `'${actionLabel(t, action)}' is not a turn action: ${must}`;
  }
}

/**
 * Labels people read: 'explore', 'post Cafe (cost 1)', 'buy Overtime (slot 1, 3 gold)',
 * 'Pair of Cafe (1 VP)', 'return Cafe (slot 1) to hand'... Cards are named only where they are
 * public or the actor's own, so a label never reveals more than its context shows.
 */
export function actionLabel(t: PhiladelphiaPosition, action: number): string {
  if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE) return `action ${action} (not an action)`;
  const seat = t.actor;
  const ctx = t.ctx;
  const name = (kind: number) => AD_KINDS[kind].name;
  const slotName = (s: number, slot: number) =>
    seat >= 0 && slot < t.fieldLen[s] ? `${name(t.fieldKind[s * MAX_FIELD + slot])} (slot ${slot})` : `slot ${slot}`;
  if (action === A_EXPLORE) return 'explore';
  if (action < A_POST_BASE) {
    const cards = action === 1 ? '1 card' : `${action} cards`;
    return ctx === C.ACQUIRE_COUNT ? `acquire ${cards} for ${acquireCost(t, seat, action)} gold` : `acquire ${cards}`;
  }
  if (action < A_ITEM_BASE) {
    const kind = action - A_POST_BASE;
    if (ctx === C.SUPERVISOR_POST) return `post ${name(kind)} free`;
    if (ctx === C.POST_PICK || ctx === C.OVERTIME_POST)
      return `post ${name(kind)} (cost ${postCost(t, seat, kind, false)})`;
    return `post ${name(kind)}`;
  }
  if (action < A_SUBMIT) {
    const slot = action - A_ITEM_BASE;
    const item = t.itemSlots[slot];
    return item >= 0
      ? `buy ${ITEM_KINDS[item].name} (slot ${slot}, ${ITEM_KINDS[item].cost} gold)`
      : `buy the item in slot ${slot}`;
  }
  if (action === A_SUBMIT) return 'submit sets...';
  if (action === A_PASS) return 'pass (reveal the hand, gain 1 gold)';
  if (action < A_SET_BASE || (action >= A_MR_BASE && action < A_ACQUIRE_MENU)) {
    const pos = action < A_SET_BASE ? action - A_REVEAL_BASE : action - A_MR_BASE;
    const what =
      pos < t.revealed.length ? `${name(t.revealed[pos])} (position ${pos})` : `the revealed card at position ${pos}`;
    return ctx === C.TAXI_PICK ? `also take ${what}` : `take ${what}`;
  }
  if (action < A_DONE) return setLabel(action - A_SET_BASE);
  if (action === A_DONE) return doneLabel(t);
  if (action < A_OPP_BASE) {
    const slot = action - A_SLOT_BASE;
    switch (ctx) {
      case C.DESIGN_TARGET:
        return `copy ${slotName(seat, slot)}`;
      case C.FIRE_TARGET:
        return `return ${slotName(seat, slot)} to hand`;
      case C.PRESS_TARGET:
        return `establish ${slotName(seat, slot)}`;
      case C.RENEWAL_TARGET:
        return `remove a marker from ${slotName(seat, slot)}`;
      default:
        return `own slot ${slot}`;
    }
  }
  if (action < A_DISCARD_BASE) {
    const o = 1 + Math.floor((action - A_OPP_BASE) / MAX_FIELD);
    const slot = (action - A_OPP_BASE) % MAX_FIELD;
    if (ctx !== C.POLICE_TARGET || o >= t.players)
      return `marker on the ad in slot ${slot} of the opponent ${o} to the left`;
    const target = (seat + o) % t.players;
    return `marker on seat ${target}'s ${slotName(target, slot)}`;
  }
  if (action < A_DOCTOR_BASE) return `discard ${name(action - A_DISCARD_BASE)}`;
  if (action < A_HEADHUNT_FIRST) {
    const n = action - A_DOCTOR_BASE;
    return `place ${n} marker${n === 1 ? '' : 's'} on the Doctor`;
  }
  if (action < A_MR_BASE) {
    const o = 1 + action - A_HEADHUNT_FIRST;
    return o < t.players
      ? `take a random card from seat ${(seat + o) % t.players}`
      : `take a random card from the opponent ${o} to the left`;
  }
  if (action === A_ACQUIRE_MENU) return 'acquire...';
  if (action === A_POST_MENU) return 'post...';
  return action === A_PURCHASE_MENU ? 'purchase...' : `action ${action}`;
}

function doneLabel(t: PhiladelphiaPosition): string {
  switch (t.ctx) {
    case C.TAXI_PICK:
      return 'take no second card';
    case C.SET_SELECT:
      return 'finish submitting';
    case C.DESIGN_TARGET:
      return 'copy nothing';
    case C.FIRE_TARGET:
      return 'return nothing';
    case C.SUPERVISOR_POST:
      return 'post nothing';
    case C.OVERTIME_POST:
      return 'stop posting';
    case C.RENEWAL_TARGET:
      return 'stop removing markers';
    case C.JOB_DISCARD:
    case C.FORESTER_DISCARD:
      return `stop discarding and draw ${t.ctxCount}`;
    default:
      return 'done';
  }
}
