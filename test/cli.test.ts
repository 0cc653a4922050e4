import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

/** Runs the real `agora` bin (cli/agora.js) as a person would, with optional typed input. */
function agora(args: string[], input = '') {
  const run = spawnSync(process.execPath, ['cli/agora.js', ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('agora CLI', () => {
  test('games lists every game with player counts and sizes', () => {
    const { code, out } = agora(['games']);
    expect(code).toBe(0);
    expect(out).toMatch(/^tictactoe\s+Tic-tac-toe\s+2\s+2\s+9\s+27\s/m);
  });

  test('play: a person at seat 0 picks numbered moves and sees the result and a replay line', () => {
    // Enough answers for any game: '1' always picks the first legal move.
    const { code, out } = agora(['play', 'tictactoe', '--seats', 'human,random', '--seed', '4'], '1\n'.repeat(9));
    expect(code).toBe(0);
    expect(out).toContain('You are X (seat 0). Your move.');
    expect(out).toMatch(/ 1\) x\(0,0\)/);
    expect(out).toMatch(/Game over: seat 0's view/);
    expect(out).toMatch(/Replay: seed 4, actions 0,/);
  });

  test('play re-asks on an answer that is not a choice', () => {
    const { out } = agora(['play', 'tictactoe', '--seats', 'human,random', '--seed', '4'], 'banana\n' + '1\n'.repeat(9));
    expect(out).toContain("'banana' is not a choice: type a number from 1 to 9.");
  });

  test('simulate prints a results table and writes JSON', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'agora-')), 'sim.json');
    const { code, out } = agora(['simulate', 'tictactoe', '--games', '20', '--agents', 'random,random', '--json', file]);
    expect(code).toBe(0);
    expect(out).toMatch(/^agent\s+seats\s+wins\s+win share\s+avg return\s+avg score/m);
    expect(out).toMatch(/^random#0\s+20\s/m);
    expect(out).toMatch(/20 games of tictactoe; average length/);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.games).toHaveLength(20);
    // Seats rotate: random#0 sits at seat 0 in even games and seat 1 in odd ones.
    expect(saved.games[0].seats).toEqual(['random#0', 'random#1']);
    expect(saved.games[1].seats).toEqual(['random#1', 'random#0']);
  });

  test('bad input exits 2 with a message naming what is allowed', () => {
    const unknown = agora(['play', 'chess']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown game 'chess'; known games: tictactoe/);
    const count = agora(['simulate', 'tictactoe', '--players', '3']);
    expect(count.code).toBe(2);
    expect(count.err).toMatch(/players must be exactly 2/);
    const spec = agora(['simulate', 'tictactoe', '--agents', 'random,wizard']);
    expect(spec.err).toMatch(/unknown agent kind 'wizard'; known kinds: random, greedy, mcts, neural/);
  });
});
