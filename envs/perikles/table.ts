/**
 * The mutable core of a Perikles position: a Table of small typed arrays and numbers, so clone()
 * is a handful of slice() calls and applyAction allocates nothing. The transition modules
 * (influence.ts, military.ts, battle.ts) operate on it; rules.ts wraps it in the GameState class.
 */
import type { RngState } from '../core/rng.js';
import {
  CITY_COUNT,
  CUBES_PER_PLAYER,
  DISPLAY_SLOTS,
  KIND_COUNT,
  LOCATION_COUNT,
  LOCATION_SLOTS,
  POWER_COUNT,
  SPECIAL_COUNT,
  TILE_COUNT,
} from './cards.js';
import { LOG_CAPACITY } from './log.js';

export const GAME = 'perikles';
export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 5;
export const DEFAULT_PLAYERS = 4;
/** §7 Decision: the environment ends the game after this many applied actions. */
export const STEP_CAP = 3000;
/** §7 Decision: a single combat round is capped at this many rolls (roll-offs included). */
export const ROLL_CAP = 1000;

/** Phases in which decisions are asked (Phases A, D and H are automatic). */
export const PHASES = [
  'setup',
  'influence',
  'nominations',
  'deadPool',
  'firstCommit',
  'commit',
  'battle',
  'over',
] as const;
export type PhaseName = (typeof PHASES)[number];
export const PH_SETUP = 0;
export const PH_INFLUENCE = 1;
export const PH_NOMINATIONS = 2;
export const PH_DEAD_POOL = 3;
export const PH_FIRST_COMMIT = 4;
export const PH_COMMIT = 5;
export const PH_BATTLE = 6;
export const PH_OVER = 7;

/** Decision kinds of §9 (D7 is split into its Plague, Alkibiades-source and -destination steps). */
export const DECISIONS = [
  'initialCube', // D1
  'takeTile', // D2
  'anyCity', // D3
  'nominate', // D4
  'assassinate', // D5
  'postSpecial', // D6
  'plagueCity', // D7 Plague
  'alkibiadesSource', // D7 Alkibiades, first step of a move
  'alkibiadesDestination', // D7 Alkibiades, second step
  'deadPool', // D8
  'firstCommit', // D9
  'slaveRevolt', // D10
  'selectCounter', // D11
  'target', // D12
  'permission', // D13
  'spendCube', // D14
  'battleSpecial', // D15
  'casualty', // D16
  'none', // the game is over
] as const;
export type DecisionName = (typeof DECISIONS)[number];
export const D_INITIAL_CUBE = 0;
export const D_TAKE = 1;
export const D_ANY_CITY = 2;
export const D_NOMINATE = 3;
export const D_ASSASSINATE = 4;
export const D_POST_SPECIAL = 5;
export const D_PLAGUE = 6;
export const D_ALKI_SOURCE = 7;
export const D_ALKI_DEST = 8;
export const D_DEAD_POOL = 9;
export const D_FIRST_COMMIT = 10;
export const D_SLAVE_REVOLT = 11;
export const D_SELECT = 12;
export const D_TARGET = 13;
export const D_PERMISSION = 14;
export const D_SPEND = 15;
export const D_BATTLE_SPECIAL = 16;
export const D_CASUALTY = 17;
export const D_NONE = 18;

/** Where an Influence tile is (tileAt): 0..4 held by that seat, or one of these. */
export const TILE_DECK = 5;
export const TILE_DISPLAY = 6;
export const TILE_DISCARDED = 7;
/** Where a Location tile is (locAt). */
export const LOC_DECK = 0;
export const LOC_DISPLAY = 1;
export const LOC_REMOVED = 2;
export const LOC_CLAIMED = 3;
export const LOC_STATES = ['deck', 'display', 'removed', 'claimed'] as const;

