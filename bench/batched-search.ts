/**
 * Batched search (npm run bench:search, issue 34), on every game's shipped model (models/<game>/az),
 * one thread:
 * - inference: microseconds per position of evaluate (batch 1) and evaluateBatch at 4/8/16/32;
 * - self-play: recorded positions per second, before (one game at a time, every leaf evaluated alone,
 *   no cache) and after (GAMES_IN_FLIGHT games in flight, one batched forward per round, through an
 *   evaluation cache), the model's training search settings; `--in-flight 1,4,8,16` measures those;
 * - az: iterations per second of `az:models/<game>/az,ms=100` decisions at consecutive positions of
 *   a game (one agent for all of them, as a seat's agent lives on), before (batch 1, no cache) and
 *   after (the cache, at each `--batches` size);
 * - expand: iterations per second of the same decisions at each expansion threshold (`--expands`;
 *   `az:…,expand=E`, the model's own leaf mix and cutoff, batch 1 through the cache), and the share
 *   of iterations that asked the network, beside plain MCTS's rate with the same playouts.
 * Rates are per second of this process's CPU time (the machine is shared); before and after run
 * back to back, alternating, after a warm-up; each figure is the median of `--runs` runs.
 *
 *   npm run bench:search -- [--games promotion,cityplan] [--runs 3] [--sections inference,self-play,az,expand]
 *     [--in-flight 1,4,8,16] [--batches 1,4,8] [--expands 1,2,4,8] [--ms 100] [--seeds 8]
 */
import { parseArgs } from 'node:util';
import { AZ_MODEL_GAMES } from './az-model-games.js';
import { AzAgent, loadPolicyFolder, makeAgent, readMeta, CachedNetwork, type PolicyNetwork } from '../agents/index.js';
import { Rng, decisionContext, getGame, type GameDefinition, type GameState } from '../envs/index.js';
import {
  GAMES_IN_FLIGHT,
  playSelfPlayGame,
  playSelfPlayGames,
  type GameRecord,
  type SelfPlayOptions,
} from '../training/index.js';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: AZ_MODEL_GAMES },
    runs: { type: 'string', default: '3' },
    sections: { type: 'string', default: 'inference,self-play,az,expand' },
    'in-flight': { type: 'string', default: String(GAMES_IN_FLIGHT) },
    batches: { type: 'string', default: '1,8' },
    expands: { type: 'string', default: '1,2,4,8' },
    ms: { type: 'string', default: '100' },
    seeds: { type: 'string', default: String(GAMES_IN_FLIGHT) },
    positions: { type: 'string', default: '6' },
  },
});
const numbers = (text: string) => text.split(',').map(Number);
const RUNS = Number(args.runs);
const SECTIONS = new Set(args.sections.split(','));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/**
 * This process's CPU time, ms: the machine is shared, and a figure per CPU second holds where one per
 * wall-clock second swings with the neighbours' load. The process runs on one thread.
 */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

interface Model {
  name: string;
  def: GameDefinition;
  net: PolicyNetwork;
  players: number;
  training: {
    iterations?: number;
    cPuct?: number;
    noise?: number;
    alpha?: number;
    mix?: number;
    temperatureMoves?: number;
  };
}

function loadModel(name: string): Model {
  const def = getGame(name);
  const dir = `models/${name}/az`;
  const meta = readMeta(dir, def);
  const training = ((meta.training as { config?: Model['training'] } | undefined)?.config ?? {}) as Model['training'];
  return { name, def, net: loadPolicyFolder(dir, def), players: meta.players, training };
}

/** Positions along random games from a seed, each with a choice to make. */
function positions(model: Model, count: number, seed: string): GameState[] {
  const rng = Rng.fromSeed(seed);
  const out: GameState[] = [];
  let state = model.def.newGame({ players: model.players, seed });
  for (let step = 0; out.length < count; step++) {
    if (state.isTerminal()) state = model.def.newGame({ players: model.players, seed: `${seed}:${step}` });
    const legal = state.legalActions();
    if (legal.length > 1 && step >= 4) out.push(state.clone());
    state.applyAction(legal[rng.int(legal.length)]);
  }
  return out;
}

function inference(model: Model): void {
  const observations = positions(model, 256, 'bench-inference').map((s) => s.observation(s.currentPlayer()));
  const usPerPosition = (size: number): number => {
    const start = cpuMs();
    let done = 0;
    while (cpuMs() - start < 200) {
      for (let k = 0; k + size <= observations.length; k += size) {
        if (size === 1) model.net.evaluate(observations[k]);
        else model.net.evaluateBatch!(observations.slice(k, k + size));
        done += size;
      }
    }
    return ((cpuMs() - start) * 1000) / done;
  };
  const sizes = [1, 4, 8, 16, 32];
  // Warm-up (the JIT), not counted.
  for (const size of sizes) usPerPosition(size);
  const figures = sizes.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) sizes.forEach((size, i) => figures[i].push(usPerPosition(size)));
  const base = median(figures[0]);
  const cells = sizes.map((size, i) => {
    const us = median(figures[i]);
    return `${String(size).padStart(2)}: ${us.toFixed(1).padStart(6)} us ${`(${(base / us).toFixed(2)}x)`.padEnd(8)}`;
  });
  console.log(`  ${model.name.padEnd(13)} ${cells.join('  ')}`);
}

