/**
 * Leduc hold'em's constant tables (rules as OpenSpiel's leduc_poker, two players): a deck of six
 * cards, two suits of J, Q, K; an ante of one chip; two betting rounds with raises of 2 and 4 chips,
 * at most two raises a round.
 */

/** The ranks in rising order: a rank's index is its strength. */
export const RANKS = ['J', 'Q', 'K'] as const;
export type RankName = (typeof RANKS)[number];
export const RANK_TITLES: Readonly<Record<RankName, string>> = { J: 'Jack', Q: 'Queen', K: 'King' };

/** The two suits (OpenSpiel's first and second suit); a suit never matters in a showdown. */
const SUITS = ['s', 'h'] as const;
export const SUIT_TITLES = ['spades', 'hearts'] as const;
export const SUIT_SYMBOLS = ['♠', '♥'] as const;

/**
 * The deck in OpenSpiel's order: card id = 2 * rank + suit, so 0 = Js, 1 = Jh, 2 = Qs, 3 = Qh,
 * 4 = Ks, 5 = Kh. Chance outcomes are these ids.
 */
export const CARDS = RANKS.flatMap((r) => SUITS.map((s) => `${r}${s}`));
export const rankOf = (card: number): number => card >> 1;
export const suitOf = (card: number): number => card & 1;
/** 'Jack of spades'. */
export const cardTitle = (card: number): string =>
  `${RANK_TITLES[RANKS[rankOf(card)]]} of ${SUIT_TITLES[suitOf(card)]}`;

export const SEATS = 2;
/** Chips each seat puts in the pot before the cards are dealt. */
export const ANTE = 1;
/** The two betting rounds: before and after the public card. */
export const ROUNDS = 2;
/** Chips a raise adds on top of a call, by round (index 0 = round 1). */
export const RAISE_SIZES = [2, 4] as const;
/** Raises allowed in one round (both seats together). */
export const MAX_RAISES = 2;

/** Action numbers (OpenSpiel's): fold = 0, call (or check) = 1, raise (or bet) = 2. */
export const FOLD = 0;
export const CALL = 1;
export const RAISE = 2;
/** The letters of the betting history, by action number. */
export const MOVE_LETTERS = ['f', 'c', 'r'] as const;
export const MOVE_NAMES = ['fold', 'call', 'raise'] as const;

/**
 * The longest betting round (OpenSpiel's MaxBetsPerRound, 3 * players - 2): call, raise, raise,
 * call. A hand has at most two of them: 8 decisions (maxGameLength).
 */
export const MAX_BETS_PER_ROUND = 3 * SEATS - 2;
export const MAX_DECISIONS = ROUNDS * MAX_BETS_PER_ROUND;

/**
 * The most a seat can put in, so the most it can win or lose (OpenSpiel's MaxUtility): its ante
 * and, in each round, two raises: 1 + 2 * 2 + 2 * 4 = 13.
 */
export const MAX_STAKE = ANTE + MAX_RAISES * RAISE_SIZES.reduce((a, b) => a + b, 0);

/** No card dealt (or, in a view, a card the seat may not see). */
export const NO_CARD = -1;
