/**
 * Promotion's saved-state format: readable JSON (cards as 'H7', suits as letters, events as
 * [kind, round, ...args]) so people and tests can write positions by hand. Loading validates the
 * shape with zod and then every invariant of rules §2.1 and of the phase machine.
 */
import { parseSavedState } from '../core/saved-state.js';
import { z } from 'zod';
import { Rng, isRngState, type RngState } from '../core/rng.js';
import { KING, MIN_FIELD_RANK, ROW_COUNT, SIDES, SUITS, SUIT_NAMES, cardCode, sideLabel } from './cards.js';
import {
  LOG_ARG_MAX,
  LOG_ARITY,
  LOG_CAPACITY,
  LOG_KIND_NAMES,
  eventArg,
  eventKind,
  eventRound,
  packEvent,
} from './log.js';
import {
  MAX_ROUNDS,
  PHASES,
  PH_CHANGE,
  PH_DOWN_TIE,
  PH_DRAFT,
  PH_ORIENT,
  PH_OVER,
  PH_ROW,
  PH_WILD,
  PLAYERS,
  POPCOUNT4,
  SIDE_CHANGE,
  SIDE_DOWN,
  SIDE_WILD,
  downSeat,
  facing,
  kingHolders,
  newTable,
  topSuits,
  type Table,
} from './resolve.js';

export const GAME = 'promotion';

const Seat = z
  .int()
  .min(0)
  .max(PLAYERS - 1);
const Card = z
  .string()
  .regex(/^[SHDC](?:[5-9]|1[0-3])$/, 'expected a card like "H7" (suit S, H, D or C and rank 5-13)')
  .nullable();
const Ranks = z.array(z.int().min(MIN_FIELD_RANK).max(KING));

/**
 * fields[seat] lists the seat's cards in suit order S, H, D, C (null: that suit not drafted yet);
 * supply lists the ranks per suit; rows[seat] is the row card placed this round (0: none).
 */
export const StateJson = z.strictObject({
  game: z.literal(GAME),
  phase: z.enum(PHASES),
  round: z.int().min(0).max(MAX_ROUNDS),
  parent: z
    .int()
    .min(-1)
    .max(PLAYERS - 1),
  orientation: z
    .int()
    .min(-1)
    .max(SIDES.length - 1),
  fields: z.array(z.array(Card).length(SUITS.length)).length(PLAYERS),
  supply: z.strictObject({ S: Ranks, H: Ranks, D: Ranks, C: Ranks }),
  drafted: z.array(z.enum(SUITS)).max(SUITS.length),
  rows: z.array(z.int().min(0).max(ROW_COUNT)).length(PLAYERS),
  activation: z
    .int()
    .min(1)
    .max(SIDES.length + 1),
  done: z.array(Seat).max(PLAYERS),
  downIndex: z
    .int()
    .min(0)
    .max(PLAYERS - 2),
  truncated: z.boolean(),
  rng: z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() }),
  /** Events as [kind, round, ...args] (log.ts lists each kind's arguments). */
  log: z
    .array(z.tuple([z.enum(LOG_KIND_NAMES), z.int().min(0).max(MAX_ROUNDS)], z.int().min(0).max(LOG_ARG_MAX)))
    .max(LOG_CAPACITY),
});
export type PromotionJson = z.infer<typeof StateJson>;

const SEATS = [0, 1, 2, 3];

function supplyRanks(mask: number): number[] {
  const out: number[] = [];
  for (let rank = MIN_FIELD_RANK; rank <= KING; rank++) if (mask & (1 << rank)) out.push(rank);
  return out;
}

/** The arguments of a packed event record. */
export function logArgs(rec: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < LOG_ARITY[eventKind(rec)]; i++) out.push(eventArg(rec, i));
  return out;
}

