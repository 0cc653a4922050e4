/**
 * A Perikles position, declared once (envs/core/position.ts): small typed arrays and numbers, so
 * clone is a handful of slice() calls and applying an action allocates nothing. The transition
 * modules (influence.ts, military.ts, battle.ts, transitions.ts) operate on it. Relationships are
 * bit masks over powers: allied[u] (always contains u itself) and war[u].
 *
 * Saved states: version 2 is the fields as declared here; `check` holds the cross-field rules
 * (component conservation, cube limits, relationship symmetry, the phase/decision machine, and a
 * live position offering a legal action). Version 1 (before the kit) was a readable format with
 * counters as 'Sparta H3' and components listed by place; migrations[1] converts it.
 */
import { z } from 'zod';
import { InvalidStateError } from '../core/errors.js';
import type { EventLog } from '../core/event-log.js';
import { definePosition, field, type Field, type Position } from '../core/position.js';
import type { Rng } from '../core/rng.js';
import { parseSavedState } from '../core/saved-state.js';
import { legalActions } from './actions.js';
import {
  CITIES,
  CITY_COUNT,
  CUBES_PER_PLAYER,
  DECISIONS,
  DISPLAY_SLOTS,
  DRAWN,
  D_NONE,
  GAME,
  INFLUENCE_TILES,
  KIND_COUNT,
  KIND_TOTALS,
  LOCATIONS,
  LOCATION_COUNT,
  LOCATION_SLOTS,
  LOC_CLAIMED,
  LOC_DECK,
  LOC_DISPLAY,
  LOC_REMOVED,
  MAX_COMMITS,
  MAX_PLAYERS,
  MAX_TURNS,
  MIN_PLAYERS,
  PERSIA,
  PHASES,
  PH_BATTLE,
  PH_COMMIT,
  PH_DEAD_POOL,
  PH_INFLUENCE,
  PH_NOMINATIONS,
  PH_OVER,
  PH_SETUP,
  PH_FIRST_COMMIT,
  POWERS,
  POWER_COUNT,
  SPECIAL_COUNT,
  STEP_CAP,
  TILE_COUNT,
  TILE_DECK,
  TILE_DISCARDED,
  TILE_DISPLAY,
  kindCode,
  kindPower,
  placeCode,
  tilesPerPlayer,
  type DecisionName,
} from './components.js';
import { EVENTS, LOG_CAPACITY } from './events.js';

const SEAT_MAX = MAX_PLAYERS - 1;

/**
 * The event log: core's field.log, except that in memory it may run up to LOG_SLACK events over
 * LOG_CAPACITY (ev() drops the oldest in chunks, so appending stays O(1)); saved states and
 * clones' JSON hold exactly the last LOG_CAPACITY.
 */
function recentLog(): Field<EventLog> {
  const base = field.log(EVENTS, LOG_CAPACITY);
  return {
    ...base,
    toJSON: (v) => v.recordsFrom(v.length - LOG_CAPACITY),
  };
}
const perSeat = (n: number) => (players: number) => players * n;

