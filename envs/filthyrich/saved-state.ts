/**
 * Filthy Rich's saved-state format: readable JSON (cards by the rules' codes 'B12', 'A3', 'C5',
 * luxuries 'L2', events as [kind, turn, ...args]) so people and tests can write positions by hand.
 * Loading validates the shape with zod, then conservation of all 73 cards and 12 luxuries, the
 * binder against the businesses' placements, and the fit of every field to the phase.
 */
import { parseSavedState } from '../core/saved-state.js';
import { z } from 'zod';
import { Rng, isRngState, type RngState } from '../core/rng.js';
import {
  ACTION_TYPE_BASE,
  ASSETS,
  ASSET_TYPE_BASE,
  BUSINESSES,
  BUSINESS_SCOUT,
  CARD_TYPES,
  DECK,
  DECK_SIZE,
  IRS_AUDIT,
  LUXURIES,
  LUXURIES_TO_WIN,
  LUXURY_OF_CODE,
  MYSTERIOUS_FIRE,
  PAGES,
  PAGE_TURNER,
  SHAKEDOWN,
  SHAPES,
  SLOTS,
  TYPE_COUNT,
  TYPE_OF_CODE,
  ZONING_BOARD,
  cardLabel,
} from './cards.js';
import { LOG_ARITY, LOG_KIND_NAMES, RECORD } from './log.js';
import {
  CTX_CARD,
  CTX_ROLL,
  LUX_AVAILABLE,
  LUX_REMOVED,
  MAX_PLAYERS,
  MAX_STEPS,
  MAX_TURNS,
  MIN_PLAYERS,
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
  anyBuyOrSell,
  cellsOf,
  hasAsset,
  newTable,
  type PhaseName,
  type Table,
} from './table.js';

export const GAME = 'filthyrich';

const CARD_CODES = CARD_TYPES.map((t) => t.code) as [string, ...string[]];
const LUX_CODES = LUXURIES.map((l) => l.code) as [string, ...string[]];
const ASSET_CODES = ASSETS.map((a) => a.code) as [string, ...string[]];
const BUSINESS_CODES = BUSINESSES.map((b) => b.code) as [string, ...string[]];

const Card = z.enum(CARD_CODES);
const Seat = z
  .int()
  .min(0)
  .max(MAX_PLAYERS - 1);
const Money = z.int().min(0).max(1_000_000_000);

export const StateJson = z.strictObject({
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
  /** Businesses known to be in each hand (§6: taken with Business Scout). */
  known: z.array(z.array(z.enum(BUSINESS_CODES))),
  cash: z.array(Money),
  /** Every business in play, with its owner and its sign's page and anchor. */
  businesses: z.array(
    z.strictObject({
      business: z.enum(BUSINESS_CODES),
      owner: Seat,
      page: z.int().min(1).max(PAGES),
      anchor: z.int().min(1).max(SLOTS),
    }),
  ),
  assets: z.array(z.array(z.enum(ASSET_CODES))),
  luxuries: z.array(z.array(z.enum(LUX_CODES))),
  /** Luxuries that left the game unsold (§4.9). */
  removedLuxuries: z.array(z.enum(LUX_CODES)),
  /** Per seat: 0 in the game, else the elimination number 1, 2, ... */
  eliminated: z.array(z.int().min(0).max(MAX_PLAYERS)),
  actionsDone: z.int().min(0).max(2),
  /** The card being resolved (§4.3), if any. */
  played: Card.nullable(),
  /** Page die result awaiting the Page Turner decision; 0 otherwise. */
  pageRoll: z.int().min(0).max(6),
  tax: z
    .strictObject({
      multiplier: z.int().min(1).max(PAGES),
      /** The audit target, -1 when every player takes part. */
      target: z
        .int()
        .min(-1)
        .max(MAX_PLAYERS - 1),
      context: z.enum(['roll', 'card']),
      order: z.array(Seat).min(1).max(MAX_PLAYERS),
      /** Whose selling window is open (index into order; order.length once payments are done). */
      index: z.int().min(0).max(MAX_PLAYERS),
      eliminated: z.array(Seat).max(MAX_PLAYERS),
      /** Index into eliminated of the player whose luxuries are being auctioned. */
      queue: z.int().min(0).max(MAX_PLAYERS),
    })
    .nullable(),
  auction: z
    .strictObject({
      luxury: z.enum(LUX_CODES),
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
  /** Cash of each seat just before the last payment step (§4.5 all-bankrupt ranking). */
  preTaxCash: z.array(Money),
  winner: z
    .int()
    .min(-1)
    .max(MAX_PLAYERS - 1),
  truncated: z.boolean(),
  bankrupt: z.boolean(),
  rng: z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() }),
  /** Events trimmed from the front of the log so far (event numbers of log[0] onward start here). */
  logBase: z.int().min(0),
  /** Per seat: the event number at which its last decision began. */
  lastMove: z.array(z.int().min(0)),
  /** Events as [kind, turn, ...args] (log.ts lists each kind's arguments). */
  log: z.array(z.tuple([z.enum(LOG_KIND_NAMES), z.int().min(1).max(MAX_TURNS)], z.int().min(-1))),
});
export type FilthyRichJson = z.infer<typeof StateJson>;

