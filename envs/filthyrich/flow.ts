/**
 * Every transition of rules §3-§7 on a Table: setup, the turn (start-of-turn assets, buying, two
 * card actions with their follow-ups, the business dice, the page die, the draw), tax events with
 * their selling windows, eliminations and luxury auctions, and the ends of the game. Every
 * function here assumes the action was validated (legal.ts).
 */
import type { Rng } from '../core/rng.js';
import {
  ACTION_TYPE_BASE,
  ASSETS,
  ASSET_TYPE_BASE,
  BUSINESSES,
  BUSINESS_SCOUT,
  CHAPTER_11,
  CHAPTER_11_GAIN,
  COVER_FEE,
  DECK,
  DISCARD_GAIN,
  EXTRA_SHIFT,
  FIRE_INSURANCE,
  IRS_AUDIT,
  LOAN_SHARK,
  LOAN_SHARK_TAKE,
  LUXURIES,
  LUXURIES_TO_WIN,
  MYSTERIOUS_FIRE,
  PAGES,
  PAGE_TURNER,
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
} from './cards.js';
import { EV, RECORD } from './log.js';
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
  BID_STEPS,
  CTX_CARD,
  CTX_ROLL,
  LUX_REMOVED,
  MAX_STEPS,
  MAX_TURNS,
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
  addToHand,
  aliveCount,
  anyBuyOrSell,
  cellsOf,
  handLimit,
  hasAsset,
  minimumBid,
  newTable,
  nextAlive,
  note,
  playedAction,
  pushDiscard,
  removeBusiness,
  removeFromDiscard,
  symbolsOf,
  takeFromHand,
  taxOwed,
  toAct,
  trimLog,
  visibleAt,
  type Table,
} from './table.js';

// ---- setup (§3) ---------------------------------------------------------------------------------

/** §3 in its canonical order: shuffle 73 cards, deal 5 round-robin, $10 each, start player. */
export function setupTable(players: number, rng: Rng): Table {
  const t = newTable(players, rng);
  const deck = DECK.map((c) => c.type);
  rng.shuffleInPlace(deck);
  for (let i = 0; i < deck.length; i++) t.deck[i] = deck[i];
  t.deckEnd = deck.length;
  for (let round = 0; round < START_HAND; round++) {
    for (let seat = 0; seat < players; seat++) addToHand(t, seat, t.deck[t.deckTop++]);
  }
  t.cash.fill(START_CASH);
  t.active = rng.int(players);
  startTurn(t);
  return t;
}

// ---- transitions --------------------------------------------------------------------------------

/** Plays a validated action. */
export function applyUnchecked(t: Table, a: number): void {
  const seat = toAct(t);
  t.lastMove[seat] = t.logBase + t.log.length / RECORD;
  switch (t.phase) {
    case PH_BUY:
      if (a === A_END) {
        enterCards(t);
        break;
      }
      if (a < A_SELL) buyLuxury(t, seat, a - A_BUY);
      else sellBusiness(t, seat, a - A_SELL);
      if (t.phase === PH_BUY && !anyBuyOrSell(t, seat)) enterCards(t);
      break;
    case PH_CARD:
      if (a < A_PLAY) sellBusiness(t, seat, a - A_SELL);
      else if (a < A_DISCARD) playCard(t, seat, a - A_PLAY);
      else discardCard(t, seat, a - A_DISCARD);
      break;
    case PH_ANCHOR:
      placeBusiness(t, seat, t.played, a - A_ANCHOR + 1);
      break;
    case PH_TARGET:
      resolveTarget(t, seat, a - A_TARGET);
      break;
    case PH_PAGE:
      t.page = a - A_PAGE + 1;
      note(t, EV.zoning, seat, t.page);
      finishCard(t);
      break;
    case PH_CHOOSE:
      resolveChoice(t, seat, a - A_CHOOSE);
      break;
    case PH_PRE_ROLL:
      if (a !== A_END) sellBusiness(t, seat, a - A_SELL);
      // F7 is asked only while he owns a business; selling the last one rolls at once (§9).
      if (a === A_END || t.bizCount[seat] === 0) rollDice(t);
      break;
    case PH_TAX_SELL:
      if (a !== A_END) sellBusiness(t, seat, a - A_SELL);
      if (a === A_END || t.bizCount[seat] === 0) {
        t.taxIndex++;
        advanceTaxSelling(t);
      }
      break;
    case PH_PAGE_TURNER: {
      let value = t.pageRoll;
      if (a === A_REROLL) {
        value = t.rng.die();
        note(t, EV.pageDie, seat, value, 1);
      }
      t.pageRoll = 0;
      keepPageDie(t, value);
      drawAndEndTurn(t);
      break;
    }
    case PH_AUCTION:
      if (a === A_END) {
        t.aucPasses++;
        t.aucPassed |= 1 << seat;
        note(t, EV.pass, seat, 0);
      } else {
        t.aucHigh = minimumBid(t) + BID_STEPS[a - A_BID];
        t.aucBidder = seat;
        t.aucPasses = 0;
        t.aucPassed = 0;
        note(t, EV.bid, seat, t.aucHigh);
      }
      t.aucAsked = nextBidder(t, seat);
      runAuctions(t);
      break;
  }
  t.steps++;
  if (t.phase !== PH_OVER && t.steps >= MAX_STEPS) endAtCap(t, 1);
}

