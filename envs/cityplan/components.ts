/**
 * City Plan Delta's components as constant tables (rules/cityplan-delta.md §2). Building kinds,
 * action cards, income cards and the scoring tables; everything else in the folder is derived from
 * these. Kind ids are the rules' kind numbers and equal the array index.
 */

/** Building types of §2.1: R, C, I, power plant, special facility, mixed facility. */
export type BuildingType = 'R' | 'C' | 'I' | 'P' | 'S' | 'M';
export const TYPE_NAMES: Readonly<Record<BuildingType, string>> = {
  R: 'Residential',
  C: 'Commercial',
  I: 'Industrial',
  P: 'Power Plant',
  S: 'Special Facility',
  M: 'Mixed Facility',
};

/** Effects of the special and mixed facilities (§2.2); every other kind has 'none'. */
type Effect =
  | 'none'
  | 'tieBreak'
  | 'noPower'
  | 'freeBuilds'
  | 'discountR'
  | 'discountC'
  | 'discountI'
  | 'discountExpensive'
  | 'drawTwo'
  | 'sacrifice'
  | 'gainSix'
  | 'museum'
  | 'extraChip'
  | 'hospital'
  | 'bank'
  | 'researchLab'
  | 'gainFour';

export interface BuildingKind {
  /** The rules' kind number; === index in KINDS. */
  readonly id: number;
  readonly name: string;
  readonly type: BuildingType;
  /** For a mixed facility the R, C or I it also counts as; otherwise null. */
  readonly mixedAs: 'R' | 'C' | 'I' | null;
  /** Copies in the 95-card building deck (the Initial Power Plant: 0, it is never in the deck). */
  readonly copies: number;
  /** Printed card cost (number of other hand cards discarded). */
  readonly cost: number;
  /** Power consumption paid when built; 0 for power plants. */
  readonly power: number;
  /** Chips a power plant gives when built; 0 for every other type. */
  readonly production: number;
  readonly points: number;
  /** Lower-left number, used only by the City Bonus draw (§7.1 item 7). */
  readonly bonus: number;
  readonly eco: boolean;
  readonly effect: Effect;
  /** The effect as printed (§2.2), '' for none. */
  readonly effectText: string;
}

type Row = [
  name: string,
  type: BuildingType,
  copies: number,
  cost: number,
  power: number,
  points: number,
  bonus: number,
  eco: boolean,
];

/** A table row of one building type; for power plants (P) the power column is the production. */
const rowOf =
  (type: BuildingType) =>
  (name: string, copies: number, cost: number, power: number, points: number, bonus: number, eco = false): Row => [
    name,
    type,
    copies,
    cost,
    power,
    points,
    bonus,
    eco,
  ];
const R = rowOf('R');
const C = rowOf('C');
const I = rowOf('I');
const P = rowOf('P');

/** §2.2 tables R, C, I and P, one line per kind in kind order 0..29. */
const PLAIN_ROWS: Row[] = [
  R('Row Houses', 3, 0, 1, 1, 3),
  R('Suburban Homes', 3, 1, 1, 2, 2),
  R('Apartments', 3, 1, 2, 3, 2),
  R('Condominiums', 3, 2, 2, 4, 1),
  R('High-rise Apartments', 2, 3, 3, 5, 1),
  R('Luxury Estate', 1, 4, 3, 7, 0),
  R('Eco Housing', 2, 1, 0, 2, 2, true),
  R('Garden Suburb', 2, 2, 1, 3, 1, true),
  C('Corner Shops', 3, 0, 1, 1, 3),
  C('Shopping Street', 3, 1, 2, 2, 2),
  C('Supermarket', 3, 1, 3, 3, 2),
  C('Office Building', 3, 2, 3, 4, 1),
  C('Department Store', 2, 3, 4, 6, 1),
  C('Shopping Mall', 1, 4, 5, 8, 0),
  C("Farmers' Market", 2, 1, 1, 2, 2, true),
  C('Green Office', 2, 2, 2, 3, 1, true),
  I('Workshops', 3, 0, 2, 1, 3),
  I('Warehouses', 3, 0, 3, 2, 2),
  I('Factory', 3, 1, 3, 3, 2),
  I('Industrial Park', 3, 1, 4, 4, 1),
  I('Steel Mill', 2, 2, 5, 6, 1),
  I('Chemical Complex', 1, 3, 6, 8, 0),
  I('Recycling Center', 2, 1, 2, 2, 2, true),
  I('Biomass Works', 2, 2, 3, 3, 1, true),
  P('Thermal Power Plant', 4, 1, 8, 0, 2),
  P('Gas Power Plant', 3, 2, 10, 0, 1),
  P('Nuclear Power Plant', 1, 4, 18, -2, 0),
  P('Solar Power Plant', 3, 1, 5, 1, 2, true),
  P('Wind Farm', 3, 2, 7, 1, 1, true),
  P('Hydroelectric Dam', 2, 3, 9, 2, 0, true),
];

