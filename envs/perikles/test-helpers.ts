/**
 * Helpers shared by the Perikles tests: hand-made positions, action labels, events, and named
 * components, so tests read like the rulebook (style G14). positionJson fills every field a spec
 * leaves out with a consistent default (stacks hold whatever is not in a pool, the dead pool or
 * committed; Persian leaders are the seats leading no city) in the readable version-1 format, and
 * fromJSON then migrates and checks the result like any saved state.
 */
import { Rng, type RngState } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import {
  CITIES,
  CITY_COUNT,
  DECISIONS,
  DISPLAY_SLOTS,
  GAME,
  INFLUENCE_TILES,
  KIND_COUNT,
  KIND_TOTALS,
  LOCATIONS,
  LOCATION_COUNT,
  LOCATION_SLOTS,
  LOC_CLAIMED,
  LOC_REMOVED,
  PERSIA,
  PHASES,
  PH_BATTLE,
  PH_DEAD_POOL,
  POWER_COUNT,
  SPECIAL_COUNT,
  TILE_DISCARDED,
  TK_ANY,
  TK_ASSASSIN,
  TK_CANDIDATE,
  TK_PLAIN,
  kindCode,
  kindPower,
  type DecisionName,
  type PhaseName,
} from './components.js';
import type { GameState } from '../core/game.js';
import { perikles } from './index.js';
import { POSITION, type PeriklesJson, type PeriklesPosition } from './position.js';
import type { PeriklesView } from './view.js';

/** A Perikles game state (the kit's KitState around a position). */
export type PeriklesState = GameState<PeriklesView>;

/** The position inside a state (tests read and edit it directly). */
export const table = (s: PeriklesState): PeriklesPosition => perikles.positionOf(s);
/** The checked way in: a saved state (version 1 or 2) to a game state. */
export const fromJSON = (json: unknown): PeriklesState => perikles.fromJSON(json);

export const RED = 0;
export const BLUE = 1;
export const GREEN = 2;
export const YELLOW = 3;

export const load = (spec: PositionSpec): PeriklesState => fromJSON(positionJson(spec));
export const labels = (s: PeriklesState): string[] => s.legalActions().map((a) => s.actionToString(a));
export const play = (s: PeriklesState, ...names: string[]): PeriklesState => playNamed(s, ...names);
export const saved = (s: PeriklesState): string => JSON.stringify(s.toJSON());

/** Location id by name ('Megara' is the Location tile). */
export function loc(name: string): number {
  const l = LOCATIONS.find((x) => x.name === name);
  if (l === undefined) throw new Error(`no Location ${name}`);
  return l.id;
}

const KINDS = { plain: TK_PLAIN, candidate: TK_CANDIDATE, assassin: TK_ASSASSIN, any: TK_ANY } as const;

/** Influence tile ids of a kind and city (lowest id first): tiles('plain', 'Athens') = [2, 3, 4]. */
export function tiles(kind: keyof typeof KINDS, city?: string): number[] {
  const color = city === undefined ? 6 : CITIES.indexOf(city as (typeof CITIES)[number]);
  return INFLUENCE_TILES.filter((t) => t.kind === KINDS[kind] && t.color === color).map((t) => t.id);
}

/** Events of the saved log as [kind, ...args], optionally only some kinds. */
export function events(s: PeriklesState, ...kinds: string[]): (string | number)[][] {
  return readable(s)
    .log.filter((e) => kinds.length === 0 || kinds.includes(e[0]))
    .map((e) => [...e]);
}

/** A Phase F position where `actor` ends the last commit turn: 'stop committing' starts the battles. */
export function battleSpec(spec: PositionSpec & { actor: number }): PositionSpec {
  return { phase: 'commit', decision: 'selectCounter', progress: { commitSeat: spec.actor, stage: 1 }, ...spec };
}

/** The first seeded variant (seeds 'name:0', 'name:1', ...) that satisfies `ok`. */
export function seeded<T>(name: string, build: (rng: RngState) => T, ok: (x: T) => boolean): T {
  for (let i = 0; i < 500; i++) {
    const x = build(Rng.fromSeed(`${name}:${i}`).state());
    if (ok(x)) return x;
  }
  throw new Error(`no seed found for ${name}`);
}

// ---- the readable form ----------------------------------------------------------------------------

const KIND_CODES: readonly string[] = Array.from({ length: KIND_COUNT }, (_, k) => kindCode(k));

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