// ---- the turn -----------------------------------------------------------------------------------

/** §4.1 start-of-turn assets, then the buy step. Also trims the log to the last `players` turns. */
function startTurn(t: Table): void {
  trimLog(t, t.turn - t.players);
  const seat = t.active;
  note(t, EV.turn, seat);
  t.actionsDone = 0;
  t.played = -1;
  t.pageRoll = 0;
  if (hasAsset(t, seat, SAVINGS_ACCOUNT)) {
    const gain = Math.min(SAVINGS_MAX, Math.floor(t.cash[seat] / 10));
    if (gain > 0) {
      t.cash[seat] += gain;
      note(t, EV.savings, seat, gain);
    }
  }
  if (hasAsset(t, seat, PROTECTION_RACKET)) {
    for (let i = 1; i < t.players; i++) {
      const q = (seat + i) % t.players;
      if (t.elim[q] === 0 && t.bizCount[q] > 0 && t.cash[q] >= RACKET_TAKE) {
        t.cash[q] -= RACKET_TAKE;
        t.cash[seat] += RACKET_TAKE;
        note(t, EV.racket, q, seat);
      }
    }
  }
  if (anyBuyOrSell(t, seat)) t.phase = PH_BUY;
  else enterCards(t);
}

/** §4.3: F2 while fewer than two card actions are done and the hand holds a card (§8.4). */
function enterCards(t: Table): void {
  if (t.actionsDone < 2 && t.handSize[t.active] > 0) {
    t.phase = PH_CARD;
    return;
  }
  if (t.bizCount[t.active] > 0) t.phase = PH_PRE_ROLL;
  else rollDice(t);
}

function finishCard(t: Table): void {
  if (t.played >= 0) {
    pushDiscard(t, t.played);
    t.played = -1;
  }
  t.actionsDone++;
  enterCards(t);
}

function buyLuxury(t: Table, seat: number, lux: number): void {
  const price = LUXURIES[lux].price;
  t.cash[seat] -= price;
  t.luxOwner[lux] = seat;
  t.luxCount[seat]++;
  note(t, EV.buy, seat, lux, price);
  if (t.luxCount[seat] >= LUXURIES_TO_WIN) win(t, seat, 0);
}

/** §4.8: $2 per sign card; the card goes to the discard pile and the sign leaves the binder. */
function sellBusiness(t: Table, seat: number, b: number): void {
  const amount = saleValue(b);
  t.cash[seat] += amount;
  removeBusiness(t, b);
  note(t, EV.sell, seat, b, amount);
}

