/**
 * Self-play games for expert iteration: every seat is the network-guided PUCT search (with root
 * noise), moves are sampled in proportion to visits for the first few decisions of each seat and
 * then chosen greedily. A game is recorded compactly (seed, actions, visit counts per decision,
 * returns): replaying the seed and actions rebuilds every observation exactly.
 *
 * With fullIterations set, decisions follow playout cap randomisation (Wu 2019, KataGo): a share of
 * them run a full search, whose visits become training targets, and the rest a fast one without
 * root noise that only moves the game on. Targets then come from searches far deeper than the game
 * could afford at every decision, while the games still cover as many positions.
 *
 * With teacher set, the full decisions are searched by plain IS-MCTS instead (expert iteration's
 * first expert, Anthony et al. 2017): where rollouts outplay the network's search at equal time
 * (Philadelphia), the network learns the stronger search's choices.
 */
import {
  GUMBEL_DEFAULTS,
  GumbelSearch,
  MCTS_C,
  MctsAgent,
  PuctSearch,
  evaluateAll,
  type GumbelOptions,
  type LeafEvaluation,
  type PolicyNetwork,
} from '../agents/index.js';
import type { GameRecord, SelfPlayOptions } from '../play/index.js';

// What a self-play game is asked and gives back travels through the job queue too: play/ defines it.
export type { GameRecord, SelfPlayOptions };
import { Rng, decisionContext, normalizedReturns, type DecisionContext, type GameDefinition } from '../envs/index.js';

/** Self-play's Gumbel search: root noise of scale 1 (the exploration the improvement guarantee assumes). */
function gumbelOptionsOf(options: SelfPlayOptions): GumbelOptions {
  return {
    ...GUMBEL_DEFAULTS,
    iterations: options.iterations,
    considered: options.considered ?? GUMBEL_DEFAULTS.considered,
    gumbelScale: options.noise > 0 ? 1 : 0,
    mix: options.mix,
    cutoff: options.cutoff,
  };
}

/** The search of one decision: full (recorded, with root noise) or fast (played only). */
function searchFor(options: SelfPlayOptions, rng: Rng): { full: boolean; options: SelfPlayOptions } {
  if (options.fullIterations === undefined && options.teacher === undefined) return { full: true, options };
  // The draw happens only in runs that randomise, so runs without it replay exactly as before.
  const full = rng.next() < (options.fullShare ?? 1);
  if (!full) return { full, options: { ...options, noise: 0 } };
  return {
    full,
    options: options.fullIterations === undefined ? options : { ...options, iterations: options.fullIterations },
  };
}

/** The plain IS-MCTS expert of SelfPlayOptions.teacher, with the leaves' playout cut-off. */
function teacherOf(options: SelfPlayOptions): MctsAgent {
  return new MctsAgent({
    iterations: options.teacher!,
    ms: 0,
    c: MCTS_C,
    rollout: 'random',
    cutoff: options.cutoff ?? 0,
  });
}

/** Games a worker keeps in flight, their pending leaves evaluated in one batch (measured: docs/benchmarks.md). */
export const GAMES_IN_FLIGHT = 8;

/** One game, its leaves evaluated one at a time by the network as given. */
export function playSelfPlayGame(
  def: GameDefinition,
  net: PolicyNetwork,
  players: number,
  seed: string,
  options: SelfPlayOptions,
): GameRecord {
  return playSelfPlayGames(def, net, players, [seed], options, 1)[0];
}

/**
 * Games of the given seeds, in seed order, `inFlight` at a time: every round each game in flight
 * runs its search to its next leaf, one batched forward answers them all, and a finished game's
 * place goes to the next seed. A game draws only on its own RNG and the network's answers are the
 * same numbers batched or not, so every record is exactly what playSelfPlayGame gives for its seed.
 * Pass a CachedNetwork to share answers between rounds, games and calls.
 */
export function playSelfPlayGames(
  def: GameDefinition,
  net: PolicyNetwork,
  players: number,
  seeds: readonly string[],
  options: SelfPlayOptions,
  inFlight = GAMES_IN_FLIGHT,
): GameRecord[] {
  const rounds = selfPlayRounds(def, net, players, seeds, options, inFlight);
  for (;;) {
    const next = rounds.next();
    if (next.done) return next.value;
  }
}

/**
 * The same games, yielding to the event loop after every round (queue workers renew their job
 * locks meanwhile); stops when the signal aborts.
 */
