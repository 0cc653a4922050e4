/**
 * CFR+ (Tammelin 2014; Tammelin, Burch, Johanson and Bowling 2015) over a GameTree's arrays, as
 * OpenSpiel's CFRPlusSolver runs it: regret matching+ (cumulative regrets floored at 0 after every
 * update), alternating updates (seat 0's regrets are updated, then seat 1's against seat 0's new
 * policy), and linear averaging (iteration t adds its policy to the average with weight t). The
 * 2015 paper also delays the average: with `delay` d, iteration t weighs max(t - d, 0); OpenSpiel
 * has no delay, which is d = 0, the default.
 *
 * Each seat's average is accumulated once per information set and iteration, weighted by that
 * seat's own reach (the product of its probabilities along its earlier decisions): the quantity
 * OpenSpiel sums over the histories of the set, divided by their number. That lets the traversal
 * skip every branch the other seat never plays, whose regrets it would multiply by 0 anyway.
 */
import { AgoraError, CHANCE } from '../../envs/index.js';
import { TERMINAL, slotCount, treeSignature, uniformPolicy, type GameTree } from './game-tree.js';

export interface CfrPlusOptions {
  /** Averaging delay d: iteration t weighs max(t - d, 0) in the average policy (default 0: OpenSpiel's). */
  delay?: number;
}

/** A solver's state as plain JSON, to go on later (regrets and average sums, exactly). */
export interface CfrPlusCheckpoint {
  format: typeof CHECKPOINT_FORMAT;
  game: string;
  /** treeSignature of the tree it was solved on. */
  signature: string;
  iteration: number;
  delay: number;
  regret: number[];
  averageSum: number[];
}

const CHECKPOINT_FORMAT = 'agora-cfr-checkpoint-1';

export class CfrPlusSolver {
  /** Iterations done: each updates both seats once. */
  iteration = 0;
  readonly delay: number;
  /** Cumulative regrets, floored at 0 (regret matching+), one per slot. */
  private readonly regret: Float64Array;
  /** Weighted sums of the seats' policies: normalised per information set, the average policy. */
  private readonly averageSum: Float64Array;
  /** The policy of the iteration under way (regret matching+ of the regrets), one probability per slot. */
  private readonly current: Float64Array;
  private readonly ownReach: Float64Array;
  private readonly scratch: Float64Array;

  constructor(
    readonly tree: GameTree,
    options: CfrPlusOptions = {},
  ) {
    const delay = options.delay ?? 0;
    if (!(Number.isInteger(delay) && delay >= 0))
      throw new AgoraError('bad_request', `CFR+ delay must be a non-negative integer; got ${delay}`);
    this.delay = delay;
    const slots = slotCount(tree);
    this.regret = new Float64Array(slots);
    this.averageSum = new Float64Array(slots);
    this.current = uniformPolicy(tree);
    this.ownReach = new Float64Array(tree.infosets);
    this.scratch = new Float64Array((tree.depth + 1) * tree.maxEdges);
  }

  /** Runs `count` more iterations. */
  run(count: number): void {
    for (let k = 0; k < count; k++) {
      this.iteration++;
      for (let seat = 0; seat < 2; seat++) {
        this.accumulateAverage(seat);
        this.updateRegrets(seat);
        this.matchRegrets(seat);
      }
    }
  }

  /**
   * The average policy (what converges to an equilibrium): each information set's weighted sum of
   * policies, normalised; uniform where the sum is 0 (before any weighted iteration, or where the
   * seat never reaches the set).
   */
  averagePolicy(): Float64Array {
    return normalisePerInfoset(this.tree, this.averageSum);
  }

  /** The current policy: regret matching+ of the cumulative regrets (uniform before the first iteration). */
  currentPolicy(): Float64Array {
    return this.current.slice();
  }

  checkpoint(): CfrPlusCheckpoint {
    return {
      format: CHECKPOINT_FORMAT,
      game: this.tree.game,
      signature: treeSignature(this.tree),
      iteration: this.iteration,
      delay: this.delay,
      regret: Array.from(this.regret),
      averageSum: Array.from(this.averageSum),
    };
  }

