/**
 * The game's flow (rules §3-§9) on a position: setup from the seed, the two-step turn actions,
 * Submit, Pass, Purchase, the Adoption phase (with Forester decisions), Renewal and the end of a
 * round, and every answer to a question. A question sets `ctx` and returns; continuation frames
 * (components.ts FRAMES) say what resumes once it is settled (resume). The effects that start
 * postings and items are in effects.ts. `apply` assumes the action is legal (the kit checked it
 * with whyIllegal, actions.ts).
 */
import { Rng } from '../core/rng.js';
import {
  A_ACQUIRE_MENU,
  A_DISCARD_BASE,
  A_DOCTOR_BASE,
  A_DONE,
  A_EXPLORE,
  A_HEADHUNT_FIRST,
  A_ITEM_BASE,
  A_MR_BASE,
  A_OPP_BASE,
  A_PASS,
  A_POST_BASE,
  A_POST_MENU,
  A_PURCHASE_MENU,
  A_REVEAL_BASE,
  A_SET_BASE,
  A_SLOT_BASE,
  A_SUBMIT,
  canPostAny,
} from './actions.js';
import {
  ACTIONS_PER_TURN,
  AD_KINDS,
  BANK_GOLD,
  C,
  EXPLORE_REVEAL,
  FORESTER_MAX,
  FRAME_SIZE,
  F_ADOPT,
  F_ITEM,
  F_OVERTIME,
  F_POSTING,
  F_PRESS,
  INSURANCE_GOLD,
  ITEM_BOOM,
  ITEM_CONTRACT_RENEWAL,
  ITEM_JOB_CHANGE,
  ITEM_KINDS,
  ITEM_SLOTS,
  K,
  KIND_COUNT,
  MAX_FIELD,
  MAX_ROUNDS,
  MINER_DISCARDS,
  OVERTIME_MAX,
  PASS_GOLD,
  PH_ACTION,
  PH_ADOPTION,
  PH_OVER,
  RAILWAY_GOLD,
  RENEWAL_MAX,
  RESEARCH_PICKS,
  SETS,
  START_GOLD,
  START_HAND,
  WIN_VP,
} from './components.js';
import {
  HOW_ACTION,
  HOW_OVERTIME,
  HOW_SUPERVISOR,
  adoptEffect,
  anyMarker,
  establish,
  establishGold,
  finishPosting,
  startItem,
  startPostEffect,
  startPosting,
} from './effects.js';
import { CAUSE_ITEM, CAUSE_PASS, EV, LOG_CAP, SOURCE_EXPLORE, SOURCE_MARKET } from './events.js';
import {
  acquireCost,
  addToHand,
  ask,
  clearList,
  clearRevealed,
  countIn,
  discardFromHand,
  drawCards,
  gain,
  has,
  hasAnySet,
  logEnd,
  note,
  popFrame,
  push,
  refillSlot,
  removeFromField,
  removeFromHand,
  revealCards,
  shuffleUnderDeck,
  takeRevealed,
  threshold,
  toDiscard,
} from './operations.js';
import { POSITION, turnSeat, type PhiladelphiaPosition } from './position.js';

/**
 * An honest bound on decisions (applyAction calls) per game. Per action at most 2 choices (the
 * kind, then its parameter) plus its sub-decisions, which are bounded by the 85 cards: Job Change
 * asks once per card discarded plus the stop (<= 86), Submit once per set plus the stop (<= 37),
 * Overtime at most 2 x (a pick + a chain of <= 5 postings x <= 3 questions) + the stop = 33. So at
 * most 2 + 86 = 88 per action, 2 actions a turn; the Adoption phase asks at most 2 picks for each
 * of the 4 Foresters. Rounds are capped at 40.
 */
const MAX_DECISIONS_PER_ACTION = 2 + 86;
export const maxGameLength = (players: number): number =>
  MAX_ROUNDS * (players * ACTIONS_PER_TURN * MAX_DECISIONS_PER_ACTION + 4 * FORESTER_MAX);

export const toAct = (t: PhiladelphiaPosition): number => (t.phase === PH_OVER ? -1 : t.actor);
export const isOver = (t: PhiladelphiaPosition): boolean => t.phase === PH_OVER;
export const isTruncated = (t: PhiladelphiaPosition): boolean => t.truncated;