/** Every field of a position, declared once. */
const FIELDS = {
  turn: field.int(1, MAX_TURNS, 1),
  /** The start player. */
  start: field.int(0, SEAT_MAX),
  phase: field.choice(PHASES, PH_SETUP),
  /** The decision kind asked of `actor` (DECISIONS). */
  dec: field.choice(DECISIONS),
  /** The seat to act, -1 once the game is over. */
  actor: field.int(-1, SEAT_MAX, 0),
  /** Actions applied (§7 Decision: the game ends at STEP_CAP). */
  steps: field.int(0, STEP_CAP),
  truncated: field.bool(),
  /** Every shuffle, draw and die (§5). */
  rng: field.rng(),

  /** Regular cubes [seat·6 + city]. */
  cubes: field.typed(Uint8Array, perSeat(CITY_COUNT), { min: 0, max: CUBES_PER_PLAYER }),
  /** Candidate spaces [city·2 + (0 α, 1 β)] = seat or -1. */
  cand: field.typed(Int8Array, CITY_COUNT * 2, { min: -1, max: SEAT_MAX }),
  /** Leader of each city this turn, or -1. */
  leader: field.typed(Int8Array, CITY_COUNT, { min: -1, max: SEAT_MAX }),
  /** Statues [seat·6 + city]. */
  statues: field.typed(Uint8Array, perSeat(CITY_COUNT), { min: 0, max: 255 }),
  defeats: field.typed(Uint8Array, CITY_COUNT, { min: 0, max: 255 }),
  /** Running VP from claimed Location tiles per seat (derived from locClaim). */
  tileVp: field.typed(Uint8Array, perSeat(1), { min: 0, max: 255 }),

  /** Location tile state (LOC_*) by id, and the seats that claimed it (bit mask). */
  locAt: field.typed(Uint8Array, LOCATION_COUNT, { min: LOC_DECK, max: LOC_CLAIMED }),
  locClaim: field.typed(Uint8Array, LOCATION_COUNT, { min: 0, max: (1 << MAX_PLAYERS) - 1 }),
  /** Location deck, top = index locPos; drawn entries are DRAWN (one canonical memory image). */
  locDeck: field.typed(Uint8Array, LOCATION_COUNT, { min: 0, max: DRAWN, fill: DRAWN }),
  locPos: field.int(0, LOCATION_COUNT, LOCATION_COUNT),
  /** Location id in each display slot, or -1 once resolved / before dealing. */
  locSlot: field.typed(Int8Array, LOCATION_SLOTS, { min: -1, max: LOCATION_COUNT - 1 }),

  /** Influence deck, top = index infPos; drawn entries are DRAWN. */
  infDeck: field.typed(Uint8Array, TILE_COUNT, { min: 0, max: DRAWN, fill: DRAWN }),
  infPos: field.int(0, TILE_COUNT, TILE_COUNT),
  /** Tile id in each display slot, or -1. */
  display: field.typed(Int8Array, DISPLAY_SLOTS, { min: -1, max: TILE_COUNT - 1 }),
  /** Where each Influence tile is: seat 0..4 (held) or TILE_*. */
  tileAt: field.typed(Uint8Array, TILE_COUNT, { min: 0, max: TILE_DISCARDED, fill: TILE_DECK }),
  /** Tiles held per seat by shards: [seat·2 + (0: 1-shard, 1: 2-shard)] (derived from tileAt). */
  held: field.typed(Uint8Array, perSeat(2), { min: 0, max: 255 }),
  /** Tiles taken this turn per seat, and the colors taken (bit per color, Any = bit 6); derived. */
  taken: field.typed(Uint8Array, perSeat(1), { min: 0, max: 255 }),
  colors: field.typed(Uint8Array, perSeat(1), { min: 0, max: 127 }),

  /** Special tile dealt to each seat. */
  special: field.typed(Uint8Array, perSeat(1), { min: 0, max: SPECIAL_COUNT - 1 }),
  /** Bit mask over seats: the seat's special is used (public). */
  specialUsed: field.int(0, (1 << MAX_PLAYERS) - 1),
  /**
   * Per seat: the special kinds its unused tile may still be, given what everyone saw (the
   * windows D6, D10 and D15 are asked only of holders, §6 Decision). Public; determinize
   * respects it.
   */
  possible: field.typed(Uint8Array, perSeat(1), { min: 0, max: 255, fill: 255 }),

  // ---- Phase B progress ----
  /** Display slot emptied by the current influence turn, and the tile being resolved. */
  curSlot: field.int(-1, DISPLAY_SLOTS - 1, -1),
  curTile: field.int(-1, TILE_COUNT - 1, -1),
  /** The special in progress was played in the pre-window (0) or the post-window (1). */
  specialFrom: field.int(0, 1),
  /** Alkibiades: moves done (0, 1), and the chosen source (city·5 + owner) awaiting a destination. */
  alkiMoves: field.int(0, 1),
  alkiSource: field.int(-1, CITY_COUNT * 5 - 1, -1),
  /** Initial placements done (§3 step 7). */
  placed: field.int(0, 2 * MAX_PLAYERS),

  // ---- Phase C / E progress ----
  nomSeat: field.int(0, SEAT_MAX),
  /** Dead-pool recovery: index (from the first recovering seat) of the seat being processed. */
  deadIndex: field.int(0, SEAT_MAX),
  /** Cities whose dead-pool recovery is done this turn (bit mask). */
  deadDone: field.int(0, (1 << CITY_COUNT) - 1),
  /** Seats leading no city, bit mask (0: Persia unused), set in Phase E. */
  persians: field.int(0, (1 << MAX_PLAYERS) - 1),
  /** Powers each seat controls this turn (bit mask over powers; derived from leader and persians). */
  ctrl: field.typed(Uint8Array, perSeat(1), { min: 0, max: (1 << POWER_COUNT) - 1 }),

  // ---- Phase F ----
  firstCommit: field.int(-1, SEAT_MAX, -1),
  /** The seat whose commit turn runs (or is considered next). */
  commitSeat: field.int(-1, SEAT_MAX, -1),
  /** Shards of the current commit turn's stage (2 or 1; 0 outside Phase F). */
  stage: field.int(0, 2),
  basic: field.int(0, 2),
  /** City X of the extra stage, or -1 outside it; extra counters placed so far. */
  extraCity: field.int(-1, CITY_COUNT - 1, -1),
  extra: field.int(0, 2),
  /** Selected counter kind awaiting a target, or -1; target awaiting permission (slot·2 + side), or -1. */
  selKind: field.int(-1, KIND_COUNT - 1, -1),
  pendTarget: field.int(-1, LOCATION_SLOTS * 2 - 1, -1),
  allied: field.typed(Uint8Array, POWER_COUNT, { min: 0, max: (1 << POWER_COUNT) - 1 }),
  war: field.typed(Uint8Array, POWER_COUNT, { min: 0, max: (1 << POWER_COUNT) - 1 }),
  /** Per Location slot: powers granted permission (turn) and denied (current commit turn). */
  granted: field.typed(Uint8Array, LOCATION_SLOTS, { min: 0, max: (1 << POWER_COUNT) - 1 }),
  denied: field.typed(Uint8Array, LOCATION_SLOTS, { min: 0, max: (1 << POWER_COUNT) - 1 }),
  mainAtt: field.typed(Int8Array, LOCATION_SLOTS, { min: -1, max: SEAT_MAX }),
  mainDef: field.typed(Int8Array, LOCATION_SLOTS, { min: -1, max: SEAT_MAX }),
  /**
   * Counters per [(slot·2 + side)·7 + power], and the powers present per slot·2 + side (both
   * derived from the commitments). Arrays over 64 bytes are plain arrays: V8 allocates larger
   * typed arrays off-heap, which makes clone several times slower.
   */
  sideCount: field.ints(LOCATION_SLOTS * 2 * POWER_COUNT, { min: 0, max: 255 }),
  sideMask: field.typed(Uint8Array, LOCATION_SLOTS * 2, { min: 0, max: (1 << POWER_COUNT) - 1 }),
  /** Committed counters in commit order: kind and place code (placeCode); comLen = their length. */
  comKind: field.list(MAX_COMMITS, { min: 0, max: KIND_COUNT - 1 }),
  comPlace: field.list(MAX_COMMITS, { min: 0, max: placeCode(LOCATION_SLOTS - 1, 1, 1) }),
  comLen: field.int(0, MAX_COMMITS),
  /** Counter counts by kind: city/Persian stacks, dead pool, leaders' uncommitted pools. */
  stack: field.typed(Uint8Array, KIND_COUNT, { min: 0, max: 255 }),
  dead: field.typed(Uint8Array, KIND_COUNT, { min: 0, max: 255 }),
  pool: field.typed(Uint8Array, KIND_COUNT, { min: 0, max: 255 }),

  // ---- Phase G ----
  bSlot: field.int(-1, LOCATION_SLOTS, -1),
  bRound: field.int(0, 1),
  /** Carried token: -1 none, 0 attackers, 1 defenders. */
  carry: field.int(-1, 1, -1),
  tokA: field.int(0, 2),
  tokD: field.int(0, 2),
  /** Bit 0: Brasidas played this round; bit 1: Phormio. */
  bFlags: field.int(0, 3),
  /** Battle special window: next seat offset from the start player. */
  winPos: field.int(0, MAX_PLAYERS),
  /** Side that lost the round whose casualty is being chosen (D16). */
  loser: field.int(-1, 1, -1),

  /** The last LOG_CAPACITY events at least (events.ts); logCount = events ever written. */
  log: recentLog(),
  logCount: field.int(0, Number.MAX_SAFE_INTEGER),
  /** logCount when each seat last acted: its view's log starts there. */
  lastMove: field.typed(Int32Array, perSeat(1), { min: 0, max: 2 ** 31 - 1 }),
};

