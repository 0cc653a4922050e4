/**
 * Kuhn poker's constant tables (rules as OpenSpiel's kuhn_poker, two players): a deck of three
 * cards, an ante and a bet of one chip each.
 */

/** The deck in rank order: a card's id is its index and a higher id beats a lower one. */
export const CARDS = ['J', 'Q', 'K'] as const;
export type CardName = (typeof CARDS)[number];

/** Long names for the pages. */
export const CARD_TITLES: Readonly<Record<CardName, string>> = { J: 'Jack', Q: 'Queen', K: 'King' };

export const SEATS = 2;
/** Chips each seat puts in the pot before the cards are dealt. */
export const ANTE = 1;
/** Chips a bet (or a call) adds. */
export const BET_SIZE = 1;

/** Action numbers (rules: pass = 0, bet = 1, as OpenSpiel). */
export const PASS = 0;
export const BET = 1;
/** The letters of the betting history, by action number: OpenSpiel's 'p' and 'b'. */
export const MOVE_LETTERS = ['p', 'b'] as const;

/** Betting lines that end the hand, as pass/bet letters. */
export const TERMINAL_LINES: readonly string[] = ['pp', 'bp', 'bb', 'pbp', 'pbb'];
/** The longest betting line: pass, bet, then call or fold. */
export const MAX_BETS = 3;

/** The most a seat can win or lose: its ante and one bet. */
export const MAX_STAKE = ANTE + BET_SIZE;

/** No card dealt to a seat yet (or, in a view, a card the seat may not see). */
export const NO_CARD = -1;
