/**
 * A vector env's step arrays in a shared-memory file instead of the reply's payload. A step of 256
 * Promotion envs is 150 KB; through a pipe it is copied into fresh kernel pages, copied out again
 * by the client and freed, at every step, which costs more than the copy itself: it evicts the
 * game states from the server's caches. Written into the same pages of a tmpfs file each time, it
 * is one copy into memory the client has mapped (docs/env-protocol.md, "Shared memory").
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, statSync, unlinkSync, writevSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the files go: tmpfs where there is one (Linux), else the temp directory (page cache). */
function sharedDirectory(): string {
  try {
    if (statSync('/dev/shm').isDirectory()) return '/dev/shm';
  } catch {
    // no /dev/shm: macOS and others
  }
  return tmpdir();
}

export class SharedFile {
  private fd: number | null;

  private constructor(
    readonly path: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  /**
   * A new file only this user can read, named so no one can guess it; null when none can be made
   * (the client then gets the arrays in the payload, as without shared memory).
   */
  static create(): SharedFile | null {
    const path = join(sharedDirectory(), `agora-${process.pid}-${randomBytes(8).toString('hex')}`);
    try {
      return new SharedFile(path, openSync(path, 'wx', 0o600));
    } catch {
      return null;
    }
  }

  /** Writes the parts one after another from the file's start. */
  write(parts: Buffer[]): void {
    if (this.fd === null) throw new Error(`the shared file ${this.path} is closed`);
    let position = 0;
    let i = 0;
    while (i < parts.length) {
      // IOV_MAX is 1024 on Linux.
      let written = writevSync(this.fd, parts.slice(i, i + 1024), position);
      position += written;
      while (i < parts.length && written >= parts[i].length) written -= parts[i++].length;
      if (written > 0) parts[i] = parts[i].subarray(written);
    }
  }

  /** Closes and removes the file (the client may have removed it already, once it had mapped it). */
  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    try {
      unlinkSync(this.path);
    } catch {
      // already gone
    }
  }
}
