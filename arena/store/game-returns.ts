/**
 * A finished game's returns as the arena stores and rates them (issue 36): every seat's return in
 * the game's unit (chips for Kuhn poker; returnsFromRanking for ranking-based games) and, for a
 * game with its own payoffs, its returnScale as `payoffScale`. The stores rate a game with
 * applyElo over exactly this outcome, and the Bradley-Terry refits fit it, so a pair of seats of a
 * payoff game scores 0.5 + (rᵢ − rⱼ) / (4 · payoffScale), as `agora tournament` and `agora
 * evaluate` score it (play/ratings/pairs.ts); ranking-based games score by places, as before.
 */
import { payoffScaleOf } from '../../agents/index.js';
import { returnsFromRanking, type GameDefinition } from '../../envs/index.js';
import type { GameRecord } from './store.js';

/** The returns part of a finished game's record. */
export type GameReturns = Required<Pick<GameRecord, 'returns'>> & Pick<GameRecord, 'payoffScale'>;

/**
 * What every writer of a finished game adds to its record: the returns as the game paid them
 * (state.returns(), a played match's MatchResult.returns, or resignedReturns) and, for a game with
 * payoffs, its payoffScale (payoffScaleOf, as MatchResult carries it).
 */
export function gameReturns(def: GameDefinition, returns: readonly number[]): GameReturns {
  return { returns: [...returns], ...payoffScaleOf(def) };
}

/**
 * Returns of a game ended by a resignation, a loss on time or a forfeit: from its ranking (the
 * resigning seats last, the others sharing first), in the game's unit: a game with its own payoffs
 * counts the resignation as losing its largest return.
 */
export function resignedReturns(def: GameDefinition, ranking: readonly number[]): number[] {
  return returnsFromRanking(ranking).map((r) => r * def.returnScale);
}

/** The stored fields a game's returns are recomputed from (the schema step that added them). */
export interface StoredResult {
  players: number;
  seed: string;
  actions: readonly number[];
  ranking: readonly number[];
  resigned?: number | null;
}

/**
 * The returns of a game stored before they were kept, from what was stored: a ranking-based game's
 * come from its ranking (what state.returns() gives it: returnsFromRanking); a resignation's from
 * resignedReturns; a payoff game's by replaying its seed and actions, as the replay pages do.
 * Undefined when the replay fails or does not give the stored ranking (its rules changed since):
 * that game stays rated by its places.
 */
export function recomputedReturns(def: GameDefinition, g: StoredResult): number[] | undefined {
  if (g.resigned !== undefined && g.resigned !== null) return resignedReturns(def, g.ranking);
  if (def.returnUnit === 'rank') return returnsFromRanking(g.ranking);
  try {
    const state = def.newGame({ players: g.players, seed: g.seed });
    for (const a of g.actions) state.applyAction(a);
    if (!state.isTerminal() || JSON.stringify(state.ranking()) !== JSON.stringify(g.ranking)) return undefined;
    return state.returns();
  } catch {
    return undefined;
  }
}
