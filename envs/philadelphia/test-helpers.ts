/**
 * Helpers shared by the folder's tests: positions from a readable spec, names instead of numbers,
 * and seeds whose next die rolls are known. Not used by the game itself.
 */
import { Rng, type RngState } from '../core/rng.js';
import {
  ACTIONS_PER_TURN,
  AD_KINDS,
  CONTEXTS,
  FRAMES,
  FRAME_SIZE,
  ITEM_BOOM,
  ITEM_KINDS,
  KIND_COUNT,
  MAX_FIELD,
  PHASES,
  START_GOLD,
  itemByName,
  kindByName,
} from './components.js';
import { logEntry, type LogEntry } from './events.js';
import { philadelphia, type PhiladelphiaState } from './index.js';
import { GAME, type PhiladelphiaJsonV1, type PhiladelphiaPosition } from './position.js';

/** A saved state in the readable version-1 format (fromJSON migrates it). */
export type PhiladelphiaJson = PhiladelphiaJsonV1;

export const load = (spec: PositionSpec): PhiladelphiaState => philadelphia.fromJSON(positionJson(spec));

/** Loads a position after editing its JSON (for states positionJson does not build directly). */
export function loadEdited(spec: PositionSpec, edit: (json: PhiladelphiaJson) => void): PhiladelphiaState {
  const json = positionJson(spec);
  edit(json);
  return philadelphia.fromJSON(json);
}

/** The position inside a state (read only by convention). */
export const positionOf = (s: PhiladelphiaState): PhiladelphiaPosition => philadelphia.positionOf(s);

const cardNames = (counts: ArrayLike<number>, base = 0): string[] => {
  const out: string[] = [];
  for (let k = 0; k < KIND_COUNT; k++) for (let c = 0; c < counts[base + k]; c++) out.push(AD_KINDS[k].name);
  return out;
};

/**
 * A state in the readable version-1 format (cards by name, decks top first), which tests read
 * and positionJson writes; fromJSON still loads it (the version-1 migration).
 */
export function json(s: PhiladelphiaState): PhiladelphiaJson {
  const t = positionOf(s);
  const seats = Array.from({ length: t.players }, (_, seat) => seat);
  const itemDiscard: string[] = [];
  for (let k = 0; k < ITEM_BOOM; k++) for (let c = 0; c < t.itemDiscard[k]; c++) itemDiscard.push(ITEM_KINDS[k].name);
  const stack: PhiladelphiaJson['stack'] = [];
  for (let at = 0; at < t.stack.length; at += FRAME_SIZE) {
    stack.push([FRAMES[t.stack[at]], t.stack[at + 1], t.stack[at + 2], t.stack[at + 3]]);
  }
  return {
    game: GAME,
    players: t.players,
    round: t.round,
    startPlayer: t.start,
    phase: PHASES[t.phase],
    turn: t.turn,
    actionsLeft: t.actionsLeft,
    purchased: t.purchased,
    decision: { context: CONTEXTS[t.ctx], actor: t.actor, self: t.ctxArg, count: t.ctxCount },
    lastDie: t.lastDie,
    truncated: t.truncated,
    adDeck: t.deck.map((k) => AD_KINDS[k].name).reverse(),
    adDiscard: cardNames(t.discard),
    hands: seats.map((seat) => cardNames(t.hands, seat * KIND_COUNT)),
    known: seats.map((seat) => cardNames(t.known, seat * KIND_COUNT)),
    fields: seats.map((seat) =>
      Array.from({ length: t.fieldLen[seat] }, (_, i): [string, number] => [
        AD_KINDS[t.fieldKind[seat * MAX_FIELD + i]].name,
        t.fieldMarkers[seat * MAX_FIELD + i],
      ]),
    ),
    gold: t.gold.slice(),
    vp: t.vp.slice(),
    revealed: t.revealed.map((k, i) => [AD_KINDS[k].name, (t.revealedTaken & (1 << i)) !== 0]),
    submitting: t.submitSets.slice(),
    items: {
      slots: t.itemSlots.map((k) => (k < 0 ? null : ITEM_KINDS[k].name)),
      deck: t.itemDeck.map((k) => ITEM_KINDS[k].name).reverse(),
      discard: itemDiscard,
      boom: t.boom,
      active: t.activeItem < 0 ? null : ITEM_KINDS[t.activeItem].name,
    },
    stack,
    rng: t.rng.state(),
    log: t.log.toJSON() as PhiladelphiaJson['log'],
    logBase: t.logBase,
    lastMove: t.lastMove.slice(),
  };
}

export const labels = (s: PhiladelphiaState): string[] => s.legalActions().map((a) => s.actionToString(a));
export const names = (kinds: readonly number[]): string[] => kinds.map((k) => AD_KINDS[k].name);
export const handOf = (s: PhiladelphiaState, seat: number): string[] => names(s.view(seat).hand ?? []);
export const knownOf = (s: PhiladelphiaState, seat: number): string[] => names(s.view(-1).known[seat]);
/** A field as 'Name:markers' strings, slot 0 first. */
export const fieldOf = (s: PhiladelphiaState, seat: number): string[] => {
  const v = s.view(-1);
  return v.fieldKinds[seat].map((k, i) => `${AD_KINDS[k].name}:${v.fieldMarkers[seat][i]}`);
};
export const goldOf = (s: PhiladelphiaState): number[] => s.view(-1).gold;
export const discardOf = (s: PhiladelphiaState): string[] =>
  s.view(-1).adDiscard.flatMap((c, k) => Array<string>(c).fill(AD_KINDS[k].name));
