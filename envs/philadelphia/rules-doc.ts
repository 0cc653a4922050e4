/**
 * Philadelphia's rules for players, in the project's own words; every number comes from
 * components.ts, and the tables are generated from the card, item, set and industry tables.
 */
import type { RulesDoc } from '../core/board.js';
import {
  ACTIONS_PER_TURN,
  AD_CARD_COUNT,
  AD_KINDS,
  BANK_GOLD,
  EXPLORE_REVEAL,
  HAND_LIMIT,
  INDUSTRY_CODES,
  INDUSTRY_NAMES,
  ITEM_BOOM,
  ITEM_CARD_COUNT,
  ITEM_KINDS,
  ITEM_SLOTS,
  KIND_COUNT,
  MAX_ACQUIRE,
  MAX_FIELD,
  MAX_ROUNDS,
  PASS_GOLD,
  SET_TYPE_NAMES,
  SET_TYPES,
  SET_VP,
  START_GOLD,
  START_HAND,
  WIN_VP,
} from './components.js';
import { effectText, orList, setCardsText } from './glossary.js';

const itemCount = ITEM_CARD_COUNT - 1;

export const RULES: RulesDoc = {
  intro:
    `You run an advertising agency. Ad cards in your hand can be posted in your field for gold, where a die roll ` +
    `each round may establish them (they pay their reward) or, ` +
    `if they wait too long, they default. Card effects chain ` +
    `into combos. Victory points come only from submitting sets of cards from your hand, so every card is both an ad ` +
    `and a piece of a set. After a round in which someone has ${WIN_VP} or more VP, the player with the most VP wins.`,
  sections: [
    {
      heading: 'Set-up',
      paragraphs: [
        `The ${AD_CARD_COUNT} ad cards (${KIND_COUNT} kinds) are shuffled into the ad deck; ` +
          `the ad discard pile beside it is face up and anyone may look through it.`,
        `The ${itemCount} item cards and the Economic Boom field card ` +
          `are shuffled into the item deck and ${ITEM_SLOTS} items are ` +
          'laid face up for sale. Economic Boom never starts on ' +
          'display: if it comes up, it is shuffled back and replaced.',
        `A random player starts. Everyone draws ${START_HAND} ad cards ` +
          `and takes ${START_GOLD} gold; VP start at 0 and fields are empty.`,
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        `Each round every player, from the start player clockwise, takes a turn of ` +
          `exactly ${ACTIONS_PER_TURN} actions (the same action may be repeated):`,
        `Explore: with at most ${HAND_LIMIT - 1} cards in hand, reveal the top ${EXPLORE_REVEAL} ` +
          `ad cards, take one into your hand (it becomes a known card) and discard the rest face up.`,
        `Acquire: draw 1 to ${MAX_ACQUIRE} cards face down, paying ` +
          `1 gold per card; your hand may not go above ${HAND_LIMIT}.`,
        `Post: pay an ad's posting cost and place it as the newest ad in your field (at most ` +
          `${MAX_FIELD} ads). Its "when posted" effect happens, then your "while posted" ads react to it.`,
        'Purchase: from round 2, at most once per turn, buy a face-up ' +
          'item, use it at once and refill its slot from the item deck.',
        'Submit: reveal one or more sets from your hand and score their VP. The submitted ' +
          'cards and the whole discard pile are shuffled and put under the ad deck.',
        `Pass: only when no other action is possible; show your hand ` +
          `to everyone, gain ${PASS_GOLD} gold, and your turn ends.`,
      ],
    },
    {
      heading: 'Establishing and defaulting',
      paragraphs: [
        'When everyone has had a turn, the start player rolls the die. Every posted ' +
          'ad (in every field) whose die faces include the roll is established: ' +
          'its owner gains its reward (plus any bonuses), then its "when ' +
          'established" effect happens, then it goes to the discard pile.',
        'Then every ad still posted gets one month marker. An ad whose markers reach ' +
          'its contract length defaults: it goes to the discard pile without paying ' +
          '(unless a Railway Company returns it to the hand). Then the start player card passes to the left.',
        'Effects marked negative (losing gold, discarding, markers on your own ' +
          'ads) can be turned into gains by a Painter or a Guard in your field.',
      ],
    },
    {
      heading: 'Scoring',
      paragraphs: [
        `VP come only from sets: ${SET_TYPES.map((t) => `${SET_TYPE_NAMES[t]} ${SET_VP[t]} VP`).join(', ')}. ` +
          'Flushes need different names of one industry; specialists ★ never ' +
          'count. One Submit may score several sets using different cards; ' +
          `each Bank in your field then pays ${BANK_GOLD} gold per set.`,
      ],
    },
    {
      heading: 'The end',
      paragraphs: [
        `The round is always finished. If anyone then has ${WIN_VP} or more VP, the game ` +
          `ends: most VP wins, ties go to the most gold, and players still tied share the win.`,
        `If nobody has reached ${WIN_VP} VP after round ${MAX_ROUNDS}, ` +
          `the game stops there and is ranked the same way.`,
      ],
    },
    {
      heading: 'What you can see',
      paragraphs: [
        'Fields, gold, VP, items, both discard piles and the last die roll ' +
          'are public. Hands are secret except their size and the known cards: ' +
          'cards that went into a hand face up, or a hand shown by Pass.',
      ],
    },
  ],
  tables: [
    {
      caption: `Ad cards (${KIND_COUNT} kinds, ${AD_CARD_COUNT} cards)`,
      columns: [
        'Card',
        'Industry',
        'Specialist',
        'Copies',
        'Posting cost',
        'Reward',
        'Months',
        'Established on',
        'Effect',
      ],
      rows: AD_KINDS.map((k) => [
        k.name,
        INDUSTRY_NAMES[k.industry],
        k.specialist ? '★' : '',
        k.copies,
        k.cost,
        k.reward,
        k.period,
        orList(k.faces),
        effectText(k.id),
      ]),
    },
    {
      caption: 'Items and the field card',
      columns: ['Item', 'Copies', 'Price', 'Effect'],
      rows: ITEM_KINDS.map((it) => [it.name, it.copies, it.id === ITEM_BOOM ? '—' : it.cost, it.effect]),
    },
    {
      caption: 'Sets',
      columns: ['Set', 'Cards', 'VP'],
      rows: SET_TYPES.map((t) => [SET_TYPE_NAMES[t], setCardsText(t), SET_VP[t]]),
    },
    {
      caption: 'Industries',
      columns: ['Code', 'Industry', 'Regular ads', 'Specialists'],
      rows: INDUSTRY_NAMES.map((name, i) => [
        INDUSTRY_CODES[i],
        name,
        AD_KINDS.filter((k) => k.industry === i && !k.specialist)
          .map((k) => k.name)
          .join(', '),
        AD_KINDS.filter((k) => k.industry === i && k.specialist)
          .map((k) => k.name)
          .join(', '),
      ]),
    },
  ],
};
