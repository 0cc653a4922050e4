/**
 * A game's position declared once: each field names its kind and range, and clone, toJSON and a
 * validated fromJSON are derived from that declaration (OpenSpiel keeps state fields in one
 * place too). A game hand-writes only what no single field can check: the cross-field rules, in
 * `check`. Positions are plain objects of numbers, arrays, typed arrays, one Rng and EventLogs,
 * so search can clone them thousands of times a second.
 */
import { z } from 'zod';
import { InvalidStateError } from './errors.js';
import { EventLog, type EventKinds } from './event-log.js';
import { QUICK_CHECKS, withQuickCheck } from './quick-check.js';
import { Rng, isRngState, type RngState } from './rng.js';

/** A length fixed by the seat count (per-seat arrays) or by the game. */
export type Length = number | ((players: number) => number);

type IntArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array;

/** One declared field. `copy` tells clone how: share the value, slice it, or call clone(). */
export interface Field<T> {
  readonly copy: 'value' | 'slice' | 'clone';
  /** The zod schema of the field's JSON for this seat count. */
  json(players: number): z.ZodType;
  create(players: number): T;
  toJSON(value: T): unknown;
  /** Builds the value from JSON that json(players) accepted. */
  fromJSON(json: unknown, players: number): T;
  clone?(value: T): T;
}

const lengthOf = (length: Length, players: number): number => (typeof length === 'number' ? length : length(players));

/** What z.int().min(min).max(max) accepts. */
const isIntIn = (v: unknown, min: number, max: number): boolean =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

/** What z.array(z.int().min(min).max(max)) accepts, its length tested by the caller. */
function isIntArrayIn(v: unknown, min: number, max: number): v is unknown[] {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (!isIntIn(v[i], min, max)) return false;
  return true;
}

/** An integer in [min, max]. */
function int(min: number, max: number, initial = min): Field<number> {
  return {
    copy: 'value',
    json: () => withQuickCheck(z.int().min(min).max(max), (v) => isIntIn(v, min, max)),
    create: () => initial,
    toJSON: (v) => v,
    fromJSON: (j) => j as number,
  };
}

function bool(initial = false): Field<boolean> {
  return {
    copy: 'value',
    json: () => withQuickCheck(z.boolean(), (v) => typeof v === 'boolean'),
    create: () => initial,
    toJSON: (v) => v,
    fromJSON: (j) => j as boolean,
  };
}

/** One of `names`, held as its index (fast comparisons) and saved as its name (readable files). */
function choice(names: readonly string[], initial = 0): Field<number> {
  const set = new Set<unknown>(names);
  const schema = withQuickCheck(z.enum(names as [string, ...string[]]), (v) => typeof v === 'string' && set.has(v));
  return {
    copy: 'value',
    json: () => schema,
    create: () => initial,
    toJSON: (v) => names[v],
    fromJSON: (j) => names.indexOf(j as string),
  };
}

interface IntsOptions {
  min: number;
  max: number;
  /** Value of every entry in a new position (default min). */
  fill?: number;
}

/** n copies of v in a packed array (new Array(n).fill(v) leaves V8's holey kind, slower to read). */
function packedArray(n: number, v: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(v);
  return out;
}

/** The schema of `n` integers in [min, max]. */
function fixedInts(n: number, options: IntsOptions): z.ZodType {
  return withQuickCheck(
    z.array(z.int().min(options.min).max(options.max)).length(n),
    (v) => isIntArrayIn(v, options.min, options.max) && v.length === n,
  );
}

/** A fixed-length list of integers in [min, max], held as a plain array. */
function ints(length: Length, options: IntsOptions): Field<number[]> {
  return {
    copy: 'slice',
    json: (players) => fixedInts(lengthOf(length, players), options),
    create: (players) => packedArray(lengthOf(length, players), options.fill ?? options.min),
    toJSON: (v) => v.slice(),
    fromJSON: (j) => (j as number[]).slice(),
  };
}

/** A fixed-length typed array (Int8Array, Uint8Array, ...): compact and quick to clone. */
function typed<A extends IntArray>(of: { new (length: number): A }, length: Length, options: IntsOptions): Field<A> {
  return {
    copy: 'slice',
    json: (players) => fixedInts(lengthOf(length, players), options),
    create: (players) => {
      const a = new of(lengthOf(length, players));
      if ((options.fill ?? options.min) !== 0) a.fill(options.fill ?? options.min);
      return a;
    },
    toJSON: (v) => {
      const out: number[] = [];
      for (let i = 0; i < v.length; i++) out.push(v[i]);
      return out;
    },
    fromJSON: (j, players) => {
      const a = new of(lengthOf(length, players));
      a.set(j as number[]);
      return a;
    },
  };
}

