/**
 * Every transition of rules §3-§7 on a position: setup from the seed, the turn (start-of-turn
 * assets, buying, two card actions with their follow-ups, the business dice, the page die, the
 * draw), tax events with their selling windows, eliminations and luxury auctions, and the ends of
 * the game; plus who acts, determinize and the primitive card moves. Every function here assumes
 * the action was validated (actions.ts, through the kit).
 */
import { Rng } from '../core/rng.js';
import {
  A_ANCHOR,
  A_BID,
  A_BUY,
  A_CHOOSE,
  A_DISCARD,
  A_END,
  A_PAGE,
  A_PLAY,
  A_REROLL,
  A_SELL,
  A_TARGET,
} from './actions.js';
import { cellsOf, visibleAt } from './binder.js';
import {
  ACTION_TYPE_BASE,
  ASSETS,
  ASSET_TYPE_BASE,
  BID_STEPS,
  BUSINESSES,
  BUSINESS_SCOUT,
  CHAPTER_11,
  CHAPTER_11_GAIN,
  COVER_FEE,
  CTX_CARD,
  CTX_ROLL,
  DECK,
  DISCARD_GAIN,
  EXTRA_SHIFT,
  FIRE_INSURANCE,
  IRS_AUDIT,
  LOAN_SHARK,
  LOAN_SHARK_TAKE,
  LUXURIES,
  LUXURIES_TO_WIN,
  LUX_REMOVED,
  MAX_STEPS,
  MAX_TURNS,
  MYSTERIOUS_FIRE,
  PAGES,
  PAGE_TURNER,
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
  PROTECTION_RACKET,
  RACKET_TAKE,
  SAVINGS_ACCOUNT,
  SAVINGS_MAX,
  SHAKEDOWN,
  SHAKEDOWN_TAKE,
  SLOTS,
  START_CASH,
  START_HAND,
  TAX_REFUND,
  TAX_REFUND_MAX,
  TYPE_COUNT,
  WINDFALL,
  WINDFALL_GAIN,
  YAKUZA_LOAN,
  YAKUZA_LOAN_GAIN,
  ZONING_BOARD,
  assetType,
  fireCost,
  saleValue,
} from './components.js';
import {
  aliveCount,
  anyBuyOrSell,
  handLimit,
  hasAsset,
  minimumBid,
  nextAlive,
  playedAction,
  symbolsOf,
  taxOwed,
} from './economy.js';
import { EV } from './events.js';
import { POSITION, type FilthyRichPosition } from './position.js';

// ---- who acts -----------------------------------------------------------------------------------

/** The seat to act, -1 once the game is over. */
export function toAct(p: FilthyRichPosition): number {
  switch (p.phase) {
    case PH_TAX_SELL:
      return p.taxOrder[p.taxIndex];
    case PH_AUCTION:
      return p.aucAsked;
    case PH_OVER:
      return -1;
    default:
      return p.active;
  }
}

export const isOver = (p: FilthyRichPosition): boolean => p.phase === PH_OVER;
export const isTruncated = (p: FilthyRichPosition): boolean => p.truncated;

// ---- primitive moves ----------------------------------------------------------------------------

function addToHand(p: FilthyRichPosition, seat: number, type: number): void {
  p.hands[seat * TYPE_COUNT + type]++;
  p.handSize[seat]++;
}

/** A card leaves the hand; a business that was known (§6) stops being known. */
function takeFromHand(p: FilthyRichPosition, seat: number, type: number): void {
  p.hands[seat * TYPE_COUNT + type]--;
  p.handSize[seat]--;
  if (type < ASSET_TYPE_BASE) p.known[seat] &= ~(1 << type);
}

function pushDiscard(p: FilthyRichPosition, type: number): void {
  p.discard.push(type);
}

function removeFromDiscard(p: FilthyRichPosition, type: number): void {
  p.discard.splice(p.discard.indexOf(type), 1);
}