export function tableToJson(t: Table): PromotionJson {
  const supply = (suit: number) => supplyRanks(t.supply[suit]);
  const log: PromotionJson['log'] = [];
  for (let i = 0; i < t.logLen; i++) {
    const rec = t.log[i];
    log.push([LOG_KIND_NAMES[eventKind(rec)], eventRound(rec), ...logArgs(rec)]);
  }
  return {
    game: GAME,
    phase: PHASES[t.phase],
    round: t.round,
    parent: t.parent,
    orientation: t.orientation,
    fields: SEATS.map((s) =>
      SUITS.map((_, suit) => {
        const rank = t.fields[s * 4 + suit];
        return rank === 0 ? null : cardCode(suit, rank);
      }),
    ),
    supply: { S: supply(0), H: supply(1), D: supply(2), C: supply(3) },
    drafted: SUITS.filter((_, suit) => t.drafted & (1 << suit)),
    rows: Array.from(t.rows),
    activation: t.activation,
    done: SEATS.filter((s) => t.done & (1 << s)),
    downIndex: t.downIndex,
    truncated: t.truncated,
    rng: { c: t.rng.c, s0: t.rng.s0, s1: t.rng.s1, s2: t.rng.s2 },
    log,
  };
}

/** Parses and checks a saved state; throws InvalidStateError naming the first problem. */
export function tableFromJson(json: unknown): Table {
  const { data: data, bad } = parseSavedState(GAME, StateJson, json);
  if (!isRngState(data.rng)) bad('rng is not an RNG state');
  const t = newTable({ c: data.rng.c, s0: data.rng.s0, s1: data.rng.s1, s2: data.rng.s2 });
  const phase = PHASES.indexOf(data.phase);
  t.phase = phase;
  t.round = data.round;
  t.parent = data.parent;
  t.orientation = data.orientation;
  t.truncated = data.truncated;

  // §2.1: every card 5..13 is in the supply or one field, never both; one field card per suit.
  const holder = new Map<string, number>();
  data.fields.forEach((cards, seat) =>
    cards.forEach((code, suit) => {
      if (code === null) return;
      if (code[0] !== SUITS[suit])
        bad(`fields[${seat}][${suit}] is ${code}, but that column holds ${SUIT_NAMES[suit]} (${SUITS[suit]})`);
      const other = holder.get(code);
      if (other !== undefined) bad(`card ${code} is held by seat ${other} and seat ${seat}`);
      holder.set(code, seat);
      t.fields[seat * 4 + suit] = Number(code.slice(1));
    }),
  );
  SUITS.forEach((letter, suit) => {
    let mask = 0;
    for (const rank of data.supply[letter]) {
      const code = cardCode(suit, rank);
      if (mask & (1 << rank)) bad(`the supply lists ${code} twice`);
      if (holder.has(code)) bad(`card ${code} is in the supply and also held by seat ${holder.get(code)}`);
      mask |= 1 << rank;
    }
    for (let rank = MIN_FIELD_RANK; rank <= KING; rank++) {
      if (!(mask & (1 << rank)) && !holder.has(cardCode(suit, rank)))
        bad(`card ${cardCode(suit, rank)} is neither in the supply nor held`);
    }
    t.supply[suit] = mask;
  });

  for (const letter of data.drafted) {
    const bit = 1 << SUITS.indexOf(letter);
    if (t.drafted & bit) bad(`drafted lists ${letter} twice`);
    t.drafted |= bit;
  }
  const draftedCount = POPCOUNT4[t.drafted];
  if (phase === PH_DRAFT ? draftedCount >= SUITS.length - 1 : draftedCount !== SUITS.length) {
    bad(
      `${draftedCount} suits drafted does not fit phase '${data.phase}' (the draft asks for 3 suits, the 4th is forced)`,
    );
  }
  for (let seat = 0; seat < PLAYERS; seat++) {
    for (let suit = 0; suit < 4; suit++) {
      const isDrafted = (t.drafted & (1 << suit)) !== 0;
      if ((t.fields[seat * 4 + suit] !== 0) !== isDrafted) {
        bad(
          `seat ${seat} ${isDrafted ? 'has no' : 'has a'} ${SUIT_NAMES[suit]} field card, but ${SUIT_NAMES[suit]} ${isDrafted ? 'were' : 'were not'} drafted`,
        );
      }
    }
  }

  if (phase === PH_DRAFT) {
    if (data.round !== 0 || data.parent !== -1 || data.orientation !== -1)
      bad('during the draft round must be 0, parent and orientation -1');
  } else {
    if (data.round < 1 || data.parent < 0) bad(`phase '${data.phase}' needs round 1..${MAX_ROUNDS} and a parent 0..3`);
    if ((phase === PH_ORIENT) !== (data.orientation === -1)) {
      bad(`orientation ${data.orientation} does not fit phase '${data.phase}' (-1 exactly while the parent orients)`);
    }
  }

  data.rows.forEach((row, seat) => {
    t.rows[seat] = row;
  });
  const placed = data.rows.filter((r) => r !== 0).length;
  if (phase === PH_ROW) {
    if (placed === PLAYERS) bad('all four rows are placed, so the phase cannot still be row');
    for (let i = 0; i < PLAYERS; i++) {
      if ((data.rows[(data.parent + i) & 3] !== 0) !== i < placed) {
        bad(
          `rows ${JSON.stringify(data.rows)}: row cards are placed by the parent (seat ${data.parent}) first, then clockwise`,
        );
      }
    }
  } else if (phase < PH_ROW ? placed !== 0 : placed !== PLAYERS) {
    bad(`rows ${JSON.stringify(data.rows)} do not fit phase '${data.phase}'`);
  }
  t.committed = placed;

  for (const seat of data.done) {
    if (t.done & (1 << seat)) bad(`done lists seat ${seat} twice`);
    if (data.rows[seat] !== 1) bad(`seat ${seat} is in done but did not choose row 1`);
    t.done |= 1 << seat;
  }
  t.activation = data.activation;
  t.downIndex = data.downIndex;
  if (phase <= PH_ROW && (data.activation !== 1 || t.done !== 0 || data.downIndex !== 0)) {
    bad(`phase '${data.phase}' comes before row 1 resolves: activation must be 1, done empty, downIndex 0`);
  }
  if (phase !== PH_DOWN_TIE && data.downIndex !== 0) bad('downIndex is only nonzero during a Down! tie');
  if (phase >= PH_DOWN_TIE && phase <= PH_WILD) {
    const side = phase === PH_DOWN_TIE ? SIDE_DOWN : phase === PH_CHANGE ? SIDE_CHANGE : SIDE_WILD;
    const actor = facing(t, side);
    if (data.activation !== side + 1) bad(`phase '${data.phase}' needs activation ${side + 1}`);
    if (data.rows[actor] !== 1 || t.done & (1 << actor))
      bad(`seat ${actor} faces ${sideLabel(side)} but did not choose row 1 or already resolved`);
    if (phase === PH_DOWN_TIE) {
      const top = topSuits(t, downSeat(t, data.downIndex));
      if ((top & (top - 1)) === 0)
        bad(`seat ${downSeat(t, data.downIndex)} has no tie for its highest card, so no Down! tie is asked`);
    }
  }

  const kings = kingHolders(t);
  if (data.truncated && (phase !== PH_OVER || data.round !== MAX_ROUNDS || kings !== 0)) {
    bad(`truncated needs phase 'over', round ${MAX_ROUNDS} and no King held`);
  }
  if (phase === PH_OVER && !data.truncated && kings === 0) bad("phase 'over' without the cap needs a King holder");
  if (phase !== PH_OVER && kings !== 0) bad('a King is held, so the game must be over');

  let lastRound = 0;
  t.logRoundStart = -1;
  data.log.forEach((record, i) => {
    const [name, round, ...args] = record;
    const kind = LOG_KIND_NAMES.indexOf(name);
    if (args.length !== LOG_ARITY[kind])
      bad(`log[${i}]: a '${name}' event has ${LOG_ARITY[kind]} arguments, not ${args.length}`);
    if (round < lastRound || round > data.round || round < data.round - 1) {
      bad(
        `log[${i}] is from round ${round}; the log holds rounds ${Math.max(0, data.round - 1)}..${data.round} in order`,
      );
    }
    if (round === data.round && t.logRoundStart < 0) t.logRoundStart = i;
    lastRound = round;
    t.log[i] = packEvent(kind, round, args);
  });
  t.logLen = data.log.length;
  if (t.logRoundStart < 0) t.logRoundStart = t.logLen;
  return t;
}

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
 * The saved-state JSON of a position at the start of a round (or of its Phase B), with every card
 * not in a field in the supply. Pass it to fromJSON, which checks it like any saved state.
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
