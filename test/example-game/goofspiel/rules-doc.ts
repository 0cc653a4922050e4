import type { RulesDoc } from '../../../envs/index.js';
import { CARDS } from './components.js';

export const RULES: RulesDoc = {
  intro: `Two players bid for ${CARDS} prize cards with their own cards A to ${CARDS}; the most prize points win.`,
  sections: [
    { heading: 'Set-up', paragraphs: [`Each player holds A to ${CARDS}. The prize cards are shuffled face down.`] },
    {
      heading: 'A turn',
      paragraphs: [
        'A prize card is turned up. Both players bid one card face down; then both bids are shown. ' +
          'The higher bid wins the prize, worth its value; on a tie nobody does. Bid cards are spent.',
      ],
    },
    { heading: 'The end', paragraphs: [`After ${CARDS} rounds the most points win; equal points share the place.`] },
  ],
  tables: [],
};
