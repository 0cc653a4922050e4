/**
 * Helpers shared by the City Plan tests: positions from card names, commits in mayor order, and
 * readable reads of a state (hands and cities as 'Apartments x2, Factory', events as arrays).
 */
import { playNamed } from '../core/testing.js';
import { cardList } from './render.js';
import { CityPlanState, positionJson, type CityPlanJson, type PositionSpec } from './rules.js';

export const load = (spec: PositionSpec): CityPlanState => CityPlanState.fromJSON(positionJson(spec));

/** Loads a position after editing its JSON (for zones positionJson does not reach). */
export function loadEdited(spec: PositionSpec, edit: (json: CityPlanJson) => void): CityPlanState {
  const json = positionJson(spec);
  edit(json);
  return CityPlanState.fromJSON(json);
}

/** Every seat commits its action card in mayor order; cards[seat] is 'Income', 'Exchange' or 'Council'. */
export function commitAll(s: CityPlanState, cards: readonly string[]): CityPlanState {
  for (let i = 0; i < s.players; i++) playNamed(s, `play ${cards[s.currentPlayer()]}`);
  return s;
}

export const handOf = (s: CityPlanState, seat: number): string => cardList(s.view(seat).hand);
export const cityOf = (s: CityPlanState, seat: number): string => cardList(s.view(-1).cities[seat]);
export const labels = (s: CityPlanState): string[] => s.legalActions().map((a) => s.actionToString(a));

/** Log events of a turn (default: the current one) as [kind, ...args]. */
export function events(s: CityPlanState, turn = s.view(-1).turn): (string | number)[][] {
  return s
    .view(-1)
    .log.filter((e) => e[1] === turn)
    .map(([kind, , ...args]) => [kind, ...args]);
}

/** The JSON text of a state: the byte-identity tests compare it. */
export const saved = (s: CityPlanState): string => JSON.stringify(s.toJSON());
