/** The rules of City Plan Delta for players (the arena's rules page and docs/rules/cityplan.md), from components.ts. */
import type { RulesDoc, RulesTable } from '../core/board.js';
import {
  ACTION_CARD_NAMES,
  BALANCE_TICKETS,
  CHIPS_PER_PLAYER,
  COMPLETION,
  COUNCIL_BONUS,
  COUNCIL_PENALTY,
  DECK_SIZE,
  DEVELOPMENT_FACTOR,
  END_BUILDINGS,
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
} from './components.js';
import { ACTION_CARD_TEXT } from './glossary.js';

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
    `Each of ${MIN_PLAYERS} to ${MAX_PLAYERS} players is the mayor of a young city. Building cards are both what you ` +
    `build and what you pay ` +
    `with: to build a card you discard other cards from your hand and pay power chips. When a city reaches ` +
    `${END_BUILDINGS} buildings, the ` +
    'game ends after that turn, and the highest score — buildings, council seats and bonuses — wins.',
  sections: [
    {
      heading: 'Set-up',
      paragraphs: [
        `Every city starts with an Initial Power Plant and ${START_POWER} power chips. The ${DECK_SIZE.delta} ` +
          `building cards are shuffled and ` +
          `each player is dealt ${HAND_DEAL}. The six income cards lie face up, the assembly starts empty, and a ` +
          `random player takes the mayor card.`,
        `In the Plain variant the special and mixed facilities are left out (${DECK_SIZE.plain} cards), and every ` +
          `city also starts with a Farm ` +
          `(so ${PLAIN_START_POWER} power chips).`,
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        'Action phase: everyone secretly picks one of their three action cards — Income, Exchange or ' +
          'Council — and ' +
          'all are revealed together. ' +
          'All Income cards resolve first, then Exchange, then Council, each group starting with the mayor.',
        'Build phase: starting with the mayor, each player either builds one card from hand or draws 2 cards. To ' +
          'build, discard as many other ' +
          'hand cards as its card cost and pay its power in chips; a power plant instead gives chips. Station, ' +
          'Airport, Port and Highway make ' +
          `some buildings 1 card cheaper, and a Construction Site can be given up to make one building ` +
          `${SACRIFICE_DISCOUNT} cards cheaper. ` +
          `Afterwards anyone holding more than ${HAND_LIMIT} cards discards down to ${HAND_LIMIT}.`,
        'Income phase: each income card that has not paid out yet is checked in number order. If any player meets ' +
          'its condition, every ' +
          `player draws cards as it says. The first income card to pay out opens the council: the assembly receives ` +
          `${CHIPS_PER_PLAYER} ` +
          'councilor chips per player. Then the mayor card passes to the left.',
      ],
    },
    {
      heading: 'Scoring',
      paragraphs: [
        'Add up: the points printed on your buildings; 1 point per councilor chip; ' +
          `+${COUNCIL_BONUS} if you hold the most chips (ties too), −${COUNCIL_PENALTY} if you hold none; the ` +
          `completion bonus (table); ` +
          `${DEVELOPMENT_FACTOR} × the smallest of your Residential, Commercial and Industrial point totals; the ` +
          `end-of-game effects of ` +
          'Museum, Hospital, Bank and Research Lab; and the City Bonus.',
        'City Bonus: you get one ticket per Residential, Commercial and Industrial building beyond the second of ' +
          'each, tickets for 3 or ' +
          'more eco buildings (1 per 2 beyond the first), and balance tickets (table). Each ticket draws a card and ' +
          'scores its City Bonus value. ' +
          'Left-over power chips are worth nothing.',
      ],
    },
    {
      heading: 'The end',
      paragraphs: [
        `When any city has ${END_BUILDINGS} buildings, everyone still finishes that turn, then the game is scored. ` +
          `The highest total wins; ` +
          `among tied players the owner of the City Hall wins, otherwise they share the win. If ${MAX_TURNS} turns ` +
          `pass without a city of ` +
          `${END_BUILDINGS}, the game ends and is scored the same way.`,
      ],
    },
  ],
  tables: [BUILDING_TABLE, ACTION_TABLE, INCOME_TABLE, COMPLETION_TABLE, BALANCE_TABLE],
};
