/** Tic-tac-toe's constant tables: the grid, the marks and the eight lines. */

export const CELLS = 9;
/** Seat 0 plays X, seat 1 plays O. */
export const MARKS = ['X', 'O'] as const;
export const LINES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** '(row,col)' of a cell index. */
export function cellName(cell: number): string {
  return `(${Math.floor(cell / 3)},${cell % 3})`;
}

/** The seat with three in a line on `board` (-1 for empty cells), or -1. */
export function winnerOf(board: ArrayLike<number>): number {
  for (const [a, b, c] of LINES) if (board[a] !== -1 && board[a] === board[b] && board[b] === board[c]) return board[a];
  return -1;
}