type FacilityRow = [
  name: string,
  type: 'S' | 'M',
  mixedAs: 'R' | 'C' | 'I' | null,
  copies: number,
  cost: number,
  power: number,
  points: number,
  bonus: number,
  eco: boolean,
  effect: Effect,
  text: string,
];

/** §2.2 special (kinds 30..43) and mixed (44..49) facilities. */
const FACILITY_ROWS: FacilityRow[] = [
  ['City Hall', 'S', null, 1, 3, 3, 6, 0, false, 'tieBreak', 'No in-game effect. Tie-break: see 7.3.'],
  [
    'TV Tower',
    'S',
    null,
    1,
    4,
    0,
    3,
    0,
    false,
    'noPower',
    'While in your city, every building you build costs 0 power.',
  ],
  [
    'Planned Construction Site',
    'S',
    null,
    1,
    4,
    0,
    1,
    0,
    false,
    'freeBuilds',
    'When built, set your free-build counter to 2. While it is >0, each building you build has card cost 0 and ' +
      'lowers it by 1.',
  ],
  [
    'Station',
    'S',
    null,
    1,
    2,
    2,
    2,
    1,
    false,
    'discountR',
    'Buildings you build that count as Residential cost 1 card less.',
  ],
  [
    'Airport',
    'S',
    null,
    1,
    3,
    3,
    3,
    0,
    false,
    'discountC',
    'Buildings you build that count as Commercial cost 1 card less.',
  ],
  [
    'Port',
    'S',
    null,
    1,
    2,
    2,
    2,
    1,
    false,
    'discountI',
    'Buildings you build that count as Industrial cost 1 card less.',
  ],
  [
    'Highway',
    'S',
    null,
    1,
    3,
    1,
    2,
    0,
    false,
    'discountExpensive',
    'Buildings you build whose printed card cost is 3 or more cost 1 card less.',
  ],
  ['Park', 'S', null, 2, 0, 0, 1, 2, true, 'none', ''],
  ['Farm', 'S', null, 2, 1, 2, 0, 2, true, 'drawTwo', 'When built, draw 2 cards.'],
  [
    'Construction Site',
    'S',
    null,
    1,
    0,
    0,
    0,
    2,
    false,
    'sacrifice',
    'When you build another building, before paying you may remove this card to the discard pile; that building then ' +
      'costs 3 cards less.',
  ],
  ['Substation', 'S', null, 1, 2, 0, 1, 1, false, 'gainSix', 'When built, gain 6 power chips.'],
  ['Stadium', 'S', null, 1, 4, 4, 9, 0, false, 'none', ''],
  ['Museum', 'S', null, 1, 3, 2, 3, 0, false, 'museum', 'Game end: +1 point per eco building in your city.'],
  [
    'Party Headquarters',
    'S',
    null,
    1,
    2,
    2,
    2,
    1,
    false,
    'extraChip',
    'When you take a councilor chip with the Council action, take 1 more chip if any remain.',
  ],
  [
    'Hospital',
    'M',
    'R',
    1,
    2,
    2,
    2,
    1,
    false,
    'hospital',
    'Game end: +1 point per other building of yours that counts as Residential.',
  ],
  ['School', 'M', 'R', 1, 2, 2, 2, 1, false, 'drawTwo', 'When built, draw 2 cards.'],
  [
    'Bank',
    'M',
    'C',
    1,
    3,
    3,
    3,
    0,
    false,
    'bank',
    'Game end: +1 point per other building of yours that counts as Commercial.',
  ],
  ['Hotel', 'M', 'C', 1, 2, 3, 4, 1, false, 'none', ''],
  [
    'Research Lab',
    'M',
    'I',
    1,
    3,
    3,
    3,
    0,
    false,
    'researchLab',
    'Game end: +1 point per other building of yours that counts as Industrial.',
  ],
  ['Logistics Center', 'M', 'I', 1, 2, 2, 3, 1, false, 'gainFour', 'When built, gain 4 power chips.'],
];

/** Chips each player starts with: the Initial Power Plant's +18 (§3.2). */
export const START_POWER = 18;

const PLANT_EFFECT_TEXT = 'Pays no power; gives its production in chips when built.';

