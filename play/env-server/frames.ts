/**
 * The env server's framing (docs/env-protocol.md): every message is
 *   u32 LE frame length (the bytes after it) | u32 LE header length | header JSON (UTF-8) | payload
 * The header names the payload's arrays (`buffers`: name, dtype, shape, offset, bytes), which are
 * raw little-endian values, each at an 8-aligned offset from the payload's start; the header is
 * padded with spaces so the payload starts 8-aligned in the frame. numpy reads an array with
 * frombuffer(payload, dtype, count, offset), no copy and no per-element parsing.
 */

export type Dtype = 'float32' | 'float64' | 'int32' | 'uint8';
export type Typed = Float32Array | Float64Array | Int32Array | Uint8Array;

const DTYPES: Record<Dtype, { bytes: number; make: (b: ArrayBuffer, at: number, n: number) => Typed }> = {
  float32: { bytes: 4, make: (b, at, n) => new Float32Array(b, at, n) },
  float64: { bytes: 8, make: (b, at, n) => new Float64Array(b, at, n) },
  int32: { bytes: 4, make: (b, at, n) => new Int32Array(b, at, n) },
  uint8: { bytes: 1, make: (b, at, n) => new Uint8Array(b, at, n) },
};

/** A payload array as the header lists it. */
export interface BufferEntry {
  name: string;
  dtype: Dtype;
  shape: number[];
  /** Byte offset from the payload's start (a multiple of 8). */
  offset: number;
  /** Byte length. */
  bytes: number;
}

/** The largest frame the server reads (a bigger one is skipped and answered with an error). */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

const align8 = (n: number) => (n + 7) & ~7;

function dtypeOf(array: Typed): Dtype {
  if (array instanceof Float32Array) return 'float32';
  if (array instanceof Float64Array) return 'float64';
  if (array instanceof Int32Array) return 'int32';
  return 'uint8';
}

/** One frame: the header (with `buffers` filled in) and the arrays as its payload. */
export function encodeFrame(header: Record<string, unknown>, arrays: Record<string, [Typed, number[]]> = {}): Buffer {
  return Buffer.concat(frameParts(header, arrays));
}

const PADDING = Buffer.alloc(8);

/**
 * Arrays laid out as a payload: their entries for the header's `buffers`, and the payload as pieces
 * (each array's own bytes, views not copies, then its padding to 8).
 */
export function payloadParts(arrays: Record<string, [Typed, number[]]>): { entries: BufferEntry[]; parts: Buffer[] } {
  const entries: BufferEntry[] = [];
  const parts: Buffer[] = [];
  let size = 0;
  for (const [name, [array, shape]] of Object.entries(arrays)) {
    entries.push({ name, dtype: dtypeOf(array), shape, offset: size, bytes: array.byteLength });
    parts.push(Buffer.from(array.buffer, array.byteOffset, array.byteLength));
    const padding = align8(array.byteLength) - array.byteLength;
    if (padding > 0) parts.push(PADDING.subarray(0, padding));
    size = align8(size + array.byteLength);
  }
  return { entries, parts };
}

/**
 * The same frame as pieces: the lengths and header, then the payload's pieces. Written in order
 * they are the frame; a step's arrays can be megabytes, so the server writes them as they are
 * instead of copying them into one buffer.
 */
export function frameParts(header: Record<string, unknown>, arrays: Record<string, [Typed, number[]]> = {}): Buffer[] {
  const { entries, parts } = payloadParts(arrays);
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  const text = JSON.stringify(entries.length > 0 ? { ...header, buffers: entries } : header);
  const json = Buffer.byteLength(text, 'utf8');
  const padded = align8(8 + json) - 8;
  const head = Buffer.alloc(8 + padded, 0x20);
  head.writeUInt32LE(4 + padded + size, 0);
  head.writeUInt32LE(padded, 4);
  head.write(text, 8, 'utf8');
  return [head, ...parts];
}

