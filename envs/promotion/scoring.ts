/** Results (§7.2, §7.3) and the heuristic value of a Promotion position. */
import { rankByKeys, returnsFromRanking } from '../core/returns.js';
import { PLAYERS, POPCOUNT4 } from './components.js';
import { PH_OVER, highestRank, kingHolders, rankSum, type PromotionPosition } from './position.js';

const SEATS: readonly number[] = [0, 1, 2, 3];

/**
 * §7.2: at a natural end every King holder is first and all others share place = number of
 * winners. At the cap, and as a provisional order during play, the §7.3 keys: highest field
 * card, then the sum of the four ranks.
 */
export function ranking(p: PromotionPosition): number[] {
  const kings = kingHolders(p);
  if (p.phase === PH_OVER && !p.truncated && kings !== 0) {
    const winners = POPCOUNT4[kings];
    return SEATS.map((s) => (kings & (1 << s) ? 0 : winners));
  }
  return rankByKeys(SEATS.map((s) => [highestRank(p, s), rankSum(p, s)]));
}

/** §7.2: the rank of each seat's highest field card (13 for a King holder). */
export function scores(p: PromotionPosition): number[] {
  return SEATS.map((s) => highestRank(p, s));
}

/**
 * Heuristic value for search and greedy play (architecture `evaluate`): the return once the game
 * is over; before, progress toward a King (my highest card against the best opponent's, then my
 * sum against theirs), kept strictly inside (-1, 1).
 */
export function evaluate(p: PromotionPosition, seat: number): number {
  if (p.phase === PH_OVER) return returnsFromRanking(ranking(p))[seat];
  let theirTop = 0;
  let theirSum = 0;
  for (let other = 0; other < PLAYERS; other++) {
    if (other === seat) continue;
    theirTop = Math.max(theirTop, highestRank(p, other));
    theirSum += rankSum(p, other) / (PLAYERS - 1);
  }
  // Before the end ranks are 5..12, so the top gap is at most 7 and the sum gap at most 48 - 26 = 22.
  const value = 0.7 * ((highestRank(p, seat) - theirTop) / 8) + 0.2 * ((rankSum(p, seat) - theirSum) / 32);
  return Math.max(-0.95, Math.min(0.95, value));
}
