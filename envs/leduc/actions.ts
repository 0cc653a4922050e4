/**
 * Leduc hold'em's actions: 0 = fold, 1 = call, 2 = raise (OpenSpiel's numbering); at a chance point,
 * the card dealt (its id, 0 = Js ... 5 = Kh).
 */
import { CHANCE } from '../core/game.js';
import type { ActionRange } from '../core/define-game.js';
import { legalIn, whyNot } from './betting.js';
import { CALL, CARDS, FOLD, MAX_RAISES, MOVE_NAMES, RAISE, RAISE_SIZES, cardTitle } from './components.js';
import type { LeducPosition } from './position.js';
import { PUBLIC_DEAL, currentLine, isOver, nextDeal, toAct } from './transitions.js';

export const ACTIONS: readonly ActionRange[] = [
  { first: FOLD, count: 1, meaning: 'Fold: give up the pot; legal only when facing a raise' },
  { first: CALL, count: 1, meaning: 'Call: match the other seat’s chips (a check when nothing is owed)' },
  {
    first: RAISE,
    count: 1,
    meaning:
      `Raise: call, then add ${RAISE_SIZES[0]} chips in round 1 or ${RAISE_SIZES[1]} in round 2 ` +
      `(a bet when nothing is owed); at most ${MAX_RAISES} raises a round`,
  },
];
export const ACTION_SIZE = ACTIONS.reduce((n, r) => n + r.count, 0);

/** Fold facing a raise, call always, raise below the round's cap; [] once the hand is over. */
export function legalActions(p: LeducPosition): number[] {
  return isOver(p) ? [] : legalIn(currentLine(p));
}

/** Why an action in 0..2 is not legal now (the kit has refused the rest). */
export function whyIllegal(p: LeducPosition, action: number): string | undefined {
  return whyNot(currentLine(p), action);
}

/** 'fold', 'call', 'raise' (the same words whether a call checks or a raise bets); at a chance point the deal. */
export function actionLabel(p: LeducPosition, action: number): string {
  if (toAct(p) === CHANCE) {
    const deal = nextDeal(p);
    const card = `${CARDS[action]} (${cardTitle(action)})`;
    return deal === PUBLIC_DEAL ? `turn up ${card} as the public card` : `deal ${card} to seat ${deal}`;
  }
  return MOVE_NAMES[action] ?? `action ${action}`;
}
