/**
 * Tic-tac-toe's position, declared once: clone, toJSON and the checked fromJSON come from here
 * (envs/core/position.ts). `moves` and `winner` follow from the board, so they are not saved;
 * `check` restores them when a saved game loads.
 */
import { definePosition, field, type Position } from '../core/position.js';
import { CELLS, winnerOf } from './components.js';

const GAME = 'tictactoe';

export const POSITION = definePosition({
  game: GAME,
  version: 2,
  minPlayers: 2,
  maxPlayers: 2,
  fields: {
    /** Per cell: the seat whose mark is there, or -1. */
    board: field.typed(Int8Array, CELLS, { min: -1, max: 1, fill: -1 }),
    /** The last cell marked, -1 before the first move. */
    lastMove: field.int(-1, CELLS - 1, -1),
    /** Marks on the board (derived). */
    moves: field.int(0, CELLS),
    /** The seat with three in a line, -1 for none (derived). */
    winner: field.int(-1, 1, -1),
  },
  unsaved: ['moves', 'winner'],
  check(p, bad) {
    const xs = p.board.filter((c) => c === 0).length;
    const os = p.board.filter((c) => c === 1).length;
    if (xs !== os && xs !== os + 1) bad(`board has ${xs} X and ${os} O marks; X moves first, so X = O or O + 1`);
    if ((p.lastMove === -1) !== (xs + os === 0))
      bad(`lastMove ${p.lastMove} does not fit a board with ${xs + os} marks`);
    if (p.lastMove >= 0 && p.board[p.lastMove] !== (xs + os - 1) % 2) {
      bad(`lastMove ${p.lastMove} is not a mark of the seat that moved last`);
    }
    p.moves = xs + os;
    p.winner = winnerOf(p.board);
  },
  migrations: {
    // Version 1 (before the position kit) saved { game, board, lastMove }: two seats always.
    1: (json) => ({ ...json, version: 2, players: 2 }),
  },
});

export type TicTacToePosition = Position<typeof POSITION.spec.fields>;