// ---- setup (§3, RNG order §5) --------------------------------------------------------------------------

/** A new game (§3): every draw from the position's Rng seeded with `seed`, in the order of §5. */
export function setup(players: number, seed: number | string): PhiladelphiaPosition {
  const t = POSITION.create(players);
  const rng = Rng.fromSeed(seed);
  t.rng = rng;
  // Step 2: the 85 ad cards in ascending id (= kind) order, shuffled; index 0 is the top.
  const ads: number[] = [];
  for (const k of AD_KINDS) for (let c = 0; c < k.copies; c++) ads.push(k.id);
  rng.shuffleInPlace(ads);
  for (let i = ads.length - 1; i >= 0; i--) t.deck.push(ads[i]);
  // Step 3: items in table order with Economic Boom last, shuffled; 3 revealed into slots 0-2.
  let items: number[] = [];
  for (const k of ITEM_KINDS) for (let c = 0; c < k.copies; c++) items.push(k.id);
  rng.shuffleInPlace(items);
  for (let slot = 0; slot < ITEM_SLOTS; slot++) t.itemSlots[slot] = items[slot];
  items = items.slice(ITEM_SLOTS);
  for (let slot = 0; slot < ITEM_SLOTS; slot++) {
    // The field card goes back, the deck is reshuffled (from id order) and the slot refilled, repeatedly.
    while (t.itemSlots[slot] === ITEM_BOOM) {
      items.push(ITEM_BOOM);
      items.sort((a, b) => a - b);
      rng.shuffleInPlace(items);
      t.itemSlots[slot] = items.shift() as number;
    }
  }
  for (let i = items.length - 1; i >= 0; i--) t.itemDeck.push(items[i]);
  // Step 4: the start player; step 5: hands and gold clockwise from them.
  t.start = rng.int(players);
  for (let i = 0; i < players; i++) {
    const seat = (t.start + i) % players;
    for (let c = 0; c < START_HAND; c++) addToHand(t, seat, t.deck.pop() as number, false);
    t.gold[seat] = START_GOLD;
  }
  note(t, EV.round, t.start, 1);
  startTurn(t);
  return t;
}

// ---- flow helpers ---------------------------------------------------------------------------------------

/** A new turn: drop log events every seat has seen since its last decision, then MAIN. */
function startTurn(t: PhiladelphiaPosition): void {
  let oldest = t.lastMove[0];
  for (let s = 1; s < t.players; s++) oldest = Math.min(oldest, t.lastMove[s]);
  const drop = Math.max(oldest - t.logBase, t.log.length - LOG_CAP, 0);
  if (drop > 0) {
    t.log.dropFirst(drop);
    t.logBase += drop;
  }
  const seat = turnSeat(t);
  t.actionsLeft = ACTIONS_PER_TURN;
  t.purchased = false;
  note(t, EV.turn, seat);
  ask(t, C.MAIN, seat);
}

/** One of the turn's actions is fully resolved (§4.1 loop). */
function endAction(t: PhiladelphiaPosition): void {
  t.actionsLeft--;
  if (t.actionsLeft === 0) endTurn(t);
  else ask(t, C.MAIN, turnSeat(t));
}

function endTurn(t: PhiladelphiaPosition): void {
  // A Pass ends the turn with actions unused (§4.1): none are left either way.
  t.actionsLeft = 0;
  t.turn++;
  if (t.turn < t.players) startTurn(t);
  else startAdoption(t);
}

/** Continues the frames under a settled decision until a new decision is asked (or the game ends). */
function resume(t: PhiladelphiaPosition): void {
  for (;;) {
    if (t.stack.length === 0) {
      endAction(t);
      return;
    }
    const at = t.stack.length - FRAME_SIZE;
    const a = t.stack[at + 1];
    const b = t.stack[at + 2];
    const c = t.stack[at + 3];
    switch (t.stack[at]) {
      case F_POSTING:
        popFrame(t);
        finishPosting(t, a, b, c);
        break;
      case F_OVERTIME:
        if (b < OVERTIME_MAX && canPostAny(t, a, false)) {
          ask(t, C.OVERTIME_POST, a);
          return;
        }
        popFrame(t);
        break;
      case F_ITEM:
        popFrame(t);
        t.itemDiscard[c]++;
        t.activeItem = -1;
        refillSlot(t, b);
        break;
      case F_PRESS:
        popFrame(t);
        toDiscard(t, removeFromField(t, a, b));
        break;
      default:
        continueAdoption(t);
        return;
    }
  }
}

