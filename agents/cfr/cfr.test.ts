/**
 * CFR+, exact best response and policy files, against exact figures: Kuhn poker's best responses
 * to uniform play (OpenSpiel's exploitability_test: NashConv 11/12), its equilibrium family
 * (exploitability 0, value −1/18), always-pass (NashConv 2), Leduc's uniform NashConv 4.747222…,
 * and CFR+ reaching −1/18 within 1e-3 in OpenSpiel's 200 iterations. A toy game built from a table
 * tests what the tree walk refuses.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { AgoraError, CHANCE, Rng, decisionContext, getGame, type GameDefinition } from '../../envs/index.js';
import { agentExploitability, exploitabilityTree } from '../exploitability.js';
import { makeAgent } from '../make-agent.js';
import { hasActionProbabilities } from '../policy-agent.js';
import { bestResponse, exploitabilityOf, policyValue } from './best-response.js';
import { CfrPlusSolver } from './cfr-plus.js';
import { runCfrPlus } from './cfr-run.js';
import { buildGameTree, uniformPolicy, type GameTree } from './game-tree.js';
import { loadCfrPolicy, policyOnTree, tabularPolicy } from './policy-file.js';

const kuhn = getGame('kuhn');
const leduc = getGame('leduc');
let kuhnTree: GameTree;
let leducTree: GameTree;
// Leduc's walk takes a second alone; vitest's 10 s for hooks is short on a loaded machine.
beforeAll(() => {
  kuhnTree = buildGameTree(kuhn);
  leducTree = buildGameTree(leduc);
}, 60_000);

/** A policy over the tree from the probability of action 1 (bet) at each Kuhn key. */
function kuhnPolicy(tree: GameTree, bet: Record<string, number>): Float64Array {
  const out = new Float64Array(tree.slotOffset[tree.infosets]);
  for (let i = 0; i < tree.infosets; i++) {
    const p = bet[tree.infosetKey[i]];
    out[tree.slotOffset[i]] = 1 - p;
    out[tree.slotOffset[i] + 1] = p;
  }
  return out;
}

/** Kuhn's equilibrium family (Kuhn 1950; the table envs/kuhn/rules.test.ts checks the value of). */
const equilibrium = (alpha: number) => ({
  'J?': alpha,
  'Q?': 0,
  'K?': 3 * alpha,
  'J?pb': 0,
  'Q?pb': alpha + 1 / 3,
  'K?pb': 1,
  '?Jp': 1 / 3,
  '?Qp': 0,
  '?Kp': 1,
  '?Jb': 0,
  '?Qb': 1 / 3,
  '?Kb': 1,
});

/** A policy that always plays an information state's first legal action (OpenSpiel's FirstActionPolicy). */
function firstAction(tree: GameTree): Float64Array {
  const out = new Float64Array(tree.slotOffset[tree.infosets]);
  for (let i = 0; i < tree.infosets; i++) out[tree.slotOffset[i]] = 1;
  return out;
}

describe('the game tree', () => {
  test("kuhn: 58 nodes (24 decisions, 4 chance points, 30 ends), 12 information sets as OpenSpiel's", () => {
    const count = (p: number) => kuhnTree.nodePlayer.filter((x) => x === p).length;
    expect(kuhnTree.nodes).toBe(58);
    expect([count(0) + count(1), count(CHANCE), count(-1)]).toEqual([24, 4, 30]);
    expect(kuhnTree.infosets).toBe(12);
    expect([...kuhnTree.infosetKey].sort()).toEqual(
      ['J?', 'Q?', 'K?', 'J?pb', 'Q?pb', 'K?pb', '?Jp', '?Qp', '?Kp', '?Jb', '?Qb', '?Kb'].sort(),
    );
  });

  test('leduc: 9,457 histories, 936 information sets (468 a seat), 5,520 ends', () => {
    expect(leducTree.nodes).toBe(9457);
    expect(leducTree.infosets).toBe(936);
    expect(leducTree.infosetPlayer.filter((p) => p === 0).length).toBe(468);
    expect(leducTree.nodePlayer.filter((p) => p === -1).length).toBe(5520);
  });

  test('a seat’s earlier information sets come first, and each set’s path leads to it', () => {
    for (const tree of [kuhnTree, leducTree]) {
      for (let i = 0; i < tree.infosets; i++) {
        const parent = tree.infosetParentSlot[i];
        if (parent >= 0) expect(tree.slotInfoset[parent]).toBeLessThan(i);
        const state = (tree === kuhnTree ? kuhn : leduc).newGame({ players: 2, seed: 0, chance: 'explicit' });
        for (const a of tree.infosetPath[i]) state.applyAction(a);
        expect(state.informationState(tree.infosetPlayer[i])).toBe(tree.infosetKey[i]);
      }
    }
  });

  test('a game without information states is refused, naming what it lacks', () => {
    expect(() => buildGameTree(getGame('tictactoe'))).toThrow(/tictactoe has no information-state keys/);
  });
});

