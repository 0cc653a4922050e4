/** Results (§7) and the heuristic value of a Filthy Rich position. */
import { rankByKeys, returnsFromRanking } from '../core/returns.js';
import { visibleAt } from './binder.js';
import { BUSINESSES, LUXURIES_TO_WIN, MAX_PLAYERS, PH_OVER, SLOTS } from './components.js';
import { luxuryValue, taxOwed } from './economy.js';
import type { FilthyRichPosition } from './position.js';

/**
 * §7: the winner first; players still in by luxuries, their total price, then cash; eliminated
 * players below, later eliminations higher. In the all-bankrupt end (§4.5) the players of the
 * last event rank above earlier ones, by luxuries, then cash just before that payment step.
 */
export function ranking(p: FilthyRichPosition): number[] {
  const lastEvent = p.bankrupt ? p.taxElim : [];
  const keys: number[][] = [];
  for (let s = 0; s < p.players; s++) {
    if (s === p.winner) keys.push([3]);
    else if (p.elim[s] === 0) keys.push([2, p.luxCount[s], luxuryValue(p, s), p.cash[s]]);
    else if (lastEvent.includes(s)) keys.push([1, MAX_PLAYERS + 1, p.luxCount[s], p.preTaxCash[s]]);
    else keys.push([1, p.elim[s]]);
  }
  return rankByKeys(keys);
}

/** §7: luxuries owned; 0 for eliminated players. */
export function scores(p: FilthyRichPosition): number[] {
  return Array.from({ length: p.players }, (_, s) => (p.elim[s] === 0 ? p.luxCount[s] : 0));
}

/** What a seat's businesses cost to open (public). */
function businessCostOf(p: FilthyRichPosition, seat: number): number {
  let sum = 0;
  for (let b = 0; b < BUSINESSES.length; b++) if (p.bizOwner[b] === seat) sum += BUSINESSES[b].cost;
  return sum;
}

/** Sum of the hit values of a seat's visible sign cards at the current page: its expected income per die × 10. */
function incomeOf(p: FilthyRichPosition, seat: number): number {
  let sum = 0;
  for (let slot = 1; slot <= SLOTS; slot++) {
    const b = visibleAt(p, slot);
    if (b >= 0 && p.bizOwner[b] === seat) sum += BUSINESSES[b].hit;
  }
  return sum;
}

/**
 * Chance of going bankrupt before one's next turn when cash covers less than one, two or three
 * times the tax base: every roll of every player can start a tax event (up to 34% a roll at page
 * 4) and several zeros multiply it. Tuned on greedy play against random play (see the README).
 */
const DANGER: readonly number[] = [0.95, 0.75, 0.45];

/**
 * Heuristic value for search and greedy play: the return once the game is over; before, progress
 * toward three luxuries against the best rival, kept strictly inside (-1, 1). A seat's progress
 * counts luxuries, wealth with diminishing weight (cash plus most of what its businesses cost, so
 * opening a business is no loss but selling one is) and income from visible signs, and is pulled
 * toward -1 (elimination) by the danger of a tax it could not pay.
 */
export function evaluate(p: FilthyRichPosition, player: number): number {
  if (p.phase === PH_OVER) return returnsFromRanking(ranking(p))[player];
  const progress = (seat: number): number => {
    if (p.elim[seat] !== 0) return -1;
    const cash = p.cash[seat];
    const wealth = cash + 0.7 * businessCostOf(p, seat);
    // $25 of wealth is worth about half a cheap luxury; wealth never counts as much as a luxury.
    const standing = p.luxCount[seat] + 0.8 * (1 - Math.exp(-wealth / 25)) + Math.min(0.3, incomeOf(p, seat) / 40);
    // What one tax with k = 1 takes: max(0, T − R) of §4.5.
    const base = taxOwed(p, seat, 1);
    const covered = base === 0 ? DANGER.length : Math.floor(cash / base);
    const danger = covered < DANGER.length ? DANGER[covered] : 0;
    return (1 - danger) * standing - danger;
  };
  const mine = progress(player);
  let best = -Infinity;
  for (let s = 0; s < p.players; s++) if (s !== player) best = Math.max(best, progress(s));
  // Progress lies in [-1, LUXURIES_TO_WIN + 1.1), so the margin is below 5.1 in size.
  const value = (mine - best) / (LUXURIES_TO_WIN + 3);
  return Math.max(-0.95, Math.min(0.95, value));
}
