/**
 * Perikles components as frozen constant tables, exactly as shared/rules/perikles.md §2 lists them.
 * Every table's `id` equals its index; action numbers (§9) and the saved-state format are built
 * from these indexes, so they stay stable.
 */

/** §1: the six cities in index order (every encoding uses it). */
export const CITIES = ['Argos', 'Athens', 'Corinth', 'Megara', 'Sparta', 'Thebes'] as const;
/** §1: the seven military powers: the cities, then Persia (index 6). */
export const POWERS = [...CITIES, 'Persia'] as const;
/** Adjectives for counter labels ('Spartan hoplite 3'). */
const POWER_ADJECTIVES = ['Argive', 'Athenian', 'Corinthian', 'Megarian', 'Spartan', 'Theban', 'Persian'] as const;

const ARGOS = 0;
export const ATHENS = 1;
const CORINTH = 2;
const MEGARA = 3;
export const SPARTA = 4;
const THEBES = 5;
export const PERSIA = 6;
export const CITY_COUNT = CITIES.length;
export const POWER_COUNT = POWERS.length;

/** Unit types: index 0 hoplite (land, H), 1 trireme (sea, T). */
export const UNIT_TYPES = ['hoplite', 'trireme'] as const;
export const HOPLITE = 0;
export const TRIREME = 1;
export const TYPE_LETTERS = ['H', 'T'] as const;

/** §2.1: statue VP per number of defeats (index = defeats; 0 beyond the track). */
export const STATUE_TRACKS: readonly (readonly number[])[] = Object.freeze([
  Object.freeze([6, 3]),
  Object.freeze([5, 5, 3, 1]),
  Object.freeze([9, 7, 5, 3]),
  Object.freeze([6, 3]),
  Object.freeze([5, 4, 3, 2]),
  Object.freeze([7, 5, 3]),
]);

/** §2.1: the statue value of a city with `defeats` defeats. */
export function statueValue(city: number, defeats: number): number {
  const track = STATUE_TRACKS[city];
  return defeats < track.length ? track[defeats] : 0;
}

// ---- §2.2 military counters ----------------------------------------------------------------------

export interface Counter {
  readonly id: number; // === index in COUNTERS
  readonly power: number; // 0..6
  readonly type: number; // HOPLITE | TRIREME
  readonly strength: number; // 1..4
}

/** §2.2 as `[power, type, strength, count]` rows. */
const COUNTER_ROWS: readonly (readonly [number, number, number, number])[] = [
  [ARGOS, HOPLITE, 1, 2],
  [ARGOS, HOPLITE, 2, 2],
  [ARGOS, HOPLITE, 3, 2],
  [ARGOS, TRIREME, 1, 1],
  [ARGOS, TRIREME, 2, 1],
  [ARGOS, TRIREME, 3, 1],
  [ATHENS, HOPLITE, 1, 2],
  [ATHENS, HOPLITE, 2, 2],
  [ATHENS, HOPLITE, 3, 2],
  [ATHENS, TRIREME, 1, 2],
  [ATHENS, TRIREME, 2, 2],
  [ATHENS, TRIREME, 3, 2],
  [ATHENS, TRIREME, 4, 2],
  [CORINTH, HOPLITE, 1, 1],
  [CORINTH, HOPLITE, 2, 3],
  [CORINTH, HOPLITE, 3, 1],
  [CORINTH, TRIREME, 1, 2],
  [CORINTH, TRIREME, 2, 2],
  [CORINTH, TRIREME, 3, 1],
  [MEGARA, HOPLITE, 1, 1],
  [MEGARA, HOPLITE, 2, 1],
  [MEGARA, TRIREME, 1, 1],
  [MEGARA, TRIREME, 2, 1],
  [MEGARA, TRIREME, 3, 1],
  [SPARTA, HOPLITE, 1, 2],
  [SPARTA, HOPLITE, 2, 3],
  [SPARTA, HOPLITE, 3, 3],
  [SPARTA, HOPLITE, 4, 2],
  [SPARTA, TRIREME, 1, 1],
  [SPARTA, TRIREME, 2, 2],
  [SPARTA, TRIREME, 3, 1],
  [THEBES, HOPLITE, 1, 2],
  [THEBES, HOPLITE, 2, 3],
  [THEBES, HOPLITE, 3, 2],
  [THEBES, TRIREME, 1, 1],
  [THEBES, TRIREME, 2, 1],
  [PERSIA, HOPLITE, 2, 2],
  [PERSIA, HOPLITE, 3, 4],
  [PERSIA, TRIREME, 2, 2],
  [PERSIA, TRIREME, 3, 2],
];