export async function playSelfPlayGamesAsync(
  def: GameDefinition,
  net: PolicyNetwork,
  players: number,
  seeds: readonly string[],
  options: SelfPlayOptions,
  inFlight = GAMES_IN_FLIGHT,
  signal?: AbortSignal,
): Promise<GameRecord[]> {
  const rounds = selfPlayRounds(def, net, players, seeds, options, inFlight);
  for (;;) {
    signal?.throwIfAborted();
    const next = rounds.next();
    if (next.done) return next.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** A leaf of either search (PUCT's or Gumbel's), as the batched forward sees it. */
interface SearchLeaf {
  readonly observation: Float32Array;
}

/** A game in flight: its steps and the leaf it waits on. */
interface GameInFlight {
  index: number;
  steps: Generator<SearchLeaf, GameRecord, LeafEvaluation>;
  leaf: SearchLeaf;
}

/** Drives the games of selfPlayRounds: yields after each batched forward, returns the records. */
function* selfPlayRounds(
  def: GameDefinition,
  net: PolicyNetwork,
  players: number,
  seeds: readonly string[],
  options: SelfPlayOptions,
  inFlight: number,
): Generator<void, GameRecord[]> {
  if (!Number.isInteger(inFlight) || inFlight < 1)
    throw new RangeError(`games in flight must be an integer >= 1; got ${inFlight}`);
  const records = new Array<GameRecord>(seeds.length);
  const games: GameInFlight[] = [];
  let started = 0;
  /** Starts games until `inFlight` wait on a leaf or every seed is started (a game may need none). */
  const fill = (): void => {
    while (games.length < inFlight && started < seeds.length) {
      const index = started++;
      const steps = gameSteps(def, players, seeds[index], options);
      const first = steps.next();
      if (first.done) records[index] = first.value;
      else games.push({ index, steps, leaf: first.value });
    }
  };
  fill();
  while (games.length > 0) {
    const answers = evaluateAll(
      net,
      games.map((g) => g.leaf.observation),
    );
    for (let i = games.length - 1; i >= 0; i--) {
      const game = games[i];
      const next = game.steps.next(answers[i]);
      if (next.done) {
        records[game.index] = next.value;
        games.splice(i, 1);
      } else {
        game.leaf = next.value;
      }
    }
    fill();
    yield;
  }
  return records;
}

/** One game, yielding each leaf its searches need evaluated and taking the network's answer back. */
function* gameSteps(
  def: GameDefinition,
  players: number,
  seed: string,
  options: SelfPlayOptions,
): Generator<SearchLeaf, GameRecord, LeafEvaluation> {
  const state = def.newGame({ players, seed });
  const rng = Rng.fromSeed(`${seed}:self-play`);
  const record: GameRecord = { seed, players, actions: [], targets: [], returns: [] };
  const decisions = new Array<number>(players).fill(0);
  while (!state.isTerminal()) {
    const ctx = decisionContext(def, state, rng);
    const legal = ctx.legalActions;
    let action = legal[0];
    if (legal.length > 1 && options.search === 'gumbel') {
      const { full, options: searchOptions } = searchFor(options, rng);
      const search = new GumbelSearch(def, players, (r) => ctx.sampleWorld(r), rng, gumbelOptionsOf(searchOptions));
      while (!search.done) {
        const leaf = search.select();
        if (leaf) search.expand(leaf, yield leaf);
      }
      const visits = search.visitCounts(legal);
      record.targets.push(
        full
          ? {
              legal: [...legal],
              visits,
              policy: search.improvedPolicy(legal),
              rootValue: search.rootValues().map(fourDecimals),
            }
          : null,
      );
      action = search.bestAction(legal);
    } else if (legal.length > 1) {
      const { full, options: searchOptions } = searchFor(options, rng);
      const searched =
        full && options.teacher !== undefined
          ? teacherSearch(options, ctx)
          : yield* puctSearch(def, players, ctx, rng, searchOptions);
      record.targets.push(
        full ? { legal: [...legal], visits: searched.visits, rootValue: searched.rootValues.map(fourDecimals) } : null,
      );
      action =
        decisions[ctx.player]++ < options.temperatureMoves
          ? sampleByVisits(legal, searched.visits, rng)
          : searched.best();
    } else {
      record.targets.push(null);
    }
    state.applyAction(action);
    record.actions.push(action);
  }
  record.returns = normalizedReturns(state, def);
  return record;
}

/** What a decision's search (the network's or the teacher's) gives self-play: root visits, root values, its move. */
interface SearchedDecision {
  visits: number[];
  rootValues: number[];
  /** Called only when the move is not sampled: PUCT breaks ties with the RNG, which must not draw otherwise. */
  best: () => number;
}

/** The network's PUCT search of one decision, yielding its leaves to be evaluated. */
function* puctSearch(
  def: GameDefinition,
  players: number,
  ctx: DecisionContext,
  rng: Rng,
  options: SelfPlayOptions,
): Generator<SearchLeaf, SearchedDecision, LeafEvaluation> {
  const search = new PuctSearch(def, players, (r) => ctx.sampleWorld(r), rng, options);
  while (!search.done) {
    const leaf = search.select();
    if (leaf) search.expand(leaf, yield leaf);
  }
  const legal = ctx.legalActions;
  return {
    visits: search.visitCounts(legal),
    rootValues: search.rootValues(),
    best: () => search.bestAction(legal, ctx.player),
  };
}

/** The teacher's search of one decision (SelfPlayOptions.teacher): plain IS-MCTS, no network. */
function teacherSearch(options: SelfPlayOptions, ctx: DecisionContext): SearchedDecision {
  const taught = teacherOf(options).search(ctx);
  return { visits: taught.visits, rootValues: taught.rootValues, best: () => taught.action };
}

function sampleByVisits(legal: readonly number[], visits: readonly number[], rng: Rng): number {
  const total = visits.reduce((s, v) => s + v, 0);
  if (total === 0) return legal[rng.int(legal.length)];
  let u = rng.next() * total;
  for (let i = 0; i < legal.length; i++) {
    u -= visits[i];
    if (u < 0) return legal[i];
  }
  return legal[legal.length - 1];
}

/** Root values are kept to 4 decimals: far below their noise, and buffer.json stays small. */
function fourDecimals(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
