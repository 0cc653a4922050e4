/** What a seat sees of tic-tac-toe: everything (no hidden information). */
import type { PlayerView } from '../core/game.js';
import { isOver, toAct } from './transitions.js';
import type { TicTacToePosition } from './position.js';

export interface TicTacToeView extends PlayerView {
  /** Per cell: the seat whose mark is there, or -1 for empty. */
  readonly board: number[];
  /** The winning seat, -1 for none (yet) or a draw. */
  readonly winner: number;
  /** The last cell played, -1 before the first move. */
  readonly lastMove: number;
}

export function view(p: TicTacToePosition, seat: number): TicTacToeView {
  return {
    seat,
    players: 2,
    toAct: toAct(p),
    isOver: isOver(p),
    board: Array.from(p.board),
    winner: p.winner,
    lastMove: p.lastMove,
  };
}
