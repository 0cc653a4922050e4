/** Goofspiel's actions: 0..CARDS-1 bid the card of value action + 1. */
import type { ActionRange } from '../../../envs/index.js';
import { CARDS, cardName } from './components.js';
import type { GoofspielPosition } from './position.js';
import { isOver, toAct } from './transitions.js';

export const ACTION_SIZE = CARDS;
export const ACTIONS: readonly ActionRange[] = [{ first: 0, count: CARDS, meaning: 'Bid the card of value n + 1' }];

export function legalActions(p: GoofspielPosition): number[] {
  if (isOver(p)) return [];
  const seat = toAct(p);
  const out: number[] = [];
  for (let v = 0; v < CARDS; v++) if (p.hands[seat * CARDS + v]) out.push(v);
  return out;
}

export function whyIllegal(p: GoofspielPosition, action: number): string | undefined {
  return p.hands[toAct(p) * CARDS + action] ? undefined : `card ${cardName(action + 1)} is not in your hand`;
}

export function actionLabel(_p: GoofspielPosition, action: number): string {
  return `bid ${cardName(action + 1)}`;
}
