/**
 * Filthy Rich's position, declared once (envs/core/position.ts): clone, toJSON and the checked
 * fromJSON come from these fields. Cards are card types (components.ts), seats are numbers, sets
 * of businesses, assets and passed bidders are bitmasks. The deck lists its top card LAST (a draw
 * pops it). `binder`, the running counts and `handSize` follow from other fields: not saved,
 * restored by `check`, which holds every rule no single field states: conservation of all 73 cards
 * and 12 luxuries, the binder against the signs' placements, and the fit of every field to the
 * phase. Version 1 (readable card codes, before the kit) is migrated by `fromVersion1`.
 */
import { bitsOf } from '../core/arrays.js';
import { z } from 'zod';
import { InvalidStateError } from '../core/errors.js';
import type { EventKinds, EventLog } from '../core/event-log.js';
import { definePosition, field, type Field, type Position, type PositionKit } from '../core/position.js';
import { withQuickCheck } from '../core/quick-check.js';
import { cellsOf } from './binder.js';
import {
  ACTION_TYPE_BASE,
  ASSETS,
  ASSET_TYPE_BASE,
  BUSINESSES,
  BUSINESS_SCOUT,
  CARD_TYPES,
  CTX_CARD,
  DECK_SIZE,
  IRS_AUDIT,
  LUXURIES,
  LUXURIES_TO_WIN,
  LUXURY_OF_CODE,
  LUX_AVAILABLE,
  LUX_REMOVED,
  MAX_PLAYERS,
  MAX_STEPS,
  MAX_TURNS,
  MIN_PLAYERS,
  MYSTERIOUS_FIRE,
  PAGES,
  PAGE_TURNER,
  PHASES,
  PH_ANCHOR,
  PH_AUCTION,
  PH_BUY,
  PH_CARD,
  PH_CHOOSE,
  PH_OVER,
  PH_PAGE,
  PH_PAGE_TURNER,
  PH_PRE_ROLL,
  PH_TARGET,
  PH_TAX_SELL,
  SHAKEDOWN,
  SHAPES,
  SLOTS,
  TAX_CONTEXTS,
  TYPE_COUNT,
  TYPE_OF_CODE,
  ZONING_BOARD,
  cardLabel,
} from './components.js';
import { anyBuyOrSell, hasAsset } from './economy.js';
import { EVENTS, LOG_CAPACITY } from './events.js';

export const GAME = 'filthyrich';

const MONEY = 1_000_000_000;
const COUNT = 2 ** 31 - 1;
const MAX_COPIES = Math.max(...CARD_TYPES.map((t) => t.copies));

/**
 * field.log with a message naming the kind and its arity for a record of the wrong length (the
 * kit's schema says only "wrong number of arguments"). Arities count the arguments after the turn.
 */
function eventLog(kinds: EventKinds, capacity: number): Field<EventLog> {
  const records = z.array(z.tuple([z.enum(kinds.names as [string, ...string[]])], z.int())).max(capacity);
  const schema = records.superRefine((list, ctx) => {
    list.forEach((r, i) => {
      const arity = kinds.arity[kinds.names.indexOf(r[0] as string)];
      if (r.length - 1 !== arity) {
        const given = r.length < 2 ? 'no turn' : `${r.length - 2}`;
        ctx.addIssue({
          code: 'custom',
          message: `log[${i}]: a '${r[0]}' event has ${arity - 1} arguments, not ${given}`,
        });
        return;
      }
      kinds.args[r[0] as string].forEach((name, k) => {
        const range = kinds.ranges[name];
        const v = r[k + 1] as number;
        if (range && (v < range[0] || v > range[1])) {
          ctx.addIssue({
            code: 'custom',
            message: `log[${i}]: '${r[0]}' argument ${name} is ${v}; allowed ${range[0]}..${range[1]}`,
          });
        }
      });
    });
  });
  // The kit's test of a log is this schema's too: the same records, arities and ranges (and the
  // '*' range besides, which can only make it refuse more and leave the verdict to zod).
  withQuickCheck(schema, (json) => kinds.acceptsLog(json, capacity));
  return { ...field.log(kinds, capacity), json: () => schema };
}

const perSeat = (n: number): number => n;

