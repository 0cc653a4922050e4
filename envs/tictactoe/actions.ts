/** Tic-tac-toe's actions: 0..8 mark the cell row·3 + column. */
import type { ActionRange } from '../core/define-game.js';
import { CELLS, MARKS, cellName } from './components.js';
import { isOver } from './transitions.js';
import type { TicTacToePosition } from './position.js';

export const ACTION_SIZE = CELLS;
export const ACTIONS: readonly ActionRange[] = [
  { first: 0, count: CELLS, meaning: 'Mark cell row·3 + column (rows and columns 0..2 from the top left)' },
];

export function legalActions(p: TicTacToePosition): number[] {
  if (isOver(p)) return [];
  const out: number[] = [];
  for (let i = 0; i < CELLS; i++) if (p.board[i] === -1) out.push(i);
  return out;
}

export function whyIllegal(p: TicTacToePosition, action: number): string | undefined {
  return p.board[action] === -1 ? undefined : `cell ${cellName(action)} is taken`;
}

/** 'x(1,2)': the mark of the seat to act and the cell. */
export function actionLabel(p: TicTacToePosition, action: number): string {
  return `${MARKS[p.moves % 2].toLowerCase()}${cellName(action)}`;
}
