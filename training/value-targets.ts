/**
 * The value head's targets and the score head's. A value target mixes the game's final returns
 * with the search's root value, (1 - mix) * returns + mix * root value (KataGo's and "Q + z"'s
 * blend): in long multi-player games one outcome per ~450 decisions is a noisy label for every one
 * of them, and the search's estimate is far less noisy (if biased). The score target is each seat's
 * final score margin, a denser outcome than the place alone.
 */
import { Rng, type GameDefinition } from '../envs/index.js';

/** Random games whose score margins set a game's scale (scoreScaleOf). */
const SCALE_GAMES = 32;

/**
 * Every seat's final score minus the mean of the other seats' (zero-sum across seats; 0 for one
 * seat).
 */
export function scoreMargins(scores: readonly number[]): number[] {
  const n = scores.length;
  if (n < 2) return scores.map(() => 0);
  const total = scores.reduce((s, v) => s + v, 0);
  return scores.map((mine) => mine - (total - mine) / (n - 1));
}

/** Score margins over `scale`, clipped to [-1, 1] (the score head is a tanh, like the value head). */
export function scoreTargets(scores: readonly number[], scale: number): number[] {
  return scoreMargins(scores).map((m) => Math.max(-1, Math.min(1, m / scale)));
}

/**
 * The score-margin scale of a game at a seat count: the 90th percentile of |margin| over 32 seeded
 * uniformly random games (seeds 'score-scale:<game>:<players>:<k>'), at least 1. Derived from the
 * rules alone, the same on every machine and for every run, so it is computed once per run and kept
 * in its config; margins beyond it clip to +-1. Random play spreads scores at least as widely as
 * self-play in the games measured, so most targets stay inside (-1, 1).
 */
export function scoreScaleOf(def: GameDefinition, players: number): number {
  const margins: number[] = [];
  for (let k = 0; k < SCALE_GAMES; k++) {
    const seed = `score-scale:${def.name}:${players}:${k}`;
    const state = def.newGame({ players, seed });
    const rng = Rng.fromSeed(seed);
    while (!state.isTerminal()) {
      const legal = state.legalActions();
      state.applyAction(legal[rng.int(legal.length)]);
    }
    for (const m of scoreMargins(state.scores())) margins.push(Math.abs(m));
  }
  margins.sort((a, b) => a - b);
  return Math.max(1, margins[Math.floor(0.9 * (margins.length - 1))]);
}

/**
 * A value target per absolute seat: the returns, mixed with the root value by `mix` when the
 * decision kept one (records from before root values were kept train on the returns alone).
 */
export function mixedValue(
  returns: readonly number[],
  rootValue: readonly number[] | undefined,
  mix: number,
): number[] {
  if (mix === 0 || !rootValue) return [...returns];
  return returns.map((z, p) => (1 - mix) * z + mix * rootValue[p]);
}