/** Every building kind 0..50 (§2.2); kind 50 is the Initial Power Plant, never in the deck or a hand. */
export const KINDS: readonly BuildingKind[] = Object.freeze(
  (
    [
      ...PLAIN_ROWS.map(([name, type, copies, cost, power, points, bonus, eco], id): BuildingKind => ({
        id,
        name,
        type,
        mixedAs: null,
        copies,
        cost,
        power: type === 'P' ? 0 : power,
        production: type === 'P' ? power : 0,
        points,
        bonus,
        eco,
        effect: 'none',
        effectText: type === 'P' ? PLANT_EFFECT_TEXT : '',
      })),
      ...FACILITY_ROWS.map(
        ([name, type, mixedAs, copies, cost, power, points, bonus, eco, effect, effectText], i): BuildingKind => ({
          id: PLAIN_ROWS.length + i,
          name,
          type,
          mixedAs,
          copies,
          cost,
          power,
          production: 0,
          points,
          bonus,
          eco,
          effect,
          effectText,
        }),
      ),
      {
        id: PLAIN_ROWS.length + FACILITY_ROWS.length,
        name: 'Initial Power Plant',
        type: 'P',
        mixedAs: null,
        copies: 0,
        cost: 0,
        power: 0,
        production: START_POWER,
        points: 0,
        bonus: 0,
        eco: false,
        effect: 'none',
        effectText: 'Placed at setup with 18 power chips; never in the deck.',
      },
    ] satisfies BuildingKind[]
  ).map((k): BuildingKind => Object.freeze(k)),
);

/** Kinds a hand, the deck or the discard pile can hold: 0..49 (§9). */
export const DECK_KINDS = KINDS.length - 1;
/** Kinds a city can hold: 0..50. */
export const CITY_KINDS = KINDS.length;

function kindNamed(name: string): number {
  const i = KINDS.findIndex((k) => k.name === name);
  if (i < 0) throw new Error(`no building kind named '${name}'`);
  return i;
}

export const INITIAL_PLANT = kindNamed('Initial Power Plant');
export const CITY_HALL = kindNamed('City Hall');
export const TV_TOWER = kindNamed('TV Tower');
export const PLANNED_SITE = kindNamed('Planned Construction Site');
export const STATION = kindNamed('Station');
export const AIRPORT = kindNamed('Airport');
export const PORT = kindNamed('Port');
export const HIGHWAY = kindNamed('Highway');
export const FARM = kindNamed('Farm');
export const CONSTRUCTION_SITE = kindNamed('Construction Site');
export const MUSEUM = kindNamed('Museum');
export const PARTY_HQ = kindNamed('Party Headquarters');
export const HOSPITAL = kindNamed('Hospital');
export const BANK = kindNamed('Bank');
export const RESEARCH_LAB = kindNamed('Research Lab');

/** Index of a kind by its exact name (tests, position helpers); throws listing nothing if unknown. */
export function kindByName(name: string): number {
  return kindNamed(name);
}

// ---- per-kind facts as typed arrays, for the hot path ------------------------------------------

/** Flags: what a kind counts as for every rule (§2.1 counting terms; mixed = special + its type). */
export const F_R = 1;
export const F_C = 2;
export const F_I = 4;
export const F_ECO = 8;
export const F_SPECIAL = 16;
export const F_PLANT = 32;

export const FLAGS: Uint8Array = Uint8Array.from(KINDS, (k) => {
  let f = 0;
  const as = k.type === 'M' ? k.mixedAs : k.type;
  if (as === 'R') f |= F_R;
  if (as === 'C') f |= F_C;
  if (as === 'I') f |= F_I;
  if (k.eco) f |= F_ECO;
  if (k.type === 'S' || k.type === 'M') f |= F_SPECIAL;
  if (k.type === 'P') f |= F_PLANT;
  return f;
});
export const COST: Int8Array = Int8Array.from(KINDS, (k) => k.cost);
export const POWER: Int8Array = Int8Array.from(KINDS, (k) => k.power);
export const POINTS: Int8Array = Int8Array.from(KINDS, (k) => k.points);
export const BONUS: Int8Array = Int8Array.from(KINDS, (k) => k.bonus);
/** Chips gained when built: a plant's production, plus Substation +6 and Logistics Center +4 (§4.2.1 step 6). */
export const GAIN: Int8Array = Int8Array.from(KINDS, (k) =>
  k.id === INITIAL_PLANT ? 0 : k.production + (k.effect === 'gainSix' ? 6 : k.effect === 'gainFour' ? 4 : 0),
);
/** Cards drawn when built (Farm, School). */
export const DRAW_ON_BUILD: Int8Array = Int8Array.from(KINDS, (k) => (k.effect === 'drawTwo' ? 2 : 0));

