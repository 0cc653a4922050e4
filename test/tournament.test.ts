import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { runTournament, scheduleTournament, tournamentSlots } from '../play/index.js';

describe('tournament schedule', () => {
  test('round-robin with fewer agents than seats: every multiset of two or more agents, every rotation', () => {
    const slots = tournamentSlots(['a', 'b', 'c'], 4, 'round-robin');
    expect(slots).toHaveLength(12 * 4); // 15 multisets of size 4 from 3, minus the 3 of one agent only
    // Over one pass of the slots every agent sits in every seat equally often.
    for (const agent of ['a', 'b', 'c']) {
      const perSeat = [0, 1, 2, 3].map((seat) => slots.filter((s) => s[seat] === agent).length);
      expect(new Set(perSeat).size).toBe(1);
    }
  });

  test('round-robin with more agents than seats uses sets of distinct agents', () => {
    const slots = tournamentSlots(['a', 'b', 'c', 'd'], 2, 'round-robin');
    expect(slots).toHaveLength(6 * 2);
    expect(slots.every(([x, y]) => x !== y)).toBe(true);
  });

  test('gauntlet: the challenger is in every game exactly once', () => {
    const slots = tournamentSlots(['hero', 'x', 'y'], 3, 'gauntlet');
    expect(slots.every((s) => s.filter((a) => a === 'hero').length === 1)).toBe(true);
    expect([0, 1, 2].map((seat) => slots.filter((s) => s[seat] === 'hero').length)).toEqual([3, 3, 3]);
  });

  test('games cycle through the slots with seeds named by index; bad agent lists are refused', () => {
    const games = scheduleTournament(['a', 'b'], 2, 5, 'round-robin', 's');
    expect(games.map((g) => g.seats)).toEqual([
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'b'],
    ]);
    expect(games[3].seed).toBe('s:3');
    expect(() => tournamentSlots(['a', 'a'], 2, 'round-robin')).toThrow(/distinct/);
    expect(() => tournamentSlots(['a'], 2, 'round-robin')).toThrow(/at least 2 agents/);
  });
});

describe('runTournament on worker threads', () => {
  test('plays every game, rates the agents, and the same seed gives the same games', async () => {
    const run = () =>
      runTournament({
        game: 'tictactoe',
        agents: 'mcts:iterations=300,random',
        games: 20,
        seed: 't',
        threads: 2,
        bootstrap: 50,
      });
    const a = await run();
    expect(a.results).toHaveLength(20);
    expect(a.standings[0].agent).toBe('mcts:iterations=300');
    expect(a.standings[0].elo).toBeGreaterThan(1500);
    expect(a.standings[0].btLow).toBeGreaterThan(a.standings[1].btHigh);
    expect(a.balance.games).toBe(20);
    expect(a.balance.seatWinShares).toHaveLength(2);
    const b = await run();
    expect(b.results.map((r) => r.actions)).toEqual(a.results.map((r) => r.actions));
  });

  test('a bad spec is refused before any game is played', async () => {
    await expect(runTournament({ game: 'tictactoe', agents: 'random,mcts:c=-1', games: 4 })).rejects.toThrow(
      /c=-1 must be a number >= 0/,
    );
  });
});

describe('agora tournament', () => {
  test('prints standings with Elo and Bradley-Terry intervals, and the balance line', () => {
    const run = spawnSync(
      process.execPath,
      ['cli/agora.js', 'tournament', 'tictactoe', '--agents', 'random,greedy', '--games', '8', '--threads', '1'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^agent\s+seats\s+win share\s+avg return\s+Elo\s+BT\s+BT 95% CI/m);
    expect(run.stdout).toMatch(/^greedy\s+8\s/m);
    expect(run.stdout).toMatch(
      new RegExp(
        String.raw`balance: first-seat win share [\d.]+% \(by seat: [\d.]+%, [\d.]+%\), ` +
          String.raw`average length [\d.]+ decisions, ended by the turn cap 0\.0%`,
      ),
    );
  });
});
