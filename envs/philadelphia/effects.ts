/**
 * The effects of rules §2.3-§2.6 that start inside an action or a phase: the posting procedure of
 * §4.2 ([POST] effects, Design Office copies, nested Site Supervisor postings, [WATCH], Pilot), the
 * start of each item's effect, and one established ad's reward and [ADOPT] effect (§4.3 A3/A4).
 * A function that returns true has asked a question (operations.ts ask); transitions.ts resumes afterwards.
 */
import {
  AD_KINDS,
  C,
  F_OVERTIME,
  F_POSTING,
  IND,
  ITEM_CONTRACT_RENEWAL,
  ITEM_HEADHUNTING,
  ITEM_JOB_CHANGE,
  ITEM_MARKET_RESEARCH,
  ITEM_OVERTIME,
  ITEM_PRESS_RELEASE,
  K,
  KINDS_PER_INDUSTRY,
  MAX_FIELD,
  MAX_REVEAL,
  RESEARCH_PICKS,
} from './components.js';
import { hasDesignTarget, hasPoliceTarget } from './actions.js';
import { EV, SOURCE_GEOLOGIST, SOURCE_MARKET } from './events.js';
import {
  ask,
  clearRevealed,
  countIn,
  drawCards,
  gain,
  has,
  loseFromOpponent,
  loseOwn,
  note,
  placeInField,
  postCost,
  push,
  removeFromHand,
  revealCards,
  takeRevealed,
} from './operations.js';
import type { PhiladelphiaPosition } from './position.js';

/** How a posting came about (logged; Site Supervisor's is free, §4.2 step 1). */
export const HOW_ACTION = 0;
export const HOW_SUPERVISOR = 1;
export const HOW_OVERTIME = 2;

// ---- the posting procedure (§4.2) --------------------------------------------------------------------------

/** Steps 1-4 of a posting; returns true if its [POST] effect now asks a question. */
export function startPosting(t: PhiladelphiaPosition, seat: number, kind: number, how: number): boolean {
  const cost = postCost(t, seat, kind, how === HOW_SUPERVISOR);
  t.gold[seat] -= cost;
  removeFromHand(t, seat, kind);
  note(t, EV.post, seat, kind, cost, how);
  // Step 2: W = the ads now in the field = slots 0..W-1 (kept true as ads leave, operations.ts).
  const w = t.fieldLen[seat];
  const slot = placeInField(t, seat, kind);
  push(t, F_POSTING, seat, kind, w);
  return startPostEffect(t, seat, kind, slot);
}

/** Steps 5 and 6: [WATCH] of the ads of W still in the field, in slot order, then opponents' Pilots. */
export function finishPosting(t: PhiladelphiaPosition, seat: number, kind: number, w: number): void {
  const isFood = AD_KINDS[kind].industry === IND.FUN;
  for (let slot = 0; slot < w; slot++) {
    const watcher = t.fieldKind[seat * MAX_FIELD + slot];
    if (watcher === K.cafe) gain(t, seat, 1, K.cafe);
    else if (watcher === K.headChef || (watcher === K.restaurant && isFood)) drawCards(t, seat, 1, watcher);
  }
  for (let o = 1; o < t.players; o++) {
    const other = (seat + o) % t.players;
    if (has(t, other, K.pilot)) gain(t, other, 1, K.pilot);
  }
}

/**
 * Resolves the [POST] effect of `kind` for `seat` with "this card" in `self` (the posted card, or
 * the card a Design Office copies, §8.6). Returns true if it asks a question (ctx is then set).
 */
export function startPostEffect(t: PhiladelphiaPosition, seat: number, kind: number, self: number): boolean {
  const base = seat * MAX_FIELD;
  const len = t.fieldLen[seat];
  switch (kind) {
    case K.demolition:
      loseOwn(t, seat, 3, kind);
      return false;
    case K.designOffice:
      if (!hasDesignTarget(t, seat)) return false;
      ask(t, C.DESIGN_TARGET, seat);
      return true;
    case K.siteSupervisor:
      if (len >= MAX_FIELD || t.handSize[seat] === 0) return false;
      ask(t, C.SUPERVISOR_POST, seat);
      return true;
    case K.movieTheater: {
      let food = -1; // "other": the Movie Theater resolving is Food & Leisure itself
      for (let k = IND.FUN * KINDS_PER_INDUSTRY; k < (IND.FUN + 1) * KINDS_PER_INDUSTRY; k++)
        food += countIn(t, seat, k);
      gain(t, seat, food, kind);
      return false;
    }
    case K.celebrity:
      for (let o = 1; o < t.players; o++) gain(t, (seat + o) % t.players, 3, kind);
      return false;
    case K.fireStation:
      if (len < 2) return false;
      ask(t, C.FIRE_TARGET, seat, self);
      return true;
    case K.policeStation:
      if (!hasPoliceTarget(t, seat)) return false;
      ask(t, C.POLICE_TARGET, seat);
      return true;
    case K.doctor:
      ask(t, C.DOCTOR_MARKERS, seat, self);
      return true;
    case K.taxInspector:
      for (let o = 1; o < t.players; o++) loseFromOpponent(t, (seat + o) % t.players, 2, kind);
      return false;
    case K.busCompany:
    case K.airline: {
      // Airline's markers are negative: Painter inverts them into removals (§2.3).
      const add = kind === K.airline && !has(t, seat, K.painter);
      for (let s = 0; s < len; s++) {
        if (s === self) continue;
        const m = t.fieldMarkers[base + s];
        t.fieldMarkers[base + s] = add ? m + 1 : Math.max(0, m - 1);
      }
      note(t, EV.markersAll, seat, add ? 1 : -1, kind);
      return false;
    }
    case K.fisher:
      drawCards(t, seat, 1, kind);
      return false;
    case K.miner:
      if (has(t, seat, K.painter)) {
        drawCards(t, seat, 2, kind);
        return false;
      }
      if (t.handSize[seat] === 0) return false;
      ask(t, C.MINER_DISCARD, seat);
      return true;
    case K.geologist: {
      revealCards(t, seat, MAX_REVEAL, SOURCE_GEOLOGIST);
      for (let i = 0; i < t.revealed.length; i++) {
        if (AD_KINDS[t.revealed[i]].industry === IND.NAT) takeRevealed(t, seat, i, SOURCE_GEOLOGIST);
      }
      clearRevealed(t);
      return false;
    }
    case K.investor:
      gain(t, seat, 2 * (len - 1), kind);
      return false;
    default:
      return false;
  }
}

