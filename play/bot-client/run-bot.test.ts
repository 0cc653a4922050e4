import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { makeAgent } from '../../agents/index.js';
import { AgoraError, Rng, decisionContext, getGame } from '../../envs/index.js';
import type { MatchStart, YourTurn } from './bot-events.js';
import { loadModelPolicy } from './model-policy.js';
import { ndjsonLines } from './ndjson-lines.js';
import { runBot, type RunBotOptions } from './run-bot.js';

const TOKEN = 'agb_test';

/** A request the fake arena got: method, path with query, authorization and the parsed JSON body. */
interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  body: unknown;
}

type Route = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void;

/** A fake arena on a loopback port: `route` answers every request; `seen` records them in order. */
async function fakeArena(route: Route): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        path: req.url ?? '',
        auth: req.headers.authorization,
        body: text ? JSON.parse(text) : undefined,
      };
      seen.push(entry);
      route(req, res, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function openStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  res.flushHeaders();
}

const line = (event: unknown) => `${JSON.stringify(event)}\n`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const start: MatchStart = {
  type: 'matchStart',
  match: 'm1',
  game: 'tictactoe',
  players: 2,
  seat: 1,
  seats: [
    { seat: 0, name: 'random', kind: 'bot' },
    { seat: 1, name: 'me', kind: 'bot' },
  ],
  timeLimitMs: 10000,
};

function turn(decisions: number, legal: number[], match = 'm1'): YourTurn {
  return {
    type: 'yourTurn',
    match,
    seat: 1,
    decisions,
    view: { players: 2 },
    observation: [0, 1, 0.5],
    legalActions: legal.map((action) => ({ action, label: `cell ${action}` })),
    timeLeftMs: 9950,
  };
}

const end = {
  type: 'matchEnd',
  match: 'm1',
  seat: 1,
  result: { ranking: [1, 0], scores: [0, 1], returns: [-1, 1], truncated: false },
  gameId: 'g1',
  eloChange: 12.5,
};

/** The policy of most tests: the largest legal action. */
const largest = (t: YourTurn) => Math.max(...t.legalActions.map((l) => l.action));

function options(url: string, extra: Partial<RunBotOptions> = {}): RunBotOptions & { lines: string[] } {
  const lines: string[] = [];
  return { url, token: TOKEN, log: (l) => lines.push(l), backoffMs: 10, maxBackoffMs: 40, lines, ...extra };
}

const posts = (seen: Seen[]) => seen.filter((s) => s.method === 'POST').map((s) => [s.path, s.body]);