describe('exact best response and exploitability', () => {
  test('kuhn, uniform play: BR0 = 1/2, BR1 = 5/12, NashConv 11/12, exploitability 11/24; value 1/8', () => {
    const f = exploitabilityOf(kuhnTree, uniformPolicy(kuhnTree));
    expect(f.bestResponse[0]).toBeCloseTo(1 / 2, 14);
    expect(f.bestResponse[1]).toBeCloseTo(5 / 12, 14);
    expect(f.nashConv).toBeCloseTo(11 / 12, 14);
    expect(f.exploitability).toBeCloseTo(11 / 24, 14);
    expect(f.value).toBeCloseTo(1 / 8, 14);
  });

  test("kuhn, uniform play: the best responses' actions are OpenSpiel's (exploitability_test.py)", () => {
    const actions = (seat: number) => {
      const br = bestResponse(kuhnTree, uniformPolicy(kuhnTree), seat).actions;
      const out: Record<string, number> = {};
      for (let i = 0; i < kuhnTree.infosets; i++) if (br[i] >= 0) out[kuhnTree.infosetKey[i]] = br[i];
      return out;
    };
    // OpenSpiel's keys '0', '0pb', '1p'... are 'J?', 'J?pb', '?Qp'... here; 0 = pass, 1 = bet.
    expect(actions(0)).toEqual({ 'J?': 1, 'Q?': 1, 'K?': 0, 'J?pb': 0, 'Q?pb': 1, 'K?pb': 1 });
    expect(actions(1)).toEqual({ '?Jp': 1, '?Qp': 1, '?Kp': 1, '?Jb': 0, '?Qb': 1, '?Kb': 1 });
  });

  test.each([0, 0.1, 0.2, 1 / 3])('kuhn, the equilibrium with alpha %d: exploitability 0, value -1/18', (alpha) => {
    const f = exploitabilityOf(kuhnTree, kuhnPolicy(kuhnTree, equilibrium(alpha)));
    expect(Math.abs(f.exploitability)).toBeLessThan(1e-15);
    expect(f.bestResponse[0]).toBeCloseTo(-1 / 18, 14);
    expect(f.bestResponse[1]).toBeCloseTo(1 / 18, 14);
    expect(f.value).toBeCloseTo(-1 / 18, 14);
  });

  test('kuhn: moving off the equilibrium is exploitable (seat 1 bluffing the Jack half the time)', () => {
    const f = exploitabilityOf(kuhnTree, kuhnPolicy(kuhnTree, { ...equilibrium(0.2), '?Jp': 0.5 }));
    expect(f.exploitability).toBeGreaterThan(0.01);
  });

  test("always the first action: NashConv 2 in kuhn and leduc (OpenSpiel's FirstActionPolicy)", () => {
    expect(exploitabilityOf(kuhnTree, firstAction(kuhnTree)).nashConv).toBeCloseTo(2, 14);
    expect(exploitabilityOf(leducTree, firstAction(leducTree)).nashConv).toBeCloseTo(2, 14);
  });

  test("leduc, uniform play: NashConv 4.747222222222222 (OpenSpiel's), value -5/64", () => {
    const f = exploitabilityOf(leducTree, uniformPolicy(leducTree));
    expect(f.nashConv).toBeCloseTo(4.747222222222222, 12);
    expect(f.value).toBeCloseTo(-5 / 64, 14);
  });
});