const FIELDS = {
  phase: field.choice(PHASES, PH_BUY),
  /** Current turn, 1-based (§7: at most MAX_TURNS). */
  turn: field.int(1, MAX_TURNS, 1),
  /** Decisions applied so far (§7: at most MAX_STEPS). */
  steps: field.int(0, MAX_STEPS),
  /** The active player (whose turn it is). */
  active: field.int(0, MAX_PLAYERS - 1),
  /** Current page c, 1..4. */
  page: field.int(1, PAGES, 1),
  /**
   * Card types, top card LAST (§5 draws the top: pop). Deck, discard pile and hands are plain
   * arrays: typed arrays over 64 bytes live off the V8 heap and cost ~5x more to copy in clone.
   */
  deck: field.list(DECK_SIZE, { min: 0, max: TYPE_COUNT - 1 }),
  /** Card types, oldest first (public, order kept for display). */
  discard: field.list(DECK_SIZE, { min: 0, max: TYPE_COUNT - 1 }),
  /** hands[seat * TYPE_COUNT + type] = copies held. */
  hands: field.ints((n) => n * TYPE_COUNT, { min: 0, max: MAX_COPIES }),
  /** Per seat: cards in hand (derived from hands). */
  handSize: field.typed(Uint8Array, perSeat, { min: 0, max: DECK_SIZE }),
  /** Per seat: bitmask of businesses known to be in the hand (taken with Business Scout, §6). */
  known: field.typed(Int32Array, perSeat, { min: 0, max: 2 ** BUSINESSES.length - 1 }),
  /** Per business: owner seat, -1 if not in play; its sign's page and anchor while owned (else 0). */
  bizOwner: field.typed(Int8Array, BUSINESSES.length, { min: -1, max: MAX_PLAYERS - 1 }),
  bizPage: field.typed(Uint8Array, BUSINESSES.length, { min: 0, max: PAGES }),
  bizAnchor: field.typed(Uint8Array, BUSINESSES.length, { min: 0, max: SLOTS }),
  /** binder[(page - 1) * 9 + slot - 1] = business whose sign card fills that pocket, -1 empty (derived). */
  binder: field.typed(Int8Array, PAGES * SLOTS, { min: -1, max: BUSINESSES.length - 1 }),
  /** Per seat: number of businesses owned (derived). */
  bizCount: field.typed(Uint8Array, perSeat, { min: 0, max: BUSINESSES.length }),
  /** Per seat: bitmask of asset kinds owned (at most one of each kind, §2.4). */
  assets: field.typed(Uint8Array, perSeat, { min: 0, max: 2 ** ASSETS.length - 1 }),
  /** Per luxury: owner seat, LUX_AVAILABLE or LUX_REMOVED. */
  luxOwner: field.typed(Int8Array, LUXURIES.length, { min: LUX_REMOVED, max: MAX_PLAYERS - 1, fill: LUX_AVAILABLE }),
  /** Per seat: luxuries owned (the score of §7; derived). */
  luxCount: field.typed(Uint8Array, perSeat, { min: 0, max: LUXURIES.length }),
  cash: field.typed(Int32Array, perSeat, { min: 0, max: MONEY }),
  /** Per seat: 0 while in the game, else its elimination number 1, 2, ... (§7 ranking). */
  elim: field.typed(Uint8Array, perSeat, { min: 0, max: MAX_PLAYERS }),
  /** Players eliminated so far (derived). */
  elimCount: field.int(0, MAX_PLAYERS),
  /** Card actions done this turn (§4.3: two). */
  actionsDone: field.int(0, 2),
  /** Card type being resolved (played, not yet in front of its owner or discarded), -1 none. */
  played: field.int(-1, TYPE_COUNT - 1, -1),
  /** Page die result awaiting the Page Turner decision, 0 none. */
  pageRoll: field.int(0, 6),
  /** Tax event in progress: multiplier k (0 = none), audit target (-1 = all), return context. */
  taxK: field.int(0, PAGES),
  taxTarget: field.int(-1, MAX_PLAYERS - 1, -1),
  taxCtx: field.choice(TAX_CONTEXTS),
  /** Participants in payment order, and the index of the one whose selling window is open. */
  taxOrder: field.list(MAX_PLAYERS, { min: 0, max: MAX_PLAYERS - 1 }),
  taxIndex: field.int(0, MAX_PLAYERS),
  /** Seats eliminated in this event, in elimination order; auctions go through them in order. */
  taxElim: field.list(MAX_PLAYERS, { min: 0, max: MAX_PLAYERS - 1 }),
  /** Index into taxElim of the player whose luxuries are being auctioned. */
  aucQueue: field.int(0, MAX_PLAYERS),
  /** Cash of each participant just before the payment step (§4.5 all-bankrupt ranking). */
  preTaxCash: field.typed(Int32Array, perSeat, { min: 0, max: MONEY }),
  /** Auction in progress (§4.9): luxury (-1 none), whose it was, high bid and bidder, asked seat. */
  aucLux: field.int(-1, LUXURIES.length - 1, -1),
  aucFrom: field.int(-1, MAX_PLAYERS - 1, -1),
  aucHigh: field.int(0, MONEY),
  aucBidder: field.int(-1, MAX_PLAYERS - 1, -1),
  aucAsked: field.int(-1, MAX_PLAYERS - 1, -1),
  /** Passes in a row since the last bid (or the start), and those seats as a bitmask. */
  aucPasses: field.int(0, MAX_PLAYERS),
  aucPassed: field.int(0, 2 ** MAX_PLAYERS - 1),
  /** Bidders in this auction (the players still in the game). */
  aucBidders: field.int(0, MAX_PLAYERS),
  /** Sole winner, -1 if none (yet, or at the cap, or in the all-bankrupt end). */
  winner: field.int(-1, MAX_PLAYERS - 1, -1),
  truncated: field.bool(),
  bankrupt: field.bool(),
  rng: field.rng(),
  /** Events of the current turn and the previous `players` turns; each record's first argument is its turn. */
  log: eventLog(EVENTS, LOG_CAPACITY),
  /** Records trimmed from the front of the log so far: record i is event number logBase + i. */
  logBase: field.int(0, COUNT),
  /** Per seat: the event number at which its last decision began (its view's log starts there). */
  lastMove: field.typed(Int32Array, perSeat, { min: 0, max: COUNT }),
};

