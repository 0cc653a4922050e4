/**
 * Perikles' saved-state format: readable JSON (counters as 'Sparta H3', places and decisions by
 * name, events as [kind, ...args]) so people and tests can write positions by hand. Loading
 * validates the shape with zod, then component conservation (every counter, tile, Location and
 * Special exactly once), cube limits, relationship symmetry and the phase/decision machine; a
 * loaded live position must offer at least one legal action.
 */
import { parseSavedState } from '../core/saved-state.js';
import { z } from 'zod';
import { isRngState } from '../core/rng.js';
import {
  CITIES,
  CITY_COUNT,
  CUBES_PER_PLAYER,
  DISPLAY_SLOTS,
  INFLUENCE_TILES,
  KIND_COUNT,
  KIND_TOTALS,
  LOCATIONS,
  LOCATION_COUNT,
  LOCATION_SLOTS,
  MAX_TURNS,
  PERSIA,
  POWERS,
  POWER_COUNT,
  SPECIAL_COUNT,
  TILE_COUNT,
  kindCode,
  kindPower,
  tilesPerPlayer,
} from './cards.js';
import { LOG_ARG_MAX, LOG_ARITY, LOG_CAPACITY, LOG_KIND_NAMES, packWord0, packWord1, unpackEvent } from './log.js';
import {
  DECISIONS,
  D_NONE,
  GAME,
  LOC_CLAIMED,
  LOC_DECK,
  LOC_DISPLAY,
  LOC_REMOVED,
  MAX_PLAYERS,
  MIN_PLAYERS,
  PHASES,
  PH_BATTLE,
  PH_COMMIT,
  PH_DEAD_POOL,
  PH_FIRST_COMMIT,
  PH_INFLUENCE,
  PH_NOMINATIONS,
  PH_OVER,
  PH_SETUP,
  STEP_CAP,
  TILE_DECK,
  TILE_DISCARDED,
  TILE_DISPLAY,
  cubesOnBoard,
  newTableShell,
  placeCode,
  refreshControl,
  rngState,
  type DecisionName,
  type PhaseName,
  type Table,
} from './table.js';

const KIND_CODES: readonly string[] = Array.from({ length: KIND_COUNT }, (_, k) => kindCode(k));
const Seat = z
  .int()
  .min(0)
  .max(MAX_PLAYERS - 1);
const SeatOrNone = z
  .int()
  .min(-1)
  .max(MAX_PLAYERS - 1);
const CounterCode = z.string().refine((c) => KIND_CODES.includes(c) && KIND_TOTALS[KIND_CODES.indexOf(c)] > 0, {
  message: "expected a counter like 'Sparta H3' (power name, H or T, strength) that exists in §2.2",
});
const TileId = z
  .int()
  .min(0)
  .max(TILE_COUNT - 1);
const LocationId = z
  .int()
  .min(0)
  .max(LOCATION_COUNT - 1);
const PowerIndex = z
  .int()
  .min(0)
  .max(POWER_COUNT - 1);
const Slot = z
  .int()
  .min(0)
  .max(LOCATION_SLOTS - 1);
const Count = z.int().min(0).max(255);

/** Phase B-G progress counters; see table.ts for each field's meaning. */
const Progress = z.strictObject({
  curSlot: z
    .int()
    .min(-1)
    .max(DISPLAY_SLOTS - 1),
  curTile: z
    .int()
    .min(-1)
    .max(TILE_COUNT - 1),
  specialFrom: z.int().min(0).max(1),
  alkiMoves: z.int().min(0).max(1),
  alkiSource: z
    .int()
    .min(-1)
    .max(CITY_COUNT * 5 - 1),
  placed: z
    .int()
    .min(0)
    .max(2 * MAX_PLAYERS),
  nomSeat: Seat,
  deadIndex: z
    .int()
    .min(0)
    .max(MAX_PLAYERS - 1),
  deadDone: z.array(
    z
      .int()
      .min(0)
      .max(CITY_COUNT - 1),
  ),
  firstCommit: SeatOrNone,
  commitSeat: SeatOrNone,
  stage: z.int().min(0).max(2),
  basic: z.int().min(0).max(2),
  extraCity: z
    .int()
    .min(-1)
    .max(CITY_COUNT - 1),
  extra: z.int().min(0).max(2),
  selected: CounterCode.nullable(),
  request: z.strictObject({ slot: Slot, side: z.literal(1) }).nullable(),
  battleSlot: z.int().min(-1).max(LOCATION_SLOTS),
  battleRound: z.int().min(0).max(1),
  carry: z.int().min(-1).max(1),
  tokens: z.tuple([z.int().min(0).max(2), z.int().min(0).max(2)]),
  brasidas: z.boolean(),
  phormio: z.boolean(),
  windowPos: z.int().min(0).max(MAX_PLAYERS),
  loser: z.int().min(-1).max(1),
});

