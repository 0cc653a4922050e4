/**
 * The game loop of a game thread: agents/play.ts's playMatch, plus what a supervised game needs.
 * It reports every decision to a recorder (the heartbeat), and it can resume a game: replay the
 * actions already played, then, if the decision after them overran its budget, play the seeded
 * random draw in its place. A game played from the start with no overrun is exactly playMatch's
 * game (same seat streams, same draws; tested).
 */
import { payoffScaleOf, type MatchResult } from '../agents/index.js';
import { AgoraError, Rng, checkAgentAction, decisionContext, type Agent, type GameDefinition } from '../envs/index.js';

export interface DecisionRecorder {
  /** Decision `decision` (the number of actions before it) starts, for `seat`. */
  begin(decision: number, seat: number): void;
  /** Action number `index` of the game was played. */
  record(index: number, action: number): void;
}

export interface ResumeFrom {
  seed: string;
  config?: unknown;
  /** Actions already played. */
  prefix: readonly number[];
  /** Times the game was resumed (0: a game from its start). */
  resumes: number;
  /** The decision right after the prefix overran: play the seeded random draw for it. */
  overrun: boolean;
}

/**
 * The action an overrun decision plays: uniform over the legal actions (sorted, as legalActions()
 * returns them), drawn from its own stream, so it depends on nothing but the seed and the index.
 */
export function overrunAction(seed: string, decision: number, legal: readonly number[]): number {
  return legal[Rng.fromSeed(`${seed}:overrun:${decision}`).int(legal.length)];
}

/**
 * Seat i's randomness. From the start it is playMatch's `${seed}:seat${i}`; the stream's position
 * died with the thread that overran, so after the k-th resume every seat draws from
 * `${seed}:seat${i}:resume${k}` instead (a resumed game is reproducible only given where it resumed).
 */
export function seatStream(seed: string, seat: number, resumes: number): Rng {
  return Rng.fromSeed(resumes === 0 ? `${seed}:seat${seat}` : `${seed}:seat${seat}:resume${resumes}`);
}

export async function playFrom(
  game: GameDefinition,
  agents: readonly Agent[],
  from: ResumeFrom,
  recorder: DecisionRecorder,
): Promise<MatchResult> {
  const state = game.newGame({ players: agents.length, seed: from.seed, config: from.config });
  const actions: number[] = [];
  for (const action of from.prefix) {
    state.applyAction(action);
    actions.push(action);
  }
  const rngs = agents.map((_, seat) => seatStream(from.seed, seat, from.resumes));
  if (from.overrun) {
    if (state.isTerminal())
      throw new AgoraError(
        'bad_state',
        `${game.name}: decision ${actions.length} overran, but the game was over by then`,
      );
    const action = overrunAction(from.seed, actions.length, state.legalActions());
    recorder.record(actions.length, action);
    state.applyAction(action);
    actions.push(action);
  }
  while (!state.isTerminal()) {
    const seat = state.currentPlayer();
    const ctx = decisionContext(game, state, rngs[seat]);
    recorder.begin(actions.length, seat);
    const action = checkAgentAction(agents[seat], ctx, await agents[seat].act(ctx));
    recorder.record(actions.length, action);
    state.applyAction(action);
    actions.push(action);
  }
  const ranking = state.ranking();
  return {
    game: game.name,
    players: agents.length,
    seed: from.seed,
    seats: agents.map((a) => a.name),
    actions,
    ranking,
    scores: state.scores(),
    returns: state.returns(),
    ...payoffScaleOf(game),
    truncated: state.isTruncated(),
  };
}
