/**
 * The mutable core of a Philadelphia position: a Table of small-integer arrays and numbers (cheap to
 * clone, no object per card), the constants of rules §3-§9 and the atomic operations of §2.4 on it
 * (draw, reveal, discard, place, gain, lose) with the deck mechanics of §5 and §8.2. flow.ts builds
 * the phases and questions on top (ask() only records a question).
 */
import { Rng, type RngState } from '../core/rng.js';
import {
  AD_KINDS,
  ITEM_BOOM,
  ITEM_CARD_COUNT,
  ITEM_KINDS,
  ITEM_SLOTS,
  K,
  KIND_COUNT,
  SETS,
  SET_NEED,
} from './cards.js';
import { ARG_BIAS, ARG_SHIFT, EV } from './log.js';

/** §1: 2-4 players. */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;
export const DEFAULT_PLAYERS = 2;
/** §7.1: the game ends after a round in which someone has this many VP. */
export const WIN_VP = 10;
/** §7.3: the turn cap. */
export const MAX_ROUNDS = 40;
/** §3 step 5. */
export const START_GOLD = 7;
export const START_HAND = 4;
/** §4.1. */
export const ACTIONS_PER_TURN = 2;
export const HAND_LIMIT = 7;
export const EXPLORE_REVEAL = 4;
export const MAX_ACQUIRE = 5;
/** §4.1 action 3 (decision): a field holds at most 12 ads. */
export const MAX_FIELD = 12;
/** Market Research and Geologist reveal 5 (§2.3, §2.6); Explore 4. */
export const MAX_REVEAL = 5;
export const RESEARCH_PICKS = 2;
export const MINER_DISCARDS = 2;
export const FORESTER_MAX = 2;
export const RENEWAL_MAX = 3;
export const OVERTIME_MAX = 2;
/** Gold per set and Bank (§2.3 Bank), per Railway return, per Insurance, Guard's replacement. */
export const BANK_GOLD = 2;
export const RAILWAY_GOLD = 4;
export const INSURANCE_GOLD = 3;
export const GUARD_GOLD = 5;
export const PASS_GOLD = 1;

/** Decision contexts of §9 ('NONE' once the game is over). */
export const CONTEXTS = [
  'MAIN',
  'ACQUIRE_COUNT',
  'POST_PICK',
  'ITEM_PICK',
  'EXPLORE_PICK',
  'TAXI_PICK',
  'SET_SELECT',
  'DESIGN_TARGET',
  'FIRE_TARGET',
  'POLICE_TARGET',
  'DOCTOR_MARKERS',
  'MINER_DISCARD',
  'SUPERVISOR_POST',
  'OVERTIME_POST',
  'JOB_DISCARD',
  'RENEWAL_TARGET',
  'MR_PICK',
  'PRESS_TARGET',
  'HEADHUNT_TARGET',
  'FORESTER_DISCARD',
  'NONE',
] as const;
export type ContextName = (typeof CONTEXTS)[number];
export const C = Object.fromEntries(CONTEXTS.map((c, i) => [c, i])) as Record<ContextName, number>;

/** Round phases (§4); Renewal is automatic, so it is never the phase of a decision. */
export const PHASES = ['action', 'adoption', 'over'] as const;
export type PhaseName = (typeof PHASES)[number];
export const PH_ACTION = 0;
export const PH_ADOPTION = 1;
export const PH_OVER = 2;

/**
 * Continuation frames: what resumes once the decision on top is settled. A posting's [WATCH] and
 * Pilot steps wait under its [POST] decisions; an Overtime waits for its second posting; a bought
 * item goes to the discard pile and its slot refills after its effect; a Press Release's ad leaves
 * after its Forester decision; the Adoption phase resumes its [ADOPT] loop after a Forester.
 */
export const FRAMES = ['posting', 'overtime', 'item', 'press', 'adopt'] as const;
export type FrameName = (typeof FRAMES)[number];
export const F_POSTING = 0; // [seat, posted kind, W = count of slots 0..W-1 present at step 2]
export const F_OVERTIME = 1; // [seat, postings made]
export const F_ITEM = 2; // [seat, slot, item kind]
export const F_PRESS = 3; // [seat, slot of the established ad]
export const F_ADOPT = 4; // [player offset from the start player, next slot]
export const FRAME_SIZE = 4;
/**
 * Deepest possible stack: item + Overtime + a posting chain of at most 5 (a Site Supervisor and the
 * three Design Offices copying it each post one more card; a chain cannot revisit a card, since a
 * card leaves the field only by a Fire Station, whose effect ends the chain) = 7; 16 is ample.
 */
