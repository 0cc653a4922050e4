import { describe, expect, test } from 'vitest';
import { ConformanceError, checkGame, getGame, type GameDefinition, type GameState } from '../envs/index.js';

/**
 * The checker itself must catch broken games: each mutant below breaks one contract of a
 * correct game (tic-tac-toe) and must be reported.
 */
type Patch = (state: GameState, original: GameState) => Partial<GameState>;

function mutant(patch: Patch): GameDefinition {
  const base = getGame('tictactoe');
  const wrap = (state: GameState): GameState => {
    const overrides = patch(state, state);
    return new Proxy(state, {
      get(target, key, receiver) {
        if (typeof key === 'string' && key in overrides) return (overrides as Record<string, unknown>)[key];
        const value = Reflect.get(target, key, receiver);
        if (key === 'clone') return () => wrap(target.clone());
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { ...base, newGame: (o) => wrap(base.newGame(o)), fromJSON: (j) => wrap(base.fromJSON(j)) };
}

describe('the conformance checker catches broken games', () => {
  test('a correct game passes', () => {
    expect(checkGame(getGame('tictactoe'), { games: 20 }).games).toBe(20);
  });

  test.each<[string, Patch, RegExp]>([
    ['clone shares state with the original', (s) => ({ clone: () => s }), /playing on a clone changed the original/],
    [
      'an illegal action is silently accepted',
      (s) => ({
        applyAction: (a: number) => {
          if (s.legalActions().includes(a)) s.applyAction(a);
        },
      }),
      /illegal action .* was accepted/,
    ],
    ['the observation is not encode(view)', () => ({ observation: () => new Float32Array(27) }), /encode\(view/],
    ['legal actions unsorted', (s) => ({ legalActions: () => s.legalActions().reverse() }), /not sorted/],
    ['labels not unique', () => ({ actionToString: () => 'move' }), /share the label/],
    [
      // Another of the last mover's marks as lastMove: a valid file, but not this position.
      'toJSON loses which move was last',
      (s) => ({
        toJSON: () => {
          const j = s.toJSON() as { board: number[]; lastMove: number };
          const other = j.board.findIndex((c, i) => i !== j.lastMove && j.lastMove >= 0 && c === j.board[j.lastMove]);
          return other >= 0 ? { ...j, lastMove: other } : j;
        },
      }),
      /does not reproduce/,
    ],
    [
      'toJSON writes what fromJSON refuses',
      (s) => ({ toJSON: () => ({ ...(s.toJSON() as object), lastMove: -1 }) }),
      /fromJSON refuses what toJSON\(\) wrote: tictactoe: cannot load state: lastMove -1 does not fit/,
    ],
  ])('%s', (_name, patch, message) => {
    const run = () => checkGame(mutant(patch), { games: 5, seed: 'mutant' });
    expect(run).toThrow(ConformanceError);
    expect(run).toThrow(message);
    expect(run).toThrow(/replay: players=2 seed='mutant:0' actions=\[/);
  });

  test('a game whose maxGameLength is too small is caught', () => {
    const base = getGame('tictactoe');
    expect(() => checkGame({ ...base, maxGameLength: () => 3 }, { games: 3 })).toThrow(
      /no end after maxGameLength = 3/,
    );
  });

  test('a game that accepts a bad player count is caught', () => {
    const base = getGame('tictactoe');
    const lax: GameDefinition = { ...base, newGame: (o) => base.newGame({ ...o, players: 2 }) };
    expect(() => checkGame(lax, { games: 1 })).toThrow(/newGame with 1 players did not throw/);
  });
});
