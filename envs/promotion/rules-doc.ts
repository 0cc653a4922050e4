/** The rules of Promotion for players (the arena's rules page and docs/rules/promotion.md). */
import type { RulesDoc, RulesTable } from '../core/board.js';
import { KING, MAX_ROUNDS, MIN_FIELD_RANK, PLAYERS, ROW_COUNT, SIDES, SUIT_NAMES, SUIT_SYMBOLS } from './components.js';
import { EFFECT_TEXT, icons } from './glossary.js';

const POSTCARD_TABLE: RulesTable = {
  caption:
    'The postcard: row 1 of each side is an effect (resolved in number order), rows 2-4 show the suits they promote',
  columns: ['Side', 'Row 1 (number: effect)', 'Row 2', 'Row 3', 'Row 4'],
  rows: SIDES.map((s) => [s.greek, `${s.activation}: ${s.effectLabel}`, ...s.rows.map(icons)]),
};

const EFFECT_TABLE: RulesTable = {
  caption: 'Row-1 effects',
  columns: ['No.', 'Effect', 'What it does'],
  rows: SIDES.map((s) => [s.activation, s.effectLabel, EFFECT_TEXT[s.effect]]),
};

const SUIT_TABLE: RulesTable = {
  caption: 'Suits (the row-card suit has no effect on play)',
  columns: ['Suit', 'Symbol', 'Row cards of', 'Rows showing it'],
  rows: SUIT_NAMES.map((name, suit) => [
    name,
    SUIT_SYMBOLS[suit],
    `seat ${suit}`,
    SIDES.flatMap((s) => s.rows.map((pair, i) => (pair.includes(suit) ? `${s.greek}${i + 2}` : '')))
      .filter((x) => x !== '')
      .join(' '),
  ]),
};

export const RULES: RulesDoc = {
  intro:
    `A race for ${PLAYERS} players: each holds one card of every suit and wants to be the first to hold a King. ` +
    'Every round each player secretly picks a row of the postcard side in front of them; rows promote suits, trigger ' +
    'special effects, or cancel each other out when two players want the same suit.',
  sections: [
    {
      heading: 'Set-up',
      paragraphs: [
        `Each player takes the A-${ROW_COUNT} of one suit as row cards. The cards ${MIN_FIELD_RANK}-${KING} of ` +
          'every suit form the supply.',
        'In a short draft, four times a player names a suit (seat 0 first, then going right); starting with that ' +
          'player and going ' +
          `left, everyone takes the lowest card of it, so the namer gets the ${MIN_FIELD_RANK}. Afterwards ` +
          'everyone holds one card of ' +
          `each suit, ranks ${MIN_FIELD_RANK}-${MIN_FIELD_RANK + 3}. A random player becomes the first parent.`,
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        'The parent turns the postcard so that the side of their choice faces them; their right neighbour may turn ' +
          'it 180°.',
        'Everyone places one row card face down; all are revealed together.',
        'Row 1: the effects are processed in number order (SPIN 90°, Down!, Change!, Wild!). A player on row 1 ' +
          'carries out the ' +
          'effect of the side they face when its number comes up, at most once. A SPIN can make a row-1 player ' +
          'face another effect.',
        'Rows 2, 3 and 4 in turn: each player on the row promotes their field cards of the two suits shown on ' +
          'their side, each to ' +
          'the next higher card in the supply, unless another player on the same row shows the same suit ' +
          '(batting): then nobody ' +
          'gets that suit on that row. Then the parent passes to the left.',
      ],
    },
    {
      heading: 'Scoring',
      paragraphs: [
        'There are no points: the first player to hold a King wins. Your progress is your highest field card.',
      ],
    },
    {
      heading: 'The end',
      paragraphs: [
        'The game ends the moment a player holds a King (checked after each row-1 effect and after each of rows ' +
          '2-4). Everyone ' +
          'holding a King then shares the win.',
        `If round ${MAX_ROUNDS} ends without a King, the highest single field card wins, then the highest sum of ` +
          'the four ranks.',
      ],
    },
  ],
  tables: [POSTCARD_TABLE, EFFECT_TABLE, SUIT_TABLE],
};
