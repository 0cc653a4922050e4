/**
 * City Plan Delta's position, declared once (envs/core/position.ts derives clone, toJSON and the
 * checked fromJSON). Cards are stored by kind: copies of a kind are interchangeable, and a deck of
 * kinds shuffled from ascending kind order draws exactly what a deck of card ids in ascending id
 * order would (§5). Arrays are plain number arrays: V8 copies small-integer arrays faster than it
 * allocates typed arrays, and search clones every one of them. `check` holds the rules' invariants
 * (every card of §2 exactly once, chips, phase structure); version 1 (before the kit) migrates.
 */
import { z } from 'zod';
import { definePosition, field, type Position } from '../core/position.js';
import { parseSavedState } from '../core/saved-state.js';
import {
  ACTION_CARD_NAMES,
  AC_EXCHANGE,
  CHIPS_PER_PLAYER,
  CITY_KINDS,
  CONSTRUCTION_SITE,
  COST,
  COUNCILOR_CHIPS,
  DECK_KINDS,
  DECK_SIZE,
  END_BUILDINGS,
  FREE_BUILDS,
  HAND_LIMIT,
  INCOME_CARDS,
  INITIAL_PLANT,
  KINDS,
  MAX_PLAYERS,
  MAX_POWER,
  MAX_TICKETS,
  MAX_TURNS,
  MIN_PLAYERS,
  PHASES,
  PH_ACTION,
  PH_EXCHANGE,
  PH_HAND_LIMIT,
  PH_OVER,
  PH_PAY,
  PH_SACRIFICE,
  PLANNED_SITE,
  VARIANTS,
  expectedCopies,
} from './components.js';
import { EVENTS, LOG_ARG_LIMIT, LOG_CAPACITY, LOG_KINDS, LOG_KIND_NAMES } from './events.js';
import { cityStats, cityTickets } from './scoring.js';
import { costAfterSacrifice, isSacrificeOffered, powerCost, reducedCost, toAct } from './transitions.js';

/** Most copies of one kind in a game: the Initial Power Plants of 5 players. */
const MAX_KIND_COPIES = MAX_PLAYERS;
export const GAME = 'cityplan';

/** A per-seat length. */
const perSeat = (players: number): number => players;
const allCards = Math.max(DECK_SIZE.delta, DECK_SIZE.plain);

export const POSITION = definePosition({
  game: GAME,
  version: 2,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  fields: {
    variant: field.choice(VARIANTS),
    phase: field.choice(PHASES),
    turn: field.int(1, MAX_TURNS, 1),
    mayor: field.int(0, MAX_PLAYERS - 1),
    /** hands[seat * DECK_KINDS + kind] = copies held. */
    hands: field.ints((n) => n * DECK_KINDS, { min: 0, max: MAX_KIND_COPIES }),
    /** Hand sizes (derived from hands). */
    handSize: field.ints(perSeat, { min: 0, max: allCards }),
    /** cities[seat * CITY_KINDS + kind] = buildings of that kind. */
    cities: field.ints((n) => n * CITY_KINDS, { min: 0, max: MAX_KIND_COPIES }),
    /** Building counts (derived from cities). */
    buildings: field.ints(perSeat, { min: 0, max: allCards }),
    power: field.ints(perSeat, { min: 0, max: MAX_POWER }),
    councilors: field.ints(perSeat, { min: 0, max: COUNCILOR_CHIPS }),
    freeBuilds: field.ints(perSeat, { min: 0, max: FREE_BUILDS }),
    /** The draw deck, bottom first: deck[deck.length - 1] is the top card, so a draw is a pop. */
    deck: field.list(allCards, { min: 0, max: DECK_KINDS - 1 }),
    /**
     * The discard pile as counts: discards[source * DECK_KINDS + kind], source = a seat for its
     * face-down discards, `players` for face-up ones (§6 "Discard pile knowledge"). Its order never
     * matters: a reshuffle sorts it first (§5).
     */
    discards: field.ints((n) => (n + 1) * DECK_KINDS, { min: 0, max: MAX_KIND_COPIES }),
    /** Cards on the discard pile (derived from discards). */
    pileSize: field.int(0, allCards),
    /** Kinds set aside by the Exchange player being asked, ascending (count as discarded, §9). */
    setAside: field.list(allCards, { min: 0, max: DECK_KINDS - 1 }),
    /** Councilor chips on the assembly. */
    assembly: field.int(0, COUNCILOR_CHIPS),
    /** Bitmask of income cards 0..5 already triggered. */
    incomeUsed: field.int(0, (1 << INCOME_CARDS.length) - 1),
    /** Per seat the action card committed this turn (AC_*), -1 = none yet. */
    commits: field.ints(perSeat, { min: -1, max: ACTION_CARD_NAMES.length - 1, fill: -1 }),
    /** Seats that committed (derived: the count of commits while choosing, else every seat). */
    commitCount: field.int(0, MAX_PLAYERS),
    /** Position in mayor order of the seat asked in exchange, build, sacrifice, pay and handLimit. */
    cursor: field.int(0, MAX_PLAYERS - 1),
    /** The building being built (-1 none), its card cost after the sacrifice choice, cards still due. */
    pendingKind: field.int(-1, DECK_KINDS - 1, -1),
    pendingCost: field.int(0, 4),
    pendingDue: field.int(0, 4),
    pendingSacrificed: field.bool(),
    truncated: field.bool(),
    /** Drawn at setup and on reshuffles only (§5). */
    rng: field.rng(),
    /** City Bonus cards drawn at the end as (seat, kind) pairs in draw order. */
    bonusDraws: field.list((n) => 2 * n * MAX_TICKETS, { min: 0, max: DECK_KINDS - 1 }),
    /** Public events since the oldest last move of any seat; each record's first argument is its turn. */
    log: field.log(EVENTS, LOG_CAPACITY),
    /** Per seat, the record in `log` where its last move's events begin (0 before its first move). */
    lastMove: field.ints(perSeat, { min: 0, max: LOG_CAPACITY }),
  },
  unsaved: ['handSize', 'buildings', 'pileSize', 'commitCount'],
  check: (p, bad) => check(p, bad),
  migrations: { 1: fromVersion1 },
});

