/**
 * Helpers shared by the folder's tests: positions from a readable spec, names instead of numbers,
 * and seeds whose next die rolls are known. Not used by the game itself.
 */
import { Rng } from '../core/rng.js';
import { AD_KINDS } from './cards.js';
import { logEntry, type LogEntry } from './log.js';
import { PhiladelphiaState, positionJson, type PhiladelphiaJson, type PositionSpec } from './rules.js';

export const load = (spec: PositionSpec): PhiladelphiaState => PhiladelphiaState.fromJSON(positionJson(spec));

/** Loads a position after editing its JSON (for states positionJson does not build directly). */
export function loadEdited(spec: PositionSpec, edit: (json: PhiladelphiaJson) => void): PhiladelphiaState {
  const json = positionJson(spec);
  edit(json);
  return PhiladelphiaState.fromJSON(json);
}

export const labels = (s: PhiladelphiaState): string[] => s.legalActions().map((a) => s.actionToString(a));
export const names = (kinds: readonly number[]): string[] => kinds.map((k) => AD_KINDS[k].name);
export const handOf = (s: PhiladelphiaState, seat: number): string[] => names(s.view(seat).hand ?? []);
export const knownOf = (s: PhiladelphiaState, seat: number): string[] => names(s.view(-1).known[seat]);
/** A field as 'Name:markers' strings, slot 0 first. */
export const fieldOf = (s: PhiladelphiaState, seat: number): string[] => {
  const v = s.view(-1);
  return v.fieldKinds[seat].map((k, i) => `${AD_KINDS[k].name}:${v.fieldMarkers[seat][i]}`);
};
export const goldOf = (s: PhiladelphiaState): number[] => s.view(-1).gold;
export const discardOf = (s: PhiladelphiaState): string[] =>
  s.view(-1).adDiscard.flatMap((c, k) => Array<string>(c).fill(AD_KINDS[k].name));
/** Every event in the public log window, decoded. */
export const events = (s: PhiladelphiaState): LogEntry[] => s.view(-1).log.map(logEntry);
export const eventsOf = (s: PhiladelphiaState, kind: string): LogEntry[] => events(s).filter((e) => e[0] === kind);

/** A seed whose first die rolls satisfy `ok` (the game draws nothing else before them). */
export function dieSeed(ok: (faces: number[]) => boolean, rolls = 1, prefix = 'die'): string {
  for (let i = 0; ; i++) {
    const rng = Rng.fromSeed(`${prefix}${i}`);
    const faces = Array.from({ length: rolls }, () => rng.die());
    if (ok(faces)) return `${prefix}${i}`;
  }
}
