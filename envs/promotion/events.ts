/**
 * The public event log of Promotion: what happened this round and the previous one, so a person
 * sees what the others did since their last decision. One core EventLog (envs/core/event-log.ts);
 * every record starts with the round it happened in (0 = the setup), so the saved log reads
 * `[kind, round, ...args]` as version 1 wrote it. view.ts turns records into LogEntry objects and
 * render.ts formats them as text.
 */
import { defineEvents } from '../core/event-log.js';

/** Event kinds and their arguments, in record order. Every argument is public information. */
export const EVENTS = defineEvents({
  draft: ['round', 'seat', 'suit', 'forced'], // draft parent took suit; forced = 1 for the last suit (auto)
  firstParent: ['round', 'seat'], // the chance draw after the draft (§3.5)
  orient: ['round', 'seat', 'side'], // parent chose to face `side`
  flip: ['round', 'seat', 'rotated'], // right neighbour kept (0) or rotated 180° (1)
  commit: ['round', 'seat'], // a row card was placed face down (the row stays hidden)
  reveal: ['round', 'row0', 'row1', 'row2', 'row3'], // every seat's row at the reveal
  spin: ['round', 'seat'], // SPIN 90° resolved by seat
  down: ['round', 'seat'], // Down! resolved by seat (demote events follow)
  demote: ['round', 'seat', 'suit', 'from', 'to'], // to === from: nothing lower in the supply
  change: ['round', 'seat', 'target', 'suit', 'seatGave', 'targetGave'], // the two ranks before the swap
  wild: ['round', 'seat', 'suit', 'from', 'to'],
  promote: ['round', 'seat', 'row', 'suit', 'from', 'to'], // rows 2-4
  blocked: ['round', 'row', 'suits'], // suit bitmask lost to batting on that row
  win: ['round', 'seats'], // seat bitmask of the King holders
  cap: ['round'], // round 60 ended without a King (§7.3)
});

export type LogKind = (typeof EVENTS.names)[number];
/** Kind index of each name, for the writers: `log.push(EV.spin, round, seat)`. */
export const EV = EVENTS.index;

/** Every argument after the round is a seat, suit, side, row, flag, 4-bit mask or rank <= 13. */
export const LOG_ARG_MAX = 15;

/**
 * Most events one round can produce: orient 1 + flip 1 + commits 4 + reveal 1, row 1 at most
 * SPIN 1 + Down! 1 + demotes 3 + Change! 1 + Wild! 1, rows 2-4 at most 8 promotions (two per
 * player) + 3 blocked notes, and one win or cap note = 27. The setup (4 drafts + the chance
 * draw) is smaller, so two rounds always fit in 54 records.
 */
const MAX_EVENTS_PER_ROUND = 1 + 1 + 4 + 1 + (1 + 1 + 3 + 1 + 1) + (8 + 3) + 1;
export const LOG_CAPACITY = 2 * MAX_EVENTS_PER_ROUND;

/** An event as views carry it: args in the order EVENTS lists for its kind, the round taken out. */
export interface LogEntry {
  readonly kind: LogKind;
  /** 0 for the setup (draft and chance draw), else the round 1..60. */
  readonly round: number;
  readonly args: number[];
}
