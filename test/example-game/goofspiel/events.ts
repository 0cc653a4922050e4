/** Goofspiel's public events. A bid's card is hidden until the reveal, so `bid` names only the seat. */
import { defineEvents } from '../../../envs/index.js';

export const EVENTS = defineEvents({
  prize: ['card'], // a prize card is turned up
  bid: ['seat'], // a seat placed its bid face down
  reveal: ['bid0', 'bid1', 'winner'], // both bids shown; winner -1 on a tie (the prize is discarded)
});
export const EV = EVENTS.index;