export type FilthyRichPosition = Position<typeof FIELDS>;

const KIT = definePosition({
  game: GAME,
  version: 2,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  fields: FIELDS,
  unsaved: ['handSize', 'binder', 'bizCount', 'luxCount', 'elimCount'],
  check,
  // Version 1 (before the kit) saved readable card codes and lists: fromVersion1 below.
  migrations: { 1: fromVersion1 },
});

/** The kit's position functions (envs/core/position.ts). */
export const POSITION: PositionKit<typeof FIELDS> = KIT;

type Bad = (detail: string) => never;

const code = (type: number): string => CARD_TYPES[type].code;

/** The cross-field rules of a loaded position; fills the derived fields. */
function check(p: FilthyRichPosition, bad: Bad): void {
  const n = p.players;
  const seatOk = (what: string, seat: number) => {
    if (seat >= n) bad(`${what} is seat ${seat}; the game has ${n} players (0..${n - 1})`);
  };
  seatOk('active', p.active);

  // Cards: every one of the 73 is in exactly one place (deck, discard, a hand, in play, being played).
  const seen = new Uint8Array(TYPE_COUNT);
  const count = (type: number, where: string) => {
    if (++seen[type] > CARD_TYPES[type].copies) {
      bad(`too many ${cardLabel(type)} cards (${where} makes ${seen[type]}; the game has ${CARD_TYPES[type].copies})`);
    }
  };
  for (let i = p.deck.length - 1; i >= 0; i--) count(p.deck[i], 'the deck');
  for (const type of p.discard) count(type, 'the discard pile');
  for (let seat = 0; seat < n; seat++) {
    for (let type = 0; type < TYPE_COUNT; type++) {
      for (let k = p.hands[seat * TYPE_COUNT + type]; k > 0; k--) count(type, `seat ${seat}'s hand`);
      p.handSize[seat] += p.hands[seat * TYPE_COUNT + type];
    }
    for (const b of bitsOf(p.known[seat], BUSINESSES.length)) {
      if (p.hands[seat * TYPE_COUNT + b] === 0)
        bad(`known lists ${code(b)} for seat ${seat}, but it is not in that hand`);
    }
  }

  // Businesses in play and the binder: each sign fits its shape, pockets hold one card each.
  for (let b = 0; b < BUSINESSES.length; b++) {
    const owner = p.bizOwner[b];
    const page = p.bizPage[b];
    const anchor = p.bizAnchor[b];
    if (owner < 0) {
      if (page !== 0 || anchor !== 0) bad(`${code(b)} is not in play, so its page and anchor are 0`);
      continue;
    }
    seatOk(`the owner of ${code(b)}`, owner);
    count(b, 'the binder');
    if (page === 0) bad(`${code(b)} is in play, so its sign lies on a page 1..${PAGES}`);
    const cells = cellsOf(b, anchor);
    if (cells.length === 0) {
      const shape = SHAPES[BUSINESSES[b].shape];
      bad(
        `${code(b)} (${shape.code}) cannot be anchored at slot ${anchor}; legal anchors: ${shape.anchors.join(', ')}`,
      );
    }
    for (const slot of cells) {
      const i = (page - 1) * SLOTS + slot - 1;
      if (p.binder[i] >= 0) bad(`page ${page} slot ${slot} holds both ${code(p.binder[i])} and ${code(b)}`);
      p.binder[i] = b;
    }
    p.bizCount[owner]++;
  }
  for (let seat = 0; seat < n; seat++) {
    for (const kind of bitsOf(p.assets[seat], ASSETS.length)) count(ASSET_TYPE_BASE + kind, `seat ${seat}'s assets`);
  }
  if (p.played >= 0) count(p.played, 'the card being played');
  for (let type = 0; type < TYPE_COUNT; type++) {
    if (seen[type] !== CARD_TYPES[type].copies) {
      bad(
        `${seen[type]} of ${CARD_TYPES[type].copies} ${cardLabel(type)} cards are accounted for ` +
          '(deck, discard pile, hands, binder, assets, played)',
      );
    }
  }

  // Luxuries: each is available, owned by one seat, or removed.
  for (let lux = 0; lux < LUXURIES.length; lux++) {
    const owner = p.luxOwner[lux];
    if (owner >= 0) {
      seatOk(`the owner of ${LUXURIES[lux].code}`, owner);
      p.luxCount[owner]++;
    }
  }
  if (p.taxK === 0 && p.preTaxCash.some((c) => c !== 0))
    bad('preTaxCash is only set during a tax event (all 0 otherwise)');

  // Eliminations: numbered 1..k without gaps; an eliminated player holds nothing but luxuries awaiting auction.
  const numbers = Array.from(p.elim)
    .filter((e) => e > 0)
    .sort((a, b) => a - b);
  numbers.forEach((e, i) => {
    if (e !== i + 1)
      bad(`eliminated numbers ${JSON.stringify(Array.from(p.elim))} must be 1..${numbers.length} without repeats`);
  });
  p.elimCount = numbers.length;
  for (let seat = 0; seat < n; seat++) {
    if (p.elim[seat] === 0) continue;
    if (p.handSize[seat] > 0 || p.bizCount[seat] > 0 || p.assets[seat] !== 0 || p.cash[seat] !== 0) {
      bad(`seat ${seat} is eliminated but still holds cards, businesses, assets or cash`);
    }
  }
  if (p.elimCount >= n && !p.bankrupt) {
    bad('every player is eliminated, which only the all-bankrupt end (bankrupt: true) allows');
  }

  checkTax(p, bad);
  checkAuction(p, bad);
  checkPhase(p, bad);

  p.log.entries().forEach((e, i) => {
    if (e.args[0] > p.turn) bad(`log[${i}] is from turn ${e.args[0]}, after the current turn ${p.turn}`);
  });
  const events = p.logBase + p.log.length;
  for (let seat = 0; seat < n; seat++) {
    if (p.lastMove[seat] > events) bad(`lastMove[${seat}] = ${p.lastMove[seat]} is past the last event (${events})`);
  }
}

