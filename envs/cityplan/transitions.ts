/**
 * City Plan Delta's flow: the setup (§3) and every transition of rules §4-§7 on a position
 * (commits and the reveal, Income / Exchange / Council, building with its sacrifice and cost
 * discards, Draw 2, the hand limit, income cards, the end of a turn, the turn cap, the City Bonus
 * draw), the cost and power facts of §4.2.1, and determinize (§6). The kit checks legality
 * (actions.ts whyIllegal) first; everything here assumes a legal action and creates no objects or
 * strings (arrays only grow, amortised), except the card list of a reshuffle.
 */
import { AgoraError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import {
  ACTION_CARD_NAMES,
  AC_COUNCIL,
  AC_EXCHANGE,
  AC_INCOME,
  AIRPORT,
  BONUS,
  CHIPS_PER_PLAYER,
  CITY_KINDS,
  CONSTRUCTION_SITE,
  COST,
  DECK_KINDS,
  DRAW_ON_BUILD,
  END_BUILDINGS,
  FARM,
  FLAGS,
  FREE_BUILDS,
  F_C,
  F_ECO,
  F_I,
  F_PLANT,
  F_R,
  GAIN,
  HAND_DEAL,
  HAND_LIMIT,
  HIGHWAY,
  INCOME_CARDS,
  INITIAL_PLANT,
  MAX_PLAYERS,
  MAX_TURNS,
  PARTY_HQ,
  PH_ACTION,
  PH_BUILD,
  PH_EXCHANGE,
  PH_HAND_LIMIT,
  PH_OVER,
  PH_PAY,
  PH_SACRIFICE,
  PLAIN_START_POWER,
  PLANNED_SITE,
  PORT,
  POWER,
  SACRIFICE_DISCOUNT,
  START_POWER,
  STATION,
  TV_TOWER,
  VARIANTS,
  deckCopies,
  type Variant,
} from './components.js';
import { A_BUILD, A_DISCARD, A_DRAW_TWO, A_FINISH_EXCHANGE, A_SACRIFICE } from './actions.js';
import {
  DR_BUILT,
  DR_COUNCIL,
  DR_DRAW_TWO,
  DR_EXCHANGE,
  DR_INCOME,
  DR_INCOME_CARD,
  EV,
  LOG_CAPACITY,
} from './events.js';
import { GAME, POSITION, faceUpSource, placeBuilding, type CityPlanPosition } from './position.js';
import { cityStats, cityTickets } from './scoring.js';

/** Config: the Plain variant of §8.1 or the normal game. */
export interface CityPlanConfig {
  readonly variant?: Variant;
}

/**
 * §3 setup. RNG draws in the order §5 fixes: the deck shuffle (ascending kind order, Fisher-Yates),
 * then the first mayor. Seat 0 takes the top 5 cards, then seat 1, and so on.
 */
export function setup(players: number, seed: number | string, config: CityPlanConfig | undefined): CityPlanPosition {
  const variant = config?.variant ?? 'delta';
  const t = POSITION.create(players);
  t.variant = VARIANTS.indexOf(variant);
  const rng = Rng.fromSeed(seed);
  t.rng = rng;
  const cards: number[] = [];
  deckCopies(variant).forEach((copies, kind) => {
    for (let i = 0; i < copies; i++) cards.push(kind);
  });
  rng.shuffleInPlace(cards);
  // cards[0] is the top of the deck (§5); the position keeps the top at the end.
  t.deck = cards.reverse();
  for (let seat = 0; seat < players; seat++) {
    for (let i = 0; i < HAND_DEAL; i++) t.hands[seat * DECK_KINDS + t.deck.pop()!]++;
    t.handSize[seat] = HAND_DEAL;
    placeBuilding(t, seat, INITIAL_PLANT);
    // §8.1: the Plain Farm is an extra card, built before the game with its power already paid.
    if (variant === 'plain') placeBuilding(t, seat, FARM);
    t.power[seat] = variant === 'plain' ? PLAIN_START_POWER : START_POWER;
  }
  t.mayor = rng.int(players);
  return t;
}

/** Throws AgoraError('bad_request') unless `config` is undefined or { variant?: 'delta' | 'plain' }. */
export function checkConfig(config: unknown): void {
  if (config === undefined) return;
  const ok =
    typeof config === 'object' &&
    config !== null &&
    Object.keys(config).every((k) => k === 'variant') &&
    ((config as { variant?: unknown }).variant === undefined ||
      VARIANTS.includes((config as { variant?: unknown }).variant as Variant));
  if (!ok) {
    throw new AgoraError(
      'bad_request',
      `${GAME}: config is { variant?: 'delta' | 'plain' }; got ${JSON.stringify(config)}`,
    );
  }
}

/**
 * Decisions one seat can be asked in one turn, at most (maxGameLength):
 *   commit 1 + exchange (hand at the turn's start <= 8 + 12 income-card draws = 20 set aside, then
 *   finish: 21) + build (choice 1, sacrifice 1, printed cost <= 4 discards: 6) + hand limit (hand
 *   after the Build phase <= 20 + 1 action draw + 2 = 23, so <= 15 discards) = 43.
 */
const MAX_DECISIONS_PER_SEAT_TURN = 1 + 21 + 6 + 15;
export const maxGameLength = (players: number): number => MAX_TURNS * players * MAX_DECISIONS_PER_SEAT_TURN;

/** The seat to act, -1 once the game is over. */
export function toAct(t: CityPlanPosition): number {
  if (t.phase === PH_OVER) return -1;
  return (t.mayor + (t.phase === PH_ACTION ? t.commitCount : t.cursor)) % t.players;
}

export const isOver = (t: CityPlanPosition): boolean => t.phase === PH_OVER;
export const isTruncated = (t: CityPlanPosition): boolean => t.truncated;

// ---- cost and power of a build (§4.2.1) --------------------------------------------------------

/**
 * §4.2.1 step 1 before the optional sacrifice: 0 while the free-build counter runs, else the
 * printed cost minus Station / Airport / Port / Highway, floored at 0.
 */
export function reducedCost(t: CityPlanPosition, seat: number, kind: number): number {
  if (t.freeBuilds[seat] > 0) return 0;
  const base = seat * CITY_KINDS;
  const city = t.cities;
  const flags = FLAGS[kind];
  let cost = COST[kind];
  if (flags & F_R && city[base + STATION] > 0) cost--;
  if (flags & F_C && city[base + AIRPORT] > 0) cost--;
  if (flags & F_I && city[base + PORT] > 0) cost--;
  if (COST[kind] >= 3 && city[base + HIGHWAY] > 0) cost--;
  return cost < 0 ? 0 : cost;
}

/** §4.2.1 step 1 and §8.7: the sacrifice is offered only when the cost left is above 0. */
export function isSacrificeOffered(t: CityPlanPosition, seat: number, reduced: number): boolean {
  return reduced > 0 && t.cities[seat * CITY_KINDS + CONSTRUCTION_SITE] > 0;
}

export const costAfterSacrifice = (reduced: number): number =>
  reduced > SACRIFICE_DISCOUNT ? reduced - SACRIFICE_DISCOUNT : 0;

/** §4.2.1 step 2: plants pay nothing; TV Tower makes every other building free of power. */
export function powerCost(t: CityPlanPosition, seat: number, kind: number): number {
  if (FLAGS[kind] & F_PLANT) return 0;
  return t.cities[seat * CITY_KINDS + TV_TOWER] > 0 ? 0 : POWER[kind];
}

/**
 * §4.2.1 step 3 for a card still in the hand: the other hand cards cover the card cost (with the
 * sacrifice if needed) and the chips cover the power.
 */
export function canBuild(t: CityPlanPosition, seat: number, kind: number): boolean {
  if (t.hands[seat * DECK_KINDS + kind] === 0) return false;
  if (t.power[seat] < powerCost(t, seat, kind)) return false;
  const others = t.handSize[seat] - 1;
  const reduced = reducedCost(t, seat, kind);
  if (others >= reduced) return true;
  return isSacrificeOffered(t, seat, reduced) && others >= costAfterSacrifice(reduced);
}

// ---- transitions -------------------------------------------------------------------------------

/** Plays a validated action, then drops the log records every seat has seen since it last moved. */
export function apply(t: CityPlanPosition, action: number): void {
  const seat = toAct(t);
  t.lastMove[seat] = t.log.length;
  play(t, seat, action);
  let start = t.lastMove[0];
  for (let s = 1; s < t.players; s++) if (t.lastMove[s] < start) start = t.lastMove[s];
  if (start > 0) dropRecords(t, start);
}

/** Forgets the oldest `records` log records; lastMove indices move with them (never below 0). */
function dropRecords(t: CityPlanPosition, records: number): void {
  t.log.dropFirst(records);
  for (let s = 0; s < t.players; s++) t.lastMove[s] = t.lastMove[s] > records ? t.lastMove[s] - records : 0;
}

function play(t: CityPlanPosition, seat: number, action: number): void {
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
        // Kept ascending: insert before the first larger kind.
        const aside = t.setAside;
        let i = aside.length;
        aside.push(kind);
        for (; i > 0 && aside[i - 1] > kind; i--) aside[i] = aside[i - 1];
        aside[i] = kind;
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
        t.discards[faceUpSource(t) * DECK_KINDS + CONSTRUCTION_SITE]++;
        t.pileSize++;
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

function discardFromHand(t: CityPlanPosition, seat: number, kind: number): void {
  t.hands[seat * DECK_KINDS + kind]--;
  t.handSize[seat]--;
  t.discards[seat * DECK_KINDS + kind]++;
  t.pileSize++;
}

// ---- action phase (§4.1) -----------------------------------------------------------------------

/** All commits are in: reveal, then Income players draw, then Exchange players are asked in turn. */
function reveal(t: CityPlanPosition): void {
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
function continueExchanges(t: CityPlanPosition): void {
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
function finishExchange(t: CityPlanPosition, seat: number): void {
  const count = t.setAside.length;
  for (const kind of t.setAside) t.discards[seat * DECK_KINDS + kind]++;
  t.pileSize += count;
  t.setAside.length = 0;
  note(t, EV.exchange, seat, count);
  draw(t, seat, count, DR_EXCHANGE);
  t.cursor++;
  continueExchanges(t);
}

/** §4.1 Council in mayor order: a chip (Party Headquarters: one more if any is left), else a card. */
function resolveCouncil(t: CityPlanPosition): void {
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
function chooseBuilding(t: CityPlanPosition, seat: number, kind: number): void {
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

function setCost(t: CityPlanPosition, seat: number, cost: number): void {
  t.pendingCost = cost;
  t.pendingDue = cost;
  if (cost === 0) completeBuild(t, seat);
  else t.phase = PH_PAY;
}

/** §4.2.1 steps 4-6 after the last cost card: pay power, place X, gains and "when built" effects. */
function completeBuild(t: CityPlanPosition, seat: number): void {
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

function nextBuilder(t: CityPlanPosition): void {
  t.cursor++;
  t.phase = PH_BUILD;
  if (t.cursor < t.players) return;
  t.cursor = 0;
  continueHandLimit(t);
}

/** §4.2 hand limit in mayor order; then the Income phase and the end of the turn. */
function continueHandLimit(t: CityPlanPosition): void {
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

/** CityPlanPosition 2.3 as flags: what each income card counts (0 = buildings), its trigger and its payout. */
const INCOME_FLAGS: Uint8Array = Uint8Array.from(
  INCOME_CARDS,
  (card) => ({ R: F_R, C: F_C, I: F_I, eco: F_ECO, plants: F_PLANT, buildings: 0 })[card.measure],
);
const INCOME_THRESHOLD: Uint8Array = Uint8Array.from(INCOME_CARDS, (card) =>
  card.measure === 'buildings' ? END_BUILDINGS - 2 : 2,
);
/** Scratch for the measures of one income card (no allocation per turn). */
const measures = new Uint8Array(MAX_PLAYERS);

function incomeMeasure(t: CityPlanPosition, seat: number, card: number): number {
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

function incomePhase(t: CityPlanPosition): void {
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

function endTurn(t: CityPlanPosition): void {
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
function endGame(t: CityPlanPosition, truncated: boolean): void {
  t.truncated = truncated;
  t.cursor = 0;
  note(t, EV.end, truncated ? 1 : 0);
  for (let seat = 0; seat < t.players; seat++) {
    const base = seat * DECK_KINDS;
    for (let k = 0; k < DECK_KINDS; k++) {
      t.discards[base + k] += t.hands[base + k];
      t.pileSize += t.hands[base + k];
      t.hands[base + k] = 0;
    }
    t.handSize[seat] = 0;
  }
  const faceUp = faceUpSource(t) * DECK_KINDS;
  for (let i = 0; i < t.players; i++) {
    const seat = (t.mayor + i) % t.players;
    const tickets = cityTickets(cityStats(t.cities, seat * CITY_KINDS));
    let points = 0;
    for (let j = 0; j < tickets; j++) {
      const card = takeTop(t);
      if (card < 0) break;
      t.bonusDraws.push(seat, card);
      points += BONUS[card];
      t.discards[faceUp + card]++;
      t.pileSize++;
    }
    note(t, EV.cityBonus, seat, tickets, points);
  }
  t.phase = PH_OVER;
}

// ---- the deck (§4.1 step 3, §5) ----------------------------------------------------------------

/** Draws up to `count` cards for a seat; draws with no card anywhere are lost (§8.1). */
function draw(t: CityPlanPosition, seat: number, count: number, reason: number): void {
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
function takeTop(t: CityPlanPosition): number {
  if (t.deck.length === 0 && !reshuffle(t)) return -1;
  return t.deck.pop()!;
}

/**
 * §5: the pile is sorted into ascending kind order and shuffled with the state's RNG by the core
 * Fisher-Yates; all discard knowledge (ownDiscards, publicDiscards) ends with it.
 */
function reshuffle(t: CityPlanPosition): boolean {
  if (t.pileSize === 0) return false;
  const cards: number[] = [];
  const d = t.discards;
  for (let k = 0; k < DECK_KINDS; k++) {
    for (let at = k; at < d.length; at += DECK_KINDS) for (; d[at] > 0; d[at]--) cards.push(k);
  }
  t.pileSize = 0;
  t.rng.shuffleInPlace(cards);
  // cards[0] is the top (§5); the table keeps the top at the end.
  t.deck = cards.reverse();
  note(t, EV.reshuffle, t.deck.length);
  return true;
}

// ---- log ---------------------------------------------------------------------------------------

/** Appends an event of this turn; a full log drops its oldest record first. */
function note(t: CityPlanPosition, kind: number, a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0): void {
  if (t.log.length === LOG_CAPACITY) dropRecords(t, 1);
  t.log.push(kind, t.turn, a0, a1, a2, a3, a4);
}

// ---- determinize (§6) --------------------------------------------------------------------------

/**
 * §6: pools every card `seat` cannot see (other hands, other set-aside cards, the deck, the other
 * seats' face-down discards) in ascending kind order, shuffles it with `rng` and deals it back
 * into the same slots; other seats' hidden action cards are redrawn; the world's RNG is reseeded.
 * Everything kept is public or the seat's own, so the world depends on view(seat) and rng only.
 */
export function determinize(p: CityPlanPosition, seat: number, rng: Rng): CityPlanPosition {
  const w = POSITION.clone(p);
  const n = w.players;
  const hidden = new Array<number>(DECK_KINDS).fill(0);
  const hideSetAside = toAct(w) !== seat;
  for (let s = 0; s < n; s++) {
    if (s !== seat) for (let k = 0; k < DECK_KINDS; k++) hidden[k] += w.hands[s * DECK_KINDS + k];
  }
  if (hideSetAside) for (const k of w.setAside) hidden[k]++;
  // Other seats' face-down discards, by source (the face-up ones are public).
  const pileCounts = new Array<number>(n).fill(0);
  for (let s = 0; s < n; s++) {
    if (s === seat) continue;
    for (let k = 0; k < DECK_KINDS; k++) {
      hidden[k] += w.discards[s * DECK_KINDS + k];
      pileCounts[s] += w.discards[s * DECK_KINDS + k];
    }
  }
  for (const k of w.deck) hidden[k]++;
  const pool: number[] = [];
  hidden.forEach((count, k) => {
    for (let i = 0; i < count; i++) pool.push(k);
  });
  rng.shuffleInPlace(pool);
  let next = 0;
  for (let s = 0; s < n; s++) {
    if (s === seat) continue;
    w.hands.fill(0, s * DECK_KINDS, (s + 1) * DECK_KINDS);
    for (let i = 0; i < w.handSize[s]; i++) w.hands[s * DECK_KINDS + pool[next++]]++;
  }
  if (hideSetAside) for (let i = 0; i < w.setAside.length; i++) w.setAside[i] = pool[next++];
  for (let s = 0; s < n; s++) {
    if (s === seat) continue;
    w.discards.fill(0, s * DECK_KINDS, (s + 1) * DECK_KINDS);
    for (let i = 0; i < pileCounts[s]; i++) w.discards[s * DECK_KINDS + pool[next++]]++;
  }
  for (let i = 0; i < w.deck.length; i++) w.deck[i] = pool[next++];
  if (w.phase === PH_ACTION) {
    for (let s = 0; s < n; s++) if (s !== seat && w.commits[s] >= 0) w.commits[s] = rng.int(ACTION_CARD_NAMES.length);
  }
  w.setAside.sort((x, y) => x - y);
  w.rng = rng.fork('world');
  return w;
}