/** Every one of the 71 counters (§2.2, Decision: 61 Greek + 10 Persian). */
export const COUNTERS: readonly Counter[] = Object.freeze(
  COUNTER_ROWS.flatMap(([power, type, strength, count]) =>
    Array.from({ length: count }, () => ({ power, type, strength })),
  ).map((c, id) => Object.freeze({ id, ...c })),
);

/**
 * Counters of the same power, type and strength are interchangeable (§2.2), so the state counts
 * them per kind. Kind k = 8·power + 4·type + (strength − 1): the SELECT COUNTER actions of §9 are
 * 138 + k.
 */
export const KIND_COUNT = POWER_COUNT * 8;
export const kindOf = (power: number, type: number, strength: number): number => power * 8 + type * 4 + strength - 1;
export const kindPower = (kind: number): number => kind >> 3;
export const kindType = (kind: number): number => (kind >> 2) & 1;
export const kindStrength = (kind: number): number => (kind & 3) + 1;
/** Number of counters of each kind (0 for kinds that do not exist). */
export const KIND_TOTALS: readonly number[] = Object.freeze(
  Array.from(
    { length: KIND_COUNT },
    (_, k) => COUNTERS.filter((c) => kindOf(c.power, c.type, c.strength) === k).length,
  ),
);
/** 'Spartan hoplite 3'. */
export function kindLabel(kind: number): string {
  return `${POWER_ADJECTIVES[kindPower(kind)]} ${UNIT_TYPES[kindType(kind)]} ${kindStrength(kind)}`;
}
/** 'Spartan hoplite' (power and type only: what non-owners see of a face-down counter). */
export function unitLabel(power: number, type: number): string {
  return `${POWER_ADJECTIVES[power]} ${UNIT_TYPES[type]}`;
}
/** Saved-state code of a kind: 'Sparta H3'. */
export function kindCode(kind: number): string {
  return `${POWERS[kindPower(kind)]} ${TYPE_LETTERS[kindType(kind)]}${kindStrength(kind)}`;
}

// ---- §2.3 Location tiles -------------------------------------------------------------------------

/** Round sequences: two rounds (first, second) or a single hoplite round. */
type RoundSequence = 'T then H' | 'H then T' | 'H only';
/** Bit masks of unit types for intrinsic bonuses: bit 0 = H rounds, bit 1 = T rounds. */
const H_BIT = 1 << HOPLITE;
const T_BIT = 1 << TRIREME;

export interface Location {
  readonly id: number; // === index in LOCATIONS
  readonly name: string;
  readonly owner: number; // city index
  readonly vp: number;
  /** Round types in order (HOPLITE / TRIREME), one or two of them. */
  readonly rounds: readonly number[];
  /** Round types where the attacker gets the intrinsic +1 (H_BIT | T_BIT mask). */
  readonly attackerBonus: number;
  /** Round types where the defender gets the intrinsic +1. */
  readonly defenderBonus: number;
}

const ROUNDS_OF: Record<RoundSequence, readonly number[]> = {
  'T then H': Object.freeze([TRIREME, HOPLITE]),
  'H then T': Object.freeze([HOPLITE, TRIREME]),
  'H only': Object.freeze([HOPLITE]),
};

