/**
 * The mutable core of a City Plan Delta position: a Table of small number arrays and numbers, its
 * setup (§3), and the pure facts the rules read from it (card cost and power of a build, §4.2.1).
 * Cards are stored by kind: copies of a kind are interchangeable, and a deck of kinds shuffled from
 * ascending kind order draws exactly what a deck of card ids in ascending id order would (§5).
 */
import { Rng, type RngState } from '../core/rng.js';
import {
  AIRPORT,
  CITY_KINDS,
  CONSTRUCTION_SITE,
  COST,
  DECK_KINDS,
  FARM,
  FLAGS,
  F_C,
  F_I,
  F_PLANT,
  F_R,
  HAND_DEAL,
  HIGHWAY,
  INITIAL_PLANT,
  PLAIN_START_POWER,
  PORT,
  POWER,
  SACRIFICE_DISCOUNT,
  START_POWER,
  STATION,
  TV_TOWER,
  deckCopies,
  type Variant,
} from './cards.js';

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

/** Action cards as commits: the action numbers 0..2 of §9 and the index into ACTION_CARD_NAMES. */
export const AC_INCOME = 0;
export const AC_EXCHANGE = 1;
export const AC_COUNCIL = 2;

/**
 * The flat action space of §9:
 *   0..2 action card, 3..52 build kind 0..49, 53 draw 2, 54..103 discard kind 0..49,
 *   104 finish the exchange, 105 sacrifice Construction Site, 106 keep it.
 *   3 + 50 + 1 + 50 + 1 + 1 + 1 = 107.
 */
export const A_BUILD = 3;
export const A_DRAW_TWO = A_BUILD + DECK_KINDS;
export const A_DISCARD = A_DRAW_TWO + 1;
export const A_FINISH_EXCHANGE = A_DISCARD + DECK_KINDS;
export const A_SACRIFICE = A_FINISH_EXCHANGE + 1;
export const A_KEEP_SITE = A_SACRIFICE + 1;
export const ACTION_SIZE = A_KEEP_SITE + 1;

/** Index of the face-up source in `pile` (cards anyone saw go there): seats are 0..players-1. */
export const faceUpSource = (t: Table): number => t.players;

/**
 * Most City Bonus tickets one city can earn (§7.1 item 7): R, C and I counts sum to at most 10, so
 * their tickets to at most 8; eco at most 4 (9 eco buildings, the Initial Power Plant is not eco);
 * balance at most 6. 8 + 4 + 6 = 18.
 */
export const MAX_TICKETS = 18;

/**
 * A position. Plain data only, so cloning and saving are mechanical. Arrays are plain number arrays
 * rather than typed arrays: V8 copies small-integer arrays several times faster than it allocates
 * typed arrays over 64 bytes, and clone() copies every one of them.
 */
export interface Table {
  readonly players: number;
  readonly variant: Variant;
  phase: number;
  /** 1..MAX_TURNS */
  turn: number;
  mayor: number;
  /** hands[seat * DECK_KINDS + kind] = copies held. */
  readonly hands: number[];
  /** Cached hand sizes (the playouts check them against the hands). */
  readonly handSize: number[];
  /** cities[seat * CITY_KINDS + kind] = buildings of that kind. */
  readonly cities: number[];
  /** Cached building counts. */
  readonly buildings: number[];
  readonly power: number[];
  readonly councilors: number[];
  readonly freeBuilds: number[];
  /** The draw deck, bottom first: deck[deck.length - 1] is the top card, so a draw is a pop. */
  deck: number[];
  /**
   * The discard pile as entries source * PILE_STRIDE + kind, source = a seat for its face-down
   * discards, faceUpSource for face-up ones (§6 "Discard pile knowledge"). Its order never matters:
   * a reshuffle sorts it first (§5).
   */
  readonly pile: number[];
  /** Kinds set aside by the Exchange player being asked (count as discarded, §9). */
  readonly setAside: number[];
  /** Councilor chips on the assembly. */
  assembly: number;
  /** Bitmask of income cards 0..5 already triggered. */
  incomeUsed: number;
  /** Per seat the action card committed this turn (AC_*), -1 = none yet. */
  readonly commits: number[];
  commitCount: number;
  /** Position in mayor order of the seat asked in exchange, build, sacrifice, pay and handLimit. */
  cursor: number;
  /** The building being built (-1 none), its card cost after the sacrifice choice, cards still due. */
  pendingKind: number;
  pendingCost: number;
  pendingDue: number;
  pendingSacrificed: boolean;
  truncated: boolean;
  /** The game's RNG as its saved state: drawn at setup and on reshuffles only (§5). */
  rng: RngState;
  /** City Bonus cards drawn at the end as (seat, kind) pairs in draw order. */
  readonly bonusDraws: number[];
  /** Packed event records (log.ts), oldest first; the public log is log[logStart..]. */
  readonly log: number[];
  logStart: number;
  /** Per seat, the index in `log` where its last move's events begin (0 before its first move). */
  readonly lastMove: number[];
}

