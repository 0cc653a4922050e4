/**
 * Gumbel search (Danihelka, Guez, Schrittwieser and Silver, "Policy improvement by planning with
 * Gumbel", ICLR 2022), over single-observer information sets as puct-search.ts: every simulation
 * samples one world consistent with the deciding seat's view, and the tree is keyed by action
 * sequences and shared by every world. It differs from PUCT where budgets are small:
 * - at the root, Gumbel top-k and sequential halving: the m actions with the highest
 *   logit + Gumbel noise are visited in turn, and after each phase the better half (by
 *   noise + logit + a monotone transform of their values) go on; the chosen action is the
 *   survivor with the best such score. This improves on the prior policy in expectation even with
 *   very few simulations, where PUCT's visit counts mostly echo the priors;
 * - below the root, the deterministic rule of Gumbel MuZero: the action whose share of the visits
 *   lags most behind the improved policy softmax(logits + σ(completed Q));
 * - the policy target is that improved policy at the root, over every legal action (completed-Q
 *   values fill the unvisited ones), not the visit counts.
 * Values are max^n as elsewhere: each seat's Q is its own mean value. The transforms follow the
 * reference implementation (DeepMind's mctx): Q completed by the mixed value, min-max rescaled over
 * the node's legal actions, scaled by (maxVisitInit + max visits) · valueScale.
 */
import type { GameDefinition, GameState, Rng } from '../envs/index.js';
import { normalizedReturns } from '../envs/index.js';
import { leafPlayout } from './leaf-playout.js';
import type { LeafEvaluation } from './puct-search.js';

export interface GumbelOptions {
  /** Simulations per decision, the root's own evaluation included. */
  iterations: number;
  /** Root actions considered at most (m): the top-m by logit + noise enter sequential halving. */
  considered: number;
  /**
   * Scale of the Gumbel noise on the root logits: 1 samples the way the policy-improvement
   * guarantee assumes (self-play), 0 makes the choice deterministic (the strongest single move).
   */
  gumbelScale: number;
  /** c_scale of σ(q) = (maxVisitInit + max visits) · valueScale · q (mctx's defaults 0.1 and 50). */
  valueScale: number;
  maxVisitInit: number;
  /** AlphaGo's leaf mixing (as PuctOptions.mix) and the playouts' cutoff (PuctOptions.cutoff). */
  mix?: number;
  cutoff?: number;
}

export const GUMBEL_DEFAULTS = { considered: 16, gumbelScale: 0, valueScale: 0.1, maxVisitInit: 50 } as const;

/** A node of the shared tree: its children by action, visits, every seat's value sum, the network's opinion. */
export class GumbelNode {
  readonly children = new Map<number, GumbelNode>();
  visits = 0;
  readonly totals: Float64Array;
  /** Logits over every action id from the first world that reached the node (null until evaluated). */
  logits: Float32Array | null = null;
  /** The network's (or leaf mix's) value of the node for the seat to act there. */
  rawValue = 0;

  constructor(players: number) {
    this.totals = new Float64Array(players);
  }
}

/** A position the search needs the network's opinion on before it can finish the simulation. */
export interface GumbelLeaf {
  readonly observation: Float32Array;
  readonly actor: number;
  readonly legal: readonly number[];
  readonly node: GumbelNode;
  readonly path: readonly GumbelNode[];
  readonly rollout: readonly number[] | null;
}

/**
 * The visit count each root simulation gives its action, in order (mctx's
 * get_sequence_of_considered_visits): phases of equal visits to the considered actions, halving
 * them (down to 2) after each phase, with the phases sized so the budget spans log2(m) of them.
 * Past the budget the last phase goes on, so a timed search can outrun its estimate.
 */
export function consideredVisitSequence(considered: number, simulations: number): number[] {
  if (considered <= 1) return Array.from({ length: simulations }, (_, i) => i);
  const log2 = Math.ceil(Math.log2(considered));
  const sequence: number[] = [];
  const visits = new Array<number>(considered).fill(0);
  let count = considered;
  while (sequence.length < simulations) {
    const extra = Math.max(1, Math.floor(simulations / (log2 * count)));
    for (let e = 0; e < extra; e++) {
      for (let i = 0; i < count; i++) sequence.push(visits[i]++);
    }
    count = Math.max(2, count >> 1);
  }
  return sequence.slice(0, simulations);
}

/** The mixed value of mctx: the raw value blended with the prior-weighted Q of the visited children. */
function mixedValue(rawValue: number, q: Float64Array, n: Float64Array, prior: Float64Array): number {
  let sumVisits = 0;
  let sumProbs = 0;
  for (let i = 0; i < n.length; i++) {
    sumVisits += n[i];
    if (n[i] > 0) sumProbs += prior[i];
  }
  if (sumVisits === 0) return rawValue;
  let weighted = 0;
  for (let i = 0; i < n.length; i++) if (n[i] > 0) weighted += (prior[i] * q[i]) / sumProbs;
  return (rawValue + sumVisits * weighted) / (sumVisits + 1);
}

