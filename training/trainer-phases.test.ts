import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { MatchResult } from '../agents/index.js';
import type { GameJob } from '../play/index.js';
import { Rng, getGame } from '../envs/index.js';
import { initBackend } from './backend.js';
import { MODEL_FORMAT, readMeta, type ModelMeta } from './model-io.js';
import { buildNetwork, networkShape } from './network.js';
import type { GamePlayer } from './training-pool.js';
import {
  LossTally,
  RunClock,
  commitState,
  curveRow,
  evaluateIfDue,
  evaluationDue,
  freshTrainerRng,
  locateRun,
  logCurvePoint,
  playMatchups,
  removeCheckpointFolders,
  restoreTrainerRng,
  resumeOrStart,
  runGenerations,
  startRun,
  summarize,
  writeFirstCheckpoint,
  type RunOptions,
  type RunProgress,
  type TrainingEvent,
} from './trainer-phases.js';

const ttt = getGame('tictactoe');

interface TestState extends RunProgress {
  algorithm: 'test';
  config: { game: string; players: number; seed: string; evalEvery: number };
  note?: string;
}

function freshState(seed = 's'): TestState {
  return {
    algorithm: 'test',
    config: { game: 'tictactoe', players: 2, seed, evalEvery: 3 },
    generation: 0,
    steps: 0,
    gamesPlayed: 0,
    elapsedMs: 0,
    rng: freshTrainerRng(seed),
  };
}

const noPool: GamePlayer = {
  selfPlay: () => Promise.reject(new Error('no self-play here')),
  matches: () => Promise.reject(new Error('no matches here')),
  close: () => Promise.resolve(),
};

function tempOut(): string {
  return join(mkdtempSync(join(tmpdir(), 'agora-phases-')), 'run');
}

/** A started run in a fresh folder, its events collected. */
function testRun(options: Partial<RunOptions> = {}, pool = noPool) {
  const events: TrainingEvent[] = [];
  const full: RunOptions = { out: tempOut(), minutes: 10, onEvent: (e) => events.push(e), ...options };
  const place = locateRun({ game: 'tictactoe', players: 2 }, full);
  const { state } = resumeOrStart<TestState>(place, 'test', 2, full, () => freshState());
  return { run: startRun(place, full, state, pool), events };
}

beforeAll(async () => {
  await initBackend({ announce: false });
});

describe('the stop rule', () => {
  test('the run ends with the first generation that finishes after the deadline', () => {
    let now = 1000;
    const clock = new RunClock(1, undefined, () => now);
    clock.beginGeneration();
    now += 59_999;
    expect(clock.endsRun()).toBe(false);
    clock.beginGeneration();
    now += 1;
    expect(clock.endsRun()).toBe(true);
  });

  test('or after maxGenerations generations of this session, whatever the time', () => {
    const clock = new RunClock(60, 2, () => 0);
    clock.beginGeneration();
    expect(clock.endsRun()).toBe(false);
    clock.beginGeneration();
    expect(clock.endsRun()).toBe(true);
  });

  test("elapsed time adds this session's to the earlier sessions'", () => {
    let now = 500;
    const clock = new RunClock(1, undefined, () => now);
    now = 2500;
    expect(clock.elapsedMs(10_000)).toBe(12_000);
  });

  test('runGenerations counts each generation, stops at the one reporting last and closes once', async () => {
    const clock = new RunClock(60, 3, () => 0);
    let generations = 0;
    let closed = 0;
    await runGenerations(
      clock,
      async () => {
        generations++;
        return clock.endsRun();
      },
      async () => {
        closed++;
      },
    );
    expect(generations).toBe(3);
    expect(closed).toBe(1);
  });

  test('runGenerations closes the run when a generation throws, and passes the error on', async () => {
    let closed = 0;
    const failing = runGenerations(
      new RunClock(60),
      () => Promise.reject(new Error('worker died')),
      async () => {
        closed++;
      },
    );
    await expect(failing).rejects.toThrow('worker died');
    expect(closed).toBe(1);
  });
});

