/** The observation: three 3×3 planes, from the observing seat's side. */
import { SegmentWriter, defineLayout } from '../core/segments.js';
import type { TicTacToePosition } from './position.js';
import type { TicTacToeView } from './view.js';

export const ENCODING_VERSION = 1;

/** Egocentric planes: my marks first (style G9), then the opponent's, then empty cells. 3 x 9 = 27. */
export const LAYOUT = defineLayout([
  { name: 'mine', size: 9, meaning: 'cells 0–8 (row by row) holding the observing seat’s mark: 1, else 0' },
  { name: 'theirs', size: 9, meaning: 'cells holding the other seat’s mark (both seats’ marks for the spectator)' },
  { name: 'empty', size: 9, meaning: 'empty cells' },
]);

export function encodeTicTacToe(view: TicTacToeView): Float32Array {
  const w = new SegmentWriter(LAYOUT);
  view.board.forEach((owner, cell) => {
    w.set(owner === -1 ? 'empty' : owner === view.seat ? 'mine' : 'theirs', cell, 1);
  });
  return w.finish();
}

const MINE = LAYOUT.offsets.mine;
const THEIRS = LAYOUT.offsets.theirs;
const EMPTY = LAYOUT.offsets.empty;

/** encodeTicTacToe(view(p, seat)) written straight from the position (the kit zeroed the range). */
export function encodeTicTacToeInto(p: TicTacToePosition, seat: number, out: Float32Array, offset: number): void {
  const board = p.board;
  for (let cell = 0; cell < 9; cell++) {
    const owner = board[cell];
    out[offset + (owner === -1 ? EMPTY : owner === seat ? MINE : THEIRS) + cell] = 1;
  }
}