export type PeriklesPosition = Position<typeof FIELDS>;

export const POSITION = definePosition({
  game: GAME,
  version: 2,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  fields: FIELDS,
  unsaved: ['tileVp', 'held', 'taken', 'colors', 'ctrl', 'sideCount', 'sideMask', 'comLen'],
  check,
  migrations: { 1: fromVersion1 },
});

/** A new position of `players` seats before the deal: every power allied with itself only. */
export function emptyPosition(players: number, rng: Rng): PeriklesPosition {
  const t = POSITION.create(players);
  t.rng = rng;
  for (let u = 0; u < POWER_COUNT; u++) t.allied[u] = 1 << u;
  return t;
}

// ---- chance (§5) -----------------------------------------------------------------------------------

/** §5: Fisher–Yates from the last index down over a[from..to) (which the caller fills in id order). */
export function shuffleRange(t: PeriklesPosition, a: Uint8Array, from: number, to: number): void {
  for (let i = to - 1; i > from; i--) {
    const j = from + t.rng.int(i - from + 1);
    const x = a[i];
    a[i] = a[j];
    a[j] = x;
  }
}

// ---- cubes ---------------------------------------------------------------------------------------

/** §2.7: cubes a seat has on the board (regular + candidate). */
export function cubesOnBoard(t: PeriklesPosition, seat: number): number {
  let n = 0;
  const base = seat * CITY_COUNT;
  for (let c = 0; c < CITY_COUNT; c++) n += t.cubes[base + c];
  for (let i = 0; i < CITY_COUNT * 2; i++) if (t.cand[i] === seat) n++;
  return n;
}

const supplyOf = (t: PeriklesPosition, seat: number): number => CUBES_PER_PLAYER - cubesOnBoard(t, seat);

/** §2.7: adds min(n, supply) regular cubes; returns how many were added. */
export function addCubes(t: PeriklesPosition, seat: number, city: number, n: number): number {
  const added = Math.min(n, supplyOf(t, seat));
  t.cubes[seat * CITY_COUNT + city] += added;
  return added;
}

/** True if `seat` occupies a candidate space of `city`. */
export const isCandidate = (t: PeriklesPosition, city: number, seat: number): boolean =>
  t.cand[city * 2] === seat || t.cand[city * 2 + 1] === seat;

