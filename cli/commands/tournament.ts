import { writeFileSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { AgoraError } from '../../envs/index.js';
import { runTournament, type TournamentFormat } from '../../play/index.js';
import { formatTable } from '../table.js';

export interface TournamentCliOptions {
  agents: string;
  games: number;
  players?: number;
  format: string;
  seed: string;
  threads?: number;
  json?: string;
}

export async function tournamentCommand(game: string, opts: TournamentCliOptions): Promise<void> {
  if (opts.format !== 'round-robin' && opts.format !== 'gauntlet') {
    throw new AgoraError('bad_request', `--format must be round-robin or gauntlet; got '${opts.format}'`);
  }
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: ' {bar} {value}/{total} games | {eta_formatted} left' },
    cliProgress.Presets.shades_classic,
  );
  bar.start(opts.games, 0);
  const report = await runTournament({
    game,
    agents: opts.agents,
    games: opts.games,
    players: opts.players,
    format: opts.format as TournamentFormat,
    seed: opts.seed,
    threads: opts.threads,
    onResult: () => bar.increment(),
  }).finally(() => bar.stop());
  const rows = report.standings.map((s) => [
    s.agent,
    String(s.games),
    `${(100 * s.winShare).toFixed(1)}%`,
    s.meanReturn.toFixed(3),
    s.elo.toFixed(0),
    s.bt.toFixed(0),
    `[${s.btLow.toFixed(0)}, ${s.btHigh.toFixed(0)}]`,
  ]);
  const b = report.balance;
  process.stdout.write(
    `${report.game}, ${report.players} players, ${report.format}, ${b.games} games, seed '${report.seed}'\n`,
  );
  process.stdout.write(
    `${formatTable(['agent', 'seats', 'win share', 'avg return', 'Elo', 'BT', 'BT 95% CI'], rows)}\n`,
  );
  process.stdout.write(
    `balance: first-seat win share ${(100 * b.firstSeatWinShare).toFixed(1)}% ` +
      `(by seat: ${b.seatWinShares.map((w) => `${(100 * w).toFixed(1)}%`).join(', ')}), ` +
      `average length ${b.meanLength.toFixed(1)} decisions, ` +
      `ended by the turn cap ${(100 * b.truncatedShare).toFixed(1)}%\n`,
  );
  if (opts.json) {
    writeFileSync(opts.json, JSON.stringify(report, null, 2));
    process.stdout.write(`wrote ${opts.json}\n`);
  }
}
