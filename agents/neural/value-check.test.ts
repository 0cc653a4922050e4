import { describe, expect, test } from 'vitest';
import { getGame } from '../../envs/index.js';
import type { PolicyNetwork } from './policy.js';
import { valueErrorTable, valueErrors, valuePositionsOf, type ValuePosition } from './value-check.js';

const ttt = getGame('tictactoe');
/** Always says the seat to act wins by 0.5. */
const hopeful: PolicyNetwork = {
  players: 2,
  evaluate: () => ({ logits: new Float32Array(ttt.actionSize), value: Float32Array.of(0.5, -0.5) }),
};
const position = (predicted: number[], outcome: number[], phase = 0): ValuePosition => ({
  predicted: Float32Array.from(predicted),
  outcome: Float32Array.from(outcome),
  phase,
});

describe('value-check errors', () => {
  test("the head's squared error, the best constant's (each seat index's mean outcome) and their ratio", () => {
    const e = valueErrors([position([0.5, -0.5], [1, -1]), position([0.5, -0.5], [-1, 1]), position([0, 0], [1, -1])]);
    expect(e.positions).toBe(3);
    // Head: (0.25 + 0.25 + 2.25 + 2.25 + 1 + 1) / 6.
    expect(e.valueMse).toBeCloseTo(7 / 6, 12);
    // Constant: means 1/3 and -1/3; (4/9 + 16/9 + 4/9) per seat over 3 positions.
    expect(e.constantMse).toBeCloseTo(8 / 9, 12);
    expect(e.ratio).toBeCloseTo(7 / 6 / (8 / 9), 12);
    expect(valueErrors([])).toEqual({ positions: 0, valueMse: NaN, constantMse: NaN, ratio: NaN });
  });

  test('replays games: every decision with a choice, outcomes rotated to the decider, thirds by decision index', () => {
    // X wins with the top row (5 decisions), then O wins with the middle row (6 decisions).
    const xWins = valuePositionsOf(ttt, { seed: 'a', players: 2, actions: [0, 3, 1, 4, 2] }, hopeful);
    const oWins = valuePositionsOf(ttt, { seed: 'b', players: 2, actions: [0, 3, 1, 4, 8, 5] }, hopeful);
    expect(xWins.map((p) => Array.from(p.outcome))).toEqual([
      [1, -1],
      [-1, 1],
      [1, -1],
      [-1, 1],
      [1, -1],
    ]);
    expect(xWins.map((p) => p.phase)).toEqual([0, 0, 1, 1, 2]);
    expect(oWins.map((p) => p.phase)).toEqual([0, 0, 1, 1, 2, 2]);
    const table = valueErrorTable([...xWins, ...oWins]);
    // Seat index 0 (the decider) won 3 + 3 of 11 decisions and lost 5: mean 1/11, variance 1 - 1/121.
    expect(table.all.positions).toBe(11);
    expect(table.all.constantMse).toBeCloseTo(120 / 121, 12);
    // The head says +0.5 for the decider: error 0.25 when it wins (6), 2.25 when it loses (5).
    expect(table.all.valueMse).toBeCloseTo((6 * 0.25 + 5 * 2.25) / 11, 6);
    expect(table.phases.map((e) => e.positions)).toEqual([4, 4, 3]);
    // The last third: X's winning move (+0.5 against 1), then X's losing move and O's winning one.
    expect(table.phases[2].valueMse).toBeCloseTo((0.25 + 2.25 + 0.25) / 3, 6);
  });

  test('a game whose actions are illegal, or end early or late, is refused naming it', () => {
    expect(() => valuePositionsOf(ttt, { seed: 'c', players: 2, actions: [0, 0] }, hopeful)).toThrow(
      'game c: action 0 at decision 1 is not legal',
    );
    expect(() => valuePositionsOf(ttt, { seed: 'd', players: 2, actions: [0, 3] }, hopeful)).toThrow(
      'game d: its actions end before the game does',
    );
    expect(() => valuePositionsOf(ttt, { seed: 'e', players: 2, actions: [0, 3, 1, 4, 2, 5] }, hopeful)).toThrow(
      'game e: ended before its action 5 (5)',
    );
  });
});