// ---- powers and control ---------------------------------------------------------------------------

/** Recomputes ctrl[] from the leaders and the Persian leaders (§4.5). */
export function refreshControl(t: PeriklesPosition): void {
  for (let s = 0; s < t.players; s++) {
    let mask = 0;
    for (let c = 0; c < CITY_COUNT; c++) if (t.leader[c] === s) mask |= 1 << c;
    if (t.persians & (1 << s)) mask |= 1 << 6;
    t.ctrl[s] = mask;
  }
}

/** The Sparta Leader, or the start player if Sparta has no Leader (§4.5 Decision). */
export function spartaOrStart(t: PeriklesPosition): number {
  return t.leader[4] >= 0 ? t.leader[4] : t.start;
}

// ---- the cross-field rules of a loaded position -----------------------------------------------------

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

const KIND_CODES: readonly string[] = Array.from({ length: KIND_COUNT }, (_, k) => kindCode(k));

/** Where tileAt says a tile is, as the error messages name it. */
function tilePlace(t: PeriklesPosition, id: number): string {
  const at = t.tileAt[id];
  if (at < MAX_PLAYERS) return `seat ${at}'s tiles`;
  if (at === TILE_DECK) return 'the deck';
  if (at === TILE_DISPLAY) return `display slot ${t.display.indexOf(id)}`;
  return 'the discarded tiles';
}

const LOC_PLACES = ['the deck', 'the display', 'the removed tiles', 'the claimed tiles'];

/**
 * The cross-field rules of a loaded position (each field's range the schema checked), in the
 * order the version-1 loader checked them; restores the derived fields (tileVp, held, taken,
 * colors, ctrl, sideCount, sideMask, comLen). A live position must offer a legal action.
 */
