/** Kuhn poker's reference: the three cards and the words of the betting. */
import type { GlossaryEntry } from '../core/board.js';
import { CARD_TITLES, CARDS } from './components.js';

export const GLOSSARY: readonly GlossaryEntry[] = [
  ...CARDS.map((c, i) => ({
    term: c,
    text: `The ${CARD_TITLES[c]}: ${['the lowest card', 'beats the Jack, loses to the King', 'the highest card'][i]}.`,
    kind: 'card',
  })),
  { term: 'pass', text: 'Put nothing in: a check when no bet is open, a fold when facing a bet.', kind: 'action' },
  { term: 'bet', text: 'Put one chip in: a bet when none is open, a call when facing one.', kind: 'action' },
];
