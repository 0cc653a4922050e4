/**
 * Promotion's position, declared once (envs/core/position.ts derives clone, toJSON and the checked
 * fromJSON): small typed arrays and bitmasks, so a random playout clones and steps it quickly.
 * `check` holds the cross-field rules of §2.1 and of the phase machine; `committed` and
 * `roundStart` follow from other fields, so they are not saved. Version 1 (before the kit) was a
 * readable format (cards as 'H7', suits as letters); migrations[1] decodes it. Below the
 * declaration: the facts every other module reads off a position.
 */
import { InvalidStateError } from '../core/errors.js';
import { definePosition, field, type Position } from '../core/position.js';
import type { RngState } from '../core/rng.js';
import {
  DOWN_ORDER_SIDES,
  FULL_SUIT_MASK,
  KING,
  MAX_ROUNDS,
  MIN_FIELD_RANK,
  PLAYERS,
  POPCOUNT4,
  ROW_COUNT,
  SIDES,
  SIDE_CHANGE,
  SIDE_DOWN,
  SIDE_WILD,
  SUITS,
  SUIT_NAMES,
  cardCode,
  sideLabel,
} from './components.js';
import { EVENTS, LOG_ARG_MAX, LOG_CAPACITY } from './events.js';

export const GAME = 'promotion';

/**
 * Phases; every phase but 'over' is a kind of decision, and its actions form one block of the
 * flat action space in the same order (§9), so the action block of a phase is its index.
 */
export const PHASES = ['draft', 'orient', 'flip', 'row', 'downTie', 'change', 'wild', 'over'] as const;
export type PhaseName = (typeof PHASES)[number];
export const PH_DRAFT = 0;
export const PH_ORIENT = 1;
export const PH_FLIP = 2;
export const PH_ROW = 3;
export const PH_DOWN_TIE = 4;
export const PH_CHANGE = 5;
export const PH_WILD = 6;
export const PH_OVER = 7;

const SEATS_MASK = (1 << PLAYERS) - 1;
const SUITS_MASK = (1 << SUITS.length) - 1;

const FIELDS = {
  phase: field.choice(PHASES),
  /** 0 during the draft, then 1..MAX_ROUNDS. */
  round: field.int(0, MAX_ROUNDS),
  /** Parent of the round; -1 during the draft. */
  parent: field.int(-1, PLAYERS - 1, -1),
  /** `a` of §2.2 (side index facing seat 0); -1 while the postcard is not placed. */
  orientation: field.int(-1, SIDES.length - 1, -1),
  /** fields[seat * 4 + suit] = rank 5..13; 0 = suit not drafted yet. */
  fields: field.typed(Uint8Array, PLAYERS * SUITS.length, { min: 0, max: KING }),
  /** supply[suit]: bit r set = rank r lies in the supply. */
  supply: field.typed(Uint16Array, SUITS.length, { min: 0, max: FULL_SUIT_MASK, fill: FULL_SUIT_MASK }),
  /** rows[seat] = row card placed this round, 0 = none. */
  rows: field.typed(Uint8Array, PLAYERS, { min: 0, max: ROW_COUNT }),
  /** Bitmask of drafted suits. */
  drafted: field.int(0, SUITS_MASK),
  /** Row cards placed this round (Phase B commits go parent first, clockwise): derived from rows. */
  committed: field.int(0, PLAYERS),
  /** Row-1 activation number being processed (Phase C), 5 once past row 1. */
  activation: field.int(1, SIDES.length + 1, 1),
  /** Seat bitmask of the row-1 `done` set. */
  done: field.int(0, SEATS_MASK),
  /** Which of the three Down! victims is next (0..2). */
  downIndex: field.int(0, PLAYERS - 2),
  truncated: field.bool(),
  /** The game's one random source: drawn once, right after the draft (§5). */
  rng: field.rng(),
  /** This round's events and the previous round's (events.ts). */
  log: field.log(EVENTS, LOG_CAPACITY),
  /** Record number of the current round's first event: derived from the log's rounds. */
  roundStart: field.int(0, LOG_CAPACITY),
};

export type PromotionPosition = Position<typeof FIELDS>;