/** The business leaves play: its sign leaves the binder (§8.9) and the card goes to the discard pile. */
function removeBusiness(p: FilthyRichPosition, b: number): void {
  const owner = p.bizOwner[b];
  const cells = cellsOf(b, p.bizAnchor[b]);
  const base = (p.bizPage[b] - 1) * SLOTS - 1;
  for (let i = 0; i < cells.length; i++) p.binder[base + cells[i]] = -1;
  p.bizOwner[b] = -1;
  p.bizPage[b] = 0;
  p.bizAnchor[b] = 0;
  p.bizCount[owner]--;
  pushDiscard(p, b);
}

/** Logs an event of the current turn. */
function note(p: FilthyRichPosition, kind: number, a = 0, b = 0, c = 0, d = 0): void {
  p.log.push(kind, p.turn, a, b, c, d);
}

/** Drops records of turns before `firstTurn` (records are in turn order). */
function trimLog(p: FilthyRichPosition, firstTurn: number): void {
  const drop = p.log.leadingBelow(0, firstTurn);
  if (drop === 0) return;
  p.log.dropFirst(drop);
  p.logBase += drop;
}

// ---- determinize (§6) ---------------------------------------------------------------------------

/**
 * §6: pools every card `seat` cannot see (the other hands except their known businesses, and the
 * deck), in ascending type order, shuffles the pool with `rng`, refills the other hands seat by
 * seat and then the deck (top first) with the same counts, and reseeds the world's RNG.
 */
export function determinize(p: FilthyRichPosition, seat: number, rng: Rng): FilthyRichPosition {
  const world = POSITION.clone(p);
  const pool: number[] = [];
  const unknown = new Array<number>(p.players).fill(0);
  for (let q = 0; q < p.players; q++) {
    if (q === seat) continue;
    for (let type = 0; type < TYPE_COUNT; type++) {
      const i = q * TYPE_COUNT + type;
      const hidden = world.hands[i] - (type < ASSET_TYPE_BASE && (world.known[q] & (1 << type)) !== 0 ? 1 : 0);
      for (let k = 0; k < hidden; k++) pool.push(type);
      world.hands[i] -= hidden;
      unknown[q] += hidden;
    }
  }
  for (const type of world.deck) pool.push(type);
  pool.sort((a, b) => a - b);
  rng.shuffleInPlace(pool);
  let next = 0;
  for (let q = 0; q < p.players; q++) {
    for (let k = 0; k < unknown[q]; k++) world.hands[q * TYPE_COUNT + pool[next++]]++;
  }
  world.deck.length = 0;
  for (let i = pool.length - 1; i >= next; i--) world.deck.push(pool[i]);
  world.rng = rng.fork('world');
  return world;
}

// ---- setup (§3) ---------------------------------------------------------------------------------

/** §3 in its canonical order from the seed: shuffle 73 cards, deal 5 round-robin, $10 each, start player. */
export function setup(players: number, seed: number | string): FilthyRichPosition {
  const p = POSITION.create(players);
  p.rng = Rng.fromSeed(seed);
  const deck = DECK.map((c) => c.type);
  p.rng.shuffleInPlace(deck);
  // deck[0] is the top card; the position keeps the top last.
  for (let i = deck.length - 1; i >= 0; i--) p.deck.push(deck[i]);
  for (let round = 0; round < START_HAND; round++) {
    for (let seat = 0; seat < players; seat++) addToHand(p, seat, p.deck.pop() as number);
  }
  p.cash.fill(START_CASH);
  p.active = p.rng.int(players);
  startTurn(p);
  return p;
}

// ---- transitions --------------------------------------------------------------------------------

