/**
 * Filthy Rich's components as constant tables (rules/filthyrich.md §2): the binder's pockets and
 * sign shapes (§2.1-§2.2), the 22 businesses (§2.3), 7 asset kinds (§2.4), 8 action kinds (§2.5),
 * the 37 card types and 73 physical cards they make, and the 12 luxuries (§2.6). Everything else in
 * the folder is derived from these; ids equal indexes.
 */

export const PAGES = 4;
export const SLOTS = 9;
/** §3: every player starts with $10 and 5 cards; the hand limit is 5 (6 with Personal Assistant). */
export const START_CASH = 10;
export const START_HAND = 5;
export const HAND_LIMIT = 5;
/** §1: the first owner of this many luxuries wins. */
export const LUXURIES_TO_WIN = 3;

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
export const DEFAULT_PLAYERS = 4;
/** §7: the environment ends the game after turn 200 or decision 10,000, whichever comes first. */
export const MAX_TURNS = 200;
export const MAX_STEPS = 10_000;
/** §4.9: a bid is the minimum legal bid plus one of these steps. */
export const BID_STEPS: readonly number[] = [0, 1, 4, 9];

/**
 * Decision kinds of §9 (F1-F10) plus 'over'. 'buy' F1, 'card' F2, 'anchor' F3, 'target' F4,
 * 'page' F5, 'choose' F6, 'preRoll' F7, 'taxSell' F8, 'pageTurner' F9, 'auction' F10.
 */
export const PHASES = [
  'buy',
  'card',
  'anchor',
  'target',
  'page',
  'choose',
  'preRoll',
  'taxSell',
  'pageTurner',
  'auction',
  'over',
] as const;
export type PhaseName = (typeof PHASES)[number];
export const PH_BUY = 0;
export const PH_CARD = 1;
export const PH_ANCHOR = 2;
export const PH_TARGET = 3;
export const PH_PAGE = 4;
export const PH_CHOOSE = 5;
export const PH_PRE_ROLL = 6;
export const PH_TAX_SELL = 7;
export const PH_PAGE_TURNER = 8;
export const PH_AUCTION = 9;
export const PH_OVER = 10;

/** What the seat to act decides in each phase (neutral wording: messages and renderers use it). */
export const DECISION_TEXT: Readonly<Record<PhaseName, string>> = {
  buy: 'buy luxuries or sell businesses, then end the buy step',
  card: 'play or discard a card (or sell a business)',
  anchor: 'choose where the sign goes on the current page',
  target: 'choose a player as the target',
  page: 'choose the page the binder turns to',
  choose: 'choose a business',
  preRoll: 'sell businesses or roll the business dice',
  taxSell: 'sell businesses before paying tax, or be done',
  pageTurner: 'keep the page die or re-roll it (Page Turner)',
  auction: 'bid for the luxury or pass',
  over: 'nothing: the game is over',
};

/** What a tax event returns to when it is over (§4.4 roll, or a card action of §4.3). */
export const TAX_CONTEXTS = ['roll', 'card'] as const;
export const CTX_ROLL = 0;
export const CTX_CARD = 1;

/** Luxury owner codes besides seats. */
export const LUX_AVAILABLE = -1;
export const LUX_REMOVED = -2;

// ---- §2.2 sign shapes ---------------------------------------------------------------------------

export interface Shape {
  readonly id: number;
  readonly code: 'S1' | 'H2' | 'V2' | 'H3' | 'V3' | 'Q4';
  readonly name: string;
  /** (row, col) offsets from the anchor (the top-left cell). */
  readonly cells: readonly (readonly [number, number])[];
  /** Anchors (slots 1-9) where the whole shape fits the 3x3 grid, ascending. */
  readonly anchors: readonly number[];
}

const SHAPE_TABLE: readonly Omit<Shape, 'anchors'>[] = [
  { id: 0, code: 'S1', name: 'single', cells: [[0, 0]] },
  {
    id: 1,
    code: 'H2',
    name: 'horizontal pair',
    cells: [
      [0, 0],
      [0, 1],
    ],
  },
  {
    id: 2,
    code: 'V2',
    name: 'vertical pair',
    cells: [
      [0, 0],
      [1, 0],
    ],
  },
  {
    id: 3,
    code: 'H3',
    name: 'row of three',
    cells: [
      [0, 0],
      [0, 1],
      [0, 2],
    ],
  },
  {
    id: 4,
    code: 'V3',
    name: 'column of three',
    cells: [
      [0, 0],
      [1, 0],
      [2, 0],
    ],
  },
  {
    id: 5,
    code: 'Q4',
    name: '2x2 square',
    cells: [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ],
  },
];

