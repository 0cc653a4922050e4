/**
 * Every transition of rules §3-§7 on a position: the set-up, the draft, the chance draw, Phases
 * A-E with the row-1 loop, Down! and its ties, batting, Promote/Demote, win checks and the cap.
 * `apply` assumes the action is legal (the kit checked it with actions.ts whyIllegal).
 */
import { Rng } from '../core/rng.js';
import {
  DOWN_ORDER_SIDES,
  ICON_MASK,
  MAX_ROUNDS,
  PLAYERS,
  POPCOUNT4,
  ROW_COUNT,
  SIDES,
  SIDE_CHANGE,
  SIDE_DOWN,
  SIDE_SPIN,
  SIDE_WILD,
  SUITS,
} from './components.js';
import { EV } from './events.js';
import { ACTION_BASE, ACTION_PHASE } from './actions.js';
import {
  PH_CHANGE,
  PH_DOWN_TIE,
  PH_DRAFT,
  PH_FLIP,
  PH_ORIENT,
  PH_OVER,
  PH_ROW,
  PH_WILD,
  POSITION,
  downSeat,
  draftParent,
  facing,
  kingHolders,
  promotionTarget,
  sideOfSeat,
  topSuits,
  type PromotionPosition,
} from './position.js';

/**
 * Decisions per round at most: orient 1 + flip 1 + rows 4 + Down! ties 3 + Change! 1 + Wild! 1 = 11.
 * The draft asks 3 (the fourth suit is forced).
 */
const MAX_DECISIONS_PER_ROUND = 1 + 1 + PLAYERS + (PLAYERS - 1) + 1 + 1;
const DRAFT_DECISIONS = SUITS.length - 1;
export const MAX_GAME_LENGTH = DRAFT_DECISIONS + MAX_ROUNDS * MAX_DECISIONS_PER_ROUND;

/** §3: the supply holds every card 5..13, seat 0 is the setup parent, row cards are implicit. */
export function setup(_players: number, seed: number | string): PromotionPosition {
  const p = POSITION.create(PLAYERS);
  p.rng = Rng.fromSeed(seed);
  return p;
}

/** The seat to act, -1 once the game is over. */
export function toAct(p: PromotionPosition): number {
  switch (p.phase) {
    case PH_DRAFT:
      return draftParent(p);
    case PH_ORIENT:
      return p.parent;
    case PH_FLIP:
      return (p.parent + 3) & 3;
    case PH_ROW:
      return (p.parent + p.committed) & 3;
    case PH_DOWN_TIE:
      return downSeat(p, p.downIndex);
    case PH_CHANGE:
      return facing(p, SIDE_CHANGE);
    case PH_WILD:
      return facing(p, SIDE_WILD);
    default:
      return -1;
  }
}

export function isOver(p: PromotionPosition): boolean {
  return p.phase === PH_OVER;
}

/** True when round 60 ended without a King (§7.3). */
export function isTruncated(p: PromotionPosition): boolean {
  return p.truncated;
}