function discardCard(t: Table, seat: number, type: number): void {
  takeFromHand(t, seat, type);
  pushDiscard(t, type);
  t.cash[seat] += DISCARD_GAIN;
  note(t, EV.discard, seat, type);
  t.actionsDone++;
  enterCards(t);
}

/** §4.3 Play: the card leaves the hand and is resolved (follow-up decisions F3-F6 where needed). */
function playCard(t: Table, seat: number, type: number): void {
  takeFromHand(t, seat, type);
  note(t, EV.play, seat, type);
  t.played = type;
  if (type < ASSET_TYPE_BASE) {
    t.phase = PH_ANCHOR;
    return;
  }
  if (type < ACTION_TYPE_BASE) {
    const kind = type - ASSET_TYPE_BASE;
    t.cash[seat] -= ASSETS[kind].cost;
    t.assets[seat] |= 1 << kind;
    if (kind === YAKUZA_LOAN) {
      t.cash[seat] += YAKUZA_LOAN_GAIN;
      note(t, EV.yakuza, seat, YAKUZA_LOAN_GAIN);
    }
    t.played = -1;
    finishCard(t);
    return;
  }
  switch (type - ACTION_TYPE_BASE) {
    case IRS_AUDIT:
    case SHAKEDOWN:
      t.phase = PH_TARGET;
      return;
    case BUSINESS_SCOUT:
    case MYSTERIOUS_FIRE:
      t.phase = PH_CHOOSE;
      return;
    case ZONING_BOARD:
      t.phase = PH_PAGE;
      return;
    case WINDFALL:
      t.cash[seat] += WINDFALL_GAIN;
      note(t, EV.gain, seat, WINDFALL_GAIN, type);
      finishCard(t);
      return;
    case TAX_REFUND: {
      const gain = Math.min(TAX_REFUND_MAX, symbolsOf(t, seat));
      t.cash[seat] += gain;
      note(t, EV.gain, seat, gain, type);
      finishCard(t);
      return;
    }
    case EXTRA_SHIFT: {
      const die = t.rng.int(10);
      note(t, EV.shift, seat, die);
      if (die === 0) {
        startTax(t, 1, -1, CTX_CARD); // §8.8: a full tax event during the action step
        return;
      }
      hit(t, die);
      finishCard(t);
      return;
    }
  }
}

/** F3: pay the cost and the §4.3 cover fees, then put the sign in the pockets of the current page. */
function placeBusiness(t: Table, seat: number, b: number, anchor: number): void {
  const cells = cellsOf(b, anchor);
  // Fees are judged on the binder just before placing, cell by cell (§8.2: $2 per covered card).
  for (let i = 0; i < cells.length; i++) {
    const below = visibleAt(t, cells[i], t.page - 1);
    if (below >= 0 && t.bizOwner[below] !== seat) {
      const owner = t.bizOwner[below];
      t.cash[seat] -= COVER_FEE;
      t.cash[owner] += COVER_FEE;
      note(t, EV.fee, seat, owner, COVER_FEE);
    }
  }
  t.cash[seat] -= BUSINESSES[b].cost;
  const base = (t.page - 1) * SLOTS - 1;
  for (let i = 0; i < cells.length; i++) t.binder[base + cells[i]] = b;
  t.bizOwner[b] = seat;
  t.bizPage[b] = t.page;
  t.bizAnchor[b] = anchor;
  t.bizCount[seat]++;
  note(t, EV.place, seat, b, t.page, anchor);
  t.played = -1;
  finishCard(t);
}

function resolveTarget(t: Table, seat: number, target: number): void {
  if (playedAction(t) === IRS_AUDIT) {
    note(t, EV.audit, seat, target);
    startTax(t, 1, target, CTX_CARD);
    return;
  }
  const amount = Math.min(SHAKEDOWN_TAKE, t.cash[target]); // §8.15: never more than he has
  t.cash[target] -= amount;
  t.cash[seat] += amount;
  note(t, EV.shakedown, seat, target, amount);
  finishCard(t);
}