/** Committed-counter place code: slot·4 + side·2 + ally (side 0 attack, 1 defend; ally 0 main slot, 1 ally slot). */
export const placeCode = (slot: number, side: number, ally: number): number => slot * 4 + side * 2 + ally;
/** Empty deck entries (drawn tiles) are marked so a position has one canonical memory image. */
export const DRAWN = 255;
/** Most counters that can be committed in one turn: every counter there is. */
export const MAX_COMMITS = 71;

/**
 * A position. Per-seat arrays are sized for the actual seat count; "seat or -1" fields use Int8.
 * Relationships are bit masks over powers: allied[u] (always contains u itself) and war[u].
 */
export interface Table {
  players: number;
  turn: number;
  start: number;
  phase: number;
  dec: number;
  actor: number;
  steps: number;
  truncated: boolean;
  // Alea state (seedrandom's algorithm, inlined so a clone copies four numbers).
  rc: number;
  r0: number;
  r1: number;
  r2: number;

  /** Regular cubes [seat·6 + city]. */
  readonly cubes: Uint8Array;
  /** Candidate spaces [city·2 + (0 α, 1 β)] = seat or -1. */
  readonly cand: Int8Array;
  /** Leader of each city this turn, or -1. */
  readonly leader: Int8Array;
  /** Statues [seat·6 + city]. */
  readonly statues: Uint8Array;
  readonly defeats: Uint8Array;
  /** Running VP from claimed Location tiles per seat (kept equal to the claims, see scoring). */
  readonly tileVp: Uint8Array;

  /** Location tile state (LOC_*) by id, and the seats that claimed it (bit mask). */
  readonly locAt: Uint8Array;
  readonly locClaim: Uint8Array;
  /** Location deck, top = index locPos; drawn entries are DRAWN. */
  readonly locDeck: Uint8Array;
  locPos: number;
  /** Location id in each display slot, or -1 once resolved / before dealing. */
  readonly locSlot: Int8Array;

  /** Influence deck, top = index infPos; drawn entries are DRAWN. */
  readonly infDeck: Uint8Array;
  infPos: number;
  /** Tile id in each display slot, or -1. */
  readonly display: Int8Array;
  /** Where each Influence tile is: seat 0..4 (held) or TILE_*. */
  readonly tileAt: Uint8Array;
  /** Tiles held per seat by shards: [seat·2 + (0: 1-shard, 1: 2-shard)]. */
  readonly held: Uint8Array;
  /** Tiles taken this turn per seat, and the colors taken (bit per color, Any = bit 6). */
  readonly taken: Uint8Array;
  readonly colors: Uint8Array;

  /** Special tile dealt to each seat. */
  readonly special: Uint8Array;
  /** Bit mask over seats: the seat's special is used (public). */
  specialUsed: number;
  /**
   * Per seat: the special kinds its unused tile may still be, given what everyone saw (the windows
   * D6, D10 and D15 are asked only of holders, §6 Decision). Public; determinize respects it.
   */
  readonly possible: Uint8Array;

  // ---- Phase B progress ----
  /** Display slot emptied by the current influence turn, and the tile being resolved. */
  curSlot: number;
  curTile: number;
  /** The special in progress was played in the pre-window (0) or the post-window (1). */
  specialFrom: number;
  /** Alkibiades: moves done (0, 1), and the chosen source (city·5 + owner) awaiting a destination. */
  alkiMoves: number;
  alkiSource: number;
  /** Initial placements done (§3 step 7). */
  placed: number;

  // ---- Phase C / E progress ----
  nomSeat: number;
  /** Dead-pool recovery: index (from the first recovering seat) of the seat being processed. */
  deadIndex: number;
  /** Cities whose dead-pool recovery is done this turn (bit mask). */
  deadDone: number;
  /** Seats leading no city, bit mask (0: Persia unused), set in Phase E. */
  persians: number;
  /** Powers each seat controls this turn (bit mask over powers). */
  readonly ctrl: Uint8Array;

