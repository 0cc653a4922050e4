/**
 * Filthy Rich's reference for people: every business, asset, action and luxury by the name the
 * pages show, with its numbers and effect, all generated from the constant tables of components.ts.
 */
import type { GlossaryEntry } from '../core/board.js';
import {
  ACTIONS,
  ASSETS,
  BUSINESSES,
  BUSINESS_SCOUT,
  CARD_TYPES,
  CHAPTER_11_GAIN,
  CONNECTIONS_RELIEF,
  EXTRA_SHIFT,
  FIRE_INSURANCE,
  HAND_LIMIT,
  IRS_AUDIT,
  LOAN_SHARK_TAKE,
  LUXURIES,
  LUXURIES_TO_WIN,
  MYSTERIOUS_FIRE,
  PAGE_TURNER,
  PERSONAL_ASSISTANT,
  POLITICAL_CONNECTIONS,
  PROTECTION_RACKET,
  RACKET_TAKE,
  SAVINGS_ACCOUNT,
  SAVINGS_MAX,
  SHAKEDOWN,
  SHAKEDOWN_TAKE,
  SHAPES,
  TAX_REFUND,
  TAX_REFUND_MAX,
  WINDFALL,
  WINDFALL_GAIN,
  YAKUZA_LOAN,
  YAKUZA_LOAN_GAIN,
  ZONING_BOARD,
  saleValue,
  type AssetKind,
  type Business,
} from './components.js';

/** '1 $ symbol', '3 $ symbols'. */
export const symbolsText = (n: number): string => `${n} $ symbol${n === 1 ? '' : 's'}`;

/** 'sign of 2 cards (vertical pair)'. */
function signText(b: Business): string {
  const shape = SHAPES[b.shape];
  return b.signCards === 1 ? 'sign of 1 card' : `sign of ${b.signCards} cards (${shape.name})`;
}

/** What a hit on one of the business's visible sign cards does. */
export function hitText(b: Business): string {
  if (b.special === 'loanShark') {
    return (
      `each hit makes the player whose turn it is pay the owner up to ` +
      `$${LOAN_SHARK_TAKE} (on the owner's own turn the bank pays $${LOAN_SHARK_TAKE})`
    );
  }
  return `each hit pays the owner $${b.hit}`;
}

function businessText(b: Business): string {
  const special =
    b.special === 'chapter11'
      ? ` In every tax event its owner takes part in, he first gains $${CHAPTER_11_GAIN} × the tax multiplier.`
      : '';
  return (
    `Business: costs $${b.cost} to open, ${signText(b)}, ${symbolsText(b.tax)}; ${hitText(b)}.${special} ` +
    `Sells back for $${saleValue(b.id)}.`
  );
}

/** The permanent effect of an asset kind, in players' words. */
export function assetEffect(kind: number): string {
  switch (kind) {
    case YAKUZA_LOAN:
      return `when played, the bank pays you $${YAKUZA_LOAN_GAIN}`;
    case PROTECTION_RACKET:
      return (
        `at the start of your turn every other player still in who ` +
        `owns a business pays you $${RACKET_TAKE} (if he has it)`
      );
    case POLITICAL_CONNECTIONS:
      return (
        `your taxes count ${CONNECTIONS_RELIEF} $ symbols fewer (never ` +
        `below 0) and nobody can send you an ${ACTIONS[IRS_AUDIT].name}`
      );
    case FIRE_INSURANCE:
      return `when a ${ACTIONS[MYSTERIOUS_FIRE].name} destroys one of your businesses, the bank pays you its full cost`;
    case PERSONAL_ASSISTANT:
      return `you draw up to ${HAND_LIMIT + 1} cards instead of ${HAND_LIMIT}`;
    case SAVINGS_ACCOUNT:
      return `at the start of your turn gain $1 per full $10 you hold, at most $${SAVINGS_MAX}`;
    case PAGE_TURNER:
      return 'once per turn you may re-roll your page die; the second roll stands';
    default:
      throw new RangeError(`no asset kind ${kind}`);
  }
}

