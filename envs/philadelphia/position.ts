/**
 * Philadelphia's position, declared once (envs/core/position.ts derives clone, toJSON and the
 * checked fromJSON): plain arrays of small integers (V8 copies a plain array of a few dozen numbers
 * in tens of nanoseconds; typed arrays over 64 bytes live off-heap and clone slower), one Rng and
 * one EventLog. Decks are stored bottom first, so a draw is a pop. Hand sizes, field counts and the
 * discard pile's size follow from the other fields: they are not saved, and `check` restores them.
 *
 * `check` holds the rules no single field can: every ad card and item card exactly once somewhere
 * (§2), known cards inside their hands (§6), frames that fit, and a decision that fits the phase,
 * the frames and the turn (§4, §9), with at least one legal action. Version 1 (the readable format
 * before the kit: cards by name, decks top first) migrates to version 2.
 */
import { z } from 'zod';
import { parseSavedState } from '../core/saved-state.js';
import { definePosition, field, type Position, type PositionKit } from '../core/position.js';
import { legalActions } from './actions.js';
import {
  ACTIONS_PER_TURN,
  AD_KINDS,
  C,
  CONTEXTS,
  FRAMES,
  FRAME_SIZE,
  F_ADOPT,
  F_ITEM,
  F_OVERTIME,
  F_POSTING,
  F_PRESS,
  ITEM_BOOM,
  ITEM_CARD_COUNT,
  ITEM_KINDS,
  ITEM_SLOTS,
  K,
  KIND_COUNT,
  MAX_COPIES,
  MAX_FIELD,
  MAX_PLAYERS,
  MAX_REVEAL,
  MAX_ROUNDS,
  MIN_PLAYERS,
  OVERTIME_MAX,
  PHASES,
  PH_ADOPTION,
  PH_OVER,
  SETS,
  SET_COUNT,
  STACK_CAP,
  SUBMIT_CAP,
  WIN_VP,
  AD_CARD_COUNT,
  itemByName,
  kindByName,
} from './components.js';
import { EVENTS, LOG_ARITY, LOG_CAPACITY, LOG_KIND_NAMES, eventArgs, packEvent, type LogKind } from './events.js';

export const GAME = 'philadelphia';

const perSeat = (length: number) => (players: number) => players * length;
const MAX_INT = 2 ** 31 - 1;
const KIND = { min: 0, max: KIND_COUNT - 1 };

