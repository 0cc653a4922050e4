/**
 * Every transition of rules §4-§7 on a Table: commits and the reveal, Income / Exchange / Council,
 * building with its sacrifice and cost discards, Draw 2, the hand limit, income cards, the end of a
 * turn, the turn cap, and the City Bonus draw. rules.ts validates; everything here assumes a legal
 * action and creates no objects or strings (arrays only grow, amortised), except the card list of a
 * reshuffle.
 */
import { Rng } from '../core/rng.js';
import {
  BONUS,
  CHIPS_PER_PLAYER,
  CITY_KINDS,
  CONSTRUCTION_SITE,
  DECK_KINDS,
  DRAW_ON_BUILD,
  END_BUILDINGS,
  FLAGS,
  FREE_BUILDS,
  F_C,
  F_ECO,
  F_I,
  F_PLANT,
  F_R,
  GAIN,
  HAND_LIMIT,
  INCOME_CARDS,
  MAX_PLAYERS,
  MAX_TURNS,
  PARTY_HQ,
  PLANNED_SITE,
} from './cards.js';
import {
  DR_BUILT,
  DR_COUNCIL,
  DR_DRAW_TWO,
  DR_EXCHANGE,
  DR_INCOME,
  DR_INCOME_CARD,
  EV,
  LOG_ARG_LIMIT,
  LOG_CAPACITY,
  LOG_COMPACT_AT,
} from './log.js';
import { cityStats, cityTickets } from './scoring.js';
import {
  AC_COUNCIL,
  AC_EXCHANGE,
  AC_INCOME,
  A_BUILD,
  A_DISCARD,
  A_DRAW_TWO,
  A_FINISH_EXCHANGE,
  A_SACRIFICE,
  PH_ACTION,
  PH_BUILD,
  PH_EXCHANGE,
  PH_HAND_LIMIT,
  PH_OVER,
  PH_PAY,
  PH_SACRIFICE,
  PILE_STRIDE,
  costAfterSacrifice,
  faceUpSource,
  isSacrificeOffered,
  placeBuilding,
  powerCost,
  reducedCost,
  toAct,
  type Table,
} from './table.js';

/** Plays a validated action, then drops the log records every seat has seen since it last moved. */
export function applyUnchecked(t: Table, action: number): void {
  const seat = toAct(t);
  t.lastMove[seat] = t.log.length;
  play(t, seat, action);
  let start = t.lastMove[0];
  for (let s = 1; s < t.players; s++) if (t.lastMove[s] < start) start = t.lastMove[s];
  if (start > t.logStart) t.logStart = start;
  if (t.logStart >= LOG_COMPACT_AT) {
    const cut = t.logStart;
    t.log.copyWithin(0, cut);
    t.log.length -= cut;
    for (let s = 0; s < t.players; s++) t.lastMove[s] -= cut;
    t.logStart = 0;
  }
}

function play(t: Table, seat: number, action: number): void {
  switch (t.phase) {
    case PH_ACTION:
      t.commits[seat] = action;
      t.commitCount++;
      note(t, EV.commit, seat);
      if (t.commitCount === t.players) reveal(t);
      return;
    case PH_EXCHANGE:
      if (action === A_FINISH_EXCHANGE) finishExchange(t, seat);
      else {
        const kind = action - A_DISCARD;
        t.hands[seat * DECK_KINDS + kind]--;
        t.handSize[seat]--;
        t.setAside.push(kind);
      }
      return;
    case PH_BUILD:
      if (action === A_DRAW_TWO) {
        note(t, EV.drawTwo, seat);
        draw(t, seat, 2, DR_DRAW_TWO);
        nextBuilder(t);
      } else chooseBuilding(t, seat, action - A_BUILD);
      return;
    case PH_SACRIFICE: {
      let cost = reducedCost(t, seat, t.pendingKind);
      if (action === A_SACRIFICE) {
        // §4.2.1 step 1: the site leaves the city face up; the building count drops until X is placed.
        t.cities[seat * CITY_KINDS + CONSTRUCTION_SITE]--;
        t.buildings[seat]--;
        t.pile.push(faceUpSource(t) * PILE_STRIDE + CONSTRUCTION_SITE);
        t.pendingSacrificed = true;
        cost = costAfterSacrifice(cost);
      }
      setCost(t, seat, cost);
      return;
    }
    case PH_PAY:
      discardFromHand(t, seat, action - A_DISCARD);
      if (--t.pendingDue === 0) completeBuild(t, seat);
      return;
    case PH_HAND_LIMIT:
      discardFromHand(t, seat, action - A_DISCARD);
      if (t.handSize[seat] === HAND_LIMIT) {
        t.cursor++;
        continueHandLimit(t);
      }
      return;
  }
}