/** §2.3 rows: name, owner, VP, rounds, intrinsic (S2 codes: dh, dht, ah, aht, or ''). */
const LOCATION_ROWS: readonly (readonly [string, number, number, RoundSequence, '' | 'dh' | 'dht' | 'ah' | 'aht'])[] = [
  ['Amphipolis', ATHENS, 6, 'T then H', 'dh'],
  ['Lesbos', ATHENS, 4, 'H then T', 'aht'],
  ['Plataea', ATHENS, 4, 'H only', 'dh'],
  ['Naupactus', ATHENS, 4, 'T then H', ''],
  ['Potidea', ATHENS, 5, 'T then H', 'ah'],
  ['Acarnania', ATHENS, 3, 'T then H', 'dh'],
  ['Attica', ATHENS, 4, 'H only', ''],
  ['Melos', SPARTA, 3, 'H then T', 'dht'],
  ['Epidaurus', SPARTA, 4, 'T then H', ''],
  ['Pylos', SPARTA, 4, 'T then H', ''],
  ['Sicily', SPARTA, 7, 'T then H', 'dht'],
  ['Cephallenia', SPARTA, 4, 'H then T', ''],
  ['Cythera', SPARTA, 3, 'H then T', ''],
  ['Spartolus', SPARTA, 4, 'T then H', 'ah'],
  ['Megara', MEGARA, 5, 'T then H', ''],
  ['Mantinea', ARGOS, 5, 'H only', ''],
  ['Delium', THEBES, 5, 'T then H', ''],
  ['Aetolia', THEBES, 3, 'T then H', ''],
  ['Corcyra', CORINTH, 3, 'H then T', 'aht'],
  ['Leucas', CORINTH, 4, 'H then T', ''],
  ['Solygeia', CORINTH, 4, 'H then T', ''],
];

const BONUS_MASK = { '': 0, dh: H_BIT, dht: H_BIT | T_BIT, ah: H_BIT, aht: H_BIT | T_BIT } as const;

export const LOCATIONS: readonly Location[] = Object.freeze(
  LOCATION_ROWS.map(([name, owner, vp, seq, code], id) =>
    Object.freeze({
      id,
      name,
      owner,
      vp,
      rounds: ROUNDS_OF[seq],
      attackerBonus: code.startsWith('a') ? BONUS_MASK[code] : 0,
      defenderBonus: code.startsWith('d') ? BONUS_MASK[code] : 0,
    }),
  ),
);
export const LOCATION_COUNT = LOCATIONS.length;
/**
 * A Location's name as the pages show it: its name, or 'Megara (Location)' where a Location shares
 * its name with a city (so a reference entry can name each one). Action labels keep the plain name.
 */
export function locationLabel(id: number): string {
  const name = LOCATIONS[id].name;
  return (CITIES as readonly string[]).includes(name) ? `${name} (Location)` : name;
}
/** §3/§4.1: Locations displayed per turn. */
export const LOCATION_SLOTS = 7;

// ---- §2.4 Influence tiles ------------------------------------------------------------------------

export const TILE_KINDS = ['plain', 'candidate', 'assassin', 'any'] as const;
export const TK_PLAIN = 0;
export const TK_CANDIDATE = 1;
export const TK_ASSASSIN = 2;
export const TK_ANY = 3;

export interface InfluenceTile {
  readonly id: number; // === index in INFLUENCE_TILES
  readonly kind: number; // TK_*
  /**
   * City index, or CITY_COUNT (6) for the brown Any tiles: the drafting restriction (§4.2, §8.1)
   * treats Any as a color of its own.
   */
  readonly color: number;
  /** Shards = cubes added; 2-shard tiles are committed first (§4.6.2). */
  readonly shards: 1 | 2;
}

const PLAIN_PER_CITY = [2, 3, 2, 2, 3, 2];
const CANDIDATE_PER_CITY = [2, 2, 2, 1, 2, 2];
const ANY_TILES = 5;

/** §2.4 tile ids: 0–13 plain, 14–24 Candidate, 25–30 Assassin, 31–35 Any, each block in city order. */
export const INFLUENCE_TILES: readonly InfluenceTile[] = Object.freeze(
  [
    ...PLAIN_PER_CITY.flatMap((n, city) =>
      Array.from({ length: n }, () => ({ kind: TK_PLAIN, color: city, shards: 2 as const })),
    ),
    ...CANDIDATE_PER_CITY.flatMap((n, city) =>
      Array.from({ length: n }, () => ({ kind: TK_CANDIDATE, color: city, shards: 1 as const })),
    ),
    ...CITIES.map((_, city) => ({ kind: TK_ASSASSIN, color: city, shards: 1 as const })),
    ...Array.from({ length: ANY_TILES }, () => ({ kind: TK_ANY, color: CITY_COUNT, shards: 1 as const })),
  ].map((tile, id) => Object.freeze({ id, ...tile })),
);
export const TILE_COUNT = INFLUENCE_TILES.length;
/** §3: face-up Influence display slots. */
export const DISPLAY_SLOTS = 10;

