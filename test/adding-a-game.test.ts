/**
 * docs/adding-a-game.md, proved: Goofspiel (test/example-game/goofspiel) is a game written the way
 * the guide says, outside envs/, and added to a registry by its entry. Everything the project
 * offers a game then works on it unchanged: the conformance checker, the environments, the agents
 * (information-set search included), saved games, the board, and the generated rules page with
 * its action table and observation layout.
 */
import { describe, expect, test } from 'vitest';
import { makeAgent, playMatch } from '../agents/index.js';
import {
  AECEnv,
  Rng,
  GAMES,
  checkGame,
  listGames,
  lookupGame,
  referenceMarkdown,
  rulesMarkdown,
  SingleAgentEnv,
  svgMarkupProblem,
} from '../envs/index.js';

import { goofspiel } from './example-game/goofspiel/index.js';

// The guide's registry entry (envs/games.ts holds the real list: an import and an entry).
const REGISTRY = { ...GAMES, goofspiel } as const;

describe('a game added by its folder and its registry entry', () => {
  test('the registry finds it next to the real games', () => {
    expect(lookupGame(REGISTRY, 'goofspiel')).toBe(goofspiel);
    expect(Object.keys(REGISTRY)).toEqual([...listGames(), 'goofspiel']);
  });

  test('it passes the conformance checker, hidden information and chance included', () => {
    const report = checkGame(goofspiel, { games: 200, seed: 'example' });
    expect(report.games).toBe(200);
    expect(report.steps).toBe(200 * 10);
    // The face-down bid makes the seats' views differ, and determinize resamples what is hidden.
    expect(report.asymmetricStates).toBeGreaterThan(0);
    expect(report.resampledStates).toBeGreaterThan(0);
  });

  test("a seat never sees the other seat's face-down bid", () => {
    const state = goofspiel.newGame({ players: 2, seed: 3 });
    const before = state.view(1);
    state.applyAction(4); // seat 0 bids its 5
    const after = state.view(1);
    expect(after.hands).toEqual(before.hands);
    expect(after.bidPlaced).toEqual([true, false]);
    expect(state.view(0).ownBid).toBe(5);
    expect(after.ownBid).toBe(0);
    expect(state.observation(1)).toEqual(goofspiel.encode(after));
  });

  test('exact play: the higher bid wins the prize, a tie discards it', () => {
    const state = goofspiel.newGame({ players: 2, seed: 1 });
    const p = goofspiel.positionOf(state);
    const prize = p.prizes[0];
    state.applyAction(4); // 5
    state.applyAction(0); // A
    expect(state.scores()).toEqual([prize, 0]);
    const second = p.prizes[1];
    state.applyAction(1); // 2 against 2: nobody scores
    state.applyAction(1);
    expect(state.scores()).toEqual([prize, 0]);
    expect(state.view(-1).log.map((e) => e.kind)).toEqual([
      'prize',
      'bid',
      'bid',
      'reveal',
      'prize',
      'bid',
      'bid',
      'reveal',
      'prize',
    ]);
    expect(second).not.toBe(prize);
    expect(() => state.applyAction(4)).toThrow(/card 5 is not in your hand\)\. Legal now: 0=bid A, 2=bid 3, 3=bid 4/);
  });

  test('saved games round-trip and malformed ones are refused naming the field', () => {
    const state = goofspiel.newGame({ players: 2, seed: 9 });
    state.applyAction(2);
    const json = state.toJSON() as Record<string, unknown>;
    expect(json).toMatchObject({ game: 'goofspiel', version: 1, players: 2 });
    expect(goofspiel.fromJSON(JSON.parse(JSON.stringify(json))).toJSON()).toEqual(json);
    expect(() => goofspiel.fromJSON({ ...json, prizes: [1, 1, 2, 3, 4] })).toThrow(/prizes 1,1,2,3,4 are not 1\.\.5/);
    expect(() => goofspiel.fromJSON({ ...json, round: 9 })).toThrow(/round/);
    expect(() => goofspiel.fromJSON({ ...json, players: 3 })).toThrow(/players is 3; the game takes 2\.\.2/);
  });

  test('the environments run it: AEC with action masks, and the single-agent env', () => {
    const env = new AECEnv(goofspiel, { seed: 5 });
    env.reset();
    let steps = 0;
    for (const agent of env.agentIter()) {
      const [observation, , terminated, truncated] = env.last();
      if (terminated || truncated) {
        env.step(null);
        continue;
      }
      expect(observation.observation).toHaveLength(goofspiel.observationSize(2));
      env.step(observation.actionMask.indexOf(1));
      steps++;
      expect(agent === 0 || agent === 1).toBe(true);
    }
    expect(steps).toBe(10);
    const single = new SingleAgentEnv(goofspiel, { seed: 6, opponents: [makeAgent('random', goofspiel)] });
    const [obs] = single.reset();
    expect(obs).toHaveLength(23);
  });

  test('information-set MCTS beats random play at it (40 seeded games)', async () => {
    let wins = 0;
    for (let g = 0; g < 40; g++) {
      const mctsSeat = g % 2;
      const seats = [makeAgent('random', goofspiel), makeAgent('random', goofspiel)];
      seats[mctsSeat] = makeAgent('mcts:iterations=200', goofspiel);
      const result = await playMatch(goofspiel, seats, { seed: `example:${g}` });
      if (result.ranking[mctsSeat] === 0 && result.ranking[1 - mctsSeat] === 1) wins++;
    }
    expect(wins).toBeGreaterThan(24);
  });

  test('its board is valid SVG at every step, and its rules page carries the generated tables', () => {
    const state = goofspiel.newGame({ players: 2, seed: 2 });
    while (!state.isTerminal()) {
      for (const seat of [-1, 0, 1]) expect(svgMarkupProblem(goofspiel.renderSvg(state.view(seat)))).toBe('');
      state.applyAction(state.legalActions()[0]);
    }
    const page = rulesMarkdown(goofspiel);
    expect(page).toContain('| 0–4 | 5 | Bid the card of value n + 1 |');
    expect(referenceMarkdown(goofspiel)).toContain('### 2 players: 23 values');
    expect(page).toContain('| theyBid | 22 | 1 |');
  });
});

describe('the kit checks seats', () => {
  test('view, observation and determinize refuse a seat the game does not have, naming the allowed ones', () => {
    const state = goofspiel.newGame({ players: 2, seed: 4 });
    for (const call of [() => state.view(2), () => state.observation(-2), () => state.observation(0.5)]) {
      expect(call).toThrow(/seat .* is not a seat of this 2-player game \(0\.\.1, or -1 for the spectator\)/);
    }
    expect(state.view(-1).ownBid).toBe(0);
  });

  test("the spectator's world resamples seat 0's face-down bid too", () => {
    const bids = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const state = goofspiel.newGame({ players: 2, seed: 8 });
      state.applyAction(4);
      const world = state.determinize(-1, Rng.fromSeed(`world:${i}`));
      bids.add(goofspiel.positionOf(world).bids[0]);
    }
    expect(bids.size).toBeGreaterThan(1);
  });
});