function discardFromHand(t: Table, seat: number, kind: number): void {
  t.hands[seat * DECK_KINDS + kind]--;
  t.handSize[seat]--;
  t.pile.push(seat * PILE_STRIDE + kind);
}

// ---- action phase (§4.1) -----------------------------------------------------------------------

/** All commits are in: reveal, then Income players draw, then Exchange players are asked in turn. */
function reveal(t: Table): void {
  for (let i = 0; i < t.players; i++) {
    const seat = (t.mayor + i) % t.players;
    note(t, EV.played, seat, t.commits[seat]);
  }
  for (let i = 0; i < t.players; i++) {
    const seat = (t.mayor + i) % t.players;
    if (t.commits[seat] === AC_INCOME) draw(t, seat, 1, DR_INCOME);
  }
  t.cursor = 0;
  continueExchanges(t);
}

/** Asks the next Exchange player in mayor order; once none is left, resolves Council and builds. */
function continueExchanges(t: Table): void {
  for (; t.cursor < t.players; t.cursor++) {
    if (t.commits[(t.mayor + t.cursor) % t.players] === AC_EXCHANGE) {
      t.phase = PH_EXCHANGE;
      return;
    }
  }
  resolveCouncil(t);
  t.cursor = 0;
  t.phase = PH_BUILD;
}

/** §4.1 Exchange: the set-aside cards reach the pile before the draws, so a reshuffle includes them. */
function finishExchange(t: Table, seat: number): void {
  const count = t.setAside.length;
  for (const kind of t.setAside) t.pile.push(seat * PILE_STRIDE + kind);
  t.setAside.length = 0;
  note(t, EV.exchange, seat, count);
  draw(t, seat, count, DR_EXCHANGE);
  t.cursor++;
  continueExchanges(t);
}

/** §4.1 Council in mayor order: a chip (Party Headquarters: one more if any is left), else a card. */
function resolveCouncil(t: Table): void {
  for (let i = 0; i < t.players; i++) {
    const seat = (t.mayor + i) % t.players;
    if (t.commits[seat] !== AC_COUNCIL) continue;
    if (t.assembly === 0) {
      draw(t, seat, 1, DR_COUNCIL);
      continue;
    }
    let taken = 1;
    t.assembly--;
    if (t.assembly > 0 && t.cities[seat * CITY_KINDS + PARTY_HQ] > 0) {
      t.assembly--;
      taken++;
    }
    t.councilors[seat] += taken;
    note(t, EV.chips, seat, taken);
  }
}

// ---- build phase (§4.2) ------------------------------------------------------------------------

/** X leaves the hand at once; then the sacrifice question (if offered) or the cost discards. */
function chooseBuilding(t: Table, seat: number, kind: number): void {
  t.hands[seat * DECK_KINDS + kind]--;
  t.handSize[seat]--;
  t.pendingKind = kind;
  t.pendingSacrificed = false;
  const cost = reducedCost(t, seat, kind);
  if (isSacrificeOffered(t, seat, cost)) {
    t.pendingCost = 0;
    t.pendingDue = 0;
    t.phase = PH_SACRIFICE;
    return;
  }
  setCost(t, seat, cost);
}

function setCost(t: Table, seat: number, cost: number): void {
  t.pendingCost = cost;
  t.pendingDue = cost;
  if (cost === 0) completeBuild(t, seat);
  else t.phase = PH_PAY;
}

