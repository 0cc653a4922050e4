/**
 * The atomic operations of rules §2.4 on a position (draw, reveal, discard, place, gain, lose) with
 * the deck mechanics of §5 and §8.2, the item deck of §2.6, and the small queries every rules module
 * asks (costs, thresholds, sets in hand). transitions.ts builds the phases and questions on top
 * (ask() only records a question); effects.ts the card effects.
 */
import {
  AD_KINDS,
  FRAME_SIZE,
  F_POSTING,
  GUARD_GOLD,
  ITEM_BOOM,
  K,
  KIND_COUNT,
  MAX_FIELD,
  SETS,
  SET_NEED,
  STACK_CAP,
} from './components.js';
import { EV } from './events.js';
import type { PhiladelphiaPosition } from './position.js';

// ---- small queries ----------------------------------------------------------------------------------

/** The seat whose turn it is. */
export const has = (t: PhiladelphiaPosition, seat: number, kind: number): boolean =>
  t.fieldCount[seat * KIND_COUNT + kind] > 0;
export const countIn = (t: PhiladelphiaPosition, seat: number, kind: number): number =>
  t.fieldCount[seat * KIND_COUNT + kind];

/** §4.2 step 1: the posting cost of `kind` for `seat` now. */
export function postCost(t: PhiladelphiaPosition, seat: number, kind: number, free: boolean): number {
  if (free) return 0;
  if (kind === K.construction && t.handSize[seat] <= 3) return 0;
  return Math.max(0, AD_KINDS[kind].cost - countIn(t, seat, K.realEstate));
}

/** §4.1 action 2: Acquire n costs max(0, n - Trading Companies). */
export const acquireCost = (t: PhiladelphiaPosition, seat: number, n: number): number =>
  Math.max(0, n - countIn(t, seat, K.tradingCompany));

/** §4.4 R2: markers at which an ad defaults (Ship Captain adds 1 to the owner's other ads). */
export function threshold(t: PhiladelphiaPosition, seat: number, kind: number): number {
  const captains = countIn(t, seat, K.shipCaptain) - (kind === K.shipCaptain ? 1 : 0);
  return AD_KINDS[kind].period + (captains > 0 ? 1 : 0);
}

/** True if the cards of set `id` are all in the seat's hand. */
export function setFits(t: PhiladelphiaPosition, seat: number, id: number): boolean {
  const base = seat * KIND_COUNT;
  for (const k of SETS[id].kinds) if (t.hands[base + k] < SET_NEED[id * KIND_COUNT + k]) return false;
  return true;
}

/** True if some valid set is in the seat's hand (§4.1 action 5), without allocating. */
export function hasAnySet(t: PhiladelphiaPosition, seat: number): boolean {
  const base = seat * KIND_COUNT;
  for (let i = 0; i < 6; i++) {
    let names = 0;
    for (let j = 0; j < 4; j++) {
      const n = t.hands[base + 6 * i + j];
      if (n >= 2) return true;
      if (n > 0) names++;
    }
    if (names >= 3) return true;
  }
  return false;
}

// ---- the log ----------------------------------------------------------------------------------------

/** Appends an event about `seat` (-1: the table); its arguments as events.ts declares them. */
export function note(t: PhiladelphiaPosition, kind: number, seat: number, a = 0, b = 0, c = 0, d = 0): void {
  t.log.push(kind, seat, a, b, c, d);
}

/** Absolute number of the next event. */
export const logEnd = (t: PhiladelphiaPosition): number => t.logBase + t.log.length;

// ---- ad cards: decks, hands, fields -------------------------------------------------------------------

/** Ascending kinds of every card in the discard pile (the order every shuffle starts from, §5). */
function takeDiscard(t: PhiladelphiaPosition, into: number[]): void {
  for (let k = 0; k < KIND_COUNT; k++) {
    for (let c = t.discard[k]; c > 0; c--) into.push(k);
    t.discard[k] = 0;
  }
  t.discardLen = 0;
}

/** §8.2: the ad deck is empty, so the discard pile (not cards on display) becomes the deck. */
function reshuffleDiscard(t: PhiladelphiaPosition): void {
  const cards: number[] = [];
  takeDiscard(t, cards);
  t.rng.shuffleInPlace(cards);
  // cards[0] is the top: store bottom first.
  const n = cards.length;
  for (let i = n - 1; i >= 0; i--) t.deck.push(cards[i]);
  note(t, EV.reshuffle, -1, n);
}

/** The top ad card (reshuffling the discard pile into the deck if needed), or -1 if none is left. */
function popDeck(t: PhiladelphiaPosition): number {
  if (t.deck.length === 0) {
    if (t.discardLen === 0) return -1;
    reshuffleDiscard(t);
  }
  return t.deck.pop() as number;
}

