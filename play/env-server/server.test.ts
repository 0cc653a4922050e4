import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeAgent } from '../../agents/index.js';
import { AECEnv, Rng, getGame, makeSelfPlayVectorEnv, makeVectorEnv } from '../../envs/index.js';
import { FrameReader, encodeFrame, type BufferEntry, type Frame } from './frames.js';
import { serveSocket } from './serve.js';
import { EnvServer, MAX_ENVS } from './server.js';

/** A reply's header: JSON as the client parses it (the tests read whatever fields they check). */
type Json = ReturnType<typeof JSON.parse>;

/** Sends one request through the framing both ways, as a client would. */
function ask(
  server: EnvServer,
  header: Record<string, unknown>,
  arrays = {},
): { header: Json; arrays: Record<string, number[]> } {
  const reader = new FrameReader();
  const [frame] = reader.push(encodeFrame(header, arrays));
  const [reply] = new FrameReader().push(server.handle(frame as Frame));
  return decode(reply as Frame);
}

function decode(frame: Frame): { header: Json; arrays: Record<string, number[]> } {
  const header = frame.header as { buffers?: BufferEntry[] };
  const arrays: Record<string, number[]> = {};
  for (const b of header.buffers ?? []) {
    const bytes = frame.payload.subarray(b.offset, b.offset + b.bytes);
    const copy = new Uint8Array(bytes).buffer;
    const view =
      b.dtype === 'float32'
        ? new Float32Array(copy)
        : b.dtype === 'float64'
          ? new Float64Array(copy)
          : b.dtype === 'int32'
            ? new Int32Array(copy)
            : new Uint8Array(copy);
    arrays[b.name] = Array.from(view);
  }
  return { header, arrays };
}

