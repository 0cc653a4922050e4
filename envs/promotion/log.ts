/**
 * The public event log of Promotion: what happened this round and the previous one, so a person
 * sees what the others did since their last decision. The state stores each event as one packed
 * integer (no strings or objects in the hot path); views turn them into LogEntry objects and
 * render.ts formats them as text.
 */

/** Event kinds and their arguments, in record order. Every argument is public information. */
export const LOG_KINDS = {
  draft: ['seat', 'suit', 'forced'], // draft parent took suit; forced = 1 for the last suit (auto)
  firstParent: ['seat'], // the chance draw after the draft (§3.5)
  orient: ['seat', 'side'], // parent chose to face `side`
  flip: ['seat', 'rotated'], // right neighbour kept (0) or rotated 180° (1)
  commit: ['seat'], // a row card was placed face down (the row stays hidden)
  reveal: ['row0', 'row1', 'row2', 'row3'], // every seat's row at the reveal
  spin: ['seat'], // SPIN 90° resolved by seat
  down: ['seat'], // Down! resolved by seat (demote events follow)
  demote: ['seat', 'suit', 'from', 'to'], // to === from: nothing lower in the supply
  change: ['seat', 'target', 'suit', 'seatGave', 'targetGave'], // the two ranks before the swap
  wild: ['seat', 'suit', 'from', 'to'],
  promote: ['seat', 'row', 'suit', 'from', 'to'], // rows 2-4
  blocked: ['row', 'suits'], // suit bitmask lost to batting on that row
  win: ['seats'], // seat bitmask of the King holders
  cap: [], // round 60 ended without a King (§7.3)
} as const satisfies Record<string, readonly string[]>;

export type LogKind = keyof typeof LOG_KINDS;
export const LOG_KIND_NAMES = Object.keys(LOG_KINDS) as LogKind[];
/** Kind index -> number of arguments. */
export const LOG_ARITY: readonly number[] = LOG_KIND_NAMES.map((k) => LOG_KINDS[k].length);
/** Kind index of each name, for the writer. */
export const EV = Object.fromEntries(LOG_KIND_NAMES.map((k, i) => [k, i])) as Record<LogKind, number>;

/**
 * A record packs kind (4 bits), round (6 bits) and up to 5 arguments of 4 bits each into one
 * small integer (30 bits, a V8 small integer): every argument is a seat, suit, side, row, flag,
 * 4-bit mask or rank <= 13. So the log is a short array of numbers, cheap to clone.
 */
export const MAX_LOG_ARGS = Math.max(...LOG_ARITY);
export const LOG_ARG_MAX = 15;
const KIND_BITS = 4;
const ROUND_BITS = 6;
const ARG_BITS = 4;

export function packEvent(kind: number, round: number, args: readonly number[]): number {
  let rec = kind | (round << KIND_BITS);
  args.forEach((v, i) => {
    rec |= v << (KIND_BITS + ROUND_BITS + ARG_BITS * i);
  });
  return rec;
}

export const eventKind = (rec: number): number => rec & ((1 << KIND_BITS) - 1);
export const eventRound = (rec: number): number => (rec >> KIND_BITS) & ((1 << ROUND_BITS) - 1);
export const eventArg = (rec: number, i: number): number =>
  (rec >> (KIND_BITS + ROUND_BITS + ARG_BITS * i)) & ((1 << ARG_BITS) - 1);

/**
 * Most events one round can produce: orient 1 + flip 1 + commits 4 + reveal 1, row 1 at most
 * SPIN 1 + Down! 1 + demotes 3 + Change! 1 + Wild! 1, rows 2-4 at most 8 promotions (two per
 * player) + 3 blocked notes, and one win or cap note = 27. The setup (4 drafts + the chance
 * draw) is smaller, so two rounds always fit in 54 records.
 */
export const MAX_EVENTS_PER_ROUND = 1 + 1 + 4 + 1 + (1 + 1 + 3 + 1 + 1) + (8 + 3) + 1;
export const LOG_CAPACITY = 2 * MAX_EVENTS_PER_ROUND;

/** An event as views carry it: args in the order LOG_KINDS lists for its kind. */
export interface LogEntry {
  readonly kind: LogKind;
  /** 0 for the setup (draft and chance draw), else the round 1..60. */
  readonly round: number;
  readonly args: number[];
}
