/**
 * What Filthy Rich gives people besides its rules engine: the board as SVG (board-draw.ts), the
 * sentence for the decision at hand, the glossary (glossary.ts) and the rules page (rules-doc.ts).
 * All are pure functions of a seat's view or of the constant tables.
 */
import {
  ACTION_TYPE_BASE,
  ASSETS,
  BUSINESSES,
  BUSINESS_SCOUT,
  CARD_TYPES,
  CHAPTER_11,
  CHAPTER_11_GAIN,
  CONNECTIONS_RELIEF,
  COVER_FEE,
  DISCARD_GAIN,
  IRS_AUDIT,
  LUXURIES,
  PAGES,
  POLITICAL_CONNECTIONS,
  SHAKEDOWN,
  SHAKEDOWN_TAKE,
  SHAPES,
} from './components.js';
import { drawBoard } from './board-draw.js';
import { symbolsText } from './glossary.js';
import type { FilthyRichView } from './view.js';

/** The business dice of the open page: 'the business die', 'the 3 business dice'. */
const diceText = (page: number): string => (page === 1 ? 'the business die' : `the ${page} business dice`);

/** The decision the view's seat is asked now, in one plain sentence; '' when it is not that seat's turn. */
export function describeDecision(view: FilthyRichView): string {
  if (view.isOver || view.seat < 0 || view.toAct !== view.seat) return '';
  const seat = view.seat;
  const cash = view.cash[seat];
  const played = view.played >= 0 ? CARD_TYPES[view.played].name : '';
  switch (view.phase) {
    case 'buy':
      return `Buy any luxuries you can afford with your $${cash}, or sell a business; then end the buy step.`;
    case 'card':
      return (
        `Card action ${view.actionsDone + 1} of 2: play a card from your hand or ` +
        `discard one for $${DISCARD_GAIN} (you may also sell a business first).`
      );
    case 'anchor': {
      const b = BUSINESSES[view.played];
      const sign = b.signCards === 1 ? 'pocket' : `pockets (${SHAPES[b.shape].name})`;
      return (
        `Choose the ${sign} of page ${view.page} for the ${b.name} sign; each ` +
        `visible sign card of a rival you cover costs you $${COVER_FEE}.`
      );
    }
    case 'target':
      return view.played === ACTION_TYPE_BASE + IRS_AUDIT
        ? `Choose the player to audit (${played}): he alone pays tax once on all his $ symbols.`
        : view.played === ACTION_TYPE_BASE + SHAKEDOWN
          ? `Choose the player to shake down (${played}): he pays you $${SHAKEDOWN_TAKE}, or all he has if less.`
          : `Choose a player as the target of ${played}.`;
    case 'page':
      return `Choose the page to turn the binder to (${played}); it is open at page ${view.page} now.`;
    case 'choose':
      return view.played === ACTION_TYPE_BASE + BUSINESS_SCOUT
        ? `Choose a business card in the discard pile to take into your hand (${played}).`
        : `Choose a rival's business to burn down (${played}); you pay the bank half its cost, rounded up.`;
    case 'preRoll':
      return `Sell businesses if you want the money, then roll ${diceText(view.page)}.`;
    case 'taxSell': {
      const k = view.tax?.multiplier ?? 1;
      const relief = view.assets[seat].includes(POLITICAL_CONNECTIONS) ? CONNECTIONS_RELIEF : 0;
      const owed = k * Math.max(0, view.symbols[seat] - relief);
      const chapter11 =
        view.businessOwner[CHAPTER_11] === seat
          ? `, after ${BUSINESSES[CHAPTER_11].name} pays you $${CHAPTER_11_GAIN * k}`
          : '';
      const why =
        view.tax !== null && view.tax.target === seat
          ? `${CARD_TYPES[ACTION_TYPE_BASE + IRS_AUDIT].name}: you`
          : `Tax ×${k}: you`;
      return (
        `${why} owe $${owed} on ` +
        `${symbolsText(view.symbols[seat])}` +
        `${relief > 0 ? ` (less ${relief} for ${ASSETS[POLITICAL_CONNECTIONS].name})` : ''} ` +
        `and have $${cash}${chapter11}; sell businesses to raise money, or be done.`
      );
    }
    case 'pageTurner': {
      const roll = view.pageRoll;
      const effect = roll <= PAGES ? `the binder turns to page ${roll}` : 'the page stays';
      return `Your page die shows ${roll} (${effect}): keep it, or re-roll it once with Page Turner.`;
    }
    case 'auction': {
      const a = view.auction;
      if (a === null) return 'Bid for the luxury or pass.';
      return (
        `Bid at least $${a.minimumBid} for ${LUXURIES[a.luxury].name} ` +
        `(price $${LUXURIES[a.luxury].price}), or pass; you have $${cash}.`
      );
    }
    default:
      return '';
  }
}

/**
 * The table as seen from one seat: rivals at the top, the binder, dice, piles and luxuries, then the viewer's own place
 * and hand.
 */
export function renderSvg(view: FilthyRichView): string {
  return drawBoard(view, describeDecision(view));
}
