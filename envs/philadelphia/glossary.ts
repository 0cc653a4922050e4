/**
 * Philadelphia's reference for people: every ad kind, item, the field card, industry and set type by
 * the name the pages show, with its numbers generated from components.ts (never typed by hand),
 * plus the phrasing helpers the board, the HTML view and the rules page share.
 */
import type { GlossaryEntry } from '../core/board.js';
import {
  AD_KINDS,
  INDUSTRY_CODES,
  INDUSTRY_NAMES,
  ITEM_BOOM,
  ITEM_KINDS,
  KINDS_PER_INDUSTRY,
  REGULAR_PER_INDUSTRY,
  SETS,
  SET_TYPES,
  SET_TYPE_NAMES,
  SET_VP,
  type SetType,
} from './components.js';
import { EXPLORE_REVEAL, HAND_LIMIT, MAX_ACQUIRE, PASS_GOLD } from './components.js';

/** '1 or 4', '2, 4 or 6'. */
export function orList(values: readonly (string | number)[]): string {
  const v = values.map(String);
  return v.length <= 1 ? v.join('') : `${v.slice(0, -1).join(', ')} or ${v[v.length - 1]}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** When an ad's effect happens, in players' words ('' when the effect text already says it). */
export function timingLabel(kind: number): string {
  switch (AD_KINDS[kind].timing) {
    case 'post':
      return 'when posted';
    case 'watch':
    case 'ongoing':
      return 'while posted';
    case 'adopt':
      return 'when established';
    case 'post+default':
      return 'when posted / defaults';
    case 'cost':
      return 'posting cost';
    default:
      return '';
  }
}

/** The card's effect as one sentence that says when it happens. */
export function effectText(kind: number): string {
  const k = AD_KINDS[kind];
  const effect = k.effect
    .replace(/\[POST\] effect/g, '"when posted" effect')
    .replace(/^Post: /, 'When posted: ')
    .replace(/ Default: /, ' When it defaults: ');
  const lower = effect.charAt(0).toLowerCase() + effect.slice(1);
  switch (k.timing) {
    case 'post':
      return `When posted: ${lower}`;
    case 'watch':
    case 'ongoing':
      return `While posted: ${lower}`;
    default:
      return effect;
  }
}

/** 'Food & Leisure' (plus ' ★ specialist'). */
export function industryText(kind: number): string {
  const k = AD_KINDS[kind];
  return `${INDUSTRY_NAMES[k.industry]}${k.specialist ? ' ★ specialist' : ''}`;
}

/** 'cost 1 gold, reward 4 gold, 3-month contract, established on a die roll of 1 or 4'. */
export function numbersText(kind: number): string {
  const k = AD_KINDS[kind];
  return (
    `posting cost ${k.cost} gold, reward ${k.reward} gold, ${k.period}-month ` +
    `contract, established on a die roll of ${orList(k.faces)}`
  );
}

/** The glossary text of an ad kind. */
export function adText(kind: number): string {
  const k = AD_KINDS[kind];
  const special = k.specialist ? ' Specialist ★: never part of a set.' : '';
  return (
    `${INDUSTRY_NAMES[k.industry]} ad (${plural(k.copies, 'copy', 'copies')} in the deck).${special} ` +
    `Posting cost ${k.cost} gold; pays ${k.reward} gold when established; contract ${plural(k.period, 'month')}; ` +
    `established on a die roll of ${orList(k.faces)}. ${effectText(kind)}`
  );
}

/** The glossary text of an item kind (or the field card). */
export function itemText(item: number): string {
  const it = ITEM_KINDS[item];
  if (item === ITEM_BOOM) {
    return (
      `Field card, shuffled into the item deck but never on display at the ` +
      `start and never bought. ${it.effect.replace(/^Field card: o/, 'O')}`
    );
  }
  return (
    `Item card (${plural(it.copies, 'copy', 'copies')}), price ${it.cost} gold. Bought with Purchase (from round 2, ` +
    `at most one per turn) and used at once: ${it.effect.charAt(0).toLowerCase()}${it.effect.slice(1)}`
  );
}

const regularNames = (i: number) =>
  Array.from({ length: REGULAR_PER_INDUSTRY }, (_, j) => AD_KINDS[KINDS_PER_INDUSTRY * i + j].name);
const specialistNames = (i: number) => AD_KINDS.filter((k) => k.industry === i && k.specialist).map((k) => k.name);

/** The cards of a set type in words. */
export function setCardsText(type: SetType): string {
  const size = SETS.find((s) => s.type === type)?.kinds.length ?? 0;
  return type === 'flush3' || type === 'flush4'
    ? `${size} cards of one industry with ${size} different names`
    : `${size} cards of the same name`;
}

const industryText2 = (i: number) =>
  `Industry (code ${INDUSTRY_CODES[i]}). Regular ads, usable in flushes: ${regularNames(i).join(', ')}. ` +
  `Specialists ★ (never in a set): ${specialistNames(i).join(', ')}.`;

const CONCEPTS: GlossaryEntry[] = [
  {
    term: 'month marker',
    kind: 'rule',
    text:
      'Every posted ad gets one month marker at the end of each round; ' +
      'when its markers reach its contract length (months) it defaults.',
  },
  {
    term: 'established',
    kind: 'rule',
    text:
      'After all turns the start player rolls the die; every posted ad showing that face is ' +
      'established: it pays its reward in gold, its effect happens, then it goes to the discard pile.',
  },
  {
    term: 'defaults',
    kind: 'rule',
    text:
      'An ad whose month markers reach its contract length at the end of a round defaults: it goes ' +
      'to the discard pile without paying anything (a Railway Company in your field returns it to your hand instead).',
  },
  {
    term: 'known cards',
    kind: 'rule',
    text:
      'Cards that went into a hand face up (picked from a reveal, returned from the field, taken ' +
      'by Headhunting, or a hand shown by Pass): everyone sees them until they leave that hand.',
  },
  {
    term: 'Explore',
    kind: 'action',
    text:
      `Reveal the top ${EXPLORE_REVEAL} ad cards, take one into your hand and ` +
      `discard the rest. Only with at most ${HAND_LIMIT - 1} cards in hand.`,
  },
  {
    term: 'Acquire',
    kind: 'action',
    text: `Draw 1 to ${MAX_ACQUIRE} cards face down for 1 gold each; your hand may not exceed ${HAND_LIMIT} cards.`,
  },
  {
    term: 'Post',
    kind: 'action',
    text: "Pay an ad's posting cost and place it in your field (newest slot, no month markers).",
  },
  { term: 'Purchase', kind: 'action', text: 'From round 2, buy one face-up item per turn and use it at once.' },
  {
    term: 'Submit',
    kind: 'action',
    text:
      'Reveal one or more sets from your hand and score their VP; ' +
      'the cards and the discard pile are shuffled under the ad deck.',
  },
  {
    term: 'Pass',
    kind: 'action',
    text: `Only when nothing else is possible: show your hand to everyone, gain ${PASS_GOLD} gold, and your turn ends.`,
  },
];

export const GLOSSARY: readonly GlossaryEntry[] = Object.freeze([
  ...AD_KINDS.map((k) => ({ term: k.name, text: adText(k.id), kind: k.specialist ? 'specialist ad card' : 'ad card' })),
  ...ITEM_KINDS.map((it) => ({
    term: it.name,
    text: itemText(it.id),
    kind: it.id === ITEM_BOOM ? 'field card' : 'item card',
  })),
  ...INDUSTRY_NAMES.map((name, i) => ({ term: name, text: industryText2(i), kind: 'industry' })),
  ...SET_TYPES.map((type) => ({
    term: SET_TYPE_NAMES[type],
    text: `${setCardsText(type)}: ${plural(SET_VP[type], 'VP', 'VP')}. Specialists ★ never count.`,
    kind: 'set',
  })),
  ...CONCEPTS,
]);
