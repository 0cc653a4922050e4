/**
 * Tic-tac-toe written for boardgame.io 0.50 (its documented tutorial game), so its MCTSBot can be
 * timed beside ours in the same process. Benchmark peer only.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// boardgame.io's subpath packages have no "exports" map, so they load through require.
const { MCTSBot } = require('boardgame.io/ai') as { MCTSBot: new (options: object) => BgioBot };
const { InitializeGame } = require('boardgame.io/internal') as { InitializeGame: (o: { game: object }) => BgioState };

export interface BgioState {
  G: { cells: (string | null)[] };
  ctx: object;
}
export interface BgioBot {
  play(state: BgioState, playerID: string): Promise<{ action: unknown }>;
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

export const BGIO_TICTACTOE = {
  setup: () => ({ cells: Array<string | null>(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }: { G: BgioState['G']; playerID: string }, id: number) => {
      G.cells[id] = playerID;
    },
  },
  endIf: ({ G, ctx }: { G: BgioState['G']; ctx: { currentPlayer: string } }) => {
    if (LINES.some(([a, b, c]) => G.cells[a] !== null && G.cells[a] === G.cells[b] && G.cells[b] === G.cells[c])) {
      return { winner: ctx.currentPlayer };
    }
    if (G.cells.every((c) => c !== null)) return { draw: true };
    return undefined;
  },
};

export function bgioBot(iterations: number, seed: string): BgioBot {
  return new MCTSBot({
    game: BGIO_TICTACTOE,
    iterations,
    seed,
    enumerate: (G: BgioState['G']) =>
      G.cells.flatMap((c, id) => (c === null ? [{ move: 'clickCell', args: [id] }] : [])),
  });
}

export function bgioInitialState(): BgioState {
  return InitializeGame({ game: BGIO_TICTACTOE });
}