describe('CFR+', () => {
  test("kuhn, 200 iterations (OpenSpiel's test): value -1/18 within 1e-3, exploitability below 1e-3", () => {
    const solver = new CfrPlusSolver(kuhnTree);
    solver.run(200);
    const policy = solver.averagePolicy();
    expect(Math.abs(policyValue(kuhnTree, policy) + 1 / 18)).toBeLessThan(1e-3);
    expect(exploitabilityOf(kuhnTree, policy).exploitability).toBeLessThan(1e-3);
  });

  test('the policies start uniform, and the first average is the uniform policy', () => {
    const solver = new CfrPlusSolver(kuhnTree);
    expect(solver.currentPolicy()).toEqual(uniformPolicy(kuhnTree));
    solver.run(1);
    expect(solver.averagePolicy()).toEqual(uniformPolicy(kuhnTree));
  });

  test('leduc, 100 iterations: exploitability falls from 2.37 below 0.05, seat 0’s value near -0.0856', () => {
    const solver = new CfrPlusSolver(leducTree);
    solver.run(100);
    const f = exploitabilityOf(leducTree, solver.averagePolicy());
    expect(f.exploitability).toBeLessThan(0.05);
    expect(Math.abs(f.value + 0.0856)).toBeLessThan(0.01);
  });

  test('a checkpoint goes on exactly: 10 + 20 iterations through JSON equal 30 in one go', () => {
    const straight = new CfrPlusSolver(kuhnTree, { delay: 3 });
    straight.run(30);
    const first = new CfrPlusSolver(kuhnTree, { delay: 3 });
    first.run(10);
    const resumed = CfrPlusSolver.resume(kuhnTree, JSON.parse(JSON.stringify(first.checkpoint())));
    resumed.run(20);
    expect(resumed.iteration).toBe(30);
    expect(resumed.averagePolicy()).toEqual(straight.averagePolicy());
    expect(resumed.currentPolicy()).toEqual(straight.currentPolicy());
  });

  test('the delay leaves the first d iterations out of the average', () => {
    const delayed = new CfrPlusSolver(kuhnTree, { delay: 5 });
    delayed.run(5);
    expect(delayed.averagePolicy()).toEqual(uniformPolicy(kuhnTree));
    delayed.run(1);
    expect(delayed.averagePolicy()).not.toEqual(uniformPolicy(kuhnTree));
  });

  test('a checkpoint of another game or tree is refused, naming what differs', () => {
    const data = new CfrPlusSolver(kuhnTree).checkpoint();
    expect(() => CfrPlusSolver.resume(leducTree, data)).toThrow(/it is a kuhn run, not leduc/);
    expect(() => CfrPlusSolver.resume(kuhnTree, { ...data, signature: 'sha256:0' })).toThrow(
      /solved on another kuhn tree/,
    );
    expect(() => CfrPlusSolver.resume(kuhnTree, { ...data, regret: [1, 2] })).toThrow(
      /regret holds 2 values; the tree has 24 slots/,
    );
  });
});

