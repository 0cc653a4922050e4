/**
 * Hand-built Goofspiel positions for the rules scenarios: say what is on the table, get a state.
 * The position goes through fromJSON, so a table the rules do not allow is refused, naming why.
 */
import { Rng, type GameState } from '../../../envs/index.js';
import { CARDS } from './components.js';
import { goofspiel } from './index.js';
import { POSITION } from './position.js';
import type { GoofspielView } from './view.js';

export type GoofspielState = GameState<GoofspielView>;

export interface Table {
  /** The prize deck in draw order, face-up prize first once `round` cards are gone: a permutation of 1..5. */
  readonly prizes: readonly number[];
  /** Rounds already played (default 0). */
  readonly round?: number;
  /** The cards each seat still holds (default all five). */
  readonly hands?: readonly [readonly number[], readonly number[]];
  /** Seat 0's face-down bid this round, if it has bid (the card is then out of its hand). */
  readonly bid?: number;
  readonly points?: readonly [number, number];
  readonly seed?: string;
}

export function stateWith(table: Table): GoofspielState {
  const p = POSITION.create(2);
  p.prizes.set(table.prizes);
  p.round = table.round ?? 0;
  const all = Array.from({ length: CARDS }, (_, i) => i + 1);
  const hands = table.hands ?? [all, all];
  p.hands.fill(0);
  hands.forEach((cards, seat) => cards.forEach((c) => (p.hands[seat * CARDS + c - 1] = 1)));
  p.bids[0] = table.bid ?? 0;
  p.points.set(table.points ?? [0, 0]);
  p.rng = Rng.fromSeed(table.seed ?? 'table');
  return goofspiel.fromJSON(POSITION.toJSON(p));
}
