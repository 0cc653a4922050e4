/**
 * Philadelphia's saved-state format: readable JSON (cards and items by name, decks top first,
 * frames and events as [name, ...numbers]) so people and tests can write positions by hand.
 * Loading validates the shape with zod, then every invariant: all 85 ad cards and 15 item cards
 * exactly once somewhere (§2), known cards inside their hands (§6), and a decision that fits the
 * phase, the frames and the turn (§4, §9), with at least one legal action.
 */
import { parseSavedState } from '../core/saved-state.js';
import { z } from 'zod';
import { Rng, isRngState, type RngState } from '../core/rng.js';
import {
  AD_KINDS,
  ITEM_BOOM,
  ITEM_CARD_COUNT,
  ITEM_KINDS,
  ITEM_SLOTS,
  K,
  KIND_COUNT,
  SETS,
  SET_COUNT,
  kindByName,
  itemByName,
} from './cards.js';
import { legalActions } from './legal.js';
import { LOG_ARITY, LOG_KIND_NAMES, eventArgs, eventKind, eventSeat, packEvent } from './log.js';
import {
  ACTIONS_PER_TURN,
  CONTEXTS,
  C,
  FRAMES,
  FRAME_SIZE,
  F_ADOPT,
  F_ITEM,
  F_OVERTIME,
  F_POSTING,
  F_PRESS,
  MAX_FIELD,
  MAX_PLAYERS,
  MAX_ROUNDS,
  MIN_PLAYERS,
  OVERTIME_MAX,
  PHASES,
  PH_ADOPTION,
  PH_OVER,
  STACK_CAP,
  SUBMIT_CAP,
  START_GOLD,
  WIN_VP,
  emptyTable,
  turnSeat,
  type Table,
} from './table.js';

export const GAME = 'philadelphia';

const AD_NAMES = AD_KINDS.map((k) => k.name) as [string, ...string[]];
const ITEM_NAMES = ITEM_KINDS.map((k) => k.name) as [string, ...string[]];
const BUYABLE_NAMES = ITEM_NAMES.slice(0, ITEM_BOOM) as [string, ...string[]];
const AdName = z.enum(AD_NAMES);
const BuyableName = z.enum(BUYABLE_NAMES);
const Seat = z
  .int()
  .min(-1)
  .max(MAX_PLAYERS - 1);
const Cards = z.array(AdName).max(85);
const Count = z
  .int()
  .min(0)
  .max(2 ** 31 - 1);

export const StateJson = z.strictObject({
  game: z.literal(GAME),
  players: z.int().min(MIN_PLAYERS).max(MAX_PLAYERS),
  round: z.int().min(1).max(MAX_ROUNDS),
  startPlayer: z
    .int()
    .min(0)
    .max(MAX_PLAYERS - 1),
  phase: z.enum(PHASES),
  /** Turns begun this round (= players during the Adoption phase and after the end). */
  turn: z.int().min(0).max(MAX_PLAYERS),
  actionsLeft: z.int().min(0).max(ACTIONS_PER_TURN),
  purchased: z.boolean(),
  decision: z.strictObject({
    context: z.enum(CONTEXTS),
    actor: Seat,
    /** FIRE_TARGET / DOCTOR_MARKERS: slot of the card resolving; else -1. */
    self: z
      .int()
      .min(-1)
      .max(MAX_FIELD - 1),
    count: z.int().min(0).max(85),
  }),
  lastDie: z.int().min(0).max(6),
  truncated: z.boolean(),
  /** Top card first. */
  adDeck: Cards,
  adDiscard: Cards,
  hands: z.array(Cards),
  known: z.array(Cards),
  /** Oldest ad (slot 0) first, each as [card, month markers]. */
  fields: z.array(z.array(z.tuple([AdName, z.int().min(0).max(255)])).max(MAX_FIELD)),
  gold: z.array(Count),
  vp: z.array(Count),
  /** Cards on display in reveal order, each as [card, taken into a hand]. */
  revealed: z.array(z.tuple([AdName, z.boolean()])).max(5),
  /** Set ids selected in the Submit being made. */
  submitting: z
    .array(
      z
        .int()
        .min(0)
        .max(SET_COUNT - 1),
    )
    .max(SUBMIT_CAP),
  items: z.strictObject({
    /** null while the slot's item is bought and resolving. */
    slots: z.array(BuyableName.nullable()).length(ITEM_SLOTS),
    /** Top card first; may hold Economic Boom until it is revealed. */
    deck: z.array(z.enum(ITEM_NAMES)).max(ITEM_CARD_COUNT),
    discard: z.array(BuyableName).max(ITEM_CARD_COUNT),
    boom: z.boolean(),
    active: BuyableName.nullable(),
  }),
  /** Continuation frames, bottom first: [frame, a, b, c] as table.ts documents. */
  stack: z.array(z.tuple([z.enum(FRAMES), z.int(), z.int(), z.int()])).max(STACK_CAP),
  rng: z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() }),
  /** Events as [kind, seat, ...args] (log.ts lists each kind's arguments). */
  log: z.array(z.tuple([z.enum(LOG_KIND_NAMES), z.int()], z.int())),
  /** Absolute number of log[0]. */
  logBase: z.int().min(0),
  /** Absolute number of the first event of each seat's last decision. */
  lastMove: z.array(z.int().min(0)),
});
export type PhiladelphiaJson = z.infer<typeof StateJson>;