/**
 * The readable version-1 form of a state's position (counters as 'Sparta H3', components listed by
 * place), so tests can read positions as the rulebook names them. fromJSON still loads it.
 */
export function readable(s: PeriklesState): PeriklesJson {
  const t = table(s);
  const n = t.players;
  const seats = Array.from({ length: n }, (_, s) => s);
  const byState = (state: number) => LOCATIONS.map((l) => l.id).filter((id) => t.locAt[id] === state);
  const tilesAt = (where: number) => INFLUENCE_TILES.map((x) => x.id).filter((id) => t.tileAt[id] === where);
  const log = (POSITION.toJSON(t).log ?? []) as PeriklesJson['log'];
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
    rng: t.rng.state(),
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

// ---- hand-made positions ------------------------------------------------------------------------

/** A partial position: everything left out gets a default (see positionJson). */
export interface PositionSpec {
  readonly players?: number;
  readonly turn?: number;
  readonly startPlayer?: number;
  readonly phase?: PhaseName;
  readonly decision?: DecisionName;
  readonly actor?: number;
  /** Regular cubes [seat][city]; default 2 everywhere. */
  readonly cubes?: readonly (readonly number[])[];
  readonly candidates?: readonly (readonly [number, number])[];
  readonly leaders?: readonly number[];
  readonly statues?: readonly (readonly number[])[];
  readonly defeats?: readonly number[];
  /** The seven displayed Locations (ids; null = resolved); default 0..6. The deck holds the rest not removed or
   * claimed, ascending. */
  readonly locations?: readonly (number | null)[];
  readonly removed?: readonly number[];
  readonly claimed?: readonly { location: number; seats: number[] }[];
  /** Influence display (ids, null = empty); default the ten lowest tiles not held or discarded. */
  readonly display?: readonly (number | null)[];
  readonly held?: readonly (readonly number[])[];
  readonly discarded?: readonly number[];
  /** Special tile per seat (default seat s holds tile s), used flags and public possible sets. */
  readonly specials?: readonly number[];
  readonly specialsUsed?: readonly boolean[];
  readonly possible?: readonly (readonly number[])[];
  /**
   * Pools: 'armies' (default in Phases E-G) gives every Leader his city's whole stack and the
   * Persian leaders the Persian stack, minus dead and committed counters; or an explicit list.
   */
  readonly pool?: 'armies' | readonly string[];
  readonly dead?: readonly string[];
  readonly committed?: PeriklesJson['counters']['committed'];
  readonly mainAttackers?: readonly number[];
  readonly mainDefenders?: readonly number[];
  readonly allied?: readonly [number, number][];
  readonly atWar?: readonly [number, number][];
  readonly granted?: readonly [number, number][];
  readonly progress?: Partial<PeriklesJson['progress']>;
  readonly steps?: number;
  readonly rng?: RngState;
}

const DEFAULT_PROGRESS: PeriklesJson['progress'] = {
  curSlot: -1,
  curTile: -1,
  specialFrom: 0,
  alkiMoves: 0,
  alkiSource: -1,
  placed: 0,
  nomSeat: 0,
  deadIndex: 0,
  deadDone: [],
  firstCommit: -1,
  commitSeat: -1,
  stage: 0,
  basic: 0,
  extraCity: -1,
  extra: 0,
  selected: null,
  request: null,
  battleSlot: -1,
  battleRound: 0,
  carry: -1,
  tokens: [0, 0],
  brasidas: false,
  phormio: false,
  windowPos: 0,
  loser: -1,
};

/**
 * The saved-state JSON of a hand-made position; pass it to fromJSON, which checks it like any
 * saved state. Persian leaders are every seat leading no city (Phases E-G); stacks hold whatever
 * counters are not in a pool, the dead pool or committed.
 */
export function positionJson(spec: PositionSpec): PeriklesJson {
  const n = spec.players ?? 4;
  const phase = spec.phase ?? 'influence';
  const ph = PHASES.indexOf(phase);
  const seats = Array.from({ length: n }, (_, s) => s);
  const turn = spec.turn ?? 1;
  const leaders = spec.leaders ?? [-1, -1, -1, -1, -1, -1];
  const military = ph >= PH_DEAD_POOL && ph <= PH_BATTLE;
  const persianLeaders = military ? seats.filter((s) => !leaders.includes(s)) : [];

  const slots = spec.locations ?? [0, 1, 2, 3, 4, 5, 6];
  const removed = spec.removed ?? [];
  const claimed = spec.claimed ?? [];
  const usedLocs = new Set<number>([
    ...slots.filter((x): x is number => x !== null),
    ...removed,
    ...claimed.map((c) => c.location),
  ]);
  const deckSize = LOCATION_COUNT - LOCATION_SLOTS * turn;
  const spare = LOCATIONS.map((l) => l.id).filter((id) => !usedLocs.has(id));
  // Tiles of earlier turns that the spec leaves out count as removed.
  const locDeck = spare.slice(spare.length - deckSize);
  const extraRemoved = spare.slice(0, spare.length - deckSize);

  const held = spec.held ?? seats.map(() => []);
  const discarded = spec.discarded ?? [];
  const taken = new Set<number>([...held.flat(), ...discarded]);
  const display =
    spec.display ??
    (() => {
      const free = INFLUENCE_TILES.map((x) => x.id).filter((id) => !taken.has(id));
      return free.slice(0, DISPLAY_SLOTS);
    })();
  for (const id of display) if (id !== null) taken.add(id);
  const infDeck = INFLUENCE_TILES.map((x) => x.id).filter((id) => !taken.has(id));

  const dead = spec.dead ?? [];
  const committed = spec.committed ?? [];
  const remaining = [...KIND_TOTALS];
  for (const code of [...dead, ...committed.map((c) => c.counter)]) remaining[KIND_CODES.indexOf(code)]--;
  let pool: string[] = [];
  if (spec.pool === undefined ? military : spec.pool === 'armies') {
    for (let k = 0; k < KIND_COUNT; k++) {
      const power = kindPower(k);
      const inUse = power === PERSIA ? persianLeaders.length > 0 : leaders[power] >= 0;
      if (!inUse) continue;
      for (; remaining[k] > 0; remaining[k]--) pool.push(KIND_CODES[k]);
    }
  } else if (spec.pool !== undefined && spec.pool !== 'armies') {
    pool = [...spec.pool];
    for (const code of pool) remaining[KIND_CODES.indexOf(code)]--;
  }
  const stack: string[] = [];
  for (let k = 0; k < KIND_COUNT; k++) for (let i = 0; i < remaining[k]; i++) stack.push(KIND_CODES[k]);

  const specials = spec.specials ?? seats.map((s) => s);
  const progress = { ...DEFAULT_PROGRESS, ...spec.progress };
  return {
    game: GAME,
    players: n,
    turn,
    startPlayer: spec.startPlayer ?? 0,
    phase,
    decision: spec.decision ?? 'takeTile',
    actor: spec.actor ?? (phase === 'over' ? -1 : 0),
    steps: spec.steps ?? 0,
    truncated: false,
    rng: spec.rng ?? Rng.fromSeed('position').state(),
    cubes: (spec.cubes ?? seats.map(() => [2, 2, 2, 2, 2, 2])).map((r) => [...r]),
    candidates: (spec.candidates ?? CITIES.map(() => [-1, -1] as const)).map(([a, b]) => [a, b] as [number, number]),
    leaders: [...leaders],
    persianLeaders,
    statues: (spec.statues ?? seats.map(() => [0, 0, 0, 0, 0, 0])).map((r) => [...r]),
    defeats: [...(spec.defeats ?? [0, 0, 0, 0, 0, 0])],
    locations: {
      deck: locDeck,
      slots: [...slots],
      removed: [...removed, ...extraRemoved],
      claimed: claimed.map((c) => ({ ...c })),
    },
    influence: { deck: infDeck, display: [...display], held: held.map((h) => [...h]), discarded: [...discarded] },
    specials: {
      dealt: [...specials],
      used: spec.specialsUsed ? [...spec.specialsUsed] : seats.map(() => false),
      possible: spec.possible ? spec.possible.map((p) => [...p]) : seats.map(() => [0, 1, 2, 3, 4, 5, 6, 7]),
    },
    counters: { stack, dead: [...dead], pool, committed: committed.map((c) => ({ ...c })) },
    allied: [...(spec.allied ?? [])],
    atWar: [...(spec.atWar ?? [])],
    granted: [...(spec.granted ?? [])],
    denied: [],
    mainAttackers: [...(spec.mainAttackers ?? [-1, -1, -1, -1, -1, -1, -1])],
    mainDefenders: [...(spec.mainDefenders ?? [-1, -1, -1, -1, -1, -1, -1])],
    progress,
    log: [],
    logCount: 0,
    lastMove: seats.map(() => 0),
  };
}