/** Pile entries pack source * PILE_STRIDE + kind. */
export const PILE_STRIDE = 64;

const zeros = (n: number): number[] => new Array<number>(n).fill(0);

/** An empty table: no cards anywhere, phase actionSelect of turn 1. Setup and fromJSON fill it. */
export function emptyTable(players: number, variant: Variant, rng: RngState): Table {
  return {
    players,
    variant,
    phase: PH_ACTION,
    turn: 1,
    mayor: 0,
    hands: zeros(players * DECK_KINDS),
    handSize: zeros(players),
    cities: zeros(players * CITY_KINDS),
    buildings: zeros(players),
    power: zeros(players),
    councilors: zeros(players),
    freeBuilds: zeros(players),
    deck: [],
    pile: [],
    setAside: [],
    assembly: 0,
    incomeUsed: 0,
    commits: new Array<number>(players).fill(-1),
    commitCount: 0,
    cursor: 0,
    pendingKind: -1,
    pendingCost: 0,
    pendingDue: 0,
    pendingSacrificed: false,
    truncated: false,
    rng,
    bonusDraws: [],
    log: [],
    logStart: 0,
    lastMove: zeros(players),
  };
}

/**
 * §3 setup. RNG draws in the order §5 fixes: the deck shuffle (ascending kind order, Fisher-Yates),
 * then the first mayor. Seat 0 takes the top 5 cards, then seat 1, and so on.
 */
export function newTable(players: number, variant: Variant, seed: number | string): Table {
  const rng = Rng.fromSeed(seed);
  const t = emptyTable(players, variant, rng.state());
  const cards: number[] = [];
  deckCopies(variant).forEach((copies, kind) => {
    for (let i = 0; i < copies; i++) cards.push(kind);
  });
  rng.shuffleInPlace(cards);
  // cards[0] is the top of the deck (§5); the table keeps the top at the end.
  t.deck = cards.reverse();
  for (let seat = 0; seat < players; seat++) {
    for (let i = 0; i < HAND_DEAL; i++) t.hands[seat * DECK_KINDS + t.deck.pop()!]++;
    t.handSize[seat] = HAND_DEAL;
    placeBuilding(t, seat, INITIAL_PLANT);
    // §8.1: the Plain Farm is an extra card, built before the game with its power already paid.
    if (variant === 'plain') placeBuilding(t, seat, FARM);
    t.power[seat] = variant === 'plain' ? PLAIN_START_POWER : START_POWER;
  }
  t.mayor = rng.int(players);
  t.rng = rng.state();
  return t;
}

export function cloneTable(t: Table): Table {
  return {
    players: t.players,
    variant: t.variant,
    phase: t.phase,
    turn: t.turn,
    mayor: t.mayor,
    hands: t.hands.slice(),
    handSize: t.handSize.slice(),
    cities: t.cities.slice(),
    buildings: t.buildings.slice(),
    power: t.power.slice(),
    councilors: t.councilors.slice(),
    freeBuilds: t.freeBuilds.slice(),
    deck: t.deck.slice(),
    pile: t.pile.slice(),
    setAside: t.setAside.slice(),
    assembly: t.assembly,
    incomeUsed: t.incomeUsed,
    commits: t.commits.slice(),
    commitCount: t.commitCount,
    cursor: t.cursor,
    pendingKind: t.pendingKind,
    pendingCost: t.pendingCost,
    pendingDue: t.pendingDue,
    pendingSacrificed: t.pendingSacrificed,
    truncated: t.truncated,
    rng: { c: t.rng.c, s0: t.rng.s0, s1: t.rng.s1, s2: t.rng.s2 },
    bonusDraws: t.bonusDraws.slice(),
    log: t.log.slice(),
    logStart: t.logStart,
    lastMove: t.lastMove.slice(),
  };
}

/** Adds a building to a city (setup, a completed build). */
export function placeBuilding(t: Table, seat: number, kind: number): void {
  t.cities[seat * CITY_KINDS + kind]++;
  t.buildings[seat]++;
}

// ---- derived facts -----------------------------------------------------------------------------

