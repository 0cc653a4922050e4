import { normalizedReturns, type Agent, type DecisionContext, type GameState, type Rng } from '../envs/index.js';

export interface MctsOptions {
  /** Iterations per decision (ignored when ms > 0). */
  iterations: number;
  /** Time budget per decision in milliseconds; 0 means use `iterations`. Timed runs are not reproducible. */
  ms: number;
  /** UCB exploration constant, for values scaled to [0, 1]. */
  c: number;
  /** Rollout policy: uniform random, or one-ply greedy on the game's evaluate(). */
  rollout: 'random' | 'greedy';
  /** Rollout decisions before the position is scored with evaluate() instead of played out; 0 = play to the end. */
  cutoff: number;
}

/** The UCB exploration constant of the mcts: agent when none is given (values scaled to [0, 1]). */
export const MCTS_C = 1.4;

/** A finished search: MctsAgent.search. */
export interface MctsSearchResult {
  /** The move: the most visited root action (ties by value, then the RNG). */
  action: number;
  /** Root visits per legal action, in the order of ctx.legalActions. */
  visits: number[];
  /** Every seat's mean value in [-1, 1] over the root's visits, by absolute seat. */
  rootValues: number[];
}

/** A tree node: the position reached by the actions on the path from the root, across sampled worlds. */
class Node {
  readonly children = new Map<number, Node>();
  visits = 0;
  /** Times this node's action was legal when its parent was selected from (SO-ISMCTS availability). */
  available = 0;
  /** Sum of every seat's value over the visits through this node. */
  readonly totals: Float64Array;

  constructor(players: number) {
    this.totals = new Float64Array(players);
  }
}

/**
 * Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012) for any number of
 * seats, chance and hidden information. Each iteration samples one world consistent with the
 * deciding seat's view (ctx.sampleWorld), walks a tree keyed by action sequences, expands one node,
 * rolls out, and backs up one value per seat; at each node the seat to act picks the child that is
 * best for itself (max^n), with UCB counting only the visits in which a child was available.
 * Chance happens inside applyAction from the world's own reseeded RNG, so chance outcomes vary
 * across iterations without explicit chance nodes.
 */
export class MctsAgent implements Agent {
  /** Iterations run by the last decision (for benchmarks). */
  lastIterations = 0;

  constructor(
    private readonly options: MctsOptions,
    readonly name = 'mcts',
  ) {}

  act(ctx: DecisionContext): number {
    const legal = ctx.legalActions;
    if (legal.length === 1) return legal[0];
    return this.search(ctx).action;
  }

  /**
   * One decision's search, with what its root learnt: the visits of each legal action (in
   * ctx.legalActions' order), every seat's mean value at the root, and the move act() plays.
   * Self-play reads the first two as targets where plain MCTS is the expert (SelfPlayOptions.teacher).
   */
  search(ctx: DecisionContext): MctsSearchResult {
    const legal = ctx.legalActions;
    const players = ctx.view.players;
    const root = new Node(players);
    const { ms, iterations } = this.options;
    const deadline = ms > 0 ? performance.now() + ms : Infinity;
    let done = 0;
    for (; ms > 0 ? true : done < iterations; done++) {
      // Checking the clock every 16 iterations keeps its cost out of the figures.
      if (ms > 0 && (done & 15) === 0 && performance.now() >= deadline) break;
      this.iterate(root, ctx.sampleWorld(ctx.rng), ctx, players);
    }
    this.lastIterations = done;
    const action = this.bestRootAction(root, legal, ctx.player, ctx.rng);
    return {
      action,
      visits: legal.map((a) => root.children.get(a)?.visits ?? 0),
      rootValues: Array.from(root.totals, (total) => (root.visits > 0 ? total / root.visits : 0)),
    };
  }

  private iterate(root: Node, world: GameState, ctx: DecisionContext, players: number): void {
    const path: Node[] = [root];
    let node = root;
    const { c } = this.options;
    const rng = ctx.rng;
    while (!world.isTerminal()) {
      const legal = world.legalActions();
      const actor = world.currentPlayer();
      let untried = 0;
      for (const a of legal) if (!node.children.has(a)) untried++;
      if (untried > 0) {
        // Expand one untried action, chosen uniformly.
        let k = rng.int(untried);
        let action = -1;
        for (const a of legal) {
          if (!node.children.has(a) && k-- === 0) {
            action = a;
            break;
          }
        }
        const child = new Node(players);
        node.children.set(action, child);
        for (const a of legal) {
          const other = node.children.get(a);
          if (other) other.available++;
        }
        world.applyAction(action);
        path.push(child);
        break;
      }
      let best: Node | undefined;
      let bestAction = -1;
      let bestScore = -Infinity;
      for (const a of legal) {
        const child = node.children.get(a)!;
        child.available++;
        const mean = (child.totals[actor] / child.visits + 1) / 2; // returns in [-1, 1] -> [0, 1]
        const score = mean + c * Math.sqrt(Math.log(child.available) / child.visits);
        if (score > bestScore) {
          bestScore = score;
          best = child;
          bestAction = a;
        }
      }
      world.applyAction(bestAction);
      node = best!;
      path.push(node);
    }
    const value = this.rollout(world, ctx, rng);
    for (const n of path) {
      n.visits++;
      for (let p = 0; p < players; p++) n.totals[p] += value[p];
    }
  }

  /** Plays on from `world` and returns every seat's value in [-1, 1]. */
  private rollout(world: GameState, ctx: DecisionContext, rng: Rng): number[] {
    const { cutoff, rollout } = this.options;
    for (let steps = 0; !world.isTerminal(); steps++) {
      if (cutoff > 0 && steps >= cutoff) {
        return Array.from({ length: world.players }, (_, p) => ctx.game.evaluate(world, p));
      }
      const legal = world.legalActions();
      world.applyAction(rollout === 'greedy' ? greedyAction(world, legal, ctx, rng) : legal[rng.int(legal.length)]);
    }
    return normalizedReturns(world, ctx.game);
  }

  /** The most visited root action; ties by mean value for the deciding seat, then by the RNG. */
  private bestRootAction(root: Node, legal: readonly number[], player: number, rng: Rng): number {
    let best: number[] = [];
    let bestKey = [-1, -Infinity];
    for (const a of legal) {
      const child = root.children.get(a);
      const key = child
        ? [child.visits, child.visits > 0 ? child.totals[player] / child.visits : -Infinity]
        : [0, -Infinity];
      if (key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1])) {
        bestKey = key;
        best = [a];
      } else if (key[0] === bestKey[0] && key[1] === bestKey[1]) {
        best.push(a);
      }
    }
    return best[rng.int(best.length)];
  }
}

/** The action whose immediate result evaluate() rates best for the seat to act (rollout policy). */
function greedyAction(world: GameState, legal: readonly number[], ctx: DecisionContext, rng: Rng): number {
  const actor = world.currentPlayer();
  let best: number[] = [];
  let bestValue = -Infinity;
  for (const a of legal) {
    const next = world.clone();
    next.applyAction(a);
    const v = ctx.game.evaluate(next, actor);
    if (v > bestValue) {
      bestValue = v;
      best = [a];
    } else if (v === bestValue) {
      best.push(a);
    }
  }
  return best[rng.int(best.length)];
}
