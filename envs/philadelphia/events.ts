/**
 * Philadelphia's public events: the kinds of the position's EventLog (envs/core/event-log.ts),
 * each record [seat, ...args] with seat -1 for table events. Views carry each event packed into
 * ONE small integer (the view format, which the golden playthroughs hash: bit widths below), and
 * render.ts formats the decoded LogEntry. Every event is public information (rules §6): face-down
 * draws are logged as counts only.
 */
import { defineEvents } from '../core/event-log.js';

/** An argument: its name, its width in bits and a bias added before packing (for signed values). */
type Arg = readonly [name: string, bits: number, bias?: number];

const CARD: Arg = ['card', 6];
const GOLD: Arg = ['gold', 10];
/** An ad kind 0..35, an item (CAUSE_ITEM + kind) or Pass (CAUSE_PASS). */
const CAUSE: Arg = ['cause', 8];
const SOURCE: Arg = ['source', 2];
const SEAT: Arg = ['seat', 2];
const CARDS: Arg = ['cards', 7];

/**
 * Event kinds with their arguments (after the seat the event is about, which every record has).
 * Widths hold every value the rules can produce: a single gain is at most 288 gold (2 gold x 36
 * sets x 4 Banks), a Submit at most 90 VP, a deck at most 85 cards.
 */
export const LOG_KINDS = {
  round: [['round', 6]], // seat = the start player
  turn: [], // seat starts its turn
  explore: [],
  reveal: [CARD, SOURCE], // source: 0 Explore, 1 Market Research, 2 Geologist
  take: [CARD, SOURCE], // into the hand face up (a known card)
  acquire: [
    ['count', 3],
    ['paid', 3],
  ],
  post: [CARD, ['cost', 2], ['how', 2]], // how: 0 Post action, 1 Site Supervisor, 2 Overtime
  copy: [CARD], // Design Office re-resolves that card's [POST] effect
  gain: [GOLD, CAUSE],
  lose: [GOLD, CAUSE], // gold actually lost (never below 0)
  guard: [CAUSE], // a loss replaced by +5 gold
  lawyer: [CAUSE], // an opponent's effect stopped by a Lawyer
  draw: [['count', 7], CAUSE], // face down
  discard: [CARD, CAUSE],
  returned: [CARD, CAUSE], // from the field to the hand, face up
  marker: [['owner', 2], CARD, ['delta', 3, 4], CAUSE], // one ad; delta -4..3
  markersAll: [['delta', 2, 1], CAUSE], // every other ad of the seat: +1 or -1
  purchase: [
    ['item', 3],
    ['slot', 2],
    ['cost', 3],
  ],
  refill: [
    ['slot', 2],
    ['item', 3],
  ],
  boom: [],
  set: [['set', 7]],
  submit: [
    ['vp', 8],
    ['bankGold', 9],
  ],
  pass: [],
  headhunt: [['target', SEAT[1]], CARD],
  die: [['face', 3]], // seat = the start player, who rolls
  established: [CARD, GOLD],
  defaulted: [CARD, ['toHand', 1]],
  heal: [],
  reshuffle: [CARDS], // the ad discard pile became the ad deck
  under: [CARDS], // Submit: submitted cards + discard pile shuffled under the deck
  itemReshuffle: [['cards', 4]],
  end: [['truncated', 1]],
} as const satisfies Record<string, readonly Arg[]>;

export type LogKind = keyof typeof LOG_KINDS;
export const LOG_KIND_NAMES = Object.keys(LOG_KINDS) as LogKind[];
const ARGS: readonly (readonly Arg[])[] = LOG_KIND_NAMES.map((k) => LOG_KINDS[k]);
/** Arguments per kind after the seat. */
export const LOG_ARITY: readonly number[] = ARGS.map((a) => a.length);