// ---- applying a validated action -------------------------------------------------------------------------

/** Plays a legal action for the seat to act; its events are that seat's last move (views' newFrom). */
export function apply(t: PhiladelphiaPosition, action: number): void {
  t.lastMove[t.actor] = logEnd(t);
  const seat = t.actor;
  switch (t.ctx) {
    case C.MAIN:
      return mainAction(t, seat, action);
    case C.ACQUIRE_COUNT: {
      const paid = acquireCost(t, seat, action);
      t.gold[seat] -= paid;
      note(t, EV.acquire, seat, action, paid);
      drawCards(t, seat, action, -1);
      return resume(t);
    }
    case C.POST_PICK:
      if (!startPosting(t, seat, action - A_POST_BASE, HOW_ACTION)) resume(t);
      return;
    case C.ITEM_PICK:
      return buyItem(t, seat, action - A_ITEM_BASE);
    case C.EXPLORE_PICK:
      takeRevealed(t, seat, action - A_REVEAL_BASE, SOURCE_EXPLORE);
      if (has(t, seat, K.taxi) && t.revealedTaken !== (1 << t.revealed.length) - 1) {
        ask(t, C.TAXI_PICK, seat);
        return;
      }
      clearRevealed(t);
      return resume(t);
    case C.TAXI_PICK:
      if (action !== A_DONE) takeRevealed(t, seat, action - A_REVEAL_BASE, SOURCE_EXPLORE);
      clearRevealed(t);
      return resume(t);
    case C.SET_SELECT:
      if (action !== A_DONE) {
        const id = action - A_SET_BASE;
        for (const k of SETS[id].kinds) removeFromHand(t, seat, k);
        t.submitSets.push(id);
        t.ctxCount++;
        note(t, EV.set, seat, id);
        if (hasAnySet(t, seat)) return;
      }
      finishSubmit(t, seat);
      return resume(t);
    case C.DESIGN_TARGET:
      if (action !== A_DONE) {
        const slot = action - A_SLOT_BASE;
        const copied = t.fieldKind[seat * MAX_FIELD + slot];
        note(t, EV.copy, seat, copied);
        if (startPostEffect(t, seat, copied, slot)) return;
      }
      return resume(t);
    case C.FIRE_TARGET:
      if (action !== A_DONE) {
        const kind = removeFromField(t, seat, action - A_SLOT_BASE);
        addToHand(t, seat, kind, true);
        note(t, EV.returned, seat, kind, K.fireStation);
      }
      return resume(t);
    case C.POLICE_TARGET: {
      const x = action - A_OPP_BASE;
      const target = (seat + 1 + Math.floor(x / MAX_FIELD)) % t.players;
      const at = target * MAX_FIELD + (x % MAX_FIELD);
      t.fieldMarkers[at]++;
      note(t, EV.marker, seat, target, t.fieldKind[at], 1, K.policeStation);
      return resume(t);
    }
    case C.DOCTOR_MARKERS: {
      const n = action - A_DOCTOR_BASE;
      t.fieldMarkers[seat * MAX_FIELD + t.ctxArg] += n;
      note(t, EV.marker, seat, seat, K.doctor, n, K.doctor);
      return resume(t);
    }
    case C.MINER_DISCARD:
      discardFromHand(t, seat, action - A_DISCARD_BASE, K.miner);
      t.ctxCount++;
      if (t.ctxCount < MINER_DISCARDS && t.handSize[seat] > 0) return;
      return resume(t);
    case C.SUPERVISOR_POST:
      if (action !== A_DONE && startPosting(t, seat, action - A_POST_BASE, HOW_SUPERVISOR)) return;
      return resume(t);
    case C.OVERTIME_POST: {
      const at = t.stack.length - FRAME_SIZE;
      if (action === A_DONE) {
        t.stack[at + 2] = OVERTIME_MAX;
        return resume(t);
      }
      t.stack[at + 2]++;
      if (!startPosting(t, seat, action - A_POST_BASE, HOW_OVERTIME)) resume(t);
      return;
    }
    case C.JOB_DISCARD:
    case C.FORESTER_DISCARD: {
      const isJob = t.ctx === C.JOB_DISCARD;
      const cause = isJob ? CAUSE_ITEM + ITEM_JOB_CHANGE : K.forester;
      if (action !== A_DONE) {
        discardFromHand(t, seat, action - A_DISCARD_BASE, cause);
        t.ctxCount++;
        if (t.handSize[seat] > 0 && (isJob || t.ctxCount < FORESTER_MAX)) return;
      }
      // Job Change and Forester draw after the last pick (§9).
      drawCards(t, seat, t.ctxCount, cause);
      return resume(t);
    }
    case C.RENEWAL_TARGET: {
      if (action !== A_DONE) {
        const at = seat * MAX_FIELD + action - A_SLOT_BASE;
        t.fieldMarkers[at]--;
        t.ctxCount++;
        note(t, EV.marker, seat, seat, t.fieldKind[at], -1, CAUSE_ITEM + ITEM_CONTRACT_RENEWAL);
        if (t.ctxCount < RENEWAL_MAX && anyMarker(t, seat)) return;
      }
      return resume(t);
    }
    case C.MR_PICK:
      takeRevealed(t, seat, action - A_MR_BASE, SOURCE_MARKET);
      t.ctxCount++;
      if (t.ctxCount < RESEARCH_PICKS) return;
      clearRevealed(t);
      return resume(t);
    case C.PRESS_TARGET: {
      const slot = action - A_SLOT_BASE;
      establish(t, seat, slot, 1);
      push(t, F_PRESS, seat, slot);
      if (adoptEffect(t, seat, slot)) return;
      return resume(t);
    }
    case C.HEADHUNT_TARGET: {
      const target = (seat + 1 + action - A_HEADHUNT_FIRST) % t.players;
      // §5: the target's hand in ascending kind order, index floor(u * n).
      let index = t.rng.int(t.handSize[target]);
      let kind = 0;
      while (index >= t.hands[target * KIND_COUNT + kind]) index -= t.hands[target * KIND_COUNT + kind++];
      removeFromHand(t, target, kind);
      addToHand(t, seat, kind, true);
      note(t, EV.headhunt, seat, target, kind);
      return resume(t);
    }
  }
}

