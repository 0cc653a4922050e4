/**
 * Tic-tac-toe (2 players): the reference game for testing agents, as OpenSpiel and PettingZoo keep
 * one. Seat 0 plays X and moves first. No chance, no hidden information. Config: none.
 * Actions 0..8 are the cells, row * 3 + column.
 */
import { z } from 'zod';
import { IllegalActionError } from '../core/errors.js';
import { parseSavedState } from '../core/saved-state.js';
import type { GameState, NewGameOptions, PlayerView } from '../core/game.js';
import { assertPlayerCount } from '../core/registry.js';
import { rankByKeys } from '../core/returns.js';
import type { Rng } from '../core/rng.js';
import { encodeTicTacToe } from './encode.js';

export const CELLS = 9;
export const MARKS = ['x', 'o'] as const;
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

export interface TicTacToeView extends PlayerView {
  /** Per cell: the seat whose mark is there, or -1 for empty. */
  readonly board: number[];
  /** The winning seat, -1 for none (yet) or a draw. */
  readonly winner: number;
  /** The last cell played, -1 before the first move. */
  readonly lastMove: number;
}

const StateJson = z.object({
  game: z.literal('tictactoe'),
  board: z.array(z.number().int().min(-1).max(1)).length(CELLS),
  lastMove: z
    .number()
    .int()
    .min(-1)
    .max(CELLS - 1),
});

export class TicTacToeState implements GameState<TicTacToeView> {
  readonly players = 2;

  private constructor(
    private board: Int8Array,
    private lastMove: number,
    private moves: number,
    private winner: number,
  ) {}

  static newGame(options: NewGameOptions): TicTacToeState {
    assertPlayerCount({ name: 'tictactoe', minPlayers: 2, maxPlayers: 2 }, options.players);
    return new TicTacToeState(new Int8Array(CELLS).fill(-1), -1, 0, -1);
  }

  static fromJSON(json: unknown): TicTacToeState {
    const { data, bad } = parseSavedState('tictactoe', StateJson, json);
    const board = Int8Array.from(data.board);
    const xs = board.filter((c) => c === 0).length;
    const os = board.filter((c) => c === 1).length;
    if (xs !== os && xs !== os + 1) bad(`board has ${xs} X and ${os} O marks`);
    const state = new TicTacToeState(board, data.lastMove, xs + os, winnerOf(board));
    return state;
  }

  currentPlayer(): number {
    return this.isTerminal() ? -1 : this.moves % 2;
  }

  legalActions(): number[] {
    if (this.isTerminal()) return [];
    const out: number[] = [];
    for (let i = 0; i < CELLS; i++) if (this.board[i] === -1) out.push(i);
    return out;
  }

  applyAction(action: number): void {
    const reason = this.whyIllegal(action);
    if (reason !== undefined) {
      throw new IllegalActionError(
        'tictactoe',
        this.currentPlayer(),
        action,
        reason,
        this.legalActions().map((a) => `${a}=${this.actionToString(a)}`),
      );
    }
    const seat = this.moves % 2;
    this.board[action] = seat;
    this.lastMove = action;
    this.moves++;
    if (isLineThrough(this.board, action, seat)) this.winner = seat;
  }

  private whyIllegal(action: number): string | undefined {
    if (this.isTerminal()) return 'the game is over';
    if (!Number.isInteger(action) || action < 0 || action >= CELLS) return `actions are 0..${CELLS - 1}`;
    if (this.board[action] !== -1) return `cell ${cellName(action)} is taken`;
    return undefined;
  }

  isTerminal(): boolean {
    return this.winner !== -1 || this.moves === CELLS;
  }

  isTruncated(): boolean {
    return false;
  }

  ranking(): number[] {
    return rankByKeys(this.scores().map((s) => [s]));
  }

  /** 1 for the winner, 0 otherwise. */
  scores(): number[] {
    return [0, 1].map((seat) => (seat === this.winner ? 1 : 0));
  }

  view(player: number): TicTacToeView {
    return {
      seat: player,
      players: 2,
      toAct: this.currentPlayer(),
      isOver: this.isTerminal(),
      board: Array.from(this.board),
      winner: this.winner,
      lastMove: this.lastMove,
    };
  }

  observation(player: number): Float32Array {
    return encodeTicTacToe(this.view(player));
  }

  /** Nothing is hidden and there is no chance: every consistent world is this one. */
  determinize(_player: number, _rng: Rng): TicTacToeState {
    return this.clone();
  }

  clone(): TicTacToeState {
    return new TicTacToeState(this.board.slice(), this.lastMove, this.moves, this.winner);
  }

  actionToString(action: number): string {
    return `${MARKS[this.moves % 2]}${cellName(action)}`;
  }

  toJSON(): unknown {
    return { game: 'tictactoe', board: Array.from(this.board), lastMove: this.lastMove };
  }
}

/** '(row,col)' of a cell index. */
export function cellName(cell: number): string {
  return `(${Math.floor(cell / 3)},${cell % 3})`;
}

function isLineThrough(board: Int8Array, cell: number, seat: number): boolean {
  return LINES.some((line) => line.includes(cell) && line.every((c) => board[c] === seat));
}

export function winnerOf(board: ArrayLike<number>): number {
  for (const [a, b, c] of LINES) if (board[a] !== -1 && board[a] === board[b] && board[b] === board[c]) return board[a];
  return -1;
}