/** The seat to act, -1 once the game is over. */
export function toAct(t: Table): number {
  if (t.phase === PH_OVER) return -1;
  return (t.mayor + (t.phase === PH_ACTION ? t.commitCount : t.cursor)) % t.players;
}

export const hasBuilding = (t: Table, seat: number, kind: number): boolean => t.cities[seat * CITY_KINDS + kind] > 0;

/**
 * §4.2.1 step 1 before the optional sacrifice: 0 while the free-build counter runs, else the
 * printed cost minus Station / Airport / Port / Highway, floored at 0.
 */
export function reducedCost(t: Table, seat: number, kind: number): number {
  if (t.freeBuilds[seat] > 0) return 0;
  const base = seat * CITY_KINDS;
  const city = t.cities;
  const flags = FLAGS[kind];
  let cost = COST[kind];
  if (flags & F_R && city[base + STATION] > 0) cost--;
  if (flags & F_C && city[base + AIRPORT] > 0) cost--;
  if (flags & F_I && city[base + PORT] > 0) cost--;
  if (COST[kind] >= 3 && city[base + HIGHWAY] > 0) cost--;
  return cost < 0 ? 0 : cost;
}

/** §4.2.1 step 1 and §8.7: the sacrifice is offered only when the cost left is above 0. */
export function isSacrificeOffered(t: Table, seat: number, reduced: number): boolean {
  return reduced > 0 && t.cities[seat * CITY_KINDS + CONSTRUCTION_SITE] > 0;
}

export const costAfterSacrifice = (reduced: number): number =>
  reduced > SACRIFICE_DISCOUNT ? reduced - SACRIFICE_DISCOUNT : 0;

/** §4.2.1 step 2: plants pay nothing; TV Tower makes every other building free of power. */
export function powerCost(t: Table, seat: number, kind: number): number {
  if (FLAGS[kind] & F_PLANT) return 0;
  return t.cities[seat * CITY_KINDS + TV_TOWER] > 0 ? 0 : POWER[kind];
}

/**
 * §4.2.1 step 3 for a card still in the hand: the other hand cards cover the card cost (with the
 * sacrifice if needed) and the chips cover the power.
 */
export function canBuild(t: Table, seat: number, kind: number): boolean {
  if (t.hands[seat * DECK_KINDS + kind] === 0) return false;
  if (t.power[seat] < powerCost(t, seat, kind)) return false;
  const others = t.handSize[seat] - 1;
  const reduced = reducedCost(t, seat, kind);
  if (others >= reduced) return true;
  return isSacrificeOffered(t, seat, reduced) && others >= costAfterSacrifice(reduced);
}

/** Cards on the discard pile from one source (a seat, or faceUpSource). */
export function pileCount(t: Table, source: number): number {
  let n = 0;
  const lo = source * PILE_STRIDE;
  for (const entry of t.pile) if (entry >= lo && entry < lo + PILE_STRIDE) n++;
  return n;
}

/** Per kind 0..49, the pile cards from one source. */
export function pileKinds(t: Table, source: number): number[] {
  const out = zeros(DECK_KINDS);
  const lo = source * PILE_STRIDE;
  for (const entry of t.pile) if (entry >= lo && entry < lo + PILE_STRIDE) out[entry - lo]++;
  return out;
}

/** Total copies of each kind 0..50 the game holds (§2, §8.1): the variant's deck, IPPs and Plain Farms. */
export function expectedCopies(players: number, variant: Variant): number[] {
  const out = Array.from(deckCopies(variant));
  out.push(players);
  if (variant === 'plain') out[FARM] += players;
  return out;
}

/** Where every card is, per kind 0..50: the conservation check of fromJSON and the playouts. */
export function countCards(t: Table): number[] {
  const out = zeros(CITY_KINDS);
  for (let seat = 0; seat < t.players; seat++) {
    for (let k = 0; k < DECK_KINDS; k++) out[k] += t.hands[seat * DECK_KINDS + k];
    for (let k = 0; k < CITY_KINDS; k++) out[k] += t.cities[seat * CITY_KINDS + k];
  }
  for (const k of t.deck) out[k]++;
  for (const entry of t.pile) out[entry % PILE_STRIDE]++;
  for (const k of t.setAside) out[k]++;
  if (t.pendingKind >= 0) out[t.pendingKind]++;
  return out;
}

/** Kinds of a count array as an ascending list with repeats ([2, 6, 6]). */
export function kindList(counts: ArrayLike<number>, base: number, size: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < size; k++) for (let i = 0; i < counts[base + k]; i++) out.push(k);
  return out;
}
