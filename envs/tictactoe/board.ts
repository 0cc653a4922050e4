/** The tic-tac-toe board as SVG, and the sentence that asks the seat to act. */
import { SEAT_COLORS, svgBoard } from '../core/board.js';
import { MARKS as MARK } from './components.js';
import type { TicTacToeView } from './view.js';

const CELL = 80;
const MARGIN = 28;

/**
 * The grid with its coordinates (row, column, as the move buttons name cells), marks in seat
 * colours, the last move ringed.
 */
export function renderSvg(view: TicTacToeView): string {
  const size = MARGIN + 3 * CELL + 8;
  const parts: string[] = [];
  for (let i = 0; i < 3; i++) {
    parts.push(
      `<text x="${MARGIN + i * CELL + CELL / 2}" y="18" text-anchor="middle" font-size="14" fill="#667">${i}</text>`,
    );
    parts.push(
      `<text x="12" y="${MARGIN + i * CELL + CELL / 2 + 5}" text-anchor="middle" font-size="14" ` +
        `fill="#667">${i}</text>`,
    );
  }
  for (let cell = 0; cell < 9; cell++) {
    const r = Math.floor(cell / 3);
    const c = cell % 3;
    const x = MARGIN + c * CELL;
    const y = MARGIN + r * CELL;
    const owner = view.board[cell];
    const what = owner === -1 ? 'empty' : `${MARK[owner]} (seat ${owner})`;
    const last = cell === view.lastMove;
    parts.push(
      `<g><title>cell (${r},${c}): ${what}${last ? ', the last move' : ''}</title>` +
        `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${last ? '#fff6d6' : '#fff'}" ` +
        'stroke="#1d2430" stroke-width="2"/>' +
        (owner === -1
          ? ''
          : `<text x="${x + CELL / 2}" y="${y + CELL / 2 + 16}" text-anchor="middle" font-size="48" ` +
            `font-weight="700" fill="${SEAT_COLORS[owner]}">${MARK[owner]}</text>`) +
        (last
          ? `<rect x="${x + 4}" y="${y + 4}" width="${CELL - 8}" height="${CELL - 8}" fill="none" ` +
            'stroke="#E69F00" stroke-width="3"/>'
          : '') +
        '</g>',
    );
  }
  const last =
    view.lastMove >= 0
      ? `The last move was cell (${Math.floor(view.lastMove / 3)},${view.lastMove % 3}).`
      : 'No move yet.';
  const description = `Rows and columns are numbered 0 to 2. ${last}`;
  return svgBoard(size, size, 'Tic-tac-toe board', parts.join(''), description);
}

export function describeDecision(view: TicTacToeView): string {
  if (view.isOver || view.seat < 0 || view.toAct !== view.seat) return '';
  return `Place your ${MARK[view.seat]} in an empty cell: three in a row, column or diagonal wins.`;
}