function mainAction(t: PhiladelphiaPosition, seat: number, action: number): void {
  switch (action) {
    case A_EXPLORE:
      note(t, EV.explore, seat);
      revealCards(t, seat, EXPLORE_REVEAL, SOURCE_EXPLORE);
      return ask(t, C.EXPLORE_PICK, seat);
    case A_SUBMIT:
      clearList(t.submitSets);
      return ask(t, C.SET_SELECT, seat);
    case A_PASS: {
      // §4.1 action 6: the hand is revealed, so every card in it becomes a known card.
      const base = seat * KIND_COUNT;
      for (let k = 0; k < KIND_COUNT; k++) t.known[base + k] = t.hands[base + k];
      note(t, EV.pass, seat);
      gain(t, seat, PASS_GOLD, CAUSE_PASS);
      return endTurn(t);
    }
    case A_ACQUIRE_MENU:
      return ask(t, C.ACQUIRE_COUNT, seat);
    case A_POST_MENU:
      return ask(t, C.POST_PICK, seat);
    case A_PURCHASE_MENU:
      return ask(t, C.ITEM_PICK, seat);
  }
}

// ---- Submit (§4.1 action 5) -------------------------------------------------------------------------------

function finishSubmit(t: PhiladelphiaPosition, seat: number): void {
  let vp = 0;
  const cards = new Array<number>(KIND_COUNT).fill(0);
  for (let i = 0; i < t.submitSets.length; i++) {
    const set = SETS[t.submitSets[i]];
    vp += set.vp;
    for (const k of set.kinds) cards[k]++;
  }
  t.vp[seat] += vp;
  const bankGold = BANK_GOLD * t.submitSets.length * countIn(t, seat, K.bank);
  t.gold[seat] += bankGold;
  note(t, EV.submit, seat, vp, bankGold);
  clearList(t.submitSets);
  shuffleUnderDeck(t, cards, seat);
}