describe('policy files and the cfr: agent', () => {
  let dir: string;
  beforeAll(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'agora-cfr-')), 'kuhn');
    await runCfrPlus({ game: kuhn, iterations: 300, out: dir });
  }, 60_000);

  test('a saved policy loads to the same probabilities, and its exploitability is the run’s', () => {
    const solver = new CfrPlusSolver(kuhnTree);
    solver.run(300);
    const loaded = policyOnTree(kuhnTree, loadCfrPolicy(dir, kuhn));
    const average = solver.averagePolicy();
    loaded.forEach((p, s) => expect(p).toBeCloseTo(average[s], 15));
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    expect(meta).toMatchObject({
      format: 'agora-cfr-1',
      game: 'kuhn',
      training: { algorithm: 'cfr+', iterations: 300 },
    });
    expect(meta.results.exploitability).toBeCloseTo(exploitabilityOf(kuhnTree, average).exploitability, 15);
  });

  test('the agent states the table’s probabilities and draws its actions from them', () => {
    const agent = makeAgent(`cfr:${dir}`, kuhn);
    const table = loadCfrPolicy(dir, kuhn);
    const state = kuhn.newGame({ players: 2, seed: 3 });
    const ctx = decisionContext(kuhn, state, Rng.fromSeed(1));
    const key = state.informationState(state.currentPlayer());
    if (!hasActionProbabilities(agent)) throw new Error('cfr: agents state their probabilities');
    expect(agent.actionProbabilities(ctx)).toEqual(table.entries.get(key)!.probabilities);
    const bets = Array.from({ length: 2000 }, (_, k) =>
      agent.act(decisionContext(kuhn, state, Rng.fromSeed(`draw:${k}`))),
    ).filter((a) => a === 1).length;
    expect(bets / 2000).toBeCloseTo(table.entries.get(key)!.probabilities[1], 1);
  });

  test('a game without information states gets a clear error', () => {
    expect(() => makeAgent(`cfr:${dir}`, getGame('tictactoe'))).toThrow(
      /tictactoe has no information-state keys \(hasInformationStates is false\), so it has no tabular policy/,
    );
    expect(() => makeAgent('cfr', kuhn)).toThrow(/cfr needs a model folder/);
  });

  /** A copy of the saved policy with policy.json changed by `edit`. */
  function broken(edit: (file: Record<string, unknown>, text: string) => string): string {
    const copy = join(mkdtempSync(join(tmpdir(), 'agora-cfr-broken-')), 'p');
    const text = readFileSync(join(dir, 'policy.json'), 'utf8');
    const file = JSON.parse(text);
    mkdirSync(copy);
    writeFileSync(join(copy, 'policy.json'), edit(file, text));
    return copy;
  }
  const json = (f: unknown) => JSON.stringify(f);
  const entries = (f: Record<string, unknown>) =>
    f.policy as Record<string, { probabilities: number[]; actions: number[] }>;

  test.each([
    [
      'truncated',
      (_f: Record<string, unknown>, t: string) => t.slice(0, 200),
      /policy.json is not valid JSON \(corrupt or truncated\)/,
    ],
    [
      'not a policy',
      (f: Record<string, unknown>) => json({ ...f, format: 'agora-model-1' }),
      /format "agora-model-1"; a CFR policy has 'agora-cfr-policy-1'/,
    ],
    ['another game', (f: Record<string, unknown>) => json({ ...f, game: 'leduc' }), /was solved for leduc, not kuhn/],
    [
      'a field missing',
      (f: Record<string, unknown>) => json({ ...f, solver: undefined }),
      /policy.json is malformed: solver/,
    ],
    [
      'a key missing',
      (f: Record<string, unknown>) => {
        delete entries(f)['K?pb'];
        return json(f);
      },
      /no entry for information state 'K\?pb' of seat 0; the rules or the information-state keys changed/,
    ],
    [
      'a key too many',
      (f: Record<string, unknown>) => {
        entries(f)['K?bb'] = { ...entries(f)['K?pb'] };
        return json(f);
      },
      /an entry for 'K\?bb', which is not an information state/,
    ],
    [
      'other actions',
      (f: Record<string, unknown>) => {
        entries(f)['J?'] = { ...entries(f)['J?'], actions: [0], probabilities: [1] };
        return json(f);
      },
      /'J\?' offers actions \[0,1\], the file lists \[0\]/,
    ],
    [
      'not a distribution',
      (f: Record<string, unknown>) => {
        entries(f)['?Qb'].probabilities = [0.5, 0.6];
        return json(f);
      },
      /information state '\?Qb': probabilities sum to 1.1, not 1/,
    ],
    [
      'a negative probability',
      (f: Record<string, unknown>) => {
        entries(f)['?Qb'].probabilities = [1.5, -0.5];
        return json(f);
      },
      /'\?Qb': probabilities \[1.5,-0.5\] are not all finite and >= 0/,
    ],
  ])('a policy.json %s is refused, naming what is wrong', (_name, edit, message) => {
    expect(() => makeAgent(`cfr:${broken(edit)}`, kuhn)).toThrow(message);
  });

  test('a missing folder names the file it needs', () => {
    expect(() => loadCfrPolicy(join(dir, 'nope'), kuhn)).toThrow(/policy.json is missing/);
  });

  test('a table round-trips through tabularPolicy and policyOnTree', () => {
    const policy = kuhnPolicy(kuhnTree, equilibrium(0.2));
    expect(policyOnTree(kuhnTree, tabularPolicy(kuhnTree, policy))).toEqual(policy);
  });
});