function checkTax(p: FilthyRichPosition, bad: Bad): void {
  if (p.taxK === 0) {
    const idle =
      p.taxTarget === -1 &&
      p.taxCtx === 0 &&
      p.taxOrder.length === 0 &&
      p.taxIndex === 0 &&
      p.taxElim.length === 0 &&
      p.aucQueue === 0;
    if (!idle) bad('without a tax event (taxK 0) every tax field is at its initial value');
    return;
  }
  if (p.taxTarget >= p.players) bad(`tax.target is seat ${p.taxTarget}; the game has ${p.players} players`);
  if (p.taxOrder.length === 0) bad('a tax event has at least one participant');
  if (p.taxTarget >= 0 && (p.taxOrder.length !== 1 || p.taxOrder[0] !== p.taxTarget))
    bad('an audit (tax.target >= 0) has the target as its only participant');
  if (p.taxIndex > p.taxOrder.length) bad(`tax.index ${p.taxIndex} is past the ${p.taxOrder.length} participants`);
  p.taxOrder.forEach((s, i) => {
    if (s >= p.players || p.taxOrder.indexOf(s) !== i)
      bad(`tax.order ${JSON.stringify(p.taxOrder)} must list distinct seats of the game`);
  });
  for (const s of p.taxElim) {
    if (!p.taxOrder.includes(s) || p.elim[s] === 0)
      bad(`tax.eliminated lists seat ${s}, who is not an eliminated participant`);
  }
  if (p.aucQueue > p.taxElim.length) bad(`tax.queue ${p.aucQueue} is past the ${p.taxElim.length} eliminated players`);
}

