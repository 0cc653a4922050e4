/**
 * Promotion's components as constant tables (rules/promotion.md §2). Suits, ranks, the four
 * sides of the postcard and the counts of the game; everything else in the folder is derived from
 * these.
 */

export const PLAYERS = 4;
/** §7.3: the game is cut after this round. */
export const MAX_ROUNDS = 60;

/** Suit letters in the rules' index order S=0, H=1, D=2, C=3 (used by actions and encodings). */
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export const SUIT_SYMBOLS = ['♠', '♥', '♦', '♣'] as const;

/** Field cards and the supply use ranks 5..13 (§2.1); 1..4 are row cards only. */
export const MIN_FIELD_RANK = 5;
export const KING = 13;
/** Ranks of one suit that circulate between supply and fields: 5..13 = 9. */
export const RANKS_PER_SUIT = KING - MIN_FIELD_RANK + 1;
/** Row cards A..4: the row a player picks (§2.1). */
export const ROW_COUNT = 4;
/** Every field-card rank of a suit as a supply bitmask (bit r set = rank r), i.e. ranks 5..13. */
export const FULL_SUIT_MASK = ((1 << (KING + 1)) - 1) & ~((1 << MIN_FIELD_RANK) - 1);

export const EFFECTS = ['spin', 'down', 'change', 'wild'] as const;
export type Effect = (typeof EFFECTS)[number];

export interface PostcardSide {
  /** === index in SIDES; also the row-1 activation number minus 1 (§2.2). */
  readonly id: number;
  readonly greek: 'α' | 'β' | 'γ' | 'δ';
  readonly effect: Effect;
  /** How the effect is printed: 'SPIN 90°', 'Down!', ... */
  readonly effectLabel: string;
  /** Row-1 activation number 1..4 (Phase C processes them in this order). */
  readonly activation: number;
  /** The two suit icons of rows 2, 3 and 4, as suit indexes. */
  readonly rows: readonly (readonly [number, number])[];
}

const S = 0;
const H = 1;
const D = 2;
const C = 3;

/** The postcard table of §2.2, one line per side, rows 2-4 in order. */
const SIDE_TABLE: PostcardSide[] = [
  {
    id: 0,
    greek: 'α',
    effect: 'spin',
    effectLabel: 'SPIN 90°',
    activation: 1,
    rows: [
      [S, H],
      [C, D],
      [S, C],
    ],
  },
  {
    id: 1,
    greek: 'β',
    effect: 'down',
    effectLabel: 'Down!',
    activation: 2,
    rows: [
      [C, D],
      [S, H],
      [H, D],
    ],
  },
  {
    id: 2,
    greek: 'γ',
    effect: 'change',
    effectLabel: 'Change!',
    activation: 3,
    rows: [
      [H, C],
      [H, D],
      [S, D],
    ],
  },
  {
    id: 3,
    greek: 'δ',
    effect: 'wild',
    effectLabel: 'Wild!',
    activation: 4,
    rows: [
      [S, D],
      [S, C],
      [H, C],
    ],
  },
];
export const SIDES: readonly PostcardSide[] = Object.freeze(
  SIDE_TABLE.map((side) => Object.freeze({ ...side, rows: Object.freeze(side.rows.map((r) => Object.freeze(r))) })),
);

/**
 * ICON_MASK[side * 5 + row] = bitmask of the two suits on that side's row (rows 2..4; rows 0 and
 * 1 are 0). Precomputed so row resolution is two table reads, no allocation.
 */
export const ICON_MASK: Uint8Array = (() => {
  const out = new Uint8Array(SIDES.length * (ROW_COUNT + 1));
  for (const side of SIDES) {
    side.rows.forEach(([a, b], i) => {
      out[side.id * (ROW_COUNT + 1) + i + 2] = (1 << a) | (1 << b);
    });
  }
  return out;
})();

/** 'H7', 'S13': the rules' card notation, used in saved states. */
export function cardCode(suit: number, rank: number): string {
  return `${SUITS[suit]}${rank}`;
}

/** '♥7', '♠13': the card as people read it. */
export function cardLabel(suit: number, rank: number): string {
  return `${SUIT_SYMBOLS[suit]}${rank}`;
}

/** Side label 'β (Down!)'. */
export function sideLabel(side: number): string {
  return `${SIDES[side].greek} (${SIDES[side].effectLabel})`;
}

const sideOf = (effect: Effect): number => SIDES.findIndex((s) => s.effect === effect);
export const SIDE_SPIN = sideOf('spin');
export const SIDE_DOWN = sideOf('down');
export const SIDE_CHANGE = sideOf('change');
export const SIDE_WILD = sideOf('wild');
/** Down! hits the other three in ascending activation number of the side they face (§4 Phase C). */
export const DOWN_ORDER_SIDES: readonly number[] = [...SIDES]
  .filter((s) => s.id !== SIDE_DOWN)
  .sort((a, b) => a.activation - b.activation)
  .map((s) => s.id);

/** Number of set bits of a 4-bit mask (suits, seats). */
export const POPCOUNT4 = Uint8Array.from(
  { length: 16 },
  (_, m) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1),
);
