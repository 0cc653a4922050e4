/** The rules of Kuhn poker for players (the arena's rules page and docs/rules/kuhn.md). */
import type { RulesDoc } from '../core/board.js';
import { ANTE, BET_SIZE, CARD_TITLES, CARDS } from './components.js';

export const RULES: RulesDoc = {
  intro:
    'Kuhn poker is the smallest real poker game: two players, a deck of three cards, one betting round. ' +
    'Each hand is played for chips, and what counts is the chips won, not the hands.',
  sections: [
    {
      heading: 'Set-up',
      paragraphs: [
        `The deck is the ${CARDS.map((c) => CARD_TITLES[c]).join(', ')}, in rising order. ` +
          `Both players put ${ANTE} chip in the pot (the ante). ` +
          'Each is dealt one card face down; the third card stays unseen.',
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        'Seat 0 acts first, then the players take turns. A player either passes or bets. ' +
          `A bet puts ${BET_SIZE} more chip in the pot.`,
        'With no bet open, passing is a check; after a check the other player may check too or bet. ' +
          'Facing a bet, betting is a call (match it) and passing is a fold (give up the pot).',
      ],
    },
    {
      heading: 'The end',
      paragraphs: [
        'The hand ends after two checks, after a bet and a call, or after a fold.',
        'A fold loses the pot to the player who bet, and the cards are not shown. Otherwise both cards are shown ' +
          'and the higher card takes the pot. The winner gains what the loser put in: 1 chip after two checks or a ' +
          'fold, 2 chips after a bet and a call.',
      ],
    },
  ],
  tables: [
    {
      caption: 'Every betting line and what it pays',
      columns: ['betting', 'how it ends', 'the winner gains'],
      rows: [
        ['pass, pass', 'showdown', 1],
        ['pass, bet, pass', 'seat 0 folds', 1],
        ['pass, bet, bet', 'showdown', 2],
        ['bet, pass', 'seat 1 folds', 1],
        ['bet, bet', 'showdown', 2],
      ],
    },
  ],
};
