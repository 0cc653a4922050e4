/**
 * Exact best response and exploitability over a GameTree, as OpenSpiel defines them for two-player
 * zero-sum games: NashConv is the sum over seats of what a best response wins against the policy's
 * other seat, minus what that seat wins when both seats follow the policy; in a zero-sum game the
 * second terms cancel, so NashConv = BR₀ + BR₁, and exploitability = NashConv / 2, in the game's
 * return unit (chips). It is 0 exactly at an equilibrium, and what an opponent who knows the policy
 * wins from it per hand, averaged over the two seats, above the game's value.
 *
 * A policy is one probability per slot of the tree (game-tree.ts). The best response is computed
 * bottom-up with memoised node values: at each of the responder's information sets it takes the
 * action whose value, summed over the set's states weighted by the chance-and-opponent
 * probability of reaching each, is largest (the first such action on ties, as OpenSpiel).
 */
import { CHANCE } from '../../envs/index.js';
import { TERMINAL, type GameTree } from './game-tree.js';

export interface BestResponse {
  /** What the responding seat wins per hand against the policy's other seat, in the game's unit. */
  value: number;
  /** Per information set of the responding seat: the action it plays (-1 for the other seat's sets). */
  actions: Int32Array;
}

export interface ExploitabilityFigures {
  /** NashConv / 2 in the game's return unit: the definition of OpenSpiel's exploitability(). */
  exploitability: number;
  /** BR₀ + BR₁ (minus the policy's own values, which cancel in a zero-sum game). */
  nashConv: number;
  /** [BR₀, BR₁]: seat 0's best response against the policy's seat 1, and seat 1's against its seat 0. */
  bestResponse: [number, number];
  /** Seat 0's expected return when both seats follow the policy (seat 1's is its negative). */
  value: number;
}

/** Seat `responder`'s best response to the policy of the other seat. */
export function bestResponse(tree: GameTree, policy: Float64Array, responder: number): BestResponse {
  const { nodes, nodePlayer, nodeInfoset, firstEdge, edgeCount, edgeChild, edgeProbability, utility, slotOffset } =
    tree;
  // The other seat's and chance's probability of reaching each node, parents first (pre-order).
  const reach = new Float64Array(nodes);
  reach[0] = 1;
  for (let n = 0; n < nodes; n++) {
    const player = nodePlayer[n];
    if (player === TERMINAL) continue;
    const first = firstEdge[n];
    const offset = player === CHANCE ? 0 : slotOffset[nodeInfoset[n]];
    for (let a = 0; a < edgeCount[n]; a++) {
      const p = player === CHANCE ? edgeProbability[first + a] : player === responder ? 1 : policy[offset + a];
      reach[edgeChild[first + a]] = reach[n] * p;
    }
  }
  const value = new Float64Array(nodes);
  const known = new Uint8Array(nodes);
  const actions = new Int32Array(tree.infosets).fill(-1);
  const sign = responder === 0 ? 1 : -1;

  const choose = (infoset: number): number => {
    if (actions[infoset] >= 0) return actions[infoset];
    const count = slotOffset[infoset + 1] - slotOffset[infoset];
    const totals = new Float64Array(count);
    for (let m = tree.infosetNodeStart[infoset]; m < tree.infosetNodeStart[infoset + 1]; m++) {
      const h = tree.infosetNodes[m];
      if (reach[h] === 0) continue;
      for (let a = 0; a < count; a++) totals[a] += reach[h] * nodeValue(edgeChild[firstEdge[h] + a]);
    }
    let best = 0;
    for (let a = 1; a < count; a++)
      if (totals[a] > totals[best] + 1e-12 * Math.max(1, Math.abs(totals[best]))) best = a;
    actions[infoset] = best;
    return best;
  };

  const nodeValue = (n: number): number => {
    if (known[n]) return value[n];
    const player = nodePlayer[n];
    const first = firstEdge[n];
    let v = 0;
    if (player === TERMINAL) v = sign * utility[n];
    else if (player === CHANCE) {
      for (let e = first; e < first + edgeCount[n]; e++) v += edgeProbability[e] * nodeValue(edgeChild[e]);
    } else if (player === responder) v = nodeValue(edgeChild[first + choose(nodeInfoset[n])]);
    else {
      const offset = slotOffset[nodeInfoset[n]];
      for (let a = 0; a < edgeCount[n]; a++) {
        const p = policy[offset + a];
        if (p > 0) v += p * nodeValue(edgeChild[first + a]);
      }
    }
    value[n] = v;
    known[n] = 1;
    return v;
  };

  const root = nodeValue(0);
  // Sets the best response never reaches still get an action (as OpenSpiel's best_response_action).
  for (let i = 0; i < tree.infosets; i++) if (tree.infosetPlayer[i] === responder) choose(i);
  return { value: root, actions };
}

/** Seat 0's expected return when both seats follow `policy`. */
export function policyValue(tree: GameTree, policy: Float64Array): number {
  const { nodePlayer, nodeInfoset, firstEdge, edgeCount, edgeChild, edgeProbability, utility, slotOffset } = tree;
  const walk = (n: number): number => {
    const player = nodePlayer[n];
    if (player === TERMINAL) return utility[n];
    const first = firstEdge[n];
    let v = 0;
    if (player === CHANCE) {
      for (let e = first; e < first + edgeCount[n]; e++) v += edgeProbability[e] * walk(edgeChild[e]);
      return v;
    }
    const offset = slotOffset[nodeInfoset[n]];
    for (let a = 0; a < edgeCount[n]; a++) {
      const p = policy[offset + a];
      if (p > 0) v += p * walk(edgeChild[first + a]);
    }
    return v;
  };
  return walk(0);
}

/** Exploitability, NashConv, both best responses and the policy's own value (see the module comment). */
export function exploitabilityOf(tree: GameTree, policy: Float64Array): ExploitabilityFigures {
  const br0 = bestResponse(tree, policy, 0).value;
  const br1 = bestResponse(tree, policy, 1).value;
  const nashConv = br0 + br1;
  return { exploitability: nashConv / 2, nashConv, bestResponse: [br0, br1], value: policyValue(tree, policy) };
}
