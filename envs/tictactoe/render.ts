/** Tic-tac-toe as text (terminals) and as an HTML table. */
import { escapeHtml } from '../core/html.js';
import { MARKS as MARK } from './components.js';
import type { TicTacToeView } from './view.js';

function statusLine(view: TicTacToeView): string {
  const me = view.seat >= 0 ? `You are ${MARK[view.seat]} (seat ${view.seat}).` : 'Spectator view.';
  if (!view.isOver) return `${me} ${view.toAct === view.seat ? 'Your move.' : `${MARK[view.toAct]} to move.`}`;
  if (view.winner === -1) return `${me} Draw.`;
  return `${me} ${MARK[view.winner]} wins${view.winner === view.seat ? ': you win!' : '.'}`;
}

export function renderText(view: TicTacToeView): string {
  const cell = (i: number) => (view.board[i] === -1 ? '.' : MARK[view.board[i]]);
  const rows = [0, 1, 2].map((r) => `  ${r} ${cell(r * 3)} ${cell(r * 3 + 1)} ${cell(r * 3 + 2)}`);
  return ['    0 1 2', ...rows, statusLine(view)].join('\n');
}

export function renderHtml(view: TicTacToeView): string {
  const rows = [0, 1, 2]
    .map(
      (r) =>
        `<tr>${[0, 1, 2]
          .map((c) => {
            const owner = view.board[r * 3 + c];
            const last = r * 3 + c === view.lastMove ? ' class="last"' : '';
            return `<td${last}>${owner === -1 ? '&nbsp;' : MARK[owner]}</td>`;
          })
          .join('')}</tr>`,
    )
    .join('');
  return (
    `<section class="game tictactoe"><table class="board">${rows}</table>` +
    `<p>${escapeHtml(statusLine(view))}</p></section>`
  );
}