describe('env server (agora serve)', () => {
  test('hello names the protocol version and every game with its sizes', () => {
    const { header } = ask(new EnvServer(), { id: 1, op: 'hello' });
    expect(header).toMatchObject({ id: 1, ok: true, protocol: 1, server: 'agora' });
    const promotion = header.games.find((g: { name: string }) => g.name === 'promotion');
    expect(promotion).toMatchObject({ actionSize: 34, observationSizes: { 4: 131 } });
  });

  test('a vector env over the protocol returns exactly what the TypeScript vector env returns', () => {
    const server = new EnvServer();
    const made = ask(server, {
      id: 2,
      op: 'make',
      kind: 'vector',
      game: 'perikles',
      num: 3,
      opponents: 'random',
      seed: 'wire',
    }).header;
    expect(made).toMatchObject({ ok: true, numEnvs: 3, players: 4, autoresetMode: 'next-step' });
    const local = makeVectorEnv('perikles', {
      num: 3,
      opponents: makeAgent('random', getGame('perikles')),
      seed: 'wire',
    });
    let remote = ask(server, { id: 3, op: 'reset', env: made.env, seed: 7 }).arrays;
    let mine = local.reset({ seed: 7 });
    const rng = Rng.fromSeed('wire-actions');
    for (let t = 0; t < 40; t++) {
      expect(remote.observations).toEqual(Array.from(mine.observations));
      expect(remote.action_masks).toEqual(Array.from(mine.actionMasks));
      expect(remote.rewards).toEqual(Array.from(mine.rewards));
      expect(remote.terminated).toEqual(Array.from(mine.terminated));
      expect(remote.reset).toEqual(Array.from(mine.infos.reset));
      const actions = local.actionSpace.sample(rng, mine.actionMasks);
      remote = ask(server, { id: 4 + t, op: 'step', env: made.env }, { actions: [actions, [3]] }).arrays;
      mine = local.step(actions);
    }
  });

  test('a selfplay env over the protocol returns what the TypeScript one does; rewards are [num, players]', () => {
    const server = new EnvServer();
    const made = ask(server, { id: 1, op: 'make', kind: 'selfplay', game: 'tictactoe', num: 3, seed: 'wire' }).header;
    expect(made).toMatchObject({ ok: true, numEnvs: 3, players: 2, autoresetMode: 'next-step' });
    const local = makeSelfPlayVectorEnv('tictactoe', { num: 3, seed: 'wire' });
    let remote = ask(server, { id: 2, op: 'reset', env: made.env }).header;
    let mine = local.reset();
    const rng = Rng.fromSeed('wire-actions');
    let ended = 0;
    for (let t = 0; t < 30; t++) {
      const rewards = remote.buffers.find((b: BufferEntry) => b.name === 'rewards');
      expect(rewards).toMatchObject({ dtype: 'float32', shape: [3, 2] });
      const actions = local.actionSpace.sample(rng, mine.actionMasks);
      const reply = ask(server, { id: 3 + t, op: 'step', env: made.env }, { actions: [actions, [3]] });
      remote = reply.header;
      mine = local.step(actions);
      for (const [name, array] of [
        ['observations', mine.observations],
        ['action_masks', mine.actionMasks],
        ['rewards', mine.rewards],
        ['seat', mine.infos.seat],
        ['terminated', mine.terminated],
        ['returns', mine.infos.returns],
      ] as const) {
        expect(reply.arrays[name], name).toEqual(Array.from(array));
      }
      ended += mine.terminated.reduce((a, b) => a + b, 0);
    }
    expect(ended).toBeGreaterThan(3);
    const refused = ask(server, { id: 99, op: 'make', kind: 'selfplay', game: 'tictactoe', opponents: 'random' });
    expect(refused.header.error.message).toBe("a selfplay env takes no 'opponents'");
  });

  test('an AEC env over the protocol plays a whole game as the TypeScript AEC env does', () => {
    const server = new EnvServer();
    const { env } = ask(server, { id: 1, op: 'make', kind: 'aec', game: 'tictactoe', seed: 3 }).header;
    const local = new AECEnv(getGame('tictactoe'), { seed: 3 });
    local.reset();
    let reply = ask(server, { id: 2, op: 'reset', env });
    const rng = Rng.fromSeed('aec-wire');
    for (let i = 0; i < 20 && local.agents.length > 0; i++) {
      expect(reply.header.agents).toEqual(local.agents);
      expect(reply.header.agentSelection).toBe(local.agentSelection);
      const a = local.agentSelection;
      const done = local.terminations[a] || local.truncations[a];
      if (!done) {
        expect(reply.arrays.observation).toEqual(Array.from(local.observe(a).observation));
        expect(reply.arrays.action_mask).toEqual(Array.from(local.observe(a).actionMask));
      }
      const legal = local.infos[a].legalActions;
      const action = done ? null : legal[rng.int(legal.length)];
      local.step(action);
      reply = ask(server, { id: 3 + i, op: 'step', env, ...(action === null ? {} : { action }) });
      expect(reply.header.rewards).toEqual(local.possibleAgents.map((p) => local.rewards[p]));
    }
    expect(reply.header.agents).toEqual([]);
  });

  test('bad requests are answered with an error naming the problem, and the server goes on', () => {
    const server = new EnvServer();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ id: 1, op: 'fly' }, /bad request: op/],
      [{ id: 2, op: 'make', kind: 'vector', game: 'chess' }, /unknown game 'chess'/],
      [{ id: 3, op: 'make', kind: 'vector', game: 'promotion', players: 9 }, /players/],
      [{ id: 4, op: 'make', kind: 'vector', game: 'promotion', opponents: 'wizard' }, /unknown agent kind 'wizard'/],
      [{ id: 5, op: 'reset', env: 99 }, /no env 99 on this connection/],
      [{ id: 6, op: 'make', kind: 'aec', game: 'promotion', num: 3 }, /an aec env takes no 'num'/],
      [{ id: 7, op: 'reset', env: 'x' }, /bad request: env/],
      [{ id: 8, op: 'make', kind: 'vector', game: 'promotion', surprise: 1 }, /bad request/],
    ];
    for (const [header, message] of cases) {
      const reply = ask(server, header).header;
      expect(reply.ok, JSON.stringify(header)).toBe(false);
      expect(reply.id).toBe(header.id);
      expect(reply.error.message).toMatch(message);
    }
    const { env } = ask(server, { id: 9, op: 'make', kind: 'vector', game: 'tictactoe', num: 2 }).header;
    ask(server, { id: 10, op: 'reset', env });
    const wrong: [Record<string, unknown>, unknown, RegExp][] = [
      [{}, undefined, /carries no 'actions' buffer/],
      [{ actions: [new Float32Array(2), [2]] }, undefined, /'actions' must be int32; got float32/],
      [{ actions: [new Int32Array(3), [3]] }, undefined, /must hold 2 values \(8 bytes\); got 12 bytes/],
      [{ actions: [Int32Array.from([0, 99]), [2]] }, undefined, /actions are integers 0..8 \(env 1\)/],
    ];
    for (const [arrays, , message] of wrong) {
      const reply = ask(server, { id: 11, op: 'step', env }, arrays).header;
      expect(reply.error.message).toMatch(message);
    }
    expect(ask(server, { id: 12, op: 'hello' }).header.ok).toBe(true);
  });

  test('frames: truncated, oversized, not JSON, or random bytes never stop the reader or the server', () => {
    const server = new EnvServer();
    const reader = new FrameReader(1024);
    // An oversized frame is skipped as its bytes arrive, and the next frame is read.
    const big = Buffer.alloc(4 + 5000);
    big.writeUInt32LE(5000, 0);
    const hello = encodeFrame({ id: 5, op: 'hello' });
    const first = reader.push(Buffer.concat([big.subarray(0, 100)]));
    const rest = reader.push(Buffer.concat([big.subarray(100), hello]));
    const frames = [...first, ...rest];
    expect(frames).toHaveLength(2);
    expect(decode(new FrameReader().push(server.handle(frames[0]))[0] as Frame).header.error.message).toMatch(
      /a frame of 5000 bytes is over the limit of 1024/,
    );
    expect(decode(new FrameReader().push(server.handle(frames[1]))[0] as Frame).header.ok).toBe(true);
    // A header that is not JSON, and a header length past the frame.
    const notJson = Buffer.alloc(4 + 4 + 3);
    notJson.writeUInt32LE(7, 0);
    notJson.writeUInt32LE(3, 4);
    notJson.write('{x}', 8);
    const pastEnd = Buffer.alloc(12);
    pastEnd.writeUInt32LE(8, 0);
    pastEnd.writeUInt32LE(500, 4);
    const answers = new FrameReader().push(Buffer.concat([notJson, pastEnd]));
    expect(
      answers.map((f) => decode(new FrameReader().push(server.handle(f))[0] as Frame).header.error.message),
    ).toEqual([
      expect.stringMatching(/the header is not JSON/),
      expect.stringMatching(/the header length 500 is past the frame's 4 bytes/),
    ]);
    // Random frames: every one gets an answer and none throws.
    const rng = Rng.fromSeed('fuzz');
    for (let i = 0; i < 300; i++) {
      const body = Buffer.from(Array.from({ length: rng.int(40) }, () => rng.int(256)));
      const frame = Buffer.alloc(4 + body.length);
      frame.writeUInt32LE(body.length, 0);
      body.copy(frame, 4);
      for (const f of new FrameReader().push(frame))
        expect(decode(new FrameReader().push(server.handle(f))[0] as Frame).header.ok).toBe(false);
    }
    expect(ask(server, { id: 6, op: 'hello' }).header.ok).toBe(true);
  });

  test(`a connection holds at most ${MAX_ENVS} envs`, () => {
    const server = new EnvServer();
    for (let i = 0; i < MAX_ENVS; i++) ask(server, { id: i, op: 'make', kind: 'aec', game: 'tictactoe' });
    expect(ask(server, { id: 99, op: 'make', kind: 'aec', game: 'tictactoe' }).header.error.message).toMatch(
      new RegExp(`at most ${MAX_ENVS} envs; close one first`),
    );
  });

  test('agora serve answers frames on stdin/stdout and reports a truncated last frame on stderr', () => {
    const input = Buffer.concat([
      encodeFrame({ id: 1, op: 'hello' }),
      encodeFrame({ id: 2, op: 'make', kind: 'vector', game: 'tictactoe', num: 2, seed: 1 }),
      encodeFrame({ id: 3, op: 'reset', env: 1 }),
      encodeFrame({ id: 4, op: 'nonsense' }).subarray(0, 10),
    ]);
    const run = spawnSync(process.execPath, ['cli/agora.js', 'serve'], { input, timeout: 60_000 });
    expect(run.status).toBe(0);
    const replies = new FrameReader().push(run.stdout).map((f) => decode(f as Frame));
    expect(replies.map((r) => r.header.id)).toEqual([1, 2, 3]);
    expect(replies[2].arrays.observations).toHaveLength(2 * 27);
    expect(run.stderr.toString()).toMatch(/the stream ended inside a frame \(10 bytes dropped\)/);
  });

  test('--socket: each connection to the Unix socket is its own session', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agora-sock-')), 'serve.sock');
    const server = await serveSocket(path);
    const session = async (requests: Record<string, unknown>[]) => {
      const socket = connect(path);
      const reader = new FrameReader();
      const replies: ReturnType<typeof decode>[] = [];
      socket.write(Buffer.concat(requests.map((r) => encodeFrame(r))));
      for await (const chunk of socket) {
        for (const f of reader.push(chunk as Buffer)) replies.push(decode(f as Frame));
        if (replies.length === requests.length) break;
      }
      socket.destroy();
      return replies.map((r) => r.header);
    };
    const make = { id: 1, op: 'make', kind: 'aec', game: 'tictactoe' };
    const [a, b] = await Promise.all([session([make, { id: 2, op: 'reset', env: 1 }]), session([make])]);
    expect(a.map((h) => h.ok)).toEqual([true, true]);
    expect([a[0].env, b[0].env]).toEqual([1, 1]);
    await new Promise((resolve) => server.close(resolve));
  });
});