const FIELDS = {
  rng: field.rng(),
  round: field.int(1, MAX_ROUNDS, 1),
  /** The start player of this round. */
  start: field.int(0, MAX_PLAYERS - 1),
  phase: field.choice(PHASES),
  /** Turns begun this round; the turn seat is (start + turn) mod players (= players after the last turn). */
  turn: field.int(0, MAX_PLAYERS),
  /** Actions left in the current turn, counting the one being resolved. */
  actionsLeft: field.int(0, ACTIONS_PER_TURN, ACTIONS_PER_TURN),
  purchased: field.bool(),
  /** The decision context (§9) and who answers it (-1 once over). */
  ctx: field.choice(CONTEXTS),
  actor: field.int(-1, MAX_PLAYERS - 1),
  /** FIRE_TARGET / DOCTOR_MARKERS: slot of the card resolving ("this card"); else -1. */
  ctxArg: field.int(-1, MAX_FIELD - 1, -1),
  /** Picks made so far in the current context (discards, sets, markers removed...). */
  ctxCount: field.int(0, AD_CARD_COUNT),
  /** Last die roll, 0 before the first Adoption phase. */
  lastDie: field.int(0, 6),
  truncated: field.bool(),
  /** The ad deck as kinds, bottom first: the top card is the last entry, so a draw is a pop. */
  deck: field.list(AD_CARD_COUNT, KIND),
  /** Ad discard pile as copies per kind (it is face up and sorted before every shuffle, §5). */
  discard: field.ints(KIND_COUNT, { min: 0, max: MAX_COPIES }),
  /** Cards in the discard pile (derived). */
  discardLen: field.int(0, AD_CARD_COUNT),
  /** hands[seat * 36 + kind] = copies held. */
  hands: field.ints(perSeat(KIND_COUNT), { min: 0, max: MAX_COPIES }),
  /** Cards per hand (derived). */
  handSize: field.ints((players) => players, { min: 0, max: AD_CARD_COUNT }),
  /** known[seat * 36 + kind]: the publicly known part of each hand (§6). */
  known: field.ints(perSeat(KIND_COUNT), { min: 0, max: MAX_COPIES }),
  /** fieldKind[seat * 12 + slot], slot 0 the oldest; slots past fieldLen hold 0. */
  fieldKind: field.ints(perSeat(MAX_FIELD), KIND),
  fieldMarkers: field.ints(perSeat(MAX_FIELD), { min: 0, max: 255 }),
  fieldLen: field.ints((players) => players, { min: 0, max: MAX_FIELD }),
  /** fieldCount[seat * 36 + kind] = copies of that kind in the seat's field (derived). */
  fieldCount: field.ints(perSeat(KIND_COUNT), { min: 0, max: MAX_COPIES }),
  gold: field.ints((players) => players, { min: 0, max: MAX_INT }),
  vp: field.ints((players) => players, { min: 0, max: MAX_INT }),
  /** Cards revealed by Explore / Market Research / Geologist, in reveal order. */
  revealed: field.list(MAX_REVEAL, KIND),
  /** Bit i set = revealed card i was taken into a hand. */
  revealedTaken: field.int(0, (1 << MAX_REVEAL) - 1),
  /** Set ids selected in the Submit being made (their cards have left the hand). */
  submitSets: field.list(SUBMIT_CAP, { min: 0, max: SET_COUNT - 1 }),
  /** Item deck as item kinds, bottom first like the ad deck (Economic Boom may be in it). */
  itemDeck: field.list(ITEM_CARD_COUNT, { min: 0, max: ITEM_BOOM }),
  /** Item discard pile as copies per item kind (never Economic Boom). */
  itemDiscard: field.ints(ITEM_KINDS.length, { min: 0, max: ITEM_CARD_COUNT }),
  /** Item kind in each face-up slot; -1 while its item is bought and resolving. */
  itemSlots: field.ints(ITEM_SLOTS, { min: -1, max: ITEM_BOOM - 1 }),
  /** Economic Boom is face up (§2.6). */
  boom: field.bool(),
  /** The item being resolved, -1 if none. */
  activeItem: field.int(-1, ITEM_BOOM - 1, -1),
  /** Continuation frames, bottom first, FRAME_SIZE numbers each: [frame, a, b, c] (components.ts). */
  stack: field.list(STACK_CAP * FRAME_SIZE, { min: 0, max: KIND_COUNT - 1 }),
  /** Public events since the least recent seat's last decision, oldest first (events.ts). */
  log: field.log(EVENTS, LOG_CAPACITY),
  /** Absolute number of the first event in the log. */
  logBase: field.int(0, MAX_INT),
  /** Absolute number of the first event produced by each seat's most recent decision. */
  lastMove: field.ints((players) => players, { min: 0, max: MAX_INT }),
};

export type PhiladelphiaPosition = Position<typeof FIELDS>;

const KIT = definePosition({
  game: GAME,
  version: 2,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  fields: FIELDS,
  unsaved: ['discardLen', 'handSize', 'fieldCount'],
  check,
  migrations: { 1: fromVersion1 },
});

/** The kit's position functions (envs/core/position.ts). */
export const POSITION: PositionKit<typeof FIELDS> = KIT;

/** The seat whose turn it is. */
export const turnSeat = (t: PhiladelphiaPosition): number => (t.start + t.turn) % t.players;

// ---- the cross-field rules ---------------------------------------------------------------------------

