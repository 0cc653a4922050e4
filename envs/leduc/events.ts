/** Leduc hold'em's public events. A private deal names only the seat: the card is face down. */
import { defineEvents } from '../core/event-log.js';
import { CARDS, MAX_DECISIONS, MAX_STAKE, SEATS } from './components.js';

export const EVENTS = defineEvents(
  {
    deal: ['seat'], // a private card was dealt face down to the seat
    public: ['card'], // the public card was turned up (after round 1)
    fold: ['seat'], // the seat folded to a raise
    call: ['seat'], // the seat called (or checked, when nothing was owed)
    raise: ['seat'], // the seat raised (or bet, when nothing was owed)
    showdown: ['card0', 'card1'], // both private cards shown
    win: ['seat', 'chips'], // the seat won the pot: `chips` from the other seat
    split: ['chips'], // a tie: each seat takes back the `chips` it put in
  },
  {
    seat: [0, SEATS - 1],
    card: [0, CARDS.length - 1],
    card0: [0, CARDS.length - 1],
    card1: [0, CARDS.length - 1],
    chips: [1, MAX_STAKE],
  },
);
export const EV = EVENTS.index;

/** Most records in a hand: two deals, the public card, eight betting actions, a showdown and the result. */
export const LOG_CAPACITY = SEATS + 1 + MAX_DECISIONS + 2;
