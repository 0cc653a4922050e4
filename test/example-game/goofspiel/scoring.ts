/** Goofspiel's results: prize points, most first. */
import { rankByKeys } from '../../../envs/index.js';
import { CARDS } from './components.js';
import type { GoofspielPosition } from './position.js';

export const scores = (p: GoofspielPosition): number[] => Array.from(p.points);
export const ranking = (p: GoofspielPosition): number[] => rankByKeys(scores(p).map((s) => [s]));

/** The point lead as a share of all prize points. */
export function evaluate(p: GoofspielPosition, seat: number): number {
  return (p.points[seat] - p.points[1 - seat]) / ((CARDS * (CARDS + 1)) / 2);
}