export type CityPlanPosition = Position<typeof POSITION.spec.fields>;

/** Index of the face-up source in `discards` (cards anyone saw go there): seats are 0..players-1. */
export const faceUpSource = (p: CityPlanPosition): number => p.players;

/** Adds a building to a city (setup, a completed build). */
export function placeBuilding(p: CityPlanPosition, seat: number, kind: number): void {
  p.cities[seat * CITY_KINDS + kind]++;
  p.buildings[seat]++;
}

/** Cards on the discard pile from one source (a seat, or faceUpSource). */
export function pileCount(p: CityPlanPosition, source: number): number {
  let n = 0;
  const base = source * DECK_KINDS;
  for (let k = 0; k < DECK_KINDS; k++) n += p.discards[base + k];
  return n;
}

/** Where every card is, per kind 0..50: the conservation check. */
function countCards(p: CityPlanPosition): number[] {
  const out = new Array<number>(CITY_KINDS).fill(0);
  for (let seat = 0; seat < p.players; seat++) {
    for (let k = 0; k < DECK_KINDS; k++) out[k] += p.hands[seat * DECK_KINDS + k];
    for (let k = 0; k < CITY_KINDS; k++) out[k] += p.cities[seat * CITY_KINDS + k];
  }
  for (let source = 0; source <= p.players; source++) {
    for (let k = 0; k < DECK_KINDS; k++) out[k] += p.discards[source * DECK_KINDS + k];
  }
  for (const k of p.deck) out[k]++;
  for (const k of p.setAside) out[k]++;
  if (p.pendingKind >= 0) out[p.pendingKind]++;
  return out;
}

const names = (kinds: readonly number[]) => kinds.map((k) => KINDS[k].name).join(', ');

// ---- the cross-field rules of a loaded position ------------------------------------------------

