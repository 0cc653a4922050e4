/**
 * The mutable core of a Promotion position (a Table of small typed arrays and numbers) and every
 * transition of rules §3-§7 on it: the draft, the chance draw, Phases A-E with the row-1 loop,
 * Down! and its ties, batting, Promote/Demote, win checks and the cap. rules.ts wraps a Table in
 * the GameState class; everything here assumes the action was validated.
 */
import { Rng, type RngState } from '../core/rng.js';
import { FULL_SUIT_MASK, ICON_MASK, KING, ROW_COUNT, SIDES, SUITS } from './cards.js';
import { EV, LOG_CAPACITY } from './log.js';

export const PLAYERS = 4;
/** §7.3: the game is cut after this round. */
export const MAX_ROUNDS = 60;

/**
 * Phases; every phase but 'over' is a kind of decision, and its actions form one block of the
 * flat action space in the same order (§9), so the action block of a phase is its index.
 */
export const PHASES = ['draft', 'orient', 'flip', 'row', 'downTie', 'change', 'wild', 'over'] as const;
export type PhaseName = (typeof PHASES)[number];
export const PH_DRAFT = 0;
export const PH_ORIENT = 1;
export const PH_FLIP = 2;
export const PH_ROW = 3;
export const PH_DOWN_TIE = 4;
export const PH_CHANGE = 5;
export const PH_WILD = 6;
export const PH_OVER = 7;

/**
 * Actions per decision kind (§9): draft a suit, face a side, keep/rotate, a row, the tied suit to
 * demote, Change! (3 opponents x 4 suits), Wild! suit.
 */
export const ACTION_COUNTS: readonly number[] = [
  SUITS.length,
  SIDES.length,
  2,
  ROW_COUNT,
  SUITS.length,
  (PLAYERS - 1) * SUITS.length,
  SUITS.length,
];
/** First action number of each block: [0, 4, 8, 10, 14, 18, 30]. */
export const ACTION_BASE: readonly number[] = ACTION_COUNTS.map((_, i) =>
  ACTION_COUNTS.slice(0, i).reduce((a, b) => a + b, 0),
);
/** 4 + 4 + 2 + 4 + 4 + 12 + 4 = 34. */
export const ACTION_SIZE = ACTION_COUNTS.reduce((a, b) => a + b, 0);
/** Decision kind (= phase index) of each action number. */
export const ACTION_PHASE = Uint8Array.from({ length: ACTION_SIZE }, (_, a) =>
  ACTION_BASE.findLastIndex((b) => b <= a),
);

const sideOf = (effect: string): number => SIDES.findIndex((s) => s.effect === effect);
export const SIDE_SPIN = sideOf('spin');
export const SIDE_DOWN = sideOf('down');
export const SIDE_CHANGE = sideOf('change');
export const SIDE_WILD = sideOf('wild');
/** Down! hits the other three in ascending activation number of the side they face (§4 Phase C). */
const DOWN_ORDER_SIDES: readonly number[] = [...SIDES]
  .filter((s) => s.id !== SIDE_DOWN)
  .sort((a, b) => a.activation - b.activation)
  .map((s) => s.id);

export const POPCOUNT4 = Uint8Array.from(
  { length: 16 },
  (_, m) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1),
);

/** A position. Plain data only, so cloning and saving are mechanical. */
export interface Table {
  phase: number;
  /** 0 during the draft, then 1..MAX_ROUNDS. */
  round: number;
  /** Parent of the round; -1 during the draft. */
  parent: number;
  /** `a` of §2.2 (side index facing seat 0); -1 while the postcard is not placed. */
  orientation: number;
  /** fields[seat * 4 + suit] = rank; 0 = suit not drafted yet. */
  readonly fields: Uint8Array;
  /** supply[suit]: bit r set = rank r lies in the supply. */
  readonly supply: Uint16Array;
  /** rows[seat] = row card placed this round, 0 = none. */
  readonly rows: Uint8Array;
  /** Bitmask of drafted suits. */
  drafted: number;
  /** Row cards placed this round (Phase B commits go parent first, clockwise). */
  committed: number;
  /** Row-1 activation number being processed (Phase C), 5 once past row 1. */
  activation: number;
  /** Seat bitmask of the row-1 `done` set. */
  done: number;
  /** Which of the three Down! victims is next (0..2). */
  downIndex: number;
  truncated: boolean;
  /** The game's RNG as its saved state: it is drawn once (§5), so four numbers beat a generator. */
  rng: RngState;
  /** Packed event records (log.ts): a plain array of small integers is cheaper to copy than bytes. */
  readonly log: number[];
  logLen: number;
  /** Index of the first record of the current round. */
  logRoundStart: number;
}

