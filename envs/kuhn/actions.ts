/** Kuhn poker's actions: 0 = pass, 1 = bet (OpenSpiel's numbering); at a chance point, the card dealt. */
import { CHANCE } from '../core/game.js';
import type { ActionRange } from '../core/define-game.js';
import { BET, CARD_TITLES, CARDS, PASS } from './components.js';
import type { KuhnPosition } from './position.js';
import { isOver, toAct } from './transitions.js';

export const ACTIONS: readonly ActionRange[] = [
  { first: PASS, count: 1, meaning: 'Pass: check when no bet is open, fold when facing a bet' },
  { first: BET, count: 1, meaning: 'Bet: put one chip in (a bet), or match an open bet (a call)' },
];
export const ACTION_SIZE = ACTIONS.reduce((n, r) => n + r.count, 0);

const BOTH = [PASS, BET];

/** Both actions, every turn, until the hand is over. */
export function legalActions(p: KuhnPosition): number[] {
  return isOver(p) ? [] : BOTH.slice();
}

/** 'pass' and 'bet' (the same words whether they check, fold, bet or call); at a chance point the deal. */
export function actionLabel(p: KuhnPosition, action: number): string {
  if (toAct(p) === CHANCE) {
    const seat = p.cards[0] < 0 ? 0 : 1;
    return `deal ${CARDS[action]} (${CARD_TITLES[CARDS[action]]}) to seat ${seat}`;
  }
  return action === BET ? 'bet' : 'pass';
}