function resolveChoice(t: Table, seat: number, b: number): void {
  if (playedAction(t) === BUSINESS_SCOUT) {
    removeFromDiscard(t, b);
    addToHand(t, seat, b);
    t.known[seat] |= 1 << b; // §6: a scouted business stays known until it leaves the hand
    note(t, EV.scout, seat, b);
    finishCard(t);
    return;
  }
  const paid = fireCost(b);
  const owner = t.bizOwner[b];
  t.cash[seat] -= paid;
  removeBusiness(t, b);
  note(t, EV.fire, seat, b, owner, paid);
  if (hasAsset(t, owner, FIRE_INSURANCE)) {
    t.cash[owner] += BUSINESSES[b].cost;
    note(t, EV.insurance, owner, BUSINESSES[b].cost);
  }
  finishCard(t);
}

/** §4.4: c dice in one batch; hits in ascending face order; then one tax event for the zeros. */
const diceScratch = new Int8Array(PAGES);

function rollDice(t: Table): void {
  const count = t.page;
  for (let i = 0; i < PAGES; i++) diceScratch[i] = i < count ? t.rng.int(10) : -1;
  note(t, EV.dice, diceScratch[0], diceScratch[1], diceScratch[2], diceScratch[3]);
  let zeros = 0;
  for (let face = 0; face <= 9; face++) {
    for (let i = 0; i < count; i++) {
      if (diceScratch[i] !== face) continue;
      if (face === 0) zeros++;
      else hit(t, face);
    }
  }
  if (zeros > 0) startTax(t, zeros, -1, CTX_ROLL);
  else rollPageDie(t);
}

/** §4.4.3 and §2.3: one hit on the sign card visible at `slot`, if any. */
function hit(t: Table, slot: number): void {
  const b = visibleAt(t, slot);
  if (b < 0) return;
  const owner = t.bizOwner[b];
  if (b === LOAN_SHARK && owner !== t.active) {
    const amount = Math.min(LOAN_SHARK_TAKE, t.cash[t.active]);
    t.cash[t.active] -= amount;
    t.cash[owner] += amount;
    note(t, EV.hit, owner, b, amount, t.active);
    return;
  }
  t.cash[owner] += BUSINESSES[b].hit;
  note(t, EV.hit, owner, b, BUSINESSES[b].hit, -1);
}

/** §4.6: the page die; with Page Turner the active player decides whether to re-roll (F9). */
function rollPageDie(t: Table): void {
  const value = t.rng.die();
  note(t, EV.pageDie, t.active, value, 0);
  if (hasAsset(t, t.active, PAGE_TURNER)) {
    t.pageRoll = value;
    t.phase = PH_PAGE_TURNER;
    return;
  }
  keepPageDie(t, value);
  drawAndEndTurn(t);
}

function keepPageDie(t: Table, value: number): void {
  if (value <= PAGES) t.page = value;
}

/** §4.7: fill the hand up to the limit, reshuffling the discard pile when the deck runs out. */
function drawAndEndTurn(t: Table): void {
  const seat = t.active;
  const limit = handLimit(t, seat);
  let drawn = 0;
  while (t.handSize[seat] < limit) {
    if (t.deckTop === t.deckEnd && !reshuffle(t)) break; // §8.5: nothing left to draw
    addToHand(t, seat, t.deck[t.deckTop++]);
    drawn++;
  }
  note(t, EV.draw, seat, drawn);
  endTurn(t);
}

/** §5: the discard pile, in ascending type order, shuffled into a new deck. False if it is empty. */
function reshuffle(t: Table): boolean {
  const n = t.discardLen;
  if (n === 0) return false;
  const cards = t.discard.slice(0, n).sort((x, y) => x - y);
  t.rng.shuffleInPlace(cards);
  for (let i = 0; i < n; i++) t.deck[i] = cards[i];
  t.deckTop = 0;
  t.deckEnd = n;
  t.discardLen = 0;
  note(t, EV.reshuffle, n);
  return true;
}

