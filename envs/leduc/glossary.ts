/** Leduc hold'em's reference: the six cards, the public card, a pair and the words of the betting. */
import type { GlossaryEntry } from '../core/board.js';
import { CARDS, MAX_RAISES, RAISE_SIZES, RANK_TITLES, RANKS, cardTitle, rankOf } from './components.js';

const STRENGTH = ['the lowest rank', 'beats a Jack, loses to a King', 'the highest rank'];

export const GLOSSARY: readonly GlossaryEntry[] = [
  ...CARDS.map((c, id) => ({
    term: c,
    text: `The ${cardTitle(id)}: ${STRENGTH[rankOf(id)]}; equal to the other ${RANK_TITLES[RANKS[rankOf(id)]]}.`,
    kind: 'card',
  })),
  {
    term: 'public card',
    text: 'The card turned up after round 1, shared by both players: a private card of its rank makes a pair.',
    kind: 'card',
  },
  {
    term: 'pair',
    text: 'A private card of the same rank as the public card: it beats any hand without a pair.',
    kind: 'hand',
  },
  { term: 'fold', text: 'Give up the pot; allowed only facing a raise.', kind: 'action' },
  { term: 'call', text: 'Match the other player’s chips; a check when nothing is owed.', kind: 'action' },
  {
    term: 'raise',
    text:
      `Match, then add ${RAISE_SIZES[0]} chips in round 1 or ${RAISE_SIZES[1]} in round 2 (a bet when nothing ` +
      `is owed); at most ${MAX_RAISES} a round.`,
    kind: 'action',
  },
];
