/** Tic-tac-toe's flow: an empty grid, X first, a mark per turn, three in a line or a full grid ends it. */
import type { Rng } from '../core/rng.js';
import { CELLS, LINES } from './components.js';
import { POSITION, type TicTacToePosition } from './position.js';

/** A new game: nothing to deal and no chance, so the seed changes nothing. */
export function setup(players: number): TicTacToePosition {
  return POSITION.create(players);
}

export function toAct(p: TicTacToePosition): number {
  return isOver(p) ? -1 : p.moves % 2;
}

export function isOver(p: TicTacToePosition): boolean {
  return p.winner !== -1 || p.moves === CELLS;
}

/** Marks `cell` for the seat to act (the kit checked it is empty). */
export function apply(p: TicTacToePosition, cell: number): void {
  const seat = p.moves % 2;
  p.board[cell] = seat;
  p.lastMove = cell;
  p.moves++;
  if (LINES.some((line) => line.includes(cell) && line.every((c) => p.board[c] === seat))) p.winner = seat;
}

/** Nothing is hidden and there is no chance: every consistent world is this one. */
export function determinize(p: TicTacToePosition, _seat: number, _rng: Rng): TicTacToePosition {
  return POSITION.clone(p);
}