describe('runBot on the stream', () => {
  test('answers each turn, skips keep-alives, joins a split event, goes on after 409 stale', async () => {
    const { url, seen } = await fakeArena(async (req, res, s) => {
      if (s.path === '/api/bot/stream') {
        openStream(res);
        const second = line(turn(5, [2, 7]));
        res.write(line(start) + '\n');
        res.write('\n' + line(turn(3, [0, 4, 8])));
        await pause(20);
        res.write(second.slice(0, 25));
        await pause(20);
        res.write(second.slice(25) + '\n');
        res.write(line(end));
      } else if (s.body && (s.body as { decisions: number }).decisions === 5)
        json(res, 409, { error: { code: 'stale', message: 'decision 5 was played already' } });
      else json(res, 200, { seat: 1 });
    });
    const ends: unknown[] = [];
    const opts = options(url, { matches: 1, onMatchEnd: (e) => ends.push(e) });
    const matchesSeen: (MatchStart | undefined)[] = [];
    const result = await runBot((t, m) => (matchesSeen.push(m), largest(t)), opts);
    expect(result).toEqual({ matches: 1 });
    expect(posts(seen)).toEqual([
      ['/api/bot/matches/m1/actions', { action: 8, decisions: 3 }],
      ['/api/bot/matches/m1/actions', { action: 7, decisions: 5 }],
    ]);
    expect(seen.every((s) => s.auth === `Bearer ${TOKEN}`)).toBe(true);
    expect(matchesSeen).toEqual([start, start]);
    expect(ends).toEqual([end]);
    expect(opts.lines).toContain('match m1: action 7 at decision 5 not played (stale: decision 5 was played already)');
    expect(opts.lines).toContain('match m1 (tictactoe) over: place 1 of 2, Elo +12.5');
  });

  test('a dropped stream reconnects; a turn sent again is not answered twice', async () => {
    let connections = 0;
    const { url, seen } = await fakeArena((_req, res, s) => {
      if (s.path === '/api/bot/stream') {
        openStream(res);
        connections++;
        res.write(line(start) + line(turn(1, [0, 1])));
        if (connections === 1) setTimeout(() => res.socket?.destroy(), 50);
        else res.write(line(turn(3, [2, 6])) + line(end));
      } else json(res, 200, { seat: 1 });
    });
    const opts = options(url, { matches: 1 });
    expect(await runBot(largest, opts)).toEqual({ matches: 1 });
    expect(connections).toBe(2);
    expect(posts(seen)).toEqual([
      ['/api/bot/matches/m1/actions', { action: 1, decisions: 1 }],
      ['/api/bot/matches/m1/actions', { action: 6, decisions: 3 }],
    ]);
    expect(opts.lines.some((l) => /^stream lost .*; trying again in 0.01 s$/.test(l))).toBe(true);
    expect(opts.lines).toContain(`reconnected to ${url} (stream)`);
  });

  test('a match that ended while the stream was down is finished from its page', async () => {
    let connections = 0;
    const { url } = await fakeArena((_req, res, s) => {
      if (s.path === '/api/bot/stream') {
        openStream(res);
        connections++;
        if (connections === 1) {
          res.write(line(start));
          setTimeout(() => res.socket?.destroy(), 20);
        } else res.write('\n'); // the catch-up is over: m1 was not announced again
      } else if (s.path === '/api/bot/matches/m1') json(res, 200, { seat: 1, result: { ...end.result, gameId: 'g1' } });
      else json(res, 404, { error: { code: 'not_found', message: 'no such route' } });
    });
    const ends: unknown[] = [];
    expect(await runBot(largest, options(url, { matches: 1, onMatchEnd: (e) => ends.push(e) }))).toEqual({
      matches: 1,
    });
    expect(ends).toEqual([
      { type: 'matchEnd', match: 'm1', seat: 1, result: end.result, gameId: 'g1', eloChange: undefined },
    ]);
  });

  test('a wrong or revoked token (401) rejects with unauthorized', async () => {
    const { url, seen } = await fakeArena((_req, res) =>
      json(res, 401, { error: { code: 'unauthorized', message: 'unknown or revoked bot token' } }),
    );
    const run = runBot(largest, options(url));
    await expect(run).rejects.toBeInstanceOf(AgoraError);
    await expect(run).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringMatching(/refused the bot token \(401\): it is wrong or has been revoked/),
    });
    expect(seen).toHaveLength(1);
  });

  test('a malformed event rejects naming the field', async () => {
    const { url, seen } = await fakeArena((_req, res) => {
      openStream(res);
      const { decisions: _missing, ...broken } = turn(1, [0]);
      res.write(line(start) + line(broken));
    });
    await expect(runBot(largest, options(url))).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/^malformed yourTurn event from the arena: decisions: /),
    });
    expect(posts(seen)).toEqual([]);
  });

  test('an action that is not legal rejects before anything is sent', async () => {
    const { url, seen } = await fakeArena((_req, res) => {
      openStream(res);
      res.write(line(turn(1, [0, 4])));
    });
    await expect(runBot(() => 3, options(url))).rejects.toMatchObject({
      code: 'illegal_action',
      message: 'the policy chose action 3 in match m1; the legal actions are 0, 4',
    });
    expect(posts(seen)).toEqual([]);
  });

  test('aborting the signal resolves with the matches finished so far', async () => {
    const { url } = await fakeArena((_req, res) => {
      openStream(res);
      res.write('\n');
    });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    expect(await runBot(largest, options(url, { signal: stop.signal }))).toEqual({ matches: 0 });
  });
});

