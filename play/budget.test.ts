/**
 * Per-decision budgets on game threads: a decision past its seat's budget is abandoned (its thread
 * terminated) and replaced by the seeded random draw, the game resumes on a fresh thread, and games
 * without an overrun are exactly playMatch's. The search here (mcts, ten million iterations) would
 * take minutes a move, so every one of its real decisions overruns a 150 ms budget whatever the
 * machine's load; random's decisions take microseconds against the same budget.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { makeAgent, playMatch, type MatchResult } from '../agents/index.js';
import { Rng, decisionContext, getGame, type Agent } from '../envs/index.js';
import { QueueClient } from './queue/queue-client.js';
import { redisTestUrl, servicesAvailable } from '../test/services.js';
import { GameThreadPool } from './game-threads.js';
import type { GameJob, PlayedGame } from './messages.js';
import { playOnWorkers } from './play-on-threads.js';
import { playFrom } from './thread-play.js';

const SLOW = 'mcts:iterations=10000000';
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Replays a game with overruns and checks every decision: each of `slowSeat`'s decisions with a
 * choice is the draw from `${seed}:overrun:${d}` over the sorted legal actions (a single legal
 * action is answered at once, so it cannot overrun); random's are its own seat stream's, re-forked
 * at each resume as documented. Returns the number of overruns it expects.
 */
function checkOverrunGame(result: MatchResult, seed: string, slowSeat: number): number {
  const game = getGame('tictactoe');
  const random = makeAgent('random', game);
  const state = game.newGame({ players: 2, seed });
  const otherSeat = 1 - slowSeat;
  let resumes = 0;
  let stream = Rng.fromSeed(`${seed}:seat${otherSeat}`);
  result.actions.forEach((action, d) => {
    const legal = state.legalActions();
    expect([...legal].sort((a, b) => a - b)).toEqual(legal);
    if (state.currentPlayer() === slowSeat && legal.length > 1) {
      expect(action).toBe(legal[Rng.fromSeed(`${seed}:overrun:${d}`).int(legal.length)]);
      resumes++;
      stream = Rng.fromSeed(`${seed}:seat${otherSeat}:resume${resumes}`);
    } else if (state.currentPlayer() === otherSeat) {
      expect(action).toBe(random.act(decisionContext(game, state, stream)));
    }
    state.applyAction(action);
  });
  expect(state.isTerminal()).toBe(true);
  return resumes;
}

/** playMatch's result for a job, as a game thread reports it (seats named by spec). */
async function expectedResult(job: GameJob): Promise<MatchResult> {
  const game = getGame(job.game);
  const result = await playMatch(
    game,
    job.seats.map((s) => makeAgent(s, game)),
    { seed: job.seed },
  );
  return { ...result, seats: [...job.seats] };
}

const withoutOverruns = ({ overruns: _o, ...rest }: PlayedGame): MatchResult => rest;

