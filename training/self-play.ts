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
 */
import { PuctSearch, type PolicyNetwork } from '../agents/index.js';
import type { GameRecord, SelfPlayOptions } from '../play/index.js';

// What a self-play game is asked and gives back travels through the job queue too: play/ defines it.
export type { GameRecord, SelfPlayOptions };
import { Rng, decisionContext, returnsFromRanking, type GameDefinition } from '../envs/index.js';

/** The search of one decision: full (recorded, with root noise) or fast (played only). */
function searchFor(options: SelfPlayOptions, rng: Rng): { full: boolean; options: SelfPlayOptions } {
  if (options.fullIterations === undefined) return { full: true, options };
  // The draw happens only in runs that randomise, so runs without it replay exactly as before.
  const full = rng.next() < (options.fullShare ?? 1);
  return { full, options: full ? { ...options, iterations: options.fullIterations } : { ...options, noise: 0 } };
}

export function playSelfPlayGame(
  def: GameDefinition,
  net: PolicyNetwork,
  players: number,
  seed: string,
  options: SelfPlayOptions,
): GameRecord {
  const steps = selfPlaySteps(def, net, players, seed, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * The same game, yielding to the event loop after every decision (queue workers renew their job
 * locks meanwhile); stops when the signal aborts.
 */
export async function playSelfPlayGameAsync(
  def: GameDefinition,
  net: PolicyNetwork,
  players: number,
  seed: string,
  options: SelfPlayOptions,
  signal?: AbortSignal,
): Promise<GameRecord> {
  const steps = selfPlaySteps(def, net, players, seed, options);
  for (;;) {
    signal?.throwIfAborted();
    const next = steps.next();
    if (next.done) return next.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function* selfPlaySteps(
  def: GameDefinition,
  net: PolicyNetwork,
  players: number,
  seed: string,
  options: SelfPlayOptions,
): Generator<void, GameRecord> {
  const state = def.newGame({ players, seed });
  const rng = Rng.fromSeed(`${seed}:self-play`);
  const record: GameRecord = { seed, players, actions: [], targets: [], returns: [] };
  const decisions = new Array<number>(players).fill(0);
  while (!state.isTerminal()) {
    const ctx = decisionContext(def, state, rng);
    const legal = ctx.legalActions;
    let action = legal[0];
    if (legal.length > 1) {
      const { full, options: searchOptions } = searchFor(options, rng);
      const search = new PuctSearch(def, players, (r) => ctx.sampleWorld(r), rng, searchOptions);
      while (!search.done) {
        const leaf = search.select();
        if (leaf) search.expand(leaf, net.evaluate(leaf.observation));
      }
      const visits = search.visitCounts(legal);
      record.targets.push(
        full ? { legal: [...legal], visits, rootValue: search.rootValues().map(fourDecimals) } : null,
      );
      action =
        decisions[ctx.player]++ < options.temperatureMoves
          ? sampleByVisits(legal, visits, rng)
          : search.bestAction(legal, ctx.player);
    } else {
      record.targets.push(null);
    }
    state.applyAction(action);
    record.actions.push(action);
    yield;
  }
  record.returns = returnsFromRanking(state.ranking());
  return record;
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
