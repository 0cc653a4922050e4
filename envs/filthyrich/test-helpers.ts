/**
 * Helpers for this folder's tests: positions from readable specs, RNG states that produce given
 * dice, and short accessors. Not imported by the game itself.
 */
import { Rng, type RngState } from '../core/rng.js';
import { FilthyRichState, positionJson, type FilthyRichJson, type PositionSpec } from './rules.js';

export const RED = 0;
export const BLUE = 1;
export const GREEN = 2;
export const YELLOW = 3;

export const load = (spec: PositionSpec): FilthyRichState => FilthyRichState.fromJSON(positionJson(spec));

/** Loads a position after editing its JSON (for fields positionJson does not expose). */
export function loadEdited(spec: PositionSpec, edit: (json: FilthyRichJson) => void): FilthyRichState {
  const json = positionJson(spec);
  edit(json);
  return FilthyRichState.fromJSON(json);
}

/**
 * The state of an RNG whose next draws satisfy `wanted` (called with a fresh generator; draw with
 * r.int(10) for a business die, r.die() for the page die). Searches seeds 'dice:0', 'dice:1', ...
 * so the scenario's chance events are real draws of the game's own RNG.
 */
export function rngWhere(wanted: (r: Rng) => boolean, limit = 200_000): RngState {
  for (let i = 0; i < limit; i++) {
    if (wanted(Rng.fromSeed(`dice:${i}`))) return Rng.fromSeed(`dice:${i}`).state();
  }
  throw new Error('no seed found for the wanted draws');
}

/** An RNG whose next business dice are exactly `faces` (then anything). */
export const diceRng = (...faces: number[]): RngState => rngWhere((r) => faces.every((f) => r.int(10) === f));

export const labels = (s: FilthyRichState): string[] => s.legalActions().map((a) => s.actionToString(a));
export const cash = (s: FilthyRichState): number[] => s.view(-1).cash;
/** Events of the whole retained log (the saved state's) as [kind, ...args]. */
export const events = (s: FilthyRichState): (string | number)[][] =>
  s.toJSON().log.map(([kind, , ...args]) => [kind, ...args]);
export const eventsOf = (s: FilthyRichState, kind: string): number[][] =>
  s
    .toJSON()
    .log.filter((e) => e[0] === kind)
    .map(([, , ...args]) => args);