/** Plays a validated action (the kit checked it with whyIllegal). */
export function apply(p: FilthyRichPosition, a: number): void {
  const seat = toAct(p);
  p.lastMove[seat] = p.logBase + p.log.length;
  switch (p.phase) {
    case PH_BUY:
      if (a === A_END) {
        enterCards(p);
        break;
      }
      if (a < A_SELL) buyLuxury(p, seat, a - A_BUY);
      else sellBusiness(p, seat, a - A_SELL);
      if (p.phase === PH_BUY && !anyBuyOrSell(p, seat)) enterCards(p);
      break;
    case PH_CARD:
      if (a < A_PLAY) sellBusiness(p, seat, a - A_SELL);
      else if (a < A_DISCARD) playCard(p, seat, a - A_PLAY);
      else discardCard(p, seat, a - A_DISCARD);
      break;
    case PH_ANCHOR:
      placeBusiness(p, seat, p.played, a - A_ANCHOR + 1);
      break;
    case PH_TARGET:
      resolveTarget(p, seat, a - A_TARGET);
      break;
    case PH_PAGE:
      p.page = a - A_PAGE + 1;
      note(p, EV.zoning, seat, p.page);
      finishCard(p);
      break;
    case PH_CHOOSE:
      resolveChoice(p, seat, a - A_CHOOSE);
      break;
    case PH_PRE_ROLL:
      if (a !== A_END) sellBusiness(p, seat, a - A_SELL);
      // F7 is asked only while he owns a business; selling the last one rolls at once (§9).
      if (a === A_END || p.bizCount[seat] === 0) rollDice(p);
      break;
    case PH_TAX_SELL:
      if (a !== A_END) sellBusiness(p, seat, a - A_SELL);
      if (a === A_END || p.bizCount[seat] === 0) {
        p.taxIndex++;
        advanceTaxSelling(p);
      }
      break;
    case PH_PAGE_TURNER: {
      let value = p.pageRoll;
      if (a === A_REROLL) {
        value = p.rng.die();
        note(p, EV.pageDie, seat, value, 1);
      }
      p.pageRoll = 0;
      keepPageDie(p, value);
      drawAndEndTurn(p);
      break;
    }
    case PH_AUCTION:
      if (a === A_END) {
        p.aucPasses++;
        p.aucPassed |= 1 << seat;
        note(p, EV.pass, seat, 0);
      } else {
        p.aucHigh = minimumBid(p) + BID_STEPS[a - A_BID];
        p.aucBidder = seat;
        p.aucPasses = 0;
        p.aucPassed = 0;
        note(p, EV.bid, seat, p.aucHigh);
      }
      p.aucAsked = nextBidder(p, seat);
      runAuctions(p);
      break;
  }
  p.steps++;
  if (p.phase !== PH_OVER && p.steps >= MAX_STEPS) endAtCap(p, 1);
}

// ---- the turn -----------------------------------------------------------------------------------

/** §4.1 start-of-turn assets, then the buy step. Also trims the log to the last `players` turns. */
function startTurn(p: FilthyRichPosition): void {
  trimLog(p, p.turn - p.players);
  const seat = p.active;
  note(p, EV.turn, seat);
  p.actionsDone = 0;
  p.played = -1;
  p.pageRoll = 0;
  if (hasAsset(p, seat, SAVINGS_ACCOUNT)) {
    const gain = Math.min(SAVINGS_MAX, Math.floor(p.cash[seat] / 10));
    if (gain > 0) {
      p.cash[seat] += gain;
      note(p, EV.savings, seat, gain);
    }
  }
  if (hasAsset(p, seat, PROTECTION_RACKET)) {
    for (let i = 1; i < p.players; i++) {
      const q = (seat + i) % p.players;
      if (p.elim[q] === 0 && p.bizCount[q] > 0 && p.cash[q] >= RACKET_TAKE) {
        p.cash[q] -= RACKET_TAKE;
        p.cash[seat] += RACKET_TAKE;
        note(p, EV.racket, q, seat);
      }
    }
  }
  if (anyBuyOrSell(p, seat)) p.phase = PH_BUY;
  else enterCards(p);
}

/** §4.3: F2 while fewer than two card actions are done and the hand holds a card (§8.4). */
function enterCards(p: FilthyRichPosition): void {
  if (p.actionsDone < 2 && p.handSize[p.active] > 0) {
    p.phase = PH_CARD;
    return;
  }
  if (p.bizCount[p.active] > 0) p.phase = PH_PRE_ROLL;
  else rollDice(p);
}

function finishCard(p: FilthyRichPosition): void {
  if (p.played >= 0) {
    pushDiscard(p, p.played);
    p.played = -1;
  }
  p.actionsDone++;
  enterCards(p);
}

function buyLuxury(p: FilthyRichPosition, seat: number, lux: number): void {
  const price = LUXURIES[lux].price;
  p.cash[seat] -= price;
  p.luxOwner[lux] = seat;
  p.luxCount[seat]++;
  note(p, EV.buy, seat, lux, price);
  if (p.luxCount[seat] >= LUXURIES_TO_WIN) win(p, seat, 0);
}