export const POSITION = definePosition({
  game: GAME,
  version: 2,
  minPlayers: PLAYERS,
  maxPlayers: PLAYERS,
  fields: FIELDS,
  unsaved: ['committed', 'roundStart'],
  check,
  migrations: { 1: fromVersion1 },
});

// ---- facts read off a position --------------------------------------------------------------

/** §3.4: the draft parent of draft round k is seat (0 - k) mod 4. */
export function draftParent(p: PromotionPosition): number {
  return (PLAYERS - POPCOUNT4[p.drafted]) & 3;
}

/** The seat currently facing `side`: side(s) = (a - s) mod 4, so s = (a - side) mod 4. */
export function facing(p: PromotionPosition, side: number): number {
  return (p.orientation - side) & 3;
}

export function sideOfSeat(p: PromotionPosition, seat: number): number {
  return (p.orientation - seat) & 3;
}

/** The i-th victim of the Down! being resolved. */
export function downSeat(p: PromotionPosition, i: number): number {
  return facing(p, DOWN_ORDER_SIDES[i]);
}

/** Suit bitmask of a seat's field cards of its highest rank. */
export function topSuits(p: PromotionPosition, seat: number): number {
  const f = p.fields;
  const base = seat * 4;
  const top = Math.max(f[base], f[base + 1], f[base + 2], f[base + 3]);
  let mask = 0;
  for (let suit = 0; suit < 4; suit++) if (f[base + suit] === top) mask |= 1 << suit;
  return mask;
}

export function highestRank(p: PromotionPosition, seat: number): number {
  const f = p.fields;
  const base = seat * 4;
  return Math.max(f[base], f[base + 1], f[base + 2], f[base + 3]);
}

export function rankSum(p: PromotionPosition, seat: number): number {
  const f = p.fields;
  const base = seat * 4;
  return f[base] + f[base + 1] + f[base + 2] + f[base + 3];
}

/** Seat bitmask of the King holders. */
export function kingHolders(p: PromotionPosition): number {
  let mask = 0;
  for (let i = 0; i < PLAYERS * 4; i++) if (p.fields[i] === KING) mask |= 1 << (i >> 2);
  return mask;
}

/** The rank Promote would give (§4.2: the smallest higher rank in the supply), or `from` if none. */
export function promotionTarget(p: PromotionPosition, suit: number, from: number): number {
  const higher = p.supply[suit] & ~((2 << from) - 1);
  return higher === 0 ? from : 31 - Math.clz32(higher & -higher);
}

// ---- the cross-field rules of a loaded position ---------------------------------------------

