import { afterEach, describe, expect, test, vi } from 'vitest';
import { makeAgent } from '../../agents/index.js';
import { Rng, checkAgentAction, decisionContext, getGame } from '../../envs/index.js';
import { WorkerPool } from '../../play/index.js';
import { BotPool } from './bot-pool.js';

/** A decision as the bot threads made it before they kept positions: the whole state, parsed again. */
async function wholeStateDecision(game: string, spec: string, json: unknown, seed: string): Promise<number> {
  const def = getGame(game);
  const agent = makeAgent(spec, def);
  const ctx = decisionContext(def, def.fromJSON(json), Rng.fromSeed(seed));
  return checkAgentAction(agent, ctx, await agent.act(ctx));
}

/** Per seat: a bot spec, or null for a person playing seeded random moves (so one request carries several actions). */
type Seats = (string | null)[];

/**
 * Plays a match to its end through the pool, checking every bot action against the whole-state
 * decision with the same seed; `between` runs before each bot decision (n = actions so far).
 */
async function playMatch(
  pool: BotPool,
  key: string,
  game: string,
  seats: Seats,
  seed: string,
  between?: (n: number) => Promise<void>,
): Promise<number[]> {
  const def = getGame(game);
  const state = def.newGame({ players: seats.length, seed });
  const person = Rng.fromSeed(`${seed}:person`);
  const actions: number[] = [];
  while (!state.isTerminal()) {
    const spec = seats[state.currentPlayer()];
    let action: number;
    if (spec === null) {
      const legal = state.legalActions();
      action = legal[person.int(legal.length)];
    } else {
      await between?.(actions.length);
      const decisionSeed = `${seed}:decision:${actions.length}`;
      const expected = await wholeStateDecision(game, spec, state.toJSON(), decisionSeed);
      const answer = await pool.decide({
        key,
        budgetMs: 60_000,
        game,
        spec,
        seed: decisionSeed,
        match: { seed, players: seats.length, actions: [...actions] },
        state,
      });
      if (answer.overrun) throw new Error(`${spec} overran`);
      expect(answer.action, `${game} ${key} decision ${actions.length} by ${spec}`).toBe(expected);
      action = answer.action;
    }
    state.applyAction(action);
    actions.push(action);
  }
  return actions;
}

const MCTS = 'mcts:iterations=40,cutoff=30';

let pool: BotPool | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await pool?.close();
  pool = undefined;
});

describe('BotPool: threads keep the positions of live matches', () => {
  test('the actions since the last decision give the same decisions as the whole state, on both games', async () => {
    pool = new BotPool(2, { inline: false });
    const matches: [string, Seats][] = [
      ['tictactoe', [null, MCTS]],
      ['tictactoe', ['greedy', 'random']],
      ['promotion', [null, MCTS, 'greedy', 'random']],
      ['promotion', [MCTS, 'greedy', 'random', 'greedy']],
    ];
    // At once, so the two threads serve several matches each.
    const played = await Promise.all(
      matches.map(([game, seats], i) => playMatch(pool!, `m${i}`, game, seats, `same-${i}`)),
    );
    for (const actions of played) expect(actions.length).toBeGreaterThan(4);
    const decisions = pool.counts.delta + pool.counts.whole;
    // Each match sent its whole state once or a few times (moving to an idle thread); the rest were deltas.
    expect(pool.counts.whole).toBeGreaterThanOrEqual(matches.length);
    expect(pool.counts.delta).toBeGreaterThan(decisions / 2);
    expect(pool.counts.missing).toBe(0);
  });

  test('a thread replaced after an overrun gets the whole state; the match keeps with the same decisions', async () => {
    pool = new BotPool(1, { inline: false });
    let killed = false;
    await playMatch(pool, 'm', 'promotion', [null, MCTS, 'greedy', MCTS], 'lost', async (n) => {
      if (killed || n < 10) return;
      killed = true;
      // Another match's bot overruns on the same (only) thread: the thread and its positions go.
      const hog = getGame('tictactoe').newGame({ players: 2, seed: 'hog' });
      const answer = await pool!.decide({
        key: 'hog',
        budgetMs: 30,
        game: 'tictactoe',
        spec: 'mcts:iterations=10000000',
        seed: 'hog',
        match: { seed: 'hog', players: 2, actions: [] },
        state: hog,
      });
      expect(answer.overrun).toBe(true);
    });
    expect(killed).toBe(true);
    // m's first decision, hog's, and m's first on the new thread.
    expect(pool.counts.whole).toBe(3);
  });

  test('a position the thread dropped (evicted, another match under the key) is sent whole', async () => {
    // One position per thread: two matches taking turns evict each other.
    pool = new BotPool(1, { inline: false, positionsPerThread: 1 });
    const a = playMatch(pool, 'a', 'tictactoe', ['greedy', MCTS], 'evict-a');
    const b = playMatch(pool, 'b', 'tictactoe', [MCTS, 'greedy'], 'evict-b');
    await Promise.all([a, b]);
    // More whole states than matches: each match lost its position to the other at least once.
    expect(pool.counts.whole).toBeGreaterThan(2);

    // The same key, another match: the thread holds the old match (its seed), so the delta does not fit.
    pool.counts.whole = 0;
    const ask = async (seed: string) => {
      const state = getGame('tictactoe').newGame({ players: 2, seed });
      const answer = await pool!.decide({
        key: 'k',
        budgetMs: 60_000,
        game: 'tictactoe',
        spec: MCTS,
        seed: `${seed}:decision:0`,
        match: { seed, players: 2, actions: [] },
        state,
      });
      expect(answer).toEqual({
        action: await wholeStateDecision('tictactoe', MCTS, state.toJSON(), `${seed}:decision:0`),
        overrun: false,
      });
    };
    await ask('first');
    expect(pool.counts).toMatchObject({ whole: 1, missing: 0 });
    await ask('second');
    expect(pool.counts).toMatchObject({ whole: 2, missing: 1 });
  });

  test("a match's position is dropped when it is forgotten (the match ended)", async () => {
    pool = new BotPool(1, { inline: false });
    await playMatch(pool, 'ended', 'tictactoe', ['greedy', MCTS], 'ended');
    await playMatch(pool, 'live', 'tictactoe', ['greedy', null], 'live', async (n) => {
      if (n === 0) expect(pool!.positionsHeld).toBe(1); // 'ended' only, before anything of 'live'
    });
    expect(pool.positionsHeld).toBe(2);
    pool.forget('ended');
    pool.forget('live');
    await playMatch(pool, 'next', 'tictactoe', ['greedy', null], 'next');
    expect(pool.positionsHeld).toBe(1); // 'next' only
  });
});

describe('BotPool: random decides on the main thread', () => {
  test('no request reaches a thread, and every action is the one the thread would give', async () => {
    const requests = vi.spyOn(WorkerPool.prototype, 'request');
    pool = new BotPool(1);
    const inline = await playMatch(pool, 'i', 'promotion', ['random', 'random', null, 'random'], 'inline');
    expect(requests).not.toHaveBeenCalled();
    expect(pool.counts).toMatchObject({ delta: 0, whole: 0, missing: 0 });
    // Three seats of four are bots: most of the match's decisions were theirs.
    expect(pool.counts.inline).toBeGreaterThan(inline.length / 2);
    await pool.close();

    pool = new BotPool(1, { inline: false });
    const threaded = await playMatch(pool, 'i', 'promotion', ['random', 'random', null, 'random'], 'inline');
    expect(requests).toHaveBeenCalled();
    expect(threaded).toEqual(inline);
  });
});