function checkAuction(p: FilthyRichPosition, bad: Bad): void {
  const lux = p.aucLux;
  if (lux < 0) {
    const idle =
      p.aucFrom === -1 &&
      p.aucHigh === 0 &&
      p.aucBidder === -1 &&
      p.aucAsked === -1 &&
      p.aucPasses === 0 &&
      p.aucPassed === 0 &&
      p.aucBidders === 0;
    if (!idle) bad('without an auction (aucLux -1) every auction field is at its initial value');
    return;
  }
  const name = LUXURIES[lux].code;
  if (p.taxK === 0) bad('an auction runs only inside a tax event (tax must not be null)');
  if (p.aucQueue >= p.taxElim.length || p.taxElim[p.aucQueue] !== p.aucFrom)
    bad(`auction.from ${p.aucFrom} is not the eliminated player at tax.queue`);
  if (p.luxOwner[lux] !== p.aucFrom) bad(`${name} is auctioned from seat ${p.aucFrom}, who does not hold it`);
  for (let l = 0; l < lux; l++)
    if (p.luxOwner[l] === p.aucFrom) bad(`${LUXURIES[l].code} is cheaper than ${name} and must be auctioned first`);
  if (p.aucAsked < 0) bad('an auction asks a bidder');
  if (p.aucBidders < 2) bad(`an auction has at least 2 bidders, not ${p.aucBidders}`);
  for (const s of [p.aucAsked, p.aucBidder, ...bitsOf(p.aucPassed, MAX_PLAYERS)]) {
    if (s >= p.players || (s >= 0 && p.elim[s] !== 0)) bad(`auction seat ${s} is not a player still in the game`);
  }
  if (p.aucAsked === p.aucBidder) bad('the high bidder is never asked');
  if (p.aucBidder < 0 !== (p.aucHigh === 0)) bad('highBid and highBidder must both be set or both be empty');
  if (p.aucBidder >= 0 && p.aucHigh < LUXURIES[lux].price) bad(`high bid ${p.aucHigh} is below the price of ${name}`);
}

