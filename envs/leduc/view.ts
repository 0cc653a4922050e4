/**
 * What a seat sees of Leduc hold'em: its own card, who holds a card, the public card once turned up,
 * the betting of both rounds, the chips in; the other private card only after a showdown (a fold
 * shows none). The information-state key is the same knowledge as a string.
 */
import type { EventEntry } from '../core/event-log.js';
import type { PlayerView } from '../core/game.js';
import { lineLetters } from './betting.js';
import { CARDS, NO_CARD, SEATS } from './components.js';
import type { LeducPosition } from './position.js';
import { bettingRound, endedByFold, isOver, seesCard, stakes, toAct } from './transitions.js';
import { payoffs } from './scoring.js';

export interface LeducView extends PlayerView {
  /** Per seat: its private card id (0 = Js, 1 = Jh, ... 5 = Kh) where this seat may see it, else -1. */
  readonly cards: number[];
  /** Per seat: whether it has been dealt its private card. */
  readonly dealt: boolean[];
  /** The public card id once turned up (after round 1), else -1. */
  readonly publicCard: number;
  /** The round being bet: 1, then 2 once round 1 has closed. */
  readonly round: 1 | 2;
  /** The betting of round 1 and of round 2: 0 = fold, 1 = call, 2 = raise; seat 0 acts first in each. */
  readonly bets: number[][];
  /** Chips each seat has put in the pot (ante, calls and raises). */
  readonly stakes: number[];
  /** Once over: chips each seat won (+) or lost (-); zeros before, and after a split pot. */
  readonly payoffs: number[];
  /** How the hand ended: 'showdown', 'fold', or '' while it goes on. */
  readonly ending: '' | 'showdown' | 'fold';
  readonly log: EventEntry[];
}

export function view(p: LeducPosition, seat: number): LeducView {
  const over = isOver(p);
  return {
    seat,
    players: SEATS,
    toAct: toAct(p),
    isOver: over,
    cards: [0, 1].map((s) => (p.cards[s] !== NO_CARD && seesCard(p, seat, s) ? p.cards[s] : NO_CARD)),
    dealt: [0, 1].map((s) => p.cards[s] !== NO_CARD),
    publicCard: p.publicCard,
    round: bettingRound(p),
    bets: [p.round1.slice(), p.round2.slice()],
    stakes: stakes(p),
    payoffs: payoffs(p),
    ending: !over ? '' : endedByFold(p) ? 'fold' : 'showdown',
    log: p.log.mapEntries(toEntry),
  };
}

/**
 * A log record as the view carries it. One module-level function, so EventLog.mapEntries converts
 * each record once and hands the same (frozen) entries to every later view.
 */
function toEntry(kind: string, args: number[]): EventEntry {
  return { kind, args };
}

/**
 * The seat's information-state key (OpenSpiel's information_state_string, in letters): the private
 * cards in seat order, each card's name ('Js' ... 'Kh') where the seat sees it and '??' where it does
 * not; once both are dealt, ':' and round 1's betting as 'f' (fold), 'c' (call), 'r' (raise); once
 * the public card is out, '/', its name, ':' and round 2's betting. Seat 0 holding the Jack of spades
 * after call, raise: 'Js??:cr'; seat 1 in round 2 with the Queen of hearts, the King of spades turned
 * up, after raise, call then raise: '??Qh:rc/Ks:r'; after a showdown both cards show: 'JsQh:rc/Ks:rc'.
 */
export function informationState(p: LeducPosition, seat: number): string {
  let key = '';
  for (let s = 0; s < SEATS; s++) {
    if (p.cards[s] !== NO_CARD) key += seesCard(p, seat, s) ? CARDS[p.cards[s]] : '??';
  }
  if (p.cards[SEATS - 1] !== NO_CARD) key += `:${lineLetters(p.round1)}`;
  if (p.publicCard !== NO_CARD) key += `/${CARDS[p.publicCard]}:${lineLetters(p.round2)}`;
  return key;
}