/** A list of integers in [min, max] whose length varies up to maxLength (a deck, a queue). */
function list(maxLength: Length, options: { min: number; max: number }): Field<number[]> {
  return {
    copy: 'slice',
    json: (players) => {
      const most = lengthOf(maxLength, players);
      return withQuickCheck(
        z.array(z.int().min(options.min).max(options.max)).max(most),
        (v) => isIntArrayIn(v, options.min, options.max) && v.length <= most,
      );
    },
    create: () => [],
    toJSON: (v) => v.slice(),
    fromJSON: (j) => (j as number[]).slice(),
  };
}

const BLANK_RNG = Rng.fromSeed('').state();
const RngJson = z.strictObject({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() });
const RNG_KEYS = new Set(['c', 's0', 's1', 's2']);
const RngSchema = withQuickCheck(RngJson.refine(isRngState, 'not an Alea state'), (v) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  for (const key in v) if (!RNG_KEYS.has(key)) return false;
  const o = v as Record<string, unknown>;
  for (const key of RNG_KEYS) if (!Number.isFinite(o[key])) return false;
  return isRngState(v);
});

/** The position's one random source (core's Rng): every shuffle and die of the game draws from it. */
function rng(): Field<Rng> {
  return {
    copy: 'clone',
    json: () => RngSchema,
    // The game's setup seeds it; until then every position shares one blank state (no hashing per game).
    create: () => Rng.fromState(BLANK_RNG),
    toJSON: (v) => v.state(),
    fromJSON: (j) => Rng.fromState(j as RngState),
    clone: (v) => v.clone(),
  };
}

/** An event log of the given kinds (event-log.ts), at most `capacity` records. */
function log<K extends string>(kinds: EventKinds<K>, capacity: number): Field<EventLog<K>> {
  return {
    copy: 'clone',
    json: () => kinds.jsonSchema(capacity),
    create: () => EventLog.empty(kinds),
    toJSON: (v) => v.toJSON(),
    fromJSON: (j) => EventLog.fromJSON(kinds, j as (string | number)[][]),
    clone: (v) => v.clone(),
  };
}

/** The field kinds a position is declared with. */
export const field = { int, bool, choice, ints, typed, list, rng, log };

export type Fields = Readonly<Record<string, Field<unknown>>>;
type FieldValue<F> = F extends Field<infer T> ? T : never;

/** A position: the seat count and every declared field. */
export type Position<F extends Fields> = { readonly players: number } & { -readonly [K in keyof F]: FieldValue<F[K]> };

export interface PositionSpec<F extends Fields> {
  /** The game's registry name; saved states carry it. */
  readonly game: string;
  /** Saved-state format version; bump it, and add a migration, when the fields change. */
  readonly version: number;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly fields: F;
  /**
   * The cross-field rules of a loaded position (what no single field's range says), reported by
   * `bad`; it may also fill fields that are derived from others and not saved (`unsaved`).
   */
  readonly check?: (p: Position<F>, bad: (detail: string) => never) => void;
  /** Fields kept in memory only (caches derived from others): cloned, never saved; `check` restores them. */
  readonly unsaved?: readonly (keyof F & string)[];
  /**
   * Older formats: migrations[v] turns a version-v saved state into a version v + 1 one. A state
   * without a version field is version 1.
   */
  readonly migrations?: Readonly<Record<number, (json: Record<string, unknown>) => Record<string, unknown>>>;
}