/** Plays a legal action. */
export function apply(p: PromotionPosition, action: number): void {
  const kind = ACTION_PHASE[action];
  const arg = action - ACTION_BASE[kind];
  switch (kind) {
    case PH_DRAFT:
      draftSuit(p, arg, 0);
      if (POPCOUNT4[p.drafted] === SUITS.length - 1) draftSuit(p, 31 - Math.clz32(~p.drafted & 15), 1);
      if (POPCOUNT4[p.drafted] === SUITS.length) finishDraft(p);
      return;
    case PH_ORIENT:
      p.orientation = (arg + p.parent) & 3;
      p.log.push(EV.orient, p.round, p.parent, arg);
      p.phase = PH_FLIP;
      return;
    case PH_FLIP:
      if (arg === 1) p.orientation = (p.orientation + 2) & 3;
      p.log.push(EV.flip, p.round, (p.parent + 3) & 3, arg);
      p.phase = PH_ROW;
      return;
    case PH_ROW: {
      const seat = (p.parent + p.committed) & 3;
      p.rows[seat] = arg + 1;
      p.committed++;
      p.log.push(EV.commit, p.round, seat);
      if (p.committed === PLAYERS) {
        p.log.push(EV.reveal, p.round, p.rows[0], p.rows[1], p.rows[2], p.rows[3]);
        resolveRowOne(p);
      }
      return;
    }
    case PH_DOWN_TIE:
      demote(p, downSeat(p, p.downIndex), arg);
      p.downIndex++;
      if (continueDown(p)) afterEffect(p);
      return;
    case PH_CHANGE: {
      const seat = facing(p, SIDE_CHANGE);
      const target = (seat + 1 + (arg >> 2)) & 3;
      const suit = arg & 3;
      const mine = p.fields[seat * 4 + suit];
      const theirs = p.fields[target * 4 + suit];
      p.fields[seat * 4 + suit] = theirs;
      p.fields[target * 4 + suit] = mine;
      p.log.push(EV.change, p.round, seat, target, suit, mine, theirs);
      p.done |= 1 << seat;
      afterEffect(p);
      return;
    }
    case PH_WILD: {
      const seat = facing(p, SIDE_WILD);
      const from = p.fields[seat * 4 + arg];
      p.log.push(EV.wild, p.round, seat, arg, from, promote(p, seat, arg));
      p.done |= 1 << seat;
      afterEffect(p);
      return;
    }
  }
}

/** §3.4: the draft parent's suit goes to the four seats clockwise, lowest remaining rank first. */
function draftSuit(p: PromotionPosition, suit: number, forced: number): void {
  const parent = draftParent(p);
  for (let j = 0; j < PLAYERS; j++) {
    const seat = (parent + j) & 3;
    const lowest = p.supply[suit] & -p.supply[suit];
    p.supply[suit] ^= lowest;
    p.fields[seat * 4 + suit] = 31 - Math.clz32(lowest);
  }
  p.drafted |= 1 << suit;
  p.log.push(EV.draft, p.round, parent, suit, forced);
}

/** §3.5 and §5: the game's only chance draw, exactly once, right after the draft. */
function finishDraft(p: PromotionPosition): void {
  p.parent = p.rng.int(PLAYERS);
  p.log.push(EV.firstParent, p.round, p.parent);
  p.round = 1;
  p.roundStart = p.log.length;
  p.phase = PH_ORIENT;
}

/**
 * Phase C from the current activation number on: runs until a decision is needed (the phase is
 * then set to it), the game ends, or row 1 is finished (then rows 2-4 follow).
 */
function resolveRowOne(p: PromotionPosition): void {
  while (p.activation <= SIDES.length) {
    const side = p.activation - 1;
    const seat = facing(p, side);
    if (p.rows[seat] === 1 && (p.done & (1 << seat)) === 0) {
      if (side === SIDE_CHANGE) {
        p.phase = PH_CHANGE;
        return;
      }
      if (side === SIDE_WILD) {
        p.phase = PH_WILD;
        return;
      }
      if (side === SIDE_SPIN) {
        p.orientation = (p.orientation + 1) & 3;
        p.done |= 1 << seat;
        p.log.push(EV.spin, p.round, seat);
      } else {
        p.log.push(EV.down, p.round, seat);
        p.downIndex = 0;
        if (!continueDown(p)) return;
      }
      if (checkWin(p)) return;
    }
    p.activation++;
  }
  resolveRows(p);
}

/** After a decided row-1 effect: win check (§7.1), then the next activation number. */
function afterEffect(p: PromotionPosition): void {
  if (checkWin(p)) return;
  p.activation++;
  resolveRowOne(p);
}

/**
 * Down! from victim `downIndex` on. Returns false when it stops for a DOWN_TIE decision (asked
 * only if two or more cards share the victim's highest rank), true once all three are done.
 */
function continueDown(p: PromotionPosition): boolean {
  for (; p.downIndex < DOWN_ORDER_SIDES.length; p.downIndex++) {
    const seat = downSeat(p, p.downIndex);
    const top = topSuits(p, seat);
    if ((top & (top - 1)) !== 0) {
      p.phase = PH_DOWN_TIE;
      return false;
    }
    demote(p, seat, 31 - Math.clz32(top));
  }
  p.downIndex = 0;
  p.done |= 1 << facing(p, SIDE_DOWN);
  return true;
}