  /**
   * A solver that goes on from a checkpoint of this tree. Throws AgoraError naming the field that
   * does not fit (another game, another tree, another delay, sizes, values).
   */
  static resume(tree: GameTree, data: CfrPlusCheckpoint, where = 'the checkpoint'): CfrPlusSolver {
    const bad = (detail: string): never => {
      throw new AgoraError('bad_request', `${where}: ${detail}`);
    };
    if (data.format !== CHECKPOINT_FORMAT) bad(`format is ${JSON.stringify(data.format)}, not ${CHECKPOINT_FORMAT}`);
    if (data.game !== tree.game) bad(`it is a ${data.game} run, not ${tree.game}`);
    if (data.signature !== treeSignature(tree))
      bad(`it was solved on another ${tree.game} tree (the rules or the information-state keys changed since)`);
    if (!(Number.isInteger(data.iteration) && data.iteration >= 0)) bad(`iteration ${data.iteration} is not a count`);
    const solver = new CfrPlusSolver(tree, { delay: data.delay });
    const slots = slotCount(tree);
    for (const [name, values] of [
      ['regret', data.regret],
      ['averageSum', data.averageSum],
    ] as const) {
      if (!Array.isArray(values) || values.length !== slots)
        bad(`${name} holds ${Array.isArray(values) ? values.length : 'no'} values; the tree has ${slots} slots`);
      if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v) || v < 0))
        bad(`${name} holds a value that is not a finite number >= 0`);
    }
    solver.iteration = data.iteration;
    solver.regret.set(data.regret);
    solver.averageSum.set(data.averageSum);
    solver.matchRegrets(0);
    solver.matchRegrets(1);
    return solver;
  }

  /** Adds this iteration's policy of `seat`, weighted by max(t - delay, 0) and the seat's own reach. */
  private accumulateAverage(seat: number): void {
    const weight = Math.max(this.iteration - this.delay, 0);
    if (weight === 0) return;
    const { infosets, infosetPlayer, infosetParentSlot, slotInfoset, slotOffset } = this.tree;
    const { ownReach, current, averageSum } = this;
    // Information sets are numbered parents first, so a parent's reach is known before its children's.
    for (let i = 0; i < infosets; i++) {
      if (infosetPlayer[i] !== seat) continue;
      const parent = infosetParentSlot[i];
      const reach = parent < 0 ? 1 : ownReach[slotInfoset[parent]] * current[parent];
      ownReach[i] = reach;
      if (reach === 0) continue;
      const scaled = weight * reach;
      for (let s = slotOffset[i]; s < slotOffset[i + 1]; s++) averageSum[s] += scaled * current[s];
    }
  }

  /** One pass over the tree adding `seat`'s counterfactual regrets of the current policy. */
  private updateRegrets(seat: number): void {
    const { nodePlayer, nodeInfoset, firstEdge, edgeCount, edgeChild, edgeProbability, utility, slotOffset } =
      this.tree;
    const { current, regret, scratch } = this;
    const sign = seat === 0 ? 1 : -1;
    let top = 0;
    // `reach` is the other seat's and chance's probability of reaching n: the counterfactual weight.
    const walk = (n: number, reach: number): number => {
      const player = nodePlayer[n];
      if (player === TERMINAL) return sign * utility[n];
      const first = firstEdge[n];
      const count = edgeCount[n];
      if (player === CHANCE) {
        let value = 0;
        for (let e = first; e < first + count; e++) {
          const p = edgeProbability[e];
          value += p * walk(edgeChild[e], reach * p);
        }
        return value;
      }
      const offset = slotOffset[nodeInfoset[n]];
      let value = 0;
      if (player !== seat) {
        for (let a = 0; a < count; a++) {
          const p = current[offset + a];
          // A branch the other seat never plays changes no regret of this seat (its weight is 0).
          if (p > 0) value += p * walk(edgeChild[first + a], reach * p);
        }
        return value;
      }
      const base = top;
      top += count;
      for (let a = 0; a < count; a++) {
        const child = walk(edgeChild[first + a], reach);
        scratch[base + a] = child;
        value += current[offset + a] * child;
      }
      for (let a = 0; a < count; a++) regret[offset + a] += reach * (scratch[base + a] - value);
      top = base;
      return value;
    };
    walk(0, 1);
  }

  /** Regret matching+ for `seat`: regrets floored at 0, the policy proportional to them (uniform if all 0). */
  private matchRegrets(seat: number): void {
    const { infosets, infosetPlayer, slotOffset } = this.tree;
    const { regret, current } = this;
    for (let i = 0; i < infosets; i++) {
      if (infosetPlayer[i] !== seat) continue;
      const from = slotOffset[i];
      const to = slotOffset[i + 1];
      let sum = 0;
      for (let s = from; s < to; s++) {
        if (regret[s] < 0) regret[s] = 0;
        sum += regret[s];
      }
      if (sum > 0) for (let s = from; s < to; s++) current[s] = regret[s] / sum;
      else current.fill(1 / (to - from), from, to);
    }
  }
}

/** Per information set, `sums` scaled to probabilities; uniform where they sum to 0. */
function normalisePerInfoset(tree: GameTree, sums: Float64Array): Float64Array {
  const out = new Float64Array(sums.length);
  for (let i = 0; i < tree.infosets; i++) {
    const from = tree.slotOffset[i];
    const to = tree.slotOffset[i + 1];
    let total = 0;
    for (let s = from; s < to; s++) total += sums[s];
    if (total > 0) for (let s = from; s < to; s++) out[s] = sums[s] / total;
    else out.fill(1 / (to - from), from, to);
  }
  return out;
}
