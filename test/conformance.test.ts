import { describe, expect, test } from 'vitest';
import { checkEnv, getGame, listGames, playerCounts } from '../envs/index.js';

// Every registered game, every allowed seat count: 200 seeded random games keeping every
// invariant of the GameState contract (envs/core/checker.ts lists them).
// The privacy checks determinize every seat at checked states, which doubled the longest run
// (Perikles, 5 players: 55 s before them, 110-140 s after on a busy 2-core machine); the suite's
// 120 s default is a guard against hangs, not a speed goal, so these runs get 300 s.
const TIMEOUT_MS = 300_000;

describe.each(listGames())('%s conformance', (name) => {
  test.each(playerCounts(getGame(name)))(
    '%i players: 200 seeded random games keep every invariant',
    (players) => {
      const report = checkEnv(name, { players, games: 200, seed: `conformance:${name}:${players}` });
      expect(report.games).toBe(200);
      expect(report.steps).toBeGreaterThan(200);
    },
    TIMEOUT_MS,
  );
});