const code = (type: number): string => CARD_TYPES[type].code;
const seatsOf = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

function handCodes(t: Table, seat: number): string[] {
  const out: string[] = [];
  for (let type = 0; type < TYPE_COUNT; type++)
    for (let n = t.hands[seat * TYPE_COUNT + type]; n > 0; n--) out.push(code(type));
  return out;
}

export function tableToJson(t: Table): FilthyRichJson {
  const seats = seatsOf(t.players);
  const businesses: FilthyRichJson['businesses'] = [];
  BUSINESSES.forEach((b) => {
    if (t.bizOwner[b.id] >= 0)
      businesses.push({ business: b.code, owner: t.bizOwner[b.id], page: t.bizPage[b.id], anchor: t.bizAnchor[b.id] });
  });
  const log: FilthyRichJson['log'] = [];
  for (let i = 0; i < t.log.length; i += RECORD) {
    const kind = t.log[i];
    log.push([LOG_KIND_NAMES[kind], t.log[i + 1], ...t.log.slice(i + 2, i + 2 + LOG_ARITY[kind])]);
  }
  const rng = t.rng.state();
  return {
    game: GAME,
    players: t.players,
    phase: PHASES[t.phase],
    turn: t.turn,
    steps: t.steps,
    active: t.active,
    page: t.page,
    deck: t.deck.slice(t.deckTop, t.deckEnd).map(code),
    discard: t.discard.slice(0, t.discardLen).map(code),
    hands: seats.map((s) => handCodes(t, s)),
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
            context: t.taxCtx === CTX_ROLL ? 'roll' : 'card',
            order: Array.from(t.taxOrder.subarray(0, t.taxN)),
            index: t.taxIndex,
            eliminated: Array.from(t.taxElim.subarray(0, t.taxElimN)),
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
    log,
  };
}

