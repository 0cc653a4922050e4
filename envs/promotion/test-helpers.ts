/** Test fixtures: hand-made positions in the readable version-1 format (fromJSON migrates them). */
import type { GameState } from '../core/game.js';
import { Rng, type RngState } from '../core/rng.js';
import { KING, MIN_FIELD_RANK, SUITS, cardCode } from './components.js';
import { GAME, type PromotionJsonV1 } from './position.js';
import type { PromotionView } from './view.js';

/** A Promotion game state, as promotion.newGame and promotion.fromJSON return it. */
export type PromotionState = GameState<PromotionView>;
/** The readable saved-state format the fixtures write (version 1). */
export type PromotionJson = PromotionJsonV1;

/** A hand-made position after the draft (tests, puzzles): see positionJson. */
export interface PositionSpec {
  /** Each seat's four field cards in the rules' notation, any order: 'S5 H7 D8 C6'. */
  readonly fields: readonly string[];
  /** 'row' (default): rows being chosen, the postcard placed; 'orient': a round about to start. */
  readonly phase?: 'orient' | 'row';
  readonly round?: number;
  readonly parent?: number;
  /** `a` of §2.2; required for phase 'row'. */
  readonly orientation?: number;
  readonly rng?: RngState;
}

/**
 * The saved-state JSON (version 1) of a position at the start of a round (or of its Phase B), with
 * every card not in a field in the supply. Pass it to fromJSON, which checks it like any saved state.
 */
export function positionJson(spec: PositionSpec): PromotionJson {
  const phase = spec.phase ?? 'row';
  const fields = spec.fields.map((cards) => {
    const bySuit: (string | null)[] = [null, null, null, null];
    for (const code of cards.trim().split(/\s+/)) bySuit[SUITS.indexOf(code[0] as (typeof SUITS)[number])] = code;
    return bySuit;
  });
  const held = new Set(fields.flat());
  const supplyOf = (suit: number) => {
    const out: number[] = [];
    for (let rank = MIN_FIELD_RANK; rank <= KING; rank++) if (!held.has(cardCode(suit, rank))) out.push(rank);
    return out;
  };
  return {
    game: GAME,
    phase,
    round: spec.round ?? 1,
    parent: spec.parent ?? 0,
    orientation: phase === 'orient' ? -1 : (spec.orientation ?? -1),
    fields,
    supply: { S: supplyOf(0), H: supplyOf(1), D: supplyOf(2), C: supplyOf(3) },
    drafted: [...SUITS],
    rows: [0, 0, 0, 0],
    activation: 1,
    done: [],
    downIndex: 0,
    truncated: false,
    rng: spec.rng ?? Rng.fromSeed('position').state(),
    log: [],
  };
}