/** §4.2.1 steps 4-6 after the last cost card: pay power, place X, gains and "when built" effects. */
function completeBuild(t: Table, seat: number): void {
  const kind = t.pendingKind;
  const power = powerCost(t, seat, kind);
  t.power[seat] -= power;
  if (t.freeBuilds[seat] > 0) t.freeBuilds[seat]--;
  placeBuilding(t, seat, kind);
  note(t, EV.build, seat, kind, t.pendingCost, power, t.pendingSacrificed ? 1 : 0);
  t.pendingKind = -1;
  t.pendingCost = 0;
  t.pendingDue = 0;
  t.pendingSacrificed = false;
  if (GAIN[kind] > 0) {
    t.power[seat] += GAIN[kind];
    note(t, EV.gain, seat, GAIN[kind]);
  }
  if (kind === PLANNED_SITE) {
    t.freeBuilds[seat] = FREE_BUILDS;
    note(t, EV.freeBuilds, seat, FREE_BUILDS);
  }
  if (DRAW_ON_BUILD[kind] > 0) draw(t, seat, DRAW_ON_BUILD[kind], DR_BUILT);
  nextBuilder(t);
}

function nextBuilder(t: Table): void {
  t.cursor++;
  t.phase = PH_BUILD;
  if (t.cursor < t.players) return;
  t.cursor = 0;
  continueHandLimit(t);
}

/** §4.2 hand limit in mayor order; then the Income phase and the end of the turn. */
function continueHandLimit(t: Table): void {
  for (; t.cursor < t.players; t.cursor++) {
    const seat = (t.mayor + t.cursor) % t.players;
    if (t.handSize[seat] > HAND_LIMIT) {
      note(t, EV.handLimit, seat, t.handSize[seat] - HAND_LIMIT);
      t.phase = PH_HAND_LIMIT;
      return;
    }
  }
  incomePhase(t);
  endTurn(t);
}

// ---- income phase (§4.3) -----------------------------------------------------------------------

/** Table 2.3 as flags: what each income card counts (0 = buildings), its trigger and its payout. */
const INCOME_FLAGS: Uint8Array = Uint8Array.from(
  INCOME_CARDS,
  (card) => ({ R: F_R, C: F_C, I: F_I, eco: F_ECO, plants: F_PLANT, buildings: 0 })[card.measure],
);
const INCOME_THRESHOLD: Uint8Array = Uint8Array.from(INCOME_CARDS, (card) =>
  card.measure === 'buildings' ? END_BUILDINGS - 2 : 2,
);
/** Scratch for the measures of one income card (no allocation per turn). */
const measures = new Uint8Array(MAX_PLAYERS);

function incomeMeasure(t: Table, seat: number, card: number): number {
  const mask = INCOME_FLAGS[card];
  if (mask === 0) return t.buildings[seat];
  const base = seat * CITY_KINDS;
  let n = 0;
  for (let k = 0; k < CITY_KINDS; k++) if (FLAGS[k] & mask) n += t.cities[base + k];
  return n;
}

/** Cards a seat draws when income card `card` triggers (table 2.3). */
function incomeAmount(card: number, measure: number): number {
  switch (INCOME_CARDS[card].measure) {
    case 'eco':
      return measure < 2 ? measure : 2;
    case 'buildings':
      return measure <= END_BUILDINGS - 3 ? 2 : 0;
    default:
      return measure >= 2 ? 2 : 1;
  }
}

function incomePhase(t: Table): void {
  for (let card = 0; card < INCOME_CARDS.length; card++) {
    if (t.incomeUsed & (1 << card)) continue;
    const threshold = INCOME_THRESHOLD[card];
    let triggered = false;
    for (let seat = 0; seat < t.players; seat++) {
      measures[seat] = incomeMeasure(t, seat, card);
      if (measures[seat] >= threshold) triggered = true;
    }
    if (!triggered) continue;
    note(t, EV.income, card);
    for (let i = 0; i < t.players; i++) {
      const seat = (t.mayor + i) % t.players;
      draw(t, seat, incomeAmount(card, measures[seat]), DR_INCOME_CARD);
    }
    const first = t.incomeUsed === 0;
    t.incomeUsed |= 1 << card;
    if (first) {
      t.assembly = CHIPS_PER_PLAYER * t.players;
      note(t, EV.councilOpens, t.assembly);
    }
  }
}