describe('per-decision budgets on game threads', () => {
  test('every slow decision overruns and plays the seeded random draw; the fast seat never overruns', async () => {
    const pool = new GameThreadPool({ threads: 1 });
    try {
      const seed = 'overrun-1';
      const result = await pool.play({
        index: 0,
        game: 'tictactoe',
        seats: ['random', SLOW],
        seed,
        budgetsMs: [150, 150],
      });
      // The slow seat moves second, so it always has a choice: every one of its decisions overran.
      const slowDecisions = result.actions.filter((_, d) => d % 2 === 1).length;
      expect(slowDecisions).toBeGreaterThanOrEqual(2);
      expect(result.overruns).toEqual([0, slowDecisions]);
      expect(checkOverrunGame(result, seed, 1)).toBe(slowDecisions);
      expect(result.seats).toEqual(['random', SLOW]);
    } finally {
      await pool.close();
    }
    expect(pool.liveThreads).toBe(0);
  }, 60_000);

  test("without budgets, and with budgets never hit, playOnWorkers plays exactly playMatch's games", async () => {
    const seats = ['mcts:iterations=50', 'greedy', 'greedy', 'mcts:iterations=50'];
    const jobs: GameJob[] = ['p1', 'p2', 'p3'].map((seed, index) => ({ index, game: 'promotion', seats, seed }));
    const expected = await Promise.all(jobs.map(expectedResult));
    const seen: number[] = [];
    const plain = await playOnWorkers(jobs, { threads: 2, onResult: (_, index) => seen.push(index) });
    expect(plain.map(withoutOverruns)).toEqual(expected);
    expect(plain.map((r) => r.overruns)).toEqual(jobs.map(() => [0, 0, 0, 0]));
    expect(seen.sort()).toEqual([0, 1, 2]);
    const budgeted = await playOnWorkers(
      jobs.map((j) => ({ ...j, budgetsMs: [60_000, 0, 60_000, 60_000] })),
      { threads: 2 },
    );
    expect(budgeted).toEqual(plain);
  }, 60_000);

  test('a game longer than the shared action buffer spills, resumes across the spill and replays exactly', async () => {
    // One slot: a thread spills before every action after its first (a spill lost or misplaced
    // would show as a wrong action below: writes past a typed array are dropped silently).
    const pool = new GameThreadPool({ threads: 1, actionCapacity: 1 });
    try {
      const job: GameJob = {
        index: 0,
        game: 'tictactoe',
        seats: ['mcts:iterations=200', 'greedy'],
        seed: 'spill',
        budgetsMs: [60_000, 60_000],
      };
      const { budgetsMs: _b, ...plain } = job;
      expect(withoutOverruns(await pool.play(job))).toEqual(await expectedResult(plain));
      const seed = 'overrun-spill';
      const result = await pool.play({
        index: 0,
        game: 'tictactoe',
        seats: ['random', SLOW],
        seed,
        budgetsMs: [150, 150],
      });
      expect(result.overruns[1]).toBe(checkOverrunGame(result, seed, 1));
    } finally {
      await pool.close();
    }
  }, 60_000);

  test('a bot that throws fails its game, not an overrun; the pool then plays on', async () => {
    const game = getGame('tictactoe');
    const thrower: Agent = {
      name: 'thrower',
      act: () => {
        throw new Error('the bot broke');
      },
    };
    const recorder = { begin: () => {}, record: () => {} };
    await expect(
      playFrom(
        game,
        [makeAgent('random', game), thrower],
        { seed: 's', prefix: [], resumes: 0, overrun: false },
        recorder,
      ),
    ).rejects.toThrow('the bot broke');
    // In a thread: an agent failing to build fails the game the same way, and names the game.
    await expect(
      playOnWorkers(
        [
          { index: 0, game: 'tictactoe', seats: ['random', 'greedy'], seed: 'a' },
          { index: 1, game: 'tictactoe', seats: ['random', 'mcts:c=-1'], seed: 'b', budgetsMs: [150, 150] },
        ],
        { threads: 1 },
      ),
    ).rejects.toThrow(/game 1 \(random vs mcts:c=-1\) failed: .*c=-1 must be a number >= 0/);
    const pool = new GameThreadPool({ threads: 1 });
    try {
      await expect(
        pool.play({ index: 0, game: 'tictactoe', seats: ['random', 'random'], seed: 'x', budgetsMs: [1] }),
      ).rejects.toThrow(/one budget per seat \(2\)/);
      await expect(
        pool.play({ index: 0, game: 'tictactoe', seats: ['random', 'mcts:c=-1'], seed: 'x' }),
      ).rejects.toThrow(/c=-1/);
      const job: GameJob = { index: 0, game: 'tictactoe', seats: ['random', 'greedy'], seed: 'after' };
      expect(withoutOverruns(await pool.play(job))).toEqual(await expectedResult(job));
    } finally {
      await pool.close();
    }
  }, 60_000);

  test('an aborted game terminates its thread, and the pool plays on', async () => {
    const pool = new GameThreadPool({ threads: 1 });
    try {
      const controller = new AbortController();
      const slow = pool.play(
        { index: 0, game: 'tictactoe', seats: [SLOW, SLOW], seed: 'abort' },
        { signal: controller.signal },
      );
      setTimeout(() => controller.abort(new Error('stop now')), 500);
      await expect(slow).rejects.toThrow('stop now');
      const job: GameJob = { index: 0, game: 'tictactoe', seats: ['greedy', 'random'], seed: 'after-abort' };
      expect(withoutOverruns(await pool.play(job))).toEqual(await expectedResult(job));
    } finally {
      await pool.close();
    }
  }, 60_000);

  test('the pool keeps serving games after an overrun, and close() leaves no thread: the process exits', () => {
    // A process of its own: a thread left running would keep it alive past the timeout.
    const script =
      `
      import { GameThreadPool } from ${JSON.stringify(fileURLToPath(new URL('./game-threads.ts', import.meta.url)))};
      const pool = new GameThreadPool({ threads: 1 });
      const slow = await pool.play({ index: 0, game: 'tictactoe', seats: ['${SLOW}', 'random'], ` +
      `seed: 'reuse', budgetsMs: [150, 0] });
      const after = await pool.play({ index: 0, game: 'tictactoe', seats: ['greedy', 'random'], seed: 'after' });
      await pool.close();
      console.log(JSON.stringify({ slow, after, live: pool.liveThreads }));
    `;
    const file = join(mkdtempSync(join(tmpdir(), 'agora-budget-')), 'reuse.mts');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, ['--import', 'tsx', file], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout) as { slow: PlayedGame; after: PlayedGame; live: number };
    expect(out.live).toBe(0);
    // The slow seat moves first: its last move may be forced (one legal action, answered at once).
    expect(out.slow.overruns[0]).toBe(checkOverrunGame(out.slow, 'reuse', 0));
    expect(out.slow.overruns[0]).toBeGreaterThanOrEqual(2);
    expect(out.slow.overruns[1]).toBe(0);
    return expectedResult({ index: 0, game: 'tictactoe', seats: ['greedy', 'random'], seed: 'after' }).then(
      (expected) => expect(withoutOverruns(out.after)).toEqual(expected),
    );
  }, 90_000);
});