/** 'Athens (2 cubes)', 'Sparta Candidate', 'Thebes Assassin', 'Any city'. */
export function tileLabel(id: number): string {
  const tile = INFLUENCE_TILES[id];
  switch (tile.kind) {
    case TK_PLAIN:
      return `${CITIES[tile.color]} (2 cubes)`;
    case TK_CANDIDATE:
      return `${CITIES[tile.color]} Candidate`;
    case TK_ASSASSIN:
      return `${CITIES[tile.color]} Assassin`;
    default:
      return 'Any city';
  }
}

// ---- §2.5 Special tiles --------------------------------------------------------------------------

export const SPECIALS = [
  'Perikles',
  'Alkibiades',
  'Plague',
  'Slave Revolt',
  'Brasidas',
  'Phormio',
  'Thessalanian Allies',
  'Persian Fleet',
] as const;
export const SP_PERIKLES = 0;
export const SP_ALKIBIADES = 1;
export const SP_PLAGUE = 2;
export const SP_SLAVE_REVOLT = 3;
export const SP_BRASIDAS = 4;
export const SP_PHORMIO = 5;
export const SP_THESSALANIAN = 6;
export const SP_PERSIAN_FLEET = 7;
export const SPECIAL_COUNT = SPECIALS.length;
/** The tiles usable in an influence turn (windows D2 and D6). */
export const INFLUENCE_SPECIALS = (1 << SP_PERIKLES) | (1 << SP_ALKIBIADES) | (1 << SP_PLAGUE);

// ---- §2.6 Combat results table -------------------------------------------------------------------

export interface CrtColumn {
  readonly id: number; // === index in CRT
  readonly name: string;
  /** 2d6 totals at or above which each side hits. */
  readonly attackerTarget: number;
  readonly defenderTarget: number;
}

export const CRT: readonly CrtColumn[] = Object.freeze(
  (
    [
      ['3:1', 5, 10],
      ['2:1', 6, 9],
      ['+2', 7, 8],
      ['1:1', 8, 7],
      ['−2', 9, 6],
      ['1:2', 10, 5],
    ] as const
  ).map(([name, attackerTarget, defenderTarget], id) => Object.freeze({ id, name, attackerTarget, defenderTarget })),
);

/** §2.6: the CRT column for attack strength a and defence strength d, tested top to bottom. */
export function crtColumn(a: number, d: number): number {
  if (a >= 3 * d) return 0;
  if (a >= 2 * d) return 1;
  if (a >= d + 2) return 2;
  if (a >= d || (a >= 2 && a >= d - 1)) return 3;
  if (2 * a > d) return 4;
  return 5;
}

// ---- §2.7 other components -----------------------------------------------------------------------

export const CUBES_PER_PLAYER = 30;
/** §3 step 6: regular cubes each player starts with in every city. */
export const START_CUBES_PER_CITY = 2;
/** §3 step 7: initial placement rounds. */
export const INITIAL_PLACEMENT_ROUNDS = 2;
/** §7: the game ends after this turn at the latest. */
export const MAX_TURNS = 3;
/** §7: Athens or Sparta with this many defeats ends the game at the end of the turn. */
export const ENDING_DEFEATS = 4;
/** §4.2: Influence tiles each player takes per turn. */
export const tilesPerPlayer = (players: number): number => (players === 5 ? 4 : 5);

// ---- game flow: seat counts, caps, phases, decisions, where tiles lie ---------------------------

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

/** Committed-counter place code: slot·4 + side·2 + ally (side 0 attack, 1 defend; ally 0 main slot, 1 ally slot). */
export const placeCode = (slot: number, side: number, ally: number): number => slot * 4 + side * 2 + ally;
/** Empty deck entries (drawn tiles) are marked so a position has one canonical memory image. */
export const DRAWN = 255;
/** Most counters that can be committed in one turn: every counter there is. */
export const MAX_COMMITS = 71;