/** §4.8: $2 per sign card; the card goes to the discard pile and the sign leaves the binder. */
function sellBusiness(p: FilthyRichPosition, seat: number, b: number): void {
  const amount = saleValue(b);
  p.cash[seat] += amount;
  removeBusiness(p, b);
  note(p, EV.sell, seat, b, amount);
}

function discardCard(p: FilthyRichPosition, seat: number, type: number): void {
  takeFromHand(p, seat, type);
  pushDiscard(p, type);
  p.cash[seat] += DISCARD_GAIN;
  note(p, EV.discard, seat, type);
  p.actionsDone++;
  enterCards(p);
}

/** §4.3 Play: the card leaves the hand and is resolved (follow-up decisions F3-F6 where needed). */
function playCard(p: FilthyRichPosition, seat: number, type: number): void {
  takeFromHand(p, seat, type);
  note(p, EV.play, seat, type);
  p.played = type;
  if (type < ASSET_TYPE_BASE) {
    p.phase = PH_ANCHOR;
    return;
  }
  if (type < ACTION_TYPE_BASE) {
    const kind = type - ASSET_TYPE_BASE;
    p.cash[seat] -= ASSETS[kind].cost;
    p.assets[seat] |= 1 << kind;
    if (kind === YAKUZA_LOAN) {
      p.cash[seat] += YAKUZA_LOAN_GAIN;
      note(p, EV.yakuza, seat, YAKUZA_LOAN_GAIN);
    }
    p.played = -1;
    finishCard(p);
    return;
  }
  switch (type - ACTION_TYPE_BASE) {
    case IRS_AUDIT:
    case SHAKEDOWN:
      p.phase = PH_TARGET;
      return;
    case BUSINESS_SCOUT:
    case MYSTERIOUS_FIRE:
      p.phase = PH_CHOOSE;
      return;
    case ZONING_BOARD:
      p.phase = PH_PAGE;
      return;
    case WINDFALL:
      p.cash[seat] += WINDFALL_GAIN;
      note(p, EV.gain, seat, WINDFALL_GAIN, type);
      finishCard(p);
      return;
    case TAX_REFUND: {
      const gain = Math.min(TAX_REFUND_MAX, symbolsOf(p, seat));
      p.cash[seat] += gain;
      note(p, EV.gain, seat, gain, type);
      finishCard(p);
      return;
    }
    case EXTRA_SHIFT: {
      const die = p.rng.int(10);
      note(p, EV.shift, seat, die);
      if (die === 0) {
        startTax(p, 1, -1, CTX_CARD); // §8.8: a full tax event during the action step
        return;
      }
      hit(p, die);
      finishCard(p);
      return;
    }
  }
}

/** F3: pay the cost and the §4.3 cover fees, then put the sign in the pockets of the current page. */
function placeBusiness(p: FilthyRichPosition, seat: number, b: number, anchor: number): void {
  const cells = cellsOf(b, anchor);
  // Fees are judged on the binder just before placing, cell by cell (§8.2: $2 per covered card).
  for (let i = 0; i < cells.length; i++) {
    const below = visibleAt(p, cells[i], p.page - 1);
    if (below >= 0 && p.bizOwner[below] !== seat) {
      const owner = p.bizOwner[below];
      p.cash[seat] -= COVER_FEE;
      p.cash[owner] += COVER_FEE;
      note(p, EV.fee, seat, owner, COVER_FEE);
    }
  }
  p.cash[seat] -= BUSINESSES[b].cost;
  const base = (p.page - 1) * SLOTS - 1;
  for (let i = 0; i < cells.length; i++) p.binder[base + cells[i]] = b;
  p.bizOwner[b] = seat;
  p.bizPage[b] = p.page;
  p.bizAnchor[b] = anchor;
  p.bizCount[seat]++;
  note(p, EV.place, seat, b, p.page, anchor);
  p.played = -1;
  finishCard(p);
}