/** Parses and checks a saved state; throws InvalidStateError naming the first problem. */
export function tableFromJson(json: unknown): Table {
  const { data: d, bad } = parseSavedState(GAME, StateJson, json);
  const n = d.players;
  const perSeat = (name: string, list: readonly unknown[]) => {
    if (list.length !== n) bad(`${name} has ${list.length} entries; the game has ${n} players`);
  };
  perSeat('hands', d.hands);
  perSeat('known', d.known);
  perSeat('cash', d.cash);
  perSeat('assets', d.assets);
  perSeat('luxuries', d.luxuries);
  perSeat('eliminated', d.eliminated);
  perSeat('preTaxCash', d.preTaxCash);
  const seatOk = (what: string, seat: number) => {
    if (seat >= n) bad(`${what} is seat ${seat}; the game has ${n} players (0..${n - 1})`);
  };
  seatOk('active', d.active);
  if (!isRngState(d.rng)) bad('rng is not an RNG state');
  const t = newTable(n, Rng.fromState({ c: d.rng.c, s0: d.rng.s0, s1: d.rng.s1, s2: d.rng.s2 }));
  t.phase = PHASES.indexOf(d.phase);
  t.turn = d.turn;
  t.steps = d.steps;
  t.active = d.active;
  t.page = d.page;

  // Cards: every one of the 73 is in exactly one place (deck, discard, a hand, in play, being played).
  const seen = new Uint8Array(TYPE_COUNT);
  const count = (type: number, where: string) => {
    if (++seen[type] > CARD_TYPES[type].copies) {
      bad(`too many ${cardLabel(type)} cards (${where} makes ${seen[type]}; the game has ${CARD_TYPES[type].copies})`);
    }
  };
  d.deck.forEach((c, i) => {
    const type = TYPE_OF_CODE.get(c) as number;
    count(type, 'the deck');
    t.deck[i] = type;
  });
  t.deckEnd = d.deck.length;
  d.discard.forEach((c, i) => {
    const type = TYPE_OF_CODE.get(c) as number;
    count(type, 'the discard pile');
    t.discard[i] = type;
  });
  t.discardLen = d.discard.length;
  d.hands.forEach((hand, seat) => {
    for (const c of hand) {
      const type = TYPE_OF_CODE.get(c) as number;
      count(type, `seat ${seat}'s hand`);
      t.hands[seat * TYPE_COUNT + type]++;
      t.handSize[seat]++;
    }
  });
  d.known.forEach((list, seat) => {
    for (const c of list) {
      const b = TYPE_OF_CODE.get(c) as number;
      if (t.hands[seat * TYPE_COUNT + b] === 0) bad(`known lists ${c} for seat ${seat}, but it is not in that hand`);
      t.known[seat] |= 1 << b;
    }
  });

  // Businesses in play and the binder: each sign fits its shape, pockets hold one card each.
  for (const { business, owner, page, anchor } of d.businesses) {
    const b = TYPE_OF_CODE.get(business) as number;
    seatOk(`the owner of ${business}`, owner);
    count(b, 'the binder');
    const cells = cellsOf(b, anchor);
    if (cells.length === 0) {
      bad(
        `${business} (${SHAPES[BUSINESSES[b].shape].code}) cannot be anchored at slot ${anchor}; legal anchors: ${SHAPES[BUSINESSES[b].shape].anchors.join(', ')}`,
      );
    }
    for (const slot of cells) {
      const i = (page - 1) * SLOTS + slot - 1;
      if (t.binder[i] >= 0) bad(`page ${page} slot ${slot} holds both ${BUSINESSES[t.binder[i]].code} and ${business}`);
      t.binder[i] = b;
    }
    t.bizOwner[b] = owner;
    t.bizPage[b] = page;
    t.bizAnchor[b] = anchor;
    t.bizCount[owner]++;
  }
  d.assets.forEach((list, seat) => {
    for (const c of list) {
      const kind = ASSETS.findIndex((a) => a.code === c);
      if (t.assets[seat] & (1 << kind)) bad(`seat ${seat} owns ${c} twice (§2.4: one of each kind)`);
      count(ASSET_TYPE_BASE + kind, `seat ${seat}'s assets`);
      t.assets[seat] |= 1 << kind;
    }
  });
  if (d.played !== null) {
    const type = TYPE_OF_CODE.get(d.played) as number;
    count(type, 'the card being played');
    t.played = type;
  }
  for (let type = 0; type < TYPE_COUNT; type++) {
    if (seen[type] !== CARD_TYPES[type].copies) {
      bad(
        `${seen[type]} of ${CARD_TYPES[type].copies} ${cardLabel(type)} cards are accounted for (deck, discard pile, hands, binder, assets, played)`,
      );
    }
  }

  // Luxuries: each is available, owned by one seat, or removed.
  const place = (lux: number, owner: number, where: string) => {
    if (t.luxOwner[lux] !== LUX_AVAILABLE) bad(`${LUXURIES[lux].code} is listed twice (again under ${where})`);
    t.luxOwner[lux] = owner;
  };
  d.luxuries.forEach((list, seat) => {
    for (const c of list) {
      place(LUXURY_OF_CODE.get(c) as number, seat, `seat ${seat}`);
      t.luxCount[seat]++;
    }
  });
  for (const c of d.removedLuxuries) place(LUXURY_OF_CODE.get(c) as number, LUX_REMOVED, 'removedLuxuries');

  d.cash.forEach((c, seat) => (t.cash[seat] = c));
  d.preTaxCash.forEach((c, seat) => (t.preTaxCash[seat] = c));
  if (d.tax === null && d.preTaxCash.some((c) => c !== 0))
    bad('preTaxCash is only set during a tax event (all 0 otherwise)');

  // Eliminations: numbered 1..k without gaps; an eliminated player holds nothing but luxuries awaiting auction.
  const numbers = d.eliminated.filter((e) => e > 0).sort((a, b) => a - b);
  numbers.forEach((e, i) => {
    if (e !== i + 1)
      bad(`eliminated numbers ${JSON.stringify(d.eliminated)} must be 1..${numbers.length} without repeats`);
  });
  t.elimCount = numbers.length;
  d.eliminated.forEach((e, seat) => {
    t.elim[seat] = e;
    if (e === 0) return;
    if (t.handSize[seat] > 0 || t.bizCount[seat] > 0 || t.assets[seat] !== 0 || t.cash[seat] !== 0) {
      bad(`seat ${seat} is eliminated but still holds cards, businesses, assets or cash`);
    }
  });
  if (t.elimCount >= n) {
    if (!d.bankrupt) bad('every player is eliminated, which only the all-bankrupt end (bankrupt: true) allows');
  }

  t.actionsDone = d.actionsDone;
  t.pageRoll = d.pageRoll;
  loadTax(t, d, bad);
  loadAuction(t, d, bad);
  t.winner = d.winner;
  t.truncated = d.truncated;
  t.bankrupt = d.bankrupt;
  checkPhase(t, d, bad);

  d.log.forEach((record, i) => {
    const [name, turn, ...args] = record;
    const kind = LOG_KIND_NAMES.indexOf(name);
    if (args.length !== LOG_ARITY[kind])
      bad(`log[${i}]: a '${name}' event has ${LOG_ARITY[kind]} arguments, not ${args.length}`);
    if (turn > d.turn) bad(`log[${i}] is from turn ${turn}, after the current turn ${d.turn}`);
    t.log.push(kind, turn, ...args, ...Array<number>(RECORD - 2 - args.length).fill(0));
  });
  t.logBase = d.logBase;
  perSeat('lastMove', d.lastMove);
  d.lastMove.forEach((n, seat) => {
    if (n > d.logBase + d.log.length)
      bad(`lastMove[${seat}] = ${n} is past the last event (${d.logBase + d.log.length})`);
    t.lastMove[seat] = n;
  });
  return t;
}