/** §3: the supply holds every card 5..13, seat 0 is the setup parent, row cards are implicit. */
export function newTable(rng: RngState): Table {
  return {
    phase: PH_DRAFT,
    round: 0,
    parent: -1,
    orientation: -1,
    fields: new Uint8Array(PLAYERS * SUITS.length),
    supply: new Uint16Array(SUITS.length).fill(FULL_SUIT_MASK),
    rows: new Uint8Array(PLAYERS),
    drafted: 0,
    committed: 0,
    activation: 1,
    done: 0,
    downIndex: 0,
    truncated: false,
    rng,
    log: Array.from({ length: LOG_CAPACITY }, () => 0),
    logLen: 0,
    logRoundStart: 0,
  };
}

export function cloneTable(t: Table): Table {
  return {
    phase: t.phase,
    round: t.round,
    parent: t.parent,
    orientation: t.orientation,
    fields: t.fields.slice(),
    supply: t.supply.slice(),
    rows: t.rows.slice(),
    drafted: t.drafted,
    committed: t.committed,
    activation: t.activation,
    done: t.done,
    downIndex: t.downIndex,
    truncated: t.truncated,
    rng: { c: t.rng.c, s0: t.rng.s0, s1: t.rng.s1, s2: t.rng.s2 },
    log: t.log.slice(),
    logLen: t.logLen,
    logRoundStart: t.logRoundStart,
  };
}

// ---- derived facts -----------------------------------------------------------------------------

/** §3.4: the draft parent of draft round k is seat (0 - k) mod 4. */
export function draftParent(t: Table): number {
  return (PLAYERS - POPCOUNT4[t.drafted]) & 3;
}

/** The seat currently facing `side`: side(s) = (a - s) mod 4, so s = (a - side) mod 4. */
export function facing(t: Table, side: number): number {
  return (t.orientation - side) & 3;
}

export function sideOfSeat(t: Table, seat: number): number {
  return (t.orientation - seat) & 3;
}

/** The i-th victim of the Down! being resolved. */
export function downSeat(t: Table, i: number): number {
  return facing(t, DOWN_ORDER_SIDES[i]);
}

/** The seat to act, -1 once the game is over. */
export function toAct(t: Table): number {
  switch (t.phase) {
    case PH_DRAFT:
      return draftParent(t);
    case PH_ORIENT:
      return t.parent;
    case PH_FLIP:
      return (t.parent + 3) & 3;
    case PH_ROW:
      return (t.parent + t.committed) & 3;
    case PH_DOWN_TIE:
      return downSeat(t, t.downIndex);
    case PH_CHANGE:
      return facing(t, SIDE_CHANGE);
    case PH_WILD:
      return facing(t, SIDE_WILD);
    default:
      return -1;
  }
}

/** Suit bitmask of a seat's field cards of its highest rank. */
export function topSuits(t: Table, seat: number): number {
  const f = t.fields;
  const base = seat * 4;
  const top = Math.max(f[base], f[base + 1], f[base + 2], f[base + 3]);
  let mask = 0;
  for (let suit = 0; suit < 4; suit++) if (f[base + suit] === top) mask |= 1 << suit;
  return mask;
}

export function highestRank(t: Table, seat: number): number {
  const f = t.fields;
  const base = seat * 4;
  return Math.max(f[base], f[base + 1], f[base + 2], f[base + 3]);
}

export function rankSum(t: Table, seat: number): number {
  const f = t.fields;
  const base = seat * 4;
  return f[base] + f[base + 1] + f[base + 2] + f[base + 3];
}

export function kingHolders(t: Table): number {
  let mask = 0;
  for (let i = 0; i < PLAYERS * 4; i++) if (t.fields[i] === KING) mask |= 1 << (i >> 2);
  return mask;
}

/** The rank Promote would give (§4.2: the smallest higher rank in the supply), or `from` if none. */
export function promotionTarget(t: Table, suit: number, from: number): number {
  const higher = t.supply[suit] & ~((2 << from) - 1);
  return higher === 0 ? from : 31 - Math.clz32(higher & -higher);
}

// ---- transitions -------------------------------------------------------------------------------

