/**
 * Environment speed as a learner meets it (npm run bench:env). Per game, at its default seat
 * count, each figure the median of 5 runs, the modes taking turns within each run:
 * - raw: random-playout decisions/s of the bare GameState (no observations);
 * - obs µs: the cost of one observation of the seat to act, through the direct encoder
 *   (observeInto into a reused buffer) and through view + encode (the old path), measured as the
 *   extra time over the raw playout per decision;
 * - single: SingleAgentEnv with random opponents and a random masked learner: learner steps/s, and
 *   decisions/s counting every seat's decisions (comparable with raw: the goal is >= 50%);
 * - vector: VectorEnv of NUM envs, learner steps/s, in this thread and on 1 and 2 worker threads.
 * Then memory: heap growth (after full collections) and young-generation collections over 1M
 * learner steps of a synchronous VectorEnv, next to a raw playout of as many decisions.
 *
 *   npm run bench:env [-- game ...]      BENCH_SECONDS=0.5 per run, BENCH_NUM=256 envs
 */
import { cpus } from 'node:os';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { makeAgent } from '../agents/index.js';
import { Rng, SingleAgentEnv, getGame, listGames, makeVectorEnv, type GameDefinition } from '../envs/index.js';

const RUNS = 5;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 0.5);
const NUM = Number(process.env.BENCH_NUM ?? 256);

interface Figure {
  /** Decisions (raw, single) or learner steps (vector) per second. */
  rate: number;
  /** Vector envs: learner steps per second of time inside step() (the policy's time left out). */
  inStep?: number;
  /** SingleAgentEnv only: every seat's decisions per second. */
  decisions?: number;
  /** Extra microseconds per decision over the raw playout (obs modes). */
  micros?: number;
}

/** Random playouts until the deadline; `extra` runs at each decision (the observation under test). */
function playouts(def: GameDefinition, players: number, extra?: (s: ReturnType<GameDefinition['newGame']>) => void) {
  const rng = Rng.fromSeed('bench-raw');
  const start = performance.now();
  const deadline = start + SECONDS * 1000;
  let decisions = 0;
  for (let game = 0; performance.now() < deadline; game++) {
    const s = def.newGame({ players, seed: game });
    while (!s.isTerminal()) {
      extra?.(s);
      const legal = s.legalActions();
      s.applyAction(legal[rng.int(legal.length)]);
      decisions++;
    }
  }
  return { decisions, seconds: (performance.now() - start) / 1000 };
}

function single(def: GameDefinition, players: number): Figure {
  const rng = Rng.fromSeed('bench-single');
  const env = new SingleAgentEnv(def, { players, opponents: makeAgent('random', def) });
  const start = performance.now();
  const deadline = start + SECONDS * 1000;
  let steps = 0;
  let decisions = 0;
  for (let game = 0; performance.now() < deadline; game++) {
    let [, info] = env.reset({ seed: game });
    for (;;) {
      const legal = info.legalActions;
      const [, , terminated, truncated, next] = env.step(legal[rng.int(legal.length)]);
      info = next;
      steps++;
      if (terminated || truncated) break;
    }
    decisions += info.episodeLength;
  }
  const seconds = (performance.now() - start) / 1000;
  return { rate: steps / seconds, decisions: decisions / seconds };
}

/** Masked random actions for every env into `actions`, without allocating. */
function sampleInto(actions: Int32Array, masks: Uint8Array, size: number, rng: Rng): void {
  for (let i = 0; i < actions.length; i++) {
    let allowed = 0;
    for (let a = i * size; a < (i + 1) * size; a++) allowed += masks[a];
    let pick = allowed > 0 ? rng.int(allowed) : -1;
    actions[i] = 0;
    for (let a = 0; a < size && pick >= 0; a++) if (masks[i * size + a] === 1 && pick-- === 0) actions[i] = a;
  }
}

