/**
 * Fair compute in people's games (npm run bench:fairness; issue 33 item 4). A real arena server in
 * a child process, as `npm start` builds it (rate limits off, no ranking tournament, so the bot
 * threads are all that is measured). Six people (PEOPLE), each against the most expensive bot an
 * account may register (HOG_SPECS: the first the server accepts, one account each), play Perikles
 * moves as fast as the bots answer; one unrelated person plays against the arena's own `greedy`
 * with a short think time. Reported: the unrelated person's bot decisions (from the call to the
 * bot pool to its answer: the queue and the thinking) alone first (the cheap bot's own time), then
 * under the load, and the person's move as their client saw it. Goal: the decision's p99 under load
 * within 1 s of its own p99. Medians of RUNS runs.
 *
 * `tournament` instead (issue 33 item 3): a fresh arena's first start, which queues the ranking
 * tournaments of every game (timed bots; Perikles games take about 40 s); 10 s after it, a person
 * starts a 500-game tournament. Reported: the seconds until its first game is stored, and the games
 * of it and of the ranking played in its first minute.
 *
 *   npm run bench:fairness -- [--runs 3] [--seconds 60] [--people 6] [--game perikles] [--hog <spec>]
 *   npm run bench:fairness -- tournament [--runs 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApp, openStore, operatorSettings, type ArenaApp } from '../arena/index.js';
import { GAMES, Rng } from '../envs/index.js';
import { forkServer, percentile, serveInstrumented, type ServerProcess } from './server-process.js';

/**
 * Candidates for the costliest bot an account may register, costliest first: the two (which
 * the arena accepted before the cost rule), then timed searches, which use all the time allowed.
 */
const HOG_SPECS = [
  'greedy:worlds=10000,settle=100000',
  'mcts:iterations=5000,rollout=greedy,cutoff=1000000',
  'mcts:ms=2000,cutoff=30',
  'mcts:ms=1000,cutoff=30',
  'mcts:ms=600,cutoff=30',
  'mcts:ms=300,cutoff=30',
];
/** The unrelated person's bot: the arena's own. */
const CHEAP_SPEC = 'greedy';
/** The unrelated person's think time before each move, ms. */
const THINK_MS = 200;
/** How long the unrelated person plays alone first, to measure the cheap bot's own time, s. */
const ALONE_SECONDS = 30;
/** From the hogs' start to the measured window, s (their first decisions load the bot threads). */
const RAMP_SECONDS = 10;

interface SeatPage {
  isYourTurn: boolean;
  decisions: number;
  legalActions: { action: number }[];
  result?: unknown;
}

/**
 * The server child: records how long every bot decision of every match took, by match id. With
 * `ranking`, it starts as a fresh arena does (its ranking tournaments queued).
 */
async function serve(ranking: boolean): Promise<void> {
  const { store } = await openStore(process.env);
  const app: ArenaApp = createApp({
    store,
    ...operatorSettings(process.env),
    writeLimitPerMinute: false,
    loginLimitPer15Minutes: false,
  });
  await app.arena.bootstrap(ranking ? {} : { tournament: false });
  const decisions = new Map<string, number[]>();
  const bots = app.arena.ctx.bots;
  const decide = bots.decide.bind(bots);
  bots.decide = async (request) => {
    const t0 = performance.now();
    try {
      return await decide(request);
    } finally {
      const list = decisions.get(request.key) ?? [];
      list.push(performance.now() - t0);
      decisions.set(request.key, list);
    }
  };
  // 'decisions:<match id>' answers that match's decision times and forgets them.
  process.on('message', (msg) => {
    if (typeof msg !== 'string' || !msg.startsWith('decisions:')) return;
    const key = msg.slice('decisions:'.length);
    process.send!({ decisions: decisions.get(key) ?? [] });
    decisions.delete(key);
  });
  await serveInstrumented(app, async () => {
    await app.arena.close();
    await store.close();
  });
}

/** The decision times of a match so far (ms), from the server child. */
function decisionTimes(server: ServerProcess, match: string): Promise<number[]> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !('decisions' in m)) return;
      server.child.off('message', onMessage);
      resolve((m as { decisions: number[] }).decisions);
    };
    server.child.on('message', onMessage);
    server.child.send(`decisions:${match}`);
  });
}

