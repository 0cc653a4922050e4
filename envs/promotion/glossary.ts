/**
 * Promotion for people: the reference of every postcard side, suit and table piece (the glossary)
 * and the rules page, both generated from the constant tables of cards.ts.
 */
import type { GlossaryEntry, RulesDoc, RulesTable } from '../core/board.js';
import { KING, MIN_FIELD_RANK, ROW_COUNT, SIDES, SUITS, SUIT_NAMES, SUIT_SYMBOLS, type Effect } from './cards.js';
import { MAX_ROUNDS, PLAYERS } from './resolve.js';

const icons = (pair: readonly number[]) => pair.map((s) => SUIT_SYMBOLS[s]).join('');

/** What each row-1 effect does, in players' words. */
export const EFFECT_TEXT: Readonly<Record<Effect, string>> = {
  spin: 'turn the postcard a quarter turn clockwise; everyone now faces the side their right neighbour faced, for the rest of the round',
  down: 'every other player demotes their highest field card to the next lower card in the supply (they choose among tied highest cards)',
  change: 'swap your field card of one suit with the same suit of an opponent of your choice (you must swap)',
  wild: 'promote one of your field cards of your choice to the next higher card in the supply',
};

/** 'β: row 1 Down! (number 2: ...); row 2 ♣♦, row 3 ♠♥, row 4 ♥♦'. */
export function sideText(side: number): string {
  const s = SIDES[side];
  const rows = s.rows.map((pair, i) => `row ${i + 2} ${icons(pair)}`).join(', ');
  return `Postcard side ${s.greek}. Row 1, effect number ${s.activation}: ${EFFECT_TEXT[s.effect]}. Then ${rows}.`;
}

export function suitText(suit: number): string {
  const shown = SIDES.flatMap((s) =>
    s.rows.map((pair, i) => (pair.includes(suit) ? `${s.greek} row ${i + 2}` : '')),
  ).filter((x) => x !== '');
  return (
    `${SUIT_SYMBOLS[suit]} (${SUITS[suit]}). Seat ${suit} plays the A-${ROW_COUNT} of ${SUIT_NAMES[suit]} as row cards. ` +
    `Its icon is on ${shown.join(', ')}.`
  );
}

/** The four row-1 effects by their printed names, the four suits, and the table pieces. */
export const GLOSSARY: readonly GlossaryEntry[] = Object.freeze([
  ...SIDES.map((s) => ({ term: s.effectLabel, text: sideText(s.id), kind: 'postcard side' })),
  ...SUIT_NAMES.map((name, suit) => ({ term: name, text: suitText(suit), kind: 'suit' })),
  {
    term: 'Field card',
    text: `Each player has one face-up field card per suit, ranked ${MIN_FIELD_RANK} to ${KING}. Hold a King (${KING}) of any suit to win.`,
    kind: 'card',
  },
  {
    term: 'Row card',
    text: `Your A, 2, 3 and ${ROW_COUNT} pick the row you use each round; the chosen one lies face down until all ${PLAYERS} are placed.`,
    kind: 'card',
  },
  {
    term: 'Supply',
    text: `Every card of rank ${MIN_FIELD_RANK}-${KING} no player holds, face up by suit. Promoting takes the next higher card there, demoting the next lower; the old card goes back.`,
    kind: 'table piece',
  },
  {
    term: 'Postcard',
    text: 'Lies in the middle with one side facing each player. Row 1 of a side is an effect, rows 2-4 show two suit icons each.',
    kind: 'table piece',
  },
  {
    term: 'Parent',
    text: 'Chooses which postcard side faces them at the start of the round; the right neighbour may then turn the card 180°. The parent passes to the left.',
    kind: 'role',
  },
  {
    term: 'Batting',
    text: 'When two players on the same row show the same suit, neither promotes that suit on that row.',
    kind: 'rule',
  },
  {
    term: 'King',
    text: `The ${KING} of a suit. Whoever holds one wins at once; several at the same moment share the win.`,
    kind: 'card',
  },
] satisfies GlossaryEntry[]);

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
        `Each player takes the A-${ROW_COUNT} of one suit as row cards. The cards ${MIN_FIELD_RANK}-${KING} of every suit form the supply.`,
        'In a short draft, four times a player names a suit (seat 0 first, then going right); starting with that player and going ' +
          `left, everyone takes the lowest card of it, so the namer gets the ${MIN_FIELD_RANK}. Afterwards everyone holds one card of ` +
          `each suit, ranks ${MIN_FIELD_RANK}-${MIN_FIELD_RANK + 3}. A random player becomes the first parent.`,
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        'The parent turns the postcard so that the side of their choice faces them; their right neighbour may turn it 180°.',
        'Everyone places one row card face down; all are revealed together.',
        'Row 1: the effects are processed in number order (SPIN 90°, Down!, Change!, Wild!). A player on row 1 carries out the ' +
          'effect of the side they face when its number comes up, at most once. A SPIN can make a row-1 player face another effect.',
        'Rows 2, 3 and 4 in turn: each player on the row promotes their field cards of the two suits shown on their side, each to ' +
          'the next higher card in the supply, unless another player on the same row shows the same suit (batting): then nobody ' +
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
        'The game ends the moment a player holds a King (checked after each row-1 effect and after each of rows 2-4). Everyone ' +
          'holding a King then shares the win.',
        `If round ${MAX_ROUNDS} ends without a King, the highest single field card wins, then the highest sum of the four ranks.`,
      ],
    },
  ],
  tables: [POSTCARD_TABLE, EFFECT_TABLE, SUIT_TABLE],
};