function check(p: PromotionPosition, bad: (detail: string) => never): void {
  const phase = p.phase;
  const phaseName = PHASES[phase];

  // §2.1: every card 5..13 is in the supply or one field, never both; one field card per suit.
  const holder = new Int8Array(SUITS.length * (KING + 1)).fill(-1);
  for (let seat = 0; seat < PLAYERS; seat++) {
    for (let suit = 0; suit < SUITS.length; suit++) {
      const rank = p.fields[seat * 4 + suit];
      if (rank === 0) continue;
      const code = cardCode(suit, rank);
      if (rank < MIN_FIELD_RANK) bad(`seat ${seat} holds ${code}; field cards are ${MIN_FIELD_RANK}..${KING}`);
      const other = holder[suit * (KING + 1) + rank];
      if (other >= 0) bad(`card ${code} is held by seat ${other} and seat ${seat}`);
      holder[suit * (KING + 1) + rank] = seat;
    }
  }
  for (let suit = 0; suit < SUITS.length; suit++) {
    const mask = p.supply[suit];
    if ((mask & ~FULL_SUIT_MASK) !== 0) bad(`the ${SUIT_NAMES[suit]} supply holds a rank outside 5..13`);
    for (let rank = MIN_FIELD_RANK; rank <= KING; rank++) {
      const code = cardCode(suit, rank);
      const seat = holder[suit * (KING + 1) + rank];
      if (mask & (1 << rank) && seat >= 0) bad(`card ${code} is in the supply and also held by seat ${seat}`);
      if (!(mask & (1 << rank)) && seat < 0) bad(`card ${code} is neither in the supply nor held`);
    }
  }

  const draftedCount = POPCOUNT4[p.drafted];
  if (phase === PH_DRAFT ? draftedCount >= SUITS.length - 1 : draftedCount !== SUITS.length) {
    bad(
      `${draftedCount} suits drafted does not fit phase '${phaseName}' ` +
        '(the draft asks for 3 suits, the 4th is forced)',
    );
  }
  for (let seat = 0; seat < PLAYERS; seat++) {
    for (let suit = 0; suit < 4; suit++) {
      const isDrafted = (p.drafted & (1 << suit)) !== 0;
      if ((p.fields[seat * 4 + suit] !== 0) !== isDrafted) {
        bad(
          `seat ${seat} ${isDrafted ? 'has no' : 'has a'} ${SUIT_NAMES[suit]} field card, ` +
            `but ${SUIT_NAMES[suit]} ${isDrafted ? 'were' : 'were not'} drafted`,
        );
      }
    }
  }

  if (phase === PH_DRAFT) {
    if (p.round !== 0 || p.parent !== -1 || p.orientation !== -1)
      bad('during the draft round must be 0, parent and orientation -1');
  } else {
    if (p.round < 1 || p.parent < 0) bad(`phase '${phaseName}' needs round 1..${MAX_ROUNDS} and a parent 0..3`);
    if ((phase === PH_ORIENT) !== (p.orientation === -1)) {
      bad(`orientation ${p.orientation} does not fit phase '${phaseName}' (-1 exactly while the parent orients)`);
    }
  }

  const rows = Array.from(p.rows);
  const placed = rows.filter((r) => r !== 0).length;
  if (phase === PH_ROW) {
    if (placed === PLAYERS) bad('all four rows are placed, so the phase cannot still be row');
    for (let i = 0; i < PLAYERS; i++) {
      if ((rows[(p.parent + i) & 3] !== 0) !== i < placed) {
        bad(
          `rows ${JSON.stringify(rows)}: row cards are placed by the parent (seat ${p.parent}) first, ` +
            'then clockwise',
        );
      }
    }
  } else if (phase < PH_ROW ? placed !== 0 : placed !== PLAYERS) {
    bad(`rows ${JSON.stringify(rows)} do not fit phase '${phaseName}'`);
  }
  p.committed = placed;

  for (let seat = 0; seat < PLAYERS; seat++) {
    if (p.done & (1 << seat) && rows[seat] !== 1) bad(`seat ${seat} is in done but did not choose row 1`);
  }
  if (phase <= PH_ROW && (p.activation !== 1 || p.done !== 0 || p.downIndex !== 0)) {
    bad(`phase '${phaseName}' comes before row 1 resolves: activation must be 1, done empty, downIndex 0`);
  }
  if (phase !== PH_DOWN_TIE && p.downIndex !== 0) bad('downIndex is only nonzero during a Down! tie');
  if (phase >= PH_DOWN_TIE && phase <= PH_WILD) {
    const side = phase === PH_DOWN_TIE ? SIDE_DOWN : phase === PH_CHANGE ? SIDE_CHANGE : SIDE_WILD;
    const actor = facing(p, side);
    if (p.activation !== side + 1) bad(`phase '${phaseName}' needs activation ${side + 1}`);
    if (rows[actor] !== 1 || p.done & (1 << actor))
      bad(`seat ${actor} faces ${sideLabel(side)} but did not choose row 1 or already resolved`);
    if (phase === PH_DOWN_TIE) {
      const top = topSuits(p, downSeat(p, p.downIndex));
      if ((top & (top - 1)) === 0)
        bad(`seat ${downSeat(p, p.downIndex)} has no tie for its highest card, so no Down! tie is asked`);
    }
  }

  const kings = kingHolders(p);
  if (p.truncated && (phase !== PH_OVER || p.round !== MAX_ROUNDS || kings !== 0)) {
    bad(`truncated needs phase 'over', round ${MAX_ROUNDS} and no King held`);
  }
  if (phase === PH_OVER && !p.truncated && kings === 0) bad("phase 'over' without the cap needs a King holder");
  if (phase !== PH_OVER && kings !== 0) bad('a King is held, so the game must be over');

  // The log holds the previous round and this one, in order; argument 0 of every record is its round.
  let lastRound = 0;
  p.roundStart = p.log.length;
  p.log.entries().forEach(({ kind, args: [round, ...args] }, i) => {
    if (round < lastRound || round > p.round || round < p.round - 1) {
      bad(`log[${i}] is from round ${round}; the log holds rounds ${Math.max(0, p.round - 1)}..${p.round} in order`);
    }
    if (args.some((a) => a < 0 || a > LOG_ARG_MAX)) bad(`log[${i}]: '${kind}' arguments are 0..${LOG_ARG_MAX}`);
    if (round === p.round && p.roundStart === p.log.length) p.roundStart = i;
    lastRound = round;
  });
}