function check(t: PhiladelphiaPosition, bad: (detail: string) => never): void {
  const n = t.players;
  if (t.start >= n) bad(`startPlayer ${t.start} is not a seat of a ${n}-player game`);

  // §2.3: every ad card is in exactly one place; the derived counts are restored on the way.
  const total = new Array<number>(KIND_COUNT).fill(0);
  for (const k of t.deck) total[k]++;
  t.discardLen = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    total[k] += t.discard[k];
    t.discardLen += t.discard[k];
  }
  for (let s = 0; s < n; s++) {
    let size = 0;
    for (let k = 0; k < KIND_COUNT; k++) {
      const held = t.hands[s * KIND_COUNT + k];
      size += held;
      total[k] += held;
      if (t.known[s * KIND_COUNT + k] > held) {
        bad(
          `seat ${s} has ${t.known[s * KIND_COUNT + k]} known ${AD_KINDS[k].name} but holds ${held} ` +
            '(§6: known cards are in the hand)',
        );
      }
    }
    t.handSize[s] = size;
    for (let slot = 0; slot < MAX_FIELD; slot++) {
      const at = s * MAX_FIELD + slot;
      if (slot < t.fieldLen[s]) {
        t.fieldCount[s * KIND_COUNT + t.fieldKind[at]]++;
        total[t.fieldKind[at]]++;
      } else if (t.fieldKind[at] !== 0 || t.fieldMarkers[at] !== 0) {
        bad(`seat ${s}: field slot ${slot} is past the field's ${t.fieldLen[s]} ads, so it holds 0`);
      }
    }
  }
  if (t.revealedTaken >> t.revealed.length !== 0) bad('revealedTaken marks a card that is not revealed');
  t.revealed.forEach((k, i) => {
    if ((t.revealedTaken & (1 << i)) === 0) total[k]++;
  });
  for (const id of t.submitSets) for (const k of SETS[id].kinds) total[k]++;
  AD_KINDS.forEach((k) => {
    if (total[k.id] !== k.copies) {
      bad(`${total[k.id]} ${k.name} cards are placed, but the game has ${k.copies} (§2.3)`);
    }
  });

  // §2.6: every item card in exactly one place; Economic Boom only in the deck or face up.
  const items = new Array<number>(ITEM_KINDS.length).fill(0);
  for (const item of t.itemSlots) if (item >= 0) items[item]++;
  for (const item of t.itemDeck) items[item]++;
  if (t.itemDiscard[ITEM_BOOM] !== 0) bad('Economic Boom is never in the item discard pile');
  for (let k = 0; k < ITEM_BOOM; k++) items[k] += t.itemDiscard[k];
  if (t.activeItem >= 0) items[t.activeItem]++;
  if (t.boom) items[ITEM_BOOM]++;
  ITEM_KINDS.forEach((k) => {
    if (items[k.id] !== k.copies) {
      bad(`${items[k.id]} ${k.name} cards are placed, but the game has ${k.copies} (§2.6)`);
    }
  });
  const emptySlots = t.itemSlots.filter((k) => k < 0).length;
  if (emptySlots !== (t.activeItem >= 0 ? 1 : 0))
    bad('exactly the slot of the item being resolved is empty (items.slots / items.active)');

  checkFrames(t, bad);
  checkDecision(t, bad);

  const entries = t.log.entries();
  entries.forEach(({ kind, args: [seat, ...args] }, i) => {
    if (seat < -1 || seat >= n) bad(`log[${i}]: seat ${seat} is not a seat`);
    const rec = packEvent(EVENTS.index[kind as LogKind], seat, args);
    if (JSON.stringify(eventArgs(rec)) !== JSON.stringify(args))
      bad(`log[${i}]: ${JSON.stringify(args)} do not fit a '${kind}' record`);
  });
  const end = t.logBase + entries.length;
  if (t.lastMove.some((m) => m > end))
    bad(`lastMove ${JSON.stringify(t.lastMove)} points past the last event (${end})`);
}

/** Each continuation frame names what it resumes with values that fit (components.ts FRAMES). */
function checkFrames(t: PhiladelphiaPosition, bad: (detail: string) => never): void {
  const n = t.players;
  if (t.stack.length % FRAME_SIZE !== 0) bad(`the stack holds frames of ${FRAME_SIZE} numbers`);
  for (let at = 0; at < t.stack.length; at += FRAME_SIZE) {
    const [type, a, b, c] = t.stack.slice(at, at + FRAME_SIZE);
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
              : type === F_ADOPT
                ? a < 0 || a >= n || b < 0 || b > MAX_FIELD || c !== 0
                  ? 'needs [player offset, slot, 0]'
                  : ''
                : `is not one of ${FRAMES.join(', ')}`;
    if (problem !== '') {
      const name = FRAMES[type] ?? type;
      bad(`stack[${at / FRAME_SIZE}] ${JSON.stringify([name, a, b, c])}: a '${name}' frame ${problem}`);
    }
  }
}