const names = (counts: ArrayLike<number>, base = 0): string[] => {
  const out: string[] = [];
  for (let k = 0; k < KIND_COUNT; k++) for (let c = 0; c < counts[base + k]; c++) out.push(AD_KINDS[k].name);
  return out;
};

export function tableToJson(t: Table): PhiladelphiaJson {
  const seats = Array.from({ length: t.players }, (_, s) => s);
  const deck: string[] = [];
  for (let i = t.deckLen - 1; i >= 0; i--) deck.push(AD_KINDS[t.deck[i]].name);
  const itemDeck: string[] = [];
  for (let i = t.itemDeckLen - 1; i >= 0; i--) itemDeck.push(ITEM_KINDS[t.itemDeck[i]].name);
  const itemDiscard: string[] = [];
  for (let k = 0; k < ITEM_BOOM; k++) for (let c = 0; c < t.itemDiscard[k]; c++) itemDiscard.push(ITEM_KINDS[k].name);
  const stack: PhiladelphiaJson['stack'] = [];
  for (let f = 0; f < t.stackLen; f++) {
    const at = f * FRAME_SIZE;
    stack.push([FRAMES[t.stack[at]], t.stack[at + 1], t.stack[at + 2], t.stack[at + 3]]);
  }
  const log: PhiladelphiaJson['log'] = t.log.map((rec) => [
    LOG_KIND_NAMES[eventKind(rec)],
    eventSeat(rec),
    ...eventArgs(rec),
  ]);
  return {
    game: GAME,
    players: t.players,
    round: t.round,
    startPlayer: t.start,
    phase: PHASES[t.phase],
    turn: t.turn,
    actionsLeft: t.actionsLeft,
    purchased: t.purchased === 1,
    decision: { context: CONTEXTS[t.ctx], actor: t.actor, self: t.ctxArg, count: t.ctxCount },
    lastDie: t.lastDie,
    truncated: t.truncated,
    adDeck: deck,
    adDiscard: names(t.discard),
    hands: seats.map((s) => names(t.hands, s * KIND_COUNT)),
    known: seats.map((s) => names(t.known, s * KIND_COUNT)),
    fields: seats.map((s) => {
      const ads: [string, number][] = [];
      for (let i = 0; i < t.fieldLen[s]; i++)
        ads.push([AD_KINDS[t.fieldKind[s * MAX_FIELD + i]].name, t.fieldMarkers[s * MAX_FIELD + i]]);
      return ads;
    }),
    gold: t.gold.slice(),
    vp: t.vp.slice(),
    revealed: t.revealed.slice(0, t.revealedLen).map((k, i) => [AD_KINDS[k].name, (t.revealedTaken & (1 << i)) !== 0]),
    submitting: t.submitSets.slice(0, t.submitLen),
    items: {
      slots: t.itemSlots.map((k) => (k < 0 ? null : ITEM_KINDS[k].name)),
      deck: itemDeck,
      discard: itemDiscard,
      boom: t.boom === 1,
      active: t.activeItem < 0 ? null : ITEM_KINDS[t.activeItem].name,
    },
    stack,
    rng: { c: t.rng.c, s0: t.rng.s0, s1: t.rng.s1, s2: t.rng.s2 },
    log,
    logBase: t.logBase,
    lastMove: t.lastMove.slice(),
  };
}

