/**
 * A two-player zero-sum game's whole tree, walked once through the game API (explicit chance,
 * information-state keys) and kept as flat typed arrays, so that CFR+ and exact best response
 * iterate over arrays instead of cloning states (OpenSpiel walks states on every iteration; an
 * array pass is what makes 100,000 CFR+ iterations of Leduc hold'em a matter of minutes).
 *
 * Layout: nodes are numbered in depth-first pre-order from the root (0), so a parent's number is
 * below its children's. A node's outgoing edges are edges[firstEdge[n] .. firstEdge[n] +
 * edgeCount[n]); at a decision node edge a is the a-th legal action of its information set, whose
 * probabilities live in the policy slots slotOffset[i] .. slotOffset[i + 1] (a policy over the
 * tree is one Float64Array of probabilities, one per slot). Information sets are numbered in the
 * order the walk first meets them, so a seat's earlier information sets come before its later ones.
 */
import { createHash } from 'node:crypto';
import { AgoraError, CHANCE, Rng, type GameDefinition, type GameState } from '../../envs/index.js';

/** nodePlayer of a terminal node (CHANCE, -2, marks chance nodes; 0 and 1 the seats). */
export const TERMINAL = -1;

/** Nodes a tree may hold unless the caller allows more: far above Leduc's (about 10^4). */
const DEFAULT_MAX_NODES = 5_000_000;

export interface GameTree {
  readonly game: string;
  /** Always 2: CFR+ and exploitability here are for two-player zero-sum games. */
  readonly players: 2;
  readonly nodes: number;
  /** Per node: the seat to act (0, 1), CHANCE, or TERMINAL. */
  readonly nodePlayer: Int8Array;
  /** Per decision node: its information set; -1 elsewhere. */
  readonly nodeInfoset: Int32Array;
  readonly firstEdge: Int32Array;
  readonly edgeCount: Int32Array;
  /** Per edge: the node it leads to. */
  readonly edgeChild: Int32Array;
  /** Per edge of a chance node: the outcome's probability (0 on decision edges). */
  readonly edgeProbability: Float64Array;
  /** Per terminal node: seat 0's return (seat 1's is its negative); 0 elsewhere. */
  readonly utility: Float64Array;
  /** Number of information sets (where a seat acts). */
  readonly infosets: number;
  /** Per information set: its key (GameState.informationState of the seat to act). */
  readonly infosetKey: readonly string[];
  readonly infosetPlayer: Int8Array;
  /** Per information set, and one more: where its slots start (slots of i: slotOffset[i] .. slotOffset[i + 1]). */
  readonly slotOffset: Int32Array;
  /** Per slot: the action it stands for. */
  readonly slotAction: Int32Array;
  /** Per slot: its information set. */
  readonly slotInfoset: Int32Array;
  /**
   * Per information set: the slot of the same seat's previous decision on every path to it (perfect
   * recall makes it one slot), or -1 for the seat's first decision. The seat's own reach of an
   * information set is the product of its probabilities along this chain.
   */
  readonly infosetParentSlot: Int32Array;
  /** Per information set: the nodes in it, nodes infosetNodes[infosetNodeStart[i] .. infosetNodeStart[i + 1]). */
  readonly infosetNodeStart: Int32Array;
  readonly infosetNodes: Int32Array;
  /** Per information set: the actions (chance outcomes included) from the root to its first node. */
  readonly infosetPath: readonly (readonly number[])[];
  /** Most edges at one node, and the longest path in nodes: sizes of scratch buffers. */
  readonly maxEdges: number;
  readonly depth: number;
  /** The game's largest |return| (GameDefinition.returnScale), and its unit ('chips'). */
  readonly returnScale: number;
  readonly returnUnit: string;
}

export interface TreeOptions {
  /** Refuse a tree with more nodes than this (default DEFAULT_MAX_NODES): tabular methods need it all in memory. */
  maxNodes?: number;
  /**
   * Also check that an agent could not tell the states of an information set apart: they give the
   * seat to act the same view, the same action labels and, from the same rng, the same
   * determinized world (so an agent's decisions have the same distribution in each). Measuring an
   * agent by asking it at one state per information set rests on this.
   */
  checkAgentInputs?: boolean;
}

/**
 * Why a game cannot be walked as a two-player zero-sum tree with information states, or undefined
 * when it can: the CLI lists the games that can.
 */
export function whyNoTree(def: GameDefinition): string | undefined {
  if (!def.hasInformationStates) return `${def.name} has no information-state keys (hasInformationStates is false)`;
  if (!def.hasExplicitChance) return `${def.name} cannot show its chance points (hasExplicitChance is false)`;
  if (def.minPlayers > 2 || def.maxPlayers < 2) return `${def.name} is not played by two players`;
  return undefined;
}

