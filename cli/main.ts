/**
 * The `agora` command line (npx agora ...): list games, play in the terminal, simulate agents.
 */
import { Command, InvalidArgumentError } from 'commander';
import { AgoraError } from '../envs/index.js';
import { gamesCommand } from './commands/games.js';
import { playCommand } from './commands/play.js';
import { serveCommand } from './commands/serve.js';
import { evaluateCommand, type EvaluateCliOptions } from './commands/evaluate.js';
import { ConnectError, DEFAULT_SPIN_MICROS } from '../play/index.js';
import { simulateCommand } from './commands/simulate.js';
import { tournamentCommand, type TournamentCliOptions } from './commands/tournament.js';
import { trainCommand, type TrainCliOptions } from './commands/train.js';
import { tuneSearchCommand, type TuneSearchCliOptions } from './commands/tune-search.js';
import { tunePolicyCommand, type TunePolicyCliOptions } from './commands/tune-policy.js';
import { widenModelCommand } from './commands/widen-model.js';
import { workerCommand, type WorkerCliOptions } from './commands/worker.js';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`'${value}' is not a positive integer`);
  return n;
}

function positiveNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`'${value}' is not a positive number`);
  return n;
}

function unitInterval(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError(`'${value}' is not a number from 0 to 1`);
  return n;
}

function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`'${value}' is not a non-negative integer`);
  return n;
}

const program = new Command()
  .name('agora')
  .description('Agora: reinforcement-learning environments and an AI arena for board and card games')
  .showHelpAfterError();

program
  .command('games')
  .description('list the games with their player counts, action and observation sizes')
  .action(() => gamesCommand());

program
  .command('serve')
  .description(
    'serve environments to programs in any language over length-prefixed frames on stdin/stdout ' +
      '(docs/env-protocol.md); Python: pip install ./python',
  )
  .option('--socket <path>', 'listen on a Unix socket at this path instead of stdin/stdout')
  .option(
    '--spin <microseconds>',
    'on stdin/stdout pipes, poll this many microseconds for the next request before sleeping (0: never)',
    nonNegativeInt,
    DEFAULT_SPIN_MICROS,
  )
  .action((opts: { socket?: string; spin: number }) => serveCommand(opts));

program
  .command('play <game>')
  .description('play a game in the terminal: each human seat sees only its own view')
  .option('-p, --players <n>', 'number of players (default: the game default)', positiveInt)
  .option(
    '-s, --seats <specs>',
    "comma-separated agent per seat, e.g. 'human,random,random,random' (default: you at seat 0, random elsewhere)",
  )
  .option('--seed <seed>', 'seed of the game (default: the current time, printed so the game can be replayed)')
  .action((game: string, opts: { players?: number; seats?: string; seed?: string }) => playCommand(game, opts));

program
  .command('simulate <game>')
  .description('play many games between agents, seats rotated, and print a results table')
  .option('-n, --games <n>', 'number of games', positiveInt, 100)
  .option(
    '-a, --agents <specs>',
    "comma-separated agent specs, one per seat or one for all (e.g. 'random,random')",
    'random',
  )
  .option('-p, --players <n>', 'number of players (default: the number of agents, or the game default)', positiveInt)
  .option('--seed <seed>', 'seed of the run', 'simulate')
  .option('--json <file>', 'also write every game and the summary as JSON to this file')
  .action((game: string, opts: { games: number; agents: string; players?: number; seed: string; json?: string }) =>
    simulateCommand(game, opts),
  );

program
  .command('tournament <game>')
  .description('an Elo-rated tournament on worker threads: every agent mix, seats rotated')
  .requiredOption(
    '-a, --agents <specs>',
    "comma-separated distinct agent specs, e.g. 'random,greedy,mcts:iterations=200'",
  )
  .option('-n, --games <n>', 'number of games', positiveInt, 120)
  .option('-p, --players <n>', 'number of players (default: the game default)', positiveInt)
  .option('-f, --format <format>', 'round-robin or gauntlet (the first agent against the rest)', 'round-robin')
  .option('--seed <seed>', 'seed of the run', 'tournament')
  .option('-t, --threads <n>', 'worker threads (default: one per core)', positiveInt)
  .option('--json <file>', 'write the standings, balance figures and every game as JSON')
  .action((game: string, opts: TournamentCliOptions) => tournamentCommand(game, opts));

program
  .command('evaluate <model>')
  .description(
    'how strong a model folder is, with 95% intervals: its policy against random and greedy, its search ' +
      'against MCTS at equal time (ms) and at 4x the iterations; prints the command behind each table',
  )
  .option('-n, --games <n>', 'games per table', positiveInt, 200)
  .option('--ms <ms>', 'time per decision of the equal-time table', positiveInt, 100)
  .option('--iterations <n>', "az's iterations in the iterations table (MCTS gets 4x)", positiveInt, 50)
  .option('--tables <names>', 'which tables: policy, time, iterations (comma-separated; default all)')
  .option('--seed <seed>', 'seed of the run', 'evaluate')
  .option('-t, --threads <n>', 'worker threads (default: one per core)', positiveInt)
  .option('--json <file>', 'write the tables as JSON')
  .action((model: string, opts: EvaluateCliOptions) => evaluateCommand(model, opts));

