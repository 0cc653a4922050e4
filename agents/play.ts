import {
  Rng,
  checkAgentAction,
  decisionContext,
  type Agent,
  type GameDefinition,
  type GameState,
} from '../envs/index.js';

export interface MatchResult {
  game: string;
  players: number;
  seed: number | string;
  /** The agent name at each seat. */
  seats: string[];
  /** Every decision, in order: with the seed, enough to replay the game exactly. */
  actions: number[];
  ranking: number[];
  scores: number[];
  /** Every seat's return: state.returns(), in the game's returnUnit (chips for Kuhn poker). */
  returns: number[];
  /**
   * Set only for games with their own payoffs (returnUnit is not 'rank'): the game's returnScale.
   * Ratings then score each pair of seats by their payoff difference instead of their places.
   */
  payoffScale?: number;
  truncated: boolean;
}

export interface PlayOptions {
  seed: number | string;
  config?: unknown;
  /** Called after every action (rendering, logging). */
  onAction?: (state: GameState, seat: number, action: number) => void;
  /** Stops the game before its next decision (timeouts); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Plays one game between agents, one per seat. Seat i draws its randomness from the stream
 * `${seed}:seat${i}`, so the same seed and agents give the same game.
 */
export async function playMatch(
  game: GameDefinition,
  agents: readonly Agent[],
  options: PlayOptions,
): Promise<MatchResult> {
  const state = game.newGame({ players: agents.length, seed: options.seed, config: options.config });
  const rngs = agents.map((_, seat) => Rng.fromSeed(`${options.seed}:seat${seat}`));
  const actions: number[] = [];
  while (!state.isTerminal()) {
    options.signal?.throwIfAborted();
    const seat = state.currentPlayer();
    const ctx = decisionContext(game, state, rngs[seat]);
    const action = checkAgentAction(agents[seat], ctx, await agents[seat].act(ctx));
    state.applyAction(action);
    actions.push(action);
    options.onAction?.(state, seat, action);
  }
  const ranking = state.ranking();
  return {
    game: game.name,
    players: agents.length,
    seed: options.seed,
    seats: agents.map((a) => a.name),
    actions,
    ranking,
    scores: state.scores(),
    returns: state.returns(),
    ...payoffScaleOf(game),
    truncated: state.isTruncated(),
  };
}

/** { payoffScale } for a game with its own payoffs, {} for a ranking-based one (MatchResult.payoffScale). */
export function payoffScaleOf(game: GameDefinition): { payoffScale?: number } {
  return game.returnUnit === 'rank' ? {} : { payoffScale: game.returnScale };
}
