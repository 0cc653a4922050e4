import { makeAgent, parseAgentSpec } from '../../agents/index.js';
import { Rng, actSync, decisionContext, getGame, type GameState } from '../../envs/index.js';

/**
 * Agent kinds that decide on the main thread: their decision costs microseconds, far less than a
 * worker round trip. Only `random`: greedy scores every legal action in sampled worlds, measured at
 * p99 7 to 16 ms a decision per game and up to 0.2 s on Perikles, which would hold the event loop.
 */
const INLINE_KINDS = new Set(['random']);

/** Whether a bot spec decides on the main thread (decideInline) rather than on a bot thread. */
export function decidesInline(spec: string): boolean {
  return INLINE_KINDS.has(parseAgentSpec(spec).kind);
}

/**
 * A decision of an inline bot: the same agent, context and seeded RNG stream as on a bot thread
 * (bot-worker.ts), so the same seed gives the same action either way.
 */
export function decideInline(gameName: string, spec: string, state: GameState, seed: string): number {
  const game = getGame(gameName);
  return actSync(makeAgent(spec, game), decisionContext(game, state, Rng.fromSeed(seed)));
}