function check(p: CityPlanPosition, bad: (detail: string) => never): void {
  const n = p.players;
  if (p.mayor >= n) bad(`mayor ${p.mayor} is not a seat of a ${n}-player game`);
  if (p.cursor >= n) bad(`cursor ${p.cursor} is not a position of a ${n}-player game`);
  for (let s = 0; s < n; s++) {
    let hand = 0;
    for (let k = 0; k < DECK_KINDS; k++) hand += p.hands[s * DECK_KINDS + k];
    p.handSize[s] = hand;
    let city = 0;
    for (let k = 0; k < CITY_KINDS; k++) city += p.cities[s * CITY_KINDS + k];
    p.buildings[s] = city;
    if (p.cities[s * CITY_KINDS + INITIAL_PLANT] !== 1)
      bad(`seat ${s}'s city must hold exactly one Initial Power Plant`);
    if (city > END_BUILDINGS) bad(`seat ${s} has ${city} buildings; nobody can exceed ${END_BUILDINGS} (§8.6)`);
    if (p.freeBuilds[s] > 0 && p.cities[s * CITY_KINDS + PLANNED_SITE] === 0) {
      bad(`seat ${s} has a free-build counter of ${p.freeBuilds[s]} without a Planned Construction Site`);
    }
  }
  p.pileSize = p.discards.reduce((a, b) => a + b, 0);
  for (let i = 1; i < p.setAside.length; i++) {
    if (p.setAside[i - 1] > p.setAside[i]) bad('setAside lists kinds in ascending order');
  }

  // §2 and §8.1: every card of the variant exactly once (bonus draws are a record, not a place).
  const variant = VARIANTS[p.variant];
  const have = countCards(p);
  const want = expectedCopies(n, variant);
  for (let k = 0; k < CITY_KINDS; k++) {
    if (have[k] !== want[k]) {
      bad(`the state holds ${have[k]} ${KINDS[k].name} card(s); a ${variant} game of ${n} has exactly ${want[k]}`);
    }
  }

  // §4.3: chips reach the assembly only with the first income card, 3 per player.
  const held = p.councilors.reduce((a, b) => a + b, 0);
  if (p.incomeUsed === 0 && (held > 0 || p.assembly > 0))
    bad('the council is not open (no income card used), so no chip can be out');
  if (p.incomeUsed !== 0 && held + p.assembly !== CHIPS_PER_PLAYER * n) {
    bad(`${held} chips held + ${p.assembly} on the assembly must be ${CHIPS_PER_PLAYER * n} once the council is open`);
  }

  checkPhase(p, bad);
  checkLog(p, bad);
}

/** The structure each phase implies (§9 sub-phase flow). */
function checkPhase(p: CityPlanPosition, bad: (detail: string) => never): void {
  const n = p.players;
  const phase = p.phase;
  const phaseName = PHASES[phase];
  const reached = Array.from({ length: n }, (_, s) => s).filter((s) => p.buildings[s] >= END_BUILDINGS);
  const committed = p.commits.filter((c) => c >= 0).length;
  p.commitCount = phase === PH_ACTION ? committed : n;
  const actor = toAct(p);

  if (phase === PH_ACTION) {
    if (p.cursor !== 0) bad('cursor must be 0 while action cards are chosen');
    if (committed === n) bad('every seat has committed, so the phase cannot still be actionSelect');
    for (let i = 0; i < n; i++) {
      if (p.commits[(p.mayor + i) % n] >= 0 !== i < committed) {
        const shown = p.commits.map((c) => (c < 0 ? null : ACTION_CARD_NAMES[c]));
        bad(`commits ${JSON.stringify(shown)}: seats commit in mayor order starting with seat ${p.mayor}`);
      }
    }
  } else if (phase !== PH_OVER && committed !== n) {
    bad(`phase '${phaseName}' comes after the reveal: every seat must have an action card`);
  }
  if (phase === PH_OVER && committed !== 0 && committed !== n)
    bad('a finished game keeps all or none of the action cards');
  if ((phase === PH_ACTION || phase === PH_EXCHANGE) && reached.length > 0) {
    bad(`seat ${reached[0]} has ${END_BUILDINGS} buildings, so the game would have ended with the last turn`);
  }
  if (phase === PH_EXCHANGE) {
    if (p.commits[actor] !== AC_EXCHANGE) bad(`seat ${actor} is asked to exchange but did not play Exchange`);
  } else if (p.setAside.length > 0) {
    bad(`cards are set aside (${names(p.setAside)}) outside an exchange`);
  }

  const building = phase === PH_SACRIFICE || phase === PH_PAY;
  if (building !== p.pendingKind >= 0)
    bad(`pending must be set exactly during 'sacrifice' and 'pay' (phase is '${phaseName}')`);
  if (p.pendingKind < 0 && (p.pendingCost !== 0 || p.pendingDue !== 0 || p.pendingSacrificed))
    bad('without a pending build, pendingCost, pendingDue and pendingSacrificed must be 0, 0, false');
  if (p.pendingKind >= 0) {
    const kind = p.pendingKind;
    const cost = p.pendingCost;
    const due = p.pendingDue;
    const reduced = reducedCost(p, actor, kind);
    const label = KINDS[kind].name;
    if (powerCost(p, actor, kind) > p.power[actor]) bad(`seat ${actor} cannot pay the power of ${label}`);
    if (phase === PH_SACRIFICE) {
      if (!isSacrificeOffered(p, actor, reduced))
        bad(`no Construction Site sacrifice is offered to seat ${actor} for ${label}`);
      if (cost !== 0 || due !== 0 || p.pendingSacrificed)
        bad('before the sacrifice choice pending cost, due and sacrificed must be 0, 0, false');
      if (p.handSize[actor] < costAfterSacrifice(reduced))
        bad(`seat ${actor} cannot pay ${label} even with the sacrifice`);
    } else {
      const expected = p.pendingSacrificed ? costAfterSacrifice(reduced) : reduced;
      if (cost !== expected) bad(`${label} costs seat ${actor} ${expected} card(s) here, not ${cost}`);
      if (p.pendingSacrificed && p.cities[actor * CITY_KINDS + CONSTRUCTION_SITE] > 0)
        bad('the sacrificed Construction Site is still in the city');
      if (due < 1 || due > cost) bad(`pending due ${due} must lie in 1..${cost} while paying`);
      if (p.handSize[actor] < due) bad(`seat ${actor} holds ${p.handSize[actor]} card(s) but still owes ${due}`);
      if (COST[kind] < cost) bad(`the cost of ${label} cannot exceed its printed cost`);
    }
  }
  if (phase === PH_HAND_LIMIT) {
    if (p.handSize[actor] <= HAND_LIMIT)
      bad(`seat ${actor} holds ${p.handSize[actor]} cards, so it has no hand limit to discard`);
    for (let i = 0; i < p.cursor; i++) {
      const s = (p.mayor + i) % n;
      if (p.handSize[s] > HAND_LIMIT)
        bad(`seat ${s} comes earlier in mayor order but still holds ${p.handSize[s]} cards`);
    }
  }

  if (phase === PH_OVER) {
    if (p.handSize.some((h) => h > 0)) bad('hands go to the discard pile when the game ends');
    // Stored in draw order: seats in mayor order (§7.1 item 7), each seat's cards in order.
    let at = 0;
    for (let i = 0; i < n; i++) {
      const s = (p.mayor + i) % n;
      const tickets = cityTickets(cityStats(p.cities, s * CITY_KINDS));
      let drawn = 0;
      while (at + 2 * drawn < p.bonusDraws.length && p.bonusDraws[at + 2 * drawn] === s) drawn++;
      if (drawn !== tickets) bad(`seat ${s} has ${tickets} City Bonus tickets but ${drawn} cards drawn`);
      at += 2 * drawn;
    }
    if (at !== p.bonusDraws.length) bad('bonusDraws holds (seat, kind) pairs, seats in mayor order');
    if (p.truncated ? p.turn !== MAX_TURNS || reached.length > 0 : reached.length === 0) {
      bad(
        p.truncated
          ? `a truncated game ends after turn ${MAX_TURNS} without 10 buildings`
          : 'a finished game needs a city of 10 buildings (or truncated)',
      );
    }
  } else {
    if (p.truncated) bad("truncated is only set in phase 'over'");
    if (p.bonusDraws.length > 0) bad('City Bonus cards are drawn only at the end');
  }
}

