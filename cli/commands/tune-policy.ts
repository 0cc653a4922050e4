import { getGame } from '../../envs/index.js';
import { readMeta } from '../../agents/index.js';
import { Output, type OutputOptions } from '../output.js';
import { parseValueList, runTuning } from './tuning.js';

export interface TunePolicyCliOptions extends OutputOptions {
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
  const output = new Output(opts);
  const result = await runTuning({
    game: game.name,
    players: meta.players,
    candidates: values.map((t) => `neural:${dir},temperature=${t}`),
    references: REFERENCES,
    games: opts.games,
    seed: opts.seed,
    threads: opts.threads,
    label: 'tune-policy',
    output,
  });
  const best = values[result.best];
  output.text(`best: temperature=${best} (${result.verdict})\n`);
  if (opts.dryRun) {
    output.text(`--dry-run: ${dir}/meta.json left unchanged`);
    output.json({
      model: dir,
      temperature: best,
      verdict: result.verdict,
      standings: result.standings,
      wroteMeta: false,
    });
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
  output.text(
    `wrote policy.temperature = ${best} to ${dir}/meta.json: ` +
      `neural:${dir} now plays at it unless its spec sets temperature\n`,
  );
  output.json({ model: dir, temperature: best, verdict: result.verdict, standings: result.standings, wroteMeta: true });
}