// ---- end of turn, end of game (§4.4, §7) -------------------------------------------------------

function endTurn(t: Table): void {
  let reached = false;
  for (let seat = 0; seat < t.players; seat++) if (t.buildings[seat] >= END_BUILDINGS) reached = true;
  if (reached || t.turn === MAX_TURNS) {
    endGame(t, !reached);
    return;
  }
  t.mayor = (t.mayor + 1) % t.players;
  t.turn++;
  t.commits.fill(-1);
  t.commitCount = 0;
  t.cursor = 0;
  t.phase = PH_ACTION;
}

/**
 * §7.1 item 7: every hand goes to the pile (face down, by its owner), then in mayor order each seat
 * draws its tickets one card at a time, scoring each card's bonus and putting it face up on the pile.
 */
function endGame(t: Table, truncated: boolean): void {
  t.truncated = truncated;
  t.cursor = 0;
  note(t, EV.end, truncated ? 1 : 0);
  for (let seat = 0; seat < t.players; seat++) {
    const base = seat * DECK_KINDS;
    for (let k = 0; k < DECK_KINDS; k++) {
      for (; t.hands[base + k] > 0; t.hands[base + k]--) t.pile.push(seat * PILE_STRIDE + k);
    }
    t.handSize[seat] = 0;
  }
  const faceUp = faceUpSource(t) * PILE_STRIDE;
  for (let i = 0; i < t.players; i++) {
    const seat = (t.mayor + i) % t.players;
    const tickets = cityTickets(cityStats(t.cities, seat * CITY_KINDS));
    let points = 0;
    for (let j = 0; j < tickets; j++) {
      const card = takeTop(t);
      if (card < 0) break;
      t.bonusDraws.push(seat, card);
      points += BONUS[card];
      t.pile.push(faceUp + card);
    }
    note(t, EV.cityBonus, seat, tickets, points);
  }
  t.phase = PH_OVER;
}

// ---- the deck (§4.1 step 3, §5) ----------------------------------------------------------------

/** Draws up to `count` cards for a seat; draws with no card anywhere are lost (§8.1). */
function draw(t: Table, seat: number, count: number, reason: number): void {
  let got = 0;
  const base = seat * DECK_KINDS;
  for (; got < count; got++) {
    const card = takeTop(t);
    if (card < 0) break;
    t.hands[base + card]++;
  }
  t.handSize[seat] += got;
  if (got > 0) note(t, EV.draw, seat, got, reason);
  if (got < count) note(t, EV.lost, seat, count - got);
}

/** The top card, reshuffling the discard pile first if the deck is empty; -1 if both are empty. */
function takeTop(t: Table): number {
  if (t.deck.length === 0 && !reshuffle(t)) return -1;
  return t.deck.pop()!;
}

/**
 * §5: the pile is sorted into ascending kind order and shuffled with the state's RNG by the core
 * Fisher-Yates; all discard knowledge (ownDiscards, publicDiscards) ends with it.
 */
function reshuffle(t: Table): boolean {
  if (t.pile.length === 0) return false;
  const cards = t.pile.map((entry) => entry % PILE_STRIDE).sort((a, b) => a - b);
  t.pile.length = 0;
  const rng = Rng.fromState(t.rng);
  rng.shuffleInPlace(cards);
  t.rng = rng.state();
  // cards[0] is the top (§5); the table keeps the top at the end.
  t.deck = cards.reverse();
  note(t, EV.reshuffle, t.deck.length);
  return true;
}

// ---- log ---------------------------------------------------------------------------------------

const TURN_SCALE = 32;
const ARG_SCALE = TURN_SCALE * 64;

/** Appends an event packed as log.ts packEvent does, inlined: numbers only, no objects or strings. */
function note(t: Table, kind: number, a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0): void {
  if (t.log.length - t.logStart === LOG_CAPACITY) t.logStart++;
  const L = LOG_ARG_LIMIT;
  t.log.push(kind + TURN_SCALE * t.turn + ARG_SCALE * (a0 + L * (a1 + L * (a2 + L * (a3 + L * a4)))));
}