function selfPlayOptions(model: Model): SelfPlayOptions {
  const t = model.training;
  return {
    iterations: t.iterations ?? 64,
    cPuct: t.cPuct ?? 1.25,
    noise: t.noise ?? 0.25,
    alpha: t.alpha ?? 0.3,
    mix: t.mix ?? 0,
    temperatureMoves: t.temperatureMoves ?? 6,
  };
}

const recorded = (records: GameRecord[]) =>
  records.reduce((sum, r) => sum + r.targets.filter((t) => t !== null).length, 0);

function selfPlay(model: Model, inFlight: number[], seedCount: number): void {
  const options = selfPlayOptions(model);
  const { def, net, players } = model;
  const before: number[] = [];
  const after = inFlight.map(() => [] as number[]);
  // Warm-up (the JIT): a short game each way, not counted.
  const warm = { ...options, iterations: 8 };
  playSelfPlayGame(def, net, players, 'warm', warm);
  playSelfPlayGames(def, new CachedNetwork(net), players, ['warm', 'warm2'], warm, 2);
  for (let run = 0; run < RUNS; run++) {
    const seeds = Array.from({ length: seedCount }, (_, i) => `bench-self-play:${run}:${i}`);
    const sequential = (): GameRecord[] => {
      const start = cpuMs();
      const records = seeds.map((seed) => playSelfPlayGame(def, net, players, seed, options));
      before.push((recorded(records) * 1000) / (cpuMs() - start));
      return records;
    };
    const batched = (): GameRecord[][] =>
      inFlight.map((games, i) => {
        const start = cpuMs();
        const records = playSelfPlayGames(def, new CachedNetwork(net), players, seeds, options, games);
        after[i].push((recorded(records) * 1000) / (cpuMs() - start));
        return records;
      });
    // Before first on even runs, after first on odd ones: neither gets the quieter half of the machine.
    let want: GameRecord[];
    let got: GameRecord[][];
    if (run % 2 === 0) {
      want = sequential();
      got = batched();
    } else {
      got = batched();
      want = sequential();
    }
    for (const records of got)
      if (JSON.stringify(records) !== JSON.stringify(want))
        throw new Error(`${model.name}: in-flight records differ from sequential ones`);
  }
  const base = median(before);
  const cells = inFlight.map((games, i) => {
    const figure = median(after[i]);
    return `${games} in flight ${fmt(figure).padStart(6)} (${(figure / base).toFixed(2)}x)`;
  });
  console.log(`  ${model.name.padEnd(13)} before ${fmt(base).padStart(6)}   ${cells.join('   ')}`);
}

/** A search agent: one decision, and the iterations it ran. */
interface Searcher {
  act(ctx: ReturnType<typeof decisionContext>): unknown;
  readonly lastIterations: number;
}

/** Iterations per CPU second of each decision of `agent` at `states` (seeded `<prefix>:<k>`), and their sum. */
function decisionRates(
  agent: Searcher,
  def: GameDefinition,
  states: GameState[],
  prefix: string,
): { rates: number[]; iterations: number } {
  const rates: number[] = [];
  let iterations = 0;
  states.forEach((state, k) => {
    const start = cpuMs();
    agent.act(decisionContext(def, state, Rng.fromSeed(`${prefix}:${k}`)));
    rates.push((agent.lastIterations * 1000) / (cpuMs() - start));
    iterations += agent.lastIterations;
  });
  return { rates, iterations };
}

function az(model: Model, batches: number[], ms: number, count: number): void {
  const options = {
    iterations: 200,
    cPuct: model.net.searchC ?? 1.5,
    noise: 0,
    alpha: 0.3,
    mix: model.net.searchMix ?? 0,
  };
  const variants = [
    { label: 'before', batch: 1, cache: 0 },
    ...batches.map((batch) => ({ label: `batch ${batch}`, batch, cache: undefined })),
  ];
  const figures = variants.map(() => [] as number[]);
  const hitRates = variants.map(() => [] as number[]);
  // Warm-up (the JIT): a decision of each variant, not counted.
  const [warmState] = positions(model, 1, 'bench-az-warm');
  for (const v of variants)
    new AzAgent(model.net, options, 'az', ms, v.batch, v.cache).act(
      decisionContext(model.def, warmState, Rng.fromSeed('w')),
    );
  for (let run = 0; run < RUNS; run++) {
    const states = positions(model, count, `bench-az:${run}`);
    // Variants in turn, the order reversed on odd runs (a shared machine's load drifts).
    const order = variants.map((_, i) => i);
    if (run % 2 === 1) order.reverse();
    order.forEach((i) => {
      const v = variants[i];
      const agent = new AzAgent(model.net, options, 'az', ms, v.batch, v.cache);
      figures[i].push(median(decisionRates(agent, model.def, states, `az:${run}`).rates));
      const stats = agent.cacheStats;
      if (stats) hitRates[i].push(stats.hits / Math.max(1, stats.hits + stats.misses));
    });
  }
  const base = median(figures[0]);
  const cells = variants.slice(1).map((v, i) => {
    const figure = median(figures[i + 1]);
    const hits = hitRates[i + 1].length > 0 ? `, ${Math.round(100 * median(hitRates[i + 1]))}% hits` : '';
    return `${v.label} ${fmt(figure).padStart(6)} (${(figure / base).toFixed(2)}x${hits})`;
  });
  console.log(`  ${model.name.padEnd(13)} before ${fmt(base).padStart(6)}   ${cells.join('   ')}`);
}

