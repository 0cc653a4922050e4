import { describe, expect, test } from 'vitest';
import { Rng, decisionContext, getGame, type GameDefinition, type GameState } from '../envs/index.js';
import { makeAgent } from './make-agent.js';
import { CachedNetwork } from './neural/evaluation-cache.js';
import { loadPolicyFolder } from './neural/model-files.js';
import { evaluateAll, type PolicyNetwork } from './neural/policy.js';
import { PuctSearch, type PuctOptions } from './puct-search.js';

const promotion = getGame('promotion');
const net = loadPolicyFolder('models/promotion/az', promotion);

/** A promotion position some random moves in, with a choice to make. */
function midGame(seed: string): GameState {
  const state = promotion.newGame({ players: net.players, seed });
  const rng = Rng.fromSeed(seed);
  for (let i = 0; i < 10 && !state.isTerminal(); i++) {
    const legal = state.legalActions();
    state.applyAction(legal[rng.int(legal.length)]);
  }
  while (state.legalActions().length < 2) state.applyAction(state.legalActions()[0]);
  return state;
}

/** A search of `options` run to its budget, `batch` leaves at a time; the search and its batch sizes. */
function search(
  def: GameDefinition,
  state: GameState,
  network: PolicyNetwork,
  options: PuctOptions,
  batch: number,
  seed: string,
): { search: PuctSearch; batches: number[] } {
  const ctx = decisionContext(def, state, Rng.fromSeed(seed));
  const s = new PuctSearch(def, state.players, (r) => ctx.sampleWorld(r), ctx.rng, options);
  const batches: number[] = [];
  while (!s.done) {
    const leaves = s.selectBatch(batch);
    batches.push(leaves.length);
    const answers = evaluateAll(
      network,
      leaves.map((l) => l.observation),
    );
    leaves.forEach((leaf, i) => s.expand(leaf, answers[i]));
  }
  return { search: s, batches };
}

const options: PuctOptions = { iterations: 200, cPuct: 1.5, noise: 0, alpha: 0.3 };

describe('PUCT search with leaves in batches (virtual loss)', () => {
  test('selectBatch(1) is the one-at-a-time search exactly', () => {
    const state = midGame('one');
    const ctx = decisionContext(promotion, state, Rng.fromSeed('s'));
    const plain = new PuctSearch(promotion, state.players, (r) => ctx.sampleWorld(r), ctx.rng, options);
    while (!plain.done) {
      const leaf = plain.select();
      if (leaf) plain.expand(leaf, net.evaluate(leaf.observation));
    }
    const batched = search(promotion, state, net, options, 1, 's').search;
    const legal = state.legalActions();
    expect(batched.visitCounts(legal)).toEqual(plain.visitCounts(legal));
    expect(Array.from(batched.root.totals)).toEqual(Array.from(plain.root.totals));
  });

  test.each([2, 8, 32])(
    'batch %i: runs exactly its iteration budget, spreads its leaves, leaves no virtual loss',
    (batch) => {
      const state = midGame(`budget-${batch}`);
      const { search: s, batches } = search(promotion, state, net, options, batch, 'b');
      expect(s.iterations).toBe(options.iterations);
      expect(s.root.visits).toBe(options.iterations);
      expect(s.root.pending).toBe(0);
      for (const child of s.root.children.values()) expect(child.pending).toBe(0);
      // The unexpanded root is evaluated alone (twice at most: the batch stops at the repeat).
      expect(batches[0]).toBeLessThanOrEqual(2);
      expect(Math.max(...batches)).toBeLessThanOrEqual(batch);
      // Virtual loss sends most of a batch down different lines: batches are well above one leaf.
      expect(options.iterations / batches.length).toBeGreaterThan(Math.min(batch, 4) / 2);
      expect(state.legalActions()).toContain(s.bestAction(state.legalActions(), state.currentPlayer()));
    },
  );

  test('is reproducible for a seed, with or without the cache', () => {
    const state = midGame('repro');
    const legal = state.legalActions();
    const first = search(promotion, state, net, options, 8, 'r').search.visitCounts(legal);
    expect(search(promotion, state, net, options, 8, 'r').search.visitCounts(legal)).toEqual(first);
    expect(search(promotion, state, new CachedNetwork(net), options, 8, 'r').search.visitCounts(legal)).toEqual(first);
  });

  test('az: batch= plays legal moves, reproducibly, within its iteration budget; a bad batch is refused', () => {
    const state = midGame('agent');
    const spec = 'az:models/promotion/az,iterations=96,batch=8';
    const agent = makeAgent(spec, promotion) as ReturnType<typeof makeAgent> & { lastIterations: number };
    const action = agent.act(decisionContext(promotion, state, Rng.fromSeed('a')));
    expect(state.legalActions()).toContain(action);
    expect(agent.lastIterations).toBe(96);
    expect(makeAgent(spec, promotion).act(decisionContext(promotion, state, Rng.fromSeed('a')))).toBe(action);
    // The same agent again: its cache now answers, and the decision is the same.
    expect(agent.act(decisionContext(promotion, state, Rng.fromSeed('a')))).toBe(action);
    expect(() => makeAgent('az:models/promotion/az,batch=0', promotion)).toThrow(/batch=0 must be an integer >= 1/);
    expect(() => makeAgent('az:models/promotion/az,batch=2.5', promotion)).toThrow(/batch=2.5 must be an integer/);
  });
});