export const StateJson = z.strictObject({
  game: z.literal(GAME),
  players: z.int().min(MIN_PLAYERS).max(MAX_PLAYERS),
  turn: z.int().min(1).max(MAX_TURNS),
  startPlayer: Seat,
  phase: z.enum(PHASES),
  decision: z.enum(DECISIONS),
  actor: SeatOrNone,
  steps: z.int().min(0).max(STEP_CAP),
  truncated: z.boolean(),
  rng: z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() }),
  /** Regular cubes [seat][city]. */
  cubes: z.array(z.array(z.int().min(0).max(CUBES_PER_PLAYER)).length(CITY_COUNT)),
  /** [city][α, β]: seat or -1. */
  candidates: z.array(z.tuple([SeatOrNone, SeatOrNone])).length(CITY_COUNT),
  leaders: z.array(SeatOrNone).length(CITY_COUNT),
  persianLeaders: z.array(Seat),
  statues: z.array(z.array(Count).length(CITY_COUNT)),
  defeats: z.array(Count).length(CITY_COUNT),
  locations: z.strictObject({
    /** Face-down deck, top first. */
    deck: z.array(LocationId),
    /** The seven slots: Location id, or null once resolved. */
    slots: z.array(LocationId.nullable()).length(LOCATION_SLOTS),
    removed: z.array(LocationId),
    claimed: z.array(z.strictObject({ location: LocationId, seats: z.array(Seat).min(1) })),
  }),
  influence: z.strictObject({
    deck: z.array(TileId),
    display: z.array(TileId.nullable()).length(DISPLAY_SLOTS),
    held: z.array(z.array(TileId)),
    discarded: z.array(TileId),
  }),
  specials: z.strictObject({
    /** Special tile id dealt to each seat (the rest are set aside). */
    dealt: z.array(
      z
        .int()
        .min(0)
        .max(SPECIAL_COUNT - 1),
    ),
    used: z.array(z.boolean()),
    /** Kinds each seat's unused tile may still be, from the windows asked so far (public). */
    possible: z.array(
      z.array(
        z
          .int()
          .min(0)
          .max(SPECIAL_COUNT - 1),
      ),
    ),
  }),
  counters: z.strictObject({
    stack: z.array(CounterCode),
    dead: z.array(CounterCode),
    pool: z.array(CounterCode),
    /** In commit order. */
    committed: z.array(
      z.strictObject({ slot: Slot, side: z.enum(['attack', 'defend']), ally: z.boolean(), counter: CounterCode }),
    ),
  }),
  /** Unordered pairs of powers (§1 indexes). */
  allied: z.array(z.tuple([PowerIndex, PowerIndex])),
  atWar: z.array(z.tuple([PowerIndex, PowerIndex])),
  /** [slot, power] pairs. */
  granted: z.array(z.tuple([Slot, PowerIndex])),
  denied: z.array(z.tuple([Slot, PowerIndex])),
  mainAttackers: z.array(SeatOrNone).length(LOCATION_SLOTS),
  mainDefenders: z.array(SeatOrNone).length(LOCATION_SLOTS),
  progress: Progress,
  /** The retained events (the last LOG_CAPACITY at most) as [kind, ...args], and how many were ever written. */
  log: z.array(z.tuple([z.enum(LOG_KIND_NAMES)], z.int().min(0).max(LOG_ARG_MAX))).max(LOG_CAPACITY),
  logCount: z.int().min(0),
  lastMove: z.array(z.int().min(0)),
});
export type PeriklesJson = z.infer<typeof StateJson>;

