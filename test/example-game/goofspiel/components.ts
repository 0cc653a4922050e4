/** Goofspiel's constant tables: the card values and their names. */

/** Cards 1..CARDS in each hand and in the prize deck. */
export const CARDS = 5;
export const SEATS = 2;

/** 'A', '2', ... for the cards (1 is the ace). */
export function cardName(value: number): string {
  return value === 1 ? 'A' : String(value);
}
