/**
 * Self-play games for expert iteration: every seat is the network-guided PUCT search (with root
 * noise), moves are sampled in proportion to visits for the first few decisions of each seat and
 * then chosen greedily. A game is recorded compactly (seed, actions, visit counts per decision,
 * returns): replaying the seed and actions rebuilds every observation exactly.
 */
import { PuctSearch, type PolicyNetwork, type PuctOptions } from '../agents/index.js';
import { Rng, decisionContext, returnsFromRanking, type GameDefinition } from '../envs/index.js';

export interface SelfPlayOptions extends PuctOptions {
  /** Decisions per seat played in proportion to the visit counts before play turns greedy. */
  temperatureMoves: number;
}

/** One self-play game; targets[i] belongs to actions[i] (null for a forced move, which teaches nothing). */
export interface GameRecord {
  seed: string;
  players: number;
  actions: number[];
  targets: ({ legal: number[]; visits: number[] } | null)[];
  returns: number[];
}

export function playSelfPlayGame(def: GameDefinition, net: PolicyNetwork, players: number, seed: string, options: SelfPlayOptions): GameRecord {
  const steps = selfPlaySteps(def, net, players, seed, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The same game, yielding to the event loop after every decision (queue workers renew their job locks meanwhile); stops when the signal aborts. */
export async function playSelfPlayGameAsync(def: GameDefinition, net: PolicyNetwork, players: number, seed: string, options: SelfPlayOptions, signal?: AbortSignal): Promise<GameRecord> {
  const steps = selfPlaySteps(def, net, players, seed, options);
  for (;;) {
    signal?.throwIfAborted();
    const next = steps.next();
    if (next.done) return next.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function* selfPlaySteps(def: GameDefinition, net: PolicyNetwork, players: number, seed: string, options: SelfPlayOptions): Generator<void, GameRecord> {
  const state = def.newGame({ players, seed });
  const rng = Rng.fromSeed(`${seed}:self-play`);
  const record: GameRecord = { seed, players, actions: [], targets: [], returns: [] };
  const decisions = new Array<number>(players).fill(0);
  while (!state.isTerminal()) {
    const ctx = decisionContext(def, state, rng);
    const legal = ctx.legalActions;
    let action = legal[0];
    if (legal.length > 1) {
      const search = new PuctSearch(def, players, (r) => ctx.sampleWorld(r), rng, options);
      while (!search.done) {
        const leaf = search.select();
        if (leaf) search.expand(leaf, net.evaluate(leaf.observation));
      }
      const visits = search.visitCounts(legal);
      record.targets.push({ legal: [...legal], visits });
      action = decisions[ctx.player]++ < options.temperatureMoves ? sampleByVisits(legal, visits, rng) : search.bestAction(legal, ctx.player);
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