/** Parses and checks a saved state; throws InvalidStateError naming the first problem. */
export function tableFromJson(json: unknown): Table {
  const { data: d, bad } = parseSavedState(GAME, StateJson, json);
  if (!isRngState(d.rng)) bad('rng is not an RNG state');
  const n = d.players;
  for (const key of ['hands', 'known', 'fields', 'gold', 'vp', 'lastMove'] as const) {
    if (d[key].length !== n) bad(`${key} has ${d[key].length} entries for ${n} players`);
  }
  if (d.startPlayer >= n) bad(`startPlayer ${d.startPlayer} is not a seat of a ${n}-player game`);
  const t = emptyTable(n, { c: d.rng.c, s0: d.rng.s0, s1: d.rng.s1, s2: d.rng.s2 });
  t.round = d.round;
  t.start = d.startPlayer;
  t.phase = PHASES.indexOf(d.phase);
  t.turn = d.turn;
  t.actionsLeft = d.actionsLeft;
  t.purchased = d.purchased ? 1 : 0;
  t.ctx = CONTEXTS.indexOf(d.decision.context);
  t.actor = d.decision.actor;
  t.ctxArg = d.decision.self;
  t.ctxCount = d.decision.count;
  t.lastDie = d.lastDie;
  t.truncated = d.truncated;

  // §2.3: every ad card is in exactly one place.
  const total = new Array<number>(KIND_COUNT).fill(0);
  const kind = (name: string) => kindByName(name);
  d.adDeck.forEach((name, i) => {
    t.deck[d.adDeck.length - 1 - i] = kind(name);
    total[kind(name)]++;
  });
  t.deckLen = d.adDeck.length;
  for (const name of d.adDiscard) {
    t.discard[kind(name)]++;
    total[kind(name)]++;
  }
  t.discardLen = d.adDiscard.length;
  for (let s = 0; s < n; s++) {
    for (const name of d.hands[s]) {
      t.hands[s * KIND_COUNT + kind(name)]++;
      total[kind(name)]++;
    }
    t.handSize[s] = d.hands[s].length;
    for (const name of d.known[s]) t.known[s * KIND_COUNT + kind(name)]++;
    for (let k = 0; k < KIND_COUNT; k++) {
      if (t.known[s * KIND_COUNT + k] > t.hands[s * KIND_COUNT + k]) {
        bad(
          `seat ${s} has ${t.known[s * KIND_COUNT + k]} known ${AD_KINDS[k].name} but holds ${t.hands[s * KIND_COUNT + k]} (§6: known cards are in the hand)`,
        );
      }
    }
    d.fields[s].forEach(([name, markers], slot) => {
      t.fieldKind[s * MAX_FIELD + slot] = kind(name);
      t.fieldMarkers[s * MAX_FIELD + slot] = markers;
      t.fieldCount[s * KIND_COUNT + kind(name)]++;
      total[kind(name)]++;
    });
    t.fieldLen[s] = d.fields[s].length;
    t.gold[s] = d.gold[s];
    t.vp[s] = d.vp[s];
    t.lastMove[s] = d.lastMove[s];
  }
  d.revealed.forEach(([name, taken], i) => {
    t.revealed[i] = kind(name);
    if (taken) t.revealedTaken |= 1 << i;
    else total[kind(name)]++;
  });
  t.revealedLen = d.revealed.length;
  d.submitting.forEach((id, i) => {
    t.submitSets[i] = id;
    for (const k of SETS[id].kinds) total[k]++;
  });
  t.submitLen = d.submitting.length;
  AD_KINDS.forEach((k) => {
    if (total[k.id] !== k.copies) bad(`${total[k.id]} ${k.name} cards are placed, but the game has ${k.copies} (§2.3)`);
  });

  // §2.6: every item card in exactly one place; Economic Boom only in the deck or face up.
  const items = new Array<number>(ITEM_KINDS.length).fill(0);
  d.items.slots.forEach((name, slot) => {
    t.itemSlots[slot] = name === null ? -1 : itemByName(name);
    if (name !== null) items[itemByName(name)]++;
  });
  d.items.deck.forEach((name, i) => {
    t.itemDeck[d.items.deck.length - 1 - i] = itemByName(name);
    items[itemByName(name)]++;
  });
  t.itemDeckLen = d.items.deck.length;
  for (const name of d.items.discard) {
    t.itemDiscard[itemByName(name)]++;
    items[itemByName(name)]++;
  }
  t.boom = d.items.boom ? 1 : 0;
  t.activeItem = d.items.active === null ? -1 : itemByName(d.items.active);
  if (t.activeItem >= 0) items[t.activeItem]++;
  items[ITEM_BOOM] += t.boom;
  ITEM_KINDS.forEach((k) => {
    if (items[k.id] !== k.copies) bad(`${items[k.id]} ${k.name} cards are placed, but the game has ${k.copies} (§2.6)`);
  });
  const emptySlots = t.itemSlots.filter((k) => k < 0).length;
  if (emptySlots !== (t.activeItem >= 0 ? 1 : 0))
    bad('exactly the slot of the item being resolved is empty (items.slots / items.active)');

  // Frames.
  d.stack.forEach(([name, a, b, c], f) => {
    const type = FRAMES.indexOf(name);
    const seatOk = a >= 0 && a < n;
    const problem =
      type === F_POSTING
        ? !seatOk || b < 0 || b >= KIND_COUNT || c < 0 || c > t.fieldLen[a]
          ? 'needs [seat, card kind, W <= field size]'
          : ''
        : type === F_OVERTIME
          ? !seatOk || b < 0 || b > OVERTIME_MAX || c !== 0
            ? `needs [seat, postings 0..${OVERTIME_MAX}, 0]`
            : ''
          : type === F_ITEM
            ? !seatOk || b < 0 || b >= ITEM_SLOTS || c !== t.activeItem || t.itemSlots[b] !== -1
              ? 'needs [seat, the empty slot, the active item]'
              : ''
            : type === F_PRESS
              ? !seatOk || b < 0 || b >= t.fieldLen[a] || c !== 0
                ? 'needs [seat, a field slot, 0]'
                : ''
              : a < 0 || a >= n || b < 0 || b > MAX_FIELD || c !== 0
                ? 'needs [player offset, slot, 0]'
                : '';
    if (problem !== '') bad(`stack[${f}] ${JSON.stringify(d.stack[f])}: a '${name}' frame ${problem}`);
    const at = f * FRAME_SIZE;
    t.stack[at] = type;
    t.stack[at + 1] = a;
    t.stack[at + 2] = b;
    t.stack[at + 3] = c;
  });
  t.stackLen = d.stack.length;
  checkDecision(t, bad);

  d.log.forEach((record, i) => {
    const [name, seat, ...args] = record;
    const k = LOG_KIND_NAMES.indexOf(name);
    if (args.length !== LOG_ARITY[k])
      bad(`log[${i}]: a '${name}' event has ${LOG_ARITY[k]} arguments, not ${args.length}`);
    if (seat < -1 || seat >= n) bad(`log[${i}]: seat ${seat} is not a seat`);
    const rec = packEvent(k, seat, args);
    if (JSON.stringify(eventArgs(rec)) !== JSON.stringify(args))
      bad(`log[${i}]: ${JSON.stringify(args)} do not fit a '${name}' record`);
    t.log.push(rec);
  });
  t.logBase = d.logBase;
  const end = d.logBase + d.log.length;
  if (d.lastMove.some((m) => m > end))
    bad(`lastMove ${JSON.stringify(d.lastMove)} points past the last event (${end})`);
  return t;
}