/** Records oldest first, from turns up to the current one; lastMove points into the log. */
function checkLog(p: CityPlanPosition, bad: (detail: string) => never): void {
  let last = 0;
  p.log.entries().forEach((entry, i) => {
    const [turn, ...args] = entry.args;
    if (turn < 1 || turn < last || turn > p.turn)
      bad(`log[${i}] is from turn ${turn}; the log holds turns up to ${p.turn}, oldest first`);
    if (args.some((a) => a < 0 || a >= LOG_ARG_LIMIT)) bad(`log[${i}] has an argument outside 0..${LOG_ARG_LIMIT - 1}`);
    last = turn;
  });
  p.lastMove.forEach((index, seat) => {
    if (index > p.log.length) bad(`lastMove[${seat}] = ${index} points past the log's ${p.log.length} events`);
  });
}

// ---- version 1: the readable format before the kit ---------------------------------------------

const Kind = z
  .int()
  .min(0)
  .max(DECK_KINDS - 1);
const CityKind = z
  .int()
  .min(0)
  .max(CITY_KINDS - 1);
const Count = z.int().min(0);

/**
 * The version-1 saved state: hands, cities, discard.bySeat and bonusDraws list kinds (ascending,
 * repeats allowed); the deck is top first; commits name each seat's action card (null: not yet).
 */