/** Plays a validated action. */
export function applyUnchecked(t: Table, action: number): void {
  const kind = ACTION_PHASE[action];
  const arg = action - ACTION_BASE[kind];
  switch (kind) {
    case PH_DRAFT:
      draftSuit(t, arg, 0);
      if (POPCOUNT4[t.drafted] === SUITS.length - 1) draftSuit(t, 31 - Math.clz32(~t.drafted & 15), 1);
      if (POPCOUNT4[t.drafted] === SUITS.length) finishDraft(t);
      return;
    case PH_ORIENT:
      t.orientation = (arg + t.parent) & 3;
      note(t, EV.orient, t.parent, arg);
      t.phase = PH_FLIP;
      return;
    case PH_FLIP:
      if (arg === 1) t.orientation = (t.orientation + 2) & 3;
      note(t, EV.flip, (t.parent + 3) & 3, arg);
      t.phase = PH_ROW;
      return;
    case PH_ROW: {
      const seat = (t.parent + t.committed) & 3;
      t.rows[seat] = arg + 1;
      t.committed++;
      note(t, EV.commit, seat);
      if (t.committed === PLAYERS) {
        note(t, EV.reveal, t.rows[0], t.rows[1], t.rows[2], t.rows[3]);
        resolveRowOne(t);
      }
      return;
    }
    case PH_DOWN_TIE:
      demote(t, downSeat(t, t.downIndex), arg);
      t.downIndex++;
      if (continueDown(t)) afterEffect(t);
      return;
    case PH_CHANGE: {
      const seat = facing(t, SIDE_CHANGE);
      const target = (seat + 1 + (arg >> 2)) & 3;
      const suit = arg & 3;
      const mine = t.fields[seat * 4 + suit];
      const theirs = t.fields[target * 4 + suit];
      t.fields[seat * 4 + suit] = theirs;
      t.fields[target * 4 + suit] = mine;
      note(t, EV.change, seat, target, suit, mine, theirs);
      t.done |= 1 << seat;
      afterEffect(t);
      return;
    }
    case PH_WILD: {
      const seat = facing(t, SIDE_WILD);
      const from = t.fields[seat * 4 + arg];
      note(t, EV.wild, seat, arg, from, promote(t, seat, arg));
      t.done |= 1 << seat;
      afterEffect(t);
      return;
    }
  }
}

/** §3.4: the draft parent's suit goes to the four seats clockwise, lowest remaining rank first. */
function draftSuit(t: Table, suit: number, forced: number): void {
  const parent = draftParent(t);
  for (let j = 0; j < PLAYERS; j++) {
    const seat = (parent + j) & 3;
    const lowest = t.supply[suit] & -t.supply[suit];
    t.supply[suit] ^= lowest;
    t.fields[seat * 4 + suit] = 31 - Math.clz32(lowest);
  }
  t.drafted |= 1 << suit;
  note(t, EV.draft, parent, suit, forced);
}

/** §3.5 and §5: the game's only chance draw, exactly once, right after the draft. */
function finishDraft(t: Table): void {
  const rng = Rng.fromState(t.rng);
  t.parent = rng.int(PLAYERS);
  t.rng = rng.state();
  note(t, EV.firstParent, t.parent);
  t.round = 1;
  t.logRoundStart = t.logLen;
  t.phase = PH_ORIENT;
}

/**
 * Phase C from the current activation number on: runs until a decision is needed (the phase is
 * then set to it), the game ends, or row 1 is finished (then rows 2-4 follow).
 */
function resolveRowOne(t: Table): void {
  while (t.activation <= SIDES.length) {
    const side = t.activation - 1;
    const seat = facing(t, side);
    if (t.rows[seat] === 1 && (t.done & (1 << seat)) === 0) {
      if (side === SIDE_CHANGE) {
        t.phase = PH_CHANGE;
        return;
      }
      if (side === SIDE_WILD) {
        t.phase = PH_WILD;
        return;
      }
      if (side === SIDE_SPIN) {
        t.orientation = (t.orientation + 1) & 3;
        t.done |= 1 << seat;
        note(t, EV.spin, seat);
      } else {
        note(t, EV.down, seat);
        t.downIndex = 0;
        if (!continueDown(t)) return;
      }
      if (checkWin(t)) return;
    }
    t.activation++;
  }
  resolveRows(t);
}

/** After a decided row-1 effect: win check (§7.1), then the next activation number. */
function afterEffect(t: Table): void {
  if (checkWin(t)) return;
  t.activation++;
  resolveRowOne(t);
}