function check(t: PeriklesPosition, bad: (detail: string) => never): void {
  const n = t.players;
  const phaseName = PHASES[t.phase];
  const decName = DECISIONS[t.dec];
  const seatOk = (s: number, what: string) => {
    if (s >= n) bad(`${what} is seat ${s}, but there are ${n} players`);
  };
  seatOk(t.start, 'startPlayer');
  if (!DECISION_PHASES[decName].includes(t.phase)) bad(`decision '${decName}' cannot be asked in phase '${phaseName}'`);
  if ((t.phase === PH_OVER) !== t.actor < 0)
    bad(`actor ${t.actor} does not fit phase '${phaseName}' (-1 exactly when the game is over)`);
  if (t.actor >= 0) seatOk(t.actor, 'actor');
  if (t.truncated && (t.phase !== PH_OVER || t.steps !== STEP_CAP))
    bad(`truncated needs phase 'over' and steps = ${STEP_CAP}`);
  if (t.phase !== PH_OVER && t.steps >= STEP_CAP)
    bad(`steps ${t.steps} reached the cap ${STEP_CAP}, so the game must be over`);

  // Cubes and candidates (§2.7, §4.2): at most 30 per seat, α filled before β, one space per seat and city.
  for (let c = 0; c < CITY_COUNT; c++) {
    const a = t.cand[c * 2];
    const b = t.cand[c * 2 + 1];
    if (a >= 0) seatOk(a, `${CITIES[c]} α`);
    if (b >= 0) seatOk(b, `${CITIES[c]} β`);
    if (a < 0 && b >= 0) bad(`${CITIES[c]} has a β candidate but no α`);
    if (a >= 0 && a === b) bad(`seat ${a} holds both candidate spaces of ${CITIES[c]}`);
  }
  for (let s = 0; s < n; s++) {
    if (cubesOnBoard(t, s) > CUBES_PER_PLAYER)
      bad(`seat ${s} has ${cubesOnBoard(t, s)} cubes on the board; the supply holds ${CUBES_PER_PLAYER}`);
  }
  const leaders = Array.from(t.leader);
  leaders.forEach((s, c) => {
    if (s >= 0) seatOk(s, `leader of ${CITIES[c]}`);
  });
  for (let s = 0; s < MAX_PLAYERS; s++) {
    if (!(t.persians & (1 << s))) continue;
    seatOk(s, 'a Persian leader');
    if (leaders.includes(s)) bad(`seat ${s} leads a city, so it cannot be a Persian leader`);
  }
  const militaryPhase = t.phase >= PH_DEAD_POOL && t.phase <= PH_BATTLE;
  // A game cut by the step cap keeps whatever its last phase held.
  const cutMidTurn = t.phase === PH_OVER && t.truncated;
  if (militaryPhase) {
    for (let s = 0; s < n; s++) {
      if (!leaders.includes(s) && !(t.persians & (1 << s))) bad(`seat ${s} leads no city but is not a Persian leader`);
    }
  } else if (!cutMidTurn) {
    if (t.persians !== 0) bad(`Persian leaders exist only in Phases E-G, not in phase '${phaseName}'`);
    if (leaders.some((s) => s >= 0)) bad(`Leaders exist only in Phases E-G, not in phase '${phaseName}'`);
  }
  refreshControl(t);

  // Locations: each of the 21 exactly once; 7 dealt per turn.
  const expectedDeck = LOCATION_COUNT - LOCATION_SLOTS * t.turn;
  const deckSize = LOCATION_COUNT - t.locPos;
  if (deckSize !== expectedDeck) bad(`the Location deck has ${deckSize} tiles; turn ${t.turn} leaves ${expectedDeck}`);
  const locSeen = new Map<number, string>();
  const placeLoc = (id: number, where: string, state: number) => {
    if (id >= LOCATION_COUNT) bad(`${where} holds ${id}, which is no Location tile`);
    if (locSeen.has(id)) bad(`Location ${LOCATIONS[id].name} (${id}) is in ${locSeen.get(id)} and in ${where}`);
    if (t.locAt[id] !== state)
      bad(`Location ${LOCATIONS[id].name} (${id}) is in ${where} and in ${LOC_PLACES[t.locAt[id]]}`);
    locSeen.set(id, where);
  };
  for (let i = 0; i < LOCATION_COUNT; i++) {
    if (i < t.locPos && t.locDeck[i] !== DRAWN) bad(`locDeck[${i}] is above the deck top ${t.locPos}, so it is drawn`);
    if (i >= t.locPos) placeLoc(t.locDeck[i], 'the deck', LOC_DECK);
  }
  t.locSlot.forEach((id, slot) => {
    if (id >= 0) placeLoc(id, `slot ${slot}`, LOC_DISPLAY);
  });
  t.tileVp.fill(0);
  let missingLocs = 0;
  for (let id = 0; id < LOCATION_COUNT; id++) {
    const state = t.locAt[id];
    if ((state === LOC_DECK || state === LOC_DISPLAY) && !locSeen.has(id)) missingLocs++;
    if ((state === LOC_CLAIMED) !== (t.locClaim[id] !== 0))
      bad(`Location ${LOCATIONS[id].name} (${id}) has claimers exactly when it is claimed`);
    for (let s = 0; s < MAX_PLAYERS; s++) {
      if (!(t.locClaim[id] & (1 << s))) continue;
      seatOk(s, `a claimer of ${LOCATIONS[id].name}`);
      t.tileVp[s] += LOCATIONS[id].vp;
    }
  }
  if (missingLocs > 0)
    bad(`${missingLocs} Location tiles are missing (each of the ${LOCATION_COUNT} must be somewhere)`);
  const emptySlots = t.locSlot.filter((x) => x < 0).length;
  if (t.phase !== PH_BATTLE && t.phase !== PH_OVER && emptySlots > 0)
    bad(`phase '${phaseName}' needs all 7 Location slots filled`);

  // Influence tiles: each of the 36 exactly once.
  const tileSeen = new Map<number, string>();
  const placeTile = (id: number, where: string, state: number) => {
    if (id >= TILE_COUNT) bad(`${where} holds ${id}, which is no Influence tile`);
    if (tileSeen.has(id)) bad(`Influence tile ${id} is in ${tileSeen.get(id)} and in ${where}`);
    if (t.tileAt[id] !== state) bad(`Influence tile ${id} is in ${where} and in ${tilePlace(t, id)}`);
    tileSeen.set(id, where);
  };
  for (let i = 0; i < TILE_COUNT; i++) {
    if (i < t.infPos && t.infDeck[i] !== DRAWN) bad(`infDeck[${i}] is above the deck top ${t.infPos}, so it is drawn`);
    if (i >= t.infPos) placeTile(t.infDeck[i], 'the deck', TILE_DECK);
  }
  t.display.forEach((id, slot) => {
    if (id >= 0) placeTile(id, `display slot ${slot}`, TILE_DISPLAY);
  });
  t.held.fill(0);
  t.taken.fill(0);
  t.colors.fill(0);
  let missingTiles = 0;
  for (let id = 0; id < TILE_COUNT; id++) {
    const at = t.tileAt[id];
    if ((at === TILE_DECK || at === TILE_DISPLAY) && !tileSeen.has(id)) missingTiles++;
    if (at < MAX_PLAYERS) {
      seatOk(at, `the holder of Influence tile ${id}`);
      const info = INFLUENCE_TILES[id];
      t.held[at * 2 + info.shards - 1]++;
      t.taken[at]++;
      t.colors[at] |= 1 << info.color;
    }
  }
  if (missingTiles > 0)
    bad(`${missingTiles} Influence tiles are missing (each of the ${TILE_COUNT} must be somewhere)`);
  const maxHeld = tilesPerPlayer(n);
  if (t.taken.some((k) => k > maxHeld)) bad(`a seat holds more than ${maxHeld} Influence tiles`);

  // Specials: distinct tiles dealt; an unused tile lies in its public `possible` set.
  if (t.specialUsed >= 1 << n) bad(`specialUsed ${t.specialUsed} names a seat beyond the ${n} players`);
  for (let s = 0; s < n; s++) {
    const tile = t.special[s];
    if (t.special.indexOf(tile) !== s) bad(`Special tile ${tile} is dealt twice`);
    if (!(t.specialUsed & (1 << s)) && !(t.possible[s] & (1 << tile)))
      bad(`seat ${s}'s unused Special tile ${tile} is outside its possible set`);
  }

  // Counters: conservation of every kind (§2.2); pools and commitments belong to powers in use.
  const inUse = (power: number) => (power === PERSIA ? t.persians !== 0 : t.leader[power] >= 0);
  for (let k = 0; k < KIND_COUNT; k++) {
    if (t.pool[k] > 0 && !inUse(kindPower(k)))
      bad(`${KIND_CODES[k]} is in a pool, but ${POWERS[kindPower(k)]} has no leader this turn`);
    if (t.dead[k] > 0 && kindPower(k) === PERSIA) bad('Persian counters never go to the dead pool');
  }
  if (t.comKind.length !== t.comPlace.length)
    bad(`comKind has ${t.comKind.length} entries but comPlace ${t.comPlace.length}`);
  const committedCount = new Uint8Array(KIND_COUNT);
  t.sideCount.fill(0);
  t.sideMask.fill(0);
  for (let i = 0; i < t.comKind.length; i++) {
    const k = t.comKind[i];
    const code = KIND_CODES[k];
    const slot = t.comPlace[i] >> 2;
    const sideIndex = (t.comPlace[i] >> 1) & 1;
    const side = sideIndex === 0 ? 'attack' : 'defend';
    if (t.phase !== PH_COMMIT && t.phase !== PH_BATTLE && !cutMidTurn)
      bad(`committed counters exist only in Phases F-G, not in phase '${phaseName}'`);
    if (!inUse(kindPower(k)))
      bad(`committed ${code} belongs to ${POWERS[kindPower(k)]}, which has no leader this turn`);
    if (t.locSlot[slot] < 0) bad(`committed ${code} is on slot ${slot}, which holds no Location`);
    if ((sideIndex === 0 ? t.mainAtt : t.mainDef)[slot] < 0)
      bad(`slot ${slot}'s ${side} side has counters but no main player`);
    t.sideCount[(slot * 2 + sideIndex) * POWER_COUNT + kindPower(k)]++;
    t.sideMask[slot * 2 + sideIndex] |= 1 << kindPower(k);
    committedCount[k]++;
  }
  t.comLen = t.comKind.length;
  if (!militaryPhase && !cutMidTurn && t.pool.some((x) => x > 0))
    bad(`pools are empty outside Phases E-G, not so in phase '${phaseName}'`);
  for (let k = 0; k < KIND_COUNT; k++) {
    const total = t.stack[k] + t.dead[k] + t.pool[k] + committedCount[k];
    if (total !== KIND_TOTALS[k]) bad(`there are ${total} counters ${KIND_CODES[k]}; §2.2 has ${KIND_TOTALS[k]}`);
  }

  // Relationships are symmetric, every power is allied with itself, and never both allied and at war.
  for (let u = 0; u < POWER_COUNT; u++) {
    if (!(t.allied[u] & (1 << u))) bad(`allied[${u}] must contain ${POWERS[u]} itself`);
    if (t.war[u] & (1 << u)) bad(`${POWERS[u]} is at war with itself`);
    for (let v = 0; v < POWER_COUNT; v++) {
      const allied = (t.allied[u] >> v) & 1;
      const war = (t.war[u] >> v) & 1;
      if (allied !== ((t.allied[v] >> u) & 1) || war !== ((t.war[v] >> u) & 1))
        bad(`the relationship of ${POWERS[u]} and ${POWERS[v]} is not symmetric`);
      if (u !== v && allied && war)
        bad(`${POWERS[Math.min(u, v)]} and ${POWERS[Math.max(u, v)]} are both allied and at war`);
    }
  }
  for (let slot = 0; slot < LOCATION_SLOTS; slot++) {
    if (t.mainAtt[slot] >= 0) seatOk(t.mainAtt[slot], `main attacker of slot ${slot}`);
    if (t.mainDef[slot] >= 0) seatOk(t.mainDef[slot], `main defender of slot ${slot}`);
  }

  for (const [s, what] of [
    [t.nomSeat, 'nomSeat'],
    [t.firstCommit, 'firstCommit'],
    [t.commitSeat, 'commitSeat'],
  ] as const) {
    if (s >= n) bad(`progress.${what} is seat ${s}, but there are ${n} players`);
  }
  if (t.selKind >= 0) {
    if (t.phase !== PH_COMMIT || t.pool[t.selKind] === 0)
      bad(`the selected counter ${KIND_CODES[t.selKind]} must be in a pool during Phase F`);
  }
  if (t.pendTarget >= 0 && (t.pendTarget & 1) !== 1) bad('a permission request is always for the defending side');
  if (t.phase === PH_COMMIT && (t.commitSeat < 0 || (t.stage !== 1 && t.stage !== 2)))
    bad('Phase F needs a commitSeat and a stage of 1 or 2');
  if (decName === 'target' && t.selKind < 0) bad("decision 'target' needs a selected counter");
  if (decName === 'permission' && (t.selKind < 0 || t.pendTarget < 0))
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
  if (t.log.length !== Math.min(t.logCount, LOG_CAPACITY))
    bad(`log holds ${t.log.length} events; logCount ${t.logCount} keeps ${Math.min(t.logCount, LOG_CAPACITY)}`);
  t.lastMove.forEach((v, s) => {
    if (v > t.logCount) bad(`lastMove[${s}] = ${v} is beyond logCount ${t.logCount}`);
  });
  if (t.dec !== D_NONE && legalActions(t).length === 0)
    bad(`decision '${decName}' of seat ${t.actor} has no legal action in this position`);
}