/** The phase machine: who may be asked what, with which pending card, tax event and auction. */
function checkPhase(p: FilthyRichPosition, bad: Bad): void {
  const phase = p.phase;
  const name = PHASES[phase];
  const over = phase === PH_OVER;
  const inTax = phase === PH_TAX_SELL || phase === PH_AUCTION;
  const kind = p.played >= ACTION_TYPE_BASE ? p.played - ACTION_TYPE_BASE : -1;
  const reasons = (p.winner >= 0 ? 1 : 0) + (p.truncated ? 1 : 0) + (p.bankrupt ? 1 : 0);
  if (!over && p.steps >= MAX_STEPS)
    bad(`steps ${p.steps}: the game ends at decision ${MAX_STEPS} (§7), so it must be over`);
  if (over !== (reasons === 1))
    bad(`phase '${name}' needs ${over ? 'exactly one' : 'none'} of winner, truncated and bankrupt`);
  if (p.winner >= p.players || (p.winner >= 0 && p.elim[p.winner] !== 0))
    bad(`winner ${p.winner} is not a player still in the game`);
  if (p.winner >= 0 && p.luxCount[p.winner] < LUXURIES_TO_WIN && p.elimCount < p.players - 1) {
    bad(`seat ${p.winner} won without ${LUXURIES_TO_WIN} luxuries while others are still in the game`);
  }
  for (let s = 0; s < p.players; s++) {
    if (p.elim[s] === 0 && p.luxCount[s] >= LUXURIES_TO_WIN && p.winner !== s)
      bad(`seat ${s} owns ${LUXURIES_TO_WIN} luxuries, so the game is over with him the winner`);
    // Eliminated players keep luxuries only until this event's auctions (or the all-bankrupt end).
    if (p.elim[s] !== 0 && p.luxCount[s] > 0 && !(p.taxK > 0 && p.taxElim.includes(s))) {
      bad(`seat ${s} is eliminated but still owns luxuries outside its auctions`);
    }
  }
  if (!over && p.elim[p.active] !== 0 && !inTax)
    bad(`the active player ${p.active} is eliminated, which only a tax event in progress allows`);
  if (inTax !== p.taxK > 0 && !over) bad(`phase '${name}' ${inTax ? 'needs' : 'cannot have'} a tax event in progress`);
  if ((phase === PH_AUCTION) !== p.aucLux >= 0 && !over)
    bad(`phase '${name}' ${phase === PH_AUCTION ? 'needs' : 'cannot have'} an auction`);
  if (phase === PH_TAX_SELL) {
    if (p.taxIndex >= p.taxOrder.length) bad('a selling window needs tax.index to name a participant');
    if (p.bizCount[p.taxOrder[p.taxIndex]] === 0)
      bad(`seat ${p.taxOrder[p.taxIndex]} owns no business, so no selling window is asked`);
    if (p.taxElim.length > 0) bad('nobody is eliminated before the payments');
  }
  if (phase === PH_AUCTION && p.taxIndex !== p.taxOrder.length)
    bad('auctions follow the payments: tax.index must equal the number of participants');
  const needsPlayed = phase === PH_ANCHOR || phase === PH_TARGET || phase === PH_PAGE || phase === PH_CHOOSE;
  const playedCode = p.played >= 0 ? code(p.played) : 'none';
  if (needsPlayed) {
    const fits =
      (phase === PH_ANCHOR && p.played >= 0 && p.played < ASSET_TYPE_BASE) ||
      (phase === PH_TARGET && (kind === IRS_AUDIT || kind === SHAKEDOWN)) ||
      (phase === PH_PAGE && kind === ZONING_BOARD) ||
      (phase === PH_CHOOSE && (kind === BUSINESS_SCOUT || kind === MYSTERIOUS_FIRE));
    if (!fits) bad(`phase '${name}' does not fit the card being played (${playedCode})`);
  } else if (p.played >= 0 && !(inTax && p.taxCtx === CTX_CARD) && !(over && p.taxK > 0)) {
    bad(`a card is being played (${playedCode}) but phase '${name}' is no card follow-up`);
  }
  if ((phase === PH_PAGE_TURNER) !== p.pageRoll > 0)
    bad(`pageRoll ${p.pageRoll} does not fit phase '${name}' (set exactly while Page Turner decides)`);
  if (phase === PH_CARD && (p.actionsDone >= 2 || p.handSize[p.active] === 0))
    bad('phase card needs a card in hand and fewer than 2 card actions done');
  // §9: a decision is asked only when it offers more than ending the step.
  if (phase === PH_PRE_ROLL && p.bizCount[p.active] === 0) bad('phase preRoll needs a business to sell');
  if (phase === PH_BUY && !anyBuyOrSell(p, p.active)) bad('phase buy needs an affordable luxury or a business to sell');
  if (phase === PH_PAGE_TURNER && !hasAsset(p, p.active, PAGE_TURNER))
    bad('phase pageTurner needs the active player to own Page Turner');
}