/**
 * Down! from victim `downIndex` on. Returns false when it stops for a DOWN_TIE decision (asked
 * only if two or more cards share the victim's highest rank), true once all three are done.
 */
function continueDown(t: Table): boolean {
  for (; t.downIndex < DOWN_ORDER_SIDES.length; t.downIndex++) {
    const seat = downSeat(t, t.downIndex);
    const top = topSuits(t, seat);
    if ((top & (top - 1)) !== 0) {
      t.phase = PH_DOWN_TIE;
      return false;
    }
    demote(t, seat, 31 - Math.clz32(top));
  }
  t.downIndex = 0;
  t.done |= 1 << facing(t, SIDE_DOWN);
  return true;
}

/** Phase D: rows 2-4 with batting, a win check after each row, then Phase E. */
function resolveRows(t: Table): void {
  const rows = t.rows;
  for (let row = 2; row <= ROW_COUNT; row++) {
    let seen = 0;
    let blocked = 0;
    for (let seat = 0; seat < PLAYERS; seat++) {
      if (rows[seat] !== row) continue;
      const icons = ICON_MASK[sideOfSeat(t, seat) * (ROW_COUNT + 1) + row];
      blocked |= seen & icons;
      seen |= icons;
    }
    if (seen === 0) continue;
    // Simultaneous: no suit is promoted by two seats on one row, so seat order does not matter.
    for (let seat = 0; seat < PLAYERS; seat++) {
      if (rows[seat] !== row) continue;
      const gains = ICON_MASK[sideOfSeat(t, seat) * (ROW_COUNT + 1) + row] & ~blocked;
      for (let suit = 0; suit < 4; suit++) {
        if ((gains & (1 << suit)) === 0) continue;
        const from = t.fields[seat * 4 + suit];
        note(t, EV.promote, seat, row, suit, from, promote(t, seat, suit));
      }
    }
    if (blocked !== 0) note(t, EV.blocked, row, blocked);
    if (checkWin(t)) return;
  }
  endRound(t);
}

/** Phase E. At the cap the last round's rows and orientation stay on display. */
function endRound(t: Table): void {
  if (t.round === MAX_ROUNDS) {
    t.truncated = true;
    t.phase = PH_OVER;
    note(t, EV.cap);
    return;
  }
  t.rows.fill(0);
  t.committed = 0;
  t.activation = 1;
  t.done = 0;
  t.orientation = -1;
  t.parent = (t.parent + 1) & 3;
  t.round++;
  t.phase = PH_ORIENT;
  // Keep only the round that just ended: the log covers this round and the previous one.
  const start = t.logRoundStart;
  const log = t.log;
  for (let i = start; i < t.logLen; i++) log[i - start] = log[i];
  t.logLen -= start;
  t.logRoundStart = t.logLen;
}

/** §7.1: ends the game if anyone holds a King. */
function checkWin(t: Table): boolean {
  const kings = kingHolders(t);
  if (kings === 0) return false;
  note(t, EV.win, kings);
  t.phase = PH_OVER;
  return true;
}

/** §4.2 Promote; returns the new rank (unchanged if nothing higher is in the supply, §8.1). */
function promote(t: Table, seat: number, suit: number): number {
  const i = seat * 4 + suit;
  const from = t.fields[i];
  const to = promotionTarget(t, suit, from);
  if (to !== from) {
    t.supply[suit] ^= (1 << from) | (1 << to);
    t.fields[i] = to;
  }
  return to;
}

/** §4.2 Demote: the largest lower rank in the supply, or nothing (§8.2); logs the outcome. */
function demote(t: Table, seat: number, suit: number): void {
  const i = seat * 4 + suit;
  const from = t.fields[i];
  const lower = t.supply[suit] & ((1 << from) - 1);
  let to = from;
  if (lower !== 0) {
    to = 31 - Math.clz32(lower);
    t.supply[suit] ^= (1 << from) | (1 << to);
    t.fields[i] = to;
  }
  note(t, EV.demote, seat, suit, from, to);
}

/** Appends an event; packs it like log.ts packEvent, inlined so the hot path allocates nothing. */
function note(t: Table, kind: number, a = 0, b = 0, c = 0, d = 0, e = 0): void {
  if (t.logLen === LOG_CAPACITY) throw new Error('promotion: event log overflow (a bug: see MAX_EVENTS_PER_ROUND)');
  t.log[t.logLen++] = kind | (t.round << 4) | (a << 10) | (b << 14) | (c << 18) | (d << 22) | (e << 26);
}