/**
 * Walks every history of a two-player game (newGame with explicit chance; seed 0, which explicit
 * chance never draws from) and returns its tree. Throws AgoraError naming what is wrong when the
 * game has no information states or explicit chance, when its returns are not zero-sum, when two
 * states of one information set offer different actions or follow different own decisions (the
 * keys are then not a perfect-recall partition), or when the tree is larger than maxNodes.
 */
export function buildGameTree(def: GameDefinition, options: TreeOptions = {}): GameTree {
  const why = whyNoTree(def);
  if (why) throw new AgoraError('bad_request', `${why}: CFR+ and exact best response walk a game's information sets`);
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  const fail = (detail: string): never => {
    throw new AgoraError('bad_request', `${def.name}: ${detail}`);
  };

  const nodePlayer: number[] = [];
  const nodeInfoset: number[] = [];
  const firstEdge: number[] = [];
  const edgeCount: number[] = [];
  const utility: number[] = [];
  const edgeChild: number[] = [];
  const edgeProbability: number[] = [];
  const keys: string[] = [];
  const infosetIndex = new Map<string, number>();
  const infosetPlayer: number[] = [];
  const infosetActions: number[][] = [];
  const infosetParentSlot: number[] = [];
  const infosetPath: number[][] = [];
  const membersOf: number[][] = [];
  const slotOffset: number[] = [0];
  // The slot of each seat's last decision on the current path (perfect recall check and parents).
  const lastSlot = [-1, -1];
  const path: number[] = [];
  // With checkAgentInputs: per information set, what the seat to act is given at its first state.
  const inputsOf: string[][] = [];
  let maxEdges = 0;
  let depth = 0;

  const visit = (state: GameState, level: number): number => {
    const n = nodePlayer.length;
    if (n >= maxNodes)
      fail(
        `the tree has more than ${maxNodes.toLocaleString('en-US')} nodes: too big to solve or best-respond to here`,
      );
    depth = Math.max(depth, level + 1);
    if (state.isTerminal()) {
      const returns = state.returns();
      if (Math.abs(returns[0] + returns[1]) > 1e-9)
        fail(
          `returns ${returns.join(', ')} after ${describePath(path)} do not sum to zero; ` +
            'exploitability and CFR+ here are for two-player zero-sum games',
        );
      pushNode(TERMINAL, -1, returns[0]);
      return n;
    }
    const player = state.currentPlayer();
    if (player === CHANCE) {
      const outcomes = state.chanceOutcomes();
      pushNode(CHANCE, -1, 0);
      const first = reserveEdges(n, outcomes.length);
      outcomes.forEach((o, e) => {
        edgeProbability[first + e] = o.probability;
        edgeChild[first + e] = descend(state, o.outcome, level);
      });
      return n;
    }
    if (player !== 0 && player !== 1) fail(`seat ${player} is to act; a two-player tree has seats 0 and 1`);
    const key = state.informationState(player);
    const legal = state.legalActions();
    let infoset = infosetIndex.get(key);
    if (infoset === undefined) {
      infoset = keys.length;
      infosetIndex.set(key, infoset);
      keys.push(key);
      infosetPlayer.push(player);
      infosetActions.push(legal);
      infosetParentSlot.push(lastSlot[player]);
      infosetPath.push(path.slice());
      membersOf.push([]);
      slotOffset.push(slotOffset[infoset] + legal.length);
      if (options.checkAgentInputs) inputsOf.push(agentInputs(state, player, key));
    } else {
      if (infosetPlayer[infoset] !== player)
        fail(`information state '${key}' is reached with seat ${infosetPlayer[infoset]} and seat ${player} to act`);
      if (!sameActions(infosetActions[infoset], legal))
        fail(
          `information state '${key}' of seat ${player} offers actions [${infosetActions[infoset]}] in one state ` +
            `and [${legal}] in another (after ${describePath(path)}): ` +
            'a seat must have the same choices in states it cannot tell apart',
        );
      if (infosetParentSlot[infoset] !== lastSlot[player])
        fail(
          `information state '${key}' of seat ${player} is reached after different decisions of that seat ` +
            `(after ${describePath(path)}): the keys do not give perfect recall`,
        );
      if (options.checkAgentInputs) {
        const inputs = agentInputs(state, player, key);
        const first = inputsOf[infoset];
        const differs = AGENT_INPUTS.find((_, k) => inputs[k] !== first[k]);
        if (differs)
          fail(
            `two states of information state '${key}' give seat ${player} different ${differs} ` +
              `(after ${describePath(infosetPath[infoset])} and after ${describePath(path)}): ` +
              'an agent could tell them apart, so its policy is not one per information state',
          );
      }
    }
    membersOf[infoset].push(n);
    pushNode(player, infoset, 0);
    const first = reserveEdges(n, legal.length);
    const saved = lastSlot[player];
    legal.forEach((action, a) => {
      lastSlot[player] = slotOffset[infoset] + a;
      edgeChild[first + a] = descend(state, action, level);
    });
    lastSlot[player] = saved;
    return n;
  };

  function pushNode(player: number, infoset: number, u: number): void {
    nodePlayer.push(player);
    nodeInfoset.push(infoset);
    firstEdge.push(-1);
    edgeCount.push(0);
    utility.push(u);
  }

  function reserveEdges(n: number, count: number): number {
    const first = edgeChild.length;
    firstEdge[n] = first;
    edgeCount[n] = count;
    for (let e = 0; e < count; e++) {
      edgeChild.push(-1);
      edgeProbability.push(0);
    }
    maxEdges = Math.max(maxEdges, count);
    return first;
  }

  function descend(state: GameState, action: number, level: number): number {
    const next = state.clone();
    next.applyAction(action);
    path.push(action);
    const child = visit(next, level + 1);
    path.pop();
    return child;
  }

  visit(def.newGame({ players: 2, seed: 0, chance: 'explicit' }), 0);

  const infosets = keys.length;
  const slots = slotOffset[infosets];
  const slotAction = new Int32Array(slots);
  const slotInfoset = new Int32Array(slots);
  for (let i = 0; i < infosets; i++) {
    infosetActions[i].forEach((action, a) => {
      slotAction[slotOffset[i] + a] = action;
      slotInfoset[slotOffset[i] + a] = i;
    });
  }
  const infosetNodeStart = new Int32Array(infosets + 1);
  for (let i = 0; i < infosets; i++) infosetNodeStart[i + 1] = infosetNodeStart[i] + membersOf[i].length;
  return {
    game: def.name,
    players: 2,
    nodes: nodePlayer.length,
    nodePlayer: Int8Array.from(nodePlayer),
    nodeInfoset: Int32Array.from(nodeInfoset),
    firstEdge: Int32Array.from(firstEdge),
    edgeCount: Int32Array.from(edgeCount),
    edgeChild: Int32Array.from(edgeChild),
    edgeProbability: Float64Array.from(edgeProbability),
    utility: Float64Array.from(utility),
    infosets,
    infosetKey: keys,
    infosetPlayer: Int8Array.from(infosetPlayer),
    slotOffset: Int32Array.from(slotOffset),
    slotAction,
    slotInfoset,
    infosetParentSlot: Int32Array.from(infosetParentSlot),
    infosetNodeStart,
    infosetNodes: Int32Array.from(membersOf.flat()),
    infosetPath,
    maxEdges,
    depth,
    returnScale: def.returnScale,
    returnUnit: def.returnUnit,
  };
}