function endTurn(t: Table): void {
  if (t.turn >= MAX_TURNS) {
    endAtCap(t, 0);
    return;
  }
  t.active = nextAlive(t, t.active);
  t.turn++;
  startTurn(t);
}

// ---- tax events (§4.5) --------------------------------------------------------------------------

/** Starts a tax event: all players in the game clockwise from the active one, or the audit target. */
function startTax(t: Table, k: number, target: number, ctx: number): void {
  t.taxK = k;
  t.taxTarget = target;
  t.taxCtx = ctx;
  t.taxN = 0;
  if (target >= 0) t.taxOrder[t.taxN++] = target;
  else {
    for (let i = 0; i < t.players; i++) {
      const q = (t.active + i) % t.players;
      if (t.elim[q] === 0) t.taxOrder[t.taxN++] = q;
    }
  }
  t.taxIndex = 0;
  t.taxElimN = 0;
  t.aucQueue = 0;
  note(t, EV.tax, k, target);
  advanceTaxSelling(t);
}

/** Selling windows (F8) for participants who own a business, in order; then the payments. */
function advanceTaxSelling(t: Table): void {
  for (; t.taxIndex < t.taxN; t.taxIndex++) {
    if (t.bizCount[t.taxOrder[t.taxIndex]] > 0) {
      t.phase = PH_TAX_SELL;
      return;
    }
  }
  payTaxes(t);
}

function payTaxes(t: Table): void {
  const k = t.taxK;
  for (let i = 0; i < t.taxN; i++) t.preTaxCash[t.taxOrder[i]] = t.cash[t.taxOrder[i]];
  for (let i = 0; i < t.taxN; i++) {
    const q = t.taxOrder[i];
    if (t.bizOwner[CHAPTER_11] === q) {
      t.cash[q] += CHAPTER_11_GAIN * k;
      note(t, EV.chapter11, q, CHAPTER_11_GAIN * k);
    }
    const owed = taxOwed(t, q, k);
    if (t.cash[q] >= owed) {
      t.cash[q] -= owed;
      note(t, EV.pay, q, owed, owed);
    } else {
      note(t, EV.pay, q, owed, t.cash[q]);
      t.cash[q] = 0;
      eliminate(t, q);
    }
  }
  const alive = aliveCount(t);
  if (alive === 1) {
    win(t, nextAlive(t, t.taxOrder[0]), 1);
    return;
  }
  if (alive === 0) {
    // §4.5: everybody went bankrupt at once; §7 ranks them by luxuries, then preTaxCash.
    t.bankrupt = true;
    t.phase = PH_OVER;
    note(t, EV.bankrupt);
    return;
  }
  runAuctions(t);
}

/** §4.9: hand, businesses (signs leave the binder) and assets go to the discard pile. */
function eliminate(t: Table, seat: number): void {
  t.elim[seat] = ++t.elimCount;
  t.taxElim[t.taxElimN++] = seat;
  const base = seat * TYPE_COUNT;
  for (let type = 0; type < TYPE_COUNT; type++) {
    for (let n = t.hands[base + type]; n > 0; n--) pushDiscard(t, type);
    t.hands[base + type] = 0;
  }
  t.handSize[seat] = 0;
  t.known[seat] = 0;
  for (let b = 0; b < BUSINESSES.length; b++) if (t.bizOwner[b] === seat) removeBusiness(t, b);
  for (let kind = 0; kind < ASSETS.length; kind++) if (hasAsset(t, seat, kind)) pushDiscard(t, assetType(kind));
  t.assets[seat] = 0;
  note(t, EV.eliminated, seat);
}

/**
 * §4.9 auctions of this event's eliminated players, in elimination order, each one's luxuries
 * cheapest first. Runs until a bidder must decide (F10), the game ends, or all are done.
 */