/**
 * Submit (§4.1 action 5): the submitted cards (`submitted`, copies per kind) and the whole discard
 * pile, shuffled from ascending kind order, go under the deck.
 */
export function shuffleUnderDeck(t: PhiladelphiaPosition, submitted: number[], seat: number): void {
  const cards: number[] = [];
  for (let k = 0; k < KIND_COUNT; k++) {
    for (let c = submitted[k] + t.discard[k]; c > 0; c--) cards.push(k);
    t.discard[k] = 0;
  }
  t.discardLen = 0;
  t.rng.shuffleInPlace(cards);
  const m = cards.length;
  // Under the deck = at its bottom, which is the front of the bottom-first array.
  const len = t.deck.length;
  for (let i = 0; i < m; i++) t.deck.push(0);
  for (let i = len - 1; i >= 0; i--) t.deck[i + m] = t.deck[i];
  for (let i = 0; i < m; i++) t.deck[i] = cards[m - 1 - i];
  note(t, EV.under, seat, m);
}

export function addToHand(t: PhiladelphiaPosition, seat: number, kind: number, isKnown: boolean): void {
  t.hands[seat * KIND_COUNT + kind]++;
  t.handSize[seat]++;
  if (isKnown) t.known[seat * KIND_COUNT + kind]++;
}

/** A card of `kind` leaves the hand: §6 lowers the known count of that kind (floor 0). */
export function removeFromHand(t: PhiladelphiaPosition, seat: number, kind: number): void {
  const i = seat * KIND_COUNT + kind;
  t.hands[i]--;
  t.handSize[seat]--;
  if (t.known[i] > 0) t.known[i]--;
}

/**
 * Draws up to n cards face down (§2.4 draw; §8.2 when the decks run out); returns how many. A
 * negative cause logs nothing (Acquire logs its own event).
 */
export function drawCards(t: PhiladelphiaPosition, seat: number, n: number, cause: number): number {
  let drawn = 0;
  for (; drawn < n; drawn++) {
    const kind = popDeck(t);
    if (kind < 0) break;
    addToHand(t, seat, kind, false);
  }
  if (n > 0 && cause >= 0) note(t, EV.draw, seat, drawn, cause);
  return drawn;
}

/** Reveals up to n cards onto the display (Explore, Market Research, Geologist). */
export function revealCards(t: PhiladelphiaPosition, seat: number, n: number, source: number): void {
  for (let i = 0; i < n; i++) {
    const kind = popDeck(t);
    if (kind < 0) return;
    t.revealed.push(kind);
    note(t, EV.reveal, seat, kind, source);
  }
}

/** A revealed card goes into the seat's hand face up (a known card, §6). */
export function takeRevealed(t: PhiladelphiaPosition, seat: number, pos: number, source: number): void {
  const kind = t.revealed[pos];
  t.revealedTaken |= 1 << pos;
  addToHand(t, seat, kind, true);
  note(t, EV.take, seat, kind, source);
}

/** The revealed cards nobody took go face up to the discard pile; the display is cleared. */
export function clearRevealed(t: PhiladelphiaPosition): void {
  for (let i = 0; i < t.revealed.length; i++) {
    if ((t.revealedTaken & (1 << i)) === 0) {
      t.discard[t.revealed[i]]++;
      t.discardLen++;
    }
  }
  clearList(t.revealed);
  t.revealedTaken = 0;
}

export function discardFromHand(t: PhiladelphiaPosition, seat: number, kind: number, cause: number): void {
  removeFromHand(t, seat, kind);
  t.discard[kind]++;
  t.discardLen++;
  note(t, EV.discard, seat, kind, cause);
}

/** §4.2 step 3: the newest slot, 0 markers. */
export function placeInField(t: PhiladelphiaPosition, seat: number, kind: number): number {
  const slot = t.fieldLen[seat]++;
  t.fieldKind[seat * MAX_FIELD + slot] = kind;
  t.fieldMarkers[seat * MAX_FIELD + slot] = 0;
  t.fieldCount[seat * KIND_COUNT + kind]++;
  return slot;
}

/**
 * Takes the ad in `slot` out of the field (later ads move down, §2.4); returns its kind. Pending
 * postings of that seat keep their [WATCH] snapshot W = slots 0..W-1 true: W shrinks when one of
 * its ads leaves.
 */