type Bad = (detail: string) => never;

function loadTax(t: Table, d: FilthyRichJson, bad: Bad): void {
  const tax = d.tax;
  if (tax === null) return;
  t.taxK = tax.multiplier;
  t.taxTarget = tax.target;
  t.taxCtx = tax.context === 'roll' ? CTX_ROLL : CTX_CARD;
  if (tax.target >= t.players) bad(`tax.target is seat ${tax.target}; the game has ${t.players} players`);
  if (tax.target >= 0 && (tax.order.length !== 1 || tax.order[0] !== tax.target))
    bad('an audit (tax.target >= 0) has the target as its only participant');
  if (tax.index > tax.order.length) bad(`tax.index ${tax.index} is past the ${tax.order.length} participants`);
  tax.order.forEach((s, i) => {
    if (s >= t.players || tax.order.indexOf(s) !== i)
      bad(`tax.order ${JSON.stringify(tax.order)} must list distinct seats of the game`);
    t.taxOrder[i] = s;
  });
  t.taxN = tax.order.length;
  t.taxIndex = tax.index;
  tax.eliminated.forEach((s, i) => {
    if (!tax.order.includes(s) || t.elim[s] === 0)
      bad(`tax.eliminated lists seat ${s}, who is not an eliminated participant`);
    t.taxElim[i] = s;
  });
  t.taxElimN = tax.eliminated.length;
  if (tax.queue > tax.eliminated.length)
    bad(`tax.queue ${tax.queue} is past the ${tax.eliminated.length} eliminated players`);
  t.aucQueue = tax.queue;
}

