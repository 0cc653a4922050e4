/**
 * City Plan Delta's actions: the flat action space of §9 in blocks, legality (a fast whyIllegal
 * for the kit's applyAction) and the labels people read.
 */
import type { ActionRange } from '../core/define-game.js';
import {
  ACTION_CARD_NAMES,
  CONSTRUCTION_SITE,
  DECISION_TEXT,
  DECK_KINDS,
  KINDS,
  PHASES,
  PH_ACTION,
  PH_BUILD,
  PH_EXCHANGE,
  PH_HAND_LIMIT,
  PH_PAY,
  PH_SACRIFICE,
  SACRIFICE_DISCOUNT,
} from './components.js';
import type { CityPlanPosition } from './position.js';
import { canBuild, costAfterSacrifice, isSacrificeOffered, powerCost, reducedCost, toAct } from './transitions.js';

/**
 * The flat action space of §9:
 *   0..2 action card, 3..52 build kind 0..49, 53 draw 2, 54..103 discard kind 0..49,
 *   104 finish the exchange, 105 sacrifice Construction Site, 106 keep it.
 *   3 + 50 + 1 + 50 + 1 + 1 + 1 = 107.
 */
const A_ACTION_CARD = 0;
export const A_BUILD = A_ACTION_CARD + ACTION_CARD_NAMES.length;
export const A_DRAW_TWO = A_BUILD + DECK_KINDS;
export const A_DISCARD = A_DRAW_TWO + 1;
export const A_FINISH_EXCHANGE = A_DISCARD + DECK_KINDS;
export const A_SACRIFICE = A_FINISH_EXCHANGE + 1;
const A_KEEP_SITE = A_SACRIFICE + 1;
export const ACTION_SIZE = A_KEEP_SITE + 1;

export const ACTIONS: readonly ActionRange[] = [
  {
    first: A_ACTION_CARD,
    count: ACTION_CARD_NAMES.length,
    meaning: 'Play action card n face down: 0 Income, 1 Exchange, 2 Council',
  },
  { first: A_BUILD, count: DECK_KINDS, meaning: 'Build a building of kind n (0..49) from the hand' },
  { first: A_DRAW_TWO, count: 1, meaning: 'Do not build; draw 2 cards' },
  {
    first: A_DISCARD,
    count: DECK_KINDS,
    meaning:
      'A card of kind n (0..49) from the hand: set aside to exchange, paid as cost, or discarded to the hand limit',
  },
  { first: A_FINISH_EXCHANGE, count: 1, meaning: 'Finish the exchange and draw as many cards as were set aside' },
  { first: A_SACRIFICE, count: 1, meaning: 'Sacrifice the Construction Site (3 cards less)' },
  { first: A_KEEP_SITE, count: 1, meaning: 'Keep the Construction Site' },
];

export function legalActions(t: CityPlanPosition): number[] {
  const seat = toAct(t);
  const out: number[] = [];
  switch (t.phase) {
    case PH_ACTION:
      for (let a = A_ACTION_CARD; a < A_BUILD; a++) out.push(a);
      return out;
    case PH_EXCHANGE:
      pushHeld(t, seat, out);
      out.push(A_FINISH_EXCHANGE);
      return out;
    case PH_BUILD:
      for (let k = 0; k < DECK_KINDS; k++) if (canBuild(t, seat, k)) out.push(A_BUILD + k);
      out.push(A_DRAW_TWO);
      return out;
    case PH_SACRIFICE:
      out.push(A_SACRIFICE);
      if (t.handSize[seat] >= reducedCost(t, seat, t.pendingKind)) out.push(A_KEEP_SITE);
      return out;
    case PH_PAY:
    case PH_HAND_LIMIT:
      pushHeld(t, seat, out);
      return out;
    default:
      return out;
  }
}

/**
 * Why `action` is not legal now, or undefined if it is. Reads only. The kit has checked that the
 * game is not over and that the action is an integer of the action space.
 */