async function api<T>(base: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * One person playing matches against `opponent` until `stopped()`: each move a random legal one
 * after `thinkMs`. Records each move's response time (the bots answer before it returns) when `moves` is given.
 */
async function play(o: {
  base: string;
  game: string;
  players: number;
  opponent: string;
  thinkMs: number;
  rng: Rng;
  stopped: () => boolean;
  onMatch?: (id: string) => void;
  moves?: number[];
}): Promise<void> {
  while (!o.stopped()) {
    const created = await api<{ id: string; token: string }>(o.base, '/api/matches', {
      game: o.game,
      players: o.players,
      opponents: new Array(o.players - 1).fill(o.opponent),
    });
    if (created.status !== 201) throw new Error(`a match was refused: ${JSON.stringify(created.body)}`);
    const { id, token } = created.body;
    o.onMatch?.(id);
    const url = `/api/matches/${encodeURIComponent(id)}`;
    let page = (await api<SeatPage>(o.base, `${url}?token=${encodeURIComponent(token)}`)).body;
    while (!page.result && !o.stopped()) {
      if (o.thinkMs > 0) await sleep(o.thinkMs);
      const t0 = performance.now();
      const action = o.rng.pick(page.legalActions).action;
      page = (await api<SeatPage>(o.base, `${url}/actions`, { token, action, decisions: page.decisions })).body;
      o.moves?.push(performance.now() - t0);
      if (!page.legalActions) throw new Error(`a move was refused: ${JSON.stringify(page)}`);
    }
  }
}

/** Accounts made in the store before the server opens it: one API key each. */
async function accounts(env: NodeJS.ProcessEnv, count: number): Promise<string[]> {
  const { store } = await openStore(env);
  const app = createApp({ store });
  try {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await app.arena.accounts.signup(`fairness-${i}`, `fairness bench secret ${i} x`);
      keys.push((await app.arena.accounts.createApiKey(user, 'bench fairness')).key);
    }
    return keys;
  } finally {
    await app.arena.close();
    await store.close();
  }
}

interface RunFigures {
  hog: string;
  alone: { p50: number; p99: number; count: number };
  loaded: { p50: number; p99: number; max: number; count: number };
  /** The person's move (all the bots' decisions up to their next turn), under load and alone. */
  move: { p50: number; p99: number };
  aloneMove: { p50: number; p99: number };
  /** Games finished against the costly bots. */
  hogGames: number;
}

const figures = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    count: sorted.length,
  };
};