function resolveTarget(p: FilthyRichPosition, seat: number, target: number): void {
  if (playedAction(p) === IRS_AUDIT) {
    note(p, EV.audit, seat, target);
    startTax(p, 1, target, CTX_CARD);
    return;
  }
  const amount = Math.min(SHAKEDOWN_TAKE, p.cash[target]); // §8.15: never more than he has
  p.cash[target] -= amount;
  p.cash[seat] += amount;
  note(p, EV.shakedown, seat, target, amount);
  finishCard(p);
}

function resolveChoice(p: FilthyRichPosition, seat: number, b: number): void {
  if (playedAction(p) === BUSINESS_SCOUT) {
    removeFromDiscard(p, b);
    addToHand(p, seat, b);
    p.known[seat] |= 1 << b; // §6: a scouted business stays known until it leaves the hand
    note(p, EV.scout, seat, b);
    finishCard(p);
    return;
  }
  const paid = fireCost(b);
  const owner = p.bizOwner[b];
  p.cash[seat] -= paid;
  removeBusiness(p, b);
  note(p, EV.fire, seat, b, owner, paid);
  if (hasAsset(p, owner, FIRE_INSURANCE)) {
    p.cash[owner] += BUSINESSES[b].cost;
    note(p, EV.insurance, owner, BUSINESSES[b].cost);
  }
  finishCard(p);
}

/** §4.4: c dice in one batch; hits in ascending face order; then one tax event for the zeros. */
const diceScratch = new Int8Array(PAGES);

function rollDice(p: FilthyRichPosition): void {
  const count = p.page;
  for (let i = 0; i < PAGES; i++) diceScratch[i] = i < count ? p.rng.int(10) : -1;
  note(p, EV.dice, diceScratch[0], diceScratch[1], diceScratch[2], diceScratch[3]);
  let zeros = 0;
  for (let face = 0; face <= 9; face++) {
    for (let i = 0; i < count; i++) {
      if (diceScratch[i] !== face) continue;
      if (face === 0) zeros++;
      else hit(p, face);
    }
  }
  if (zeros > 0) startTax(p, zeros, -1, CTX_ROLL);
  else rollPageDie(p);
}

/** §4.4.3 and §2.3: one hit on the sign card visible at `slot`, if any. */
function hit(p: FilthyRichPosition, slot: number): void {
  const b = visibleAt(p, slot);
  if (b < 0) return;
  const owner = p.bizOwner[b];
  if (b === LOAN_SHARK && owner !== p.active) {
    const amount = Math.min(LOAN_SHARK_TAKE, p.cash[p.active]);
    p.cash[p.active] -= amount;
    p.cash[owner] += amount;
    note(p, EV.hit, owner, b, amount, p.active);
    return;
  }
  p.cash[owner] += BUSINESSES[b].hit;
  note(p, EV.hit, owner, b, BUSINESSES[b].hit, -1);
}

/** §4.6: the page die; with Page Turner the active player decides whether to re-roll (F9). */
function rollPageDie(p: FilthyRichPosition): void {
  const value = p.rng.die();
  note(p, EV.pageDie, p.active, value, 0);
  if (hasAsset(p, p.active, PAGE_TURNER)) {
    p.pageRoll = value;
    p.phase = PH_PAGE_TURNER;
    return;
  }
  keepPageDie(p, value);
  drawAndEndTurn(p);
}

function keepPageDie(p: FilthyRichPosition, value: number): void {
  if (value <= PAGES) p.page = value;
}

/** §4.7: fill the hand up to the limit, reshuffling the discard pile when the deck runs out. */
function drawAndEndTurn(p: FilthyRichPosition): void {
  const seat = p.active;
  const limit = handLimit(p, seat);
  let drawn = 0;
  while (p.handSize[seat] < limit) {
    if (p.deck.length === 0 && !reshuffle(p)) break; // §8.5: nothing left to draw
    addToHand(p, seat, p.deck.pop() as number);
    drawn++;
  }
  note(p, EV.draw, seat, drawn);
  endTurn(p);
}

/** §5: the discard pile, in ascending type order, shuffled into a new deck. False if it is empty. */
function reshuffle(p: FilthyRichPosition): boolean {
  const n = p.discard.length;
  if (n === 0) return false;
  const cards = p.discard.sort((x, y) => x - y);
  p.rng.shuffleInPlace(cards);
  // cards[0] is the new top card; the position keeps the top last.
  for (let i = n - 1; i >= 0; i--) p.deck.push(cards[i]);
  p.discard.length = 0;
  note(p, EV.reshuffle, n);
  return true;
}

