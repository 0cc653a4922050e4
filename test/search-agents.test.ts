import { describe, expect, test } from 'vitest';
import { makeAgent, playMatch } from '../agents/index.js';
import { Rng, decisionContext, getGame, listGames, type GameState } from '../envs/index.js';

/**
 * Search agents on every registered game. These suites iterate listGames(), so a game added later
 * is covered without touching this file.
 */
// Rollouts stop after CUTOFF decisions and are scored by the game's evaluate(), so a long game
// costs what a short one does; short games (tic-tac-toe, Promotion) mostly end before it.
const MCTS = 'mcts:iterations=200,cutoff=30';

describe.each(listGames())('%s: search agents', (name) => {
  const def = getGame(name);
  // The smallest table: the shortest games, and the margin test's null hypothesis is the same.
  const players = def.minPlayers;

  // Returns divided by returnScale, so in [-1, 1]. A game whose returns are payoffs (Kuhn poker's
  // chips) has hands where chance outweighs skill: a smaller margin over more games.
  const margin = def.returnUnit === 'rank' ? 0.5 : 0.1;
  // Hoeffding: P(mean >= margin) <= exp(-n * margin^2 / 2) = exp(-5) < 0.7% for this n.
  const games = Math.ceil(10 / margin ** 2);

  test(`mcts beats random by a margin luck cannot explain (${games} games)`, async () => {
    // One mcts seat against random seats, mcts rotated over every seat. If mcts played no better
    // than random, its return per game would have mean 0 by symmetry (returns are zero-sum and the
    // seats rotate) and lie in [-1, 1] once divided by returnScale; Hoeffding then bounds
    // P(mean >= margin) as above (ranking games: exp(-40 * 0.5^2 / 2) for 40 games), and the
    // observed means are above it.
    let total = 0;
    for (let i = 0; i < games; i++) {
      const seat = i % players;
      const agents = Array.from({ length: players }, () => makeAgent('random', def));
      agents[seat] = makeAgent(MCTS, def);
      const result = await playMatch(def, agents, { seed: `margin:${name}:${i}` });
      total += result.returns[seat] / def.returnScale;
    }
    expect(total / games).toBeGreaterThanOrEqual(margin);
  }, 300_000);

  test.each(['random', 'greedy', 'mcts:iterations=50,cutoff=20'])(
    '%s is deterministic given the seed',
    async (spec) => {
      const lineup = () => Array.from({ length: players }, () => makeAgent(spec, def));
      const a = await playMatch(def, lineup(), { seed: `det:${name}` });
      const b = await playMatch(def, lineup(), { seed: `det:${name}` });
      expect(b.actions).toEqual(a.actions);
    },
  );

  test.each(['greedy', 'mcts:iterations=100,cutoff=20'])(
    '%s decides the same on two states that differ only in what its seat cannot see',
    (spec) => {
      // Walk random games; wherever the seat to act cannot see something (a determinization of the
      // state looks different to another seat), give the agent the true state and a resampled
      // twin with the same view, with the same seed.
      const rng = Rng.fromSeed(`infoset:${name}`);
      let compared = 0;
      let asymmetric = 0; // states where seats see different things: the game hides something
      for (let g = 0; g < 30 && compared < 5; g++) {
        const state: GameState = def.newGame({ players, seed: `infoset:${g}` });
        while (!state.isTerminal() && compared < 5) {
          const p = state.currentPlayer();
          const views = Array.from({ length: players }, (_, q) => JSON.stringify({ ...state.view(q), seat: 0 }));
          if (views.some((v) => v !== views[0])) asymmetric++;
          const twin = state.determinize(p, rng.fork('twin'));
          const differs = Array.from({ length: players }, (_, q) => q).some(
            (q) => q !== p && JSON.stringify(twin.view(q)) !== JSON.stringify(state.view(q)),
          );
          if (differs) {
            const agent = makeAgent(spec, def);
            const onTrue = agent.act(decisionContext(def, state, Rng.fromSeed(`agent:${g}`)));
            const onTwin = agent.act(decisionContext(def, twin, Rng.fromSeed(`agent:${g}`)));
            expect(onTwin).toBe(onTrue);
            compared++;
          }
          const legal = state.legalActions();
          state.applyAction(legal[rng.int(legal.length)]);
        }
      }
      // A game that hides something must have offered states to compare on.
      if (asymmetric > 0) expect(compared).toBeGreaterThan(0);
    },
  );
});