  // ---- Phase F ----
  firstCommit: number;
  /** The seat whose commit turn runs (or is considered next). */
  commitSeat: number;
  /** Shards of the current commit turn's stage (2 or 1; 0 outside Phase F). */
  stage: number;
  basic: number;
  /** City X of the extra stage, or -1 outside it; extra counters placed so far. */
  extraCity: number;
  extra: number;
  /** Selected counter kind awaiting a target, or -1; target awaiting permission (slot·2 + side), or -1. */
  selKind: number;
  pendTarget: number;
  readonly allied: Uint8Array;
  readonly war: Uint8Array;
  /** Per Location slot: powers granted permission (turn) and denied (current commit turn). */
  readonly granted: Uint8Array;
  readonly denied: Uint8Array;
  readonly mainAtt: Int8Array;
  readonly mainDef: Int8Array;
  /**
   * Counters per [(slot·2 + side)·7 + power], and the powers present per slot·2 + side. Arrays
   * over 64 bytes are plain arrays: V8 allocates larger typed arrays off-heap, which makes
   * clone() several times slower.
   */
  readonly sideCount: number[];
  readonly sideMask: Uint8Array;
  /** Committed counters in commit order: kind and place code. */
  readonly comKind: number[];
  readonly comPlace: number[];
  comLen: number;
  /** Counter counts by kind: city/Persian stacks, dead pool, leaders' uncommitted pools. */
  readonly stack: Uint8Array;
  readonly dead: Uint8Array;
  readonly pool: Uint8Array;

  // ---- Phase G ----
  bSlot: number;
  bRound: number;
  /** Carried token: -1 none, 0 attackers, 1 defenders. */
  carry: number;
  tokA: number;
  tokD: number;
  /** Bit 0: Brasidas played this round; bit 1: Phormio. */
  bFlags: number;
  /** Battle special window: next seat offset from the start player. */
  winPos: number;
  /** Side that lost the round whose casualty is being chosen (D16). */
  loser: number;

  /** Event ring (log.ts): two words per event; logCount = events ever written. */
  readonly log: number[];
  logCount: number;
  /** logCount when each seat last acted: its view's log starts there. */
  readonly lastMove: Int32Array;
}

export function newTableShell(players: number, rng: RngState): Table {
  return {
    players,
    turn: 1,
    start: 0,
    phase: PH_SETUP,
    dec: D_INITIAL_CUBE,
    actor: 0,
    steps: 0,
    truncated: false,
    rc: rng.c,
    r0: rng.s0,
    r1: rng.s1,
    r2: rng.s2,
    cubes: new Uint8Array(players * CITY_COUNT),
    cand: new Int8Array(CITY_COUNT * 2).fill(-1),
    leader: new Int8Array(CITY_COUNT).fill(-1),
    statues: new Uint8Array(players * CITY_COUNT),
    defeats: new Uint8Array(CITY_COUNT),
    tileVp: new Uint8Array(players),
    locAt: new Uint8Array(LOCATION_COUNT),
    locClaim: new Uint8Array(LOCATION_COUNT),
    locDeck: new Uint8Array(LOCATION_COUNT).fill(DRAWN),
    locPos: LOCATION_COUNT,
    locSlot: new Int8Array(LOCATION_SLOTS).fill(-1),
    infDeck: new Uint8Array(TILE_COUNT).fill(DRAWN),
    infPos: TILE_COUNT,
    display: new Int8Array(DISPLAY_SLOTS).fill(-1),
    tileAt: new Uint8Array(TILE_COUNT).fill(TILE_DECK),
    held: new Uint8Array(players * 2),
    taken: new Uint8Array(players),
    colors: new Uint8Array(players),
    special: new Uint8Array(players),
    specialUsed: 0,
    possible: new Uint8Array(players).fill((1 << SPECIAL_COUNT) - 1),
    curSlot: -1,
    curTile: -1,
    specialFrom: 0,
    alkiMoves: 0,
    alkiSource: -1,
    placed: 0,
    nomSeat: 0,
    deadIndex: 0,
    deadDone: 0,
    persians: 0,
    ctrl: new Uint8Array(players),
    firstCommit: -1,
    commitSeat: -1,
    stage: 0,
    basic: 0,
    extraCity: -1,
    extra: 0,
    selKind: -1,
    pendTarget: -1,
    allied: Uint8Array.from({ length: POWER_COUNT }, (_, u) => 1 << u),
    war: new Uint8Array(POWER_COUNT),
    granted: new Uint8Array(LOCATION_SLOTS),
    denied: new Uint8Array(LOCATION_SLOTS),
    mainAtt: new Int8Array(LOCATION_SLOTS).fill(-1),
    mainDef: new Int8Array(LOCATION_SLOTS).fill(-1),
    sideCount: new Array<number>(LOCATION_SLOTS * 2 * POWER_COUNT).fill(0),
    sideMask: new Uint8Array(LOCATION_SLOTS * 2),
    comKind: new Array<number>(MAX_COMMITS).fill(0),
    comPlace: new Array<number>(MAX_COMMITS).fill(0),
    comLen: 0,
    stack: new Uint8Array(KIND_COUNT),
    dead: new Uint8Array(KIND_COUNT),
    pool: new Uint8Array(KIND_COUNT),
    bSlot: -1,
    bRound: 0,
    carry: -1,
    tokA: 0,
    tokD: 0,
    bFlags: 0,
    winPos: 0,
    loser: -1,
    log: new Array<number>(LOG_CAPACITY * 2).fill(0),
    logCount: 0,
    lastMove: new Int32Array(players),
  };
}