function endTurn(p: FilthyRichPosition): void {
  if (p.turn >= MAX_TURNS) {
    endAtCap(p, 0);
    return;
  }
  p.active = nextAlive(p, p.active);
  p.turn++;
  startTurn(p);
}

// ---- tax events (§4.5) --------------------------------------------------------------------------

/** Starts a tax event: all players in the game clockwise from the active one, or the audit target. */
function startTax(p: FilthyRichPosition, k: number, target: number, ctx: number): void {
  p.taxK = k;
  p.taxTarget = target;
  p.taxCtx = ctx;
  p.taxOrder.length = 0;
  if (target >= 0) p.taxOrder.push(target);
  else {
    for (let i = 0; i < p.players; i++) {
      const q = (p.active + i) % p.players;
      if (p.elim[q] === 0) p.taxOrder.push(q);
    }
  }
  p.taxIndex = 0;
  p.taxElim.length = 0;
  p.aucQueue = 0;
  note(p, EV.tax, k, target);
  advanceTaxSelling(p);
}

/** Selling windows (F8) for participants who own a business, in order; then the payments. */
function advanceTaxSelling(p: FilthyRichPosition): void {
  for (; p.taxIndex < p.taxOrder.length; p.taxIndex++) {
    if (p.bizCount[p.taxOrder[p.taxIndex]] > 0) {
      p.phase = PH_TAX_SELL;
      return;
    }
  }
  payTaxes(p);
}

function payTaxes(p: FilthyRichPosition): void {
  const k = p.taxK;
  for (let i = 0; i < p.taxOrder.length; i++) p.preTaxCash[p.taxOrder[i]] = p.cash[p.taxOrder[i]];
  for (let i = 0; i < p.taxOrder.length; i++) {
    const q = p.taxOrder[i];
    if (p.bizOwner[CHAPTER_11] === q) {
      p.cash[q] += CHAPTER_11_GAIN * k;
      note(p, EV.chapter11, q, CHAPTER_11_GAIN * k);
    }
    const owed = taxOwed(p, q, k);
    if (p.cash[q] >= owed) {
      p.cash[q] -= owed;
      note(p, EV.pay, q, owed, owed);
    } else {
      note(p, EV.pay, q, owed, p.cash[q]);
      p.cash[q] = 0;
      eliminate(p, q);
    }
  }
  const alive = aliveCount(p);
  if (alive === 1) {
    win(p, nextAlive(p, p.taxOrder[0]), 1);
    return;
  }
  if (alive === 0) {
    // §4.5: everybody went bankrupt at once; §7 ranks them by luxuries, then preTaxCash.
    p.bankrupt = true;
    p.phase = PH_OVER;
    note(p, EV.bankrupt);
    return;
  }
  runAuctions(p);
}

/** §4.9: hand, businesses (signs leave the binder) and assets go to the discard pile. */
function eliminate(p: FilthyRichPosition, seat: number): void {
  p.elim[seat] = ++p.elimCount;
  p.taxElim.push(seat);
  const base = seat * TYPE_COUNT;
  for (let type = 0; type < TYPE_COUNT; type++) {
    for (let n = p.hands[base + type]; n > 0; n--) pushDiscard(p, type);
    p.hands[base + type] = 0;
  }
  p.handSize[seat] = 0;
  p.known[seat] = 0;
  for (let b = 0; b < BUSINESSES.length; b++) if (p.bizOwner[b] === seat) removeBusiness(p, b);
  for (let kind = 0; kind < ASSETS.length; kind++) if (hasAsset(p, seat, kind)) pushDiscard(p, assetType(kind));
  p.assets[seat] = 0;
  note(p, EV.eliminated, seat);
}

/**
 * §4.9 auctions of this event's eliminated players, in elimination order, each one's luxuries
 * cheapest first. Runs until a bidder must decide (F10), the game ends, or all are done.
 */
