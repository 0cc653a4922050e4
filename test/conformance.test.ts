import { describe, expect, test } from 'vitest';
import { checkEnv, getGame, listGames, playerCounts } from '../envs/index.js';

// Every registered game, every allowed seat count: 200 seeded random games keeping every
// invariant of the GameState contract (envs/core/checker.ts lists them).
describe.each(listGames())('%s conformance', (name) => {
  test.each(playerCounts(getGame(name)))('%i players: 200 seeded random games keep every invariant', (players) => {
    const report = checkEnv(name, { players, games: 200, seed: `conformance:${name}:${players}` });
    expect(report.games).toBe(200);
    expect(report.steps).toBeGreaterThan(200);
  });
});
