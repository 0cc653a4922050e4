/**
 * The one event-log format of every game: what happened, as records of a kind and its integer
 * arguments (seats, cards, amounts), stored flat in one number array so a position clones it
 * with one slice. Views turn records into entries; renderers turn entries into sentences. Every
 * argument must be public information: the log is shown to every seat.
 */
import { z } from 'zod';
import { withQuickCheck } from './quick-check.js';

/** An event as views carry it: the kind's name and its arguments in the declared order. */
export interface EventEntry<K extends string = string> {
  readonly kind: K;
  readonly args: number[];
}

/** The declared kinds of a game's events: names, argument names, arity. Built by defineEvents. */
export class EventKinds<K extends string = string> {
  readonly names: readonly K[];
  /** Kind index -> number of arguments. */
  readonly arity: readonly number[];
  /** Kind name -> index, for writers: `log.push(EV.draft, seat, suit)`. */
  readonly index: Readonly<Record<K, number>>;

  constructor(
    readonly args: Readonly<Record<K, readonly string[]>>,
    /**
     * Allowed values by argument name ('seat', 'card', ...; '*' for any other name), checked when a
     * saved log is loaded, so renderers never meet an argument outside its table.
     */
    readonly ranges: Readonly<Record<string, readonly [number, number]>> = {},
  ) {
    this.names = Object.keys(args) as K[];
    this.arity = this.names.map((k) => args[k].length);
    this.index = Object.fromEntries(this.names.map((k, i) => [k, i])) as Record<K, number>;
    if (Math.max(0, ...this.arity) > 8) throw new Error('an event has at most 8 arguments');
  }

  /** The JSON schema of a saved log: `[kind, ...args]` records, at most `capacity` of them. */
  jsonSchema(capacity: number): z.ZodType {
    const record = z.tuple([z.enum(this.names as unknown as [string, ...string[]])], z.int()).superRefine((r, ctx) => {
      const kind = r[0] as K;
      const names = this.args[kind];
      if (r.length - 1 !== names.length) {
        ctx.addIssue({
          code: 'custom',
          message: `a '${kind}' event has ${names.length} arguments, not ${r.length - 1}`,
        });
        return;
      }
      names.forEach((name, i) => {
        const range = this.ranges[name] ?? this.ranges['*'];
        const v = r[i + 1] as number;
        if (range && (v < range[0] || v > range[1])) {
          ctx.addIssue({
            code: 'custom',
            message: `'${kind}' argument ${name} is ${v}; allowed ${range[0]}..${range[1]}`,
            path: [i + 1],
          });
        }
      });
    });
    return withQuickCheck(z.array(record).max(capacity), (json) => this.acceptsLog(json, capacity));
  }

  /**
   * What jsonSchema(capacity) accepts, in plain code (a quick test for loading saved states): at most
   * `capacity` records of a kind and its arguments, integers within their ranges.
   */
  acceptsLog(json: unknown, capacity: number): boolean {
    if (!Array.isArray(json) || json.length > capacity) return false;
    for (const r of json) if (!this.isRecord(r)) return false;
    return true;
  }

  private isRecord(r: unknown): boolean {
    if (!Array.isArray(r) || typeof r[0] !== 'string' || !Object.hasOwn(this.args, r[0])) return false;
    const names = this.args[r[0] as K];
    if (r.length - 1 !== names.length) return false;
    for (let i = 0; i < names.length; i++) {
      const v = r[i + 1];
      if (typeof v !== 'number' || !Number.isSafeInteger(v)) return false;
      const range = this.ranges[names[i]] ?? this.ranges['*'];
      if (range && (v < range[0] || v > range[1])) return false;
    }
    return true;
  }
}

/**
 * Declares a game's event kinds and the range of each argument name:
 * `defineEvents({ draft: ['seat', 'suit'], cap: [] }, { seat: [0, 3], suit: [0, 3] })`.
 */
export function defineEvents<K extends string>(
  args: Readonly<Record<K, readonly string[]>>,
  ranges: Readonly<Record<string, readonly [number, number]>> = {},
): EventKinds<K> {
  return new EventKinds(args, ranges);
}

/** Turns one record into what a view carries; `args` is a fresh array the converter may keep. */
export type EntryConverter<K extends string, T> = (kind: K, args: number[]) => T;

export class EventLog<K extends string = string> {
  // The view cache (never saved, not cloned): records converted by `cacheConvert`, oldest first,
  // every record from data[cacheWord] back to at least the live log's first one.
  private cacheConvert: unknown;
  private cacheItems: unknown[] = [];
  private cacheWord = 0;

  /**
   * Records back to back in a plain array of small integers (V8 keeps it packed): kind index,
   * then its arguments. Live records are data[start..end); dropFirst only moves `start`, and once
   * the dropped words are most of the array the live ones move to the front. The array itself
   * never shrinks (shrinking makes V8 reallocate it, and the next pushes grow it again), so
   * neither pushing nor dropping allocates on the hot path. A clone copies the live words once.
   */
  constructor(
    readonly kinds: EventKinds<K>,
    private data: number[] = [],
    private start = 0,
    private count = 0,
    private end = data.length,
  ) {}

  /** An empty log. */
  static empty<K extends string>(kinds: EventKinds<K>): EventLog<K> {
    return new EventLog(kinds);
  }

  /** Number of records. */
  get length(): number {
    return this.count;
  }