async function run(options: { seconds: number; people: number; game: string; hog?: string }): Promise<RunFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'agora-fairness-'));
  const env: NodeJS.ProcessEnv = { ...process.env, AGORA_DB: join(dir, 'arena.db'), DATABASE_URL: undefined };
  try {
    const keys = await accounts(env, options.people);
    const server = await forkServer(fileURLToPath(import.meta.url), ['serve'], env);
    try {
      const { base } = server;
      const def = GAMES[options.game as keyof typeof GAMES];
      const players = def.defaultPlayers;
      const roster = (await api<{ id: string; spec: string; ownerId?: string }[]>(base, `/api/agents?game=${def.name}`))
        .body;
      const cheap = roster.find((a) => a.spec === CHEAP_SPEC && !a.ownerId)!.id;
      // Each person's costly bot belongs to an account of its own: six owners.
      const hogs: string[] = [];
      let hog = '';
      for (const [i, key] of keys.entries()) {
        for (const spec of options.hog ? [options.hog] : HOG_SPECS) {
          const made = await api<{ id: string }>(base, '/api/agents', { game: def.name, spec, name: `hog ${i}` }, key);
          if (made.status === 201) {
            hogs.push(made.body.id);
            hog = spec;
            break;
          }
        }
        if (hogs.length !== i + 1) throw new Error(`the server accepted none of ${HOG_SPECS.join(', ')}`);
      }

      // The unrelated person alone: the cheap bot's own decision time (after a first move loads the threads).
      let matchId = '';
      let stopAlone = false;
      const aloneMoves: number[] = [];
      const alone = play({
        base,
        game: def.name,
        players,
        opponent: cheap,
        thinkMs: THINK_MS,
        rng: Rng.fromSeed('fairness:alone'),
        stopped: () => stopAlone,
        onMatch: (id) => (matchId = id),
        moves: aloneMoves,
      });
      await sleep(5000);
      await decisionTimes(server, matchId);
      aloneMoves.length = 0;
      await sleep(ALONE_SECONDS * 1000);
      const ownMoves = figures(aloneMoves);
      const own = figures(await decisionTimes(server, matchId));
      stopAlone = true;
      await alone;

      // The six people against the costly bots, and the unrelated person again.
      let stopped = false;
      const hogPeople = hogs.map((opponent, i) =>
        play({
          base,
          game: def.name,
          players,
          opponent,
          thinkMs: 0,
          rng: Rng.fromSeed(`fairness:hog:${i}`),
          stopped: () => stopped,
        }),
      );
      const moves: number[] = [];
      const matches: string[] = [];
      const person = play({
        base,
        game: def.name,
        players,
        opponent: cheap,
        thinkMs: THINK_MS,
        rng: Rng.fromSeed('fairness:person'),
        stopped: () => stopped,
        onMatch: (id) => matches.push(id),
        moves,
      });
      await sleep(RAMP_SECONDS * 1000);
      for (const id of matches) await decisionTimes(server, id); // the ramp's decisions are dropped
      moves.length = 0;
      await sleep(options.seconds * 1000);
      const loaded: number[] = [];
      for (const id of new Set(matches)) loaded.push(...(await decisionTimes(server, id)));
      const movesInWindow = [...moves];
      stopped = true;
      await Promise.allSettled([person, ...hogPeople]);
      const board = (
        await api<{ rows: { agentId: string; games: number }[] }>(base, `/api/leaderboard?game=${def.name}`)
      ).body;
      const hogGames = board.rows.filter((r) => hogs.includes(r.agentId)).reduce((n, r) => n + r.games, 0);
      return {
        hog,
        alone: { p50: own.p50, p99: own.p99, count: own.count },
        loaded: figures(loaded),
        move: { p50: figures(movesInWindow).p50, p99: figures(movesInWindow).p99 },
        aloneMove: { p50: ownMoves.p50, p99: ownMoves.p99 },
        hogGames,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How long after a first start before the person asks for a tournament, s (the scenario). */
const TOURNAMENT_AFTER_SECONDS = 10;
/** Longest wait for the person's tournament's first game, s. */
const FIRST_GAME_TIMEOUT_SECONDS = 300;

interface TournamentFigures {
  /** Seconds from the request to its first stored game (Infinity: none within the timeout). */
  firstGame: number;
  /** Its games stored in the minute after the request. */
  minute: number;
  /** The ranking tournaments' games in that minute. */
  ranking: number;
}

interface TournamentJson {
  id: string;
  gamesDone: number;
  requestedBy?: string;
  status: string;
}

/** A fresh arena's first start, and a person's 500-game tournament asked for 10 s into it. */
async function tournamentRun(): Promise<TournamentFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'agora-fairness-'));
  const env: NodeJS.ProcessEnv = { ...process.env, AGORA_DB: join(dir, 'arena.db'), DATABASE_URL: undefined };
  try {
    const [key] = await accounts(env, 1);
    const server = await forkServer(fileURLToPath(import.meta.url), ['serve', 'ranking'], env);
    try {
      const { base } = server;
      const rankingGames = async () =>
        (await api<TournamentJson[]>(base, '/api/tournaments')).body
          .filter((t) => !t.requestedBy)
          .reduce((n, t) => n + t.gamesDone, 0);
      await sleep(TOURNAMENT_AFTER_SECONDS * 1000);
      const roster = (await api<{ id: string; spec: string; ownerId?: string }[]>(base, '/api/agents?game=promotion'))
        .body;
      const pick = (spec: string) => roster.find((a) => a.spec === spec && !a.ownerId)!.id;
      const rankingBefore = await rankingGames();
      const asked = performance.now();
      const started = await api<TournamentJson>(
        base,
        '/api/tournaments',
        { game: 'promotion', agents: [pick('random'), pick('greedy')], games: 500 },
        key,
      );
      if (started.status !== 202) throw new Error(`the tournament was refused: ${JSON.stringify(started.body)}`);
      const state = async () => (await api<TournamentJson>(base, `/api/tournaments/${started.body.id}`)).body;
      let firstGame = Infinity;
      let minute: { mine: number; ranking: number } | undefined;
      for (let waited = 0; waited < FIRST_GAME_TIMEOUT_SECONDS * 1000; waited = performance.now() - asked) {
        if (waited >= 60_000 && !minute) minute = { mine: (await state()).gamesDone, ranking: await rankingGames() };
        if (firstGame === Infinity && (await state()).gamesDone > 0) firstGame = waited / 1000;
        if (firstGame !== Infinity && minute) break;
        await sleep(250);
      }
      minute ??= { mine: (await state()).gamesDone, ranking: await rankingGames() };
      return { firstGame, minute: minute.mine, ranking: minute.ranking - rankingBefore };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function tournamentBench(runs: number): Promise<void> {
  console.log(
    `Tournament start during a first start's ranking, node ${process.version}, ${availableParallelism()} cores, ` +
      `load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}; ${runs} runs`,
  );
  const results: TournamentFigures[] = [];
  for (let r = 0; r < runs; r++) {
    const f = await tournamentRun();
    results.push(f);
    console.log(
      `run ${r + 1}: first game after ${f.firstGame.toFixed(1)} s; in its first minute ${f.minute} of its games ` +
        `and ${f.ranking} ranking games`,
    );
  }
  console.log(
    `
medians of ${runs} runs: first game after ${median(results.map((f) => f.firstGame)).toFixed(1)} s ` +
      `(goal: within 10 s); ${median(results.map((f) => f.minute))} games in its first minute, ` +
      `${median(results.map((f) => f.ranking))} ranking games meanwhile`,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '60' },
      people: { type: 'string', default: '6' },
      game: { type: 'string', default: 'perikles' },
      hog: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (positionals[0] === 'tournament') return tournamentBench(runs);
  if (positionals.length > 0) throw new Error(`unknown part ${positionals[0]}: give none, or tournament`);
  const options = {
    seconds: Number(values.seconds),
    people: Number(values.people),
    game: values.game,
    hog: values.hog,
  };
  if (!(values.game in GAMES)) throw new Error(`--game: one of ${Object.keys(GAMES).join(', ')}; got ${values.game}`);
  console.log(
    `Fairness bench, node ${process.version}, ${availableParallelism()} cores ` +
      `(${cpus()[0]?.model ?? 'unknown CPU'}), ` +
      `load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}; ${options.people} people against costly bots, one against ${CHEAP_SPEC}, ` +
      `${options.game}, ${options.seconds} s windows, ${runs} runs`,
  );
  const results: RunFigures[] = [];
  for (let r = 0; r < runs; r++) {
    const f = await run(options);
    results.push(f);
    console.log(
      `run ${r + 1}: costly bot ${f.hog}; ${CHEAP_SPEC} alone p50 ${ms(f.alone.p50)} p99 ${ms(f.alone.p99)} ` +
        `(${f.alone.count} decisions); under load p50 ${ms(f.loaded.p50)} p99 ${ms(f.loaded.p99)} ` +
        `max ${ms(f.loaded.max)} (${f.loaded.count} decisions); the person's move alone p50 ` +
        `${ms(f.aloneMove.p50)} p99 ${ms(f.aloneMove.p99)}, under load p50 ${ms(f.move.p50)} ` +
        `p99 ${ms(f.move.p99)}; ${f.hogGames} games finished against the costly bots`,
    );
  }
  const own = median(results.map((f) => f.alone.p99));
  const loaded = median(results.map((f) => f.loaded.p99));
  console.log(
    `\nmedians of ${runs} runs: ${CHEAP_SPEC}'s own decision p50 ${ms(median(results.map((f) => f.alone.p50)))} ` +
      `p99 ${ms(own)}; under load p50 ${ms(median(results.map((f) => f.loaded.p50)))} p99 ${ms(loaded)}; ` +
      `the person's move alone p50 ${ms(median(results.map((f) => f.aloneMove.p50)))} ` +
      `p99 ${ms(median(results.map((f) => f.aloneMove.p99)))}, under load ` +
      `p50 ${ms(median(results.map((f) => f.move.p50)))} p99 ${ms(median(results.map((f) => f.move.p99)))}`,
  );
  const ownMove = median(results.map((f) => f.aloneMove.p99));
  const loadedMove = median(results.map((f) => f.move.p99));
  const verdict = (x: number, limit: number) => `${x <= limit ? 'met' : 'missed'} (${ms(x)} against ${ms(limit)})`;
  console.log(
    `goal (p99 under load within 1 s of its own p99): a decision ${verdict(loaded, own + 1000)}, ` +
      `the person's move ${verdict(loadedMove, ownMove + 1000)}`,
  );
}

if (process.argv[2] === 'serve') await serve(process.argv[3] === 'ranking');
else await main();
