/** Kuhn poker's public events. A deal names only the seat: the card is face down. */
import { defineEvents } from '../core/event-log.js';
import { CARDS, MAX_STAKE, SEATS } from './components.js';

export const EVENTS = defineEvents(
  {
    deal: ['seat'], // a card was dealt face down to the seat
    pass: ['seat'], // the seat passed (checked, or folded to a bet)
    bet: ['seat'], // the seat bet (or called a bet)
    showdown: ['card0', 'card1'], // both cards shown
    win: ['seat', 'chips'], // the seat won the pot: `chips` from the other seat
  },
  { seat: [0, SEATS - 1], card0: [0, CARDS.length - 1], card1: [0, CARDS.length - 1], chips: [1, MAX_STAKE] },
);
export const EV = EVENTS.index;

/** Most records in a hand: two deals, three betting actions, a showdown and the win. */
export const LOG_CAPACITY = SEATS + 3 + 2;