function assetText(a: AssetKind): string {
  return (
    `Asset (${a.copies} copies): costs $${a.cost}, ${symbolsText(a.tax)}, ` +
    `stays in front of you for the game; ${assetEffect(a.id)}. ` +
    'You may own only one of each kind.'
  );
}

/** The one-shot effect of an action kind, in players' words. */
export function actionEffect(kind: number): string {
  switch (kind) {
    case IRS_AUDIT:
      return (
        `choose another player without ${ASSETS[POLITICAL_CONNECTIONS].name}: he ` +
        `alone pays tax once on all his $ symbols (he may sell businesses first)`
      );
    case BUSINESS_SCOUT:
      return 'take a business card of your choice from the discard pile into your hand (everybody sees which)';
    case ZONING_BOARD:
      return 'turn the binder to another page of your choice at once';
    case WINDFALL:
      return `gain $${WINDFALL_GAIN}`;
    case TAX_REFUND:
      return `gain $1 per $ symbol you own, at most $${TAX_REFUND_MAX}`;
    case EXTRA_SHIFT:
      return 'roll one business die: 1-9 hits that slot, 0 makes every player pay tax once';
    case SHAKEDOWN:
      return `another player of your choice pays you $${SHAKEDOWN_TAKE} (or all he has, if less)`;
    case MYSTERIOUS_FIRE:
      return (
        "pay the bank half the cost (rounded up) of a rival's business to destroy " +
        'it: its card goes to the discard pile and its sign leaves the binder'
      );
    default:
      throw new RangeError(`no action kind ${kind}`);
  }
}

/**
 * A card's numbers and effect in a few words, for hand lists: 'vertical pair sign, 1 $ symbol, each hit pays the owner
 * $2'.
 */
export function cardSummary(type: number): string {
  const card = CARD_TYPES[type];
  if (card.category === 'business') {
    const b = BUSINESSES[type];
    const sign = b.signCards === 1 ? 'single sign' : `${SHAPES[b.shape].name} sign`;
    const special = b.special === 'chapter11' ? `; gains $${CHAPTER_11_GAIN} × k in each tax event` : '';
    return `${sign}, ${symbolsText(b.tax)}, ${hitText(b)}${special}`;
  }
  if (card.category === 'asset') return `${symbolsText(card.tax)}; ${assetEffect(card.kind)}`;
  return actionEffect(card.kind);
}

export const GLOSSARY: readonly GlossaryEntry[] = Object.freeze(
  [
    ...BUSINESSES.map((b) => ({ term: b.name, text: businessText(b), kind: 'business' })),
    ...ASSETS.map((a) => ({ term: a.name, text: assetText(a), kind: 'asset' })),
    ...ACTIONS.map((c) => ({
      term: c.name,
      text: `Action (${c.copies} copies), free to play, then discarded: ${actionEffect(c.id)}.`,
      kind: 'action',
    })),
    ...LUXURIES.map((l) => ({
      term: l.name,
      text:
        `Luxury: price $${l.price}, ${symbolsText(l.tax)}. Buy it at the start ` +
        `of your turn; the first player to own ${LUXURIES_TO_WIN} luxuries wins.`,
      kind: 'luxury',
    })),
  ].map((e) => Object.freeze(e)),
);

const BY_TERM: ReadonlyMap<string, string> = new Map(GLOSSARY.map((e) => [e.term, e.text]));

/** A name's glossary text ('' for a name that is not in the glossary). */
export const glossaryText = (name: string): string => BY_TERM.get(name) ?? '';

/** 'Windfall — Action (5 copies) ...': a card's name and its glossary text, for <title>s and tooltips. */
export function explain(name: string): string {
  const text = BY_TERM.get(name);
  return text === undefined ? name : `${name} — ${text}`;
}