describe('runBot polling', () => {
  test('polls /api/bot/turns, answers new turns once, learns the end from the match page', async () => {
    const answers = [[turn(1, [0, 2])], [turn(1, [0, 2])], [turn(3, [5, 6])], []];
    const { url, seen } = await fakeArena((_req, res, s) => {
      if (s.path.startsWith('/api/bot/turns')) json(res, 200, { turns: answers.shift() ?? [] });
      else if (s.method === 'POST') json(res, 200, { seat: 1, status: 'live' });
      else if (s.path === '/api/bot/matches/m1')
        json(res, 200, answers.length > 0 ? { seat: 1 } : { seat: 1, result: { ...end.result, gameId: 'g1' } });
    });
    const ends: unknown[] = [];
    const turnsSeen: unknown[] = [];
    const policy = (t: YourTurn, m: MatchStart | undefined) => (turnsSeen.push([t.decisions, m]), largest(t));
    const result = await runBot(policy, options(url, { poll: true, matches: 1, onMatchEnd: (e) => ends.push(e) }));
    expect(result).toEqual({ matches: 1 });
    expect(posts(seen)).toEqual([
      ['/api/bot/matches/m1/actions', { action: 2, decisions: 1 }],
      ['/api/bot/matches/m1/actions', { action: 6, decisions: 3 }],
    ]);
    expect(turnsSeen).toEqual([
      [1, undefined],
      [3, undefined],
    ]);
    expect(seen.filter((s) => s.path.startsWith('/api/bot/turns')).map((s) => s.path)).toContain(
      '/api/bot/turns?wait=25000',
    );
    expect(seen.some((s) => s.path === '/api/bot/stream')).toBe(false);
    expect(ends).toEqual([
      { type: 'matchEnd', match: 'm1', seat: 1, result: end.result, gameId: 'g1', eloChange: undefined },
    ]);
  });

  test('a 401 while polling rejects with unauthorized', async () => {
    const { url } = await fakeArena((_req, res) => json(res, 401, { error: { code: 'unauthorized' } }));
    await expect(runBot(largest, options(url, { poll: true }))).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('ndjsonLines', () => {
  test('lines whatever the chunks: split events, split characters, blank keep-alives, CRLF', async () => {
    const bytes = new TextEncoder().encode('{"a":"é"}\r\n\n{"b":2}\n{"cut');
    async function* chunks() {
      for (const cut of [
        [0, 3],
        [3, 8],
        [8, 13],
        [13, bytes.length],
      ])
        yield bytes.subarray(cut[0], cut[1]);
    }
    const lines: string[] = [];
    for await (const l of ndjsonLines(chunks())) lines.push(l);
    expect(lines).toEqual(['{"a":"é"}', '', '{"b":2}']);
  });
});

describe('the model bot (examples/bot-model.ts)', () => {
  test('plays what neural:models/tictactoe/az plays, on every position of a few games', async () => {
    const game = getGame('tictactoe');
    const agent = makeAgent('neural:models/tictactoe/az', game);
    const policy = loadModelPolicy('models/tictactoe/az', 'tictactoe');
    const rng = Rng.fromSeed('bot-model');
    let positions = 0;
    for (let g = 0; g < 4; g++) {
      const state = game.newGame({ players: 2, seed: g });
      while (!state.isTerminal()) {
        const ctx = decisionContext(game, state, Rng.fromSeed(`agent:${g}:${positions}`));
        const asTurn: YourTurn = {
          type: 'yourTurn',
          match: `g${g}`,
          seat: ctx.player,
          decisions: positions,
          view: {},
          observation: Array.from(ctx.observation),
          legalActions: ctx.legalActions.map((action) => ({ action, label: ctx.actionLabel(action) })),
          timeLeftMs: 1000,
        };
        expect(policy(asTurn, { ...start, match: `g${g}` })).toBe(await agent.act(ctx));
        positions++;
        // Random moves to reach varied positions (the model's own game would be one line).
        state.applyAction(rng.pick(ctx.legalActions));
      }
    }
    expect(positions).toBeGreaterThan(20);
  });
  test('a model with a tuned temperature is sampled, as neural: plays it; the same seed draws the same', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'agora-bot-model-')), 'ttt');
    cpSync('models/tictactoe/az', dir, { recursive: true });
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    writeFileSync(join(dir, 'meta.json'), JSON.stringify({ ...meta, policy: { temperature: 5 } }));
    const game = getGame('tictactoe');
    const ctx = decisionContext(game, game.newGame({ players: 2, seed: 0 }), Rng.fromSeed('t'));
    const turn: YourTurn = {
      type: 'yourTurn',
      match: 'm',
      seat: 0,
      decisions: 0,
      view: {},
      observation: Array.from(ctx.observation),
      legalActions: ctx.legalActions.map((action) => ({ action, label: ctx.actionLabel(action) })),
      timeLeftMs: 1000,
    };
    const draws = (policy: (t: YourTurn) => number) => Array.from({ length: 60 }, () => policy(turn));
    const sampled = draws(loadModelPolicy(dir, 'tictactoe', { seed: 's' }));
    expect(new Set(sampled).size).toBeGreaterThan(3); // nearly flat at temperature 5: many moves
    expect(draws(loadModelPolicy(dir, 'tictactoe', { seed: 's' }))).toEqual(sampled);
    // Temperature 0 asked for: the top logit every time, as the shipped model (no temperature) plays.
    const top = draws(loadModelPolicy(dir, 'tictactoe', { temperature: 0 }));
    expect(new Set(top)).toEqual(new Set([loadModelPolicy('models/tictactoe/az', 'tictactoe')(turn)]));
  });
});
