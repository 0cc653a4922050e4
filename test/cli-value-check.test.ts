import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

/** Runs the real `agora` bin, as test/cli.test.ts does. */
function agora(args: string[]) {
  const run = spawnSync(process.execPath, ['cli/agora.js', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

function recordsFile(records: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'agora-value-check-')), 'records.json');
  writeFileSync(file, JSON.stringify(records));
  return file;
}

// X wins with the top row (5 decisions), then O with the middle row (6 decisions).
const games = [
  { seed: 'a', players: 2, actions: [0, 3, 1, 4, 2], targets: [], returns: [1, -1] },
  { seed: 'b', players: 2, actions: [0, 3, 1, 4, 8, 5] },
];

describe('agora value-check', () => {
  test('--records: the head against the best constant, overall and by third', () => {
    const file = recordsFile(games);
    const run = agora(['value-check', 'models/tictactoe/az', '--records', file]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      `models/tictactoe/az (tictactoe, 2 players): the value head against the final returns, 2 games of ${file}`,
    );
    // The decider won 6 of 11 decisions: constant error 1 - (1/11)^2 = 0.992.
    expect(run.out).toMatch(/^all {11,}11 +\d\.\d{3} +0\.992 +\d\.\d{3}$/m);
    expect(run.out).toMatch(/^first third +4 /m);
    expect(run.out).toMatch(/^middle third +4 /m);
    expect(run.out).toMatch(/^last third +3 /m);
    expect(run.out).toContain('constant: the mean return of each rotated seat over these positions');
    const json = agora(['value-check', 'models/tictactoe/az', '--records', file, '--games', '1', '--json', '-']);
    const doc = JSON.parse(json.out);
    expect(doc).toMatchObject({ game: 'tictactoe', players: 2, games: 1, all: { positions: 5 } });
    // One game, X won: the decider's outcome alternates +1 -1 +1 -1 +1 (mean 1/5).
    expect(doc.all.constantMse).toBeCloseTo(1 - 1 / 25, 12);
    expect(doc.phases.map((p: { positions: number }) => p.positions)).toEqual([2, 2, 1]);
  });

  test('plays fresh games with the agent asked for, every seat', () => {
    const run = agora(['value-check', 'models/tictactoe/az', '-n', '2', '--agent', 'random', '-t', '1', '--seed', 's']);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/^value-check tictactoe: 2 games, every seat random, seed s\n/);
    expect(run.out).toContain('2 games, every seat random, seeds s:0..1');
    expect(run.out).toMatch(/^all +\d+ +\d\.\d{3} /m);
  });

  test('refuses a folder that is no model, bad records and bad numbers, naming what is wrong', () => {
    const missing = agora(['value-check', 'models/none']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('agora: model models/none: meta.json is missing');
    const noFile = agora(['value-check', 'models/tictactoe/az', '--records', '/nonexistent/records.json']);
    expect(noFile.code).toBe(2);
    expect(noFile.err).toContain('--records /nonexistent/records.json: no such file or folder');
    const three = recordsFile([{ seed: 'x', players: 3, actions: [] }]);
    expect(agora(['value-check', 'models/tictactoe/az', '--records', three]).err).toContain(
      `--records ${three}: game x has 3 players; the model 2`,
    );
    const shapeless = recordsFile({ seed: 1 });
    expect(agora(['value-check', 'models/tictactoe/az', '--records', shapeless]).err).toContain(
      `--records ${shapeless}: not a list of game records ({ seed, players, actions })`,
    );
    const illegal = recordsFile([{ seed: 'z', players: 2, actions: [4, 4] }]);
    expect(agora(['value-check', 'models/tictactoe/az', '--records', illegal]).err).toContain(
      'game z: action 4 at decision 1 is not legal',
    );
    const zero = agora(['value-check', 'models/tictactoe/az', '--games', '0']);
    expect(zero.code).toBe(2);
    expect(zero.err).toContain("'0' is not a positive integer");
  });

  test('agora train refuses value targets outside their range or with --algo ppo', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'agora-value-flags-')), 'run');
    const big = agora(['train', 'tictactoe', '-m', '1', '-o', out, '--value-mix', '2']);
    expect(big.code).toBe(2);
    expect(big.err).toContain("'2' is not a number from 0 to 1");
    const negative = agora(['train', 'tictactoe', '-m', '1', '-o', out, '--score-weight', '-1']);
    expect(negative.err).toContain("'-1' is not a non-negative number");
    const ppo = agora(['train', 'tictactoe', '--algo', 'ppo', '-m', '1', '-o', out, '--score-weight', '1']);
    expect(ppo.code).toBe(2);
    expect(ppo.err).toContain('--score-weight applies to --algo az only');
  });
});
