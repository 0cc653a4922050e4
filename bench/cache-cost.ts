/**
 * What the evaluation cache costs or saves a searching agent over a game (npm run bench:cache):
 * CPU time of 40 searches of `az:models/<game>/az,iterations=300` at consecutive decisions (one
 * agent, its cache living across them, as a seat's agent does; forced moves are not searches), with
 * the cache (`CachedNetwork`, which turns itself off where positions rarely come back) and without
 * it. Each run is a process of its own, so one mode's garbage and JIT state never land in the other's
 * figure; the modes alternate, and each figure is the median of `--runs` runs. The decisions are the
 * same either way (iteration-bounded).
 *
 *   npm run bench:cache -- [--games philadelphia,filthyrich] [--runs 5]
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AZ_MODEL_GAMES } from './az-model-games.js';
import { AzAgent, DEFAULT_CACHE_ENTRIES, loadPolicyFolder } from '../agents/index.js';
import { Rng, decisionContext, getGame } from '../envs/index.js';

const DECISIONS = 40;
const ITERATIONS = 300;

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: AZ_MODEL_GAMES },
    runs: { type: 'string', default: '5' },
    child: { type: 'string' },
    mode: { type: 'string' },
  },
});

/** One run in this process: CPU ms of the decisions, and the cache's counts. */
function run(game: string, cached: boolean): { ms: number; hits: number; lookups: number } {
  const def = getGame(game);
  const net = loadPolicyFolder(`models/${game}/az`, def);
  const search = {
    iterations: ITERATIONS,
    mix: net.searchMix ?? 0,
    cutoff: net.searchCutoff ?? 0,
    cPuct: net.searchC ?? 1.5,
    noise: 0,
    alpha: 0.3,
  };
  // A fresh process runs its first searches in the interpreter: warm the JIT on another game first.
  const warm = new AzAgent(net, { ...search, iterations: 100 }, 'warm', 0, 1, cached ? DEFAULT_CACHE_ENTRIES : 0);
  const warmState = def.newGame({ players: def.defaultPlayers, seed: 'bench-cache-warm' });
  for (let d = 0; d < 10 && !warmState.isTerminal(); d++)
    warmState.applyAction(warm.act(decisionContext(def, warmState, Rng.fromSeed(`warm:${d}`))));
  const agent = new AzAgent(net, search, 'bench', 0, 1, cached ? DEFAULT_CACHE_ENTRIES : 0);
  const rng = Rng.fromSeed('bench-cache');
  let games = 0;
  /** A new game after a few random moves, so the decisions are mid-game (tic-tac-toe: two). */
  const newGame = () => {
    const state = def.newGame({ players: def.defaultPlayers, seed: `bench-cache:${games++}` });
    const opening = def.name === 'tictactoe' ? 2 : 6;
    for (let i = 0; i < opening && !state.isTerminal(); i++)
      state.applyAction(state.legalActions()[rng.int(state.legalActions().length)]);
    return state;
  };
  let state = newGame();
  const start = process.cpuUsage();
  // Searches, not decisions: a forced move searches nothing. A game that ends goes on with the next.
  for (let searched = 0; searched < DECISIONS;) {
    if (state.isTerminal()) state = newGame();
    if (state.legalActions().length > 1) searched++;
    state.applyAction(agent.act(decisionContext(def, state, Rng.fromSeed(`bench-cache:${games}:${searched}`))));
  }
  const used = process.cpuUsage(start);
  const stats = agent.cacheStats ?? { hits: 0, misses: 0 };
  return { ms: (used.user + used.system) / 1000, hits: stats.hits, lookups: stats.hits + stats.misses };
}

if (args.child) {
  process.stdout.write(JSON.stringify(run(args.child, args.mode === 'cache')));
} else {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const self = fileURLToPath(import.meta.url);
  const child = (game: string, mode: string) =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', self, '--child', game, '--mode', mode], { encoding: 'utf8' }),
    ) as ReturnType<typeof run>;
  console.log(
    `Evaluation cache, ${DECISIONS} searches of az at ${ITERATIONS} iterations, CPU ms, median of ${args.runs} ` +
      'runs (a process each):',
  );
  for (const game of args.games.split(',')) {
    const without: number[] = [];
    const withCache: number[] = [];
    let counts = { hits: 0, lookups: 0 };
    for (let r = 0; r < Number(args.runs); r++) {
      without.push(child(game, 'none').ms);
      const c = child(game, 'cache');
      withCache.push(c.ms);
      counts = c;
    }
    const ratio = median(withCache) / median(without);
    const hitShare = ((100 * counts.hits) / Math.max(1, counts.lookups)).toFixed(0);
    const [a, b] = [median(without), median(withCache)].map((ms) => ms.toFixed(0).padStart(6));
    const figures = `without ${a}  with ${b}`;
    console.log(
      `  ${game.padEnd(13)} ${figures}  (${ratio.toFixed(2)}x the time; ${counts.lookups} lookups, ${hitShare}% hits)`,
    );
  }
}