/** Phase D: rows 2-4 with batting, a win check after each row, then Phase E. */
function resolveRows(p: PromotionPosition): void {
  const rows = p.rows;
  for (let row = 2; row <= ROW_COUNT; row++) {
    let seen = 0;
    let blocked = 0;
    for (let seat = 0; seat < PLAYERS; seat++) {
      if (rows[seat] !== row) continue;
      const icons = ICON_MASK[sideOfSeat(p, seat) * (ROW_COUNT + 1) + row];
      blocked |= seen & icons;
      seen |= icons;
    }
    if (seen === 0) continue;
    // Simultaneous: no suit is promoted by two seats on one row, so seat order does not matter.
    for (let seat = 0; seat < PLAYERS; seat++) {
      if (rows[seat] !== row) continue;
      const gains = ICON_MASK[sideOfSeat(p, seat) * (ROW_COUNT + 1) + row] & ~blocked;
      for (let suit = 0; suit < 4; suit++) {
        if ((gains & (1 << suit)) === 0) continue;
        const from = p.fields[seat * 4 + suit];
        p.log.push(EV.promote, p.round, seat, row, suit, from, promote(p, seat, suit));
      }
    }
    if (blocked !== 0) p.log.push(EV.blocked, p.round, row, blocked);
    if (checkWin(p)) return;
  }
  endRound(p);
}

/** Phase E. At the cap the last round's rows and orientation stay on display. */
function endRound(p: PromotionPosition): void {
  if (p.round === MAX_ROUNDS) {
    p.truncated = true;
    p.phase = PH_OVER;
    p.log.push(EV.cap, p.round);
    return;
  }
  p.rows.fill(0);
  p.committed = 0;
  p.activation = 1;
  p.done = 0;
  p.orientation = -1;
  p.parent = (p.parent + 1) & 3;
  p.round++;
  p.phase = PH_ORIENT;
  // Keep only the round that just ended: the log covers this round and the previous one.
  p.log.dropFirst(p.roundStart);
  p.roundStart = p.log.length;
}

/** §7.1: ends the game if anyone holds a King. */
function checkWin(p: PromotionPosition): boolean {
  const kings = kingHolders(p);
  if (kings === 0) return false;
  p.log.push(EV.win, p.round, kings);
  p.phase = PH_OVER;
  return true;
}

/** §4.2 Promote; returns the new rank (unchanged if nothing higher is in the supply, §8.1). */
function promote(p: PromotionPosition, seat: number, suit: number): number {
  const i = seat * 4 + suit;
  const from = p.fields[i];
  const to = promotionTarget(p, suit, from);
  if (to !== from) {
    p.supply[suit] ^= (1 << from) | (1 << to);
    p.fields[i] = to;
  }
  return to;
}

/** §4.2 Demote: the largest lower rank in the supply, or nothing (§8.2); logs the outcome. */
function demote(p: PromotionPosition, seat: number, suit: number): void {
  const i = seat * 4 + suit;
  const from = p.fields[i];
  const lower = p.supply[suit] & ((1 << from) - 1);
  let to = from;
  if (lower !== 0) {
    to = 31 - Math.clz32(lower);
    p.supply[suit] ^= (1 << from) | (1 << to);
    p.fields[i] = to;
  }
  p.log.push(EV.demote, p.round, seat, suit, from, to);
}

/**
 * §6: the only hidden information is the rows other seats placed in Phase B before the
 * reveal; each is redrawn uniformly from 1..4 (seats in order), then the world's RNG reseeded.
 */
export function determinize(p: PromotionPosition, seat: number, rng: Rng): PromotionPosition {
  const world = POSITION.clone(p);
  if (world.phase === PH_ROW) {
    for (let other = 0; other < PLAYERS; other++) {
      if (other !== seat && world.rows[other] !== 0) world.rows[other] = 1 + rng.int(ROW_COUNT);
    }
  }
  world.rng = rng.fork('world');
  return world;
}
