/** The rules of tic-tac-toe for players (the arena's rules page and docs/rules/tictactoe.md). */
import type { RulesDoc } from '../core/board.js';

export const RULES: RulesDoc = {
  intro:
    'Two players take turns marking a 3×3 grid, X first. ' +
    'Three of your marks in a row, a column or a diagonal win; a full grid without a line is a draw.',
  sections: [
    { heading: 'Set-up', paragraphs: ['The grid starts empty. Seat 0 plays X and moves first; seat 1 plays O.'] },
    {
      heading: 'A turn',
      paragraphs: ['Mark one empty cell. Cells are named (row, column), both counted 0 to 2 from the top left.'],
    },
    {
      heading: 'The end',
      paragraphs: [
        'The game ends as soon as a player has three in a line (that player wins) ' +
          'or all nine cells are marked (a draw: both share first place).',
      ],
    },
  ],
  tables: [],
};
