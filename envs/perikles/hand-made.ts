/**
 * Hand-made positions for tests and puzzles: positionJson fills every field a spec leaves out with
 * a consistent default (stacks hold whatever is not in a pool, the dead pool or committed; Persian
 * leaders are the seats leading no city), and fromJSON then checks the result like any saved state.
 */
import { Rng, type RngState } from '../core/rng.js';
import {
  CITIES,
  DISPLAY_SLOTS,
  INFLUENCE_TILES,
  KIND_COUNT,
  KIND_TOTALS,
  LOCATIONS,
  LOCATION_COUNT,
  LOCATION_SLOTS,
  PERSIA,
  kindCode,
  kindPower,
} from './components.js';
import type { PeriklesJson } from './position.js';
import { GAME, PHASES, PH_BATTLE, PH_DEAD_POOL, type DecisionName, type PhaseName } from './components.js';

const KIND_CODES: readonly string[] = Array.from({ length: KIND_COUNT }, (_, k) => kindCode(k));

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