  /** Appends one record; arguments past the kind's arity are ignored (no rest array on the hot path). */
  push(kind: number, a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0): void {
    const n = this.kinds.arity[kind];
    const data = this.data;
    let at = this.end;
    data[at++] = kind;
    if (n > 0) data[at++] = a;
    if (n > 1) data[at++] = b;
    if (n > 2) data[at++] = c;
    if (n > 3) data[at++] = d;
    if (n > 4) data[at++] = e;
    if (n > 5) data[at++] = f;
    if (n > 6) data[at++] = g;
    if (n > 7) data[at++] = h;
    this.end = at;
    this.count++;
  }

  /** Appends one record from an argument list (loaders, tests). */
  pushArgs(kind: number, args: readonly number[]): void {
    if (args.length !== this.kinds.arity[kind]) {
      throw new RangeError(`event '${this.kinds.names[kind]}' takes ${this.kinds.arity[kind]} arguments`);
    }
    this.data[this.end++] = kind;
    for (const v of args) this.data[this.end++] = v;
    this.count++;
  }

  /** Word offset of record `record` (records have different lengths, so this walks). */
  private offsetOf(record: number): number {
    let at = this.start;
    const end = this.end;
    for (let i = 0; i < record && at < end; i++) at += 1 + this.kinds.arity[this.data[at]];
    return at;
  }

  /** Records from `from` (a record number) on, as entries. */
  entries(from = 0): EventEntry<K>[] {
    const out: EventEntry<K>[] = [];
    const data = this.data;
    for (let at = this.offsetOf(Math.max(0, from)); at < this.end;) {
      const kind = data[at];
      const n = this.kinds.arity[kind];
      out.push({ kind: this.kinds.names[kind], args: data.slice(at + 1, at + 1 + n) });
      at += 1 + n;
    }
    return out;
  }

  /**
   * Every record converted by `convert`, oldest first, remembering earlier conversions: a view
   * built at every step converts only the records pushed since the last call, not the whole log.
   * The converted entries are frozen (with their `args` array) and shared between calls (the
   * returned array is new each time), so keep `convert` one function: another one starts over.
   */
  mapEntries<T>(convert: EntryConverter<K, T>): T[] {
    if (this.cacheConvert !== convert || this.cacheWord < this.start) {
      this.cacheConvert = convert;
      this.cacheItems = [];
      this.cacheWord = this.start;
    }
    const data = this.data;
    const items = this.cacheItems;
    for (let at = this.cacheWord; at < this.end;) {
      const kind = data[at];
      const n = this.kinds.arity[kind];
      const item = convert(this.kinds.names[kind], data.slice(at + 1, at + 1 + n));
      // Frozen because views share them: the entry, and its `args` when it keeps them apart.
      if (typeof item === 'object' && item !== null) {
        const args = (item as { args?: unknown }).args;
        if (Array.isArray(args)) Object.freeze(args);
        Object.freeze(item);
      }
      items.push(item);
      at += 1 + n;
    }
    this.cacheWord = this.end;
    const head = items.length - this.count;
    if (head >= 64 && 2 * head >= items.length) {
      this.cacheItems = items.slice(head);
      return this.cacheItems.slice() as T[];
    }
    return items.slice(head) as T[];
  }

  /** Kind index of record `record`. */
  kindAt(record: number): number {
    return this.data[this.offsetOf(record)];
  }

  /** Argument `arg` of record `record`. */
  argAt(record: number, arg: number): number {
    return this.data[this.offsetOf(record) + 1 + arg];
  }

  /**
   * How many records at the front have argument `arg` below `value`, in one pass: logs that keep
   * a turn or round as an argument, in order, find where the turns to drop end.
   */
  leadingBelow(arg: number, value: number): number {
    const data = this.data;
    let at = this.start;
    let n = 0;
    while (at < this.end && data[at + 1 + arg] < value) {
      at += 1 + this.kinds.arity[data[at]];
      n++;
    }
    return n;
  }

  /** Forgets the first `records` records (a log that keeps only recent rounds). */
  dropFirst(records: number): void {
    const n = Math.min(records, this.count);
    this.start = this.offsetOf(n);
    this.count -= n;
    if (this.count === 0) {
      this.cacheItems = [];
      this.cacheWord = 0;
      this.start = this.end = 0;
    } else if (this.start >= 64 && 2 * this.start >= this.end) {
      // A plain loop: Array.prototype.copyWithin takes V8's generic path on plain arrays.
      const data = this.data;
      for (let i = this.start; i < this.end; i++) data[i - this.start] = data[i];
      this.end -= this.start;
      this.cacheWord -= this.start;
      this.start = 0;
    }
  }

  clone(): EventLog<K> {
    return new EventLog(this.kinds, this.data.slice(this.start, this.end), 0, this.count);
  }

  /** `[kind, ...args]` per record. */
  toJSON(): (string | number)[][] {
    return this.recordsFrom(0);
  }

  /** toJSON's records from record `from` on (a log saved without its oldest records). */
  recordsFrom(from: number): (string | number)[][] {
    const out: (string | number)[][] = [];
    const data = this.data;
    const { arity, names } = this.kinds;
    for (let at = this.offsetOf(Math.max(0, from)); at < this.end;) {
      const kind = data[at];
      const record: (string | number)[] = [names[kind]];
      for (let i = 1, n = arity[kind]; i <= n; i++) record.push(data[at + i]);
      out.push(record);
      at += 1 + arity[kind];
    }
    return out;
  }

  /** The inverse of toJSON, for records its kinds' jsonSchema accepted. */
  static fromJSON<K extends string>(
    kinds: EventKinds<K>,
    json: readonly (readonly (string | number)[])[],
  ): EventLog<K> {
    const log = EventLog.empty(kinds);
    for (const [name, ...args] of json) log.pushArgs(kinds.index[name as K], args as number[]);
    return log;
  }
}
