import { getGame } from '../../envs/index.js';
import { readMeta } from '../../agents/index.js';
import { parseValueList, runTuning } from './tuning.js';

export interface TunePolicyCliOptions {
  temperature: string;
  games: number;
  seed: string;
  threads?: number;
  dryRun?: boolean;
}

/** The agents the policy alone must beat (agora evaluate's policy table). */
const REFERENCES = ['random', 'greedy'];

/**
 * `agora tune-policy <dir> --temperature 0,1`: a round-robin tournament between the model's policy
 * alone at each temperature (0 plays the highest logit, above 0 samples the softmax), random and
 * greedy, and the temperature with the best Bradley-Terry rating written to meta.json as the
 * policy's default, with the figures that chose it. A policy whose logits are nearly flat plays one
 * move over and over at temperature 0; sampled, it plays the mixture it learnt.
 * Nothing is written if any game fails, or with --dry-run.
 */
export async function tunePolicyCommand(dir: string, opts: TunePolicyCliOptions): Promise<void> {
  const values = parseValueList('--temperature', opts.temperature);
  const meta = readMeta(dir);
  const game = getGame(meta.game);
  const result = await runTuning({
    game: game.name,
    players: meta.players,
    candidates: values.map((t) => `neural:${dir},temperature=${t}`),
    references: REFERENCES,
    games: opts.games,
    seed: opts.seed,
    threads: opts.threads,
  });
  const best = values[result.best];
  process.stdout.write(`best: temperature=${best} (${result.verdict})\n`);
  if (opts.dryRun) {
    process.stdout.write(`--dry-run: ${dir}/meta.json left unchanged\n`);
    return;
  }
  // TensorFlow.js loads with training's code: only for the write.
  const { writePolicyDefaults } = await import('../../training/index.js');
  writePolicyDefaults(dir, {
    temperature: best,
    chosenBy: {
      command: 'agora tune-policy',
      date: new Date().toISOString(),
      games: result.report.balance.games,
      seed: result.report.seed,
      opponents: REFERENCES,
      standings: result.standings,
    },
  });
  process.stdout.write(
    `wrote policy.temperature = ${best} to ${dir}/meta.json: ` +
      `neural:${dir} now plays at it unless its spec sets temperature\n`,
  );
}
