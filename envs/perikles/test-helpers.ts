/**
 * Helpers shared by the Perikles tests: hand-made positions, action labels, events, and named
 * components, so tests read like the rulebook (style G14).
 */
import { Rng, type RngState } from '../core/rng.js';
import { playNamed } from '../core/testing.js';
import { CITIES, INFLUENCE_TILES, LOCATIONS, TK_ANY, TK_ASSASSIN, TK_CANDIDATE, TK_PLAIN } from './components.js';
import type { GameState } from '../core/game.js';
import { positionJson, type PositionSpec } from './hand-made.js';
import { perikles } from './index.js';
import type { PeriklesPosition } from './position.js';
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
  return (s.toJSON() as { log: (string | number)[][] }).log
    .filter((e) => kinds.length === 0 || kinds.includes(e[0] as string))
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
