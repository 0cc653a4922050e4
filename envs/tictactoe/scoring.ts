/** Results and the heuristic value of a tic-tac-toe position. */
import { rankByKeys } from '../core/returns.js';
import { LINES } from './components.js';
import { isOver } from './transitions.js';
import type { TicTacToePosition } from './position.js';

/** 1 for the winner, 0 otherwise. */
export function scores(p: TicTacToePosition): number[] {
  return [0, 1].map((seat) => (seat === p.winner ? 1 : 0));
}

/** The winner first; a draw shares first place. */
export function ranking(p: TicTacToePosition): number[] {
  return rankByKeys(scores(p).map((s) => [s]));
}

/** Lines still open to `seat` minus lines open to the opponent, scaled; +-1 once decided. */
export function evaluate(p: TicTacToePosition, seat: number): number {
  if (isOver(p)) return p.winner === -1 ? 0 : p.winner === seat ? 1 : -1;
  let score = 0;
  for (const line of LINES) {
    const owners = line.map((c) => p.board[c]);
    if (owners.every((o) => o !== 1 - seat)) score += owners.filter((o) => o === seat).length;
    if (owners.every((o) => o !== seat)) score -= owners.filter((o) => o === 1 - seat).length;
  }
  return Math.max(-0.9, Math.min(0.9, score / 12));
}
