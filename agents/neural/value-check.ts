/**
 * How well a value head predicts outcomes on games it never trained on: the squared error of its
 * per-seat values against the final returns, next to the best constant predictor's. In long
 * multi-player games a value head can memorise its training games and still be noise on new ones
 * (Perikles, models/README.md); a head worth having beats the constant clearly.
 *
 * Plain JavaScript (the network runs through agents/neural/inference.ts): no TensorFlow.js.
 */
import type { PolicyNetwork } from './policy.js';
import { AgoraError, normalizedReturns, type GameDefinition } from '../../envs/index.js';

/** One decision of a held-out game: the head's values and the outcome, both rotated to the deciding seat. */
export interface ValuePosition {
  predicted: Float32Array;
  outcome: Float32Array;
  /** Third of the game the decision falls in: 0 first, 1 middle, 2 last (by decision index). */
  phase: number;
}

/** A played game, enough to replay it. */
export interface PlayedActions {
  seed: string | number;
  players: number;
  actions: readonly number[];
}

/**
 * Replays a game and asks the network about every real decision (more than one legal action: the
 * positions training learns from), against the game's final returns.
 */
export function valuePositionsOf(def: GameDefinition, game: PlayedActions, net: PolicyNetwork): ValuePosition[] {
  const state = def.newGame({ players: game.players, seed: String(game.seed) });
  const n = game.players;
  const asked: { predicted: Float32Array; player: number; index: number }[] = [];
  game.actions.forEach((action, index) => {
    if (state.isTerminal())
      throw new AgoraError('bad_request', `game ${game.seed}: ended before its action ${index} (${action})`);
    const legal = state.legalActions();
    if (!legal.includes(action))
      throw new AgoraError('bad_request', `game ${game.seed}: action ${action} at decision ${index} is not legal`);
    if (legal.length > 1) {
      const player = state.currentPlayer();
      asked.push({ predicted: Float32Array.from(net.evaluate(def.encode(state.view(player))).value), player, index });
    }
    state.applyAction(action);
  });
  if (!state.isTerminal())
    throw new AgoraError('bad_request', `game ${game.seed}: its actions end before the game does`);
  const returns = normalizedReturns(state, def);
  const length = game.actions.length;
  return asked.map(({ predicted, player, index }) => ({
    predicted,
    outcome: Float32Array.from({ length: n }, (_, k) => returns[(player + k) % n]),
    phase: Math.min(2, Math.floor((3 * index) / length)),
  }));
}

/** The errors over a set of positions. */
export interface ValueErrors {
  positions: number;
  /** Mean over positions and seats of (value - return)^2, as training's value loss. */
  valueMse: number;
  /**
   * The same for the best constant: per rotated seat index, the mean return of that index over
   * these positions (which no head that sees only one position at a time could beat on average).
   */
  constantMse: number;
  /** valueMse / constantMse: below 1 the head beats the constant. */
  ratio: number;
}

export function valueErrors(positions: readonly ValuePosition[]): ValueErrors {
  if (positions.length === 0) return { positions: 0, valueMse: NaN, constantMse: NaN, ratio: NaN };
  const n = positions[0].outcome.length;
  const means = new Float64Array(n);
  for (const p of positions) for (let k = 0; k < n; k++) means[k] += p.outcome[k] / positions.length;
  let value = 0;
  let constant = 0;
  for (const p of positions)
    for (let k = 0; k < n; k++) {
      value += (p.predicted[k] - p.outcome[k]) ** 2;
      constant += (means[k] - p.outcome[k]) ** 2;
    }
  const count = positions.length * n;
  return {
    positions: positions.length,
    valueMse: value / count,
    constantMse: constant / count,
    ratio: value / constant,
  };
}

/** The whole set's errors and each third's (each against its own best constant). */
export function valueErrorTable(positions: readonly ValuePosition[]): { all: ValueErrors; phases: ValueErrors[] } {
  return {
    all: valueErrors(positions),
    phases: [0, 1, 2].map((phase) => valueErrors(positions.filter((p) => p.phase === phase))),
  };
}