/**
 * Every node of the tree under `node` that is not terminal in `world` (the true position the search
 * stood in, played down the tree's actions), the node itself first. A child whose action is not
 * legal in the true world (a sampled world allowed it) is kept, without its subtree: terminal
 * nodes, which never take priors, are what is left out.
 */
function nonTerminalNodes(node: PuctSearch['root'], world: GameState): PuctSearch['root'][] {
  if (world.isTerminal()) return [];
  const below = [...node.children].flatMap(([action, child]) => {
    if (!world.legalActions().includes(action)) return [child];
    const next = world.clone();
    next.applyAction(action);
    return nonTerminalNodes(child, next);
  });
  return [node, ...below];
}

describe("PUCT search with AlphaGo's expansion threshold (expandAfter)", () => {
  const rollouts: PuctOptions = { ...options, mix: 1, cutoff: 12 };

  test.each([1, 3])(
    'batch %i: a node asks the network only at its n-th visit; the budget is run exactly; no virtual loss is left',
    (batch) => {
      const state = midGame(`expand-${batch}`);
      const expandAfter = 4;
      let evaluations = 0;
      const counting: PolicyNetwork = {
        players: net.players,
        evaluate: (o) => {
          evaluations++;
          return net.evaluate(o);
        },
      };
      const { search: s } = search(promotion, state, counting, { ...rollouts, expandAfter }, batch, 'x');
      expect(s.iterations).toBe(rollouts.iterations);
      expect(s.root.visits).toBe(rollouts.iterations);
      const nodes = nonTerminalNodes(s.root, state);
      for (const n of nodes) expect(n.pending).toBe(0);
      const expanded = nodes.filter((n) => n.priors !== null);
      // The root at its first visit, every other node not before its fourth.
      expect(s.root.priors).not.toBeNull();
      for (const n of expanded) if (n !== s.root) expect(n.visits).toBeGreaterThanOrEqual(expandAfter);
      for (const n of nodes) if (n.priors === null) expect(n.visits).toBeLessThan(expandAfter);
      // One evaluation per expanded node: a batch may hold a node twice only as its last leaf.
      expect(evaluations).toBeGreaterThanOrEqual(expanded.length);
      expect(evaluations).toBeLessThan(rollouts.iterations / 2);
      expect(state.legalActions()).toContain(s.bestAction(state.legalActions(), state.currentPlayer()));
    },
  );

  test('expandAfter 1 is the search without the option, number for number', () => {
    const state = midGame('expand-one');
    const legal = state.legalActions();
    const plain = search(promotion, state, net, rollouts, 1, 'e').search;
    const one = search(promotion, state, net, { ...rollouts, expandAfter: 1 }, 1, 'e').search;
    expect(one.visitCounts(legal)).toEqual(plain.visitCounts(legal));
    expect(Array.from(one.root.totals)).toEqual(Array.from(plain.root.totals));
    const four = search(promotion, state, net, { ...rollouts, expandAfter: 4 }, 1, 'e').search;
    expect(four.visitCounts(legal)).not.toEqual(plain.visitCounts(legal));
  });

  test('az: expand= plays legal moves, reproducibly, within its budget; bad values are refused', () => {
    const state = midGame('expand-agent');
    const spec = 'az:models/promotion/az,iterations=80,mix=1,cutoff=12,expand=3';
    const act = () => {
      const agent = makeAgent(spec, promotion) as ReturnType<typeof makeAgent> & { lastIterations: number };
      return { action: agent.act(decisionContext(promotion, state, Rng.fromSeed('x'))), agent };
    };
    const first = act();
    expect(state.legalActions()).toContain(first.action);
    expect(first.agent.lastIterations).toBe(80);
    expect(act().action).toBe(first.action);
    expect(() => makeAgent('az:models/promotion/az,expand=0', promotion)).toThrow(/expand=0 must be an integer >= 1/);
    expect(() => makeAgent('az:models/promotion/az,expand=1.5', promotion)).toThrow(/expand=1.5 must be an integer/);
  });
});
