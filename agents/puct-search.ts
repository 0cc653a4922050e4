import { normalizedReturns, type GameDefinition, type GameState, type Rng } from '../envs/index.js';
import { leafPlayout } from './leaf-playout.js';

export interface PuctOptions {
  /** Network evaluations (leaf expansions or terminal visits) per decision. */
  iterations: number;
  /** Exploration constant of PUCT, for values in [-1, 1]. */
  cPuct: number;
  /** Weight of Dirichlet noise mixed into the root priors (self-play only; 0 = none). */
  noise: number;
  /** Dirichlet concentration of that noise. */
  alpha: number;
  /**
   * AlphaGo's mixing parameter lambda: a leaf's value is (1 - mix) * the network's value + mix * the
   * returns of one uniformly random playout from the leaf's sampled world to the end of the game.
   * 0 (the default) is AlphaZero's pure value network. Rollouts help where the value network is
   * still weak on long games; they cost one playout per iteration, as plain MCTS does.
   */
  mix?: number;
  /**
   * Length of a leaf's playout before the game's own evaluation scores it (as `mcts:cutoff=`);
   * 0 (the default) plays to the end. A short playout scored by the heuristic is what makes plain
   * MCTS strong in long games at small budgets, and costs a fraction of a full one.
   */
  cutoff?: number;
  /**
   * Visits a node takes before it asks the network (AlphaGo's expansion threshold): 1 (the default)
   * evaluates every new node at once, as AlphaZero; n > 1 scores a node's first n - 1 visits by a
   * leaf playout alone (cut off as `cutoff` says) and only then fills its priors. Where playouts
   * carry the leaf value (mix 1), most iterations then skip the network and the encoding of a view,
   * so a timed search runs more of them; the tree grows only where it is visited again. The root
   * is always evaluated at once.
   */
  expandAfter?: number;
}

/** A tree node keyed by the action sequence from the root, shared by every sampled world. */
export class PuctNode {
  readonly children = new Map<number, PuctNode>();
  visits = 0;
  /** Sum of every seat's value over the visits through this node. */
  readonly totals: Float64Array;
  /**
   * Unnormalised prior weight of every action id, from the first world that reached the node.
   * Kept for all actions (not just those legal in that world): another world may allow others,
   * and PUCT renormalises over whatever is legal where it stands.
   */
  priors: Float32Array | null = null;
  /**
   * Leaves at or below this node selected and not yet expanded (selectBatch): each counts as a visit
   * lost by whoever chose it (virtual loss), so the rest of a batch spreads over other lines.
   */
  pending = 0;

  constructor(players: number) {
    this.totals = new Float64Array(players);
  }
}

/** A position the search needs the network's opinion on before it can finish the iteration. */
export interface PendingLeaf {
  readonly observation: Float32Array;
  /** The seat to act at the leaf: the network's seat 0. */
  readonly actor: number;
  readonly legal: readonly number[];
  readonly node: PuctNode;
  readonly path: readonly PuctNode[];
  /** Absolute seats' returns of the playout from this leaf (only when options.mix > 0). */
  readonly rollout: readonly number[] | null;
}

/** What the network says about a position: logits over all action ids, values viewer first. */
export interface LeafEvaluation {
  logits: ArrayLike<number>;
  value: ArrayLike<number>;
}

/**
 * AlphaZero's PUCT search over single-observer information sets: every iteration samples one
 * world consistent with the deciding seat's view, walks the tree by PUCT (each seat maximising
 * its own value, max^n), and stops at the first node not yet evaluated; the network's priors
 * then fill that node and its value (rotated from the actor's seat to absolute seats) is backed
 * up. Split into select/expand so a caller may evaluate the leaves of many searches in one batch.
 */
export class PuctSearch {
  readonly root: PuctNode;
  iterations = 0;
  /** Leaves of selectBatch not yet expanded: they hold a virtual loss along their paths. */
  private readonly inFlight = new Set<PendingLeaf>();

  constructor(
    private readonly game: GameDefinition,
    private readonly players: number,
    private readonly sampleWorld: (rng: Rng) => GameState,
    private readonly rng: Rng,
    private readonly options: PuctOptions,
  ) {
    this.root = new PuctNode(players);
  }

  get done(): boolean {
    return this.iterations >= this.options.iterations;
  }

  /**
   * Runs one iteration down to a leaf. Returns the leaf when it needs the network, or null when
   * the iteration ended in a terminal position, or at a node not yet due for the network
   * (expandAfter), and is already backed up.
   */
  select(): PendingLeaf | null {
    const world = this.sampleWorld(this.rng);
    const path: PuctNode[] = [this.root];
    let node = this.root;
    const { cPuct } = this.options;
    for (;;) {
      if (world.isTerminal()) {
        this.backup(path, normalizedReturns(world, this.game));
        return null;
      }
      const actor = world.currentPlayer();
      const legal = world.legalActions();
      const priors = node.priors;
      if (priors === null) {
        if (node !== this.root && node.visits + node.pending < (this.options.expandAfter ?? 1) - 1) {
          this.backup(path, leafPlayout(this.game, world, this.rng, this.options.cutoff));
          return null;
        }
        const observation = this.game.encode(world.view(actor));
        // The sampled world is this iteration's own, so the playout may run on it.
        const rollout =
          (this.options.mix ?? 0) > 0 ? leafPlayout(this.game, world, this.rng, this.options.cutoff) : null;
        return { observation, actor, legal, node, path, rollout };
      }
      let weight = 0;
      for (const a of legal) weight += priors[a];
      // Pending leaves count as visits that lost (0 outside selectBatch: one-at-a-time search is unchanged).
      const sqrtVisits = Math.sqrt(Math.max(1, node.visits + node.pending));
      // First-play urgency: an unvisited child is valued like its parent, for the seat to act.
      const fpu = node.visits > 0 ? node.totals[actor] / node.visits : 0;
      let bestAction = legal[0];
      let bestScore = -Infinity;
      for (const a of legal) {
        const child = node.children.get(a);
        const n = child ? child.visits + child.pending : 0;
        const q = n > 0 ? (child!.totals[actor] - child!.pending) / n : fpu;
        const p = weight > 0 ? priors[a] / weight : 1 / legal.length;
        const score = q + (cPuct * p * sqrtVisits) / (1 + n);
        if (score > bestScore) {
          bestScore = score;
          bestAction = a;
        }
      }
      let child = node.children.get(bestAction);
      if (!child) {
        child = new PuctNode(this.players);
        node.children.set(bestAction, child);
      }
      world.applyAction(bestAction);
      node = child;
      path.push(node);
    }
  }