function runAuctions(p: FilthyRichPosition): void {
  for (;;) {
    if (p.aucLux < 0 && !startNextAuction(p)) {
      finishTax(p);
      return;
    }
    if (p.aucBidder < 0 ? p.aucPasses >= p.aucBidders : p.aucPasses >= p.aucBidders - 1) {
      const lux = p.aucLux;
      p.luxCount[p.aucFrom]--;
      if (p.aucBidder < 0) {
        p.luxOwner[lux] = LUX_REMOVED; // a full round without a bid
        note(p, EV.unsold, lux);
      } else {
        const buyer = p.aucBidder;
        p.cash[buyer] -= p.aucHigh;
        p.luxOwner[lux] = buyer;
        p.luxCount[buyer]++;
        note(p, EV.sold, lux, buyer, p.aucHigh);
        if (p.luxCount[buyer] >= LUXURIES_TO_WIN) {
          clearAuction(p);
          win(p, buyer, 0);
          return;
        }
      }
      clearAuction(p);
      continue;
    }
    const seat = p.aucAsked;
    if (p.cash[seat] < minimumBid(p)) {
      p.aucPasses++;
      p.aucPassed |= 1 << seat;
      note(p, EV.pass, seat, 1);
      p.aucAsked = nextBidder(p, seat);
      continue;
    }
    p.phase = PH_AUCTION;
    return;
  }
}

/** Opens the auction of the next luxury in the queue; false once the queue is done. */
function startNextAuction(p: FilthyRichPosition): boolean {
  for (; p.aucQueue < p.taxElim.length; p.aucQueue++) {
    const from = p.taxElim[p.aucQueue];
    for (let lux = 0; lux < LUXURIES.length; lux++) {
      if (p.luxOwner[lux] !== from) continue;
      p.aucLux = lux;
      p.aucFrom = from;
      p.aucHigh = 0;
      p.aucBidder = -1;
      p.aucPasses = 0;
      p.aucPassed = 0;
      p.aucBidders = aliveCount(p);
      p.aucAsked = nextAlive(p, from); // the player to the eliminated player's left
      note(p, EV.auction, lux, from);
      return true;
    }
  }
  return false;
}

function clearAuction(p: FilthyRichPosition): void {
  p.aucLux = -1;
  p.aucFrom = -1;
  p.aucHigh = 0;
  p.aucBidder = -1;
  p.aucAsked = -1;
  p.aucPasses = 0;
  p.aucPassed = 0;
  p.aucBidders = 0;
}

/**
 * The next bidder clockwise after `seat`. It is never the high bidder (§4.9): after his bid the
 * other bidders are asked once each, and either all pass (the auction ends before it comes back
 * to him) or one of them bids and becomes the high bidder.
 */
function nextBidder(p: FilthyRichPosition, seat: number): number {
  return nextAlive(p, seat);
}

/** The event is over: back to the page die (roll) or the card actions; an eliminated active player's turn ends. */
function finishTax(p: FilthyRichPosition): void {
  const ctx = p.taxCtx;
  p.taxK = 0;
  p.taxTarget = -1;
  p.taxCtx = CTX_ROLL;
  p.taxOrder.length = 0;
  p.taxIndex = 0;
  p.taxElim.length = 0;
  p.aucQueue = 0;
  // Cleared so the state holds nothing the views do not show (determinize depends on views only).
  p.preTaxCash.fill(0);
  const out = p.elim[p.active] !== 0;
  if (ctx === CTX_ROLL) {
    if (out) endTurn(p);
    else rollPageDie(p);
    return;
  }
  if (p.played >= 0) {
    pushDiscard(p, p.played);
    p.played = -1;
  }
  if (out) {
    endTurn(p); // §8.10: no page die, no draw
    return;
  }
  p.actionsDone++;
  enterCards(p);
}

// ---- ends ---------------------------------------------------------------------------------------

function win(p: FilthyRichPosition, seat: number, how: number): void {
  p.winner = seat;
  p.phase = PH_OVER;
  note(p, EV.win, seat, how);
}

/** §7: the environment's cap (0 = turn 200 ended, 1 = decision 10,000). */
function endAtCap(p: FilthyRichPosition, reason: number): void {
  p.truncated = true;
  p.phase = PH_OVER;
  note(p, EV.cap, reason);
}
