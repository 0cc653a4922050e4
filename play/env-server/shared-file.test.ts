import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Rng } from '../../envs/index.js';
import { FrameReader, encodeFrame, type BufferEntry, type Frame } from './frames.js';
import { EnvServer } from './server.js';

type Json = ReturnType<typeof JSON.parse>;

function ask(server: EnvServer, header: Record<string, unknown>, arrays = {}): Frame {
  const [frame] = new FrameReader().push(encodeFrame(header, arrays));
  const [reply] = new FrameReader().push(server.handle(frame as Frame));
  return reply as Frame;
}

/** A reply's arrays as bytes, read from `source` (the payload, or the shared file) at the entries' offsets. */
function arrays(entries: BufferEntry[], source: Buffer): Record<string, string> {
  return Object.fromEntries(
    entries.map((b) => [b.name, source.subarray(b.offset, b.offset + b.bytes).toString('hex')]),
  );
}

const make = { op: 'make', kind: 'vector', game: 'philadelphia', num: 5, seed: 'shm', autoresetMode: 'same-step' };

describe('vector env arrays in a shared-memory file', () => {
  test('each reset and step writes the arrays a plain env sends; the reply carries only their places', () => {
    const server = new EnvServer();
    const shared = (ask(server, { id: 1, ...make, sharedMemory: true }).header as Json).sharedFile as string;
    const plain = ask(server, { id: 2, ...make }).header as Json;
    expect(plain.sharedFile).toBeUndefined();
    expect(shared).toMatch(/agora-\d+-[0-9a-f]{16}$/);
    // Only this user may read it: it holds a live game's observations.
    expect(statSync(shared).mode & 0o777).toBe(0o600);

    const rng = Rng.fromSeed('shm-actions');
    let a = ask(server, { id: 3, op: 'reset', env: 1, seed: 4 });
    let b = ask(server, { id: 4, op: 'reset', env: 2, seed: 4 });
    for (let t = 0; t < 60; t++) {
      const ha = a.header as { shared?: boolean; buffers: BufferEntry[] };
      const hb = b.header as { shared?: boolean; buffers: BufferEntry[] };
      expect(ha.shared).toBe(true);
      expect(a.payload.length).toBe(0);
      expect(hb.shared).toBeUndefined();
      expect(ha.buffers).toEqual(hb.buffers);
      const fromFile = arrays(ha.buffers, readFileSync(shared));
      expect(fromFile).toEqual(arrays(hb.buffers, b.payload));
      expect(Object.keys(fromFile)).toContain('final_observations');

      const masks = b.payload.subarray(hb.buffers[1].offset, hb.buffers[1].offset + hb.buffers[1].bytes);
      const size = masks.length / 5;
      const actions = new Int32Array(5);
      for (let i = 0; i < 5; i++) {
        const legal = [...masks.subarray(i * size, (i + 1) * size)].flatMap((m, k) => (m ? [k] : []));
        actions[i] = legal[rng.int(legal.length)];
      }
      a = ask(server, { id: 5 + 2 * t, op: 'step', env: 1 }, { actions: [actions, [5]] });
      b = ask(server, { id: 6 + 2 * t, op: 'step', env: 2 }, { actions: [actions, [5]] });
    }
  });

  test('an error for a shared env is an ordinary reply, and the file is left as it was', () => {
    const server = new EnvServer();
    const path = (ask(server, { id: 1, ...make, sharedMemory: true }).header as Json).sharedFile as string;
    ask(server, { id: 2, op: 'reset', env: 1, seed: 1 });
    const before = readFileSync(path);
    const bad = ask(server, { id: 3, op: 'step', env: 1 }, { actions: [new Int32Array(5).fill(9999), [5]] });
    expect((bad.header as Json).ok).toBe(false);
    expect((bad.header as Json).error.code).toBe('illegal_action');
    expect(readFileSync(path)).toEqual(before);
  });

  test('closing the env, or the connection, removes the file', async () => {
    const server = new EnvServer();
    const first = (ask(server, { id: 1, ...make, sharedMemory: true }).header as Json).sharedFile as string;
    const second = (ask(server, { id: 2, ...make, sharedMemory: true }).header as Json).sharedFile as string;
    expect(first).not.toBe(second);
    ask(server, { id: 3, op: 'close', env: 1 });
    expect(existsSync(first)).toBe(false);
    expect(existsSync(second)).toBe(true);
    await server.closeAll();
    expect(existsSync(second)).toBe(false);
  });

  test('only vector envs take sharedMemory', () => {
    const server = new EnvServer();
    for (const kind of ['single', 'aec']) {
      const reply = ask(server, { id: 1, op: 'make', kind, game: 'tictactoe', sharedMemory: true }).header as Json;
      expect(reply.error.message).toMatch(new RegExp(`an? ${kind} env takes no 'sharedMemory'`));
    }
  });
});
