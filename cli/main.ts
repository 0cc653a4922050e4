/**
 * The `agora` command line (npx agora ...): list games, play in the terminal, simulate agents.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { errorText, exitCodeFor } from './exit-codes.js';
import type { OutputOptions } from './output.js';
// Each command's module is imported when that command runs: `agora games` or `agora serve` need
// not load the trainer, TensorFlow or the arena first (a second or more of start-up under tsx).
import type { PlayCliOptions } from './commands/play.js';
import type { ServeCliOptions } from './commands/serve.js';
import type { EvaluateCliOptions } from './commands/evaluate.js';
import { ConnectError, DEFAULT_SPIN_MICROS } from '../play/index.js';
import type { SimulateOptions } from './commands/simulate.js';
import type { TournamentCliOptions } from './commands/tournament.js';
import type { TrainCliOptions } from './commands/train.js';
import type { CfrCliOptions } from './commands/cfr.js';
import type { ExploitabilityCliOptions } from './commands/exploitability.js';
import type { TuneSearchCliOptions } from './commands/tune-search.js';
import type { TunePolicyCliOptions } from './commands/tune-policy.js';
import type { ValueCheckCliOptions } from './commands/value-check.js';
import type { WorkerCliOptions } from './commands/worker.js';

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

function nonNegativeNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError(`'${value}' is not a non-negative number`);
  return n;
}

function nonNegativeInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`'${value}' is not a non-negative integer`);
  return n;
}

/**
 * --quiet and --json, the same on every command that has results (cli/output.ts). `what` names
 * what the JSON document holds.
 */
function withOutputOptions(command: Command, what: string): Command {
  return command
    .option('-q, --quiet', 'no progress or notes on stderr: only the results (stdout) and errors')
    .option('--json <file>', `write ${what} as JSON to this file; '-' prints it on stdout instead of the tables`);
}

const OTHERS_HELP =
  'the agent for every seat the list leaves out ' +
  "(e.g. -a 'neural:models/promotion/az' --others random: the model and three random bots)";

// exitOverride: commander throws its usage errors (missing required option, unknown option, bad
// value) instead of exiting 1 itself, so they exit 2 like every other bad input. Set before the
// commands are added: they inherit it.
const program = new Command()
  .name('agora')
  .description('Agora: reinforcement-learning environments and an AI arena for board and card games')
  .showHelpAfterError()
  .exitOverride()
  .addHelpText(
    'after',
    '\nResults go to stdout, progress and notes to stderr (a bar on a terminal; elsewhere a line every ' +
      'AGORA_PROGRESS_INTERVAL_MS, default 10000).\nExit codes: 0 done, 1 a failure (a game crashed, a file ' +
      'could not be written), 2 bad input (bad option, unknown game, bad agent spec). See docs/cli.md.',
  );

withOutputOptions(
  program.command('games').description('list the games with their player counts, action and observation sizes'),
  'the games',
).action(async (opts: OutputOptions) => (await import('./commands/games.js')).gamesCommand(opts));

program
  .command('serve')
  .description(
    'serve environments to programs in any language over length-prefixed frames on stdin/stdout ' +
      '(docs/env-protocol.md); Python: pip install ./python',
  )
  .option('--socket <path>', 'listen on a Unix socket at this path instead of stdin/stdout')
  .option('-q, --quiet', 'no notes on stderr (listening, warnings): errors only')
  .option(
    '--spin <microseconds>',
    'on stdin/stdout pipes, poll this many microseconds for the next request before sleeping (0: never)',
    nonNegativeInt,
    DEFAULT_SPIN_MICROS,
  )
  .action(async (opts: ServeCliOptions) => (await import('./commands/serve.js')).serveCommand(opts));