/** The decision and phase agree with each other, with the frames and with the turn (§4, §9). */
function checkDecision(t: PhiladelphiaPosition, bad: (detail: string) => never): void {
  const ctx = CONTEXTS[t.ctx];
  const top = t.stack.length > 0 ? t.stack[t.stack.length - FRAME_SIZE] : -1;
  const topSeat = t.stack.length > 0 ? t.stack[t.stack.length - FRAME_SIZE + 1] : -1;
  let maxVp = 0;
  for (let s = 0; s < t.players; s++) maxVp = Math.max(maxVp, t.vp[s]);
  if (t.phase === PH_OVER) {
    if (t.ctx !== C.NONE || t.actor !== -1 || t.stack.length !== 0)
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
  const hasItemFrame = t.stack.some((v, i) => i % FRAME_SIZE === 0 && v === F_ITEM);
  if (hasItemFrame && !t.purchased) bad('an item is resolving, so purchased must be true');
  if (t.activeItem >= 0 && !hasItemFrame) bad('items.active needs an item frame');
  if (t.phase === PH_ADOPTION) {
    if (t.turn !== t.players || t.actionsLeft !== 0)
      bad('the Adoption phase comes after every turn of the round (turn = players, actionsLeft 0)');
    if (t.ctx !== C.FORESTER_DISCARD || t.stack.length !== FRAME_SIZE || top !== F_ADOPT)
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
  const item = t.stack.length > 0 ? t.stack[t.stack.length - FRAME_SIZE + 3] : -1;
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
      if (t.stack.length !== 0) bad(`${ctx} is asked only at the start of an action (no frames)`);
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
  if (revealing !== t.revealed.length > 0)
    bad(`revealed cards are on display exactly during EXPLORE_PICK, TAXI_PICK and MR_PICK (context ${ctx})`);
  let taken = 0;
  for (let i = 0; i < t.revealed.length; i++) if (t.revealedTaken & (1 << i)) taken++;
  const expectTaken = t.ctx === C.TAXI_PICK ? 1 : t.ctx === C.MR_PICK ? t.ctxCount : 0;
  if (revealing && taken !== expectTaken) bad(`${taken} revealed cards are taken; ${ctx} expects ${expectTaken}`);
  if ((t.ctx === C.SET_SELECT ? t.ctxCount : 0) !== t.submitSets.length)
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

// ---- version 1 -------------------------------------------------------------------------------------------

const AD_NAMES = AD_KINDS.map((k) => k.name) as [string, ...string[]];
const ITEM_NAMES = ITEM_KINDS.map((k) => k.name) as [string, ...string[]];
const AdName = z.enum(AD_NAMES);
const BuyableName = z.enum(ITEM_NAMES.slice(0, ITEM_BOOM) as [string, ...string[]]);
const Cards = z.array(AdName);

/**
 * Version 1, the readable format before the kit: cards and items by name, decks top first, hands
 * and fields per seat, the decision as one object, frames and events as [name, ...numbers]. Only
 * its shape is checked here, what decoding needs; the values are checked once, as version 2.
 */
const V1 = z.strictObject({
  game: z.literal(GAME),
  players: z.int(),
  round: z.int(),
  startPlayer: z.int(),
  phase: z.string(),
  turn: z.int(),
  actionsLeft: z.int(),
  purchased: z.boolean(),
  decision: z.strictObject({ context: z.string(), actor: z.int(), self: z.int(), count: z.int() }),
  lastDie: z.int(),
  truncated: z.boolean(),
  adDeck: Cards,
  adDiscard: Cards,
  hands: z.array(Cards),
  known: z.array(Cards),
  fields: z.array(z.array(z.tuple([AdName, z.int()])).max(MAX_FIELD)),
  gold: z.array(z.int()),
  vp: z.array(z.int()),
  revealed: z.array(z.tuple([AdName, z.boolean()])).max(MAX_REVEAL),
  submitting: z.array(z.int()),
  items: z.strictObject({
    slots: z.array(BuyableName.nullable()).length(ITEM_SLOTS),
    deck: z.array(z.enum(ITEM_NAMES)),
    discard: z.array(BuyableName),
    boom: z.boolean(),
    active: BuyableName.nullable(),
  }),
  stack: z.array(z.tuple([z.enum(FRAMES), z.int(), z.int(), z.int()])),
  rng: z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() }),
  log: z.array(z.tuple([z.enum(LOG_KIND_NAMES), z.int()], z.int())),
  logBase: z.int(),
  lastMove: z.array(z.int()),
});
export type PhiladelphiaJsonV1 = z.infer<typeof V1>;

/** Copies per kind of a list of names. */
function counts(names: readonly string[], byName: (name: string) => number, size: number): number[] {
  const out = new Array<number>(size).fill(0);
  for (const name of names) out[byName(name)]++;
  return out;
}

/** Version 1 to version 2: names become kinds, decks bottom first, per-seat lists flat arrays. */
function fromVersion1(json: Record<string, unknown>): Record<string, unknown> {
  const { data: d, bad } = parseSavedState(GAME, V1, json);
  const n = d.players;
  for (const key of ['hands', 'known', 'fields', 'gold', 'vp', 'lastMove'] as const) {
    if (d[key].length !== n) bad(`${key} has ${d[key].length} entries for ${n} players`);
  }
  d.log.forEach(([name, , ...args], i) => {
    const arity = LOG_ARITY[LOG_KIND_NAMES.indexOf(name)];
    if (args.length !== arity) bad(`log[${i}]: a '${name}' event has ${arity} arguments, not ${args.length}`);
  });
  const fieldKind = new Array<number>(n * MAX_FIELD).fill(0);
  const fieldMarkers = new Array<number>(n * MAX_FIELD).fill(0);
  d.fields.forEach((ads, s) =>
    ads.forEach(([name, markers], slot) => {
      fieldKind[s * MAX_FIELD + slot] = kindByName(name);
      fieldMarkers[s * MAX_FIELD + slot] = markers;
    }),
  );
  return {
    game: GAME,
    version: 2,
    players: n,
    rng: d.rng,
    round: d.round,
    start: d.startPlayer,
    phase: d.phase,
    turn: d.turn,
    actionsLeft: d.actionsLeft,
    purchased: d.purchased,
    ctx: d.decision.context,
    actor: d.decision.actor,
    ctxArg: d.decision.self,
    ctxCount: d.decision.count,
    lastDie: d.lastDie,
    truncated: d.truncated,
    deck: d.adDeck.map(kindByName).reverse(),
    discard: counts(d.adDiscard, kindByName, KIND_COUNT),
    hands: d.hands.flatMap((hand) => counts(hand, kindByName, KIND_COUNT)),
    known: d.known.flatMap((hand) => counts(hand, kindByName, KIND_COUNT)),
    fieldKind,
    fieldMarkers,
    fieldLen: d.fields.map((ads) => ads.length),
    gold: d.gold,
    vp: d.vp,
    revealed: d.revealed.map(([name]) => kindByName(name)),
    revealedTaken: d.revealed.reduce((bits, [, taken], i) => bits | (taken ? 1 << i : 0), 0),
    submitSets: d.submitting,
    itemDeck: d.items.deck.map(itemByName).reverse(),
    itemDiscard: counts(d.items.discard, itemByName, ITEM_KINDS.length),
    itemSlots: d.items.slots.map((name) => (name === null ? -1 : itemByName(name))),
    boom: d.items.boom,
    activeItem: d.items.active === null ? -1 : itemByName(d.items.active),
    stack: d.stack.flatMap(([name, a, b, c]) => [FRAMES.indexOf(name), a, b, c]),
    log: d.log,
    logBase: d.logBase,
    lastMove: d.lastMove,
  };
}