// ---- version 1: the readable format before the kit ----------------------------------------------------

const Seat = z.int().min(0).max(SEAT_MAX);
const SeatOrNone = z.int().min(-1).max(SEAT_MAX);
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
const Small = z.int().min(-1).max(255);

/** Version 1's Phase B-G progress counters (the fields of the same names above). */
const ProgressV1 = z.strictObject({
  curSlot: Small,
  curTile: Small,
  specialFrom: Small,
  alkiMoves: Small,
  alkiSource: Small,
  placed: Small,
  nomSeat: Small,
  deadIndex: Small,
  deadDone: z.array(
    z
      .int()
      .min(0)
      .max(CITY_COUNT - 1),
  ),
  firstCommit: Small,
  commitSeat: Small,
  stage: Small,
  basic: Small,
  extraCity: Small,
  extra: Small,
  selected: CounterCode.nullable(),
  request: z.strictObject({ slot: Slot, side: z.literal(1) }).nullable(),
  battleSlot: Small,
  battleRound: Small,
  carry: Small,
  tokens: z.tuple([Small, Small]),
  brasidas: z.boolean(),
  phormio: z.boolean(),
  windowPos: Small,
  loser: Small,
});

/** The shape of a version-1 saved state (no version field); its rules are `check`'s. */
const StateJsonV1 = z.strictObject({
  game: z.literal(GAME),
  players: z.int().min(MIN_PLAYERS).max(MAX_PLAYERS),
  turn: z.int(),
  startPlayer: Seat,
  phase: z.enum(PHASES),
  decision: z.enum(DECISIONS),
  actor: SeatOrNone,
  steps: z.int(),
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
    deck: z.array(LocationId).max(LOCATION_COUNT),
    /** The seven slots: Location id, or null once resolved. */
    slots: z.array(LocationId.nullable()).length(LOCATION_SLOTS),
    removed: z.array(LocationId),
    claimed: z.array(z.strictObject({ location: LocationId, seats: z.array(Seat).min(1) })),
  }),
  influence: z.strictObject({
    deck: z.array(TileId).max(TILE_COUNT),
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
    committed: z
      .array(
        z.strictObject({ slot: Slot, side: z.enum(['attack', 'defend']), ally: z.boolean(), counter: CounterCode }),
      )
      .max(MAX_COMMITS),
  }),
  /** Unordered pairs of powers (§1 indexes). */
  allied: z.array(z.tuple([PowerIndex, PowerIndex])),
  atWar: z.array(z.tuple([PowerIndex, PowerIndex])),
  /** [slot, power] pairs. */
  granted: z.array(z.tuple([Slot, PowerIndex])),
  denied: z.array(z.tuple([Slot, PowerIndex])),
  mainAttackers: z.array(SeatOrNone).length(LOCATION_SLOTS),
  mainDefenders: z.array(SeatOrNone).length(LOCATION_SLOTS),
  progress: ProgressV1,
  /** The retained events (the last LOG_CAPACITY at most) as [kind, ...args], and how many were ever written. */
  log: z.array(z.tuple([z.enum(EVENTS.names as unknown as [string, ...string[]])], z.int())).max(LOG_CAPACITY),
  logCount: z.int().min(0),
  lastMove: z.array(z.int().min(0)),
});
/** A version-1 saved state (test-helpers.ts still writes hand-made positions in it). */
export type PeriklesJson = z.infer<typeof StateJsonV1>;

