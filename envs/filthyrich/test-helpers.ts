/**
 * Helpers for this folder's tests: positions from readable specs (the version-1 saved-state format,
 * migrated on load), the readable form of a position, RNG states that produce given dice, and short
 * accessors. Not imported by the game itself.
 */
import type { GameState } from '../core/game.js';
import { Rng, type RngState } from '../core/rng.js';
import {
  ASSETS,
  BUSINESSES,
  CARD_TYPES,
  DECK,
  LUXURIES,
  LUX_REMOVED,
  PHASES,
  TAX_CONTEXTS,
  TYPE_COUNT,
  TYPE_OF_CODE,
} from './components.js';
import { filthyrich } from './index.js';
import { GAME, type Version1Json } from './position.js';
import type { FilthyRichView } from './view.js';

export type FilthyRichState = GameState<FilthyRichView>;
/** The readable (version-1) saved-state JSON. */
export type FilthyRichJson = Version1Json;

export const RED = 0;
export const BLUE = 1;
export const GREEN = 2;
export const YELLOW = 3;

export const load = (spec: PositionSpec): FilthyRichState => filthyrich.fromJSON(positionJson(spec));

/** Loads a position after editing its JSON (for fields positionJson does not expose). */
export function loadEdited(spec: PositionSpec, edit: (json: FilthyRichJson) => void): FilthyRichState {
  const json = positionJson(spec);
  edit(json);
  return filthyrich.fromJSON(json);
}

/**
 * The state of an RNG whose next draws satisfy `wanted` (called with a fresh generator; draw with
 * r.int(10) for a business die, r.die() for the page die). Searches seeds 'dice:0', 'dice:1', ...
 * so the scenario's chance events are real draws of the game's own RNG.
 */
export function rngWhere(wanted: (r: Rng) => boolean, limit = 200_000): RngState {
  for (let i = 0; i < limit; i++) {
    if (wanted(Rng.fromSeed(`dice:${i}`))) return Rng.fromSeed(`dice:${i}`).state();
  }
  throw new Error('no seed found for the wanted draws');
}

/** An RNG whose next business dice are exactly `faces` (then anything). */
export const diceRng = (...faces: number[]): RngState => rngWhere((r) => faces.every((f) => r.int(10) === f));

export const labels = (s: FilthyRichState): string[] => s.legalActions().map((a) => s.actionToString(a));
export const cash = (s: FilthyRichState): number[] => s.view(-1).cash;
/** Events of the whole retained log (the saved state's) as [kind, ...args]. */
export const events = (s: FilthyRichState): (string | number)[][] =>
  readableJson(s).log.map(([kind, , ...args]) => [kind, ...args]);
export const eventsOf = (s: FilthyRichState, kind: string): number[][] =>
  readableJson(s)
    .log.filter((e) => e[0] === kind)
    .map(([, , ...args]) => args as number[]);

const code = (type: number): string => CARD_TYPES[type].code;
const seatsOf = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/**
 * A position in the readable version-1 format (cards by code, sets as lists), as the version-1
 * saver wrote it: the tests count cards and luxuries in it, and loading it exercises the migration.
 */
export function readableJson(s: FilthyRichState): FilthyRichJson {
  const t = filthyrich.positionOf(s);
  const seats = seatsOf(t.players);
  const handCodes = (seat: number): string[] => {
    const out: string[] = [];
    for (let type = 0; type < TYPE_COUNT; type++)
      for (let n = t.hands[seat * TYPE_COUNT + type]; n > 0; n--) out.push(code(type));
    return out;
  };
  const businesses: FilthyRichJson['businesses'] = [];
  BUSINESSES.forEach((b) => {
    if (t.bizOwner[b.id] >= 0)
      businesses.push({ business: b.code, owner: t.bizOwner[b.id], page: t.bizPage[b.id], anchor: t.bizAnchor[b.id] });
  });
  const rng = t.rng.state();
  return {
    game: GAME,
    players: t.players,
    phase: PHASES[t.phase],
    turn: t.turn,
    steps: t.steps,
    active: t.active,
    page: t.page,
    deck: t.deck.slice().reverse().map(code),
    discard: t.discard.map(code),
    hands: seats.map(handCodes),
    known: seats.map((s) => BUSINESSES.filter((b) => t.known[s] & (1 << b.id)).map((b) => b.code)),
    cash: Array.from(t.cash),
    businesses,
    assets: seats.map((s) => ASSETS.filter((a) => t.assets[s] & (1 << a.id)).map((a) => a.code)),
    luxuries: seats.map((s) => LUXURIES.filter((l) => t.luxOwner[l.id] === s).map((l) => l.code)),
    removedLuxuries: LUXURIES.filter((l) => t.luxOwner[l.id] === LUX_REMOVED).map((l) => l.code),
    eliminated: Array.from(t.elim),
    actionsDone: t.actionsDone,
    played: t.played >= 0 ? code(t.played) : null,
    pageRoll: t.pageRoll,
    tax:
      t.taxK === 0
        ? null
        : {
            multiplier: t.taxK,
            target: t.taxTarget,
            context: TAX_CONTEXTS[t.taxCtx],
            order: t.taxOrder.slice(),
            index: t.taxIndex,
            eliminated: t.taxElim.slice(),
            queue: t.aucQueue,
          },
    auction:
      t.aucLux < 0
        ? null
        : {
            luxury: LUXURIES[t.aucLux].code,
            from: t.aucFrom,
            highBid: t.aucHigh,
            highBidder: t.aucBidder,
            asked: t.aucAsked,
            passes: t.aucPasses,
            passed: seats.filter((s) => t.aucPassed & (1 << s)),
            bidders: t.aucBidders,
          },
    preTaxCash: Array.from(t.preTaxCash),
    winner: t.winner,
    truncated: t.truncated,
    bankrupt: t.bankrupt,
    rng: { c: rng.c, s0: rng.s0, s1: rng.s1, s2: rng.s2 },
    logBase: t.logBase,
    lastMove: Array.from(t.lastMove),
    log: t.log.toJSON() as FilthyRichJson['log'],
  };
}