/** Like az(), over expansion thresholds: iterations/s, and network evaluations per iteration. */
function expand(model: Model, thresholds: number[], ms: number, count: number): void {
  const options = (expandAfter: number) => ({
    iterations: 200,
    cPuct: model.net.searchC ?? 1.5,
    noise: 0,
    alpha: 0.3,
    mix: model.net.searchMix ?? 0,
    cutoff: model.net.searchCutoff ?? 0,
    expandAfter,
  });
  const figures = thresholds.map(() => [] as number[]);
  const asked = thresholds.map(() => [] as number[]);
  const [warmState] = positions(model, 1, 'bench-expand-warm');
  for (const e of thresholds)
    new AzAgent(model.net, options(e), 'az', ms).act(decisionContext(model.def, warmState, Rng.fromSeed('w')));
  for (let run = 0; run < RUNS; run++) {
    const states = positions(model, count, `bench-az:${run}`);
    const order = thresholds.map((_, i) => i);
    if (run % 2 === 1) order.reverse();
    order.forEach((i) => {
      // A counting wrapper under the agent's cache: misses are the evaluations the network really ran.
      let evaluations = 0;
      const counting: PolicyNetwork = {
        players: model.net.players,
        evaluate: (o) => {
          evaluations++;
          return model.net.evaluate(o);
        },
      };
      const agent = new AzAgent(counting, options(thresholds[i]), 'az', ms);
      const { rates, iterations } = decisionRates(agent, model.def, states, `az:${run}`);
      figures[i].push(median(rates));
      asked[i].push(evaluations / Math.max(1, iterations));
    });
  }
  // Plain MCTS with the same playouts at the same budget, on the same positions: the rate to beat.
  const mcts = makeAgent(`mcts:ms=${ms},cutoff=${options(1).cutoff}`, model.def) as unknown as Searcher;
  const mctsRates: number[] = [];
  for (let run = 0; run < RUNS; run++)
    mctsRates.push(...decisionRates(mcts, model.def, positions(model, count, `bench-az:${run}`), `mcts:${run}`).rates);
  const base = median(figures[0]);
  const cells = thresholds.map((e, i) => {
    const figure = median(figures[i]);
    const share = Math.round(100 * median(asked[i]));
    return `expand ${e} ${fmt(figure).padStart(6)} (${(figure / base).toFixed(2)}x, net ${share}%)`;
  });
  console.log(`  ${model.name.padEnd(13)} ${cells.join('   ')}   mcts ${fmt(median(mctsRates)).padStart(6)}`);
}

const models = args.games.split(',').map(loadModel);
console.log(`Batched search, one thread, node ${process.version}, median of ${RUNS} runs`);
if (SECTIONS.has('inference')) {
  console.log('\nInference: microseconds per position at batch 1/4/8/16/32 (speed-up over batch 1):');
  for (const model of models) inference(model);
}
if (SECTIONS.has('self-play')) {
  const seedCount = Number(args.seeds);
  console.log(
    `\nSelf-play: recorded positions/s over ${seedCount} games, the model's training search settings; ` +
      'before = one game at a time, no cache; after = games in flight through the cache:',
  );
  for (const model of models) selfPlay(model, numbers(args['in-flight']), seedCount);
}
if (SECTIONS.has('az')) {
  const ms = Number(args.ms);
  const count = Number(args.positions);
  console.log(
    `\naz:models/<game>/az,ms=${ms}: iterations/s, median over ${count} consecutive positions of a game ` +
      '(one agent); before = batch 1, no cache; after = the cache, batch as shown:',
  );
  for (const model of models) az(model, numbers(args.batches), ms, count);
}
if (SECTIONS.has('expand')) {
  const ms = Number(args.ms);
  const count = Number(args.positions);
  console.log(
    `\naz:models/<game>/az,ms=${ms},expand=E: iterations/s, median over ${count} consecutive positions of a game ` +
      "(one agent, the model's leaf mix and cutoff, through the cache); net = network evaluations per iteration; " +
      'mcts = mcts:ms,cutoff (the same cutoff) on the same positions:',
  );
  for (const model of models) expand(model, numbers(args.expands), ms, count);
}