export const STACK_CAP = 16;

/** Sets per Submit at most: the 73 regular cards make at most 36 sets. */
export const SUBMIT_CAP = 40;

/**
 * A position: plain data only, so cloning and saving are mechanical. Arrays are plain packed arrays
 * of small integers rather than typed arrays: V8 allocates typed arrays over 64 bytes off-heap, which
 * made a clone cost microseconds; plain arrays copy in tens of nanoseconds.
 */
export interface Table {
  readonly players: number;
  rng: RngState;
  round: number;
  /** The start player of this round. */
  start: number;
  phase: number;
  /** Turns begun this round; the turn seat is (start + turn) mod players. */
  turn: number;
  /** Actions left in the current turn, counting the one being resolved. */
  actionsLeft: number;
  purchased: number;
  ctx: number;
  actor: number;
  /** FIRE_TARGET / DOCTOR_MARKERS: slot of the card resolving ("this card"); else -1. */
  ctxArg: number;
  /** Picks made so far in the current context (discards, sets, markers removed...). */
  ctxCount: number;
  /** Last die roll, 0 before the first Adoption phase. */
  lastDie: number;
  truncated: boolean;
  /** The ad deck (85 entries), bottom first: the top card is deck[deckLen - 1], so a draw is a pop. */
  readonly deck: number[];
  deckLen: number;
  /** Ad discard pile as counts per kind (it is face up and sorted before every shuffle, §5). */
  readonly discard: number[];
  discardLen: number;
  /** hands[seat * 36 + kind] = copies held. */
  readonly hands: number[];
  readonly handSize: number[];
  /** known[seat * 36 + kind]: the publicly known part of each hand (§6). */
  readonly known: number[];
  /** fieldKind[seat * 12 + slot], slot 0 the oldest. */
  readonly fieldKind: number[];
  readonly fieldMarkers: number[];
  readonly fieldLen: number[];
  /** fieldCount[seat * 36 + kind] = copies of that kind in the seat's field (derived, kept in step). */
  readonly fieldCount: number[];
  readonly gold: number[];
  readonly vp: number[];
  /** Cards revealed by Explore / Market Research / Geologist, in reveal order. */
  readonly revealed: number[];
  revealedLen: number;
  /** Bit i set = revealed card i was taken into a hand. */
  revealedTaken: number;
  /** Set ids selected in the Submit being made (their cards have left the hand). */
  readonly submitSets: number[];
  submitLen: number;
  /** Item deck, bottom first like the ad deck. */
  readonly itemDeck: number[];
  itemDeckLen: number;
  /** Item discard pile as counts per item kind. */
  readonly itemDiscard: number[];
  /** Item kind in each face-up slot; -1 while its item is bought and resolving. */
  readonly itemSlots: number[];
  /** 1 once Economic Boom is face up (§2.6). */
  boom: number;
  /** The item being resolved, -1 if none. */
  activeItem: number;
  readonly stack: number[];
  stackLen: number;
  /** Packed public events (log.ts), one number each, oldest first; event i has absolute number logBase + i. */
  log: number[];
  logBase: number;
  /** Absolute number of the first event produced by each seat's most recent decision. */
  readonly lastMove: number[];
}

/** A packed array of n zeros (Array.from keeps V8's fast packed-small-integer representation). */
export const zeros = (n: number): number[] => Array.from({ length: n }, () => 0);

export function emptyTable(players: number, rng: RngState): Table {
  return {
    players,
    rng,
    round: 1,
    start: 0,
    phase: PH_ACTION,
    turn: 0,
    actionsLeft: ACTIONS_PER_TURN,
    purchased: 0,
    ctx: C.MAIN,
    actor: 0,
    ctxArg: -1,
    ctxCount: 0,
    lastDie: 0,
    truncated: false,
    deck: zeros(AD_KINDS.reduce((n, k) => n + k.copies, 0)),
    deckLen: 0,
    discard: zeros(KIND_COUNT),
    discardLen: 0,
    hands: zeros(players * KIND_COUNT),
    handSize: zeros(players),
    known: zeros(players * KIND_COUNT),
    fieldKind: zeros(players * MAX_FIELD),
    fieldMarkers: zeros(players * MAX_FIELD),
    fieldLen: zeros(players),
    fieldCount: zeros(players * KIND_COUNT),
    gold: zeros(players),
    vp: zeros(players),
    revealed: zeros(MAX_REVEAL),
    revealedLen: 0,
    revealedTaken: 0,
    submitSets: zeros(SUBMIT_CAP),
    submitLen: 0,
    itemDeck: zeros(ITEM_CARD_COUNT),
    itemDeckLen: 0,
    itemDiscard: zeros(ITEM_KINDS.length),
    itemSlots: zeros(ITEM_SLOTS),
    boom: 0,
    activeItem: -1,
    stack: zeros(STACK_CAP * FRAME_SIZE),
    stackLen: 0,
    log: [],
    logBase: 0,
    lastMove: zeros(players),
  };
}