function runAuctions(t: Table): void {
  for (;;) {
    if (t.aucLux < 0 && !startNextAuction(t)) {
      finishTax(t);
      return;
    }
    if (t.aucBidder < 0 ? t.aucPasses >= t.aucBidders : t.aucPasses >= t.aucBidders - 1) {
      const lux = t.aucLux;
      t.luxCount[t.aucFrom]--;
      if (t.aucBidder < 0) {
        t.luxOwner[lux] = LUX_REMOVED; // a full round without a bid
        note(t, EV.unsold, lux);
      } else {
        const buyer = t.aucBidder;
        t.cash[buyer] -= t.aucHigh;
        t.luxOwner[lux] = buyer;
        t.luxCount[buyer]++;
        note(t, EV.sold, lux, buyer, t.aucHigh);
        if (t.luxCount[buyer] >= LUXURIES_TO_WIN) {
          clearAuction(t);
          win(t, buyer, 0);
          return;
        }
      }
      clearAuction(t);
      continue;
    }
    const seat = t.aucAsked;
    if (t.cash[seat] < minimumBid(t)) {
      t.aucPasses++;
      t.aucPassed |= 1 << seat;
      note(t, EV.pass, seat, 1);
      t.aucAsked = nextBidder(t, seat);
      continue;
    }
    t.phase = PH_AUCTION;
    return;
  }
}

/** Opens the auction of the next luxury in the queue; false once the queue is done. */
function startNextAuction(t: Table): boolean {
  for (; t.aucQueue < t.taxElimN; t.aucQueue++) {
    const from = t.taxElim[t.aucQueue];
    for (let lux = 0; lux < LUXURIES.length; lux++) {
      if (t.luxOwner[lux] !== from) continue;
      t.aucLux = lux;
      t.aucFrom = from;
      t.aucHigh = 0;
      t.aucBidder = -1;
      t.aucPasses = 0;
      t.aucPassed = 0;
      t.aucBidders = aliveCount(t);
      t.aucAsked = nextAlive(t, from); // the player to the eliminated player's left
      note(t, EV.auction, lux, from);
      return true;
    }
  }
  return false;
}

function clearAuction(t: Table): void {
  t.aucLux = -1;
  t.aucFrom = -1;
  t.aucHigh = 0;
  t.aucBidder = -1;
  t.aucAsked = -1;
  t.aucPasses = 0;
  t.aucPassed = 0;
  t.aucBidders = 0;
}

/**
 * The next bidder clockwise after `seat`. It is never the high bidder (§4.9): after his bid the
 * other bidders are asked once each, and either all pass (the auction ends before it comes back
 * to him) or one of them bids and becomes the high bidder.
 */
function nextBidder(t: Table, seat: number): number {
  return nextAlive(t, seat);
}

/** The event is over: back to the page die (roll) or the card actions; an eliminated active player's turn ends. */
function finishTax(t: Table): void {
  const ctx = t.taxCtx;
  t.taxK = 0;
  t.taxTarget = -1;
  t.taxCtx = CTX_ROLL;
  t.taxN = 0;
  t.taxIndex = 0;
  t.taxElimN = 0;
  t.aucQueue = 0;
  // Cleared so the state holds nothing the views do not show (determinize depends on views only).
  t.preTaxCash.fill(0);
  const out = t.elim[t.active] !== 0;
  if (ctx === CTX_ROLL) {
    if (out) endTurn(t);
    else rollPageDie(t);
    return;
  }
  if (t.played >= 0) {
    pushDiscard(t, t.played);
    t.played = -1;
  }
  if (out) {
    endTurn(t); // §8.10: no page die, no draw
    return;
  }
  t.actionsDone++;
  enterCards(t);
}

// ---- ends ---------------------------------------------------------------------------------------

function win(t: Table, seat: number, how: number): void {
  t.winner = seat;
  t.phase = PH_OVER;
  note(t, EV.win, seat, how);
}

/** §7: the environment's cap (0 = turn 200 ended, 1 = decision 10,000). */
function endAtCap(t: Table, reason: number): void {
  t.truncated = true;
  t.phase = PH_OVER;
  note(t, EV.cap, reason);
}