const StateJsonV1 = z.strictObject({
  game: z.literal(GAME),
  variant: z.enum(VARIANTS),
  players: z.int().min(MIN_PLAYERS).max(MAX_PLAYERS),
  phase: z.enum(PHASES),
  turn: z.int().min(1).max(MAX_TURNS),
  mayor: z
    .int()
    .min(0)
    .max(MAX_PLAYERS - 1),
  hands: z.array(z.array(Kind)),
  cities: z.array(z.array(CityKind)),
  power: z.array(Count),
  councilors: z.array(Count),
  freeBuilds: z.array(z.int().min(0).max(FREE_BUILDS)),
  deck: z.array(Kind),
  discard: z.strictObject({ bySeat: z.array(z.array(Kind)), faceUp: z.array(Kind) }),
  setAside: z.array(Kind),
  assembly: Count,
  /** Income card numbers 1..6 already triggered. */
  incomeUsed: z.array(z.int().min(1).max(INCOME_CARDS.length)),
  commits: z.array(z.enum(ACTION_CARD_NAMES).nullable()),
  cursor: z
    .int()
    .min(0)
    .max(MAX_PLAYERS - 1),
  pending: z
    .strictObject({
      kind: Kind,
      cost: z.int().min(0).max(4),
      due: z.int().min(0).max(4),
      sacrificed: z.boolean(),
    })
    .nullable(),
  truncated: z.boolean(),
  bonusDraws: z.array(z.array(Kind).max(MAX_TICKETS)),
  rng: z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() }),
  /** Events as [kind, turn, ...args] (events.ts lists each kind's arguments). */
  log: z
    .array(
      z.tuple(
        [z.enum(LOG_KIND_NAMES), z.int().min(1).max(MAX_TURNS)],
        z
          .int()
          .min(0)
          .max(LOG_ARG_LIMIT - 1),
      ),
    )
    .max(LOG_CAPACITY),
  /** Per seat, the index in `log` where the events of its last move begin. */
  lastMove: z.array(z.int().min(0)),
});
export type CityPlanJsonV1 = z.infer<typeof StateJsonV1>;

/** Kind lists per seat as one count array of `size` entries per seat. */
function countsOf(lists: readonly (readonly number[])[], size: number): number[] {
  const out = new Array<number>(lists.length * size).fill(0);
  lists.forEach((list, s) => {
    for (const k of list) out[s * size + k]++;
  });
  return out;
}

/**
 * Version 1 -> 2: the readable decoding (kind lists -> counts, deck top first -> bottom first,
 * names -> numbers). It refuses only what version 2 cannot express (per-seat lists of the wrong
 * length, an income card listed twice, a log record of the wrong arity); the rules are checked once,
 * by the version-2 schema and `check`.
 */
function fromVersion1(json: Record<string, unknown>): Record<string, unknown> {
  const { data: d, bad } = parseSavedState(GAME, StateJsonV1, json);
  const n = d.players;
  const perSeat: [string, unknown[]][] = [
    ['hands', d.hands],
    ['cities', d.cities],
    ['power', d.power],
    ['councilors', d.councilors],
    ['freeBuilds', d.freeBuilds],
    ['discard.bySeat', d.discard.bySeat],
    ['commits', d.commits],
    ['bonusDraws', d.bonusDraws],
    ['lastMove', d.lastMove],
  ];
  for (const [name, list] of perSeat)
    if (list.length !== n) bad(`${name} has ${list.length} entries; there are ${n} players`);
  let incomeUsed = 0;
  for (const number of d.incomeUsed) {
    const bit = 1 << (number - 1);
    if (incomeUsed & bit) bad(`incomeUsed lists card ${number} twice`);
    incomeUsed |= bit;
  }
  d.log.forEach(([name, , ...args], i) => {
    const arity = LOG_KINDS[name].length;
    if (args.length !== arity) bad(`log[${i}]: a '${name}' event has ${arity} arguments, not ${args.length}`);
  });
  const bonusDraws: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = (d.mayor + i) % n;
    for (const k of d.bonusDraws[s]) bonusDraws.push(s, k);
  }
  return {
    game: GAME,
    version: 2,
    players: n,
    variant: d.variant,
    phase: d.phase,
    turn: d.turn,
    mayor: d.mayor,
    hands: countsOf(d.hands, DECK_KINDS),
    cities: countsOf(d.cities, CITY_KINDS),
    power: d.power,
    councilors: d.councilors,
    freeBuilds: d.freeBuilds,
    deck: d.deck.slice().reverse(),
    discards: countsOf([...d.discard.bySeat, d.discard.faceUp], DECK_KINDS),
    setAside: d.setAside.slice().sort((a, b) => a - b),
    assembly: d.assembly,
    incomeUsed,
    commits: d.commits.map((c) => (c === null ? -1 : ACTION_CARD_NAMES.indexOf(c))),
    cursor: d.cursor,
    pendingKind: d.pending?.kind ?? -1,
    pendingCost: d.pending?.cost ?? 0,
    pendingDue: d.pending?.due ?? 0,
    pendingSacrificed: d.pending?.sacrificed ?? false,
    truncated: d.truncated,
    bonusDraws,
    rng: d.rng,
    log: d.log,
    lastMove: d.lastMove,
  };
}