// ---- items (§2.6) ---------------------------------------------------------------------------------------------

/** Starts an item's effect; returns true if it asks a question. */
export function startItem(t: PhiladelphiaPosition, seat: number, item: number): boolean {
  switch (item) {
    case ITEM_JOB_CHANGE:
      if (t.handSize[seat] === 0) return false;
      ask(t, C.JOB_DISCARD, seat);
      return true;
    case ITEM_OVERTIME:
      // resume() asks OVERTIME_POST while a posting is possible.
      push(t, F_OVERTIME, seat, 0);
      return false;
    case ITEM_CONTRACT_RENEWAL:
      if (!anyMarker(t, seat)) return false;
      ask(t, C.RENEWAL_TARGET, seat);
      return true;
    case ITEM_MARKET_RESEARCH:
      revealCards(t, seat, MAX_REVEAL, SOURCE_MARKET);
      if (t.revealed.length > RESEARCH_PICKS) {
        ask(t, C.MR_PICK, seat);
        return true;
      }
      for (let i = 0; i < t.revealed.length; i++) takeRevealed(t, seat, i, SOURCE_MARKET);
      clearRevealed(t);
      return false;
    case ITEM_PRESS_RELEASE:
      if (t.fieldLen[seat] === 0) return false;
      ask(t, C.PRESS_TARGET, seat);
      return true;
    case ITEM_HEADHUNTING:
      for (let o = 1; o < t.players; o++) {
        const target = (seat + o) % t.players;
        if (t.handSize[target] > 0 && !has(t, target, K.lawyer)) {
          ask(t, C.HEADHUNT_TARGET, seat);
          return true;
        }
      }
      return false;
    default:
      return false;
  }
}

export function anyMarker(t: PhiladelphiaPosition, seat: number): boolean {
  for (let s = 0; s < t.fieldLen[seat]; s++) if (t.fieldMarkers[seat * MAX_FIELD + s] > 0) return true;
  return false;
}

// ---- one established ad (§4.3 A3, A4; Press Release) -------------------------------------------------------

/**
 * A3 for one established ad: reward + Economic Boom + Accountant + Architect (other than itself),
 * plus each Hotel's +1 for every other established ad of its owner (`batch` = the owner's ads in E).
 */
export function establishGold(t: PhiladelphiaPosition, seat: number, kind: number): number {
  let gold = AD_KINDS[kind].reward + (t.boom ? 1 : 0);
  if (has(t, seat, K.accountant)) gold++;
  if (AD_KINDS[kind].industry === IND.CON && countIn(t, seat, K.architect) - (kind === K.architect ? 1 : 0) > 0)
    gold += 2;
  return gold;
}

/** Press Release: A3 for a single ad (E = {that ad}). */
export function establish(t: PhiladelphiaPosition, seat: number, slot: number, batch: number): void {
  const kind = t.fieldKind[seat * MAX_FIELD + slot];
  const gold = establishGold(t, seat, kind);
  t.gold[seat] += gold;
  note(t, EV.established, seat, kind, gold);
  gain(t, seat, countIn(t, seat, K.hotel) * batch - (kind === K.hotel ? 1 : 0), K.hotel);
}

/** A4 for one ad; returns true if a Forester asks its owner. */
export function adoptEffect(t: PhiladelphiaPosition, seat: number, slot: number): boolean {
  const kind = t.fieldKind[seat * MAX_FIELD + slot];
  if (kind === K.farmer) {
    drawCards(t, seat, 1, kind);
  } else if (kind === K.veterinarian) {
    let nature = 0;
    for (let k = IND.NAT * KINDS_PER_INDUSTRY; k < (IND.NAT + 1) * KINDS_PER_INDUSTRY; k++)
      nature += countIn(t, seat, k);
    gain(t, seat, 2 * nature, kind);
  } else if (kind === K.forester && t.handSize[seat] > 0) {
    ask(t, C.FORESTER_DISCARD, seat);
    return true;
  }
  return false;
}