/** What an agent is given at a decision (envs/core/agent.ts's DecisionContext), by name. */
const AGENT_INPUTS = ['views', 'action labels', 'determinized worlds (same rng)'] as const;

function agentInputs(state: GameState, player: number, key: string): string[] {
  return [
    JSON.stringify(state.view(player)),
    state
      .legalActions()
      .map((a) => state.actionToString(a))
      .join('\n'),
    JSON.stringify(state.determinize(player, Rng.fromSeed(`agent-inputs:${key}`)).toJSON()),
  ];
}

function sameActions(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function describePath(path: readonly number[]): string {
  return path.length === 0 ? 'no action' : `actions ${path.join(',')}`;
}

/** Number of policy slots (one per information set and legal action). */
export function slotCount(tree: GameTree): number {
  return tree.slotOffset[tree.infosets];
}

/** The policy that plays every legal action of every information set equally often. */
export function uniformPolicy(tree: GameTree): Float64Array {
  const out = new Float64Array(slotCount(tree));
  for (let i = 0; i < tree.infosets; i++) {
    const from = tree.slotOffset[i];
    const to = tree.slotOffset[i + 1];
    out.fill(1 / (to - from), from, to);
  }
  return out;
}

const signatures = new WeakMap<GameTree, string>();

/**
 * What a policy over this tree depends on, as one string: 'sha256:' and the hash of every
 * information-state key with its seat and legal actions, in walk order. Two builds whose keys or
 * actions differ (the rules or the key format changed) have different signatures.
 */
export function treeSignature(tree: GameTree): string {
  let signature = signatures.get(tree);
  if (signature === undefined) {
    const hash = createHash('sha256');
    for (let i = 0; i < tree.infosets; i++) {
      const actions = tree.slotAction.subarray(tree.slotOffset[i], tree.slotOffset[i + 1]);
      hash.update(`${tree.infosetPlayer[i]}\t${tree.infosetKey[i]}\t${actions.join(',')}\n`);
    }
    signature = `sha256:${hash.digest('hex')}`;
    signatures.set(tree, signature);
  }
  return signature;
}

const trees = new WeakMap<GameDefinition, GameTree>();

/**
 * buildGameTree, once per game definition in this process: loading a policy checks it against the
 * tree, and a tournament loads the same policy for many seats.
 */
export function cachedGameTree(def: GameDefinition): GameTree {
  let tree = trees.get(def);
  if (tree === undefined) {
    tree = buildGameTree(def);
    trees.set(def, tree);
  }
  return tree;
}
