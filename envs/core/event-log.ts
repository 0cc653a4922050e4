/**
 * The one event-log format of every game: what happened, as records of a kind and its integer
 * arguments (seats, cards, amounts), stored flat in one number array so a position clones it
 * with one slice. Views turn records into entries; renderers turn entries into sentences. Every
 * argument must be public information: the log is shown to every seat.
 */
import { z } from 'zod';

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

  constructor(readonly args: Readonly<Record<K, readonly string[]>>) {
    this.names = Object.keys(args) as K[];
    this.arity = this.names.map((k) => args[k].length);
    this.index = Object.fromEntries(this.names.map((k, i) => [k, i])) as Record<K, number>;
    if (Math.max(0, ...this.arity) > 8) throw new Error('an event has at most 8 arguments');
  }

  /** The JSON schema of a saved log: `[kind, ...args]` records, at most `capacity` of them. */
  jsonSchema(capacity: number): z.ZodType {
    const record = z
      .tuple([z.enum(this.names as unknown as [string, ...string[]])], z.int())
      .refine((r) => r.length - 1 === this.arity[this.names.indexOf(r[0] as K)], {
        message: 'wrong number of arguments for this kind of event',
      });
    return z.array(record).max(capacity);
  }
}

/** Declares a game's event kinds: `defineEvents({ draft: ['seat', 'suit'], cap: [] })`. */
export function defineEvents<K extends string>(args: Readonly<Record<K, readonly string[]>>): EventKinds<K> {
  return new EventKinds(args);
}

export class EventLog<K extends string = string> {
  constructor(
    readonly kinds: EventKinds<K>,
    /** Records back to back: kind index, then its arguments. */
    private data: number[] = [],
    private count = 0,
  ) {}

  /** Number of records. */
  get length(): number {
    return this.count;
  }

  /** Appends one record; arguments past the kind's arity are ignored (no rest array on the hot path). */
  push(kind: number, a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0): void {
    const n = this.kinds.arity[kind];
    const data = this.data;
    data.push(kind);
    if (n > 0) data.push(a);
    if (n > 1) data.push(b);
    if (n > 2) data.push(c);
    if (n > 3) data.push(d);
    if (n > 4) data.push(e);
    if (n > 5) data.push(f);
    if (n > 6) data.push(g);
    if (n > 7) data.push(h);
    this.count++;
  }

  /** Appends one record from an argument list (loaders, tests). */
  pushArgs(kind: number, args: readonly number[]): void {
    if (args.length !== this.kinds.arity[kind]) {
      throw new RangeError(`event '${this.kinds.names[kind]}' takes ${this.kinds.arity[kind]} arguments`);
    }
    this.data.push(kind, ...args);
    this.count++;
  }

  /** Offset in `data` of record `record` (records have different lengths, so this walks). */
  private offsetOf(record: number): number {
    let at = 0;
    for (let i = 0; i < record; i++) at += 1 + this.kinds.arity[this.data[at]];
    return at;
  }

  /** Records from `from` (a record number) on, as entries. */
  entries(from = 0): EventEntry<K>[] {
    const out: EventEntry<K>[] = [];
    const data = this.data;
    for (let at = this.offsetOf(Math.max(0, from)); at < data.length;) {
      const kind = data[at];
      const n = this.kinds.arity[kind];
      out.push({ kind: this.kinds.names[kind], args: data.slice(at + 1, at + 1 + n) });
      at += 1 + n;
    }
    return out;
  }

  /** Kind index of record `record`. */
  kindAt(record: number): number {
    return this.data[this.offsetOf(record)];
  }

  /** Argument `arg` of record `record`. */
  argAt(record: number, arg: number): number {
    return this.data[this.offsetOf(record) + 1 + arg];
  }

  /** Forgets the first `records` records (a log that keeps only recent rounds). */
  dropFirst(records: number): void {
    const n = Math.min(records, this.count);
    this.data.splice(0, this.offsetOf(n));
    this.count -= n;
  }

  clone(): EventLog<K> {
    return new EventLog(this.kinds, this.data.slice(), this.count);
  }

  /** `[kind, ...args]` per record. */
  toJSON(): (string | number)[][] {
    return this.entries().map((e) => [e.kind, ...e.args]);
  }

  /** The inverse of toJSON, for records its kinds' jsonSchema accepted. */
  static fromJSON<K extends string>(
    kinds: EventKinds<K>,
    json: readonly (readonly (string | number)[])[],
  ): EventLog<K> {
    const log = new EventLog(kinds);
    for (const [name, ...args] of json) log.pushArgs(kinds.index[name as K], args as number[]);
    return log;
  }
}