// ---- version 1 ----------------------------------------------------------------------------------

const Seat = z
  .int()
  .min(0)
  .max(MAX_PLAYERS - 1);
const Money = z.int().min(0).max(MONEY);
const Card = z.enum(CARD_TYPES.map((t) => t.code) as [string, ...string[]]);
const LuxuryCode = z.enum(LUXURIES.map((l) => l.code) as [string, ...string[]]);
const AssetCode = z.enum(ASSETS.map((a) => a.code) as [string, ...string[]]);
const BusinessCode = z.enum(BUSINESSES.map((b) => b.code) as [string, ...string[]]);

/**
 * The version-1 format (no version field): cards by the rules' codes ('B12', 'A3', 'C5'),
 * luxuries 'L2', sets as lists, the tax event and the auction as objects or null, events as
 * [kind, turn, ...args] (as today).
 */
const Version1 = z.strictObject({
  game: z.literal(GAME),
  players: z.int().min(MIN_PLAYERS).max(MAX_PLAYERS),
  phase: z.enum(PHASES),
  turn: z.int().min(1).max(MAX_TURNS),
  steps: z.int().min(0).max(MAX_STEPS),
  active: Seat,
  page: z.int().min(1).max(PAGES),
  /** Card codes, top of the deck first. */
  deck: z.array(Card).max(DECK_SIZE),
  /** Card codes, oldest first. */
  discard: z.array(Card).max(DECK_SIZE),
  hands: z.array(z.array(Card).max(DECK_SIZE)),
  known: z.array(z.array(BusinessCode)),
  cash: z.array(Money),
  businesses: z.array(
    z.strictObject({
      business: BusinessCode,
      owner: Seat,
      page: z.int().min(1).max(PAGES),
      anchor: z.int().min(1).max(SLOTS),
    }),
  ),
  assets: z.array(z.array(AssetCode)),
  luxuries: z.array(z.array(LuxuryCode)),
  removedLuxuries: z.array(LuxuryCode),
  eliminated: z.array(z.int().min(0).max(MAX_PLAYERS)),
  actionsDone: z.int().min(0).max(2),
  played: Card.nullable(),
  pageRoll: z.int().min(0).max(6),
  tax: z
    .strictObject({
      multiplier: z.int().min(1).max(PAGES),
      target: z
        .int()
        .min(-1)
        .max(MAX_PLAYERS - 1),
      context: z.enum(TAX_CONTEXTS),
      order: z.array(Seat).min(1).max(MAX_PLAYERS),
      index: z.int().min(0).max(MAX_PLAYERS),
      eliminated: z.array(Seat).max(MAX_PLAYERS),
      queue: z.int().min(0).max(MAX_PLAYERS),
    })
    .nullable(),
  auction: z
    .strictObject({
      luxury: LuxuryCode,
      from: Seat,
      highBid: Money,
      highBidder: z
        .int()
        .min(-1)
        .max(MAX_PLAYERS - 1),
      asked: Seat,
      passes: z.int().min(0).max(MAX_PLAYERS),
      passed: z.array(Seat).max(MAX_PLAYERS),
      bidders: z.int().min(2).max(MAX_PLAYERS),
    })
    .nullable(),
  preTaxCash: z.array(Money),
  winner: z
    .int()
    .min(-1)
    .max(MAX_PLAYERS - 1),
  truncated: z.boolean(),
  bankrupt: z.boolean(),
  rng: z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() }),
  logBase: z.int().min(0),
  lastMove: z.array(z.int().min(0)),
  log: z.array(z.tuple([z.string(), z.int().min(1).max(MAX_TURNS)], z.int().min(-1))),
});
export type Version1Json = z.infer<typeof Version1>;

/**
 * Version 1 to 2: decodes the card codes and lists into the fields above. Only what version 2
 * cannot hold is rejected here (lists of the wrong length, a set listing an item twice); every
 * other rule is checked once, by the version-2 schema and `check`.
 */
