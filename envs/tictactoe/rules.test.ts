import { describe, expect, test } from 'vitest';
import { IllegalActionError, actionNamed, playNamed, returnsFromRanking } from '../index.js';
import { tictactoe } from './index.js';
import type { GameState } from '../core/game.js';
import type { TicTacToeView } from './view.js';

type TicTacToeState = GameState<TicTacToeView>;

const after = (...moves: string[]) => playNamed(tictactoe.newGame({ players: 2, seed: 0 }), ...moves);

/** Distinct positions reachable from the empty board, terminal ones included. */
function countReachable(): number {
  const seen = new Set<string>();
  const walk = (s: TicTacToeState) => {
    const key = (s.toJSON() as { board: number[] }).board.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    for (const a of s.legalActions()) {
      const next = s.clone();
      next.applyAction(a);
      walk(next);
    }
  };
  walk(tictactoe.newGame({ players: 2, seed: 0 }));
  return seen.size;
}

describe('tictactoe', () => {
  test('a full column wins for the player who completes it', () => {
    const s = after('x(0,0)', 'o(1,1)', 'x(1,0)', 'o(2,2)', 'x(2,0)');
    expect(s.isTerminal()).toBe(true);
    expect(s.ranking()).toEqual([0, 1]);
    expect(returnsFromRanking(s.ranking())).toEqual([1, -1]);
    expect(s.currentPlayer()).toBe(-1);
  });

  test.each([
    ['row', ['x(1,0)', 'o(0,0)', 'x(1,1)', 'o(0,1)', 'x(1,2)'], 0],
    ['diagonal', ['x(0,0)', 'o(0,1)', 'x(1,1)', 'o(0,2)', 'x(2,2)'], 0],
    ['anti-diagonal for O', ['x(0,0)', 'o(0,2)', 'x(0,1)', 'o(1,1)', 'x(2,2)', 'o(2,0)'], 1],
  ])('a %s wins', (_name, moves, winner) => {
    const s = after(...moves);
    expect(s.view(0).winner).toBe(winner);
    expect(s.scores()[winner]).toBe(1);
  });

  test('a full board without a line is a draw: both seats share first place', () => {
    const s = after('x(0,0)', 'o(1,1)', 'x(2,2)', 'o(0,1)', 'x(2,1)', 'o(2,0)', 'x(0,2)', 'o(1,2)', 'x(1,0)');
    expect(s.isTerminal()).toBe(true);
    expect(s.ranking()).toEqual([0, 0]);
    expect(returnsFromRanking(s.ranking())).toEqual([0, 0]);
  });

  test('exhaustive search reaches exactly 5,478 distinct positions', () => {
    expect(countReachable()).toBe(5478);
  });

  test('playing a taken cell is rejected, naming the seat and the legal moves, and changes nothing', () => {
    const s = after('x(1,1)');
    const before = JSON.stringify(s.toJSON());
    expect(() => s.applyAction(4)).toThrow(IllegalActionError);
    expect(() => s.applyAction(4)).toThrow(
      /seat 1 cannot take action 4 \(cell \(1,1\) is taken\)\. Legal now: 0=o\(0,0\)/,
    );
    expect(JSON.stringify(s.toJSON())).toBe(before);
  });

  test('actionNamed lists the legal names when a name is wrong', () => {
    expect(() => actionNamed(after(), 'x(3,3)')).toThrow(/'x\(0,0\)'/);
  });

  test('the observation is egocentric: my marks first', () => {
    const s = after('x(0,0)', 'o(2,2)');
    const forX = s.observation(0);
    const forO = s.observation(1);
    expect(forX[0]).toBe(1); // mine, cell 0
    expect(forO[9 + 0]).toBe(1); // theirs, cell 0
    expect(forO[8]).toBe(1); // mine, cell 8
    expect(forX[18 + 4]).toBe(1); // empty, centre
  });

  test('fromJSON rejects an impossible board', () => {
    expect(() =>
      tictactoe.fromJSON({ game: 'tictactoe', board: [0, 0, 0, -1, -1, -1, -1, -1, -1], lastMove: 2 }),
    ).toThrow(/3 X and 0 O/);
  });

  test('evaluate is +1 for the winner and strictly inside (-1, 1) before the end', () => {
    const won = after('x(0,0)', 'o(1,1)', 'x(1,0)', 'o(2,2)', 'x(2,0)');
    expect(tictactoe.evaluate(won, 0)).toBe(1);
    expect(tictactoe.evaluate(won, 1)).toBe(-1);
    const open = after('x(1,1)');
    expect(tictactoe.evaluate(open, 0)).toBeGreaterThan(0);
    expect(tictactoe.evaluate(open, 0)).toBeLessThan(1);
  });
});

describe('tictactoe saved states', () => {
  test('a saved game carries its format version and seat count, and loads to the same position', () => {
    const s = after('x(0,0)', 'o(1,1)');
    const json = s.toJSON() as Record<string, unknown>;
    expect(json).toEqual({
      game: 'tictactoe',
      version: 2,
      players: 2,
      board: [0, -1, -1, -1, 1, -1, -1, -1, -1],
      lastMove: 4,
    });
    const loaded = tictactoe.fromJSON(json);
    expect(loaded.legalActions()).toEqual(s.legalActions());
    expect(loaded.currentPlayer()).toBe(0);
  });

  test('a version-1 save (before the position kit) still loads', () => {
    const loaded = tictactoe.fromJSON({ game: 'tictactoe', board: [0, 0, 0, 1, 1, -1, -1, -1, -1], lastMove: 2 });
    expect(loaded.isTerminal()).toBe(true);
    expect(loaded.ranking()).toEqual([0, 1]);
  });

  test.each([
    [
      { game: 'tictactoe', version: 2, players: 2, board: [0, 0, -1, -1, -1, -1, -1, -1, -1], lastMove: 1 },
      /2 X and 0 O/,
    ],
    [
      { game: 'tictactoe', version: 2, players: 2, board: [0, 1, -1, -1, -1, -1, -1, -1, -1], lastMove: 0 },
      /lastMove 0/,
    ],
    [{ game: 'tictactoe', version: 3, players: 2 }, /version 3 is not one this build reads \(1\.\.2\)/],
    [{ game: 'tictactoe', version: 2, players: 3 }, /players is 3; the game takes 2\.\.2/],
    [{ game: 'tictactoe', version: 2, players: 2, board: [0], lastMove: -1 }, /board/],
    [{ game: 'tictactoe', version: 2, players: 2, board: new Array(9).fill(-1), lastMove: -1, extra: 1 }, /extra/],
  ])('a malformed save is refused, naming the problem: %j', (json, message) => {
    expect(() => tictactoe.fromJSON(json)).toThrow(message);
  });
});