// ---- Purchase (§4.1 action 4, items §2.6) -------------------------------------------------------------------

function buyItem(t: PhiladelphiaPosition, seat: number, slot: number): void {
  const item = t.itemSlots[slot];
  const cost = ITEM_KINDS[item].cost;
  t.gold[seat] -= cost;
  t.itemSlots[slot] = -1;
  t.activeItem = item;
  t.purchased = true;
  note(t, EV.purchase, seat, item, slot, cost);
  push(t, F_ITEM, seat, slot, item);
  if (!startItem(t, seat, item)) resume(t);
}

// ---- Adoption (§4.3) and Renewal (§4.4) ------------------------------------------------------------------------

/** A1-A3, then the A4 loop. */
function startAdoption(t: PhiladelphiaPosition): void {
  t.phase = PH_ADOPTION;
  const d = t.rng.die();
  t.lastDie = d;
  note(t, EV.die, t.start, d);
  for (let i = 0; i < t.players; i++) {
    const seat = (t.start + i) % t.players;
    let batch = 0;
    let hotelsIn = 0;
    for (let s = 0; s < t.fieldLen[seat]; s++) {
      const kind = t.fieldKind[seat * MAX_FIELD + s];
      if ((AD_KINDS[kind].faceMask & (1 << d)) === 0) continue;
      batch++;
      if (kind === K.hotel) hotelsIn++;
      const gold = establishGold(t, seat, kind);
      t.gold[seat] += gold;
      note(t, EV.established, seat, kind, gold);
    }
    gain(t, seat, countIn(t, seat, K.hotel) * batch - hotelsIn, K.hotel);
  }
  push(t, F_ADOPT, 0, 0);
  continueAdoption(t);
}

/** A4 from the cursor in the F_ADOPT frame on top: stops at a Forester, else A5, Renewal, R4. */
function continueAdoption(t: PhiladelphiaPosition): void {
  const at = t.stack.length - FRAME_SIZE;
  const d = t.lastDie;
  let slot = t.stack[at + 2];
  for (let i = t.stack[at + 1]; i < t.players; i++) {
    const seat = (t.start + i) % t.players;
    for (; slot < t.fieldLen[seat]; slot++) {
      if ((AD_KINDS[t.fieldKind[seat * MAX_FIELD + slot]].faceMask & (1 << d)) === 0) continue;
      if (adoptEffect(t, seat, slot)) {
        t.stack[at + 1] = i;
        t.stack[at + 2] = slot + 1;
        return;
      }
    }
    slot = 0;
  }
  popFrame(t);
  // A5: established ads leave for the discard pile.
  for (let seat = 0; seat < t.players; seat++) {
    for (let s = t.fieldLen[seat] - 1; s >= 0; s--) {
      if (AD_KINDS[t.fieldKind[seat * MAX_FIELD + s]].faceMask & (1 << d)) toDiscard(t, removeFromField(t, seat, s));
    }
  }
  renewal(t);
}