/** Slot s sits at row ⌊(s−1)/3⌋, column (s−1) mod 3 (§2.1). */
const slotOf = (row: number, col: number): number => row * 3 + col + 1;

export const SHAPES: readonly Shape[] = Object.freeze(
  SHAPE_TABLE.map((shape) => {
    const anchors: number[] = [];
    for (let anchor = 1; anchor <= SLOTS; anchor++) {
      const row = Math.floor((anchor - 1) / 3);
      const col = (anchor - 1) % 3;
      if (shape.cells.every(([dr, dc]) => row + dr < 3 && col + dc < 3)) anchors.push(anchor);
    }
    return Object.freeze({
      ...shape,
      cells: Object.freeze(shape.cells.map((c) => Object.freeze(c))),
      anchors: Object.freeze(anchors),
    });
  }),
);
type ShapeCode = Shape['code'];
const shapeId = (code: ShapeCode): number => SHAPE_TABLE.findIndex((s) => s.code === code);

/** The slots a shape covers when anchored at `anchor` (ascending), or [] if it does not fit. */
export function placementSlots(shape: number, anchor: number): number[] {
  const s = SHAPES[shape];
  if (!s.anchors.includes(anchor)) return [];
  const row = Math.floor((anchor - 1) / 3);
  const col = (anchor - 1) % 3;
  return s.cells.map(([dr, dc]) => slotOf(row + dr, col + dc));
}

// ---- §2.3 businesses ----------------------------------------------------------------------------

type BusinessSpecial = 'none' | 'chapter11' | 'loanShark';

export interface Business {
  /** === index in BUSINESSES and the card type (0-21). */
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly shape: number;
  /** Number of sign cards (cells of its shape). */
  readonly signCards: number;
  readonly cost: number;
  /** $ symbols counted by taxes. */
  readonly tax: number;
  /** $ the owner gains per hit (Loan Shark: the most a hit moves, §2.3). */
  readonly hit: number;
  readonly special: BusinessSpecial;
}

const BUSINESS_TABLE: readonly [string, ShapeCode, number, number, number, BusinessSpecial][] = [
  ['Lemonade Stand', 'S1', 2, 0, 1, 'none'],
  ['Hot Dog Cart', 'S1', 3, 0, 2, 'none'],
  ["Sven's Swedish Tacos", 'S1', 5, 1, 3, 'none'],
  ['Chapter 11 Books', 'S1', 4, 0, 2, 'chapter11'],
  ['Pawn Shop', 'S1', 6, 1, 4, 'none'],
  ['Loan Shark', 'S1', 5, 1, 3, 'loanShark'],
  ['Burger Barn', 'H2', 6, 1, 2, 'none'],
  ["Murphy's Fish Market", 'H2', 9, 1, 3, 'none'],
  ['Karaoke Bar', 'H2', 12, 2, 4, 'none'],
  ['Diamond Exchange', 'H2', 15, 3, 5, 'none'],
  ['Tattoo Parlor', 'V2', 6, 1, 2, 'none'],
  ['Used Car Lot', 'V2', 9, 1, 3, 'none'],
  ['Tornado Cleaners', 'V2', 12, 2, 4, 'none'],
  ['Ambulance Chaser Law Firm', 'V2', 15, 3, 5, 'none'],
  ['Bowling Alley', 'H3', 9, 1, 2, 'none'],
  ['Mini Golf', 'H3', 13, 2, 3, 'none'],
  ['Outlet Mall', 'H3', 18, 3, 4, 'none'],
  ['Pancake Tower', 'V3', 9, 1, 2, 'none'],
  ['Skyscraper Realty', 'V3', 13, 2, 3, 'none'],
  ['Monster Truck Arena', 'Q4', 12, 2, 2, 'none'],
  ['Grand Hotel', 'Q4', 18, 3, 3, 'none'],
  ['Lucky Star Casino', 'Q4', 24, 4, 4, 'none'],
];

export const BUSINESSES: readonly Business[] = Object.freeze(
  BUSINESS_TABLE.map(([name, shape, cost, tax, hit, special], id) =>
    Object.freeze({
      id,
      code: `B${id}`,
      name,
      shape: shapeId(shape),
      signCards: SHAPE_TABLE[shapeId(shape)].cells.length,
      cost,
      tax,
      hit,
      special,
    }),
  ),
);
export const CHAPTER_11 = BUSINESSES.findIndex((b) => b.special === 'chapter11');
export const LOAN_SHARK = BUSINESSES.findIndex((b) => b.special === 'loanShark');
/** §2.3 Loan Shark: at most this much moves per hit. */
export const LOAN_SHARK_TAKE = 3;
/** §4.8: $2 per sign card when a business is sold. */
export const SELL_PER_SIGN_CARD = 2;
/** §4.3: $2 to the owner of each visible rival sign card covered. */
export const COVER_FEE = 2;
/** §4.3: a card discarded from the hand earns $1 from the bank. */
export const DISCARD_GAIN = 1;
/** §2.3 Chapter 11 Books: its owner gains $2 × k in each tax event he takes part in. */
export const CHAPTER_11_GAIN = 2;