// ---- version 1 -----------------------------------------------------------------------------

/**
 * The version-1 saved state (before the kit): fields[seat] lists the seat's cards in suit order
 * S, H, D, C (null: that suit not drafted yet); supply lists the ranks per suit; drafted the suit
 * letters; done the seats; log records are [kind, round, ...args] as today.
 */
export interface PromotionJsonV1 {
  game: typeof GAME;
  phase: PhaseName;
  round: number;
  parent: number;
  orientation: number;
  fields: (string | null)[][];
  supply: Record<(typeof SUITS)[number], number[]>;
  drafted: (typeof SUITS)[number][];
  rows: number[];
  activation: number;
  done: number[];
  downIndex: number;
  truncated: boolean;
  rng: RngState;
  log: (string | number)[][];
}

const CARD = /^[SHDC](?:[5-9]|1[0-3])$/;
const isIntList = (x: unknown): x is number[] => Array.isArray(x) && x.every((v) => Number.isInteger(v));

/**
 * Decodes the readable version-1 parts into version 2's numbers. What the decoding itself cannot
 * represent (a malformed card code, a card in another suit's column, an entry listed twice) is
 * refused here; anything else not understood is left as it is, for the version-2 schema and
 * `check` to report.
 */
function fromVersion1(json: Record<string, unknown>): Record<string, unknown> {
  const bad = (detail: string): never => {
    throw new InvalidStateError(GAME, detail);
  };
  const out: Record<string, unknown> = { ...json, version: 2, players: PLAYERS };
  const { fields, supply, drafted, done } = json;
  if (Array.isArray(fields) && fields.every((f) => Array.isArray(f) && f.length === SUITS.length)) {
    out.fields = (fields as unknown[][]).flatMap((cards, seat) =>
      cards.map((code, suit) => {
        if (code === null) return 0;
        if (typeof code !== 'string' || !CARD.test(code))
          bad(`fields[${seat}][${suit}]: expected a card like "H7" (suit S, H, D or C and rank 5-13)`);
        const card = code as string;
        if (card[0] !== SUITS[suit])
          bad(`fields[${seat}][${suit}] is ${card}, but that column holds ${SUIT_NAMES[suit]} (${SUITS[suit]})`);
        return Number(card.slice(1));
      }),
    );
  }
  const bySuit = supply as Record<string, unknown> | null;
  if (typeof bySuit === 'object' && bySuit !== null && SUITS.every((letter) => isIntList(bySuit[letter]))) {
    out.supply = SUITS.map((letter, suit) => {
      let mask = 0;
      for (const rank of bySuit[letter] as number[]) {
        if (rank < MIN_FIELD_RANK || rank > KING) bad(`the supply lists ${letter}${rank}, not a card`);
        if (mask & (1 << rank)) bad(`the supply lists ${cardCode(suit, rank)} twice`);
        mask |= 1 << rank;
      }
      return mask;
    });
  }
  if (Array.isArray(drafted) && drafted.every((letter) => SUITS.includes(letter))) {
    out.drafted = (drafted as string[]).reduce((mask: number, letter) => {
      const bit = 1 << SUITS.indexOf(letter as (typeof SUITS)[number]);
      return mask & bit ? bad(`drafted lists ${letter} twice`) : mask | bit;
    }, 0);
  }
  if (isIntList(done) && done.every((seat) => seat >= 0 && seat < PLAYERS)) {
    out.done = done.reduce(
      (mask, seat) => (mask & (1 << seat) ? bad(`done lists seat ${seat} twice`) : mask | (1 << seat)),
      0,
    );
  }
  return out;
}