export class GumbelSearch {
  readonly root: GumbelNode;
  iterations = 0;
  /** Root simulations started (the index into the considered-visit sequence). */
  private rootSimulations = 0;
  private sequence: number[] = [];
  /** Gumbel noise per legal root action (in `rootLegal` order), drawn when the root is expanded. */
  private gumbel: Float64Array = new Float64Array(0);
  private rootLegal: readonly number[] = [];
  /** The seat deciding at the root (every world is sampled from its view). */
  private rootActor = 0;
  /** The simulations the halving schedule is planned for. */
  private budget: number;

  constructor(
    private readonly game: GameDefinition,
    private readonly players: number,
    private readonly sampleWorld: (rng: Rng) => GameState,
    private readonly rng: Rng,
    private readonly options: GumbelOptions,
  ) {
    this.root = new GumbelNode(players);
    this.budget = options.iterations;
  }

  get done(): boolean {
    return this.iterations >= this.budget;
  }

  /**
   * Sets the budget the halving schedule is planned for (timed searches estimate it once the root is
   * evaluated); only before the first root simulation.
   */
  planFor(iterations: number): void {
    if (this.rootSimulations > 0) throw new Error('the budget of a Gumbel search is fixed once it simulates');
    this.budget = iterations;
  }

  /**
   * Runs one simulation down to a leaf: the network's opinion is needed (returned), or the
   * simulation ended in a terminal position and is already backed up (null).
   */
  select(): GumbelLeaf | null {
    const world = this.sampleWorld(this.rng);
    const path: GumbelNode[] = [this.root];
    let node = this.root;
    for (;;) {
      if (world.isTerminal()) {
        this.backup(path, normalizedReturns(world, this.game));
        return null;
      }
      const actor = world.currentPlayer();
      const legal = world.legalActions();
      if (node.logits === null) {
        if (node === this.root) {
          this.rootLegal = legal;
          this.rootActor = actor;
        }
        const observation = this.game.encode(world.view(actor));
        const rollout =
          (this.options.mix ?? 0) > 0 ? leafPlayout(this.game, world, this.rng, this.options.cutoff) : null;
        return { observation, actor, legal, node, path, rollout };
      }
      const action = node === this.root ? this.rootAction() : this.interiorAction(node, legal, actor);
      let child = node.children.get(action);
      if (!child) {
        child = new GumbelNode(this.players);
        node.children.set(action, child);
      }
      world.applyAction(action);
      node = child;
      path.push(node);
    }
  }

  /** Fills the leaf with the network's logits and backs up its value (mixed with the playout's). */
  expand(leaf: GumbelLeaf, evaluation: LeafEvaluation): void {
    const { logits, value } = evaluation;
    const seats = new Array<number>(this.players);
    for (let i = 0; i < this.players; i++) seats[(leaf.actor + i) % this.players] = value[i];
    const mix = this.options.mix ?? 0;
    if (leaf.rollout) for (let p = 0; p < this.players; p++) seats[p] = (1 - mix) * seats[p] + mix * leaf.rollout[p];
    // Two simulations may reach the same unevaluated node (batched callers); the first opinion stands.
    if (leaf.node.logits === null) {
      leaf.node.logits = Float32Array.from(logits);
      leaf.node.rawValue = seats[leaf.actor];
      if (leaf.node === this.root) this.drawGumbel();
    }
    this.backup(leaf.path, seats);
  }

  /** The action to play: among the most visited root actions, the best by noise + logit + σ(Q). */
  bestAction(legal: readonly number[]): number {
    if (this.root.logits === null) return legal[this.rng.int(legal.length)];
    const scores = this.rootScores(legal);
    let most = 0;
    for (const a of legal) most = Math.max(most, this.root.children.get(a)?.visits ?? 0);
    let best = legal[0];
    let top = -Infinity;
    legal.forEach((a, i) => {
      const visits = this.root.children.get(a)?.visits ?? 0;
      if (visits === most && scores[i] > top) {
        top = scores[i];
        best = a;
      }
    });
    return best;
  }

  /** Root visit counts over the given legal actions. */
  visitCounts(legal: readonly number[]): number[] {
    return legal.map((a) => this.root.children.get(a)?.visits ?? 0);
  }

  /** The improved policy softmax(logits + σ(completed Q)) over `legal`: self-play's policy target. */
  improvedPolicy(legal: readonly number[]): number[] {
    if (this.root.logits === null) return legal.map(() => 1 / legal.length);
    return softmax(this.transformed(this.root, legal, this.rootActor).map((s, i) => s + this.root.logits![legal[i]]));
  }

  /** The root's mean value for every seat over the search (the search's estimate of the position). */
  rootValues(): number[] {
    const visits = Math.max(1, this.root.visits);
    return Array.from(this.root.totals, (t) => t / visits);
  }

  private drawGumbel(): void {
    const scale = this.options.gumbelScale;
    this.gumbel = Float64Array.from(this.rootLegal, () =>
      scale === 0 ? 0 : -scale * Math.log(-Math.log(this.rng.next() || Number.MIN_VALUE)),
    );
  }

