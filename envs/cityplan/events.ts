/**
 * The public event log of City Plan Delta: every event since the oldest "last move" of any seat, so
 * each seat sees what happened since its own last decision and nothing older is kept. Records live
 * in the position's EventLog (envs/core/event-log.ts); every kind's first argument is the turn, so
 * a view entry is [kind, turn, ...args] as before the kit. Every argument is public.
 */
import { defineEvents } from '../core/event-log.js';

/** Event kinds and their arguments, in record order (after the turn). */
export const LOG_KINDS = {
  commit: ['seat'], // an action card placed face down (which one stays hidden)
  played: ['seat', 'card'], // the reveal: card 0 Income, 1 Exchange, 2 Council
  draw: ['seat', 'count', 'reason'], // cards drawn (reason: DRAW_REASONS)
  lost: ['seat', 'count'], // draws lost: deck and discard pile both empty (§4.1 step 3)
  reshuffle: ['cards'], // the discard pile became the new deck
  exchange: ['seat', 'count'], // cards discarded face down by an Exchange (the draw follows)
  chips: ['seat', 'count'], // councilor chips taken by a Council action
  build: ['seat', 'kind', 'cards', 'power', 'sacrificed'], // cards = cost cards discarded, power = chips paid
  gain: ['seat', 'chips'], // chips from a power plant, Substation or Logistics Center
  freeBuilds: ['seat', 'counter'], // Planned Construction Site set the counter
  drawTwo: ['seat'], // the Build phase's "do not build, draw 2"
  handLimit: ['seat', 'count'], // cards discarded face down down to 8
  income: ['card'], // income card 0..5 triggered (the draws follow)
  councilOpens: ['chips'],
  end: ['truncated'], // the game ends after this turn: 0 = 10 buildings, 1 = the turn cap
  cityBonus: ['seat', 'tickets', 'points'],
} as const satisfies Record<string, readonly string[]>;

export type LogKind = keyof typeof LOG_KINDS;
export const LOG_KIND_NAMES = Object.keys(LOG_KINDS) as LogKind[];

/** The kinds as the kit declares them: the turn, then the kind's arguments. */
export const EVENTS = defineEvents(
  Object.fromEntries(LOG_KIND_NAMES.map((k) => [k, ['turn', ...LOG_KINDS[k]]])) as Record<LogKind, string[]>,
);
/** Kind name -> index, for writers: `note(p, EV.draw, seat, count, reason)`. */
export const EV = EVENTS.index;

/** Why cards were drawn (the `reason` of a draw event). */
export const DRAW_REASONS = ['Income', 'Council', 'Exchange', 'Draw 2', 'built', 'income card'] as const;
export const DR_INCOME = 0;
export const DR_COUNCIL = 1;
export const DR_EXCHANGE = 2;
export const DR_DRAW_TWO = 3;
export const DR_BUILT = 4;
export const DR_INCOME_CARD = 5;

/**
 * Arguments lie in 0..127 (a seat, kind, card, small count or at most 95, a reshuffled pile): the
 * bound of the packed records before the kit, kept by the saved-state check.
 */
export const LOG_ARG_LIMIT = 128;

/**
 * Records kept at most. Every seat moves at least once a turn, so the log spans at most about two
 * turns: a turn of 5 players writes about 90 records (5 commits, 5 reveals, draws and chips, builds
 * with their gains, hand limits, six income cards with 5 draws each). If a freak turn writes more
 * (many reshuffles), the oldest records are dropped first.
 */
export const LOG_CAPACITY = 256;

/** An event as views carry it: [kind, turn, ...args in the order LOG_KINDS lists for the kind]. */
export type LogEntry = [kind: LogKind, turn: number, ...args: number[]];
