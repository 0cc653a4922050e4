import { AgoraError, getGame } from '../../envs/index.js';
import { runTournament, type TournamentFormat } from '../../play/index.js';
import { Output, type OutputOptions } from '../output.js';
import { startProgress } from '../progress.js';
import { formatStandings } from '../standings-table.js';

export interface TournamentCliOptions extends OutputOptions {
  agents: string;
  games: number;
  players?: number;
  format: string;
  seed: string;
  threads?: number;
  journal?: string;
}

export async function tournamentCommand(game: string, opts: TournamentCliOptions): Promise<void> {
  if (opts.format !== 'round-robin' && opts.format !== 'gauntlet') {
    throw new AgoraError('bad_request', `--format must be round-robin or gauntlet; got '${opts.format}'`);
  }
  const output = new Output(opts);
  const progress = startProgress({ label: 'tournament', total: opts.games, unit: 'games', quiet: opts.quiet });
  const report = await runTournament({
    game,
    agents: opts.agents,
    games: opts.games,
    players: opts.players,
    format: opts.format as TournamentFormat,
    seed: opts.seed,
    threads: opts.threads,
    journal: opts.journal,
    onResume: (games) => {
      if (games > 0) output.note(`journal ${opts.journal}: ${games} of ${opts.games} games already played`);
      progress.resumed(games);
    },
    onResult: () => progress.increment(),
  }).finally(() => progress.stop());
  const b = report.balance;
  output.text(`${report.game}, ${report.players} players, ${report.format}, ${b.games} games, seed '${report.seed}'`);
  output.text(formatStandings(report.standings, { seats: true, elo: true, unit: getGame(report.game).returnUnit }));
  output.text(
    `balance: first-seat win share ${(100 * b.firstSeatWinShare).toFixed(1)}% ` +
      `(by seat: ${b.seatWinShares.map((w) => `${(100 * w).toFixed(1)}%`).join(', ')}), ` +
      `average length ${b.meanLength.toFixed(1)} decisions, ` +
      `ended by the turn cap ${(100 * b.truncatedShare).toFixed(1)}%\n`,
  );
  output.json(report);
}