describe('the evaluation schedule', () => {
  test('every evalEvery generations and at the last one', () => {
    expect([1, 2, 3, 4, 5, 6].map((g) => evaluationDue(g, 3, false))).toEqual([false, false, true, false, false, true]);
    expect(evaluationDue(4, 3, true)).toBe(true);
  });

  test('evaluateIfDue announces and runs the evaluation only when due', async () => {
    const { run, events } = testRun();
    let runs = 0;
    const evaluate = async () => ++runs;
    expect(await evaluateIfDue(run, 2, false, evaluate)).toBeUndefined();
    expect(events).toEqual([]);
    expect(await evaluateIfDue(run, 3, false, evaluate)).toBe(1);
    expect(await evaluateIfDue(run, 4, true, evaluate)).toBe(2);
    expect(events).toEqual([
      { kind: 'phase', generation: 3, phase: 'evaluate' },
      { kind: 'phase', generation: 4, phase: 'evaluate' },
    ]);
  });

  test("playMatchups seats the candidate by turns against each opponent, on the run's pool", async () => {
    const played: GameJob[] = [];
    const pool: GamePlayer = {
      ...noPool,
      matches: async (jobs) => {
        played.push(...jobs);
        // The candidate (seat 0 in even games) wins every game.
        return jobs.map(
          (j) => ({ returns: j.seats[0] === 'cand' ? [1, -1] : [-1, 1], ranking: [0, 1] }) as MatchResult,
        );
      },
    };
    const { run } = testRun({}, pool);
    const figures = await playMatchups(run, 'cand', ['random', 'greedy'], 2, 'x:eval7');
    expect(played.map((j) => [j.game, j.seed, j.seats])).toEqual([
      ['tictactoe', 'x:eval7:0:0', ['cand', 'random']],
      ['tictactoe', 'x:eval7:0:1', ['random', 'cand']],
      ['tictactoe', 'x:eval7:1:0', ['cand', 'greedy']],
      ['tictactoe', 'x:eval7:1:1', ['greedy', 'cand']],
    ]);
    expect(figures.map((f) => [f.opponent, f.games, f.score])).toEqual([
      ['random', 2, 1],
      ['greedy', 2, 1],
    ]);
  });
});

describe('losses and curve points', () => {
  test('LossTally gives the mean of each loss over the steps it saw', () => {
    const tally = new LossTally();
    tally.add({ policyLoss: 1, valueLoss: 0.5, entropy: 2 });
    tally.add({ policyLoss: 3, valueLoss: 1.5, entropy: 1 });
    expect(tally.count).toBe(2);
    expect(tally.means()).toEqual({ policyLoss: 2, valueLoss: 1, entropy: 1.5 });
  });

  test('a row puts the progress first, the counts before the minutes and the figures after', () => {
    const { run } = testRun();
    run.state = { ...run.state, steps: 40, gamesPlayed: 12 };
    const row = curveRow(run, 4, 90_000, { positions: 300 }, { policyLoss: 1, eval: [] });
    expect(Object.keys(row)).toEqual([
      'time',
      'generation',
      'step',
      'games',
      'positions',
      'minutes',
      'policyLoss',
      'eval',
    ]);
    expect(row).toMatchObject({ generation: 4, step: 40, games: 12, positions: 300, minutes: 1.5 });
  });

  test('logCurvePoint appends the row, redraws the curves and reports the generation', () => {
    const { run, events } = testRun();
    const row = { generation: 1, step: 8, games: 2, minutes: 0.1, policyLoss: 1, valueLoss: 0.5, entropy: 1 };
    logCurvePoint(run, row, 'Test run', 'learner steps');
    logCurvePoint(run, { ...row, generation: 2 }, 'Test run', 'learner steps');
    expect(run.files.metrics().map((r) => r.generation)).toEqual([1, 2]);
    expect(readFileSync(join(run.out, 'curves.svg'), 'utf8')).toMatch(/^<svg[\s\S]*Test run[\s\S]*learner steps/);
    expect(events).toEqual([
      { kind: 'generation', row },
      { kind: 'generation', row: { ...row, generation: 2 } },
    ]);
  });
});