/** The Plain variant (§8.1) removes every special and mixed facility from the deck. */
export const VARIANTS = ['delta', 'plain'] as const;
export type Variant = (typeof VARIANTS)[number];

const DECK_COPIES: Readonly<Record<Variant, readonly number[]>> = {
  delta: Object.freeze(KINDS.slice(0, DECK_KINDS).map((k) => k.copies)),
  plain: Object.freeze(KINDS.slice(0, DECK_KINDS).map((k) => (FLAGS[k.id] & F_SPECIAL ? 0 : k.copies))),
};

/** Copies of each kind 0..49 in the building deck of a variant. */
export function deckCopies(variant: Variant): readonly number[] {
  return DECK_COPIES[variant];
}

/** 95 cards (delta) or 73 (plain). */
export const DECK_SIZE: Readonly<Record<Variant, number>> = {
  delta: deckCopies('delta').reduce((a, b) => a + b, 0),
  plain: deckCopies('plain').reduce((a, b) => a + b, 0),
};

/**
 * One physical building card: ids 0..94 are the deck in ascending kind order (copies of a kind next
 * to each other, §5), ids 95..99 the five Initial Power Plants.
 */
export interface BuildingCard {
  readonly id: number;
  readonly kind: number;
}
export const BUILDING_CARDS: readonly BuildingCard[] = Object.freeze(
  [
    ...KINDS.flatMap((k) => Array.from({ length: k.copies }, () => k.id)),
    ...Array.from({ length: 5 }, () => INITIAL_PLANT),
  ].map((kind, id) => Object.freeze({ id, kind })),
);

// ---- action cards, income cards, chips ---------------------------------------------------------

/** §2: 5 colours x {1 Income, 2 Exchange, 3 Council}. Seat i plays colour i. */
const COLOURS = ['red', 'blue', 'yellow', 'green', 'white'] as const;
export const ACTION_CARD_NAMES = ['Income', 'Exchange', 'Council'] as const;
export interface ActionCard {
  readonly id: number;
  readonly colour: (typeof COLOURS)[number];
  /** The printed number 1..3 (resolution order, §4.1). */
  readonly number: number;
  readonly name: (typeof ACTION_CARD_NAMES)[number];
}
export const ACTION_CARDS: readonly ActionCard[] = Object.freeze(
  COLOURS.flatMap((colour, c) =>
    ACTION_CARD_NAMES.map((name, i) => Object.freeze({ id: c * 3 + i, colour, number: i + 1, name })),
  ),
);

/** What an income card counts (table 2.3). */
type IncomeMeasure = 'R' | 'C' | 'I' | 'eco' | 'plants' | 'buildings';
export interface IncomeCard {
  /** 0..5; the printed number is id + 1. */
  readonly id: number;
  readonly number: number;
  readonly name: string;
  readonly measure: IncomeMeasure;
  readonly condition: string;
  readonly pays: string;
}
export const INCOME_CARDS: readonly IncomeCard[] = Object.freeze(
  (
    [
      ['Housing Grant', 'R', 'R-count ≥ 2', "1, plus 1 more if that player's R-count ≥ 2"],
      ['Commerce Grant', 'C', 'C-count ≥ 2', "1, plus 1 more if that player's C-count ≥ 2"],
      ['Industry Grant', 'I', 'I-count ≥ 2', "1, plus 1 more if that player's I-count ≥ 2"],
      ['Eco Incentive', 'eco', 'eco-count ≥ 2', "min(that player's eco-count, 2)"],
      ['Energy Grant', 'plants', 'plants ≥ 2', "1, plus 1 more if that player's plants ≥ 2"],
      ['Subsidy', 'buildings', 'buildings ≥ 8', '2 if that player has ≤ 7 buildings, otherwise 0'],
    ] as const
  ).map(([name, measure, condition, pays], id) =>
    Object.freeze({ id, number: id + 1, name, measure, condition, pays }),
  ),
);

export const COUNCILOR_CHIPS = 15;
/** §4.3 step 2: the council opens with 3 chips per player. */
export const CHIPS_PER_PLAYER = 3;

