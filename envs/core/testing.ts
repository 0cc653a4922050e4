import { AgoraError } from './errors.js';
import type { GameState } from './game.js';

/**
 * The legal action whose actionToString is `name` (style G14: tests read like the rulebook).
 * Throws listing the legal names if there is none.
 */
export function actionNamed(state: GameState, name: string): number {
  const legal = state.legalActions();
  for (const a of legal) if (state.actionToString(a) === name) return a;
  throw new AgoraError(
    'illegal_action',
    `no legal action is named '${name}'; legal now: ${legal.map((a) => `'${state.actionToString(a)}'`).join(', ')}`,
  );
}

/** Applies actions by name, in order; returns the state for chaining. */
export function playNamed<S extends GameState>(state: S, ...names: string[]): S {
  for (const name of names) state.applyAction(actionNamed(state, name));
  return state;
}