export function cloneTable(t: Table): Table {
  return {
    players: t.players,
    rng: { c: t.rng.c, s0: t.rng.s0, s1: t.rng.s1, s2: t.rng.s2 },
    round: t.round,
    start: t.start,
    phase: t.phase,
    turn: t.turn,
    actionsLeft: t.actionsLeft,
    purchased: t.purchased,
    ctx: t.ctx,
    actor: t.actor,
    ctxArg: t.ctxArg,
    ctxCount: t.ctxCount,
    lastDie: t.lastDie,
    truncated: t.truncated,
    deck: t.deck.slice(),
    deckLen: t.deckLen,
    discard: t.discard.slice(),
    discardLen: t.discardLen,
    hands: t.hands.slice(),
    handSize: t.handSize.slice(),
    known: t.known.slice(),
    fieldKind: t.fieldKind.slice(),
    fieldMarkers: t.fieldMarkers.slice(),
    fieldLen: t.fieldLen.slice(),
    fieldCount: t.fieldCount.slice(),
    gold: t.gold.slice(),
    vp: t.vp.slice(),
    revealed: t.revealed.slice(),
    revealedLen: t.revealedLen,
    revealedTaken: t.revealedTaken,
    submitSets: t.submitSets.slice(),
    submitLen: t.submitLen,
    itemDeck: t.itemDeck.slice(),
    itemDeckLen: t.itemDeckLen,
    itemDiscard: t.itemDiscard.slice(),
    itemSlots: t.itemSlots.slice(),
    boom: t.boom,
    activeItem: t.activeItem,
    stack: t.stack.slice(),
    stackLen: t.stackLen,
    log: t.log.slice(),
    logBase: t.logBase,
    lastMove: t.lastMove.slice(),
  };
}

// ---- small queries ----------------------------------------------------------------------------------

/** The seat whose turn it is. */
export const turnSeat = (t: Table): number => (t.start + t.turn) % t.players;
export const has = (t: Table, seat: number, kind: number): boolean => t.fieldCount[seat * KIND_COUNT + kind] > 0;
export const countIn = (t: Table, seat: number, kind: number): number => t.fieldCount[seat * KIND_COUNT + kind];

/** §4.2 step 1: the posting cost of `kind` for `seat` now. */
export function postCost(t: Table, seat: number, kind: number, free: boolean): number {
  if (free) return 0;
  if (kind === K.construction && t.handSize[seat] <= 3) return 0;
  return Math.max(0, AD_KINDS[kind].cost - countIn(t, seat, K.realEstate));
}

/** §4.1 action 2: Acquire n costs max(0, n - Trading Companies). */
export const acquireCost = (t: Table, seat: number, n: number): number =>
  Math.max(0, n - countIn(t, seat, K.tradingCompany));

/** §4.4 R2: markers at which an ad defaults (Ship Captain adds 1 to the owner's other ads). */
export function threshold(t: Table, seat: number, kind: number): number {
  const captains = countIn(t, seat, K.shipCaptain) - (kind === K.shipCaptain ? 1 : 0);
  return AD_KINDS[kind].period + (captains > 0 ? 1 : 0);
}

/** True if the cards of set `id` are all in the seat's hand. */
export function setFits(t: Table, seat: number, id: number): boolean {
  const base = seat * KIND_COUNT;
  for (const k of SETS[id].kinds) if (t.hands[base + k] < SET_NEED[id * KIND_COUNT + k]) return false;
  return true;
}

