/**
 * Helpers shared by the Perikles tests: hand-made positions, action labels, events, and named
 * components, so tests read like the rulebook (style G14).
 */
import { Rng, type RngState } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import {
  CITIES,
  CITY_COUNT,
  DECISIONS,
  GAME,
  INFLUENCE_TILES,
  KIND_COUNT,
  LOCATIONS,
  LOCATION_SLOTS,
  LOC_CLAIMED,
  LOC_REMOVED,
  PHASES,
  POWER_COUNT,
  SPECIAL_COUNT,
  TILE_DISCARDED,
  TK_ANY,
  TK_ASSASSIN,
  TK_CANDIDATE,
  TK_PLAIN,
  kindCode,
} from './components.js';
import type { GameState } from '../core/game.js';
import { positionJson, type PositionSpec } from './hand-made.js';
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
