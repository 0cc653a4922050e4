/**
 * City Plan Delta for people: the reference of every building, action card and income card (the
 * glossary), generated from the constant tables of components.ts; rules-doc.ts builds the rules page.
 */
import type { GlossaryEntry } from '../core/board.js';
import {
  ACTION_CARD_NAMES,
  CHIPS_PER_PLAYER,
  COUNCILOR_CHIPS,
  COUNCIL_BONUS,
  COUNCIL_PENALTY,
  FREE_BUILDS,
  INCOME_CARDS,
  INITIAL_PLANT,
  KINDS,
  START_POWER,
  TYPE_NAMES,
  type BuildingKind,
} from './components.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Residential', 'Mixed Facility (counts as Commercial)'. */
function typeText(k: BuildingKind): string {
  return k.mixedAs === null
    ? TYPE_NAMES[k.type]
    : `${TYPE_NAMES[k.type]} (counts as ${TYPE_NAMES[k.mixedAs]} and as a special)`;
}

/** One building kind in plain sentences, from its KINDS row. */
export function buildingText(k: BuildingKind): string {
  const eco = k.eco ? ', eco' : '';
  if (k.id === INITIAL_PLANT) {
    return (
      `Power Plant. Every city starts with one, together with ${START_POWER} power chips; it is never in the ` +
      `deck. ${k.points} points.`
    );
  }
  const pay =
    k.type === 'P'
      ? `costs ${plural(k.cost, 'card')}, pays no power and gives ${k.production} power chips when built`
      : `costs ${plural(k.cost, 'card')} and ${k.power} power`;
  const effect = k.effectText !== '' && k.type !== 'P' ? ` ${k.effectText}` : '';
  return (
    `${typeText(k)}${eco}: ${pay}; ${plural(k.points, 'point')}; City Bonus value ${k.bonus}; ${k.copies} ` +
    `${k.copies === 1 ? 'copy' : 'copies'} in the deck.${effect}`
  );
}

export const ACTION_CARD_TEXT: readonly string[] = [
  'Draw 1 card.',
  'Discard any number of cards face down, then draw as many.',
  'Take a councilor chip from the assembly (1 point each, and a bonus for the most); while the assembly is empty, ' +
    'draw 1 card instead.',
];

export function actionCardText(card: number): string {
  return `Action card ${card + 1} (resolves ${['first', 'second', 'third'][card]}): ${ACTION_CARD_TEXT[card]}`;
}

export function incomeCardText(id: number): string {
  const c = INCOME_CARDS[id];
  return (
    `Income card ${c.number}: it pays out once per game, in the first Income phase in which some player has ` +
    `${c.condition}. ` +
    `Then every player draws ${c.pays}.`
  );
}

/** Every building kind (0..50), the three action cards, the six income cards and the table pieces. */
export const GLOSSARY: readonly GlossaryEntry[] = Object.freeze([
  ...KINDS.map((k) => ({ term: k.name, text: buildingText(k), kind: `${TYPE_NAMES[k.type].toLowerCase()} building` })),
  ...ACTION_CARD_NAMES.map((name, i) => ({ term: name, text: actionCardText(i), kind: 'action card' })),
  ...INCOME_CARDS.map((c) => ({ term: c.name, text: incomeCardText(c.id), kind: 'income card' })),
  {
    term: 'Mayor',
    text: 'The mayor acts first in every phase; the mayor card passes to the left after each turn.',
    kind: 'table piece',
  },
  {
    term: 'Assembly',
    text:
      `Holds the councilor chips. It opens with ${CHIPS_PER_PLAYER} chips per player when the first income card ` +
      `pays out (${COUNCILOR_CHIPS} chips in the box).`,
    kind: 'table piece',
  },
  {
    term: 'Councilor chip',
    text:
      `1 point each at the end; the players with the most get +${COUNCIL_BONUS}, players without any get ` +
      `−${COUNCIL_PENALTY}.`,
    kind: 'chip',
  },
  {
    term: 'Power chip',
    text: 'Paid to build buildings that consume power; power plants give chips. Left-over chips score nothing.',
    kind: 'chip',
  },
  {
    term: 'Free builds',
    text:
      `Set to ${FREE_BUILDS} by the Planned Construction Site: while above 0, each building you build costs 0 ` +
      `cards and lowers it by 1.`,
    kind: 'counter',
  },
  {
    term: 'City Bonus',
    text:
      'At the end each player earns lottery tickets from the city; each ticket draws a card from the deck and ' +
      'scores its City Bonus value.',
    kind: 'scoring',
  },
] satisfies GlossaryEntry[]);
