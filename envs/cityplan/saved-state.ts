/**
 * The saved-state format of City Plan Delta: plain JSON with kinds as numbers (table 2.2), checked
 * by zod for shape and then for the rules' invariants (every card of §2 exactly once, chips, phase
 * structure), so a hand-written or corrupted state fails with a message naming the problem.
 * positionJson builds readable test positions from card names.
 */
import { parseSavedState } from '../core/saved-state.js';
import { z } from 'zod';
import { Rng, isRngState, type RngState } from '../core/rng.js';
import {
  ACTION_CARD_NAMES,
  CHIPS_PER_PLAYER,
  CITY_KINDS,
  CONSTRUCTION_SITE,
  COST,
  DECK_KINDS,
  END_BUILDINGS,
  FARM,
  FREE_BUILDS,
  HAND_LIMIT,
  INCOME_CARDS,
  INITIAL_PLANT,
  KINDS,
  MAX_PLAYERS,
  MAX_TURNS,
  MIN_PLAYERS,
  PLAIN_START_POWER,
  PLANNED_SITE,
  START_POWER,
  VARIANTS,
  kindByName,
  type Variant,
} from './cards.js';
import { LOG_ARG_LIMIT, LOG_ARITY, LOG_CAPACITY, LOG_KIND_NAMES, decodeEvent, packEvent } from './log.js';
import { cityStats, cityTickets } from './scoring.js';
import {
  AC_EXCHANGE,
  MAX_TICKETS,
  PHASES,
  PILE_STRIDE,
  PH_ACTION,
  PH_EXCHANGE,
  PH_HAND_LIMIT,
  PH_OVER,
  PH_PAY,
  PH_SACRIFICE,
  costAfterSacrifice,
  countCards,
  emptyTable,
  expectedCopies,
  faceUpSource,
  isSacrificeOffered,
  kindList,
  pileKinds,
  placeBuilding,
  powerCost,
  reducedCost,
  toAct,
  type Table,
} from './table.js';

export const GAME = 'cityplan';

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
 * hands, cities, discard.bySeat and bonusDraws list kinds (ascending, repeats allowed); the deck is
 * top first. commits name each seat's action card this turn (null: not committed yet).
 */