withOutputOptions(
  program
    .command('play <game>')
    .description('play a game in the terminal: each human seat sees only its own view')
    .option('-p, --players <n>', 'number of players (default: the game default)', positiveInt)
    .option(
      '-s, --seats <specs>',
      "comma-separated agent per seat, e.g. 'human,random,random,random' (default: you at seat 0, random elsewhere)",
    )
    .option('--others <spec>', `${OTHERS_HELP}; without --seats, you are seat 0`)
    .option('--seed <seed>', 'seed of the game (default: the current time, printed so the game can be replayed)'),
  "the game's result (seats, places, scores, returns, seed and actions)",
).action(async (game: string, opts: PlayCliOptions) => (await import('./commands/play.js')).playCommand(game, opts));

withOutputOptions(
  program
    .command('simulate <game>')
    .description('play many games between agents, seats rotated, and print a results table')
    .option('-n, --games <n>', 'number of games', positiveInt, 100)
    .option(
      '-a, --agents <specs>',
      "comma-separated agent specs, one per seat or one for all (e.g. 'random,random'); " +
        'with --others, the first seats',
      'random',
    )
    .option('--others <spec>', OTHERS_HELP)
    .option(
      '-p, --players <n>',
      'number of players (default: the number of agents, or the game default; with --others, the game default)',
      positiveInt,
    )
    .option('--seed <seed>', 'seed of the run', 'simulate'),
  'the summary and every game',
).action(async (game: string, opts: SimulateOptions) =>
  (await import('./commands/simulate.js')).simulateCommand(game, opts),
);

withOutputOptions(
  program
    .command('tournament <game>')
    .description('an Elo-rated tournament on worker threads: every agent mix, seats rotated')
    .requiredOption(
      '-a, --agents <specs>',
      "comma-separated distinct agent specs, e.g. 'random,greedy,mcts:iterations=200' " +
        '(a set of agents, not seats: games draw their seats from it, so there is no --others)',
    )
    .option('-n, --games <n>', 'number of games', positiveInt, 120)
    .option('-p, --players <n>', 'number of players (default: the game default)', positiveInt)
    .option('-f, --format <format>', 'round-robin or gauntlet (the first agent against the rest)', 'round-robin')
    .option('--seed <seed>', 'seed of the run', 'tournament')
    .option('-t, --threads <n>', 'worker threads (default: one per core)', positiveInt)
    .option(
      '--journal <file>',
      'write each finished game to this file, and play only the games it does not hold yet (resume a stopped run)',
    ),
  'the standings, balance figures and every game',
).action(async (game: string, opts: TournamentCliOptions) =>
  (await import('./commands/tournament.js')).tournamentCommand(game, opts),
);

withOutputOptions(
  program
    .command('evaluate <model>')
    .description(
      'how strong a model folder is, with 95% intervals: its policy against random and greedy and against MCTS, ' +
        'its search against MCTS at equal time (ms), at 4x the iterations and (compute) at 10x the compute; ' +
        'prints the command behind each table',
    )
    .option('-n, --games <n>', 'games per table', positiveInt, 200)
    .option('--ms <ms>', 'time per decision of the equal-time table', positiveInt, 100)
    .option('--iterations <n>', "az's iterations in the iterations table (MCTS gets 4x)", positiveInt, 50)
    .option(
      '--tables <names>',
      'which tables: policy, time, iterations, policy-mcts, compute (comma-separated; default all but compute)',
    )
    .option(
      '--cutoff <n>',
      "MCTS's playout cutoff in the time, policy-mcts and compute tables (0: to the end)",
      nonNegativeInt,
      30,
    )
    .option(
      '--mcts-iterations <n>',
      "compute table: MCTS at n iterations instead of 10x the time ('auto': the count it reaches in 10x the time here)",
    )
    .option('--seed <seed>', 'seed of the run', 'evaluate')
    .option('-t, --threads <n>', 'worker threads (default: one per core)', positiveInt)
    .option(
      '--journal <folder>',
      "keep each table's finished games in <folder>/<table>.jsonl and play only the missing ones (resume)",
    ),
  'the tables',
).action(async (model: string, opts: EvaluateCliOptions) =>
  (await import('./commands/evaluate.js')).evaluateCommand(model, opts),
);

