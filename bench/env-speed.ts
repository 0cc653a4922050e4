/**
 * Environment speed (npm run bench): random-playout steps/s and full games/s per game, for the
 * raw GameState, the AEC env and the single-agent env; each figure is the median of 5 runs.
 * "AEC" steps through the wrapper without computing observations (the wrapper's own cost);
 * "AEC+obs" also calls observe() for every decision, as a learning loop does; "single" is the
 * Gymnasium env with random opponents, returning an observation at every learner step.
 */
import { makeAgent } from '../agents/index.js';
import { AECEnv, Rng, SingleAgentEnv, getGame, listGames, type GameDefinition } from '../envs/index.js';

const RUNS = 5;
const SECONDS_PER_RUN = Number(process.env.BENCH_SECONDS ?? 0.6);

interface Figures {
  steps: number;
  games: number;
  seconds: number;
}

function timed(run: (deadline: number) => Figures): Figures {
  const deadline = performance.now() + SECONDS_PER_RUN * 1000;
  return run(deadline);
}

function raw(def: GameDefinition, players: number): Figures {
  return timed((deadline) => {
    const rng = Rng.fromSeed('bench-raw');
    const start = performance.now();
    let steps = 0;
    let games = 0;
    while (performance.now() < deadline) {
      const s = def.newGame({ players, seed: games });
      while (!s.isTerminal()) {
        const legal = s.legalActions();
        s.applyAction(legal[rng.int(legal.length)]);
        steps++;
      }
      games++;
    }
    return { steps, games, seconds: (performance.now() - start) / 1000 };
  });
}

function aec(def: GameDefinition, players: number, withObservations: boolean): Figures {
  return timed((deadline) => {
    const rng = Rng.fromSeed('bench-aec');
    const env = new AECEnv(def, { players });
    const start = performance.now();
    let steps = 0;
    let games = 0;
    let sink = 0;
    while (performance.now() < deadline) {
      env.reset({ seed: games });
      while (env.agents.length > 0) {
        const agent = env.agentSelection;
        if (env.terminations[agent] || env.truncations[agent]) {
          env.step(null);
          continue;
        }
        if (withObservations) sink += env.observe(agent).observation[0];
        const legal = env.infos[agent].legalActions;
        env.step(legal[rng.int(legal.length)]);
        steps++;
      }
      games++;
    }
    if (sink < 0) console.log(sink);
    return { steps, games, seconds: (performance.now() - start) / 1000 };
  });
}

function single(def: GameDefinition, players: number): Figures {
  return timed((deadline) => {
    const rng = Rng.fromSeed('bench-single');
    const env = new SingleAgentEnv(def, { players, opponents: makeAgent('random', def) });
    const start = performance.now();
    let steps = 0;
    let games = 0;
    while (performance.now() < deadline) {
      let [, info] = env.reset({ seed: games });
      for (;;) {
        const legal = info.legalActions;
        const [, , terminated, truncated, next] = env.step(legal[rng.int(legal.length)]);
        info = next;
        if (terminated || truncated) break;
      }
      steps += info.episodeLength;
      games++;
    }
    return { steps, games, seconds: (performance.now() - start) / 1000 };
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

type Rates = { stepsPerSec: number; gamesPerSec: number };
const rates = (f: Figures): Rates => ({ stepsPerSec: f.steps / f.seconds, gamesPerSec: f.games / f.seconds });

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const only = process.argv.slice(2);
console.log(`Environment speed, median of ${RUNS} runs of ${SECONDS_PER_RUN}s, one core, node ${process.version}`);
console.log('game          players  mode      steps/s      games/s   vs raw');
for (const name of listGames().filter((n) => only.length === 0 || only.includes(n))) {
  const def = getGame(name);
  const players = def.defaultPlayers;
  raw(def, players); // warm-up: let the JIT compile the hot paths first
  const modes: [string, () => Figures][] = [
    ['raw', () => raw(def, players)],
    ['AEC', () => aec(def, players, false)],
    ['AEC+obs', () => aec(def, players, true)],
    ['single', () => single(def, players)],
  ];
  // The modes take turns within each run, and each ratio to raw is taken within its run, so a
  // slow stretch of the machine affects both sides of a ratio alike.
  const runs = Array.from({ length: RUNS }, () => modes.map(([, run]) => rates(run())));
  modes.forEach(([mode], m) => {
    const steps = median(runs.map((r) => r[m].stepsPerSec));
    const games = median(runs.map((r) => r[m].gamesPerSec));
    const ratio = m === 0 ? '' : `${(100 * median(runs.map((r) => r[m].stepsPerSec / r[0].stepsPerSec))).toFixed(0)}%`;
    console.log(
      `${name.padEnd(14)}${String(players).padStart(7)}  ${mode.padEnd(8)}` +
        `${fmt(steps).padStart(10)}  ${fmt(games).padStart(11)}  ${ratio.padStart(7)}`,
    );
  });
}