/** Every event in the public log window, decoded. */
export const events = (s: PhiladelphiaState): LogEntry[] => s.view(-1).log.map(logEntry);
export const eventsOf = (s: PhiladelphiaState, kind: string): LogEntry[] => events(s).filter((e) => e[0] === kind);

/** A seed whose first die rolls satisfy `ok` (the game draws nothing else before them). */
export function dieSeed(ok: (faces: number[]) => boolean, rolls = 1, prefix = 'die'): string {
  for (let i = 0; ; i++) {
    const rng = Rng.fromSeed(`${prefix}${i}`);
    const faces = Array.from({ length: rolls }, () => rng.die());
    if (ok(faces)) return `${prefix}${i}`;
  }
}

/** A hand-made position at the start of an action (tests, puzzles): see positionJson. */
export interface PositionSpec {
  /** Each seat's hand by card names. The seat count is hands.length. */
  readonly hands: readonly (readonly string[])[];
  /** Each seat's field, oldest first: 'Cafe' or 'Cafe:2' (2 month markers). */
  readonly fields?: readonly (readonly string[])[];
  readonly gold?: readonly number[];
  readonly vp?: readonly number[];
  /** Known cards per seat (each must be in that hand). */
  readonly known?: readonly (readonly string[])[];
  readonly round?: number;
  readonly startPlayer?: number;
  /** Whose turn it is (default: the start player). */
  readonly turnSeat?: number;
  readonly actionsLeft?: number;
  readonly purchased?: boolean;
  /** The top of the ad deck, top first; every card not placed elsewhere follows in kind order. */
  readonly deckTop?: readonly string[];
  readonly adDiscard?: readonly string[];
  /**
   * Where the cards not placed anywhere go: under deckTop (default), onto the discard pile, or into
   * a seat's hand (a number), which leaves the decks exactly as given.
   */
  readonly restTo?: 'deck' | 'discard' | number;
  /** The three face-up items (default Job Change, Overtime, Contract Renewal). */
  readonly items?: readonly string[];
  /** The top of the item deck; the other items follow in table order (Economic Boom last). */
  readonly itemDeckTop?: readonly string[];
  readonly boom?: boolean;
  readonly lastDie?: number;
  readonly seed?: number | string;
}

/**
 * The saved-state JSON (version 1, the readable format: cards by name) of a position where the
 * turn seat chooses an action (MAIN). Pass it to fromJSON, which migrates and checks it like any
 * saved state.
 */
export function positionJson(spec: PositionSpec): PhiladelphiaJson {
  const n = spec.hands.length;
  const byKind = (a: string, b: string) => kindByName(a) - kindByName(b);
  const parseAd = (text: string): [string, number] => {
    const [name, markers] = text.split(':');
    return [name, markers === undefined ? 0 : Number(markers)];
  };
  const fields = Array.from({ length: n }, (_, s) => (spec.fields?.[s] ?? []).map(parseAd));
  const left = AD_KINDS.map((k) => k.copies);
  const take = (name: string) => {
    const k = kindByName(name);
    if (k >= 0) left[k]--;
  };
  for (const hand of spec.hands) hand.forEach(take);
  for (const field of fields) for (const [name] of field) take(name);
  (spec.deckTop ?? []).forEach(take);
  (spec.adDiscard ?? []).forEach(take);
  const rest: string[] = [];
  AD_KINDS.forEach((k) => {
    for (let c = 0; c < left[k.id]; c++) rest.push(k.name);
  });
  const restTo = spec.restTo ?? 'deck';
  const slots = spec.items ?? ['Job Change', 'Overtime', 'Contract Renewal'];
  const itemsLeft = ITEM_KINDS.map((k) => k.copies);
  if (spec.boom) itemsLeft[ITEM_BOOM]--;
  for (const name of [...slots, ...(spec.itemDeckTop ?? [])]) if (itemByName(name) >= 0) itemsLeft[itemByName(name)]--;
  const itemRest: string[] = [];
  ITEM_KINDS.forEach((k) => {
    for (let c = 0; c < itemsLeft[k.id]; c++) itemRest.push(k.name);
  });
  const start = spec.startPlayer ?? 0;
  const seat = spec.turnSeat ?? start;
  return {
    game: GAME,
    players: n,
    round: spec.round ?? 1,
    startPlayer: start,
    phase: 'action',
    turn: (seat - start + n) % n,
    actionsLeft: spec.actionsLeft ?? ACTIONS_PER_TURN,
    purchased: spec.purchased ?? false,
    decision: { context: 'MAIN', actor: seat, self: -1, count: 0 },
    lastDie: spec.lastDie ?? 0,
    truncated: false,
    adDeck: [...(spec.deckTop ?? []), ...(restTo === 'deck' ? rest : [])],
    adDiscard: [...(spec.adDiscard ?? []), ...(restTo === 'discard' ? rest : [])].sort(byKind),
    hands: spec.hands.map((h, seat) => [...h, ...(restTo === seat ? rest : [])].sort(byKind)),
    known: Array.from({ length: n }, (_, s) => [...(spec.known?.[s] ?? [])].sort(byKind)),
    fields,
    gold: spec.gold ? [...spec.gold] : Array(n).fill(START_GOLD),
    vp: spec.vp ? [...spec.vp] : Array(n).fill(0),
    revealed: [],
    submitting: [],
    items: {
      slots: [...slots],
      deck: [...(spec.itemDeckTop ?? []), ...itemRest],
      discard: [],
      boom: spec.boom ?? false,
      active: null,
    },
    stack: [],
    rng: Rng.fromSeed(spec.seed ?? 'position').state() satisfies RngState,
    log: [],
    logBase: 0,
    lastMove: Array(n).fill(0),
  };
}