export const StateJson = z.strictObject({
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
  /** Events as [kind, turn, ...args] (log.ts lists each kind's arguments). */
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
export type CityPlanJson = z.infer<typeof StateJson>;

const seats = (t: Table) => Array.from({ length: t.players }, (_, s) => s);

export function tableToJson(t: Table): CityPlanJson {
  const log: CityPlanJson['log'] = t.log.slice(t.logStart).map(decodeEvent);
  const bonusDraws = seats(t).map((): number[] => []);
  for (let i = 0; i < t.bonusDraws.length; i += 2) bonusDraws[t.bonusDraws[i]].push(t.bonusDraws[i + 1]);
  return {
    game: GAME,
    variant: t.variant,
    players: t.players,
    phase: PHASES[t.phase],
    turn: t.turn,
    mayor: t.mayor,
    hands: seats(t).map((s) => kindList(t.hands, s * DECK_KINDS, DECK_KINDS)),
    cities: seats(t).map((s) => kindList(t.cities, s * CITY_KINDS, CITY_KINDS)),
    power: Array.from(t.power),
    councilors: Array.from(t.councilors),
    freeBuilds: Array.from(t.freeBuilds),
    deck: t.deck.slice().reverse(),
    discard: {
      bySeat: seats(t).map((s) => kindList(pileKinds(t, s), 0, DECK_KINDS)),
      faceUp: kindList(pileKinds(t, faceUpSource(t)), 0, DECK_KINDS),
    },
    setAside: t.setAside.slice().sort((a, b) => a - b),
    assembly: t.assembly,
    incomeUsed: INCOME_CARDS.filter((c) => t.incomeUsed & (1 << c.id)).map((c) => c.number),
    commits: t.commits.map((c) => (c < 0 ? null : ACTION_CARD_NAMES[c])),
    cursor: t.cursor,
    pending:
      t.pendingKind < 0
        ? null
        : {
            kind: t.pendingKind,
            cost: t.pendingCost,
            due: t.pendingDue,
            sacrificed: t.pendingSacrificed,
          },
    truncated: t.truncated,
    bonusDraws,
    rng: { c: t.rng.c, s0: t.rng.s0, s1: t.rng.s1, s2: t.rng.s2 },
    log,
    lastMove: t.lastMove.map((i) => Math.max(0, i - t.logStart)),
  };
}

const names = (kinds: readonly number[]) => kinds.map((k) => KINDS[k].name).join(', ');

/** Parses and checks a saved state; throws InvalidStateError naming the first problem. */
export function tableFromJson(json: unknown): Table {
  const { data: d, bad } = parseSavedState(GAME, StateJson, json);
  if (!isRngState(d.rng)) bad('rng is not an RNG state');
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
  if (d.mayor >= n) bad(`mayor ${d.mayor} is not a seat of a ${n}-player game`);
  if (d.cursor >= n) bad(`cursor ${d.cursor} is not a position of a ${n}-player game`);

  const t = emptyTable(n, d.variant, { c: d.rng.c, s0: d.rng.s0, s1: d.rng.s1, s2: d.rng.s2 });
  const phase = PHASES.indexOf(d.phase);
  t.phase = phase;
  t.turn = d.turn;
  t.mayor = d.mayor;
  t.cursor = d.cursor;
  t.truncated = d.truncated;
  t.assembly = d.assembly;
  for (let s = 0; s < n; s++) {
    for (const k of d.hands[s]) t.hands[s * DECK_KINDS + k]++;
    t.handSize[s] = d.hands[s].length;
    for (const k of d.cities[s]) placeBuilding(t, s, k);
    for (const k of d.discard.bySeat[s]) t.pile.push(s * PILE_STRIDE + k);
    t.power[s] = d.power[s];
    t.councilors[s] = d.councilors[s];
    t.freeBuilds[s] = d.freeBuilds[s];
    if (t.cities[s * CITY_KINDS + INITIAL_PLANT] !== 1)
      bad(`seat ${s}'s city must hold exactly one Initial Power Plant`);
    if (t.buildings[s] > END_BUILDINGS)
      bad(`seat ${s} has ${t.buildings[s]} buildings; nobody can exceed ${END_BUILDINGS} (§8.6)`);
    if (t.freeBuilds[s] > 0 && t.cities[s * CITY_KINDS + PLANNED_SITE] === 0) {
      bad(`seat ${s} has a free-build counter of ${t.freeBuilds[s]} without a Planned Construction Site`);
    }
  }
  for (const k of d.discard.faceUp) t.pile.push(faceUpSource(t) * PILE_STRIDE + k);
  t.setAside.push(...d.setAside);
  t.deck = d.deck.slice().reverse();
  if (d.pending !== null) {
    t.pendingKind = d.pending.kind;
    t.pendingCost = d.pending.cost;
    t.pendingDue = d.pending.due;
    t.pendingSacrificed = d.pending.sacrificed;
  }

  // §2 and §8.1: every card of the variant exactly once (bonus draws are a record, not a place).
  const have = countCards(t);
  const want = expectedCopies(n, d.variant);
  for (let k = 0; k < CITY_KINDS; k++) {
    if (have[k] !== want[k]) {
      bad(`the state holds ${have[k]} ${KINDS[k].name} card(s); a ${d.variant} game of ${n} has exactly ${want[k]}`);
    }
  }

  // §4.3: chips reach the assembly only with the first income card, 3 per player.
  for (const number of d.incomeUsed) {
    const bit = 1 << (number - 1);
    if (t.incomeUsed & bit) bad(`incomeUsed lists card ${number} twice`);
    t.incomeUsed |= bit;
  }
  const held = d.councilors.reduce((a, b) => a + b, 0);
  if (t.incomeUsed === 0 && (held > 0 || d.assembly > 0))
    bad('the council is not open (no income card used), so no chip can be out');
  if (t.incomeUsed !== 0 && held + d.assembly !== CHIPS_PER_PLAYER * n) {
    bad(`${held} chips held + ${d.assembly} on the assembly must be ${CHIPS_PER_PLAYER * n} once the council is open`);
  }

  checkPhase(t, d, bad);
  readLog(t, d, bad);
  return t;
}

/** The structure each phase implies (§9 sub-phase flow). */
function checkPhase(t: Table, d: CityPlanJson, bad: (detail: string) => never): void {
  const n = t.players;
  const phase = t.phase;
  const actor = toAct(t);
  const reached = seatsWith(t, (s) => t.buildings[s] >= END_BUILDINGS);
  d.commits.forEach((c, s) => {
    t.commits[s] = c === null ? -1 : ACTION_CARD_NAMES.indexOf(c);
  });
  const committed = d.commits.filter((c) => c !== null).length;
  t.commitCount = phase === PH_ACTION ? committed : n;

  if (phase === PH_ACTION) {
    if (d.cursor !== 0) bad('cursor must be 0 while action cards are chosen');
    if (committed === n) bad('every seat has committed, so the phase cannot still be actionSelect');
    for (let i = 0; i < n; i++) {
      if ((d.commits[(d.mayor + i) % n] !== null) !== i < committed) {
        bad(`commits ${JSON.stringify(d.commits)}: seats commit in mayor order starting with seat ${d.mayor}`);
      }
    }
  } else if (phase !== PH_OVER && committed !== n) {
    bad(`phase '${d.phase}' comes after the reveal: every seat must have an action card`);
  }
  if (phase === PH_OVER && committed !== 0 && committed !== n)
    bad('a finished game keeps all or none of the action cards');
  if ((phase === PH_ACTION || phase === PH_EXCHANGE) && reached.length > 0) {
    bad(`seat ${reached[0]} has ${END_BUILDINGS} buildings, so the game would have ended with the last turn`);
  }
  if (phase === PH_EXCHANGE) {
    if (t.commits[actor] !== AC_EXCHANGE) bad(`seat ${actor} is asked to exchange but did not play Exchange`);
  } else if (t.setAside.length > 0) {
    bad(`cards are set aside (${names(d.setAside)}) outside an exchange`);
  }

  const building = phase === PH_SACRIFICE || phase === PH_PAY;
  if (building !== (d.pending !== null))
    bad(`pending must be set exactly during 'sacrifice' and 'pay' (phase is '${d.phase}')`);
  if (d.pending !== null) {
    const { kind, cost, due, sacrificed } = d.pending;
    const reduced = reducedCost(t, actor, kind);
    const label = KINDS[kind].name;
    if (powerCost(t, actor, kind) > t.power[actor]) bad(`seat ${actor} cannot pay the power of ${label}`);
    if (phase === PH_SACRIFICE) {
      if (!isSacrificeOffered(t, actor, reduced))
        bad(`no Construction Site sacrifice is offered to seat ${actor} for ${label}`);
      if (cost !== 0 || due !== 0 || sacrificed)
        bad('before the sacrifice choice pending cost, due and sacrificed must be 0, 0, false');
      if (t.handSize[actor] < costAfterSacrifice(reduced))
        bad(`seat ${actor} cannot pay ${label} even with the sacrifice`);
    } else {
      const expected = sacrificed ? costAfterSacrifice(reduced) : reduced;
      if (cost !== expected) bad(`${label} costs seat ${actor} ${expected} card(s) here, not ${cost}`);
      if (sacrificed && t.cities[actor * CITY_KINDS + CONSTRUCTION_SITE] > 0)
        bad('the sacrificed Construction Site is still in the city');
      if (due < 1 || due > cost) bad(`pending due ${due} must lie in 1..${cost} while paying`);
      if (t.handSize[actor] < due) bad(`seat ${actor} holds ${t.handSize[actor]} card(s) but still owes ${due}`);
      if (COST[kind] < cost) bad(`the cost of ${label} cannot exceed its printed cost`);
    }
  }
  if (phase === PH_HAND_LIMIT) {
    if (t.handSize[actor] <= HAND_LIMIT)
      bad(`seat ${actor} holds ${t.handSize[actor]} cards, so it has no hand limit to discard`);
    for (let i = 0; i < d.cursor; i++) {
      const s = (d.mayor + i) % n;
      if (t.handSize[s] > HAND_LIMIT)
        bad(`seat ${s} comes earlier in mayor order but still holds ${t.handSize[s]} cards`);
    }
  }

  if (phase === PH_OVER) {
    if (d.hands.some((h) => h.length > 0)) bad('hands go to the discard pile when the game ends');
    for (let s = 0; s < n; s++) {
      const tickets = cityTickets(cityStats(t.cities, s * CITY_KINDS));
      if (d.bonusDraws[s].length !== tickets)
        bad(`seat ${s} has ${tickets} City Bonus tickets but ${d.bonusDraws[s].length} cards drawn`);
    }
    // Stored in draw order: seats in mayor order (§7.1 item 7), each seat's cards in order.
    for (let i = 0; i < n; i++) {
      const s = (d.mayor + i) % n;
      for (const k of d.bonusDraws[s]) t.bonusDraws.push(s, k);
    }
    if (d.truncated ? d.turn !== MAX_TURNS || reached.length > 0 : reached.length === 0) {
      bad(
        d.truncated
          ? `a truncated game ends after turn ${MAX_TURNS} without 10 buildings`
          : 'a finished game needs a city of 10 buildings (or truncated)',
      );
    }
  } else {
    if (d.truncated) bad("truncated is only set in phase 'over'");
    if (d.bonusDraws.some((b) => b.length > 0)) bad('City Bonus cards are drawn only at the end');
  }
}

function seatsWith(t: Table, test: (seat: number) => boolean): number[] {
  return Array.from({ length: t.players }, (_, s) => s).filter(test);
}

function readLog(t: Table, d: CityPlanJson, bad: (detail: string) => never): void {
  let last = 0;
  d.log.forEach((record, i) => {
    const [name, turn, ...args] = record;
    const kind = LOG_KIND_NAMES.indexOf(name);
    if (args.length !== LOG_ARITY[kind])
      bad(`log[${i}]: a '${name}' event has ${LOG_ARITY[kind]} arguments, not ${args.length}`);
    if (turn < last || turn > d.turn)
      bad(`log[${i}] is from turn ${turn}; the log holds turns up to ${d.turn}, oldest first`);
    last = turn;
    t.log.push(packEvent(kind, turn, args));
  });
  d.lastMove.forEach((index, seat) => {
    if (index > d.log.length) bad(`lastMove[${seat}] = ${index} points past the log's ${d.log.length} events`);
    t.lastMove[seat] = index;
  });
}

// ---- readable positions for tests and puzzles ----------------------------------------------------

/** Cards by name: 'Apartments, Eco Housing x2' (empty string: none). */
export function parseCards(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    const m = /^(.*?)(?:\s+x(\d+))?$/.exec(item)!;
    const kind = kindByName(m[1]);
    for (let i = 0; i < Number(m[2] ?? 1); i++) out.push(kind);
  }
  return out;
}

/** A hand-made position (tests, puzzles): see positionJson. */
export interface PositionSpec {
  readonly players: number;
  readonly variant?: Variant;
  /** 'actionSelect' (default) or 'build' (every seat then has an action card: `commits`, default Income). */
  readonly phase?: 'actionSelect' | 'build';
  readonly turn?: number;
  readonly mayor?: number;
  /** Position in mayor order of the seat to build (phase 'build'). */
  readonly cursor?: number;
  /** Each seat's hand by name: 'Apartments, Eco Housing x2'. */
  readonly hands: readonly string[];
  /** Each seat's buildings by name besides the Initial Power Plant (and the Plain Farm), which are added. */
  readonly cities?: readonly string[];
  readonly power?: readonly number[];
  readonly councilors?: readonly number[];
  /** Chips on the assembly; default: what is left of 3 per player once the council is open. */
  readonly assembly?: number;
  /** Income card numbers 1..6 already triggered. */
  readonly incomeUsed?: readonly number[];
  readonly freeBuilds?: readonly number[];
  /** Top cards of the deck by name; every card not placed elsewhere follows in ascending kind order. */
  readonly deck?: string;
  /** When true the unplaced cards go to the face-up discard pile instead of the deck bottom. */
  readonly restToDiscard?: boolean;
  /** Face-down discards by seat, by name. */
  readonly discards?: readonly string[];
  readonly commits?: readonly (null | 'Income' | 'Exchange' | 'Council')[];
  readonly rng?: RngState;
}

/** The saved-state JSON of a position; pass it to fromJSON, which checks it like any saved state. */
export function positionJson(spec: PositionSpec): CityPlanJson {
  const n = spec.players;
  const variant = spec.variant ?? 'delta';
  const phase = spec.phase ?? 'actionSelect';
  const hands = spec.hands.map(parseCards);
  const cities = Array.from({ length: n }, (_, s) => {
    const extra = variant === 'plain' ? [FARM] : [];
    return [...parseCards(spec.cities?.[s] ?? ''), ...extra, INITIAL_PLANT].sort((a, b) => a - b);
  });
  const discards = Array.from({ length: n }, (_, s) => parseCards(spec.discards?.[s] ?? ''));
  const top = parseCards(spec.deck ?? '');
  const left = expectedCopies(n, variant);
  for (const k of [...hands.flat(), ...cities.flat(), ...discards.flat(), ...top]) left[k]--;
  const rest: number[] = [];
  left.forEach((count, k) => {
    for (let i = 0; i < count; i++) rest.push(k);
  });
  const incomeUsed = [...(spec.incomeUsed ?? [])];
  const councilors = [...(spec.councilors ?? new Array<number>(n).fill(0))];
  const held = councilors.reduce((a, b) => a + b, 0);
  const commits = spec.commits ?? new Array(n).fill(phase === 'build' ? 'Income' : null);
  return {
    game: GAME,
    variant,
    players: n,
    phase,
    turn: spec.turn ?? 1,
    mayor: spec.mayor ?? 0,
    hands: hands.map((h) => h.sort((a, b) => a - b)),
    cities,
    power: [...(spec.power ?? new Array<number>(n).fill(variant === 'plain' ? PLAIN_START_POWER : START_POWER))],
    councilors,
    freeBuilds: [...(spec.freeBuilds ?? new Array<number>(n).fill(0))],
    deck: spec.restToDiscard ? top : [...top, ...rest],
    discard: { bySeat: discards.map((h) => h.sort((a, b) => a - b)), faceUp: spec.restToDiscard ? rest : [] },
    setAside: [],
    assembly: spec.assembly ?? (incomeUsed.length > 0 ? CHIPS_PER_PLAYER * n - held : 0),
    incomeUsed,
    commits: [...commits],
    cursor: spec.cursor ?? 0,
    pending: null,
    truncated: false,
    bonusDraws: new Array(n).fill([]).map(() => []),
    rng: spec.rng ?? Rng.fromSeed('position').state(),
    log: [],
    lastMove: new Array<number>(n).fill(0),
  };
}
