/**
 * What a seat sees of Kuhn poker: its own card, who holds a card, the betting, the pot; the other
 * card only after a showdown (a fold shows none). The information-state key is the same knowledge
 * as a string.
 */
import type { EventEntry } from '../core/event-log.js';
import type { PlayerView } from '../core/game.js';
import { CARDS, MOVE_LETTERS, NO_CARD, SEATS } from './components.js';
import type { KuhnPosition } from './position.js';
import { endedByFold, isOver, seesCard, stakes, toAct } from './transitions.js';
import { payoffs } from './scoring.js';

export interface KuhnView extends PlayerView {
  /** Per seat: its card id (0 = J, 1 = Q, 2 = K) where this seat may see it, else -1 (face down or not dealt). */
  readonly cards: number[];
  /** Per seat: whether it has been dealt its card. */
  readonly dealt: boolean[];
  /** The betting so far: 0 = pass, 1 = bet; seat 0 acts first, then they alternate. */
  readonly bets: number[];
  /** Chips each seat has put in the pot (ante and bets). */
  readonly stakes: number[];
  /** Once over: chips each seat won (+) or lost (-); zeros before. */
  readonly payoffs: number[];
  /** How the hand ended: 'showdown', 'fold', or '' while it goes on. */
  readonly ending: '' | 'showdown' | 'fold';
  readonly log: EventEntry[];
}

export function view(p: KuhnPosition, seat: number): KuhnView {
  const over = isOver(p);
  return {
    seat,
    players: SEATS,
    toAct: toAct(p),
    isOver: over,
    cards: [0, 1].map((s) => (p.cards[s] !== NO_CARD && seesCard(p, seat, s) ? p.cards[s] : NO_CARD)),
    dealt: [0, 1].map((s) => p.cards[s] !== NO_CARD),
    bets: p.bets.slice(),
    stakes: stakes(p),
    payoffs: payoffs(p),
    ending: !over ? '' : endedByFold(p) ? 'fold' : 'showdown',
    log: p.log.entries(),
  };
}

/**
 * The seat's information-state key (OpenSpiel's information_state_string, in letters): one
 * character per dealt card in seat order, the card ('J', 'Q', 'K') where the seat sees it and '?'
 * where it does not, then the betting as 'p' (pass) and 'b' (bet). Seat 0 holding the Jack after
 * pass, bet: 'J?pb'; seat 1 there with the King: '?Kpb'; after a showdown both cards show: 'JKpbb'.
 */
export function informationState(p: KuhnPosition, seat: number): string {
  let key = '';
  for (let s = 0; s < SEATS; s++) {
    if (p.cards[s] !== NO_CARD) key += seesCard(p, seat, s) ? CARDS[p.cards[s]] : '?';
  }
  for (const b of p.bets) key += MOVE_LETTERS[b];
  return key;
}
