/**
 * The derived facts of §2-§4 about the players' holdings: assets owned, who is still in the game,
 * $ symbols and tax owed, hand limits, luxuries and what may be bought. Pure reads of the position.
 */
import {
  ACTION_TYPE_BASE,
  ASSETS,
  BUSINESSES,
  CONNECTIONS_RELIEF,
  HAND_LIMIT,
  LUXURIES,
  LUX_AVAILABLE,
  PERSONAL_ASSISTANT,
  POLITICAL_CONNECTIONS,
} from './components.js';
import type { FilthyRichPosition } from './position.js';

export const hasAsset = (p: FilthyRichPosition, seat: number, kind: number): boolean =>
  (p.assets[seat] & (1 << kind)) !== 0;

export function aliveCount(p: FilthyRichPosition): number {
  let n = 0;
  for (let s = 0; s < p.players; s++) if (p.elim[s] === 0) n++;
  return n;
}

/** The first seat clockwise after `seat` that is still in the game. */
export function nextAlive(p: FilthyRichPosition, seat: number): number {
  for (let i = 1; i <= p.players; i++) {
    const s = (seat + i) % p.players;
    if (p.elim[s] === 0) return s;
  }
  return seat;
}

/** §4.5 T: $ symbols on a seat's businesses, assets and luxuries (before any reduction). */
export function symbolsOf(p: FilthyRichPosition, seat: number): number {
  let sum = 0;
  for (let b = 0; b < BUSINESSES.length; b++) if (p.bizOwner[b] === seat) sum += BUSINESSES[b].tax;
  const owned = p.assets[seat];
  for (let k = 0; k < ASSETS.length; k++) if (owned & (1 << k)) sum += ASSETS[k].tax;
  for (let l = 0; l < LUXURIES.length; l++) if (p.luxOwner[l] === seat) sum += LUXURIES[l].tax;
  return sum;
}

/** §4.5: k × max(0, T − R), R = 2 with Political Connections. */
export function taxOwed(p: FilthyRichPosition, seat: number, k: number): number {
  const relief = hasAsset(p, seat, POLITICAL_CONNECTIONS) ? CONNECTIONS_RELIEF : 0;
  return k * Math.max(0, symbolsOf(p, seat) - relief);
}

export const handLimit = (p: FilthyRichPosition, seat: number): number =>
  HAND_LIMIT + (hasAsset(p, seat, PERSONAL_ASSISTANT) ? 1 : 0);

export function luxuryValue(p: FilthyRichPosition, seat: number): number {
  let sum = 0;
  for (let l = 0; l < LUXURIES.length; l++) if (p.luxOwner[l] === seat) sum += LUXURIES[l].price;
  return sum;
}

export const canBuy = (p: FilthyRichPosition, seat: number, lux: number): boolean =>
  p.luxOwner[lux] === LUX_AVAILABLE && LUXURIES[lux].price <= p.cash[seat];

/** F1 is asked only while some BUY or SELL is legal (§9). */
export function anyBuyOrSell(p: FilthyRichPosition, seat: number): boolean {
  if (p.bizCount[seat] > 0) return true;
  for (let l = 0; l < LUXURIES.length; l++) if (canBuy(p, seat, l)) return true;
  return false;
}

/** §4.9: the smallest bid the asked bidder may make now. */
export const minimumBid = (p: FilthyRichPosition): number =>
  p.aucBidder < 0 ? LUXURIES[p.aucLux].price : p.aucHigh + 1;

/** The action card kind being resolved, or -1. */
export const playedAction = (p: FilthyRichPosition): number =>
  p.played >= ACTION_TYPE_BASE ? p.played - ACTION_TYPE_BASE : -1;