export function cloneTable(t: Table): Table {
  return {
    players: t.players,
    turn: t.turn,
    start: t.start,
    phase: t.phase,
    dec: t.dec,
    actor: t.actor,
    steps: t.steps,
    truncated: t.truncated,
    rc: t.rc,
    r0: t.r0,
    r1: t.r1,
    r2: t.r2,
    cubes: t.cubes.slice(),
    cand: t.cand.slice(),
    leader: t.leader.slice(),
    statues: t.statues.slice(),
    defeats: t.defeats.slice(),
    tileVp: t.tileVp.slice(),
    locAt: t.locAt.slice(),
    locClaim: t.locClaim.slice(),
    locDeck: t.locDeck.slice(),
    locPos: t.locPos,
    locSlot: t.locSlot.slice(),
    infDeck: t.infDeck.slice(),
    infPos: t.infPos,
    display: t.display.slice(),
    tileAt: t.tileAt.slice(),
    held: t.held.slice(),
    taken: t.taken.slice(),
    colors: t.colors.slice(),
    special: t.special.slice(),
    specialUsed: t.specialUsed,
    possible: t.possible.slice(),
    curSlot: t.curSlot,
    curTile: t.curTile,
    specialFrom: t.specialFrom,
    alkiMoves: t.alkiMoves,
    alkiSource: t.alkiSource,
    placed: t.placed,
    nomSeat: t.nomSeat,
    deadIndex: t.deadIndex,
    deadDone: t.deadDone,
    persians: t.persians,
    ctrl: t.ctrl.slice(),
    firstCommit: t.firstCommit,
    commitSeat: t.commitSeat,
    stage: t.stage,
    basic: t.basic,
    extraCity: t.extraCity,
    extra: t.extra,
    selKind: t.selKind,
    pendTarget: t.pendTarget,
    allied: t.allied.slice(),
    war: t.war.slice(),
    granted: t.granted.slice(),
    denied: t.denied.slice(),
    mainAtt: t.mainAtt.slice(),
    mainDef: t.mainDef.slice(),
    sideCount: t.sideCount.slice(),
    sideMask: t.sideMask.slice(),
    comKind: t.comKind.slice(),
    comPlace: t.comPlace.slice(),
    comLen: t.comLen,
    stack: t.stack.slice(),
    dead: t.dead.slice(),
    pool: t.pool.slice(),
    bSlot: t.bSlot,
    bRound: t.bRound,
    carry: t.carry,
    tokA: t.tokA,
    tokD: t.tokD,
    bFlags: t.bFlags,
    winPos: t.winPos,
    loser: t.loser,
    log: t.log.slice(),
    logCount: t.logCount,
    lastMove: t.lastMove.slice(),
  };
}

