/**
 * City Plan Delta for people: the reference of every building, action card and income card (the
 * glossary) and the rules page, both generated from the constant tables of cards.ts.
 */
import type { GlossaryEntry, RulesDoc, RulesTable } from '../core/board.js';
import {
  ACTION_CARD_NAMES,
  BALANCE_TICKETS,
  CHIPS_PER_PLAYER,
  COMPLETION,
  COUNCILOR_CHIPS,
  COUNCIL_BONUS,
  COUNCIL_PENALTY,
  DECK_SIZE,
  DEVELOPMENT_FACTOR,
  END_BUILDINGS,
  FREE_BUILDS,
  HAND_DEAL,
  HAND_LIMIT,
  INCOME_CARDS,
  INITIAL_PLANT,
  KINDS,
  MAX_PLAYERS,
  MAX_TURNS,
  MIN_PLAYERS,
  PLAIN_START_POWER,
  SACRIFICE_DISCOUNT,
  START_POWER,
  TYPE_NAMES,
  type BuildingKind,
} from './cards.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Residential', 'Mixed Facility (counts as Commercial)'. */
export function typeText(k: BuildingKind): string {
  return k.mixedAs === null
    ? TYPE_NAMES[k.type]
    : `${TYPE_NAMES[k.type]} (counts as ${TYPE_NAMES[k.mixedAs]} and as a special)`;
}

/** One building kind in plain sentences, from its KINDS row. */
export function buildingText(k: BuildingKind): string {
  const eco = k.eco ? ', eco' : '';
  if (k.id === INITIAL_PLANT) {
    return `Power Plant. Every city starts with one, together with ${START_POWER} power chips; it is never in the deck. ${k.points} points.`;
  }
  const pay =
    k.type === 'P'
      ? `costs ${plural(k.cost, 'card')}, pays no power and gives ${k.production} power chips when built`
      : `costs ${plural(k.cost, 'card')} and ${k.power} power`;
  const effect = k.effectText !== '' && k.type !== 'P' ? ` ${k.effectText}` : '';
  return `${typeText(k)}${eco}: ${pay}; ${plural(k.points, 'point')}; City Bonus value ${k.bonus}; ${k.copies} ${k.copies === 1 ? 'copy' : 'copies'} in the deck.${effect}`;
}

const ACTION_CARD_TEXT: readonly string[] = [
  'Draw 1 card.',
  'Discard any number of cards face down, then draw as many.',
  'Take a councilor chip from the assembly (1 point each, and a bonus for the most); while the assembly is empty, draw 1 card instead.',
];

export function actionCardText(card: number): string {
  return `Action card ${card + 1} (resolves ${['first', 'second', 'third'][card]}): ${ACTION_CARD_TEXT[card]}`;
}

export function incomeCardText(id: number): string {
  const c = INCOME_CARDS[id];
  return (
    `Income card ${c.number}: it pays out once per game, in the first Income phase in which some player has ${c.condition}. ` +
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
    text: `Holds the councilor chips. It opens with ${CHIPS_PER_PLAYER} chips per player when the first income card pays out (${COUNCILOR_CHIPS} chips in the box).`,
    kind: 'table piece',
  },
  {
    term: 'Councilor chip',
    text: `1 point each at the end; the players with the most get +${COUNCIL_BONUS}, players without any get −${COUNCIL_PENALTY}.`,
    kind: 'chip',
  },
  {
    term: 'Power chip',
    text: 'Paid to build buildings that consume power; power plants give chips. Left-over chips score nothing.',
    kind: 'chip',
  },
  {
    term: 'Free builds',
    text: `Set to ${FREE_BUILDS} by the Planned Construction Site: while above 0, each building you build costs 0 cards and lowers it by 1.`,
    kind: 'counter',
  },
  {
    term: 'City Bonus',
    text: 'At the end each player earns lottery tickets from the city; each ticket draws a card from the deck and scores its City Bonus value.',
    kind: 'scoring',
  },
] satisfies GlossaryEntry[]);

const BUILDING_TABLE: RulesTable = {
  caption: 'Buildings (cost = other hand cards discarded; power = chips paid, or +chips gained for a power plant)',
  columns: ['Building', 'Type', 'Eco', 'Copies', 'Cost', 'Power', 'Points', 'City Bonus', 'Effect'],
  rows: KINDS.map((k) => [
    k.name,
    k.mixedAs === null ? k.type : `M (${k.mixedAs})`,
    k.eco ? 'eco' : '',
    k.id === INITIAL_PLANT ? 'start' : k.copies,
    k.cost,
    k.type === 'P' ? `+${k.production}` : k.power,
    k.points,
    k.bonus,
    k.type === 'P' ? '' : k.effectText,
  ]),
};