function vectorRun(env: ReturnType<typeof makeVectorEnv>, steps = Infinity): Figure {
  const rng = Rng.fromSeed('bench-vector');
  const actions = new Int32Array(env.numEnvs);
  const size = env.game.actionSize;
  let out = env.reset({ seed: 'bench' });
  const start = performance.now();
  const deadline = start + SECONDS * 1000;
  let done = 0;
  let stepping = 0;
  while (done < steps && (steps !== Infinity || performance.now() < deadline)) {
    sampleInto(actions, out.actionMasks, size, rng);
    const before = performance.now();
    out = env.step(actions);
    stepping += performance.now() - before;
    done += env.numEnvs;
  }
  return { rate: done / ((performance.now() - start) / 1000), inStep: done / (stepping / 1000) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => `${(100 * n).toFixed(0)}%`;

async function speed(name: string): Promise<void> {
  const def = getGame(name);
  const players = def.defaultPlayers;
  const buffer = new Float32Array(def.observationSize(players));
  const opponents = makeAgent('random', def);
  const vectors = [0, 1, 2].map((workers) => makeVectorEnv(name, { num: NUM, workers, opponents, players }));
  playouts(def, players); // warm-up: let the JIT compile the hot paths first
  const runs: Record<string, Figure>[] = [];
  for (let r = 0; r < RUNS; r++) {
    const raw = playouts(def, players);
    const direct = playouts(def, players, (s) => s.observeInto(s.currentPlayer(), buffer, 0));
    const viaView = playouts(def, players, (s) => def.encode(s.view(s.currentPlayer())));
    const rawPer = raw.seconds / raw.decisions;
    runs.push({
      raw: { rate: raw.decisions / raw.seconds },
      direct: { rate: 0, micros: 1e6 * (direct.seconds / direct.decisions - rawPer) },
      viaView: { rate: 0, micros: 1e6 * (viaView.seconds / viaView.decisions - rawPer) },
      single: single(def, players),
      sync: vectorRun(vectors[0]),
      one: vectorRun(vectors[1]),
      two: vectorRun(vectors[2]),
    });
  }
  await Promise.all(vectors.map((v) => v.close()));
  const m = (key: string, field: keyof Figure = 'rate') => median(runs.map((r) => r[key][field] ?? 0));
  const ratio = (a: string, b: string, field: keyof Figure = 'rate') =>
    median(runs.map((r) => (r[a][field] ?? 0) / (r[b].rate || 1)));
  console.log(
    `${name.padEnd(13)}${String(players).padStart(2)}` +
      `${fmt(m('raw')).padStart(11)}` +
      `${m('direct', 'micros').toFixed(2).padStart(9)}${m('viaView', 'micros').toFixed(1).padStart(9)}` +
      `${fmt(m('single')).padStart(10)}${fmt(m('single', 'decisions')).padStart(11)}` +
      `${pct(ratio('single', 'raw', 'decisions')).padStart(6)}` +
      `${fmt(m('sync')).padStart(10)}${fmt(m('one')).padStart(10)}${fmt(m('two')).padStart(10)}` +
      `${`${ratio('two', 'sync').toFixed(2)}×`.padStart(7)}` +
      `${`${median(runs.map((r) => (r.two.inStep ?? 0) / (r.sync.inStep ?? 1))).toFixed(2)}×`.padStart(7)}`,
  );
}

/** Counts young-generation collections (scavenges) while `run` runs; GC entries arrive on a later tick. */
async function scavengesDuring(run: () => void): Promise<number> {
  let scavenges = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if ((e as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR)
        scavenges++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  run();
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return scavenges;
}

/**
 * Heap growth (after full collections) over `steps` learner steps of a synchronous VectorEnv, and
 * young-generation collections per 100k learner steps next to those of raw playouts per 100k
 * decisions: what the games allocate themselves (legal-action lists) against what the wrapper adds.
 */
async function memory(name: string, steps: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const def = getGame(name);
  const env = makeVectorEnv(name, { num: NUM, opponents: makeAgent('random', def) });
  vectorRun(env, 10 * NUM); // warm-up, and the env's arrays exist before the first measurement
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const vector = await scavengesDuring(() => vectorRun(env, steps));
  gc?.();
  const grown = process.memoryUsage().heapUsed - before;
  let decisions = 0;
  const raw = await scavengesDuring(() => {
    for (let game = 0; decisions < steps; game++) decisions += playoutLength(def, game);
  });
  const sign = grown >= 0 ? '+' : '−';
  const per100k = (count: number, of: number) => ((count * 1e5) / of).toFixed(1);
  console.log(
    `${name.padEnd(13)}${fmt(steps).padStart(10)} steps: heap ${sign}${(Math.abs(grown) / 1024).toFixed(0)} KiB` +
      `${gc ? '' : ' (no --expose-gc: not after a full GC)'}; young GCs per 100k: ` +
      `vector env ${per100k(vector, steps)} (learner steps), raw ${per100k(raw, decisions)} (decisions)`,
  );
}

/** One random playout's length (the memory comparison's raw side). */
function playoutLength(def: GameDefinition, seed: number): number {
  const rng = Rng.fromSeed(seed);
  const s = def.newGame({ players: def.defaultPlayers, seed });
  let n = 0;
  for (; !s.isTerminal(); n++) {
    const legal = s.legalActions();
    s.applyAction(legal[rng.int(legal.length)]);
  }
  return n;
}

const only = process.argv.slice(2);
const games = listGames().filter((n) => only.length === 0 || only.includes(n));
console.log(
  `Environment speed, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model.trim()}, ` +
    `node ${process.version}; median of ${RUNS} runs of ${SECONDS}s; vector envs of ${NUM}`,
);
console.log(
  'game          p    raw   obs µs    view+   single    single  vs     vector   1 thread  2 threads   2 thr / sync',
);
console.log(
  '                 dec/s  (direct)   enc µs  steps/s     dec/s  raw    steps/s   steps/s   steps/s  all   in step()',
);
for (const name of games) await speed(name);
console.log('\nMemory: synchronous VectorEnv, random opponents and learner');
for (const name of games) await memory(name, 1_000_000);