describe('resuming and checkpoints', () => {
  test('a run starts fresh when asked to or when there is no checkpoint, and resumes otherwise', () => {
    const out = tempOut();
    const place = (fresh?: boolean) => locateRun({ game: 'tictactoe', players: 2 }, { out, minutes: 1, fresh });
    expect(place().startsFresh).toBe(true);
    mkdirSync(join(out, 'checkpoint'), { recursive: true });
    writeFileSync(join(out, 'checkpoint', 'state.json'), JSON.stringify(freshState()));
    expect(place().startsFresh).toBe(false);
    expect(place(true).startsFresh).toBe(true);
    expect(place().dir('candidate')).toBe(join(out, 'checkpoint', 'candidate'));
  });

  test('locating a run checks the seat count and keeps at least one worker', () => {
    expect(() => locateRun({ game: 'tictactoe', players: 3 }, { out: tempOut(), minutes: 1 })).toThrow();
    expect(locateRun({ game: 'tictactoe', players: 2 }, { out: tempOut(), minutes: 1, workers: 0 }).workers).toBe(1);
  });

  test('resumeOrStart resumes the committed state, and --fresh clears the folder and starts over', () => {
    const out = tempOut();
    const options: RunOptions = { out, minutes: 1 };
    const place = locateRun({ game: 'tictactoe', players: 2 }, options);
    const first = resumeOrStart<TestState>(place, 'test', 2, options, () => freshState());
    expect(first.resuming).toBe(false);
    const run = startRun(place, options, first.state, noPool);
    run.state = { ...run.state, generation: 5, note: 'committed' };
    commitState(run, 1234);
    logCurvePoint(run, { generation: 5 }, 'Test run');

    const again = resumeOrStart<TestState>(place, 'test', 2, options, () => freshState('unused'));
    expect(again.resuming).toBe(true);
    expect(again.state).toMatchObject({ generation: 5, note: 'committed', elapsedMs: 1234 });
    expect(() => resumeOrStart(place, 'other', 2, options, () => ({ ...freshState(), algorithm: 'other' }))).toThrow(
      /holds a test run; use --algo test or --fresh/,
    );

    const restart = resumeOrStart<TestState>(place, 'test', 2, { ...options, fresh: true }, () => freshState('new'));
    expect(restart).toMatchObject({ resuming: false, state: { generation: 0, config: { seed: 'new' } } });
    expect(existsSync(join(out, 'checkpoint', 'state.json'))).toBe(false);
    expect(existsSync(join(out, 'metrics.jsonl'))).toBe(false);
  });

  test('the trainer stream resumes where the checkpoint left it', () => {
    const state = freshState('stream');
    const rng = restoreTrainerRng(state);
    rng.next();
    const resumed = restoreTrainerRng({ ...state, rng: JSON.stringify(rng.state()) });
    const straight = Rng.fromSeed('stream:trainer');
    straight.next();
    expect([resumed.next(), resumed.next()]).toEqual([straight.next(), straight.next()]);
  });

  test('the first checkpoint holds the initial network in each folder, the extra files and the state', async () => {
    const { run } = testRun();
    const shape = networkShape(ttt, 2);
    const network = { width: 8, blocks: 1 };
    const model = buildNetwork(shape, network, 1);
    const meta = (): ModelMeta => ({
      format: MODEL_FORMAT,
      game: 'tictactoe',
      players: 2,
      encodingVersion: ttt.encodingVersion,
      observationSize: shape.observationSize,
      actionSize: shape.actionSize,
      network,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await writeFirstCheckpoint(run, model, ['gen-0', 'candidate'], meta, run.state, { 'buffer.json': [] });
    model.dispose();
    for (const folder of ['gen-0', 'candidate']) expect(readMeta(run.dir(folder), ttt).network).toEqual(network);
    expect(run.files.readJson('buffer.json')).toEqual([]);
    expect(run.files.readJson('state.json')).toEqual(run.state);
    expect(run.files.hasCheckpoint()).toBe(true);
  });

  test('folders go only when asked, and the summary is what the committed state says', () => {
    const { run } = testRun();
    mkdirSync(run.dir('pool-2'), { recursive: true });
    mkdirSync(run.dir('pool-4'), { recursive: true });
    run.state = { ...run.state, generation: 4, steps: 80, gamesPlayed: 9, note: 'n' };
    commitState(run, 5000);
    removeCheckpointFolders(run, ['pool-2']);
    expect([existsSync(run.dir('pool-2')), existsSync(run.dir('pool-4'))]).toEqual([false, true]);
    expect(summarize(run)).toEqual({
      out: run.out,
      generations: 4,
      steps: 80,
      gamesPlayed: 9,
      elapsedMs: 5000,
      lastEval: undefined,
    });
    expect(summarize<TestState>(run, (final) => ({ lastPolicyEval: [], out: final.note }))).toMatchObject({
      out: 'n',
      lastPolicyEval: [],
    });
  });
});
