/**
 * Filthy Rich's rules for players, in the project's own words; the tables come from components.ts.
 */
import type { RulesDoc } from '../core/board.js';
import {
  ACTIONS,
  ASSETS,
  BUSINESSES,
  CHAPTER_11_GAIN,
  CONNECTIONS_RELIEF,
  COVER_FEE,
  DECK_SIZE,
  DISCARD_GAIN,
  HAND_LIMIT,
  LUXURIES,
  LUXURIES_TO_WIN,
  PAGES,
  SELL_PER_SIGN_CARD,
  SHAPES,
  SLOTS,
  START_CASH,
  START_HAND,
  fireCost,
  saleValue,
  BID_STEPS,
  MAX_PLAYERS,
  MAX_STEPS,
  MAX_TURNS,
  MIN_PLAYERS,
} from './components.js';
import { actionEffect, assetEffect, hitText } from './glossary.js';

const bidSteps = BID_STEPS.map((s) => `+${s}`).join(', ');

export const RULES: RulesDoc = {
  intro:
    `Two to ${MAX_PLAYERS} tycoons open businesses whose advertising ` +
    `signs are slid into the pockets of a ${PAGES}-page binder. ` +
    'Dice name pockets: a visible sign there pays its owner, but every 0 on the dice makes everybody pay tax. ' +
    (`Spend the profits on luxuries: the first player to own ${LUXURIES_TO_WIN} ` +
      `luxuries wins at once, and so does the last player who has not gone bankrupt.`),
  sections: [
    {
      heading: 'Set-up',
      paragraphs: [
        `${MIN_PLAYERS} to ${MAX_PLAYERS} players. The ${DECK_SIZE} cards (${BUSINESSES.length} businesses, ` +
          (`${ASSETS.reduce((n, a) => n + a.copies, 0)} assets, ` +
            `${ACTIONS.reduce((n, c) => n + c.copies, 0)} actions) are shuffled; `) +
          (`everybody gets ${START_HAND} cards and $${START_CASH}. ` +
            `The ${LUXURIES.length} luxuries lie face up for sale.`),
        `The binder has ${PAGES} pages, page 1 at the bottom and page ` +
          `${PAGES} on top; each page has ${SLOTS} pockets in a 3×3 grid, ` +
          ('numbered 1-3 in the top row, 4-6 in the middle and 7-9 at the bottom. It ' +
            'starts empty and open at page 1. A random player begins; play goes clockwise.'),
        "Cash, the binder, everybody's businesses, assets and luxuries and the " +
          'discard pile are public. Hands are secret (only their size is known), ' +
          'except a business someone took back with Business Scout, which everybody saw.',
      ],
    },
    {
      heading: 'The binder',
      paragraphs: [
        'With the binder open at page c, each pocket shows the sign card on the highest ' +
          'page not above c that has one; pages above c are turned away and show nothing. ' +
          'Each pocket is judged on its own, so a sign can be partly covered by a later one.',
        'A business is opened on the page the binder is open at, in empty ' +
          'pockets of that page, in the exact shape of its sign (never turned). ' +
          `For every visible sign card of another player that the new sign covers, pay that player $${COVER_FEE}.`,
      ],
    },
    {
      heading: 'A turn',
      paragraphs: [
        'Start: your Savings Account and Protection Racket pay out, if you own them.',
        'Buy: buy any luxuries you can afford, one after another (selling businesses is allowed too).',
        `Two card actions: each time, play a card from your hand (a business, ` +
          `an asset or an action; businesses and assets cost their price) ` +
          (`or discard one for $${DISCARD_GAIN}. You may sell businesses before, between ` +
            `and after them: a business sells back for $${SELL_PER_SIGN_CARD} per sign card.`),
        'Business dice: you may sell businesses, then roll one ten-sided ' +
          'die per page number of the open page (page 3: three dice). ' +
          ('Each die of 1-9 hits that pocket: the visible sign there pays its owner (two dice ' +
            'on one pocket are two hits). After the hits, the dice showing 0 start a tax event.'),
        `Page die: roll a six-sided die; 1-${PAGES} turns the binder to that ` +
          `page, ${PAGES + 1}-6 leaves it. Page Turner lets you re-roll once.`,
        `Draw back up to your hand limit (${HAND_LIMIT}, or ${HAND_LIMIT + 1} with ` +
          `Personal Assistant); an empty deck is refilled by shuffling the discard pile.`,
      ],
    },
    {
      heading: 'Scoring',
      paragraphs: [
        `Only luxuries count: owning ${LUXURIES_TO_WIN} wins. Money comes from hits, a few ` +
          `cards and selling; it goes to businesses, assets, cover fees, luxuries and taxes.`,
        'Tax event: with k dice showing 0, every player (in turn ' +
          'order, starting with the roller) may first sell businesses, ' +
          (`then pays k × his $ symbols (on businesses, assets and luxuries; ` +
            `${CONNECTIONS_RELIEF} fewer with Political Connections). `) +
          (`Chapter 11 Books gives its owner $${CHAPTER_11_GAIN} × k just before ` +
            `he pays. An IRS Audit is a tax event with k = 1 for its target alone.`),
        'Whoever cannot pay a tax in full pays what he has and is out: ' +
          'his cards go to the discard pile and his signs leave the binder. ' +
          (`His luxuries are auctioned one by one, cheapest first, starting ` +
            `with the player on his left: the first bid is at least the price, `) +
          (`each later bid higher (bids are the minimum ${bidSteps} dollars), ` +
            `the winner pays the bank; a luxury nobody bids on leaves the game.`),
      ],
    },
    {
      heading: 'The end',
      paragraphs: [
        `The game ends at once when a player owns ${LUXURIES_TO_WIN} ` +
          `luxuries (he wins) or only one player is left (he wins).`,
        `If the game is still running after turn ${MAX_TURNS} (or decision ` +
          `${MAX_STEPS.toLocaleString('en-US')}), it stops: players still in rank by luxuries, ` +
          ('then the total price of their luxuries, then cash; players ' +
            'who went out rank below them, the later out the higher.'),
      ],
    },
  ],
  tables: [
    {
      caption: 'Businesses (one of each)',
      columns: ['Business', 'Cost', 'Sign', '$ symbols', 'Hit', 'Sells for', 'Mysterious Fire costs'],
      rows: BUSINESSES.map((b) => [
        b.name,
        `$${b.cost}`,
        `${SHAPES[b.shape].name} (${b.signCards})`,
        b.tax,
        hitText(b),
        `$${saleValue(b.id)}`,
        `$${fireCost(b.id)}`,
      ]),
    },
    {
      caption: 'Assets (permanent)',
      columns: ['Asset', 'Copies', 'Cost', '$ symbols', 'Effect'],
      rows: ASSETS.map((a) => [a.name, a.copies, `$${a.cost}`, a.tax, assetEffect(a.id)]),
    },
    {
      caption: 'Actions (one-shot, free)',
      columns: ['Action', 'Copies', 'Effect'],
      rows: ACTIONS.map((c) => [c.name, c.copies, actionEffect(c.id)]),
    },
    {
      caption: 'Luxuries',
      columns: ['Luxury', 'Price', '$ symbols'],
      rows: LUXURIES.map((l) => [l.name, `$${l.price}`, l.tax]),
    },
    {
      caption: 'Sign shapes',
      columns: ['Shape', 'Sign cards', 'Top-left pockets it may start in', 'Businesses'],
      rows: SHAPES.map((s) => [
        s.name,
        s.cells.length,
        s.anchors.join(', '),
        BUSINESSES.filter((b) => b.shape === s.id)
          .map((b) => b.name)
          .join(', '),
      ]),
    },
  ],
};