export function whyIllegal(t: CityPlanPosition, action: number): string | undefined {
  const seat = toAct(t);
  // Messages are built only on the way out: a legal action costs no string or closure.
  switch (t.phase) {
    case PH_ACTION:
      return action < A_BUILD ? undefined : wrongKind(t, `actions ${A_ACTION_CARD}..${A_BUILD - 1}`);
    case PH_BUILD: {
      if (action === A_DRAW_TWO) return undefined;
      if (action < A_BUILD || action >= A_DRAW_TWO) return wrongKind(t, `actions ${A_BUILD}..${A_DRAW_TWO}`);
      const kind = action - A_BUILD;
      if (t.hands[seat * DECK_KINDS + kind] === 0) return `seat ${seat} holds no ${KINDS[kind].name}`;
      return canBuild(t, seat, kind) ? undefined : `seat ${seat} cannot pay for ${buildLabel(t, seat, kind)}`;
    }
    case PH_SACRIFICE:
      if (action === A_SACRIFICE) return undefined;
      if (action !== A_KEEP_SITE) return wrongKind(t, `actions ${A_SACRIFICE} or ${A_KEEP_SITE}`);
      return t.handSize[seat] >= reducedCost(t, seat, t.pendingKind)
        ? undefined
        : `without the sacrifice ${KINDS[t.pendingKind].name} costs more cards than seat ${seat} holds, so the ` +
            `sacrifice is mandatory`;
    default: {
      if (t.phase === PH_EXCHANGE && action === A_FINISH_EXCHANGE) return undefined;
      if (action < A_DISCARD || action >= A_FINISH_EXCHANGE)
        return wrongKind(t, `a discard (actions ${A_DISCARD}..${A_FINISH_EXCHANGE - 1})`);
      const kind = action - A_DISCARD;
      return t.hands[seat * DECK_KINDS + kind] > 0 ? undefined : `seat ${seat} holds no ${KINDS[kind].name}`;
    }
  }
}

export function actionLabel(t: CityPlanPosition, action: number): string {
  if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE) return `action ${action} (not an action)`;
  const seat = toAct(t);
  if (action < A_BUILD) return `play ${ACTION_CARD_NAMES[action]}`;
  if (action < A_DRAW_TWO) {
    const kind = action - A_BUILD;
    return t.phase === PH_BUILD ? `build ${buildLabel(t, seat, kind)}` : `build ${KINDS[kind].name}`;
  }
  if (action === A_DRAW_TWO) return 'draw 2 cards';
  if (action < A_FINISH_EXCHANGE) {
    const name = KINDS[action - A_DISCARD].name;
    if (t.phase === PH_EXCHANGE) return `exchange ${name}`;
    if (t.phase === PH_PAY) return `pay with ${name}`;
    return `discard ${name}`;
  }
  if (action === A_FINISH_EXCHANGE) {
    return t.phase === PH_EXCHANGE ? `finish exchange (draw ${t.setAside.length})` : 'finish exchange';
  }
  if (action === A_SACRIFICE) return `sacrifice ${KINDS[CONSTRUCTION_SITE].name} (${SACRIFICE_DISCOUNT} cards less)`;
  return `keep ${KINDS[CONSTRUCTION_SITE].name}`;
}

/** 'Department Store (1 card, 4 power)' for the seat building it now; '+10 power' for a plant. */
function buildLabel(t: CityPlanPosition, seat: number, kind: number): string {
  const k = KINDS[kind];
  const reduced = reducedCost(t, seat, kind);
  const power = k.type === 'P' ? `+${k.production} power` : `${powerCost(t, seat, kind)} power`;
  let cards = `${reduced} card${reduced === 1 ? '' : 's'}`;
  if (isSacrificeOffered(t, seat, reduced)) cards += ` or ${costAfterSacrifice(reduced)} with the site`;
  return `${k.name} (${cards}, ${power})`;
}

function wrongKind(t: CityPlanPosition, allowed: string): string {
  return `now seat ${toAct(t)} must ${DECISION_TEXT[PHASES[t.phase]]}: ${allowed}`;
}

/** Appends the discard action of every kind the seat holds, ascending. */
function pushHeld(t: CityPlanPosition, seat: number, out: number[]): void {
  const base = seat * DECK_KINDS;
  for (let k = 0; k < DECK_KINDS; k++) if (t.hands[base + k] > 0) out.push(A_DISCARD + k);
}