  /** The root action of the next simulation: sequential halving's turn for it. */
  private rootAction(): number {
    const legal = this.rootLegal;
    const considered = Math.min(this.options.considered, legal.length);
    if (this.sequence.length === 0) this.sequence = consideredVisitSequence(considered, Math.max(2, this.budget - 1));
    const i = this.rootSimulations++;
    const scores = this.rootScores(legal);
    if (i >= this.sequence.length) return this.survivorAction(legal, scores);
    const visit = this.sequence[i];
    let best = -1;
    let top = -Infinity;
    legal.forEach((a, k) => {
      const visits = this.root.children.get(a)?.visits ?? 0;
      if (visits === visit && scores[k] > top) {
        top = scores[k];
        best = a;
      }
    });
    if (best >= 0) return best;
    // No action has the visits the schedule expects when simulations are still pending (a batched
    // caller selects several before expanding any): the least visited, best scored, then.
    let fewest = Infinity;
    legal.forEach((a, k) => {
      const visits = this.root.children.get(a)?.visits ?? 0;
      if (visits < fewest || (visits === fewest && scores[k] > top)) {
        fewest = visits;
        top = scores[k];
        best = a;
      }
    });
    return best;
  }

  /**
   * Past the planned budget (a timed search that outran its estimate) the last phase goes on: the
   * two survivors (most visited, then best scored) take turns, the less visited first.
   */
  private survivorAction(legal: readonly number[], scores: readonly number[]): number {
    const visits = (a: number) => this.root.children.get(a)?.visits ?? 0;
    const ranked = legal
      .map((a, k) => ({ a, k }))
      .sort((x, y) => visits(y.a) - visits(x.a) || scores[y.k] - scores[x.k]);
    const [first, second = first] = ranked;
    return visits(second.a) < visits(first.a) ? second.a : first.a;
  }

  /** Noise + logit + σ(completed Q) of each legal root action for the deciding seat (noise + logit floored at -1e9). */
  private rootScores(legal: readonly number[]): number[] {
    const logits = this.root.logits!;
    let max = -Infinity;
    for (const a of legal) max = Math.max(max, logits[a]);
    const sigma = this.transformed(this.root, legal, this.rootActor);
    return legal.map((a, i) => {
      const k = this.rootLegal.indexOf(a);
      const noise = k >= 0 ? this.gumbel[k] : 0;
      return Math.max(-1e9, noise + logits[a] - max) + sigma[i];
    });
  }

  /** Gumbel MuZero's interior rule: argmax of improved policy − N(a) / (1 + ΣN), over this world's legal actions. */
  private interiorAction(node: GumbelNode, legal: readonly number[], actor: number): number {
    const logits = node.logits!;
    const sigma = this.transformed(node, legal, actor);
    const policy = softmax(sigma.map((s, i) => s + logits[legal[i]]));
    let sumVisits = 0;
    for (const a of legal) sumVisits += node.children.get(a)?.visits ?? 0;
    let best = legal[0];
    let top = -Infinity;
    legal.forEach((a, i) => {
      const score = policy[i] - (node.children.get(a)?.visits ?? 0) / (1 + sumVisits);
      if (score > top) {
        top = score;
        best = a;
      }
    });
    return best;
  }

  /** σ(completed Q) over `legal` for the seat `actor`: completed by the mixed value, rescaled to [0, 1], scaled. */
  private transformed(node: GumbelNode, legal: readonly number[], actor: number): number[] {
    const logits = node.logits!;
    const count = legal.length;
    const q = new Float64Array(count);
    const n = new Float64Array(count);
    const prior = new Float64Array(count);
    let max = -Infinity;
    for (const a of legal) max = Math.max(max, logits[a]);
    let total = 0;
    let maxVisits = 0;
    legal.forEach((a, i) => {
      const child = node.children.get(a);
      n[i] = child?.visits ?? 0;
      if (n[i] > 0) q[i] = child!.totals[actor] / n[i];
      prior[i] = Math.exp(logits[a] - max);
      total += prior[i];
      maxVisits = Math.max(maxVisits, n[i]);
    });
    for (let i = 0; i < count; i++) prior[i] = Math.max(prior[i] / total, Number.MIN_VALUE);
    const value = mixedValue(node.rawValue, q, n, prior);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < count; i++) {
      if (n[i] === 0) q[i] = value;
      lo = Math.min(lo, q[i]);
      hi = Math.max(hi, q[i]);
    }
    const scale = (this.options.maxVisitInit + maxVisits) * this.options.valueScale;
    const span = Math.max(hi - lo, 1e-8);
    return Array.from(q, (x) => (scale * (x - lo)) / span);
  }

  private backup(path: readonly GumbelNode[], values: readonly number[]): void {
    for (const n of path) {
      n.visits++;
      for (let p = 0; p < this.players; p++) n.totals[p] += values[p];
    }
    this.iterations++;
  }
}

function softmax(xs: readonly number[]): number[] {
  let max = -Infinity;
  for (const x of xs) max = Math.max(max, x);
  const e = xs.map((x) => Math.exp(x - max));
  const total = e.reduce((s, x) => s + x, 0);
  return e.map((x) => x / total);
}
