import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AgoraError, getGame } from '../../envs/index.js';
import type { AzConfig, MatchupFigures, PpoConfig, TrainingEvent } from '../../training/index.js';
import { Output, type OutputOptions } from '../output.js';
import { startProgress } from '../progress.js';
import { formatTable } from '../table.js';

export interface TrainCliOptions extends OutputOptions {
  algo: string;
  minutes: number;
  out: string;
  players?: number;
  seed: string;
  workers?: number;
  iterations?: number;
  games?: number;
  width?: number;
  blocks?: number;
  mix?: number;
  init?: string;
  evalEvery?: number;
  /** Games per baseline in each evaluation (both algorithms). */
  evalGames?: number;
  fullIterations?: number;
  fullShare?: number;
  teacher?: number;
  cutoff?: number;
  search?: string;
  considered?: number;
  /** Value target = (1 - this) * final returns + this * root search value. */
  valueMix?: number;
  /** Weight of the auxiliary score-margin head's loss (0: no head). */
  scoreWeight?: number;
  fresh?: boolean;
  resume?: boolean;
}

/** `agora train <game> --algo az|ppo --minutes M --out models/<game>/<name>` */
export async function trainCommand(game: string, opts: TrainCliOptions): Promise<void> {
  const def = getGame(game);
  // CFR+ solves a game's tree by iterations, not a network by minutes: it has its own command.
  if (opts.algo === 'cfr' || opts.algo === 'cfr+')
    throw new AgoraError(
      'bad_request',
      `--algo ${opts.algo}: CFR+ has its own command, agora cfr ${def.name} --iterations N --out <dir> (docs/cfr.md)`,
    );
  if (opts.algo !== 'az' && opts.algo !== 'ppo')
    throw new AgoraError('bad_request', `--algo must be az or ppo (CFR+: agora cfr); got '${opts.algo}'`);
  const azOnly = {
    mix: '--mix',
    init: '--init',
    evalEvery: '--eval-every',
    fullIterations: '--full-iterations',
    fullShare: '--full-share',
    teacher: '--teacher',
    cutoff: '--cutoff',
    search: '--search',
    considered: '--considered',
    valueMix: '--value-mix',
    scoreWeight: '--score-weight',
  } as const;
  const misplaced = Object.entries(azOnly).filter(([key]) => opts[key as keyof typeof azOnly] !== undefined);
  if (opts.algo !== 'az' && misplaced.length > 0)
    throw new AgoraError(
      'bad_request',
      `${misplaced.map(([, flag]) => flag).join(', ')} ${misplaced.length > 1 ? 'apply' : 'applies'} to --algo az only`,
    );
  if (opts.search !== undefined && opts.search !== 'puct' && opts.search !== 'gumbel')
    throw new AgoraError('bad_request', `--search must be puct or gumbel; got '${opts.search}'`);
  if (opts.considered !== undefined && opts.search !== 'gumbel')
    throw new AgoraError('bad_request', '--considered needs --search gumbel');
  if (opts.resume && (opts.fresh || opts.init !== undefined))
    throw new AgoraError(
      'bad_request',
      '--resume goes on with the checkpoint in --out; it cannot go with --fresh or --init',
    );
  if (opts.resume && !existsSync(join(opts.out, 'checkpoint', 'state.json')))
    throw new AgoraError(
      'bad_request',
      `--resume: ${opts.out} holds no checkpoint (checkpoint/state.json) to go on from; ` +
        'drop --resume to start a run there',
    );
  if (opts.fullShare !== undefined && opts.fullIterations === undefined && opts.teacher === undefined)
    throw new AgoraError('bad_request', '--full-share needs --full-iterations or --teacher');
  if (opts.teacher !== undefined && opts.fullIterations !== undefined)
    throw new AgoraError(
      'bad_request',
      '--teacher and --full-iterations both choose the search of the recorded decisions; give one',
    );
  if (opts.teacher !== undefined && opts.search === 'gumbel')
    throw new AgoraError(
      'bad_request',
      "--teacher replaces PUCT's recorded searches with plain MCTS; it does not go with --search gumbel",
    );
  // A share of 0 would record no positions at all, and the learner would have nothing to train on.
  if (opts.fullShare !== undefined && !(opts.fullShare > 0))
    throw new AgoraError('bad_request', `--full-share must be above 0 and at most 1; got ${opts.fullShare}`);
  if (!(opts.minutes > 0))
    throw new AgoraError('bad_request', `--minutes must be a positive number; got '${opts.minutes}'`);
  const players = opts.players ?? def.defaultPlayers;
  const output = new Output(opts);
  // TensorFlow.js loads only for training (a second or two).
  const training = await import('../../training/index.js');
  const backend = await training.initBackend({ announce: false });
  output.note(
    `agora train ${def.name}: ${opts.algo}, ${players} players, ${opts.minutes} min, ` +
      `backend ${backend}, out ${opts.out}`,
  );
  // Training runs for a time budget: progress is time elapsed, with the generation and its phase.
  const totalSeconds = Math.round(opts.minutes * 60);
  const progress = startProgress({ label: 'train', total: totalSeconds, unit: 'seconds', quiet: opts.quiet });
  const began = Date.now();
  const elapsed = () => Math.min(totalSeconds, Math.round((Date.now() - began) / 1000));
  const tick = setInterval(() => progress.update(elapsed()), 1000);
  let generation = 0;
  let phase = 'starting';
  const show = (detail: string) => progress.detail(`generation ${generation} ${phase}${detail ? ` ${detail}` : ''}`);
  show('');
  let lastRow: Record<string, unknown> | undefined;
  const onEvent = (e: TrainingEvent) => {
    if (e.kind === 'phase') {
      generation = e.generation;
      phase = e.phase;
      show('');
    } else if (e.kind === 'game') show(`${e.done}/${e.total} games`);
    else {
      lastRow = e.row;
      const r = e.row as { policyLoss: number; valueLoss: number };
      show(`loss ${r.policyLoss.toFixed(3)}+${r.valueLoss.toFixed(3)}`);
    }
  };
  try {
    const redisUrl = process.env.REDIS_URL;
    if (redisUrl)
      output.note(
        'REDIS_URL is set: self-play and evaluation games go to the job queue; ' +
          'start `agora worker` processes to play them',
      );
    const run = {
      out: opts.out,
      minutes: opts.minutes,
      workers: opts.workers,
      fresh: opts.fresh,
      init: opts.init,
      onEvent,
      redisUrl,
      queuePrefix: process.env.AGORA_QUEUE_PREFIX,
    };
    const summary =
      opts.algo === 'az'
        ? await training.trainExpertIteration(overrideAz(training.defaultAzConfig(def, players, opts.seed), opts), run)
        : await training.trainPpo(overridePpo(training.defaultPpoConfig(def, players, opts.seed), opts), run);
    clearInterval(tick);
    progress.update(elapsed());
    progress.stop();
    output.text(
      `${summary.out}: ${summary.generations} generations, ` +
        `${summary.steps} ${opts.algo === 'az' ? 'gradient steps' : 'learner steps'}, ${summary.gamesPlayed} games, ` +
        `${(summary.elapsedMs / 60_000).toFixed(1)} min in all\n`,
    );
    if (summary.lastEval) {
      const what = opts.algo === 'az' ? 'search guided by the network (az:)' : 'the policy (neural:)';
      output.text(`${what}:\n${evaluationTable(summary.lastEval)}`);
    }
    if (summary.lastPolicyEval) {
      output.text(`the policy alone (neural:):\n${evaluationTable(summary.lastPolicyEval)}`);
    }
    if (lastRow) output.text(`metrics: ${opts.out}/metrics.jsonl, curves: ${opts.out}/curves.svg`);
    output.json({ game: def.name, algo: opts.algo, players, ...summary, lastMetrics: lastRow ?? null });
  } finally {
    clearInterval(tick);
    progress.stop();
  }
}

