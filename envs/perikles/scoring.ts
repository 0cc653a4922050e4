/** Perikles results (§7) and the heuristic value of a position for search and greedy play. */
import { rankByKeys, returnsFromRanking } from '../core/returns.js';
import { score, statueCount } from './battle.js';
import { CITY_COUNT, PH_OVER, statueValue } from './components.js';
import type { PeriklesPosition } from './position.js';

/** §7: Location VP + statues at the current defeat counts + cubes on the board. */
export function scores(t: PeriklesPosition): number[] {
  return Array.from({ length: t.players }, (_, s) => score(t, s));
}

/** §7: by score, then Location VP, then statues; equal in all three share a place. */
export function ranking(t: PeriklesPosition): number[] {
  return rankByKeys(Array.from({ length: t.players }, (_, s) => [score(t, s), t.tileVp[s], statueCount(t, s)]));
}

/**
 * Heuristic value for search and greedy play: the return once the game is over; before, my
 * projected score (current score plus the statues my current Leaderships will become at the end
 * of the turn) against the best and the average of the others, squashed strictly inside (-1, 1).
 */
export function evaluate(t: PeriklesPosition, player: number): number {
  if (t.phase === PH_OVER) return returnsFromRanking(ranking(t))[player];
  const projected = scores(t);
  for (let c = 0; c < CITY_COUNT; c++) if (t.leader[c] >= 0) projected[t.leader[c]] += statueValue(c, t.defeats[c]);
  let best = -Infinity;
  let sum = 0;
  for (let s = 0; s < projected.length; s++) {
    if (s === player) continue;
    best = Math.max(best, projected[s]);
    sum += projected[s];
  }
  const average = sum / (projected.length - 1);
  const margin = 0.6 * (projected[player] - best) + 0.4 * (projected[player] - average);
  return 0.95 * Math.tanh(margin / 15);
}