withOutputOptions(
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
      'az: share of decisions that get the full search (with --full-iterations or --teacher; default 0.25)',
      unitInterval,
    )
    .option(
      '--teacher <n>',
      'az: recorded decisions are searched by plain IS-MCTS of n iterations (playouts cut at --cutoff), ' +
        'whose visits and values are the targets: plain search as the expert',
      positiveInt,
    )
    .option(
      '--value-mix <beta>',
      "az: value target = (1 - beta) * the game's final returns + beta * the search's root value (default 0)",
      unitInterval,
    )
    .option(
      '--score-weight <w>',
      'az: add a score head trained on final score margins, its loss weighted w (default 0: no head)',
      nonNegativeNumber,
    )
    .option(
      '--init <dir>',
      "az: start a new run from this model folder's weights (e.g. the shipped model) instead of a random network",
    )
    .option(
      '--cutoff <n>',
      'az: with --mix, leaf playouts stop after n moves and the game scores the position ' +
        '(as mcts:cutoff=; default 0, to the end)',
      nonNegativeInt,
    )
    .option(
      '--search <kind>',
      'az: puct (AlphaZero, the default) or gumbel ' +
        '(Gumbel top-k and sequential halving; its improved policy is the target)',
    )
    .option(
      '--considered <m>',
      'az: with --search gumbel, root actions sequential halving starts with (default 16)',
      positiveInt,
    )
    .option(
      '--resume',
      'go on with the checkpoint in --out, and fail if there is none (without it, a checkpoint is resumed too)',
    )
    .option('--fresh', 'start over even if the output folder holds a checkpoint (default: resume it)'),
  'the run summary and its last evaluation',
).action(async (game: string, opts: TrainCliOptions) => (await import('./commands/train.js')).trainCommand(game, opts));

withOutputOptions(
  program
    .command('cfr <game>')
    .description(
      'solve a two-player game with information states (kuhn, leduc) by CFR+, printing the average ' +
        "policy's exploitability as it goes, and save the policy for cfr:<out>",
    )
    .requiredOption('--iterations <n>', 'CFR+ iterations in all (a resumed run goes on to this many)', positiveInt)
    .requiredOption('-o, --out <dir>', 'output folder, e.g. models/<game>/cfr: policy.json, meta.json, checkpoint/')
    .option(
      '--eval-every <n>',
      'print the exploitability every n iterations (default: at 1, 2, 5, 10, 20, 50, ... and the last)',
      positiveInt,
    )
    .option(
      '--delay <d>',
      'averaging delay: iteration t weighs max(t - d, 0) in the average ' +
        '(Tammelin et al. 2015; default 0, as OpenSpiel)',
      nonNegativeInt,
    )
    .option(
      '--resume',
      'go on with the checkpoint in --out, and fail if there is none (without it, one is resumed too)',
    )
    .option('--fresh', 'start over even if the output folder holds a checkpoint (default: resume it)'),
  'the run summary and every evaluation',
).action(async (game: string, opts: CfrCliOptions) => (await import('./commands/cfr.js')).cfrCommand(game, opts));

withOutputOptions(
  program
    .command('exploitability <game> <agent>')
    .description(
      "how much a best-responding opponent wins from an agent, in the game's unit (OpenSpiel's NashConv / 2): " +
        'exact for agents that state their probabilities (cfr:, random, neural:), estimated with a bootstrap ' +
        'error for the others (greedy, mcts:, az:)',
    )
    .option(
      '-n, --samples <n>',
      'decisions asked per information set of an agent without probabilities',
      positiveInt,
      100,
    )
    .option('--resamples <n>', "bootstrap resamples for an estimate's error (0: none)", nonNegativeInt, 200)
    .option('--sample', 'sample the decisions even of an agent that states its probabilities')
    .option('--seed <seed>', "seed of the agent's draws and the bootstrap", 'exploitability'),
  'the exploitability with its parts (and an estimate its error)',
).action(async (game: string, spec: string, opts: ExploitabilityCliOptions) =>
  (await import('./commands/exploitability.js')).exploitabilityCommand(game, spec, opts),
);