// ---- chance (§5) -----------------------------------------------------------------------------------

/**
 * The next uniform u in [0, 1): seedrandom's Alea step, inlined on the table's four numbers so
 * clone() needs no generator object. A test checks it draws exactly what core Rng draws.
 */
export function nextU(t: Table): number {
  const x = 2091639 * t.r0 + t.rc * 2.3283064365386963e-10;
  t.r0 = t.r1;
  t.r1 = t.r2;
  t.rc = x | 0;
  t.r2 = x - t.rc;
  return t.r2;
}

/** §5: an integer in 0..n-1 is ⌊u·n⌋. */
export const drawInt = (t: Table, n: number): number => Math.floor(nextU(t) * n);
/** §5: a die is 1 + ⌊u·6⌋. */
export const die = (t: Table): number => 1 + Math.floor(nextU(t) * 6);

/** §5: Fisher–Yates from the last index down over `a` (which the caller fills in id order). */
export function shuffleInPlace(t: Table, a: Uint8Array, from: number, to: number): void {
  for (let i = to - 1; i > from; i--) {
    const j = from + drawInt(t, i - from + 1);
    const x = a[i];
    a[i] = a[j];
    a[j] = x;
  }
}

export function rngState(t: Table): RngState {
  return { c: t.rc, s0: t.r0, s1: t.r1, s2: t.r2 };
}

export function setRng(t: Table, s: RngState): void {
  t.rc = s.c;
  t.r0 = s.s0;
  t.r1 = s.s1;
  t.r2 = s.s2;
}

// ---- cubes ---------------------------------------------------------------------------------------

/** §2.7: cubes a seat has on the board (regular + candidate). */
export function cubesOnBoard(t: Table, seat: number): number {
  let n = 0;
  const base = seat * CITY_COUNT;
  for (let c = 0; c < CITY_COUNT; c++) n += t.cubes[base + c];
  for (let i = 0; i < CITY_COUNT * 2; i++) if (t.cand[i] === seat) n++;
  return n;
}

export const supplyOf = (t: Table, seat: number): number => CUBES_PER_PLAYER - cubesOnBoard(t, seat);

/** §2.7: adds min(n, supply) regular cubes; returns how many were added. */
export function addCubes(t: Table, seat: number, city: number, n: number): number {
  const added = Math.min(n, supplyOf(t, seat));
  t.cubes[seat * CITY_COUNT + city] += added;
  return added;
}

/** Candidate seat of city c's space s (0 α, 1 β), or -1. */
export const candidateAt = (t: Table, city: number, space: number): number => t.cand[city * 2 + space];

/** True if `seat` occupies a candidate space of `city`. */
export const isCandidate = (t: Table, city: number, seat: number): boolean =>
  t.cand[city * 2] === seat || t.cand[city * 2 + 1] === seat;

// ---- powers and control ---------------------------------------------------------------------------

/** True if `seat` controls `power` this turn: leads the city, or is a Persian leader (§4.5). */
export function controls(t: Table, seat: number, power: number): boolean {
  return (t.ctrl[seat] & (1 << power)) !== 0;
}

/** Recomputes ctrl[] from the leaders and the Persian leaders. */
export function refreshControl(t: Table): void {
  for (let s = 0; s < t.players; s++) {
    let mask = 0;
    for (let c = 0; c < CITY_COUNT; c++) if (t.leader[c] === s) mask |= 1 << c;
    if (t.persians & (1 << s)) mask |= 1 << 6;
    t.ctrl[s] = mask;
  }
}

/** The Sparta Leader, or the start player if Sparta has no Leader (§4.5 Decision). */
export function spartaOrStart(t: Table): number {
  return t.leader[4] >= 0 ? t.leader[4] : t.start;
}