const seatList = (mask: number, players: number): number[] => {
  const out: number[] = [];
  for (let s = 0; s < players; s++) if (mask & (1 << s)) out.push(s);
  return out;
};
const pairsOf = (rel: Uint8Array): [number, number][] => {
  const out: [number, number][] = [];
  for (let u = 0; u < POWER_COUNT; u++)
    for (let v = u + 1; v < POWER_COUNT; v++) if (rel[u] & (1 << v)) out.push([u, v]);
  return out;
};
const codes = (counts: Uint8Array): string[] => {
  const out: string[] = [];
  for (let k = 0; k < KIND_COUNT; k++) for (let n = 0; n < counts[k]; n++) out.push(KIND_CODES[k]);
  return out;
};

export function tableToJson(t: Table): PeriklesJson {
  const n = t.players;
  const seats = Array.from({ length: n }, (_, s) => s);
  const byState = (state: number) => LOCATIONS.map((l) => l.id).filter((id) => t.locAt[id] === state);
  const tilesAt = (where: number) => INFLUENCE_TILES.map((x) => x.id).filter((id) => t.tileAt[id] === where);
  const log: PeriklesJson['log'] = [];
  for (let i = Math.max(0, t.logCount - LOG_CAPACITY); i < t.logCount; i++) {
    const j = (i % LOG_CAPACITY) * 2;
    const [kind, args] = unpackEvent(t.log[j], t.log[j + 1]);
    log.push([LOG_KIND_NAMES[kind], ...args]);
  }
  const pairsAt = (masks: Uint8Array): [number, number][] => {
    const out: [number, number][] = [];
    for (let slot = 0; slot < LOCATION_SLOTS; slot++)
      for (let u = 0; u < POWER_COUNT; u++) if (masks[slot] & (1 << u)) out.push([slot, u]);
    return out;
  };
  return {
    game: GAME,
    players: n,
    turn: t.turn,
    startPlayer: t.start,
    phase: PHASES[t.phase],
    decision: DECISIONS[t.dec],
    actor: t.actor,
    steps: t.steps,
    truncated: t.truncated,
    rng: rngState(t),
    cubes: seats.map((s) => Array.from(t.cubes.subarray(s * CITY_COUNT, (s + 1) * CITY_COUNT))),
    candidates: CITIES.map((_, c) => [t.cand[c * 2], t.cand[c * 2 + 1]] as [number, number]),
    leaders: Array.from(t.leader),
    persianLeaders: seatList(t.persians, n),
    statues: seats.map((s) => Array.from(t.statues.subarray(s * CITY_COUNT, (s + 1) * CITY_COUNT))),
    defeats: Array.from(t.defeats),
    locations: {
      deck: Array.from(t.locDeck.subarray(t.locPos)),
      slots: Array.from(t.locSlot, (id) => (id < 0 ? null : id)),
      removed: byState(LOC_REMOVED),
      claimed: byState(LOC_CLAIMED).map((location) => ({ location, seats: seatList(t.locClaim[location], n) })),
    },
    influence: {
      deck: Array.from(t.infDeck.subarray(t.infPos)),
      display: Array.from(t.display, (id) => (id < 0 ? null : id)),
      held: seats.map((s) => tilesAt(s)),
      discarded: tilesAt(TILE_DISCARDED),
    },
    specials: {
      dealt: Array.from(t.special),
      used: seats.map((s) => (t.specialUsed & (1 << s)) !== 0),
      possible: seats.map((s) =>
        Array.from({ length: SPECIAL_COUNT }, (_, k) => k).filter((k) => t.possible[s] & (1 << k)),
      ),
    },
    counters: {
      stack: codes(t.stack),
      dead: codes(t.dead),
      pool: codes(t.pool),
      committed: Array.from({ length: t.comLen }, (_, i) => ({
        slot: t.comPlace[i] >> 2,
        side: (t.comPlace[i] >> 1) & 1 ? ('defend' as const) : ('attack' as const),
        ally: (t.comPlace[i] & 1) === 1,
        counter: KIND_CODES[t.comKind[i]],
      })),
    },
    allied: pairsOf(t.allied),
    atWar: pairsOf(t.war),
    granted: pairsAt(t.granted),
    denied: pairsAt(t.denied),
    mainAttackers: Array.from(t.mainAtt),
    mainDefenders: Array.from(t.mainDef),
    progress: {
      curSlot: t.curSlot,
      curTile: t.curTile,
      specialFrom: t.specialFrom,
      alkiMoves: t.alkiMoves,
      alkiSource: t.alkiSource,
      placed: t.placed,
      nomSeat: t.nomSeat,
      deadIndex: t.deadIndex,
      deadDone: CITIES.map((_, c) => c).filter((c) => t.deadDone & (1 << c)),
      firstCommit: t.firstCommit,
      commitSeat: t.commitSeat,
      stage: t.stage,
      basic: t.basic,
      extraCity: t.extraCity,
      extra: t.extra,
      selected: t.selKind < 0 ? null : KIND_CODES[t.selKind],
      request: t.pendTarget < 0 ? null : { slot: t.pendTarget >> 1, side: 1 },
      battleSlot: t.bSlot,
      battleRound: t.bRound,
      carry: t.carry,
      tokens: [t.tokA, t.tokD],
      brasidas: (t.bFlags & 1) !== 0,
      phormio: (t.bFlags & 2) !== 0,
      windowPos: t.winPos,
      loser: t.loser,
    },
    log,
    logCount: t.logCount,
    lastMove: Array.from(t.lastMove),
  };
}