withOutputOptions(
  program
    .command('tune-search <dir>')
    .description(
      "measure a model's az search at several PUCT constants (leaf mixes, expansion thresholds) against an opponent, " +
        "and save the best as the model's default",
    )
    .option('--c <values>', 'the PUCT constants to compare, comma-separated, e.g. 0.5,1,1.5')
    .option('--mix <values>', 'or the leaf mixes to compare (rollout share of leaf values), e.g. 0,0.5,1')
    .option(
      '--expand <values>',
      'or the expansion thresholds to compare (visits before a node asks the network), e.g. 1,2,4',
    )
    .option('--iterations <n>', 'search iterations per decision, for az and the default opponent', positiveInt, 64)
    .option('--ms <ms>', 'or thinking time per decision (ms) instead of iterations, for both', positiveInt)
    .option('-n, --games <n>', 'number of games', positiveInt, 200)
    .option('--opponent <spec>', 'the reference agent (default: mcts at the same iterations or time)')
    .option('--seed <seed>', 'seed of the run', 'tune-search')
    .option('-t, --threads <n>', 'worker threads (default: one per core)', positiveInt)
    .option('--dry-run', 'print the table without writing meta.json'),
  'the standings and the chosen c',
).action(async (dir: string, opts: TuneSearchCliOptions) =>
  (await import('./commands/tune-search.js')).tuneSearchCommand(dir, opts),
);

withOutputOptions(
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
    .option('--dry-run', 'print the table without writing meta.json'),
  'the standings and the chosen temperature',
).action(async (dir: string, opts: TunePolicyCliOptions) =>
  (await import('./commands/tune-policy.js')).tunePolicyCommand(dir, opts),
);

withOutputOptions(
  program
    .command('widen-model <dir>')
    .description(
      "rewrite a saved model for its game's current encoding " +
        'when that encoding only appended observation inputs (they get zero weights)',
    ),
  'the encodings before and after',
).action(async (dir: string, opts: OutputOptions) =>
  (await import('./commands/widen-model.js')).widenModelCommand(dir, opts),
);

withOutputOptions(
  program
    .command('value-check <dir>')
    .description(
      "a model's value head on held-out games: its squared error against the final returns, next to the " +
        'best constant per seat, overall and by third of the game',
    )
    .option(
      '-n, --games <n>',
      'games to play (default 40; with --records, the first n of the file, default all)',
      positiveInt,
    )
    .option('--seed <seed>', "seed of the games ('<seed>:<k>'; never a training run's)", 'value-check')
    .option('-a, --agent <spec>', "the agent of every seat (default: the model's az search at 64 iterations)")
    .option(
      '--records <path>',
      "read the games from a file of game records or a run folder's checkpoint/buffer.json instead of playing",
    )
    .option('-t, --threads <n>', 'worker threads (default: one per core)', positiveInt),
  'the errors, overall and by third',
).action(async (dir: string, opts: ValueCheckCliOptions) =>
  (await import('./commands/value-check.js')).valueCheckCommand(dir, opts),
);

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
  .option('-q, --quiet', 'log warnings and errors only (LOG_LEVEL=warn)')
  .option('--json', 'log one JSON object a line (LOG_FORMAT=json), for log collectors')
  .action(async (opts: WorkerCliOptions) => (await import('./commands/worker.js')).workerCommand(opts));

// A reader that stops early (`agora tournament ... | head`) closes the pipe: that ends the command
// quietly, as it does for other Unix tools, instead of with a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

program.parseAsync(process.argv).catch((err: unknown) => {
  const code = exitCodeFor(err);
  // Commander has printed its own message (and the help) already; --help and --version end with 0.
  if (!(err instanceof CommanderError)) process.stderr.write(`agora: ${errorText(err)}\n`);
  // A server that could not be reached (exit 1): end now, or the client library's reconnection
  // timers would keep the process waiting.
  if (err instanceof ConnectError) process.exit(code);
  process.exitCode = code;
});
