/**
 * CFR+ from the command line and in play: `agora cfr` solves Kuhn poker into a folder, goes on from
 * its checkpoint, and refuses games without information states; `agora exploitability` measures
 * the saved policy exactly, random exactly (11/24) and greedy by sampling with an error; the
 * `cfr:` spec plays a tournament on game threads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { agentExploitability, makeAgent } from '../agents/index.js';
import { rosterFor } from '../arena/index.js';
import { getGame } from '../envs/index.js';
import { runTournament } from '../play/index.js';

/** Runs the real `agora` bin, stdout and stderr as pipes (as test/cli.test.ts does). */
function agora(args: string[]) {
  const run = spawnSync(process.execPath, ['cli/agora.js', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

let dir: string;
let first: ReturnType<typeof agora>;
// A child process that loads the CLI: seconds on a loaded machine, past vitest's 10 s for hooks.
beforeAll(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'agora-cfr-cli-')), 'kuhn-cfr');
  first = agora(['cfr', 'kuhn', '--iterations', '200', '--out', dir]);
}, 120_000);

describe('agora cfr', () => {
  test('solves kuhn: a row per evaluation (1, 2, 5 ... 200), the summary, policy.json and meta.json', () => {
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^ iteration\s+exploitability\s+NashConv\s+seat 0 value\s+seconds$/m);
    const rows = first.out.split('\n').filter((l) => /^\s+\d+\s/.test(l));
    expect(rows.map((l) => Number(l.trim().split(/\s+/)[0]))).toEqual([1, 2, 5, 10, 20, 50, 100, 200]);
    // The first average policy is uniform: OpenSpiel's exploitability of uniform Kuhn play.
    expect(rows[0]).toMatch(/^\s+1\s+0\.458333\s+0\.916667\s+0\.125000\s/);
    expect(first.out).toMatch(/kuhn: 58 nodes, 12 information sets; 200 iterations in/);
    expect(first.out).toContain(`play it with cfr:${dir}`);
    expect(first.err).toMatch(/agora cfr kuhn: CFR\+ \(regret matching\+, alternating updates, linear averaging\)/);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    expect(meta.training).toMatchObject({ algorithm: 'cfr+', iterations: 200, delay: 0 });
    expect(meta.results.exploitability).toBeLessThan(1e-3);
    expect(Math.abs(meta.results.value + 1 / 18)).toBeLessThan(1e-3);
    expect(existsSync(join(dir, 'checkpoint', 'state.json'))).toBe(true);
  });

  test('run again with more iterations, it goes on from the checkpoint', () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'agora-cfr-more-')), 'p');
    expect(agora(['cfr', 'kuhn', '--iterations', '100', '--out', copy, '-q']).code).toBe(0);
    const more = agora(['cfr', 'kuhn', '--iterations', '200', '--out', copy, '--eval-every', '50', '--json', '-']);
    expect(more.code).toBe(0);
    const summary = JSON.parse(more.out);
    expect(summary).toMatchObject({ game: 'kuhn', resumedFrom: 100, iterations: 200, stopped: false });
    // The rows of both runs, and the same average policy as the run that went to 200 at once.
    expect(summary.rows.map((r: { iteration: number }) => r.iteration)).toEqual([1, 2, 5, 10, 20, 50, 100, 150, 200]);
    const policy = (d: string) => JSON.parse(readFileSync(join(d, 'policy.json'), 'utf8')).policy;
    expect(policy(copy)).toEqual(policy(dir));
  });

  test('refuses games without information states, --resume without a checkpoint, and --algo cfr in train', () => {
    const ttt = agora(['cfr', 'tictactoe', '--iterations', '10', '--out', join(dir, 'x')]);
    expect(ttt.code).toBe(2);
    expect(ttt.err).toMatch(/tictactoe has no information-state keys .*: kuhn, leduc/);
    const resume = agora(['cfr', 'kuhn', '--iterations', '10', '--out', join(dir, 'none'), '--resume']);
    expect(resume.code).toBe(2);
    expect(resume.err).toMatch(/--resume: .* holds no checkpoint/);
    const train = agora(['train', 'kuhn', '--algo', 'cfr', '--minutes', '1', '--out', join(dir, 'y')]);
    expect(train.code).toBe(2);
    expect(train.err).toMatch(/CFR\+ has its own command, agora cfr kuhn --iterations N --out <dir>/);
  });
});