/** A frame as read: its parsed header and its payload (a copy the server owns). */
export interface Frame {
  header: unknown;
  payload: Buffer;
}

/** Why a frame could not be read; the reader has skipped it and goes on with the next one. */
export class FrameError extends Error {}

/**
 * Splits a byte stream into frames. `push` takes whatever chunk arrived and returns the frames
 * (or FrameErrors for frames that were skipped) completed by it, in order.
 */
export class FrameReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes of an oversized frame still to drop. */
  private skipping = 0;

  constructor(private readonly maxBytes = MAX_FRAME_BYTES) {}

  push(chunk: Buffer): (Frame | FrameError)[] {
    const out: (Frame | FrameError)[] = [];
    if (this.skipping > 0) {
      const drop = Math.min(this.skipping, chunk.length);
      this.skipping -= drop;
      chunk = chunk.subarray(drop);
    }
    if (chunk.length > 0) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
    }
    for (;;) {
      if (this.pendingBytes < 4) return out;
      const data = this.take(this.pendingBytes);
      const length = data.readUInt32LE(0);
      if (length > this.maxBytes) {
        out.push(new FrameError(`a frame of ${length} bytes is over the limit of ${this.maxBytes}; it was skipped`));
        const here = Math.min(length, data.length - 4);
        this.skipping = length - here;
        this.keep(data.subarray(4 + here));
        continue;
      }
      if (data.length < 4 + length) {
        this.keep(data);
        return out;
      }
      out.push(parseFrame(data.subarray(4, 4 + length)));
      this.keep(data.subarray(4 + length));
    }
  }

  /** Bytes received but not yet a whole frame (a truncated stream at its end). */
  get buffered(): number {
    return this.pendingBytes;
  }

  private take(n: number): Buffer {
    const all = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
    return all.subarray(0, n);
  }

  private keep(rest: Buffer): void {
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
  }
}

function parseFrame(body: Buffer): Frame | FrameError {
  if (body.length < 4) return new FrameError(`a frame of ${body.length} bytes has no header length`);
  const headerLength = body.readUInt32LE(0);
  if (headerLength > body.length - 4) {
    return new FrameError(`the header length ${headerLength} is past the frame's ${body.length - 4} bytes`);
  }
  let header: unknown;
  try {
    header = JSON.parse(body.subarray(4, 4 + headerLength).toString('utf8'));
  } catch (err) {
    return new FrameError(`the header is not JSON: ${(err as Error).message}`);
  }
  // A copy on an 8-aligned start, so typed arrays can be made over it.
  return { header, payload: Buffer.from(body.subarray(4 + headerLength)) };
}

/** The payload array a request names, checked against its declared dtype, shape and bounds. */
export function readArray(frame: Frame, entries: unknown, name: string, dtype: Dtype, length: number): Typed {
  const list = Array.isArray(entries) ? (entries as Partial<BufferEntry>[]) : [];
  const e = list.find((b) => b && b.name === name);
  if (!e) throw new FrameError(`the request carries no '${name}' buffer (header 'buffers' lists the payload's arrays)`);
  if (e.dtype !== dtype) throw new FrameError(`buffer '${name}' must be ${dtype}; got ${String(e.dtype)}`);
  const bytes = length * DTYPES[dtype].bytes;
  if (e.bytes !== bytes)
    throw new FrameError(`buffer '${name}' must hold ${length} values (${bytes} bytes); got ${String(e.bytes)} bytes`);
  if (!Number.isInteger(e.offset) || e.offset! < 0 || e.offset! + bytes > frame.payload.length) {
    throw new FrameError(
      `buffer '${name}' at offset ${String(e.offset)} runs past the ${frame.payload.length}-byte payload`,
    );
  }
  const copy = new ArrayBuffer(bytes);
  new Uint8Array(copy).set(frame.payload.subarray(e.offset!, e.offset! + bytes));
  return DTYPES[dtype].make(copy, 0, length);
}
