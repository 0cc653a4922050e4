/**
 * Promotion for people: the reference of every postcard side, suit and table piece, generated
 * from the constant tables of components.ts (rules-doc.ts has the rules page).
 */
import type { GlossaryEntry } from '../core/board.js';
import {
  KING,
  MIN_FIELD_RANK,
  PLAYERS,
  ROW_COUNT,
  SIDES,
  SUITS,
  SUIT_NAMES,
  SUIT_SYMBOLS,
  type Effect,
} from './components.js';

export const icons = (pair: readonly number[]) => pair.map((s) => SUIT_SYMBOLS[s]).join('');

/** What each row-1 effect does, in players' words. */
export const EFFECT_TEXT: Readonly<Record<Effect, string>> = {
  spin:
    'turn the postcard a quarter turn clockwise; everyone now faces the side their right neighbour faced, for ' +
    'the rest of the round',
  down:
    'every other player demotes their highest field card to the next lower card in the supply (they choose ' +
    'among tied highest cards)',
  change: 'swap your field card of one suit with the same suit of an opponent of your choice (you must swap)',
  wild: 'promote one of your field cards of your choice to the next higher card in the supply',
};

/** 'β: row 1 Down! (number 2: ...); row 2 ♣♦, row 3 ♠♥, row 4 ♥♦'. */
export function sideText(side: number): string {
  const s = SIDES[side];
  const rows = s.rows.map((pair, i) => `row ${i + 2} ${icons(pair)}`).join(', ');
  return `Postcard side ${s.greek}. Row 1, effect number ${s.activation}: ${EFFECT_TEXT[s.effect]}. Then ${rows}.`;
}

function suitText(suit: number): string {
  const shown = SIDES.flatMap((s) =>
    s.rows.map((pair, i) => (pair.includes(suit) ? `${s.greek} row ${i + 2}` : '')),
  ).filter((x) => x !== '');
  return (
    `${SUIT_SYMBOLS[suit]} (${SUITS[suit]}). Seat ${suit} plays the A-${ROW_COUNT} of ${SUIT_NAMES[suit]} as row ` +
    'cards. ' +
    `Its icon is on ${shown.join(', ')}.`
  );
}

/** The four row-1 effects by their printed names, the four suits, and the table pieces. */
export const GLOSSARY: readonly GlossaryEntry[] = Object.freeze([
  ...SIDES.map((s) => ({ term: s.effectLabel, text: sideText(s.id), kind: 'postcard side' })),
  ...SUIT_NAMES.map((name, suit) => ({ term: name, text: suitText(suit), kind: 'suit' })),
  {
    term: 'Field card',
    text:
      `Each player has one face-up field card per suit, ranked ${MIN_FIELD_RANK} to ${KING}. Hold a King ` +
      `(${KING}) of any suit to win.`,
    kind: 'card',
  },
  {
    term: 'Row card',
    text:
      `Your A, 2, 3 and ${ROW_COUNT} pick the row you use each round; the chosen one lies face down until all ` +
      `${PLAYERS} are placed.`,
    kind: 'card',
  },
  {
    term: 'Supply',
    text:
      `Every card of rank ${MIN_FIELD_RANK}-${KING} no player holds, face up by suit. Promoting takes the next ` +
      'higher card there, demoting the next lower; the old card goes back.',
    kind: 'table piece',
  },
  {
    term: 'Postcard',
    text:
      'Lies in the middle with one side facing each player. Row 1 of a side is an effect, rows 2-4 show two ' +
      'suit icons each.',
    kind: 'table piece',
  },
  {
    term: 'Parent',
    text:
      'Chooses which postcard side faces them at the start of the round; the right neighbour may then turn the ' +
      'card 180°. The parent passes to the left.',
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
