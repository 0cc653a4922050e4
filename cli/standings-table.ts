import type { TournamentReport } from '../play/index.js';
import { formatTable } from './table.js';

type Standing = TournamentReport['standings'][number];

/**
 * A tournament's standings as the commands print them: agent, [seats], win share, average return,
 * [Elo], Bradley-Terry and its 95% interval, in the order given. `unit` is the game's returnUnit:
 * the average return's header names it unless it is 'rank'.
 */
export function formatStandings(
  standings: readonly Standing[],
  extra: { seats?: boolean; elo?: boolean; unit?: string } = {},
): string {
  const header = [
    'agent',
    ...(extra.seats ? ['seats'] : []),
    'win share',
    extra.unit && extra.unit !== 'rank' ? `avg return (${extra.unit})` : 'avg return',
    ...(extra.elo ? ['Elo'] : []),
    'BT',
    'BT 95% CI',
  ];
  const rows = standings.map((s) => [
    s.agent,
    ...(extra.seats ? [String(s.games)] : []),
    `${(100 * s.winShare).toFixed(1)}%`,
    s.meanReturn.toFixed(3),
    ...(extra.elo ? [s.elo.toFixed(0)] : []),
    s.bt.toFixed(0),
    `[${s.btLow.toFixed(0)}, ${s.btHigh.toFixed(0)}]`,
  ]);
  return formatTable(header, rows);
}