function fromVersion1(json: Record<string, unknown>): Record<string, unknown> {
  const bad: Bad = (detail) => {
    throw new InvalidStateError(GAME, detail);
  };
  const parsed = Version1.safeParse(json);
  if (!parsed.success) bad(z.prettifyError(parsed.error));
  const d = parsed.data;
  const n = d.players;
  for (const [name, list] of Object.entries({
    hands: d.hands,
    known: d.known,
    cash: d.cash,
    assets: d.assets,
    luxuries: d.luxuries,
    eliminated: d.eliminated,
    preTaxCash: d.preTaxCash,
    lastMove: d.lastMove,
  })) {
    if (list.length !== n) bad(`${name} has ${list.length} entries; the game has ${n} players`);
  }
  const type = (c: string): number => TYPE_OF_CODE.get(c) as number;
  const hands = new Array<number>(n * TYPE_COUNT).fill(0);
  d.hands.forEach((hand, seat) => hand.forEach((c) => hands[seat * TYPE_COUNT + type(c)]++));
  const bizOwner = new Array<number>(BUSINESSES.length).fill(-1);
  const bizPage = new Array<number>(BUSINESSES.length).fill(0);
  const bizAnchor = new Array<number>(BUSINESSES.length).fill(0);
  for (const { business, owner, page, anchor } of d.businesses) {
    const b = type(business);
    if (bizOwner[b] >= 0) bad(`too many ${cardLabel(b)} cards (the binder makes 2; the game has 1)`);
    bizOwner[b] = owner;
    bizPage[b] = page;
    bizAnchor[b] = anchor;
  }
  const assets = d.assets.map((list, seat) =>
    list.reduce((mask, c) => {
      const bit = 1 << ASSETS.findIndex((a) => a.code === c);
      if (mask & bit) bad(`seat ${seat} owns ${c} twice (§2.4: one of each kind)`);
      return mask | bit;
    }, 0),
  );
  const luxOwner = new Array<number>(LUXURIES.length).fill(LUX_AVAILABLE);
  const place = (c: string, owner: number, where: string) => {
    const lux = LUXURY_OF_CODE.get(c) as number;
    if (luxOwner[lux] !== LUX_AVAILABLE) bad(`${c} is listed twice (again under ${where})`);
    luxOwner[lux] = owner;
  };
  d.luxuries.forEach((list, seat) => list.forEach((c) => place(c, seat, `seat ${seat}`)));
  d.removedLuxuries.forEach((c) => place(c, LUX_REMOVED, 'removedLuxuries'));
  const tax = d.tax;
  const auction = d.auction;
  return {
    game: GAME,
    version: 2,
    players: n,
    phase: d.phase,
    turn: d.turn,
    steps: d.steps,
    active: d.active,
    page: d.page,
    deck: d.deck.map(type).reverse(),
    discard: d.discard.map(type),
    hands,
    known: d.known.map((list) => list.reduce((mask, c) => mask | (1 << type(c)), 0)),
    bizOwner,
    bizPage,
    bizAnchor,
    assets,
    luxOwner,
    cash: d.cash,
    elim: d.eliminated,
    actionsDone: d.actionsDone,
    played: d.played === null ? -1 : type(d.played),
    pageRoll: d.pageRoll,
    taxK: tax?.multiplier ?? 0,
    taxTarget: tax?.target ?? -1,
    taxCtx: tax?.context ?? 'roll',
    taxOrder: tax?.order ?? [],
    taxIndex: tax?.index ?? 0,
    taxElim: tax?.eliminated ?? [],
    aucQueue: tax?.queue ?? 0,
    preTaxCash: d.preTaxCash,
    aucLux: auction === null ? -1 : (LUXURY_OF_CODE.get(auction.luxury) as number),
    aucFrom: auction?.from ?? -1,
    aucHigh: auction?.highBid ?? 0,
    aucBidder: auction?.highBidder ?? -1,
    aucAsked: auction?.asked ?? -1,
    aucPasses: auction?.passes ?? 0,
    aucPassed: (auction?.passed ?? []).reduce((mask, s) => mask | (1 << s), 0),
    aucBidders: auction?.bidders ?? 0,
    winner: d.winner,
    truncated: d.truncated,
    bankrupt: d.bankrupt,
    rng: d.rng,
    log: d.log,
    logBase: d.logBase,
    lastMove: d.lastMove,
  };
}
