/**
 * Observation layouts as named segments (style G9): offsets and total size are derived from the
 * table, and a writer refuses writes outside a segment, so an encoding cannot silently overlap.
 */
export interface Segment {
  readonly name: string;
  readonly size: number;
  /** What the segment's values say and how they are scaled (the generated layout tables). */
  readonly meaning?: string;
}

/** A segment with its place in the vector: what `def.observationLayout(players)` lists. */
export interface ObservationSegment {
  readonly name: string;
  /** Index of the segment's first value in the observation vector. */
  readonly offset: number;
  readonly size: number;
  readonly meaning: string;
}

/** Segments in order with their offsets. */
export function layoutOf(segments: readonly Segment[]): ObservationSegment[] {
  let offset = 0;
  return segments.map((s) => {
    const entry = { name: s.name, offset, size: s.size, meaning: s.meaning ?? '' };
    offset += s.size;
    return entry;
  });
}

export interface SegmentLayout {
  readonly segments: readonly Segment[];
  /** name -> [offset, size], for the writer's hot path. */
  readonly index: ReadonlyMap<string, readonly [number, number]>;
  readonly offsets: Readonly<Record<string, number>>;
  readonly sizes: Readonly<Record<string, number>>;
  readonly size: number;
}

export function defineLayout(segments: readonly Segment[]): SegmentLayout {
  const offsets: Record<string, number> = {};
  const sizes: Record<string, number> = {};
  let size = 0;
  for (const s of segments) {
    if (s.name in offsets) throw new Error(`segment '${s.name}' declared twice`);
    if (!Number.isInteger(s.size) || s.size < 0) throw new Error(`segment '${s.name}' has bad size ${s.size}`);
    offsets[s.name] = size;
    sizes[s.name] = s.size;
    size += s.size;
  }
  const index = new Map(segments.map((s) => [s.name, [offsets[s.name], s.size] as const]));
  return { segments, index, offsets, sizes, size };
}

/** Writes one observation vector; every index is checked against its segment. */
export class SegmentWriter {
  readonly out: Float32Array;

  constructor(private readonly layout: SegmentLayout) {
    this.out = new Float32Array(layout.size);
  }

  private at(segment: string, index: number): number {
    const entry = this.layout.index.get(segment);
    if (entry === undefined) throw new Error(`unknown segment '${segment}'`);
    // (index >>> 0) === index: a non-negative integer, checked without Number.isInteger's call.
    if (index >>> 0 !== index || index >= entry[1]) {
      throw new RangeError(`segment '${segment}' has ${entry[1]} entries; index ${index} is outside`);
    }
    return entry[0] + index;
  }

  set(segment: string, index: number, value: number): void {
    this.out[this.at(segment, index)] = value;
  }

  add(segment: string, index: number, value: number): void {
    this.out[this.at(segment, index)] += value;
  }

  /** Sets entry `index` to 1; a negative index (nothing to mark) writes nothing. */
  oneHot(segment: string, index: number): void {
    if (index >= 0) this.set(segment, index, 1);
  }

  finish(): Float32Array {
    return this.out;
  }
}