/** The decision and phase agree with each other, with the frames and with the turn (§4, §9). */
function checkDecision(t: Table, bad: (detail: string) => never): void {
  const ctx = CONTEXTS[t.ctx];
  const top = t.stackLen > 0 ? t.stack[(t.stackLen - 1) * FRAME_SIZE] : -1;
  const topSeat = t.stackLen > 0 ? t.stack[(t.stackLen - 1) * FRAME_SIZE + 1] : -1;
  let maxVp = 0;
  for (let s = 0; s < t.players; s++) maxVp = Math.max(maxVp, t.vp[s]);
  if (t.phase === PH_OVER) {
    if (t.ctx !== C.NONE || t.actor !== -1 || t.stackLen !== 0)
      bad("phase 'over' needs context NONE, actor -1 and no frames");
    if (t.truncated ? t.round !== MAX_ROUNDS || maxVp >= WIN_VP : maxVp < WIN_VP) {
      bad(`a finished game is truncated exactly when round ${MAX_ROUNDS} ended with nobody at ${WIN_VP} VP`);
    }
    if (t.turn !== t.players || t.actionsLeft !== 0)
      bad('a finished game has played every turn of its last round (turn = players, actionsLeft 0)');
    return;
  }
  if (t.truncated) bad('only a finished game is truncated');
  if (t.ctx === C.NONE) bad(`phase '${PHASES[t.phase]}' needs a decision context`);
  if (t.actor < 0 || t.actor >= t.players) bad(`actor ${t.actor} is not a seat`);
  if (t.round === 1 && t.purchased) bad('nothing can be purchased in round 1');
  const hasItemFrame = Array.from({ length: t.stackLen }, (_, f) => t.stack[f * FRAME_SIZE]).includes(F_ITEM);
  if (hasItemFrame && !t.purchased) bad('an item is resolving, so purchased must be true');
  if (t.activeItem >= 0 && !hasItemFrame) bad('items.active needs an item frame');
  if (t.phase === PH_ADOPTION) {
    if (t.turn !== t.players || t.actionsLeft !== 0)
      bad('the Adoption phase comes after every turn of the round (turn = players, actionsLeft 0)');
    if (t.ctx !== C.FORESTER_DISCARD || t.stackLen !== 1 || top !== F_ADOPT)
      bad('the Adoption phase only asks Forester decisions, over one adopt frame');
    if (t.lastDie < 1) bad('the Adoption phase needs the die roll (lastDie 1..6)');
  } else {
    if (t.turn >= t.players) bad(`turn ${t.turn} is past the last turn of the round`);
    if (t.actionsLeft < 1) bad('an action is being chosen or resolved, so actionsLeft is at least 1');
    if (top === F_ADOPT) bad('an adopt frame belongs to the Adoption phase');
    const owner = t.ctx === C.FORESTER_DISCARD ? (top === F_PRESS ? topSeat : -1) : turnSeat(t);
    if (t.actor !== owner)
      bad(`the actor of ${ctx} must be seat ${owner} (the turn player or the Press Release buyer), not ${t.actor}`);
  }
  // Which frame each question sits on (§9 multi-step flows).
  const item = t.stackLen > 0 ? t.stack[(t.stackLen - 1) * FRAME_SIZE + 3] : -1;
  const onTop = (frame: number, what: string) => {
    if (top !== frame || (frame !== F_ADOPT && topSeat !== t.actor))
      bad(`${ctx} is asked on top of ${what} of the actor`);
  };
  switch (t.ctx) {
    case C.MAIN:
    case C.ACQUIRE_COUNT:
    case C.POST_PICK:
    case C.ITEM_PICK:
    case C.EXPLORE_PICK:
    case C.TAXI_PICK:
    case C.SET_SELECT:
      if (t.stackLen !== 0) bad(`${ctx} is asked only at the start of an action (no frames)`);
      break;
    case C.OVERTIME_POST:
      onTop(F_OVERTIME, 'an overtime frame');
      break;
    case C.JOB_DISCARD:
    case C.RENEWAL_TARGET:
    case C.MR_PICK:
    case C.PRESS_TARGET:
    case C.HEADHUNT_TARGET: {
      const expected = [C.JOB_DISCARD, -1, C.RENEWAL_TARGET, C.MR_PICK, C.PRESS_TARGET, C.HEADHUNT_TARGET].indexOf(
        t.ctx,
      );
      onTop(F_ITEM, 'an item frame');
      if (item !== expected)
        bad(`${ctx} belongs to ${ITEM_KINDS[expected].name}, not ${item < 0 ? 'nothing' : ITEM_KINDS[item].name}`);
      break;
    }
    case C.FORESTER_DISCARD:
      if (t.phase !== PH_ADOPTION) onTop(F_PRESS, 'a press frame');
      break;
    default:
      onTop(F_POSTING, 'a posting frame');
  }
  const revealing = t.ctx === C.EXPLORE_PICK || t.ctx === C.TAXI_PICK || t.ctx === C.MR_PICK;
  if (revealing !== t.revealedLen > 0)
    bad(`revealed cards are on display exactly during EXPLORE_PICK, TAXI_PICK and MR_PICK (context ${ctx})`);
  let taken = 0;
  for (let i = 0; i < t.revealedLen; i++) if (t.revealedTaken & (1 << i)) taken++;
  const expectTaken = t.ctx === C.TAXI_PICK ? 1 : t.ctx === C.MR_PICK ? t.ctxCount : 0;
  if (revealing && taken !== expectTaken) bad(`${taken} revealed cards are taken; ${ctx} expects ${expectTaken}`);
  if ((t.ctx === C.SET_SELECT ? t.ctxCount : 0) !== t.submitLen)
    bad('submitting lists the sets selected in SET_SELECT (decision.count of them)');
  const needsSelf = t.ctx === C.FIRE_TARGET || t.ctx === C.DOCTOR_MARKERS;
  if (needsSelf) {
    const self = t.ctxArg;
    const expect = t.ctx === C.FIRE_TARGET ? K.fireStation : K.doctor;
    if (self < 0 || self >= t.fieldLen[t.actor] || t.fieldKind[t.actor * MAX_FIELD + self] !== expect) {
      bad(`${ctx} needs decision.self = the slot of the actor's resolving ${AD_KINDS[expect].name}`);
    }
  } else if (t.ctxArg !== -1) {
    bad(`decision.self is used only by FIRE_TARGET and DOCTOR_MARKERS; ${ctx} needs -1`);
  }
  const countCap: Partial<Record<number, number>> = {
    [C.MINER_DISCARD]: 1,
    [C.FORESTER_DISCARD]: 1,
    [C.RENEWAL_TARGET]: 2,
    [C.MR_PICK]: 1,
    [C.JOB_DISCARD]: 85,
    [C.SET_SELECT]: SUBMIT_CAP,
  };
  if (t.ctxCount > (countCap[t.ctx] ?? 0)) bad(`decision.count ${t.ctxCount} is too large for ${ctx}`);
  if (legalActions(t).length === 0) bad(`seat ${t.actor} has no legal action in ${ctx}`);
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
 * The saved-state JSON of a position where the turn seat chooses an action (MAIN). Pass it to
 * fromJSON, which checks it like any saved state.
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