/** §2.5 Mysterious Fire: the arsonist pays ⌈cost/2⌉ of the burnt business. */
export const fireCost = (business: number): number => Math.ceil(BUSINESSES[business].cost / 2);
export const saleValue = (business: number): number => SELL_PER_SIGN_CARD * BUSINESSES[business].signCards;

// ---- §2.4 assets --------------------------------------------------------------------------------

export interface AssetKind {
  /** === index in ASSETS (0-6); the card type is ASSET_TYPE_BASE + id. */
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly copies: number;
  readonly cost: number;
  readonly tax: number;
  readonly effect: string;
}

const ASSET_TABLE: readonly [string, number, number, number, string][] = [
  ['Yakuza Loan', 3, 0, 2, 'when played, gain $10'],
  ['Protection Racket', 2, 8, 1, 'turn start: every rival with a business and $1+ pays you $1'],
  ['Political Connections', 3, 6, 0, 'tax base −2 $; immune to IRS Audit'],
  ['Fire Insurance', 3, 2, 0, 'a burnt business pays you its cost'],
  ['Personal Assistant', 3, 5, 1, 'hand limit 6'],
  ['Savings Account', 3, 4, 0, 'turn start: +$1 per full $10, at most $3'],
  ['Page Turner', 3, 3, 0, 'may re-roll your page die once'],
];
export const ASSETS: readonly AssetKind[] = Object.freeze(
  ASSET_TABLE.map(([name, copies, cost, tax, effect], id) =>
    Object.freeze({ id, code: `A${id}`, name, copies, cost, tax, effect }),
  ),
);
const assetKind = (name: string): number => ASSETS.findIndex((a) => a.name === name);
export const YAKUZA_LOAN = assetKind('Yakuza Loan');
export const PROTECTION_RACKET = assetKind('Protection Racket');
export const POLITICAL_CONNECTIONS = assetKind('Political Connections');
export const FIRE_INSURANCE = assetKind('Fire Insurance');
export const PERSONAL_ASSISTANT = assetKind('Personal Assistant');
export const SAVINGS_ACCOUNT = assetKind('Savings Account');
export const PAGE_TURNER = assetKind('Page Turner');
export const YAKUZA_LOAN_GAIN = 10;
/** §2.4 Protection Racket: each qualifying rival pays this much at the start of the owner's turn. */
export const RACKET_TAKE = 1;
/** §2.4 Political Connections: the tax base is reduced by this many $ symbols. */
export const CONNECTIONS_RELIEF = 2;
export const SAVINGS_MAX = 3;

// ---- §2.5 actions -------------------------------------------------------------------------------

export interface ActionKind {
  /** === index in ACTIONS (0-7); the card type is ACTION_TYPE_BASE + id. */
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly copies: number;
  readonly effect: string;
}

const ACTION_TABLE: readonly [string, number, string][] = [
  ['IRS Audit', 4, 'one rival without Political Connections pays a tax event with k = 1'],
  ['Business Scout', 4, 'take a business card from the discard pile'],
  ['Zoning Board', 4, 'turn the binder to another page'],
  ['Windfall', 5, 'gain $4'],
  ['Tax Refund', 3, 'gain $1 per $ symbol you own, at most $6'],
  ['Extra Shift', 4, 'roll one business die'],
  ['Shakedown', 3, 'a rival pays you up to $3'],
  ['Mysterious Fire', 4, "pay half its cost to destroy a rival's business"],
];
export const ACTIONS: readonly ActionKind[] = Object.freeze(
  ACTION_TABLE.map(([name, copies, effect], id) => Object.freeze({ id, code: `C${id}`, name, copies, effect })),
);
const actionKind = (name: string): number => ACTIONS.findIndex((a) => a.name === name);
export const IRS_AUDIT = actionKind('IRS Audit');
export const BUSINESS_SCOUT = actionKind('Business Scout');
export const ZONING_BOARD = actionKind('Zoning Board');
export const WINDFALL = actionKind('Windfall');
export const TAX_REFUND = actionKind('Tax Refund');
export const EXTRA_SHIFT = actionKind('Extra Shift');
export const SHAKEDOWN = actionKind('Shakedown');
export const MYSTERIOUS_FIRE = actionKind('Mysterious Fire');
export const WINDFALL_GAIN = 4;
export const TAX_REFUND_MAX = 6;
export const SHAKEDOWN_TAKE = 3;

