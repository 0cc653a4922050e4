/**
 * The public event log of Filthy Rich (core's EventLog): what happened in the current turn and the
 * previous `players` turns, so every seat sees what the others did since its last move. Every
 * record's first argument is the turn it happened in; views turn records into LogEntry objects
 * (view.ts) and render.ts formats them as text. Every argument is public information (§6): draws are
 * logged as counts only.
 */
import { defineEvents } from '../core/event-log.js';
import { BUSINESSES, CARD_TYPES, LUXURIES, MAX_PLAYERS, MAX_TURNS } from './components.js';

const SEAT: readonly [number, number] = [-1, MAX_PLAYERS - 1];

/** Event kinds and their arguments after the turn (-1 marks "none" where an argument is optional). */
export const EVENTS = defineEvents(
  {
    turn: ['turn', 'seat'], // a turn starts
    savings: ['turn', 'seat', 'amount'], // Savings Account interest
    racket: ['turn', 'payer', 'owner'], // Protection Racket: payer gives owner $1
    buy: ['turn', 'seat', 'luxury', 'price'],
    sell: ['turn', 'seat', 'business', 'amount'],
    discard: ['turn', 'seat', 'type'], // a card discarded for $1
    play: ['turn', 'seat', 'type'], // a card played (its effect follows as further events)
    place: ['turn', 'seat', 'business', 'page', 'anchor'],
    fee: ['turn', 'payer', 'owner', 'amount'], // cover fee
    yakuza: ['turn', 'seat', 'amount'],
    audit: ['turn', 'seat', 'target'],
    scout: ['turn', 'seat', 'business'],
    zoning: ['turn', 'seat', 'page'],
    gain: ['turn', 'seat', 'amount', 'type'], // Windfall or Tax Refund
    shift: ['turn', 'seat', 'die'], // Extra Shift's die
    shakedown: ['turn', 'seat', 'target', 'amount'],
    fire: ['turn', 'seat', 'business', 'owner', 'paid'],
    insurance: ['turn', 'owner', 'amount'],
    dice: ['turn', 'd1', 'd2', 'd3', 'd4'], // business dice in die order; -1 for dice not rolled
    hit: ['turn', 'owner', 'business', 'amount', 'payer'], // payer -1 = the bank
    tax: ['turn', 'multiplier', 'target'], // a tax event starts; target -1 = every player
    chapter11: ['turn', 'seat', 'amount'],
    pay: ['turn', 'seat', 'owed', 'paid'],
    eliminated: ['turn', 'seat'],
    auction: ['turn', 'luxury', 'from'],
    bid: ['turn', 'seat', 'amount'],
    pass: ['turn', 'seat', 'automatic'],
    sold: ['turn', 'luxury', 'seat', 'price'],
    unsold: ['turn', 'luxury'], // nobody bid: the luxury leaves the game
    pageDie: ['turn', 'seat', 'value', 'reroll'], // 1-4 turns the binder to that page (once kept)
    draw: ['turn', 'seat', 'count'],
    reshuffle: ['turn', 'count'],
    win: ['turn', 'seat', 'how'], // how: 0 = three luxuries, 1 = last player standing
    bankrupt: ['turn'], // §4.5: every participant went bankrupt in one event
    cap: ['turn', 'reason'], // reason: 0 = turn 200 ended, 1 = decision 10,000
  },
  // What a loaded log may hold: the renderers index the card tables with these.
  {
    turn: [1, MAX_TURNS],
    seat: SEAT,
    payer: SEAT,
    owner: SEAT,
    target: SEAT,
    from: SEAT,
    luxury: [0, LUXURIES.length - 1],
    business: [0, BUSINESSES.length - 1],
    type: [0, CARD_TYPES.length - 1],
  },
);

export type LogKind = (typeof EVENTS.names)[number];
/** Kind index of each name, for the writers: `note(p, EV.buy, seat, lux, price)`. */
export const EV = EVENTS.index;

/** At most this many records are kept (a loader's bound; a real log holds a few turns). */
export const LOG_CAPACITY = 100_000;

/** An event as views carry it: args in the order EVENTS lists for its kind, after the turn. */
export interface LogEntry {
  readonly kind: LogKind;
  /** The turn it happened in (1-based). */
  readonly turn: number;
  readonly args: number[];
}