/** What definePosition derives from a declaration. */
export interface PositionKit<F extends Fields> {
  readonly spec: PositionSpec<F>;
  /** A position with every field at its initial value. */
  create(players: number): Position<F>;
  /** A deep, independent copy. */
  clone(p: Position<F>): Position<F>;
  /** `{ game, version, players, ...fields }` as plain JSON. */
  toJSON(p: Position<F>): Record<string, unknown>;
  /** The exact inverse of toJSON (older versions migrated first). Throws InvalidStateError naming what is wrong. */
  fromJSON(json: unknown): Position<F>;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
// players is the kit's own; __proto__ in an object literal sets the prototype instead of a field.
const RESERVED = new Set(['players', '__proto__', 'constructor', 'prototype']);

export function definePosition<F extends Fields>(spec: PositionSpec<F>): PositionKit<F> {
  const names = Object.keys(spec.fields);
  for (const name of names) {
    if (!IDENTIFIER.test(name) || RESERVED.has(name))
      throw new Error(`${spec.game}: bad position field name '${name}'`);
  }
  const unsaved = new Set<string>(spec.unsaved ?? []);
  const fieldList = names.map((name) => spec.fields[name]);
  // clone is compiled from the declaration into one object literal, so every clone has the same
  // hidden class and copies each field as fast as a hand-written clone would.
  const body = names.map((name, i) => {
    const f = fieldList[i];
    const value = `p.${name}`;
    const copy = f.copy === 'value' ? value : f.copy === 'slice' ? `${value}.slice()` : `F[${i}].clone(${value})`;
    return `${name}: ${copy}`;
  });
  const cloneFn = new Function('F', `return (p) => ({ players: p.players, ${body.join(', ')} });`)(fieldList) as (
    p: Position<F>,
  ) => Position<F>;

  interface Loader {
    schema: z.ZodType;
    /** True only for JSON the schema accepts: its keys, then each field's quick test. */
    accepts(data: Record<string, unknown>): boolean;
  }
  const savedNames = names.filter((name) => !unsaved.has(name));
  const keys = new Set(['game', 'version', 'players', ...savedNames]);
  const loaders = new Map<number, Loader>();
  const loaderFor = (players: number): Loader => {
    let loader = loaders.get(players);
    if (!loader) {
      const shape: Record<string, z.ZodType> = {
        game: z.literal(spec.game),
        version: z.literal(spec.version),
        players: z.literal(players),
      };
      for (const name of savedNames) shape[name] = spec.fields[name].json(players);
      // A field whose schema has no quick test is parsed alone: zod's strict object parses each
      // declared key's value with its schema and refuses keys it does not declare (for...in).
      const tests = savedNames.map((name): [string, (json: unknown) => boolean] => {
        const fieldSchema = shape[name];
        return [name, QUICK_CHECKS.get(fieldSchema) ?? ((json) => fieldSchema.safeParse(json).success)];
      });
      loader = {
        schema: z.strictObject(shape),
        accepts(data) {
          if (data.game !== spec.game || data.version !== spec.version || data.players !== players) return false;
          for (const key in data) if (!keys.has(key)) return false;
          for (const [name, test] of tests) if (!test(data[name])) return false;
          return true;
        },
      };
      loaders.set(players, loader);
    }
    return loader;
  };

  function bad(detail: string): never {
    throw new InvalidStateError(spec.game, detail);
  }

  // create is compiled the same way: an object built by adding ~50 properties one by one drops into
  // V8's dictionary mode, and every field read of a game in it is several times slower.
  const created = names.map((name, i) => `${name}: F[${i}].create(n)`);
  const create = new Function('F', `return (n) => ({ players: n, ${created.join(', ')} });`)(fieldList) as (
    players: number,
  ) => Position<F>;

  // toJSON too: one object literal in the declared order, instead of ~50 properties added one by one.
  const saving = names.map((name, i) => (unsaved.has(name) ? '' : `${name}: F[${i}].toJSON(p.${name}), `)).join('');
  const toJSONFn = new Function(
    'F',
    'G',
    'V',
    `return (p) => ({ game: G, version: V, players: p.players, ${saving}});`,
  )(fieldList, spec.game, spec.version) as (p: Position<F>) => Record<string, unknown>;

  return {
    spec,
    create,
    clone: cloneFn,
    toJSON: toJSONFn,
    fromJSON(json) {
      if (typeof json !== 'object' || json === null || Array.isArray(json)) {
        bad(
          `a saved state is a JSON object, not ` +
            (json === null ? 'null' : Array.isArray(json) ? 'an array' : typeof json),
        );
      }
      let data = json as Record<string, unknown>;
      if (data.game !== spec.game) bad(`game is ${JSON.stringify(data.game)}; this loader reads '${spec.game}'`);
      const saved = data.version === undefined ? 1 : data.version;
      if (typeof saved !== 'number' || !Number.isInteger(saved) || saved < 1 || saved > spec.version) {
        bad(`version ${JSON.stringify(data.version)} is not one this build reads (1..${spec.version})`);
      }
      let version = saved;
      for (; version < spec.version; version++) {
        const migrate = spec.migrations?.[version];
        if (!migrate) bad(`version ${version} saved states can no longer be read (no migration to ${version + 1})`);
        data = migrate(data);
      }
      const players = data.players;
      if (
        typeof players !== 'number' ||
        !Number.isInteger(players) ||
        players < spec.minPlayers ||
        players > spec.maxPlayers
      ) {
        bad(`players is ${JSON.stringify(players)}; the game takes ${spec.minPlayers}..${spec.maxPlayers}`);
      }
      const loader = loaderFor(players);
      if (!loader.accepts(data)) {
        const parsed = loader.schema.safeParse(data);
        if (!parsed.success) bad(z.prettifyError(parsed.error));
      }
      const p = create(players);
      const record = p as Record<string, unknown>;
      for (const name of names) if (!unsaved.has(name)) record[name] = spec.fields[name].fromJSON(data[name], players);
      spec.check?.(p, bad);
      return p;
    },
  };
}