  /**
   * Up to k iterations down to their leaves, for one batched evaluation: each leaf's path holds a
   * virtual loss until expand, so the next selections turn elsewhere. Iterations ending in a
   * terminal position are backed up at once; with the leaves in flight they never exceed the
   * budget. The batch stops at a leaf already in it (the unexpanded root, first of all), as more
   * selections would mostly find it again.
   */
  selectBatch(k: number): PendingLeaf[] {
    const leaves: PendingLeaf[] = [];
    const budget = Math.min(k, this.options.iterations - this.iterations - this.inFlight.size);
    for (let i = 0; i < budget; i++) {
      const leaf = this.select();
      if (!leaf) continue;
      const repeat = leaves.some((other) => other.node === leaf.node);
      leaves.push(leaf);
      this.inFlight.add(leaf);
      for (const n of leaf.path) n.pending++;
      if (repeat) break;
    }
    return leaves;
  }

  /** Fills the leaf with the network's priors and backs up its value. */
  expand(leaf: PendingLeaf, evaluation: LeafEvaluation): void {
    if (this.inFlight.delete(leaf)) for (const n of leaf.path) n.pending--;
    const { logits, value } = evaluation;
    const size = this.game.actionSize;
    const priors = new Float32Array(size);
    let max = -Infinity;
    for (let a = 0; a < size; a++) if (logits[a] > max) max = logits[a];
    for (let a = 0; a < size; a++) priors[a] = Math.exp(logits[a] - max);
    if (leaf.node === this.root && this.options.noise > 0) this.mixNoise(priors, leaf.legal);
    // Two searches may expand the same node (batched callers); the first opinion stands.
    if (leaf.node.priors === null) leaf.node.priors = priors;
    const seats = new Array<number>(this.players);
    for (let i = 0; i < this.players; i++) seats[(leaf.actor + i) % this.players] = value[i];
    const mix = this.options.mix ?? 0;
    if (leaf.rollout) for (let p = 0; p < this.players; p++) seats[p] = (1 - mix) * seats[p] + mix * leaf.rollout[p];
    this.backup(leaf.path, seats);
  }

  /**
   * The root's mean value per absolute seat over its visits (zeros before any): the search's own
   * estimate of the position, a value target of self-play mixed with the final returns.
   */
  rootValues(): number[] {
    const visits = this.root.visits;
    return Array.from(this.root.totals, (total) => (visits > 0 ? total / visits : 0));
  }

  /** Root visit counts over the given legal actions (the policy target of self-play). */
  visitCounts(legal: readonly number[]): number[] {
    return legal.map((a) => this.root.children.get(a)?.visits ?? 0);
  }

  /** The most visited legal root action; ties by the deciding seat's mean value, then by the RNG. */
  bestAction(legal: readonly number[], player: number): number {
    let best: number[] = [];
    let bestVisits = -1;
    let bestMean = -Infinity;
    for (const a of legal) {
      const child = this.root.children.get(a);
      const visits = child?.visits ?? 0;
      const mean = visits > 0 ? child!.totals[player] / visits : -Infinity;
      if (visits > bestVisits || (visits === bestVisits && mean > bestMean)) {
        best = [a];
        bestVisits = visits;
        bestMean = mean;
      } else if (visits === bestVisits && mean === bestMean) {
        best.push(a);
      }
    }
    return best[this.rng.int(best.length)];
  }

  private backup(path: readonly PuctNode[], values: readonly number[]): void {
    for (const n of path) {
      n.visits++;
      for (let p = 0; p < this.players; p++) n.totals[p] += values[p];
    }
    this.iterations++;
  }

  /** AlphaZero's root exploration: priors <- (1 - eps) priors + eps Dirichlet(alpha), over the legal actions. */
  private mixNoise(priors: Float32Array, legal: readonly number[]): void {
    let sum = 0;
    for (const a of legal) sum += priors[a];
    const noise = legal.map(() => gamma(this.options.alpha, this.rng));
    const total = noise.reduce((s, x) => s + x, 0) || 1;
    const eps = this.options.noise;
    legal.forEach((a, i) => {
      priors[a] = (1 - eps) * (priors[a] / sum) + eps * (noise[i] / total);
    });
  }
}

/** A Gamma(shape, 1) draw from the seeded RNG (Marsaglia and Tsang 2000; boosted for shape < 1). */
export function gamma(shape: number, rng: Rng): number {
  if (shape < 1) return gamma(shape + 1, rng) * Math.pow(rng.next() || Number.MIN_VALUE, 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      // Box-Muller normal from two uniforms.
      x = Math.sqrt(-2 * Math.log(rng.next() || Number.MIN_VALUE)) * Math.cos(2 * Math.PI * rng.next());
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.next();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}
