import { describe, expect, test } from 'vitest';
import { Rng, decisionContext, getGame, type GameState } from '../envs/index.js';
import { GUMBEL_DEFAULTS, GumbelSearch, consideredVisitSequence, type GumbelOptions } from './gumbel-search.js';
import { AzAgent } from './neural/az-agent.js';
import type { PolicyNetwork } from './neural/policy.js';
import { leafPlayout } from './leaf-playout.js';

const ttt = getGame('tictactoe');
/** Equal logits and value 0: the search alone must find forced results. */
const indifferent: PolicyNetwork = {
  players: 2,
  evaluate: () => ({ logits: new Float32Array(ttt.actionSize), value: new Float32Array(2) }),
};

/** Cells are numbered row by row: 0 1 2 / 3 4 5 / 6 7 8. */
function stateAfter(cells: number[]): GameState {
  const state = ttt.newGame({ players: 2, seed: 'gumbel' });
  for (const c of cells) state.applyAction(c);
  return state;
}

function options(over: Partial<GumbelOptions> = {}): GumbelOptions {
  return { iterations: 32, ...GUMBEL_DEFAULTS, ...over };
}

function run(state: GameState, net: PolicyNetwork, seed: string, over: Partial<GumbelOptions> = {}) {
  const actor = state.currentPlayer();
  const search = new GumbelSearch(ttt, 2, (rng) => state.determinize(actor, rng), Rng.fromSeed(seed), options(over));
  while (!search.done) {
    const leaf = search.select();
    if (leaf) search.expand(leaf, net.evaluate(leaf.observation));
  }
  return search;
}

describe('sequential halving schedule (mctx get_sequence_of_considered_visits)', () => {
  test('phases of equal visits, halving the considered actions down to two', () => {
    expect(consideredVisitSequence(4, 8)).toEqual([0, 0, 0, 0, 1, 1, 2, 2]);
    expect(consideredVisitSequence(16, 32)).toEqual([
      ...Array<number>(16).fill(0),
      ...Array<number>(8).fill(1),
      2,
      2,
      2,
      2,
      3,
      3,
      3,
      3,
    ]);
    // Fewer simulations than actions: only the first (best-scored) actions are visited once.
    expect(consideredVisitSequence(16, 5)).toEqual([0, 0, 0, 0, 0]);
    // One action considered: it takes every simulation.
    expect(consideredVisitSequence(1, 4)).toEqual([0, 1, 2, 3]);
  });
});

describe('Gumbel search', () => {
  test('takes a one-move win and blocks a one-move loss with an indifferent network, even at 16 simulations', () => {
    for (const seed of ['1', '2', '3']) {
      for (const gumbelScale of [0, 1]) {
        // X holds 0 and 1, O holds 3 and 4: X wins at 2.
        const win = stateAfter([0, 3, 1, 4]);
        const legal = win.legalActions();
        const search = run(win, indifferent, seed, { iterations: 16, gumbelScale });
        expect(search.bestAction(legal)).toBe(2);
        // The improved policy is a distribution over the legal actions that favours the win.
        const policy = search.improvedPolicy(legal);
        expect(policy.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
        expect(Math.max(...policy)).toBe(policy[legal.indexOf(2)]);
        // X holds 0 and 8, O holds 3 and 4 and threatens 5: X must block there.
        const block = stateAfter([0, 3, 8, 4]);
        expect(run(block, indifferent, seed, { iterations: 64, gumbelScale }).bestAction(block.legalActions())).toBe(5);
      }
    }
  });

  test('runs exactly its budget and repeats itself for a seed', () => {
    const state = stateAfter([4]);
    const legal = state.legalActions();
    const a = run(state, indifferent, 'same', { iterations: 40, gumbelScale: 1 });
    const b = run(state, indifferent, 'same', { iterations: 40, gumbelScale: 1 });
    expect(a.iterations).toBe(40);
    expect(a.root.visits).toBe(40);
    expect(a.visitCounts(legal)).toEqual(b.visitCounts(legal));
    expect(a.improvedPolicy(legal)).toEqual(b.improvedPolicy(legal));
    expect(a.bestAction(legal)).toBe(b.bestAction(legal));
    // Every root simulation but the root's own went to one of the actions sequential halving kept.
    expect(a.visitCounts(legal).reduce((s, v) => s + v, 0)).toBe(39);
  });

  test('sequential halving spends most simulations on the survivors and plays the most visited', () => {
    // Priors that prefer cell 8, values that say 4 is best for X: halving must find 4 among the considered.
    const state = stateAfter([]);
    const net: PolicyNetwork = {
      players: 2,
      evaluate: (observation) => {
        const logits = new Float32Array(ttt.actionSize);
        logits[8] = 1;
        // Holding the centre is worth 0.9 to whoever holds it (observation 4: the viewer's mark
        // there; 13: the other seat's); values are viewer first.
        const mine = observation[4] === 1 ? 0.9 : observation[13] === 1 ? -0.9 : 0;
        return { logits, value: Float32Array.of(mine, -mine) };
      },
    };
    const legal = state.legalActions();
    const search = run(state, net, 'centre', { iterations: 64, considered: 9 });
    const visits = search.visitCounts(legal);
    expect(search.bestAction(legal)).toBe(4);
    expect(Math.max(...visits)).toBe(visits[legal.indexOf(4)]);
  });

  test('leaf mixing with a cut-off playout scores it by the game evaluation', () => {
    const state = stateAfter([0, 4]);
    const world = state.clone();
    // Zero moves before the cut-off: the game's own evaluation of the position as it stands.
    expect(leafPlayout(ttt, world, Rng.fromSeed('p'), 0).length).toBe(2);
    const evaluated = leafPlayout(ttt, state.clone(), Rng.fromSeed('p'), 1);
    expect(evaluated).toHaveLength(2);
    for (const v of evaluated) expect(Math.abs(v)).toBeLessThanOrEqual(1);
  });

  test('the az agent with search=gumbel plays legal moves by iterations and by time', () => {
    const state = stateAfter([0, 4]);
    const legal = state.legalActions();
    const byCount = new AzAgent(indifferent, { kind: 'gumbel', ...options({ iterations: 24 }) }, 'az-gumbel');
    const first = byCount.act(decisionContext(ttt, state, Rng.fromSeed('x')));
    expect(legal).toContain(first);
    expect(byCount.lastIterations).toBe(24);
    expect(byCount.act(decisionContext(ttt, state, Rng.fromSeed('x')))).toBe(first);
    const timed = new AzAgent(indifferent, { kind: 'gumbel', ...options() }, 'az-gumbel-ms', 20);
    for (let i = 0; i < 3; i++) {
      expect(legal).toContain(timed.act(decisionContext(ttt, state, Rng.fromSeed(`t${i}`))));
      expect(timed.lastIterations).toBeGreaterThan(1);
    }
  });
});
