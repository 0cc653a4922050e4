/**
 * Agent speed (npm run bench:agents): MCTS iterations/s on tic-tac-toe beside boardgame.io's
 * MCTSBot in the same process, then MCTS iterations/s on every registered game (median of 5 runs),
 * then how closely mcts: and az: keep a time budget (ms=) on every game.
 */
import { MctsAgent, makeAgent } from '../agents/index.js';
import { Rng, decisionContext, getGame, listGames, type GameDefinition, type GameState } from '../envs/index.js';
import { bgioBot, bgioInitialState } from './bgio-tictactoe.js';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function oursPerSecond(def: GameDefinition, state: GameState, iterations: number, seed: string): number {
  const agent = new MctsAgent({ iterations, ms: 0, c: 1.4, rollout: 'random', cutoff: 0 });
  const start = performance.now();
  agent.act(decisionContext(def, state, Rng.fromSeed(seed)));
  return (agent.lastIterations * 1000) / (performance.now() - start);
}

async function bgioPerSecond(iterations: number, seed: string): Promise<number> {
  const bot = bgioBot(iterations, seed);
  const start = performance.now();
  await bot.play(bgioInitialState(), '0');
  return (iterations * 1000) / (performance.now() - start);
}

/** A position some random moves into a game, where the seat to act has a real choice. */
function midGame(def: GameDefinition, seed: string): GameState {
  const state = def.newGame({ players: def.defaultPlayers, seed });
  const rng = Rng.fromSeed(seed);
  for (let i = 0; i < 6 && !state.isTerminal(); i++) {
    const legal = state.legalActions();
    state.applyAction(legal[rng.int(legal.length)]);
  }
  while (!state.isTerminal() && state.legalActions().length < 2) state.applyAction(state.legalActions()[0]);
  return state;
}

const ttt = getGame('tictactoe');
const empty = ttt.newGame({ players: 2, seed: 0 });
oursPerSecond(ttt, empty, 5000, 'warm');
await bgioPerSecond(500, 'warm');
const ours = median(Array.from({ length: RUNS }, (_, i) => oursPerSecond(ttt, empty, 20_000, `r${i}`)));
const theirs: number[] = [];
for (let i = 0; i < RUNS; i++) theirs.push(await bgioPerSecond(2000, `r${i}`));
const bgio = median(theirs);
console.log(`MCTS on tic-tac-toe from the empty board, median of ${RUNS} runs, one thread, node ${process.version}`);
console.log(`  agora mcts            ${fmt(ours).padStart(10)} iterations/s`);
console.log(`  boardgame.io MCTSBot  ${fmt(bgio).padStart(10)} iterations/s`);
console.log(`  ratio                 ${(ours / bgio).toFixed(1).padStart(10)}x`);
console.log('\nMCTS (random rollouts to the end) on every game, a position 6 random moves in:');
for (const name of listGames()) {
  const def = getGame(name);
  const runs = Array.from({ length: RUNS }, (_, i) => oursPerSecond(def, midGame(def, `bench:${i}`), 2000, `m${i}`));
  console.log(`  ${name.padEnd(14)} ${fmt(median(runs)).padStart(10)} iterations/s`);
}

// Time budgets: how closely `ms=` is kept, one decision at a time on one thread (issue 23).
const BUDGET_MS = 100;
const DECISIONS = 10;
console.log(
  `\nTime budgets: wall-clock per decision / ms=${BUDGET_MS}, median and worst of ${DECISIONS} decisions, ` +
    'and the median iterations a decision (an az iteration costs a network evaluation):',
);
for (const name of listGames()) {
  const def = getGame(name);
  const cells: string[] = [];
  for (const spec of [`mcts:ms=${BUDGET_MS}`, `az:models/${name}/az,ms=${BUDGET_MS}`]) {
    const agent = makeAgent(spec, def);
    const ratios: number[] = [];
    const iterations: number[] = [];
    for (let i = 0, seed = 0; i < DECISIONS; i++) {
      // A position with a choice (six random tic-tac-toe moves may end the game).
      let state = midGame(def, `budget:${seed++}`);
      while (state.isTerminal()) state = midGame(def, `budget:${seed++}`);
      const start = performance.now();
      agent.act(decisionContext(def, state, Rng.fromSeed(`budget:${i}`)));
      ratios.push((performance.now() - start) / BUDGET_MS);
      iterations.push((agent as { lastIterations?: number }).lastIterations ?? 0);
    }
    cells.push(
      `${spec.split(':')[0].padEnd(4)} ${median(ratios).toFixed(3)} / ${Math.max(...ratios).toFixed(3)}` +
        ` ${fmt(median(iterations)).padStart(6)} it`,
    );
  }
  console.log(`  ${name.padEnd(14)} ${cells.join('   ')}`);
}