/**
 * Version 1 → 2: reads the readable format into the fields (counter codes to kinds, listed
 * components to where-arrays) and writes them out as version 2. Only the shape is checked here
 * (what the conversion needs); every rule of the game is `check`'s, on the converted position.
 */
function fromVersion1(json: Record<string, unknown>): Record<string, unknown> {
  const { data: d } = parseSavedState(GAME, StateJsonV1, json);
  const bad = (detail: string): never => {
    throw new InvalidStateError(GAME, detail);
  };
  const n = d.players;
  const perSeatOk = (arr: readonly unknown[], what: string) => {
    if (arr.length !== n) bad(`${what} has ${arr.length} entries; expected one per seat (${n})`);
  };
  perSeatOk(d.cubes, 'cubes');
  perSeatOk(d.statues, 'statues');
  perSeatOk(d.influence.held, 'influence.held');
  perSeatOk(d.specials.dealt, 'specials.dealt');
  perSeatOk(d.specials.used, 'specials.used');
  perSeatOk(d.specials.possible, 'specials.possible');
  perSeatOk(d.lastMove, 'lastMove');

  const t = POSITION.create(n);
  const p = d.progress;
  const code = (c: string) => KIND_CODES.indexOf(c);
  d.cubes.forEach((row, s) => row.forEach((v, c) => (t.cubes[s * CITY_COUNT + c] = v)));
  d.candidates.forEach(([a, b], c) => {
    t.cand[c * 2] = a;
    t.cand[c * 2 + 1] = b;
  });
  d.leaders.forEach((s, c) => (t.leader[c] = s));
  d.statues.forEach((row, s) => row.forEach((v, c) => (t.statues[s * CITY_COUNT + c] = v)));
  d.defeats.forEach((v, c) => (t.defeats[c] = v));
  for (const s of d.persianLeaders) t.persians |= 1 << s;

  t.locPos = LOCATION_COUNT - d.locations.deck.length;
  d.locations.deck.forEach((id, i) => {
    t.locDeck[t.locPos + i] = id;
    t.locAt[id] = LOC_DECK;
  });
  d.locations.slots.forEach((id, slot) => {
    if (id === null) return;
    t.locSlot[slot] = id;
    t.locAt[id] = LOC_DISPLAY;
  });
  for (const id of d.locations.removed) t.locAt[id] = LOC_REMOVED;
  for (const { location, seats } of d.locations.claimed) {
    t.locAt[location] = LOC_CLAIMED;
    for (const s of seats) t.locClaim[location] |= 1 << s;
  }

  t.infPos = TILE_COUNT - d.influence.deck.length;
  d.influence.deck.forEach((id, i) => {
    t.infDeck[t.infPos + i] = id;
    t.tileAt[id] = TILE_DECK;
  });
  d.influence.display.forEach((id, slot) => {
    if (id === null) return;
    t.display[slot] = id;
    t.tileAt[id] = TILE_DISPLAY;
  });
  d.influence.held.forEach((ids, s) => ids.forEach((id) => (t.tileAt[id] = s)));
  for (const id of d.influence.discarded) t.tileAt[id] = TILE_DISCARDED;

  d.specials.dealt.forEach((tile, s) => {
    t.special[s] = tile;
    if (d.specials.used[s]) t.specialUsed |= 1 << s;
    t.possible[s] = d.specials.possible[s].reduce((mask, k) => mask | (1 << k), 0);
  });

  for (const c of d.counters.stack) t.stack[code(c)]++;
  for (const c of d.counters.dead) t.dead[code(c)]++;
  for (const c of d.counters.pool) t.pool[code(c)]++;
  for (const { slot, side, ally, counter } of d.counters.committed) {
    t.comKind.push(code(counter));
    t.comPlace.push(placeCode(slot, side === 'attack' ? 0 : 1, ally ? 1 : 0));
  }
  for (const [u, v] of d.allied) {
    t.allied[u] |= 1 << v;
    t.allied[v] |= 1 << u;
  }
  for (let u = 0; u < POWER_COUNT; u++) t.allied[u] |= 1 << u;
  for (const [u, v] of d.atWar) {
    t.war[u] |= 1 << v;
    t.war[v] |= 1 << u;
  }
  for (const [slot, u] of d.granted) t.granted[slot] |= 1 << u;
  for (const [slot, u] of d.denied) t.denied[slot] |= 1 << u;
  d.mainAttackers.forEach((s, slot) => (t.mainAtt[slot] = s));
  d.mainDefenders.forEach((s, slot) => (t.mainDef[slot] = s));

  const json2 = POSITION.toJSON(t);
  return {
    ...json2,
    turn: d.turn,
    start: d.startPlayer,
    phase: d.phase,
    dec: d.decision,
    actor: d.actor,
    steps: d.steps,
    truncated: d.truncated,
    rng: { c: d.rng.c, s0: d.rng.s0, s1: d.rng.s1, s2: d.rng.s2 },
    curSlot: p.curSlot,
    curTile: p.curTile,
    specialFrom: p.specialFrom,
    alkiMoves: p.alkiMoves,
    alkiSource: p.alkiSource,
    placed: p.placed,
    nomSeat: p.nomSeat,
    deadIndex: p.deadIndex,
    deadDone: p.deadDone.reduce((mask, c) => mask | (1 << c), 0),
    firstCommit: p.firstCommit,
    commitSeat: p.commitSeat,
    stage: p.stage,
    basic: p.basic,
    extraCity: p.extraCity,
    extra: p.extra,
    selKind: p.selected === null ? -1 : code(p.selected),
    pendTarget: p.request === null ? -1 : p.request.slot * 2 + 1,
    bSlot: p.battleSlot,
    bRound: p.battleRound,
    carry: p.carry,
    tokA: p.tokens[0],
    tokD: p.tokens[1],
    bFlags: (p.brasidas ? 1 : 0) | (p.phormio ? 2 : 0),
    winPos: p.windowPos,
    loser: p.loser,
    log: d.log,
    logCount: d.logCount,
    lastMove: d.lastMove,
  };
}