// ---- other numbers of the rules ----------------------------------------------------------------

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
export const DEFAULT_PLAYERS = 2;
/** §3.3 */
export const HAND_DEAL = 5;
/** §4.2: at the end of the Build phase a hand of 9+ is discarded down to 8. */
export const HAND_LIMIT = 8;
/** §4.4: 10 buildings end the game after that turn. */
export const END_BUILDINGS = 10;
/** §7.4 */
export const MAX_TURNS = 40;
/** §8.1: Plain players start with a built Farm whose 2 power is already paid. */
export const PLAIN_START_POWER = START_POWER - KINDS[FARM].power;
/** §4.2.1 step 1: a sacrificed Construction Site takes 3 cards off. */
export const SACRIFICE_DISCOUNT = 3;
/** §4.2.1 step 6: Planned Construction Site sets the counter to 2. */
export const FREE_BUILDS = 2;
/** §7.1 item 3 */
export const COUNCIL_BONUS = 5;
export const COUNCIL_PENALTY = 5;
/** §7.1 item 4: COMPLETION[buildings >= 10 ? 0 : 1][min(specials, 2)]; fewer than 9 buildings: 0. */
export const COMPLETION: readonly (readonly number[])[] = Object.freeze([
  Object.freeze([20, 10, 5]),
  Object.freeze([10, 5, 2]),
]);
/** §7.1 item 5 */
export const DEVELOPMENT_FACTOR = 2;
/** §7.1 item 7: balance tickets by min(R, C, I) = 0, 1, 2, 3+. */
export const BALANCE_TICKETS: readonly number[] = Object.freeze([0, 1, 3, 6]);

/** 'Department Store'. */
export function kindName(kind: number): string {
  return KINDS[kind].name;
}

/** 'Department Store (C, 3 cards, 4 power, 6 pts)': the card as people read it. */
export function kindSummary(kind: number): string {
  const k = KINDS[kind];
  const type = k.type === 'M' ? `M/${k.mixedAs}` : k.type;
  const power = k.type === 'P' ? `+${k.production} power` : `${k.power} power`;
  return (
    `${k.name} (${type}${k.eco ? ', eco' : ''}, ` +
    `${k.cost} card${k.cost === 1 ? '' : 's'}, ${power}, ${k.points} pts)`
  );
}

// ---- the flow of a turn and the card zones ------------------------------------------------------

/** Phases; every phase but 'over' is a kind of decision (§9 sub-phase flow). */
export const PHASES = ['actionSelect', 'exchange', 'build', 'sacrifice', 'pay', 'handLimit', 'over'] as const;
export type PhaseName = (typeof PHASES)[number];
export const PH_ACTION = 0;
export const PH_EXCHANGE = 1;
export const PH_BUILD = 2;
export const PH_SACRIFICE = 3;
export const PH_PAY = 4;
export const PH_HAND_LIMIT = 5;
export const PH_OVER = 6;

/** What the seat to act decides in each phase (neutral wording: messages and renderers use it). */
export const DECISION_TEXT: Readonly<Record<PhaseName, string>> = {
  actionSelect: 'choose an action card (hidden until everyone has chosen)',
  exchange: 'set aside cards to exchange, then finish (draw that many)',
  build: 'build a building from hand, or draw 2 cards',
  sacrifice: 'sacrifice the Construction Site (3 cards less) or keep it',
  pay: 'discard a card to pay the card cost',
  handLimit: `discard down to ${HAND_LIMIT} cards (hand limit)`,
  over: 'nothing: the game is over',
};

/** Action cards as commits: the action numbers 0..2 of §9 and the index into ACTION_CARD_NAMES. */
export const AC_INCOME = 0;
export const AC_EXCHANGE = 1;
export const AC_COUNCIL = 2;

/**
 * Most City Bonus tickets one city can earn (§7.1 item 7): R, C and I counts sum to at most 10, so
 * their tickets to at most 8; eco at most 4 (9 eco buildings, the Initial Power Plant is not eco);
 * balance at most 6. 8 + 4 + 6 = 18.
 */
export const MAX_TICKETS = 18;

/** Chips one seat could ever hold: the start plus every power gain in the deck. */
export const MAX_POWER = START_POWER + KINDS.reduce((sum, k) => sum + k.copies * GAIN[k.id], 0);

/** Total copies of each kind 0..50 the game holds (§2, §8.1): the variant's deck, IPPs and Plain Farms. */
export function expectedCopies(players: number, variant: Variant): number[] {
  const out = Array.from(deckCopies(variant));
  out.push(players);
  if (variant === 'plain') out[FARM] += players;
  return out;
}

/** Kinds of a count array as an ascending list with repeats ([2, 6, 6]). */
export function kindList(counts: ArrayLike<number>, base: number, size: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < size; k++) for (let i = 0; i < counts[base + k]; i++) out.push(k);
  return out;
}