function loadAuction(t: Table, d: FilthyRichJson, bad: Bad): void {
  const a = d.auction;
  if (a === null) return;
  const lux = LUXURY_OF_CODE.get(a.luxury) as number;
  if (t.taxK === 0) bad('an auction runs only inside a tax event (tax must not be null)');
  if (t.taxElim[t.aucQueue] !== a.from || t.aucQueue >= t.taxElimN)
    bad(`auction.from ${a.from} is not the eliminated player at tax.queue`);
  if (t.luxOwner[lux] !== a.from) bad(`${a.luxury} is auctioned from seat ${a.from}, who does not hold it`);
  for (let l = 0; l < lux; l++)
    if (t.luxOwner[l] === a.from) bad(`${LUXURIES[l].code} is cheaper than ${a.luxury} and must be auctioned first`);
  for (const s of [a.asked, a.highBidder, ...a.passed]) {
    if (s >= t.players || (s >= 0 && t.elim[s] !== 0)) bad(`auction seat ${s} is not a player still in the game`);
  }
  if (a.asked === a.highBidder) bad('the high bidder is never asked');
  if (a.highBidder < 0 !== (a.highBid === 0)) bad('highBid and highBidder must both be set or both be empty');
  if (a.highBidder >= 0 && a.highBid < LUXURIES[lux].price)
    bad(`high bid ${a.highBid} is below the price of ${a.luxury}`);
  t.aucLux = lux;
  t.aucFrom = a.from;
  t.aucHigh = a.highBid;
  t.aucBidder = a.highBidder;
  t.aucAsked = a.asked;
  t.aucPasses = a.passes;
  for (const s of a.passed) t.aucPassed |= 1 << s;
  t.aucBidders = a.bidders;
}

