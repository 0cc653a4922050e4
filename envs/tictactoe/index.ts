import type { GameDefinition } from '../core/game.js';
import { ENCODING_VERSION, encodeTicTacToe, observationSize } from './encode.js';
import { GLOSSARY, RULES, describeDecision, renderSvg } from './board.js';
import { renderHtml, renderText } from './render.js';
import { CELLS, LINES, TicTacToeState, type TicTacToeView } from './rules.js';

export type { TicTacToeView } from './rules.js';

/** Lines still open to `player` minus lines open to the opponent, scaled; +-1 once decided. */
function evaluate(state: TicTacToeState, player: number): number {
  const view = state.view(player);
  if (view.isOver) return view.winner === -1 ? 0 : view.winner === player ? 1 : -1;
  let score = 0;
  for (const line of LINES) {
    const owners = line.map((c) => view.board[c]);
    if (owners.every((o) => o !== 1 - player)) score += owners.filter((o) => o === player).length;
    if (owners.every((o) => o !== player)) score -= owners.filter((o) => o === 1 - player).length;
  }
  return Math.max(-0.9, Math.min(0.9, score / 12));
}

export const tictactoe = {
  name: 'tictactoe',
  title: 'Tic-tac-toe',
  description: 'Three in a row on a 3x3 grid; the reference game for testing agents.',
  minPlayers: 2,
  maxPlayers: 2,
  defaultPlayers: 2,
  actionSize: CELLS,
  encodingVersion: ENCODING_VERSION,
  observationSize,
  maxGameLength: () => CELLS,
  newGame: (options) => TicTacToeState.newGame(options),
  fromJSON: (json) => TicTacToeState.fromJSON(json),
  evaluate: (state, player) => evaluate(state as TicTacToeState, player),
  encode: encodeTicTacToe,
  renderText,
  renderHtml,
  renderSvg,
  describeDecision,
  glossary: GLOSSARY,
  rules: RULES,
} satisfies GameDefinition<undefined, TicTacToeView>;