// ---- card types (§2.5 "Card types used by the action encoding") and the 73-card deck ---------------

type CardCategory = 'business' | 'asset' | 'action';

export interface CardType {
  /** === index in CARD_TYPES: 0-21 businesses, 22-28 assets, 29-36 actions. */
  readonly type: number;
  readonly code: string;
  readonly name: string;
  readonly category: CardCategory;
  /** Index within its category's table (business id, asset kind, action kind). */
  readonly kind: number;
  readonly copies: number;
  /** Price to play it (actions are free; Mysterious Fire's payment depends on its target). */
  readonly cost: number;
  /** $ symbols while owned (actions are never owned). */
  readonly tax: number;
}

export const ASSET_TYPE_BASE = BUSINESSES.length;
export const ACTION_TYPE_BASE = ASSET_TYPE_BASE + ASSETS.length;

export const CARD_TYPES: readonly CardType[] = Object.freeze(
  [
    ...BUSINESSES.map((b) => ({
      type: b.id,
      code: b.code,
      name: b.name,
      category: 'business' as const,
      kind: b.id,
      copies: 1,
      cost: b.cost,
      tax: b.tax,
    })),
    ...ASSETS.map((a) => ({
      type: ASSET_TYPE_BASE + a.id,
      code: a.code,
      name: a.name,
      category: 'asset' as const,
      kind: a.id,
      copies: a.copies,
      cost: a.cost,
      tax: a.tax,
    })),
    ...ACTIONS.map((c) => ({
      type: ACTION_TYPE_BASE + c.id,
      code: c.code,
      name: c.name,
      category: 'action' as const,
      kind: c.id,
      copies: c.copies,
      cost: 0,
      tax: 0,
    })),
  ].map((t) => Object.freeze(t)),
);
export const TYPE_COUNT = CARD_TYPES.length;
export const assetType = (kind: number): number => ASSET_TYPE_BASE + kind;

/** One physical card: id === index; copies of a type are adjacent, so ascending id = ascending type. */
export interface DeckCard {
  readonly id: number;
  readonly type: number;
}
export const DECK: readonly DeckCard[] = Object.freeze(
  CARD_TYPES.flatMap((t) => Array.from({ length: t.copies }, () => t.type)).map((type, id) =>
    Object.freeze({ id, type }),
  ),
);
export const DECK_SIZE = DECK.length;

/** Card code ('B12', 'A3', 'C5': the rules' ids) to type, for saved states and tests. */
export const TYPE_OF_CODE: ReadonlyMap<string, number> = new Map(CARD_TYPES.map((t) => [t.code, t.type]));

// ---- §2.6 luxuries ------------------------------------------------------------------------------

export interface Luxury {
  /** === index in LUXURIES; ids ascend with price, so "cheapest first" is ascending id. */
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly price: number;
  readonly tax: number;
}

const LUXURY_TABLE: readonly [string, number, number][] = [
  ['Personal Trainer', 6, 1],
  ['Designer Wardrobe', 9, 1],
  ['Racehorse', 12, 2],
  ['Trophy Spouse', 15, 1],
  ['Sports Car', 18, 2],
  ['Art Collection', 21, 1],
  ['European Castle', 24, 2],
  ['Yacht', 27, 2],
  ['Title of Nobility', 30, 0],
  ['Private Island', 35, 1],
  ['Private Jet', 40, 1],
  ['Space Shuttle', 45, 0],
];
export const LUXURIES: readonly Luxury[] = Object.freeze(
  LUXURY_TABLE.map(([name, price, tax], id) => Object.freeze({ id, code: `L${id}`, name, price, tax })),
);
export const LUXURY_OF_CODE: ReadonlyMap<string, number> = new Map(LUXURIES.map((l) => [l.code, l.id]));

// ---- labels -------------------------------------------------------------------------------------

/** 'Tornado Cleaners ($12)', 'Windfall': a card as people read it (cost shown where it has one). */
export function cardLabel(type: number): string {
  const t = CARD_TYPES[type];
  return t.category === 'action' ? t.name : `${t.name} ($${t.cost})`;
}

export function luxuryLabel(id: number): string {
  return `${LUXURIES[id].name} ($${LUXURIES[id].price})`;
}