/**
 * A toy game from a table, for what the walk refuses: each node is a chance point, a seat's
 * decision (with the key that seat sees and, optionally, what its view shows) or an end.
 */
type Toy =
  { chance: [number, Toy][] } | { seat: number; key: string; view?: string; moves: Toy[] } | { pay: [number, number] };

function toyGame(root: Toy): GameDefinition {
  class ToyState {
    readonly players = 2;
    readonly chanceMode = 'explicit';
    constructor(readonly path: number[] = []) {}
    private node(): Toy {
      let n = root;
      for (const a of this.path) n = 'chance' in n ? n.chance[a][1] : 'moves' in n ? n.moves[a] : n;
      return n;
    }
    currentPlayer(): number {
      const n = this.node();
      return 'chance' in n ? CHANCE : 'seat' in n ? n.seat : -1;
    }
    isTerminal = () => 'pay' in this.node();
    returns = () => (this.node() as { pay: number[] }).pay;
    chanceOutcomes = () =>
      (this.node() as { chance: [number, Toy][] }).chance.map(([probability], outcome) => ({
        outcome,
        probability,
        label: String(outcome),
      }));
    legalActions = () => {
      const n = this.node();
      return 'chance' in n ? n.chance.map((_, i) => i) : 'moves' in n ? n.moves.map((_, i) => i) : [];
    };
    informationState = (seat: number) => {
      const n = this.node() as { seat: number; key: string };
      if (n.seat !== seat) throw new AgoraError('bad_request', 'the toy keys only the seat to act');
      return n.key;
    };
    view = (seat: number) => ({ seat, shown: (this.node() as { view?: string }).view ?? '' });
    actionToString = (a: number) => String(a);
    determinize = () => this.clone();
    toJSON = () => this.path;
    clone = () => new ToyState([...this.path]);
    applyAction = (a: number) => this.path.push(a);
  }
  const def = {
    name: 'toy',
    minPlayers: 2,
    maxPlayers: 2,
    hasInformationStates: true,
    hasExplicitChance: true,
    returnScale: 1,
    returnUnit: 'chips',
    newGame: () => new ToyState(),
  };
  return def as unknown as GameDefinition;
}

/** Seat 0 picks heads or tails unseen; seat 1 guesses: matching pennies played in turn. */
const pennies = (pay = (match: boolean): [number, number] => (match ? [-1, 1] : [1, -1])): Toy => ({
  seat: 0,
  key: 'pick',
  moves: [0, 1].map((mine) => ({
    seat: 1,
    key: 'guess',
    view: `after ${mine}`,
    moves: [0, 1].map((guess) => ({ pay: pay(mine === guess) })),
  })),
});