/** The phase machine: who may be asked what, with which pending card, tax event and auction. */
function checkPhase(t: Table, d: FilthyRichJson, bad: Bad): void {
  const phase = t.phase;
  const name: PhaseName = d.phase;
  const over = phase === PH_OVER;
  const inTax = phase === PH_TAX_SELL || phase === PH_AUCTION;
  const kind = t.played >= ACTION_TYPE_BASE ? t.played - ACTION_TYPE_BASE : -1;
  const reasons = (t.winner >= 0 ? 1 : 0) + (t.truncated ? 1 : 0) + (t.bankrupt ? 1 : 0);
  if (!over && t.steps >= MAX_STEPS)
    bad(`steps ${t.steps}: the game ends at decision ${MAX_STEPS} (§7), so it must be over`);
  if (over !== (reasons === 1))
    bad(`phase '${name}' needs ${over ? 'exactly one' : 'none'} of winner, truncated and bankrupt`);
  if (t.winner >= t.players || (t.winner >= 0 && t.elim[t.winner] !== 0))
    bad(`winner ${t.winner} is not a player still in the game`);
  if (t.winner >= 0 && t.luxCount[t.winner] < LUXURIES_TO_WIN && t.elimCount < t.players - 1) {
    bad(`seat ${t.winner} won without ${LUXURIES_TO_WIN} luxuries while others are still in the game`);
  }
  for (let s = 0; s < t.players; s++) {
    if (t.elim[s] === 0 && t.luxCount[s] >= LUXURIES_TO_WIN && t.winner !== s)
      bad(`seat ${s} owns ${LUXURIES_TO_WIN} luxuries, so the game is over with him the winner`);
    // Eliminated players keep luxuries only until this event's auctions (or the all-bankrupt end).
    if (
      t.elim[s] !== 0 &&
      t.luxCount[s] > 0 &&
      !(t.taxK > 0 && Array.from(t.taxElim.subarray(0, t.taxElimN)).includes(s))
    ) {
      bad(`seat ${s} is eliminated but still owns luxuries outside its auctions`);
    }
  }
  if (!over && t.elim[t.active] !== 0 && !inTax)
    bad(`the active player ${t.active} is eliminated, which only a tax event in progress allows`);
  if (inTax !== t.taxK > 0 && !over) bad(`phase '${name}' ${inTax ? 'needs' : 'cannot have'} a tax event in progress`);
  if ((phase === PH_AUCTION) !== t.aucLux >= 0 && !over)
    bad(`phase '${name}' ${phase === PH_AUCTION ? 'needs' : 'cannot have'} an auction`);
  if (phase === PH_TAX_SELL) {
    if (t.taxIndex >= t.taxN) bad('a selling window needs tax.index to name a participant');
    if (t.bizCount[t.taxOrder[t.taxIndex]] === 0)
      bad(`seat ${t.taxOrder[t.taxIndex]} owns no business, so no selling window is asked`);
    if (t.taxElimN > 0) bad('nobody is eliminated before the payments');
  }
  if (phase === PH_AUCTION && t.taxIndex !== t.taxN)
    bad('auctions follow the payments: tax.index must equal the number of participants');
  const needsPlayed = phase === PH_ANCHOR || phase === PH_TARGET || phase === PH_PAGE || phase === PH_CHOOSE;
  if (needsPlayed) {
    const fits =
      (phase === PH_ANCHOR && t.played >= 0 && t.played < ASSET_TYPE_BASE) ||
      (phase === PH_TARGET && (kind === IRS_AUDIT || kind === SHAKEDOWN)) ||
      (phase === PH_PAGE && kind === ZONING_BOARD) ||
      (phase === PH_CHOOSE && (kind === BUSINESS_SCOUT || kind === MYSTERIOUS_FIRE));
    if (!fits) bad(`phase '${name}' does not fit the card being played (${d.played ?? 'none'})`);
  } else if (t.played >= 0 && !(inTax && t.taxCtx === CTX_CARD) && !(over && t.taxK > 0)) {
    bad(`a card is being played (${d.played}) but phase '${name}' is no card follow-up`);
  }
  if ((phase === PH_PAGE_TURNER) !== t.pageRoll > 0)
    bad(`pageRoll ${t.pageRoll} does not fit phase '${name}' (set exactly while Page Turner decides)`);
  if (phase === PH_CARD && (t.actionsDone >= 2 || t.handSize[t.active] === 0))
    bad('phase card needs a card in hand and fewer than 2 card actions done');
  // §9: a decision is asked only when it offers more than ending the step.
  if (phase === PH_PRE_ROLL && t.bizCount[t.active] === 0) bad('phase preRoll needs a business to sell');
  if (phase === PH_BUY && !anyBuyOrSell(t, t.active)) bad('phase buy needs an affordable luxury or a business to sell');
  if (phase === PH_PAGE_TURNER && !hasAsset(t, t.active, PAGE_TURNER))
    bad('phase pageTurner needs the active player to own Page Turner');
}

// ---- hand-made positions ------------------------------------------------------------------------

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
 * The saved-state JSON of a hand-made position at one of the simple decisions, with every card not
 * listed placed by the defaults above. Pass it to fromJSON, which checks it like any saved state.
 */
export function positionJson(spec: PositionSpec): FilthyRichJson {
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
  } as FilthyRichJson;
}
