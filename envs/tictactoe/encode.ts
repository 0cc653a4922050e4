/** The observation: three 3×3 planes, from the observing seat's side. */
import { SegmentWriter, defineLayout } from '../core/segments.js';
import type { TicTacToeView } from './view.js';

export const ENCODING_VERSION = 1;

/** Egocentric planes: my marks first (style G9), then the opponent's, then empty cells. 3 x 9 = 27. */
export const LAYOUT = defineLayout([
  { name: 'mine', size: 9 },
  { name: 'theirs', size: 9 },
  { name: 'empty', size: 9 },
]);

export function encodeTicTacToe(view: TicTacToeView): Float32Array {
  const w = new SegmentWriter(LAYOUT);
  view.board.forEach((owner, cell) => {
    w.set(owner === -1 ? 'empty' : owner === view.seat ? 'mine' : 'theirs', cell, 1);
  });
  return w.finish();
}