function overrideAz(config: AzConfig, opts: TrainCliOptions) {
  const network = { width: opts.width ?? config.network.width, blocks: opts.blocks ?? config.network.blocks };
  const iterations = opts.iterations ?? config.iterations;
  return {
    ...config,
    network,
    iterations,
    gamesPerGeneration: opts.games ?? config.gamesPerGeneration,
    mix: opts.mix ?? config.mix ?? 0,
    ...(opts.cutoff !== undefined ? { cutoff: opts.cutoff } : {}),
    ...(opts.search === 'gumbel'
      ? { search: 'gumbel' as const, ...(opts.considered !== undefined ? { considered: opts.considered } : {}) }
      : {}),
    evalEvery: opts.evalEvery ?? config.evalEvery,
    evalGames: opts.evalGames ?? config.evalGames,
    // Set only when asked, so a run without them keeps the config (and meta.json) of earlier runs.
    ...(opts.valueMix !== undefined ? { valueTargetMix: opts.valueMix } : {}),
    ...(opts.scoreWeight !== undefined ? { scoreWeight: opts.scoreWeight } : {}),
    ...(opts.fullIterations !== undefined
      ? { fullIterations: opts.fullIterations, fullShare: opts.fullShare ?? 0.25 }
      : {}),
    ...(opts.teacher !== undefined ? { teacher: opts.teacher, fullShare: opts.fullShare ?? 0.25 } : {}),
    baselines: config.baselines.map((b) => (b.startsWith('mcts:') ? `mcts:iterations=${iterations}` : b)),
  };
}

function overridePpo(config: PpoConfig, opts: TrainCliOptions) {
  return {
    ...config,
    network: { width: opts.width ?? config.network.width, blocks: opts.blocks ?? config.network.blocks },
    evalGames: opts.evalGames ?? config.evalGames,
  };
}

/** An evaluation's figures per opponent; checkpoints from before the intervals show none. */
function evaluationTable(figures: readonly MatchupFigures[]): string {
  return formatTable(
    ['opponent', 'games', 'score', 'score 95% CI', 'win rate', 'Elo diff'],
    figures.map((f) => [
      f.opponent,
      String(f.games),
      f.score.toFixed(3),
      f.scoreLow === undefined ? '—' : `[${f.scoreLow.toFixed(3)}, ${f.scoreHigh.toFixed(3)}]`,
      `${(100 * f.winRate).toFixed(1)}%`,
      f.elo.toFixed(0),
    ]),
  );
}