/** A readable position for tests and puzzles: see positionJson. Unlisted fields take defaults. */
export interface PositionSpec {
  readonly players?: number;
  /** Default 'buy'. Only decisions that need no pending card, tax event or auction belong here. */
  readonly phase?: 'buy' | 'card' | 'preRoll' | 'pageTurner';
  readonly active?: number;
  readonly page?: number;
  readonly turn?: number;
  readonly actionsDone?: number;
  readonly pageRoll?: number;
  /** Default $10 each. */
  readonly cash?: readonly number[];
  /** Card codes per seat: 'B12 C3 C3'. */
  readonly hands?: readonly string[];
  readonly known?: readonly string[];
  /** Businesses in play: 'B7 1 p2 a5' = Murphy's Fish Market owned by seat 1, page 2, anchor 5. */
  readonly businesses?: readonly string[];
  /** Asset codes per seat: 'A2 A6'. */
  readonly assets?: readonly string[];
  /** Luxury codes per seat: 'L0 L2'. */
  readonly luxuries?: readonly string[];
  readonly removedLuxuries?: string;
  /** Deck, top first; default: every card not placed elsewhere, in ascending type order. */
  readonly deck?: string;
  /** Discard pile, oldest first; default empty (or, when the deck is given, every card not placed elsewhere). */
  readonly discard?: string;
  /** Where unlisted cards go when both deck and discard are given: this seat's hand. */
  readonly leftoverTo?: number;
  readonly eliminated?: readonly number[];
  readonly rng?: RngState;
}

const words = (s: string | undefined): string[] => (s === undefined || s.trim() === '' ? [] : s.trim().split(/\s+/));

/**
 * The version-1 saved-state JSON (readable card codes) of a hand-made position at one of the simple decisions, with
 * every card not
 * listed placed by the defaults above. Pass it to fromJSON, which migrates it and checks it like any saved state.
 */
export function positionJson(spec: PositionSpec): Version1Json {
  const players = spec.players ?? 4;
  const seats = seatsOf(players);
  const hands = seats.map((s) => words(spec.hands?.[s]));
  const businesses = (spec.businesses ?? []).map((line) => {
    const [business, owner, page, anchor] = words(line);
    return {
      business,
      owner: Number(owner),
      page: Number(page.replace(/^p/, '')),
      anchor: Number(anchor.replace(/^a/, '')),
    };
  });
  const assets = seats.map((s) => words(spec.assets?.[s]));
  const remaining = DECK.map((c) => c.type);
  const take = (c: string) => {
    const type = TYPE_OF_CODE.get(c);
    const i = type === undefined ? -1 : remaining.indexOf(type);
    if (i >= 0) remaining.splice(i, 1);
  };
  hands.flat().forEach(take);
  businesses.forEach((b) => take(b.business));
  assets.flat().forEach(take);
  const deck = spec.deck === undefined ? undefined : words(spec.deck);
  const discard = words(spec.discard);
  deck?.forEach(take);
  discard.forEach(take);
  const rest = remaining.map(code);
  const finalDeck = deck ?? rest;
  let finalDiscard = discard;
  if (deck !== undefined && spec.discard === undefined) finalDiscard = rest;
  else if (deck !== undefined && spec.leftoverTo !== undefined) hands[spec.leftoverTo].push(...rest);
  return {
    game: GAME,
    players,
    phase: spec.phase ?? 'buy',
    turn: spec.turn ?? 1,
    steps: 0,
    active: spec.active ?? 0,
    page: spec.page ?? 1,
    deck: finalDeck,
    discard: finalDiscard,
    hands,
    known: seats.map((s) => words(spec.known?.[s])),
    cash: spec.cash ? [...spec.cash] : seats.map(() => 10),
    businesses,
    assets,
    luxuries: seats.map((s) => words(spec.luxuries?.[s])),
    removedLuxuries: words(spec.removedLuxuries),
    eliminated: spec.eliminated ? [...spec.eliminated] : seats.map(() => 0),
    actionsDone: spec.actionsDone ?? 0,
    played: null,
    pageRoll: spec.pageRoll ?? 0,
    tax: null,
    auction: null,
    preTaxCash: seats.map(() => 0),
    winner: -1,
    truncated: false,
    bankrupt: false,
    rng: spec.rng ?? Rng.fromSeed('position').state(),
    logBase: 0,
    lastMove: seats.map(() => 0),
    log: [],
  } as Version1Json;
}