program
  .command('train <game>')
  .description(
    'train a policy-value network by self-play (az: expert iteration with search; ppo: PPO against past selves)',
  )
  .option('--algo <algo>', 'az or ppo', 'az')
  .requiredOption('-m, --minutes <m>', 'training time for this run (a resumed run adds to it)', positiveNumber)
  .requiredOption(
    '-o, --out <dir>',
    'output folder, e.g. models/<game>/<name>; holds the model, metrics.jsonl, curves.svg and the checkpoint',
  )
  .option('-p, --players <n>', 'number of players (default: the game default)', positiveInt)
  .option('--seed <seed>', 'seed of the run', 'train')
  .option(
    '-w, --workers <n>',
    'worker threads for self-play, PPO rollouts and evaluation games (default: one per core)',
    positiveInt,
  )
  .option('--iterations <n>', 'az: search iterations per decision (default 64)', positiveInt)
  .option('--games <n>', 'az: self-play games per generation (default 24)', positiveInt)
  .option('--width <n>', 'network width (default 64)', positiveInt)
  .option('--blocks <n>', 'residual blocks (default 2)', nonNegativeInt)
  .option('--eval-every <n>', 'az: measure against the baselines every n generations (default 12)', positiveInt)
  .option(
    '--eval-games <n>',
    'games per baseline in each evaluation (default: enough for a 95% score interval within ±0.1, 98-100)',
    positiveInt,
  )
  .option(
    '--mix <lambda>',
    'az: leaf value = (1 - lambda) * network + lambda * one random playout (AlphaGo; default 0)',
    unitInterval,
  )
  .option(
    '--full-iterations <n>',
    'az: playout cap randomisation (KataGo): recorded decisions search n iterations, ' +
      'the rest --iterations and are not recorded',
    positiveInt,
  )
  .option(
    '--full-share <f>',
    'az: share of decisions that get the full search (with --full-iterations; default 0.25)',
    unitInterval,
  )
  .option(
    '--init <dir>',
    "az: start a new run from this model folder's weights (e.g. the shipped model) instead of a random network",
  )
  .option('--fresh', 'start over even if the output folder holds a checkpoint (default: resume it)')
  .action((game: string, opts: TrainCliOptions) => trainCommand(game, opts));

program
  .command('tune-search <dir>')
  .description(
    "measure a model's az search at several PUCT constants against an opponent, " +
      "and save the best as the model's default c",
  )
  .requiredOption('--c <values>', 'the PUCT constants to compare, comma-separated, e.g. 0.5,1,1.5')
  .option('--iterations <n>', 'search iterations per decision, for az and the default opponent', positiveInt, 64)
  .option('-n, --games <n>', 'number of games', positiveInt, 200)
  .option('--opponent <spec>', 'the reference agent (default: mcts at the same iterations)')
  .option('--seed <seed>', 'seed of the run', 'tune-search')
  .option('-t, --threads <n>', 'worker threads (default: one per core)', positiveInt)
  .option('--dry-run', 'print the table without writing meta.json')
  .action((dir: string, opts: TuneSearchCliOptions) => tuneSearchCommand(dir, opts));

program
  .command('tune-policy <dir>')
  .description(
    "measure a model's policy alone at several temperatures against random and greedy, " +
      "and save the best as the model's default temperature",
  )
  .requiredOption('--temperature <values>', 'the temperatures to compare, comma-separated, e.g. 0,0.5,1')
  .option('-n, --games <n>', 'number of games', positiveInt, 200)
  .option('--seed <seed>', 'seed of the run', 'tune-policy')
  .option('-t, --threads <n>', 'worker threads (default: one per core)', positiveInt)
  .option('--dry-run', 'print the table without writing meta.json')
  .action((dir: string, opts: TunePolicyCliOptions) => tunePolicyCommand(dir, opts));

program
  .command('widen-model <dir>')
  .description(
    "rewrite a saved model for its game's current encoding " +
      'when that encoding only appended observation inputs (they get zero weights)',
  )
  .action((dir: string) => widenModelCommand(dir));

program
  .command('worker')
  .description(
    'play queued games (arena tournaments, self-play) from a Redis job queue; start one per core, on any machine',
  )
  .option('--redis <url>', 'the Redis server (default: REDIS_URL)')
  .option('--prefix <prefix>', 'queue key prefix (default: AGORA_QUEUE_PREFIX or agora)')
  .option('-c, --concurrency <n>', 'jobs at once in this process', positiveInt, 1)
  .option(
    '--connect-timeout <ms>',
    'wait this long for Redis at start (default: AGORA_CONNECT_TIMEOUT_MS or 5000)',
    positiveInt,
  )
  .action((opts: WorkerCliOptions) => workerCommand(opts));

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof AgoraError) {
    process.stderr.write(`agora: ${err.message}\n`);
    // A server that could not be reached is no mistake in the command line (those are 2); exit now,
    // or the client library's reconnection timers would keep the process waiting.
    if (err instanceof ConnectError) process.exit(1);
    process.exitCode = 2;
    return;
  }
  throw err;
});