/** True if some valid set is in the seat's hand (§4.1 action 5), without allocating. */
export function hasAnySet(t: Table, seat: number): boolean {
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

// ---- the RNG ----------------------------------------------------------------------------------------

/** Fisher-Yates over `cards` (already in ascending id order) with the state's RNG (§5). */
export function shuffleWithTableRng(t: Table, cards: number[]): void {
  const rng = Rng.fromState(t.rng);
  rng.shuffleInPlace(cards);
  t.rng = rng.state();
}

export function rollDie(t: Table): number {
  const rng = Rng.fromState(t.rng);
  const d = rng.die();
  t.rng = rng.state();
  return d;
}

export function randomInt(t: Table, n: number): number {
  const rng = Rng.fromState(t.rng);
  const v = rng.int(n);
  t.rng = rng.state();
  return v;
}

// ---- the log ----------------------------------------------------------------------------------------

/** Appends an event: log.ts packEvent inlined, so the hot path builds no strings or arrays. */
export function note(t: Table, kind: number, seat: number, a = 0, b = 0, c = 0, d = 0): void {
  const shift = ARG_SHIFT[kind];
  const bias = ARG_BIAS[kind];
  t.log.push(
    kind |
      ((seat + 1) << 6) |
      ((a + bias[0]) << shift[0]) |
      ((b + bias[1]) << shift[1]) |
      ((c + bias[2]) << shift[2]) |
      ((d + bias[3]) << shift[3]),
  );
}

/** Absolute number of the next event. */
export const logEnd = (t: Table): number => t.logBase + t.log.length;

// ---- ad cards: decks, hands, fields -------------------------------------------------------------------

/** Ascending kinds of every card in the discard pile (the order every shuffle starts from, §5). */
function takeDiscard(t: Table, into: number[]): void {
  for (let k = 0; k < KIND_COUNT; k++) {
    for (let c = t.discard[k]; c > 0; c--) into.push(k);
    t.discard[k] = 0;
  }
  t.discardLen = 0;
}

/** §8.2: the ad deck is empty, so the discard pile (not cards on display) becomes the deck. */
function reshuffleDiscard(t: Table): void {
  const cards: number[] = [];
  takeDiscard(t, cards);
  shuffleWithTableRng(t, cards);
  // cards[0] is the top: store bottom first.
  const n = cards.length;
  for (let i = 0; i < n; i++) t.deck[i] = cards[n - 1 - i];
  t.deckLen = n;
  note(t, EV.reshuffle, -1, n);
}

/** The top ad card (reshuffling the discard pile into the deck if needed), or -1 if none is left. */
function popDeck(t: Table): number {
  if (t.deckLen === 0) {
    if (t.discardLen === 0) return -1;
    reshuffleDiscard(t);
  }
  return t.deck[--t.deckLen];
}

/**
 * Submit (§4.1 action 5): the submitted cards (`submitted`, copies per kind) and the whole discard
 * pile, shuffled from ascending kind order, go under the deck.
 */
export function shuffleUnderDeck(t: Table, submitted: number[], seat: number): void {
  const cards: number[] = [];
  for (let k = 0; k < KIND_COUNT; k++) {
    for (let c = submitted[k] + t.discard[k]; c > 0; c--) cards.push(k);
    t.discard[k] = 0;
  }
  t.discardLen = 0;
  shuffleWithTableRng(t, cards);
  const m = cards.length;
  // Under the deck = at its bottom, which is the front of the bottom-first array.
  for (let i = t.deckLen - 1; i >= 0; i--) t.deck[i + m] = t.deck[i];
  for (let i = 0; i < m; i++) t.deck[i] = cards[m - 1 - i];
  t.deckLen += m;
  note(t, EV.under, seat, m);
}

export function addToHand(t: Table, seat: number, kind: number, isKnown: boolean): void {
  t.hands[seat * KIND_COUNT + kind]++;
  t.handSize[seat]++;
  if (isKnown) t.known[seat * KIND_COUNT + kind]++;
}

/** A card of `kind` leaves the hand: §6 lowers the known count of that kind (floor 0). */
export function removeFromHand(t: Table, seat: number, kind: number): void {
  const i = seat * KIND_COUNT + kind;
  t.hands[i]--;
  t.handSize[seat]--;
  if (t.known[i] > 0) t.known[i]--;
}

/**
 * Draws up to n cards face down (§2.4 draw; §8.2 when the decks run out); returns how many. A
 * negative cause logs nothing (Acquire logs its own event).
 */
export function drawCards(t: Table, seat: number, n: number, cause: number): number {
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
export function revealCards(t: Table, seat: number, n: number, source: number): void {
  for (let i = 0; i < n; i++) {
    const kind = popDeck(t);
    if (kind < 0) return;
    t.revealed[t.revealedLen++] = kind;
    note(t, EV.reveal, seat, kind, source);
  }
}

/** A revealed card goes into the seat's hand face up (a known card, §6). */
export function takeRevealed(t: Table, seat: number, pos: number, source: number): void {
  const kind = t.revealed[pos];
  t.revealedTaken |= 1 << pos;
  addToHand(t, seat, kind, true);
  note(t, EV.take, seat, kind, source);
}

/** The revealed cards nobody took go face up to the discard pile; the display is cleared. */
export function clearRevealed(t: Table): void {
  for (let i = 0; i < t.revealedLen; i++) {
    if ((t.revealedTaken & (1 << i)) === 0) {
      t.discard[t.revealed[i]]++;
      t.discardLen++;
    }
  }
  t.revealedLen = 0;
  t.revealedTaken = 0;
}

export function discardFromHand(t: Table, seat: number, kind: number, cause: number): void {
  removeFromHand(t, seat, kind);
  t.discard[kind]++;
  t.discardLen++;
  note(t, EV.discard, seat, kind, cause);
}

/** §4.2 step 3: the newest slot, 0 markers. */
export function placeInField(t: Table, seat: number, kind: number): number {
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
export function removeFromField(t: Table, seat: number, slot: number): number {
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
  for (let f = 0; f < t.stackLen; f++) {
    const at = f * FRAME_SIZE;
    if (t.stack[at] === F_POSTING && t.stack[at + 1] === seat && slot < t.stack[at + 3]) t.stack[at + 3]--;
  }
  return kind;
}

export function toDiscard(t: Table, kind: number): void {
  t.discard[kind]++;
  t.discardLen++;
}

// ---- gold (§2.4 gain / lose with Guard, Painter, Lawyer) ----------------------------------------------

export function gain(t: Table, seat: number, gold: number, cause: number): void {
  if (gold <= 0) return;
  t.gold[seat] += gold;
  note(t, EV.gain, seat, gold, cause);
}

function lose(t: Table, seat: number, gold: number, cause: number): void {
  const lost = Math.min(gold, t.gold[seat]);
  t.gold[seat] -= lost;
  note(t, EV.lose, seat, lost, cause);
}

/** A negative part of the seat's own [POST] effect: Guard replaces it, else Painter inverts it. */
export function loseOwn(t: Table, seat: number, gold: number, cause: number): void {
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
export function loseFromOpponent(t: Table, seat: number, gold: number, cause: number): void {
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
function popItem(t: Table): number {
  if (t.itemDeckLen === 0) {
    const cards: number[] = [];
    for (let k = 0; k < ITEM_BOOM; k++) {
      for (let c = t.itemDiscard[k]; c > 0; c--) cards.push(k);
      t.itemDiscard[k] = 0;
    }
    shuffleWithTableRng(t, cards);
    const n = cards.length;
    for (let i = 0; i < n; i++) t.itemDeck[i] = cards[n - 1 - i];
    t.itemDeckLen = n;
    note(t, EV.itemReshuffle, -1, n);
  }
  return t.itemDeck[--t.itemDeckLen];
}

/** Fills an empty slot after setup; Economic Boom turns face up for good and another card follows (§2.6). */
export function refillSlot(t: Table, slot: number): void {
  let item = popItem(t);
  while (item === ITEM_BOOM) {
    t.boom = 1;
    note(t, EV.boom, -1);
    item = popItem(t);
  }
  t.itemSlots[slot] = item;
  note(t, EV.refill, -1, slot, item);
}

/** Asks a question: the context, who answers, and its argument (FIRE_TARGET / DOCTOR_MARKERS: the slot resolving). */
export function ask(t: Table, ctx: number, actor: number, arg = -1): void {
  t.ctx = ctx;
  t.actor = actor;
  t.ctxArg = arg;
  t.ctxCount = 0;
}

/** Pushes a continuation frame. */
export function push(t: Table, type: number, a: number, b = 0, c = 0): void {
  if (t.stackLen === STACK_CAP) throw new Error('philadelphia: continuation stack overflow (a bug: see STACK_CAP)');
  const at = t.stackLen++ * FRAME_SIZE;
  t.stack[at] = type;
  t.stack[at + 1] = a;
  t.stack[at + 2] = b;
  t.stack[at + 3] = c;
}