/** Which phases each decision kind belongs to. */
const DECISION_PHASES: Record<DecisionName, readonly number[]> = {
  initialCube: [PH_SETUP],
  takeTile: [PH_INFLUENCE],
  anyCity: [PH_INFLUENCE],
  nominate: [PH_INFLUENCE, PH_NOMINATIONS],
  assassinate: [PH_INFLUENCE],
  postSpecial: [PH_INFLUENCE],
  plagueCity: [PH_INFLUENCE],
  alkibiadesSource: [PH_INFLUENCE],
  alkibiadesDestination: [PH_INFLUENCE],
  deadPool: [PH_DEAD_POOL],
  firstCommit: [PH_FIRST_COMMIT],
  slaveRevolt: [PH_COMMIT],
  selectCounter: [PH_COMMIT],
  target: [PH_COMMIT],
  permission: [PH_COMMIT],
  spendCube: [PH_COMMIT],
  battleSpecial: [PH_BATTLE],
  casualty: [PH_BATTLE],
  none: [PH_OVER],
};

/**
 * Parses and checks a saved state; throws InvalidStateError naming the first problem. `legalCount`
 * (the caller's legal-action count of the loaded table) is checked last, so a live position
 * always has a decision to offer.
 */
export function tableFromJson(json: unknown, legalCount: (t: Table) => number): Table {
  const { data: d, bad } = parseSavedState(GAME, StateJson, json);
  const n = d.players;
  if (!isRngState(d.rng)) bad('rng is not an RNG state');
  const seatOk = (s: number, what: string) => {
    if (s >= n) bad(`${what} is seat ${s}, but there are ${n} players`);
  };
  const perSeat = (arr: readonly unknown[], what: string) => {
    if (arr.length !== n) bad(`${what} has ${arr.length} entries; expected one per seat (${n})`);
  };
  perSeat(d.cubes, 'cubes');
  perSeat(d.statues, 'statues');
  perSeat(d.influence.held, 'influence.held');
  perSeat(d.specials.dealt, 'specials.dealt');
  perSeat(d.specials.used, 'specials.used');
  perSeat(d.specials.possible, 'specials.possible');
  perSeat(d.lastMove, 'lastMove');
  seatOk(d.startPlayer, 'startPlayer');

  const t = newTableShell(n, { c: d.rng.c, s0: d.rng.s0, s1: d.rng.s1, s2: d.rng.s2 });
  t.turn = d.turn;
  t.start = d.startPlayer;
  t.phase = PHASES.indexOf(d.phase as PhaseName);
  t.dec = DECISIONS.indexOf(d.decision as DecisionName);
  t.actor = d.actor;
  t.steps = d.steps;
  t.truncated = d.truncated;
  if (!DECISION_PHASES[d.decision].includes(t.phase))
    bad(`decision '${d.decision}' cannot be asked in phase '${d.phase}'`);
  if ((t.phase === PH_OVER) !== d.actor < 0)
    bad(`actor ${d.actor} does not fit phase '${d.phase}' (-1 exactly when the game is over)`);
  if (d.actor >= 0) seatOk(d.actor, 'actor');
  if (d.truncated && (t.phase !== PH_OVER || d.steps !== STEP_CAP))
    bad(`truncated needs phase 'over' and steps = ${STEP_CAP}`);
  if (t.phase !== PH_OVER && d.steps >= STEP_CAP)
    bad(`steps ${d.steps} reached the cap ${STEP_CAP}, so the game must be over`);

  // Cubes and candidates (§2.7, §4.2): at most 30 per seat, α filled before β, one space per seat and city.
  d.cubes.forEach((row, s) => row.forEach((v, c) => (t.cubes[s * CITY_COUNT + c] = v)));
  d.candidates.forEach(([a, b], c) => {
    if (a >= 0) seatOk(a, `${CITIES[c]} α`);
    if (b >= 0) seatOk(b, `${CITIES[c]} β`);
    if (a < 0 && b >= 0) bad(`${CITIES[c]} has a β candidate but no α`);
    if (a >= 0 && a === b) bad(`seat ${a} holds both candidate spaces of ${CITIES[c]}`);
    t.cand[c * 2] = a;
    t.cand[c * 2 + 1] = b;
  });
  for (let s = 0; s < n; s++) {
    if (cubesOnBoard(t, s) > CUBES_PER_PLAYER)
      bad(`seat ${s} has ${cubesOnBoard(t, s)} cubes on the board; the supply holds ${CUBES_PER_PLAYER}`);
  }
  d.leaders.forEach((s, c) => {
    if (s >= 0) seatOk(s, `leader of ${CITIES[c]}`);
    t.leader[c] = s;
  });
  d.statues.forEach((row, s) => row.forEach((v, c) => (t.statues[s * CITY_COUNT + c] = v)));
  d.defeats.forEach((v, c) => (t.defeats[c] = v));
  let persians = 0;
  for (const s of d.persianLeaders) {
    seatOk(s, 'a Persian leader');
    if (d.leaders.includes(s)) bad(`seat ${s} leads a city, so it cannot be a Persian leader`);
    persians |= 1 << s;
  }
  t.persians = persians;
  const militaryPhase = t.phase >= PH_DEAD_POOL && t.phase <= PH_BATTLE;
  // A game cut by the step cap keeps whatever its last phase held.
  const cutMidTurn = t.phase === PH_OVER && d.truncated;
  if (militaryPhase) {
    for (let s = 0; s < n; s++) {
      if (!d.leaders.includes(s) && !(persians & (1 << s))) bad(`seat ${s} leads no city but is not a Persian leader`);
    }
  } else if (!cutMidTurn) {
    if (persians !== 0) bad(`Persian leaders exist only in Phases E-G, not in phase '${d.phase}'`);
    if (d.leaders.some((s) => s >= 0)) bad(`Leaders exist only in Phases E-G, not in phase '${d.phase}'`);
  }
  refreshControl(t);

  // Locations: each of the 21 exactly once; 7 dealt per turn.
  const locSeen = new Map<number, string>();
  const placeLoc = (id: number, where: string, state: number) => {
    if (locSeen.has(id)) bad(`Location ${LOCATIONS[id].name} (${id}) is in ${locSeen.get(id)} and in ${where}`);
    locSeen.set(id, where);
    t.locAt[id] = state;
  };
  const expectedDeck = LOCATION_COUNT - LOCATION_SLOTS * d.turn;
  if (d.locations.deck.length !== expectedDeck)
    bad(`the Location deck has ${d.locations.deck.length} tiles; turn ${d.turn} leaves ${expectedDeck}`);
  t.locPos = LOCATION_COUNT - d.locations.deck.length;
  d.locations.deck.forEach((id, i) => {
    placeLoc(id, 'the deck', LOC_DECK);
    t.locDeck[t.locPos + i] = id;
  });
  d.locations.slots.forEach((id, slot) => {
    if (id === null) return;
    placeLoc(id, `slot ${slot}`, LOC_DISPLAY);
    t.locSlot[slot] = id;
  });
  for (const id of d.locations.removed) placeLoc(id, 'the removed tiles', LOC_REMOVED);
  for (const { location, seats } of d.locations.claimed) {
    placeLoc(location, 'the claimed tiles', LOC_CLAIMED);
    for (const s of seats) {
      seatOk(s, `a claimer of ${LOCATIONS[location].name}`);
      t.locClaim[location] |= 1 << s;
      t.tileVp[s] += LOCATIONS[location].vp;
    }
  }
  if (locSeen.size !== LOCATION_COUNT)
    bad(
      `${LOCATION_COUNT - locSeen.size} Location tiles are missing (each of the ${LOCATION_COUNT} must be somewhere)`,
    );
  const emptySlots = d.locations.slots.filter((x) => x === null).length;
  if (t.phase !== PH_BATTLE && t.phase !== PH_OVER && emptySlots > 0)
    bad(`phase '${d.phase}' needs all 7 Location slots filled`);

  // Influence tiles: each of the 36 exactly once.
  const tileSeen = new Map<number, string>();
  const placeTile = (id: number, where: string, state: number) => {
    if (tileSeen.has(id)) bad(`Influence tile ${id} is in ${tileSeen.get(id)} and in ${where}`);
    tileSeen.set(id, where);
    t.tileAt[id] = state;
  };
  t.infPos = TILE_COUNT - d.influence.deck.length;
  d.influence.deck.forEach((id, i) => {
    placeTile(id, 'the deck', TILE_DECK);
    t.infDeck[t.infPos + i] = id;
  });
  d.influence.display.forEach((id, slot) => {
    if (id === null) return;
    placeTile(id, `display slot ${slot}`, TILE_DISPLAY);
    t.display[slot] = id;
  });
  d.influence.held.forEach((ids, s) =>
    ids.forEach((id) => {
      placeTile(id, `seat ${s}'s tiles`, s);
      const info = INFLUENCE_TILES[id];
      t.held[s * 2 + info.shards - 1]++;
      t.taken[s]++;
      t.colors[s] |= 1 << info.color;
    }),
  );
  for (const id of d.influence.discarded) placeTile(id, 'the discarded tiles', TILE_DISCARDED);
  if (tileSeen.size !== TILE_COUNT)
    bad(`${TILE_COUNT - tileSeen.size} Influence tiles are missing (each of the ${TILE_COUNT} must be somewhere)`);
  const perSeat_ = tilesPerPlayer(n);
  if (d.influence.held.some((ids) => ids.length > perSeat_)) bad(`a seat holds more than ${perSeat_} Influence tiles`);

  // Specials: distinct tiles dealt; an unused tile lies in its public `possible` set.
  const dealtSeen = new Set<number>();
  d.specials.dealt.forEach((tile, s) => {
    if (dealtSeen.has(tile)) bad(`Special tile ${tile} is dealt twice`);
    dealtSeen.add(tile);
    t.special[s] = tile;
    if (d.specials.used[s]) t.specialUsed |= 1 << s;
    let mask = 0;
    for (const k of d.specials.possible[s]) mask |= 1 << k;
    t.possible[s] = mask;
    if (!d.specials.used[s] && !(mask & (1 << tile)))
      bad(`seat ${s}'s unused Special tile ${tile} is outside its possible set`);
  });

  // Counters: conservation of every kind (§2.2); pools and commitments belong to powers in use.
  const inUse = (power: number) => (power === PERSIA ? persians !== 0 : t.leader[power] >= 0);
  const count = (list: readonly string[], into: Uint8Array, what: string, needsUse: boolean) => {
    for (const code of list) {
      const k = KIND_CODES.indexOf(code);
      if (needsUse && !inUse(kindPower(k)))
        bad(`${code} is in ${what}, but ${POWERS[kindPower(k)]} has no leader this turn`);
      into[k]++;
    }
  };
  count(d.counters.stack, t.stack, 'a stack', false);
  count(d.counters.dead, t.dead, 'the dead pool', false);
  count(d.counters.pool, t.pool, 'a pool', true);
  if (d.counters.dead.some((code) => kindPower(KIND_CODES.indexOf(code)) === PERSIA))
    bad('Persian counters never go to the dead pool');
  const committedCount = new Uint8Array(KIND_COUNT);
  d.counters.committed.forEach(({ slot, side, ally, counter }, i) => {
    const k = KIND_CODES.indexOf(counter);
    if (t.phase !== PH_COMMIT && t.phase !== PH_BATTLE && !cutMidTurn)
      bad(`committed counters exist only in Phases F-G, not in phase '${d.phase}'`);
    if (!inUse(kindPower(k)))
      bad(`committed ${counter} belongs to ${POWERS[kindPower(k)]}, which has no leader this turn`);
    if (t.locSlot[slot] < 0) bad(`committed ${counter} is on slot ${slot}, which holds no Location`);
    const sideIndex = side === 'attack' ? 0 : 1;
    if ((side === 'attack' ? d.mainAttackers : d.mainDefenders)[slot] < 0)
      bad(`slot ${slot}'s ${side} side has counters but no main player`);
    t.comKind[i] = k;
    t.comPlace[i] = placeCode(slot, sideIndex, ally ? 1 : 0);
    t.sideCount[(slot * 2 + sideIndex) * POWER_COUNT + kindPower(k)]++;
    t.sideMask[slot * 2 + sideIndex] |= 1 << kindPower(k);
    committedCount[k]++;
  });
  t.comLen = d.counters.committed.length;
  if (!militaryPhase && !cutMidTurn) {
    if (d.counters.pool.length > 0) bad(`pools are empty outside Phases E-G, not so in phase '${d.phase}'`);
  }
  for (let k = 0; k < KIND_COUNT; k++) {
    const total = t.stack[k] + t.dead[k] + t.pool[k] + committedCount[k];
    if (total !== KIND_TOTALS[k]) bad(`there are ${total} counters ${KIND_CODES[k]}; §2.2 has ${KIND_TOTALS[k]}`);
  }

  // Relationships are symmetric and never both allied and at war.
  for (const [u, v] of d.allied) {
    if (u === v) bad(`allied pair [${u}, ${v}] names one power twice`);
    t.allied[u] |= 1 << v;
    t.allied[v] |= 1 << u;
  }
  for (const [u, v] of d.atWar) {
    if (u === v) bad(`war pair [${u}, ${v}] names one power twice`);
    if (t.allied[u] & (1 << v)) bad(`${POWERS[u]} and ${POWERS[v]} are both allied and at war`);
    t.war[u] |= 1 << v;
    t.war[v] |= 1 << u;
  }
  for (const [slot, u] of d.granted) t.granted[slot] |= 1 << u;
  for (const [slot, u] of d.denied) t.denied[slot] |= 1 << u;
  d.mainAttackers.forEach((s, slot) => {
    if (s >= 0) seatOk(s, `main attacker of slot ${slot}`);
    t.mainAtt[slot] = s;
  });
  d.mainDefenders.forEach((s, slot) => {
    if (s >= 0) seatOk(s, `main defender of slot ${slot}`);
    t.mainDef[slot] = s;
  });

  const p = d.progress;
  t.curSlot = p.curSlot;
  t.curTile = p.curTile;
  t.specialFrom = p.specialFrom;
  t.alkiMoves = p.alkiMoves;
  t.alkiSource = p.alkiSource;
  t.placed = p.placed;
  t.nomSeat = p.nomSeat;
  t.deadIndex = p.deadIndex;
  for (const c of p.deadDone) t.deadDone |= 1 << c;
  t.firstCommit = p.firstCommit;
  t.commitSeat = p.commitSeat;
  t.stage = p.stage;
  t.basic = p.basic;
  t.extraCity = p.extraCity;
  t.extra = p.extra;
  t.selKind = p.selected === null ? -1 : KIND_CODES.indexOf(p.selected);
  t.pendTarget = p.request === null ? -1 : p.request.slot * 2 + 1;
  t.bSlot = p.battleSlot;
  t.bRound = p.battleRound;
  t.carry = p.carry;
  t.tokA = p.tokens[0];
  t.tokD = p.tokens[1];
  t.bFlags = (p.brasidas ? 1 : 0) | (p.phormio ? 2 : 0);
  t.winPos = p.windowPos;
  t.loser = p.loser;
  for (const [s, what] of [
    [p.nomSeat, 'nomSeat'],
    [p.firstCommit, 'firstCommit'],
    [p.commitSeat, 'commitSeat'],
  ] as const) {
    if (s >= n) bad(`progress.${what} is seat ${s}, but there are ${n} players`);
  }
  if (t.selKind >= 0) {
    if (t.phase !== PH_COMMIT || t.pool[t.selKind] === 0)
      bad(`the selected counter ${p.selected} must be in a pool during Phase F`);
  }
  if (t.phase === PH_COMMIT && (t.commitSeat < 0 || (t.stage !== 1 && t.stage !== 2)))
    bad('Phase F needs a commitSeat and a stage of 1 or 2');
  if (t.dec === DECISIONS.indexOf('target') && t.selKind < 0) bad("decision 'target' needs a selected counter");
  if (t.dec === DECISIONS.indexOf('permission') && (t.selKind < 0 || t.pendTarget < 0))
    bad("decision 'permission' needs a selected counter and a request");
  if (t.phase === PH_BATTLE && (t.bSlot < 0 || t.bSlot >= LOCATION_SLOTS || t.locSlot[t.bSlot] < 0)) {
    bad('a battle decision needs battleSlot on a Location that is still displayed');
  }
  if (t.phase === PH_BATTLE) {
    for (let slot = 0; slot < t.bSlot; slot++)
      if (t.locSlot[slot] >= 0) bad(`slot ${slot} is before the battle slot but still displayed`);
  }
  if (t.curTile >= 0 && t.tileAt[t.curTile] !== t.actor)
    bad(`the tile being resolved (${t.curTile}) is not held by the actor`);

  // Events.
  if (d.log.length !== Math.min(d.logCount, LOG_CAPACITY))
    bad(`log holds ${d.log.length} events; logCount ${d.logCount} keeps ${Math.min(d.logCount, LOG_CAPACITY)}`);
  d.log.forEach((record, i) => {
    const [name, ...args] = record;
    const kind = LOG_KIND_NAMES.indexOf(name);
    if (args.length !== LOG_ARITY[kind])
      bad(`log[${i}]: a '${name}' event has ${LOG_ARITY[kind]} arguments, not ${args.length}`);
    const a = [...args, 0, 0, 0, 0, 0, 0, 0];
    const j = ((d.logCount - d.log.length + i) % LOG_CAPACITY) * 2;
    t.log[j] = packWord0(kind, a[0], a[1], a[2]);
    t.log[j + 1] = packWord1(a[3], a[4], a[5], a[6]);
  });
  t.logCount = d.logCount;
  d.lastMove.forEach((v, s) => {
    if (v > d.logCount) bad(`lastMove[${s}] = ${v} is beyond logCount ${d.logCount}`);
    t.lastMove[s] = v;
  });
  if (t.dec !== D_NONE && legalCount(t) === 0)
    bad(`decision '${d.decision}' of seat ${d.actor} has no legal action in this position`);
  return t;
}