describe('agora exploitability', () => {
  test('a saved policy: exact, the figure its run wrote in meta.json', () => {
    const run = agora(['exploitability', 'kuhn', `cfr:${dir}`, '--json', '-']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out);
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    expect(report).toMatchObject({ game: 'kuhn', method: 'exact', unit: 'chips', infosets: 12, queried: 12 });
    expect(report.exploitability).toBeCloseTo(meta.results.exploitability, 12);
  });

  test('random: exact, 0.458333 chips a hand, with its best responses', () => {
    const run = agora(['exploitability', 'kuhn', 'random']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('exploitability: 0.458333 chips a hand, exact (the agent states its probabilities)');
    expect(run.out).toContain("= NashConv / 2 (OpenSpiel's definition) = (BR0 + BR1) / 2 = (0.500000 + 0.416667) / 2");
  });

  test('greedy: estimated from sampled decisions, with a bootstrap error', () => {
    const run = agora(['exploitability', 'kuhn', 'greedy', '--samples', '20', '--resamples', '20', '--seed', 't']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /exploitability: \d\.\d{6} ± \d\.\d{6} chips a hand, estimated from 20 decisions at each of \d+ information sets/,
    );
    expect(run.out).toMatch(/one standard deviation of a bootstrap \(20 resamples of the decisions\); 95% interval \[/);
  });

  test('bad input exits 2: a missing policy, a game without information states', () => {
    const missing = agora(['exploitability', 'kuhn', `cfr:${join(dir, 'nope')}`]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/policy .*nope: policy.json is missing/);
    const ttt = agora(['exploitability', 'tictactoe', 'random']);
    expect(ttt.code).toBe(2);
    expect(ttt.err).toMatch(/tictactoe has no information-state keys/);
  });
});

describe('the cfr: spec in play', () => {
  test('plays a kuhn tournament on game threads against random and wins chips from it', async () => {
    const report = await runTournament({
      game: 'kuhn',
      agents: [`cfr:${dir}`, 'random'],
      games: 200,
      seed: 'cfr-tournament',
      threads: 1,
      bootstrap: 20,
    });
    expect(report.results).toHaveLength(200);
    const chips = (agent: string) =>
      report.results.reduce(
        (sum, r) => sum + r.seats.reduce((s, name, seat) => s + (name === agent ? r.returns[seat] : 0), 0),
        0,
      );
    // Random play loses to the equilibrium on average (its exploitability is 11/24 a hand).
    expect(chips(`cfr:${dir}`)).toBeGreaterThan(0);
    expect(chips(`cfr:${dir}`) + chips('random')).toBe(0);
  });
});

describe('the shipped CFR+ policies (models/<game>/cfr)', () => {
  test.each([
    // Game values: Kuhn -1/18 exactly; Leduc about -0.0856 for seat 0 (OpenSpiel's CFR solutions).
    ['kuhn', -1 / 18, 1e-5],
    ['leduc', -0.085606, 1e-5],
  ])('%s: exact exploitability below 1e-5 a hand, seat 0 worth the game value', async (game, value, tolerance) => {
    const def = getGame(game);
    const report = await agentExploitability(def, makeAgent(`cfr:models/${game}/cfr`, def));
    expect(report.method).toBe('exact');
    expect(report.exploitability).toBeLessThan(tolerance);
    expect(report.exploitability).toBeGreaterThanOrEqual(0);
    expect(Math.abs(report.value - value)).toBeLessThan(tolerance);
    // meta.json states the figure its run measured, and this is it.
    const meta = JSON.parse(readFileSync(`models/${game}/cfr/meta.json`, 'utf8'));
    expect(meta.results.exploitability).toBeCloseTo(report.exploitability, 12);
  });

  test("each plays on its game's arena roster as a cfr: bot", () => {
    expect(rosterFor(getGame('kuhn'))).toContain('cfr:models/kuhn/cfr');
    expect(rosterFor(getGame('leduc'))).toContain('cfr:models/leduc/cfr');
    // Games without a policy table have no cfr: bot.
    expect(rosterFor(getGame('promotion')).some((s) => s.startsWith('cfr:'))).toBe(false);
  });
});
