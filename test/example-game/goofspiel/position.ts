/** Goofspiel's position, declared once (envs/core/position.ts derives clone, toJSON and fromJSON). */
import { definePosition, field, type Position } from '../../../envs/index.js';
import { CARDS, SEATS } from './components.js';
import { EVENTS } from './events.js';

export const POSITION = definePosition({
  game: 'goofspiel',
  version: 1,
  minPlayers: SEATS,
  maxPlayers: SEATS,
  fields: {
    /** The prize deck in draw order (values 1..CARDS); prizes[round] is face up. */
    prizes: field.typed(Int8Array, CARDS, { min: 1, max: CARDS, fill: 1 }),
    /** Rounds finished, 0..CARDS; the game is over at CARDS. */
    round: field.int(0, CARDS),
    /** hands[seat·CARDS + value-1] = 1 while the seat still holds that card. */
    hands: field.typed(Uint8Array, SEATS * CARDS, { min: 0, max: 1, fill: 1 }),
    /** This round's face-down bids (card values), 0 = not placed. */
    bids: field.typed(Int8Array, SEATS, { min: 0, max: CARDS }),
    /** Prize points won. */
    points: field.typed(Int16Array, SEATS, { min: 0, max: (CARDS * (CARDS + 1)) / 2 }),
    rng: field.rng(),
    log: field.log(EVENTS, 3 * CARDS + CARDS),
  },
  check(p, bad) {
    const deck = [...p.prizes].sort((a, b) => a - b).join();
    if (deck !== Array.from({ length: CARDS }, (_, i) => i + 1).join()) bad(`prizes ${p.prizes} are not 1..${CARDS}`);
    for (let seat = 0; seat < SEATS; seat++) {
      const held = p.hands.slice(seat * CARDS, (seat + 1) * CARDS).reduce((n, h) => n + h, 0);
      const placed = p.bids[seat] > 0 ? 1 : 0;
      if (held + placed !== CARDS - p.round) bad(`seat ${seat} holds ${held} cards in round ${p.round}`);
      if (placed && p.hands[seat * CARDS + p.bids[seat] - 1]) bad(`seat ${seat} bid a card it still holds`);
    }
    if (p.bids[1] > 0) bad('both bids placed: the round should have been revealed');
  },
});

export type GoofspielPosition = Position<typeof POSITION.spec.fields>;