const ACTION_TABLE: RulesTable = {
  caption: 'Action cards (every player holds all three; they resolve in number order)',
  columns: ['No.', 'Card', 'Effect'],
  rows: ACTION_CARD_NAMES.map((name, i) => [i + 1, name, ACTION_CARD_TEXT[i]]),
};

const INCOME_TABLE: RulesTable = {
  caption: 'Income cards (each pays out once, when any player meets its condition)',
  columns: ['No.', 'Card', 'Condition (any player)', 'Every player draws'],
  rows: INCOME_CARDS.map((c) => [c.number, c.name, c.condition, c.pays]),
};

const COMPLETION_TABLE: RulesTable = {
  caption: 'Completion bonus by buildings and special facilities (mixed facilities count as specials)',
  columns: ['Buildings', '0 specials', '1 special', '2+ specials'],
  rows: COMPLETION.map((row, i) => [i === 0 ? `${END_BUILDINGS}` : `${END_BUILDINGS - 1}`, ...row]),
};

const BALANCE_TABLE: RulesTable = {
  caption: 'City Bonus balance tickets by the smallest of your Residential, Commercial and Industrial counts',
  columns: ['Smallest count', 'Tickets'],
  rows: BALANCE_TICKETS.map((t, i) => [i === BALANCE_TICKETS.length - 1 ? `${i}+` : `${i}`, t]),
};

export const RULES: RulesDoc = {
  intro:
    `Each of ${MIN_PLAYERS} to ${MAX_PLAYERS} players is the mayor of a young city. Building cards are both what you build and what you pay ` +
    `with: to build a card you discard other cards from your hand and pay power chips. When a city reaches ${END_BUILDINGS} buildings, the ` +
    'game ends after that turn, and the highest score — buildings, council seats and bonuses — wins.',
  sections: [
    {
      heading: 'Set-up',
      paragraphs: [
        `Every city starts with an Initial Power Plant and ${START_POWER} power chips. The ${DECK_SIZE.delta} building cards are shuffled and ` +
          `each player is dealt ${HAND_DEAL}. The six income cards lie face up, the assembly starts empty, and a random player takes the mayor card.`,
        `In the Plain variant the special and mixed facilities are left out (${DECK_SIZE.plain} cards), and every city also starts with a Farm ` +
          `(so ${PLAIN_START_POWER} power chips).`,
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        'Action phase: everyone secretly picks one of their three action cards — Income, Exchange or Council — and all are revealed together. ' +
          'All Income cards resolve first, then Exchange, then Council, each group starting with the mayor.',
        'Build phase: starting with the mayor, each player either builds one card from hand or draws 2 cards. To build, discard as many other ' +
          'hand cards as its card cost and pay its power in chips; a power plant instead gives chips. Station, Airport, Port and Highway make ' +
          `some buildings 1 card cheaper, and a Construction Site can be given up to make one building ${SACRIFICE_DISCOUNT} cards cheaper. ` +
          `Afterwards anyone holding more than ${HAND_LIMIT} cards discards down to ${HAND_LIMIT}.`,
        'Income phase: each income card that has not paid out yet is checked in number order. If any player meets its condition, every ' +
          `player draws cards as it says. The first income card to pay out opens the council: the assembly receives ${CHIPS_PER_PLAYER} ` +
          'councilor chips per player. Then the mayor card passes to the left.',
      ],
    },
    {
      heading: 'Scoring',
      paragraphs: [
        'Add up: the points printed on your buildings; 1 point per councilor chip; ' +
          `+${COUNCIL_BONUS} if you hold the most chips (ties too), −${COUNCIL_PENALTY} if you hold none; the completion bonus (table); ` +
          `${DEVELOPMENT_FACTOR} × the smallest of your Residential, Commercial and Industrial point totals; the end-of-game effects of ` +
          'Museum, Hospital, Bank and Research Lab; and the City Bonus.',
        'City Bonus: you get one ticket per Residential, Commercial and Industrial building beyond the second of each, tickets for 3 or ' +
          'more eco buildings (1 per 2 beyond the first), and balance tickets (table). Each ticket draws a card and scores its City Bonus value. ' +
          'Left-over power chips are worth nothing.',
      ],
    },
    {
      heading: 'The end',
      paragraphs: [
        `When any city has ${END_BUILDINGS} buildings, everyone still finishes that turn, then the game is scored. The highest total wins; ` +
          `among tied players the owner of the City Hall wins, otherwise they share the win. If ${MAX_TURNS} turns pass without a city of ` +
          `${END_BUILDINGS}, the game ends and is scored the same way.`,
      ],
    },
  ],
  tables: [BUILDING_TABLE, ACTION_TABLE, INCOME_TABLE, COMPLETION_TABLE, BALANCE_TABLE],
};