/** The position's event kinds: every record is the seat it is about, then the kind's arguments. */
export const EVENTS = defineEvents(
  Object.fromEntries(
    LOG_KIND_NAMES.map((k) => [k, ['seat', ...LOG_KINDS[k].map(([name]) => name)]]),
  ) as unknown as Record<LogKind, readonly string[]>,
);
/** Kind indexes for writers: `log.push(EV.draw, seat, count, cause)`. */
export const EV: Readonly<Record<LogKind, number>> = EVENTS.index;

/** Record layout: kind (6 bits), seat + 1 (3 bits), then the arguments from bit 9 up. */
const KIND_BITS = 6;
const SEAT_BITS = 3;
const ARGS_AT = KIND_BITS + SEAT_BITS;
/** Bit offsets, widths and biases of the 4 argument positions of each kind (0 width = unused). */
const ARG_SHIFT: readonly number[][] = ARGS.map((args) => {
  const shifts: number[] = [];
  let at = ARGS_AT;
  for (const [, bits] of args) {
    shifts.push(at);
    at += bits;
  }
  while (shifts.length < 4) shifts.push(at);
  return shifts;
});
export const ARG_BIAS: readonly number[][] = ARGS.map((args) => [0, 1, 2, 3].map((i) => args[i]?.[2] ?? 0));
/** Bits a record uses at most: it must stay a V8 small integer (< 2^30). */
export const RECORD_BITS = Math.max(...ARGS.map((args) => ARGS_AT + args.reduce((n, [, bits]) => n + bits, 0)));

/** Packs an event into the view's one-integer record. */
export function packEvent(kind: number, seat: number, args: readonly number[]): number {
  let rec = kind | ((seat + 1) << KIND_BITS);
  args.forEach((v, i) => {
    rec |= (v + ARG_BIAS[kind][i]) << ARG_SHIFT[kind][i];
  });
  return rec;
}

const KIND_BY_NAME = new Map<string, number>(LOG_KIND_NAMES.map((k, i) => [k, i]));

/** Packs an EventLog entry (its arguments are [seat, ...the kind's]) the way packEvent does, for views. */
export function packEntry(name: string, record: readonly number[]): number {
  const kind = KIND_BY_NAME.get(name) as number;
  const shift = ARG_SHIFT[kind];
  const bias = ARG_BIAS[kind];
  let rec = kind | ((record[0] + 1) << KIND_BITS);
  for (let i = 1; i < record.length; i++) rec |= (record[i] + bias[i - 1]) << shift[i - 1];
  return rec;
}

export const eventKind = (rec: number): number => rec & ((1 << KIND_BITS) - 1);
export const eventSeat = (rec: number): number => ((rec >> KIND_BITS) & ((1 << SEAT_BITS) - 1)) - 1;
export function eventArgs(rec: number): number[] {
  const kind = eventKind(rec);
  return ARGS[kind].map(([, bits, bias], i) => ((rec >> ARG_SHIFT[kind][i]) & ((1 << bits) - 1)) - (bias ?? 0));
}

/** Causes of gains, losses and draws: an ad kind 0..35, an item 100 + kind, or Pass. */
export const CAUSE_ITEM = 100;
export const CAUSE_PASS = 200;

/** Sources of 'reveal' and 'take' events. */
export const SOURCE_EXPLORE = 0;
export const SOURCE_MARKET = 1;
export const SOURCE_GEOLOGIST = 2;

/** An event as views carry it: [kind, seat (-1 for table events), ...args in LOG_KINDS order]. */
export type LogEntry = [kind: LogKind, seat: number, ...args: number[]];

export function logEntry(rec: number): LogEntry {
  return [LOG_KIND_NAMES[eventKind(rec)], eventSeat(rec), ...eventArgs(rec)];
}

/**
 * The log keeps the events since the least recent seat's last decision (every seat decides at least
 * once a round, so this is about one round). LOG_CAP bounds it at the start of every turn.
 */
export const LOG_CAP = 400;
/**
 * Records a saved log may hold: LOG_CAP plus the events of one turn, its Adoption phase and Renewal,
 * which are trimmed only when the next turn starts (a turn logs at most a few hundred).
 */
export const LOG_CAPACITY = 4 * LOG_CAP;
