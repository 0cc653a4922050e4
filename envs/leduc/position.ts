/** Leduc hold'em's position, declared once (envs/core/position.ts derives clone, toJSON and fromJSON). */
import { definePosition, field, type Position } from '../core/position.js';
import { endsInFold, lineLetters, lineProblem, roundClosed, roundOver } from './betting.js';
import { CARDS, MAX_BETS_PER_ROUND, NO_CARD, RAISE, SEATS } from './components.js';
import { EVENTS, LOG_CAPACITY } from './events.js';

const line = () => field.list(MAX_BETS_PER_ROUND, { min: 0, max: RAISE });

export const POSITION = definePosition({
  game: 'leduc',
  version: 1,
  minPlayers: SEATS,
  maxPlayers: SEATS,
  fields: {
    /** Each seat's private card id (0 = Js ... 5 = Kh), NO_CARD until dealt. Seat 0 is dealt first. */
    cards: field.typed(Int8Array, SEATS, { min: NO_CARD, max: CARDS.length - 1, fill: NO_CARD }),
    /** The public card id, NO_CARD until it is turned up after round 1. */
    publicCard: field.int(NO_CARD, CARDS.length - 1, NO_CARD),
    /** Round 1's betting in order: 0 = fold, 1 = call, 2 = raise. Seat 0 acts first, then they alternate. */
    round1: line(),
    /** Round 2's betting, the same way (seat 0 first again). */
    round2: line(),
    /** The only random source: implicit chance deals from it. */
    rng: field.rng(),
    log: field.log(EVENTS, LOG_CAPACITY),
  },
  check(p, bad) {
    const dealt = p.cards.filter((c) => c !== NO_CARD).length;
    for (let s = 0; s < dealt; s++) if (p.cards[s] === NO_CARD) bad(`seat ${s} has no card but a later seat has one`);
    const shown = [...Array.from(p.cards), p.publicCard].filter((c) => c !== NO_CARD);
    if (new Set(shown).size !== shown.length) bad(`a card is dealt twice: ${shown.map((c) => CARDS[c]).join(', ')}`);
    if (dealt < SEATS && p.round1.length > 0) bad('betting started before both private cards were dealt');
    for (const [name, l] of [
      ['round1', p.round1],
      ['round2', p.round2],
    ] as const) {
      const problem = lineProblem(l);
      if (problem !== undefined) bad(`${name} '${lineLetters(l)}': ${problem}`);
    }
    const toPublic = roundClosed(p.round1);
    if (p.publicCard !== NO_CARD && !toPublic) bad('the public card is out before round 1 closed');
    if (p.round2.length > 0 && p.publicCard === NO_CARD) bad('round 2 betting started before the public card');
    const over = endsInFold(p.round1) || roundOver(p.round2);
    const records = dealt + p.round1.length + (p.publicCard !== NO_CARD ? 1 : 0) + p.round2.length + (over ? 1 : 0);
    const expected = records + (over && !endsInFold(p.round1) && !endsInFold(p.round2) ? 1 : 0);
    if (p.log.length !== expected) bad(`the log holds ${p.log.length} records; this position has ${expected}`);
  },
});

export type LeducPosition = Position<typeof POSITION.spec.fields>;
