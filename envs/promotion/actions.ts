/**
 * Promotion's flat action space (§9): one block per decision kind, in phase order, so the block
 * of an action is the phase that asks for it. Legal actions, the reason an action is illegal
 * and the labels people read.
 */
import type { ActionRange } from '../core/define-game.js';
import {
  PLAYERS,
  ROW_COUNT,
  SIDES,
  SIDE_CHANGE,
  SIDE_WILD,
  SUITS,
  SUIT_NAMES,
  SUIT_SYMBOLS,
  cardLabel,
  sideLabel,
} from './components.js';
import {
  PHASES,
  PH_DOWN_TIE,
  PH_DRAFT,
  PH_OVER,
  downSeat,
  facing,
  promotionTarget,
  topSuits,
  type PhaseName,
  type PromotionPosition,
} from './position.js';
// transitions.ts imports the numbering from here; only functions cross back, so the cycle is safe.
import { toAct } from './transitions.js';

/** Blocks of the action space, one per decision phase (PHASES[0..6]), each `count` long. */
const BLOCKS: readonly (readonly [count: number, meaning: string])[] = [
  [SUITS.length, 'Draft a suit: 0 spades, 1 hearts, 2 diamonds, 3 clubs (the draft parent)'],
  [SIDES.length, 'Orient the postcard: side α, β, γ, δ faces the parent'],
  [2, "Keep the postcard (0) or rotate it 180° (1) (the parent's right neighbour)"],
  [ROW_COUNT, 'Place a row card face down: row 1..4'],
  [SUITS.length, 'Down! tie: demote the tied highest card of suit 0..3'],
  [(PLAYERS - 1) * SUITS.length, 'Change!: swap suit (n mod 4) with the seat 1 + floor(n / 4) to the left'],
  [SUITS.length, 'Wild!: promote your field card of suit 0..3'],
];

export const ACTIONS: readonly ActionRange[] = BLOCKS.map(([count, meaning], i) => ({
  first: BLOCKS.slice(0, i).reduce((n, [c]) => n + c, 0),
  count,
  meaning,
}));
/** First action number of each block: [0, 4, 8, 10, 14, 18, 30]. */
export const ACTION_BASE: readonly number[] = ACTIONS.map((b) => b.first);
/** 4 + 4 + 2 + 4 + 4 + 12 + 4 = 34. */
export const ACTION_SIZE = ACTIONS.reduce((n, b) => n + b.count, 0);
/** Decision kind (= phase index) of each action number. */
export const ACTION_PHASE = Uint8Array.from({ length: ACTION_SIZE }, (_, a) =>
  ACTION_BASE.findLastIndex((b) => b <= a),
);

/** What the seat to act decides in each phase (neutral wording: messages and renderers use it). */
export const DECISION_TEXT: Readonly<Record<PhaseName, string>> = {
  draft: 'choose a suit to draft',
  orient: 'choose which postcard side faces the parent',
  flip: 'keep the postcard or rotate it 180°',
  row: 'choose a row (hidden until all four have chosen)',
  downTie: 'choose which tied highest card Down! demotes',
  change: 'Change!: swap the field card of one suit with an opponent',
  wild: 'Wild!: promote one of their own field cards',
  over: 'nothing: the game is over',
};

/** The actions of block `kind` whose argument is in `mask` (a fresh array: callers may keep it). */
function maskedBlock(kind: number, mask: number): number[] {
  const first = ACTION_BASE[kind];
  const out: number[] = [];
  for (let arg = 0; arg < 4; arg++) if (mask & (1 << arg)) out.push(first + arg);
  return out;
}

/** Every action of block `kind` (a fresh array). */
function fullBlock(kind: number): number[] {
  const { first, count } = ACTIONS[kind];
  const out: number[] = [];
  for (let a = first; a < first + count; a++) out.push(a);
  return out;
}

export function legalActions(p: PromotionPosition): number[] {
  switch (p.phase) {
    case PH_OVER:
      return [];
    case PH_DRAFT:
      return maskedBlock(PH_DRAFT, ~p.drafted & 15);
    case PH_DOWN_TIE:
      return maskedBlock(PH_DOWN_TIE, topSuits(p, downSeat(p, p.downIndex)));
    default:
      return fullBlock(p.phase);
  }
}

/** Why `action` (an integer in range, the game not over: the kit checked) is not legal now. Reads only. */
export function whyIllegal(p: PromotionPosition, action: number): string | undefined {
  const kind = ACTION_PHASE[action];
  const arg = action - ACTION_BASE[kind];
  if (kind !== p.phase) {
    const must = DECISION_TEXT[PHASES[p.phase]];
    return `it is a ${PHASES[kind]} action, but now seat ${toAct(p)} must ${must}`;
  }
  if (kind === PH_DRAFT && (p.drafted & (1 << arg)) !== 0) return `${SUIT_NAMES[arg]} were already drafted`;
  if (kind === PH_DOWN_TIE) {
    const seat = downSeat(p, p.downIndex);
    if ((topSuits(p, seat) & (1 << arg)) === 0) {
      return `${cardLabel(arg, p.fields[seat * 4 + arg])} is not one of seat ${seat}'s tied highest cards`;
    }
  }
  return undefined;
}

/**
 * Labels people read: 'draft spades', 'face β (Down!)', 'keep', 'row 3', 'demote ♦11',
 * 'change ♣ with seat 2 (give ♣7, get ♣8)', 'wild: promote ♥7 to ♥9'. Cards are named only in
 * the phase that decides them (all public); otherwise the label is the generic one.
 */
export function actionLabel(p: PromotionPosition, action: number): string {
  if (!Number.isInteger(action) || action < 0 || action >= ACTION_SIZE) return `action ${action} (not an action)`;
  const kind = ACTION_PHASE[action];
  const arg = action - ACTION_BASE[kind];
  const here = kind === p.phase;
  switch (PHASES[kind]) {
    case 'draft':
      return `draft ${SUIT_NAMES[arg]}`;
    case 'orient':
      return `face ${sideLabel(arg)}`;
    case 'flip':
      return arg === 0 ? 'keep' : 'rotate 180°';
    case 'row':
      return `row ${arg + 1}`;
    case 'downTie':
      return here
        ? `demote ${cardLabel(arg, p.fields[downSeat(p, p.downIndex) * 4 + arg])}`
        : `demote ${SUIT_SYMBOLS[arg]}`;
    case 'change': {
      const offset = 1 + (arg >> 2);
      const suit = arg & 3;
      if (!here) return `change ${SUIT_SYMBOLS[suit]} with the seat ${offset} to the left`;
      const seat = facing(p, SIDE_CHANGE);
      const target = (seat + offset) & 3;
      const give = cardLabel(suit, p.fields[seat * 4 + suit]);
      const get = cardLabel(suit, p.fields[target * 4 + suit]);
      return `change ${SUIT_SYMBOLS[suit]} with seat ${target} (give ${give}, get ${get})`;
    }
    default: {
      if (!here) return `wild: promote ${SUIT_SYMBOLS[arg]}`;
      const from = p.fields[facing(p, SIDE_WILD) * 4 + arg];
      return `wild: promote ${cardLabel(arg, from)} to ${cardLabel(arg, promotionTarget(p, arg, from))}`;
    }
  }
}