/** R1-R3 from one snapshot (Railway and Insurance counted before anything leaves), then R4. */
function renewal(t: PhiladelphiaPosition): void {
  const n = t.players;
  for (let seat = 0; seat < n; seat++) {
    for (let s = 0; s < t.fieldLen[seat]; s++) t.fieldMarkers[seat * MAX_FIELD + s]++;
  }
  let doctor = false;
  let defaulting = 0;
  const masks = [0, 0, 0, 0];
  for (let seat = 0; seat < n; seat++) {
    for (let s = 0; s < t.fieldLen[seat]; s++) {
      const kind = t.fieldKind[seat * MAX_FIELD + s];
      if (t.fieldMarkers[seat * MAX_FIELD + s] >= threshold(t, seat, kind)) masks[seat] |= 1 << s;
    }
    defaulting += masks[seat];
  }
  if (defaulting !== 0) {
    for (let i = 0; i < n; i++) {
      const seat = (t.start + i) % n;
      if (masks[seat] === 0) continue;
      const railways = countIn(t, seat, K.railway);
      const insurers = countIn(t, seat, K.insurance);
      for (let s = 0; s < t.fieldLen[seat]; s++) {
        if ((masks[seat] & (1 << s)) === 0) continue;
        const kind = t.fieldKind[seat * MAX_FIELD + s];
        const rails = railways - (kind === K.railway ? 1 : 0);
        note(t, EV.defaulted, seat, kind, rails > 0 ? 1 : 0);
        if (rails > 0) {
          addToHand(t, seat, kind, true);
          gain(t, seat, RAILWAY_GOLD * rails, K.railway);
        } else {
          toDiscard(t, kind);
        }
        gain(t, seat, INSURANCE_GOLD * (insurers - (kind === K.insurance ? 1 : 0)), K.insurance);
        if (kind === K.doctor) {
          doctor = true;
          note(t, EV.heal, seat);
        }
      }
      for (let s = t.fieldLen[seat] - 1; s >= 0; s--) if (masks[seat] & (1 << s)) removeFromField(t, seat, s);
    }
    // Doctor's [DEFAULT]: every ad not in D loses its markers; after the removals those are all that remain.
    if (doctor) {
      for (let seat = 0; seat < n; seat++) {
        for (let s = 0; s < t.fieldLen[seat]; s++) t.fieldMarkers[seat * MAX_FIELD + s] = 0;
      }
    }
  }
  endRound(t);
}

/** R4 and the cap (§7). */
function endRound(t: PhiladelphiaPosition): void {
  let top = 0;
  for (let seat = 0; seat < t.players; seat++) top = Math.max(top, t.vp[seat]);
  if (top >= WIN_VP || t.round === MAX_ROUNDS) {
    t.truncated = top < WIN_VP;
    t.phase = PH_OVER;
    t.ctx = C.NONE;
    t.actor = -1;
    t.ctxArg = -1;
    t.ctxCount = 0;
    note(t, EV.end, -1, t.truncated ? 1 : 0);
    return;
  }
  t.start = (t.start + 1) % t.players;
  t.round++;
  t.phase = PH_ACTION;
  t.turn = 0;
  note(t, EV.round, t.start, t.round);
  startTurn(t);
}

// ---- hidden information (§6) ------------------------------------------------------------------------------

/**
 * §6 / §9: pools every ad card `seat` cannot see (the unknown part of every other hand and the
 * whole ad deck) in ascending kind order, shuffles it with `rng` and deals it back into the same
 * slots (seats ascending, then the deck top first); the item deck order is reshuffled the same
 * way; then the world's Rng is reseeded. Every input is part of view(seat), so equal views and
 * equal rng states give equal worlds.
 */
export function determinize(p: PhiladelphiaPosition, seat: number, rng: Rng): PhiladelphiaPosition {
  const w = POSITION.clone(p);
  const pool = new Array<number>(KIND_COUNT).fill(0);
  const need = new Array<number>(w.players).fill(0);
  for (let s = 0; s < w.players; s++) {
    if (s === seat) continue;
    for (let k = 0; k < KIND_COUNT; k++) {
      const i = s * KIND_COUNT + k;
      const hidden = w.hands[i] - w.known[i];
      pool[k] += hidden;
      need[s] += hidden;
      w.hands[i] = w.known[i];
    }
  }
  for (const k of w.deck) pool[k]++;
  const cards: number[] = [];
  for (let k = 0; k < KIND_COUNT; k++) for (let c = 0; c < pool[k]; c++) cards.push(k);
  rng.shuffleInPlace(cards);
  let next = 0;
  for (let s = 0; s < w.players; s++) {
    for (let c = 0; c < need[s]; c++) w.hands[s * KIND_COUNT + cards[next++]]++;
  }
  for (let i = 0; i < w.deck.length; i++) w.deck[i] = cards[cards.length - 1 - i];
  const items = w.itemDeck.slice().sort((a, b) => a - b);
  rng.shuffleInPlace(items);
  for (let i = 0; i < items.length; i++) w.itemDeck[i] = items[items.length - 1 - i];
  w.rng = rng.fork('world');
  return w;
}
