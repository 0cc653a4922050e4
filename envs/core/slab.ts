/**
 * Fresh typed arrays, cut from large zeroed buffers. `new Float32Array(n)` costs a backing-store
 * allocation (about a microsecond) once n passes V8's on-heap limit of 64 bytes; a view into a
 * block allocated ahead costs a small object. Every array handed out is a region used once, so it
 * starts zeroed and no two arrays share memory. A block stays alive while any array cut from it
 * does: keeping one observation keeps its block (SLAB_BYTES) alive.
 */
const SLAB_BYTES = 1 << 20;

export class Slab {
  private buffer = new ArrayBuffer(0);
  private used = 0;

  /** A zeroed Float32Array of length n. */
  floats(n: number): Float32Array {
    return new Float32Array(this.take(n * 4, 4), this.used - n * 4, n);
  }

  /** A zeroed Uint8Array of length n. */
  bytes(n: number): Uint8Array {
    return new Uint8Array(this.take(n, 1), this.used - n, n);
  }

  /** The block to cut `bytes` from, aligned to `align`; moves `used` past them. */
  private take(bytes: number, align: number): ArrayBuffer {
    let at = Math.ceil(this.used / align) * align;
    if (at + bytes > this.buffer.byteLength) {
      this.buffer = new ArrayBuffer(Math.max(SLAB_BYTES, bytes));
      at = 0;
    }
    this.used = at + bytes;
    return this.buffer;
  }
}
