/**
 * What `agora tune-search` and `agora tune-policy` share: a list of candidate values from a flag, a
 * round-robin tournament between the candidates and the agents they must beat, its table, and the
 * candidate with the best Bradley-Terry rating, with the standings to record in meta.json.
 */
import { AgoraError } from '../../envs/index.js';
import { runTournament, type TournamentReport } from '../../play/index.js';
import type { Output } from '../output.js';
import { startProgress } from '../progress.js';
import { formatStandings } from '../standings-table.js';

/** '0.5,1,1.5' -> [0.5, 1, 1.5]: distinct numbers in [0, max] (100 unless given), at least two. */
export function parseValueList(flag: string, text: string, max = 100): number[] {
  const values = text.split(',').map((s) => s.trim());
  const numbers = values.map(Number);
  const bad = values.filter((s, i) => s === '' || !Number.isFinite(numbers[i]) || numbers[i] < 0 || numbers[i] > max);
  if (bad.length > 0)
    throw new AgoraError(
      'bad_request',
      `${flag} must list numbers from 0 to ${max} separated by commas; got '${bad.join("', '")}' in '${text}'`,
    );
  if (new Set(numbers).size !== numbers.length)
    throw new AgoraError('bad_request', `${flag} lists a value twice: '${text}'`);
  if (numbers.length < 2)
    throw new AgoraError('bad_request', `${flag} needs at least two values to compare; got '${text}'`);
  return numbers;
}

export interface TuningRun {
  game: string;
  players: number;
  /** One agent spec per candidate value. */
  candidates: string[];
  /** The agents every candidate is measured against. */
  references: string[];
  games: number;
  seed: string;
  threads?: number;
  /** The command's name, first on its progress lines. */
  label: string;
  output: Output;
}

export interface TuningResult {
  report: TournamentReport;
  /** Index of the candidate with the best rating. */
  best: number;
  /** Every agent's figures, candidates first, as meta.json's chosenBy records them. */
  standings: { agent: string; winShare: number; bt: number; btLow: number; btHigh: number }[];
  /** How the best candidate stands against the references, in words. */
  verdict: string;
}

/** Plays the tournament with progress on stderr and prints its table and the best candidate. */
export async function runTuning(run: TuningRun): Promise<TuningResult> {
  const progress = startProgress({ label: run.label, total: run.games, unit: 'games', quiet: run.output.quiet });
  const agents = [...run.candidates, ...run.references];
  const report = await runTournament({
    game: run.game,
    agents,
    games: run.games,
    players: run.players,
    seed: run.seed,
    threads: run.threads,
    onResult: () => progress.increment(),
  }).finally(() => progress.stop());
  const standing = (spec: string) => report.standings.find((s) => s.agent === spec)!;
  const standings = agents.map((agent) => {
    const s = standing(agent);
    return { agent, winShare: s.winShare, bt: s.bt, btLow: s.btLow, btHigh: s.btHigh };
  });
  run.output.text(`${run.game}, ${report.players} players, ${report.balance.games} games, seed '${report.seed}'`);
  run.output.text(formatStandings(agents.map(standing)));
  let best = 0;
  run.candidates.forEach((spec, i) => {
    if (standing(spec).bt > standing(run.candidates[best]).bt) best = i;
  });
  const own = standing(run.candidates[best]);
  const verdict = run.references
    .map((ref) => {
      const s = standing(ref);
      const how =
        own.btLow > s.btHigh ? 'above' : own.bt > s.bt ? 'ahead of, with overlapping intervals,' : 'not ahead of';
      return `${how} ${ref} (BT ${s.bt.toFixed(0)})`;
    })
    .join('; ');
  return { report, best, standings, verdict: `BT ${own.bt.toFixed(0)}, ${verdict}` };
}
