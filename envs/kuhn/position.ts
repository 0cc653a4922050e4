/** Kuhn poker's position, declared once (envs/core/position.ts derives clone, toJSON and fromJSON). */
import { definePosition, field, type Position } from '../core/position.js';
import { CARDS, MAX_BETS, NO_CARD, SEATS, TERMINAL_LINES } from './components.js';
import { EVENTS, LOG_CAPACITY } from './events.js';

export const POSITION = definePosition({
  game: 'kuhn',
  version: 1,
  minPlayers: SEATS,
  maxPlayers: SEATS,
  fields: {
    /** Each seat's card id (0 = J, 1 = Q, 2 = K), NO_CARD until dealt. Seat 0 is dealt first. */
    cards: field.typed(Int8Array, SEATS, { min: NO_CARD, max: CARDS.length - 1, fill: NO_CARD }),
    /** The betting so far, in order: 0 = pass, 1 = bet. Seat 0 acts first, then they alternate. */
    bets: field.list(MAX_BETS, { min: 0, max: 1 }),
    /** The only random source: implicit chance deals from it. */
    rng: field.rng(),
    log: field.log(EVENTS, LOG_CAPACITY),
  },
  check(p, bad) {
    const dealt = p.cards.filter((c) => c !== NO_CARD).length;
    for (let s = 0; s < dealt; s++) if (p.cards[s] === NO_CARD) bad(`seat ${s} has no card but a later seat has one`);
    if (dealt === SEATS && p.cards[0] === p.cards[1]) bad(`both seats hold ${CARDS[p.cards[0]]}`);
    if (dealt < SEATS && p.bets.length > 0) bad('betting started before both cards were dealt');
    const line = p.bets.map((b) => 'pb'[b]).join('');
    for (let n = 1; n < line.length; n++) {
      if (TERMINAL_LINES.includes(line.slice(0, n))) bad(`betting '${line}' goes on after the hand ended`);
    }
    const over = TERMINAL_LINES.includes(line);
    const expected = dealt + line.length + (over ? (line.endsWith('bp') ? 1 : 2) : 0);
    if (p.log.length !== expected) bad(`the log holds ${p.log.length} records; this position has ${expected}`);
  },
});

export type KuhnPosition = Position<typeof POSITION.spec.fields>;