describe('the walk over any game of the API (a toy game)', () => {
  test('hidden matching pennies: uniform is the equilibrium, and CFR+ finds it', () => {
    const tree = buildGameTree(toyGame(pennies()));
    expect([tree.nodes, tree.infosets]).toEqual([7, 2]);
    expect(exploitabilityOf(tree, uniformPolicy(tree)).exploitability).toBe(0);
    const solver = new CfrPlusSolver(tree);
    solver.run(100);
    expect(exploitabilityOf(tree, solver.averagePolicy()).exploitability).toBeLessThan(1e-3);
  });

  test('a chance point first: the average is taken over its outcomes', () => {
    const tree = buildGameTree(
      toyGame({
        chance: [
          [0.25, { pay: [4, -4] }],
          [0.75, { pay: [0, 0] }],
        ],
      }),
    );
    expect(exploitabilityOf(tree, uniformPolicy(tree)).value).toBe(1);
  });

  test('returns that are not zero-sum are refused', () => {
    expect(() => buildGameTree(toyGame(pennies((m) => (m ? [1, 1] : [0, 0]))))).toThrow(
      /returns 1, 1 after actions 0,0 do not sum to zero; exploitability and CFR\+ here are for two-player zero-sum/,
    );
  });

  test('one key with different actions is refused', () => {
    const game: Toy = {
      seat: 0,
      key: 'pick',
      moves: [
        { seat: 1, key: 'guess', moves: [{ pay: [1, -1] }, { pay: [-1, 1] }] },
        { seat: 1, key: 'guess', moves: [{ pay: [1, -1] }] },
      ],
    };
    expect(() => buildGameTree(toyGame(game))).toThrow(
      /'guess' of seat 1 offers actions \[0,1\] in one state and \[0\] in another \(after actions 1\)/,
    );
  });

  test('keys that forget the seat’s own earlier decision (imperfect recall) are refused', () => {
    const game: Toy = {
      seat: 0,
      key: 'first',
      moves: [0, 1].map(() => ({ seat: 0, key: 'second', moves: [{ pay: [0, 0] }, { pay: [1, -1] }] })),
    };
    expect(() => buildGameTree(toyGame(game))).toThrow(/'second' of seat 0 is reached after different decisions/);
  });

  test('states of one key that show the seat different views are refused when agents are to be asked', () => {
    const game = pennies();
    expect(() => buildGameTree(toyGame(game), { checkAgentInputs: true })).toThrow(
      /two states of information state 'guess' give seat 1 different views \(after actions 0 and after actions 1\)/,
    );
    expect(() => buildGameTree(toyGame(game))).not.toThrow();
  });

  test('a tree larger than allowed is refused with its size', () => {
    expect(() => buildGameTree(leduc, { maxNodes: 1000 })).toThrow(/more than 1,000 nodes/);
  });
});

describe('exploitability of agents', () => {
  test('exact for agents that state their probabilities: random is 11/24 in kuhn', async () => {
    const report = await agentExploitability(kuhn, makeAgent('random', kuhn));
    expect(report.method).toBe('exact');
    expect(report.exploitability).toBeCloseTo(11 / 24, 14);
    expect([report.infosets, report.queried]).toEqual([12, 12]);
  });

  test('estimated by sampling otherwise: random sampled lands within its bootstrap interval of 11/24', async () => {
    const report = await agentExploitability(kuhn, makeAgent('random', kuhn), {
      forceSampling: true,
      samples: 400,
      resamples: 100,
      seed: 's',
    });
    expect(report.method).toBe('estimated');
    expect(report.error!.stdDev).toBeGreaterThan(0);
    expect(Math.abs(report.exploitability - 11 / 24)).toBeLessThan(4 * report.error!.stdDev);
    expect(report.error!.low).toBeLessThanOrEqual(report.exploitability);
    expect(report.error!.high).toBeGreaterThanOrEqual(report.exploitability);
  });

  test('always passing: exploitability 1 exactly (NashConv 2), every decision agreed, no spread', async () => {
    const passer = { name: 'always-pass', act: (ctx: { legalActions: number[] }) => ctx.legalActions[0] };
    const report = await agentExploitability(kuhn, passer, { samples: 10 });
    expect(report.exploitability).toBeCloseTo(1, 14);
    expect(report.allAgreed).toBe(true);
    expect(report.error!.stdDev).toBe(0);
  });

  test('an estimate skips the sets the agent’s own play never reaches: always betting never meets J?pb', async () => {
    const bettor = { name: 'always-bet', act: (ctx: { legalActions: number[] }) => ctx.legalActions.at(-1)! };
    const report = await agentExploitability(kuhn, bettor, { samples: 10 });
    const exact = new Float64Array(kuhnTree.slotOffset[kuhnTree.infosets]);
    for (let i = 0; i < kuhnTree.infosets; i++) exact[kuhnTree.slotOffset[i + 1] - 1] = 1;
    expect(report.queried).toBe(9);
    expect(report.exploitability).toBeCloseTo(exploitabilityOf(kuhnTree, exact).exploitability, 14);
  });

  test('a state of each information set stands for all: same views, labels and worlds (kuhn, leduc)', () => {
    expect(exploitabilityTree(kuhn).infosets).toBe(12);
    expect(exploitabilityTree(leduc).infosets).toBe(936);
  });
});
