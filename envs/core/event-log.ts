/**
 * The one event-log format of every game: what happened, as records of a kind and its integer
 * arguments (seats, cards, amounts), stored flat in one Int32Array so a position clones it
 * with one copy. Views turn records into entries; renderers turn entries into sentences. Every
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
  /**
   * Records back to back in an Int32Array: kind index, then its arguments. Live records are
   * buf[start..end); dropFirst only moves `start`, and push compacts or grows the buffer when it
   * runs out, so the hot path never allocates.
   */
  constructor(
    readonly kinds: EventKinds<K>,
    private buf: Int32Array = new Int32Array(64),
    private start = 0,
    private end = 0,
    private count = 0,
  ) {}

  /** An empty log; `words` is the initial room (it grows as needed). */
  static empty<K extends string>(kinds: EventKinds<K>, words = 64): EventLog<K> {
    return new EventLog(kinds, new Int32Array(words), 0, 0, 0);
  }

  /** Number of records. */
  get length(): number {
    return this.count;
  }

  /** Appends one record; arguments past the kind's arity are ignored (no rest array on the hot path). */
  push(kind: number, a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0): void {
    const n = this.kinds.arity[kind];
    if (this.end + 1 + n > this.buf.length) this.makeRoom(1 + n);
    const buf = this.buf;
    let at = this.end;
    buf[at++] = kind;
    if (n > 0) buf[at++] = a;
    if (n > 1) buf[at++] = b;
    if (n > 2) buf[at++] = c;
    if (n > 3) buf[at++] = d;
    if (n > 4) buf[at++] = e;
    if (n > 5) buf[at++] = f;
    if (n > 6) buf[at++] = g;
    if (n > 7) buf[at++] = h;
    this.end = at;
    this.count++;
  }

  /** Appends one record from an argument list (loaders, tests). */
  pushArgs(kind: number, args: readonly number[]): void {
    if (args.length !== this.kinds.arity[kind]) {
      throw new RangeError(`event '${this.kinds.names[kind]}' takes ${this.kinds.arity[kind]} arguments`);
    }
    if (this.end + 1 + args.length > this.buf.length) this.makeRoom(1 + args.length);
    this.buf[this.end++] = kind;
    for (const v of args) this.buf[this.end++] = v;
    this.count++;
  }

  /** Moves the live records to the front, and doubles the buffer if that is not room enough. */
  private makeRoom(words: number): void {
    const live = this.end - this.start;
    if (live + words <= this.buf.length && this.start > 0) {
      this.buf.copyWithin(0, this.start, this.end);
    } else {
      const grown = new Int32Array(Math.max(2 * this.buf.length, live + words, 16));
      grown.set(this.buf.subarray(this.start, this.end));
      this.buf = grown;
    }
    this.start = 0;
    this.end = live;
  }

  /** Word offset of record `record` (records have different lengths, so this walks). */
  private offsetOf(record: number): number {
    let at = this.start;
    for (let i = 0; i < record && at < this.end; i++) at += 1 + this.kinds.arity[this.buf[at]];
    return at;
  }

  /** Records from `from` (a record number) on, as entries. */
  entries(from = 0): EventEntry<K>[] {
    const out: EventEntry<K>[] = [];
    const buf = this.buf;
    for (let at = this.offsetOf(Math.max(0, from)); at < this.end;) {
      const kind = buf[at];
      const n = this.kinds.arity[kind];
      out.push({ kind: this.kinds.names[kind], args: Array.from(buf.subarray(at + 1, at + 1 + n)) });
      at += 1 + n;
    }
    return out;
  }

  /** Kind index of record `record`. */
  kindAt(record: number): number {
    return this.buf[this.offsetOf(record)];
  }

  /** Argument `arg` of record `record`. */
  argAt(record: number, arg: number): number {
    return this.buf[this.offsetOf(record) + 1 + arg];
  }

  /** Forgets the first `records` records (a log that keeps only recent rounds). */
  dropFirst(records: number): void {
    const n = Math.min(records, this.count);
    this.start = this.offsetOf(n);
    this.count -= n;
    if (this.count === 0) this.start = this.end = 0;
  }

  clone(): EventLog<K> {
    const live = this.end - this.start;
    // Room for as many records again, so the clone's next pushes do not grow it at once.
    const buf = new Int32Array(Math.max(16, 2 * live));
    buf.set(this.buf.subarray(this.start, this.end));
    return new EventLog(this.kinds, buf, 0, live, this.count);
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
    const log = EventLog.empty(kinds);
    for (const [name, ...args] of json) log.pushArgs(kinds.index[name as K], args as number[]);
    return log;
  }
}