export function removeFromField(t: PhiladelphiaPosition, seat: number, slot: number): number {
  const base = seat * MAX_FIELD;
  const kind = t.fieldKind[base + slot];
  const len = t.fieldLen[seat];
  for (let i = base + slot; i < base + len - 1; i++) {
    t.fieldKind[i] = t.fieldKind[i + 1];
    t.fieldMarkers[i] = t.fieldMarkers[i + 1];
  }
  t.fieldKind[base + len - 1] = 0;
  t.fieldMarkers[base + len - 1] = 0;
  t.fieldLen[seat] = len - 1;
  t.fieldCount[seat * KIND_COUNT + kind]--;
  for (let at = 0; at < t.stack.length; at += FRAME_SIZE) {
    if (t.stack[at] === F_POSTING && t.stack[at + 1] === seat && slot < t.stack[at + 3]) t.stack[at + 3]--;
  }
  return kind;
}

export function toDiscard(t: PhiladelphiaPosition, kind: number): void {
  t.discard[kind]++;
  t.discardLen++;
}

// ---- gold (§2.4 gain / lose with Guard, Painter, Lawyer) ----------------------------------------------

export function gain(t: PhiladelphiaPosition, seat: number, gold: number, cause: number): void {
  if (gold <= 0) return;
  t.gold[seat] += gold;
  note(t, EV.gain, seat, gold, cause);
}

function lose(t: PhiladelphiaPosition, seat: number, gold: number, cause: number): void {
  const lost = Math.min(gold, t.gold[seat]);
  t.gold[seat] -= lost;
  note(t, EV.lose, seat, lost, cause);
}

/** A negative part of the seat's own [POST] effect: Guard replaces it, else Painter inverts it. */
export function loseOwn(t: PhiladelphiaPosition, seat: number, gold: number, cause: number): void {
  if (has(t, seat, K.guard)) {
    note(t, EV.guard, seat, cause);
    gain(t, seat, GUARD_GOLD, K.guard);
  } else if (has(t, seat, K.painter)) {
    gain(t, seat, gold, K.painter);
  } else {
    lose(t, seat, gold, cause);
  }
}

/** A loss an opponent's effect inflicts: Lawyer stops it (and Guard then pays nothing), else Guard. */
export function loseFromOpponent(t: PhiladelphiaPosition, seat: number, gold: number, cause: number): void {
  if (has(t, seat, K.lawyer)) {
    note(t, EV.lawyer, seat, cause);
  } else if (has(t, seat, K.guard)) {
    note(t, EV.guard, seat, cause);
    gain(t, seat, GUARD_GOLD, K.guard);
  } else {
    lose(t, seat, gold, cause);
  }
}

// ---- items ---------------------------------------------------------------------------------------------

/** Reveals the top item card, shuffling the item discard pile into a new deck if needed (§4.1). */
function popItem(t: PhiladelphiaPosition): number {
  if (t.itemDeck.length === 0) {
    const cards: number[] = [];
    for (let k = 0; k < ITEM_BOOM; k++) {
      for (let c = t.itemDiscard[k]; c > 0; c--) cards.push(k);
      t.itemDiscard[k] = 0;
    }
    t.rng.shuffleInPlace(cards);
    const n = cards.length;
    for (let i = n - 1; i >= 0; i--) t.itemDeck.push(cards[i]);
    note(t, EV.itemReshuffle, -1, n);
  }
  return t.itemDeck.pop() as number;
}

/**
 * Fills an empty slot after setup; Economic Boom turns face up for good and another card follows
 * (§2.6).
 */
export function refillSlot(t: PhiladelphiaPosition, slot: number): void {
  let item = popItem(t);
  while (item === ITEM_BOOM) {
    t.boom = true;
    note(t, EV.boom, -1);
    item = popItem(t);
  }
  t.itemSlots[slot] = item;
  note(t, EV.refill, -1, slot, item);
}

/**
 * Asks a question: the context, who answers, and its argument (FIRE_TARGET / DOCTOR_MARKERS: the
 * slot resolving).
 */
export function ask(t: PhiladelphiaPosition, ctx: number, actor: number, arg = -1): void {
  t.ctx = ctx;
  t.actor = actor;
  t.ctxArg = arg;
  t.ctxCount = 0;
}

/** Drops the frame on top. */
export function popFrame(t: PhiladelphiaPosition): void {
  // Pops, not a length store: setting an array's length goes through V8's runtime.
  for (let i = 0; i < FRAME_SIZE; i++) t.stack.pop();
}

/** Empties a list field in place (pops: see popFrame). */
export function clearList(list: number[]): void {
  while (list.length > 0) list.pop();
}

/** Pushes a continuation frame. */
export function push(t: PhiladelphiaPosition, type: number, a: number, b = 0, c = 0): void {
  if (t.stack.length === STACK_CAP * FRAME_SIZE) {
    throw new Error('philadelphia: continuation stack overflow (a bug: see STACK_CAP)');
  }
  t.stack.push(type, a, b, c);
}
