/** Results (§7.4) and the heuristic value of a Philadelphia position. */
import { rankByKeys, returnsFromRanking } from '../core/returns.js';
import { INDUSTRIES, KIND_COUNT, WIN_VP, regularKind } from './components.js';
import type { PhiladelphiaPosition } from './position.js';
import { isOver } from './transitions.js';

/** §7.4: VP, then gold, both descending; equal seats share a place (natural end and cap alike). */
export function ranking(t: PhiladelphiaPosition): number[] {
  const keys: number[][] = [];
  for (let s = 0; s < t.players; s++) keys.push([t.vp[s], t.gold[s]]);
  return rankByKeys(keys);
}

/** §7.4: each seat's VP. */
export function scores(t: PhiladelphiaPosition): number[] {
  return t.vp.slice();
}

const N_OF_A_KIND_VP = [0, 0, 1, 3, 5];

/**
 * VP the seat's hand could submit, estimated greedily: n-of-a-kind per regular name, then Flush
 * 3/4 from the names left with a single card. A heuristic for evaluate, not a rule.
 */
function handPotential(t: PhiladelphiaPosition, seat: number): number {
  let vp = 0;
  for (let i = 0; i < INDUSTRIES; i++) {
    let singles = 0;
    for (let j = 0; j < 4; j++) {
      const c = t.hands[seat * KIND_COUNT + regularKind(4 * i + j)];
      if (c === 1) singles++;
      else vp += N_OF_A_KIND_VP[Math.min(c, 4)];
    }
    vp += singles === 4 ? 3 : singles === 3 ? 2 : 0;
  }
  return vp;
}

/**
 * Heuristic value for search and greedy play: the return once the game is over; before, the
 * margin of (VP + 0.6 x hand potential + gold / 10) against each opponent through tanh, weighted
 * up as the leader nears 10 VP, kept strictly inside (-1, 1).
 */
export function evaluate(t: PhiladelphiaPosition, seat: number): number {
  if (isOver(t)) return returnsFromRanking(ranking(t))[seat];
  const n = t.players;
  const worth = (s: number) => t.vp[s] + 0.6 * Math.min(handPotential(t, s), WIN_VP) + t.gold[s] / 10;
  const mine = worth(seat);
  let top = 0;
  let sum = 0;
  for (let s = 0; s < n; s++) {
    top = Math.max(top, t.vp[s]);
    if (s !== seat) sum += Math.tanh((mine - worth(s)) / 4);
  }
  const urgency = 0.6 + 0.35 * Math.min(1, top / WIN_VP);
  return (urgency * sum) / (n - 1);
}