const { redis: haveRedis } = servicesAvailable();
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts `agora worker` as its own process; resolves once it is taking jobs. */
function startQueueWorker(prefix: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['cli/agora.js', 'worker', '--redis', redisTestUrl(), '--prefix', prefix], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('taking jobs')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`agora worker exited with ${code} before taking jobs: ${text}`)));
  });
}

describe.runIf(haveRedis)('budgets in agora worker processes (Redis)', () => {
  test('a queued match honours its budgets: overruns counted per seat, seats as queued', async () => {
    const prefix = `agora-budget-test-${process.pid}`;
    const client = new QueueClient(redisTestUrl(), { prefix });
    const worker = await startQueueWorker(prefix);
    try {
      const seed = 'queued-overrun';
      const job: GameJob = { index: 0, game: 'tictactoe', seats: ['random', SLOW], seed, budgetsMs: [150, 150] };
      const results: PlayedGame[] = [];
      await client.run<PlayedGame>([{ key: 'budget:1', data: { kind: 'match', job, timeoutMs: 60_000 } }], (r) =>
        results.push(r),
      );
      const [result] = results;
      expect(result.seats).toEqual(['random', SLOW]);
      const slowDecisions = result.actions.filter((_, d) => d % 2 === 1).length;
      expect(result.overruns).toEqual([0, slowDecisions]);
      expect(checkOverrunGame(result, seed, 1)).toBe(slowDecisions);
    } finally {
      worker.kill('SIGTERM');
      await client.close();
    }
  }, 90_000);
});

if (!haveRedis) {
  describe('budgets in agora worker processes (Redis)', () => {
    test(`not run: ${servicesAvailable().reason}`, (ctx) => {
      // .ci/run requires the servers: there their absence fails the run instead of passing as a skip.
      if (process.env.AGORA_REQUIRE_SERVICES === '1')
        throw new Error(`the test servers are required but missing: ${servicesAvailable().reason}`);
      ctx.skip();
    });
  });
}
