import type { TournamentRecord } from '../store/store.js';
import type { QueueCounts } from '../../play/index.js';
import { esc, layout } from './layout.js';
import { count } from './ordinal.js';
import { csrfField } from './account.js';

/** Who is looking: their account id and the CSRF token their forms carry (none for a visitor). */
export interface TournamentViewer {
  userId: string;
  csrf: string;
}

/** The owner's cancel button for a running tournament of theirs, else nothing. */
function cancelForm(t: TournamentRecord, viewer: TournamentViewer | undefined): string {
  if (!viewer || t.status !== 'running' || t.requestedBy !== viewer.userId) return '';
  return (
    `<form method="post" action="/tournaments/${esc(encodeURIComponent(t.id))}/cancel" class="inline">` +
    `${csrfField(viewer.csrf)}<button type="submit">Cancel</button></form>`
  );
}

/** A tournament's state in words: a running one is playing, or queued behind the one that is. */
function statusWord(t: TournamentRecord, playing: boolean): string {
  return t.status === 'running' ? (playing ? 'playing' : 'queued') : t.status;
}

export function tournamentPage(
  t: TournamentRecord,
  names: string[],
  runner = '',
  playing = false,
  viewer?: TournamentViewer,
): string {
  const body =
    `<h1>Tournament ${esc(t.id)}</h1><div class="card"><p>${esc(t.game)}, ${t.players} players, ${esc(t.format)}: ` +
    `${names.map(esc).join(', ')}</p>` +
    `<p><strong>${esc(statusWord(t, playing))}</strong>: ${t.gamesDone} of ${count(t.gamesTotal, 'game')} played.` +
    `${t.error ? ` <span class="error">${esc(t.error)}</span>` : ''}</p>` +
    `<progress max="${t.gamesTotal}" value="${t.gamesDone}"></progress>${cancelForm(t, viewer)}</div>` +
    `${runner}<p><a href="/leaderboard?game=${encodeURIComponent(t.game)}">Leaderboard</a></p>`;
  return layout(`Tournament ${t.id}`, body, t.status === 'running' ? { refreshSeconds: 3 } : {});
}

/** Where games are played, and the job queue's state when there is one. */
export function runnerBox(runner: string, counts?: QueueCounts): string {
  const figures = counts
    ? `: ${counts.workers} worker${counts.workers === 1 ? '' : 's'} connected; ` +
      `jobs waiting ${counts.waiting}, running ${counts.active}, ` +
      `retrying ${counts.delayed}, done ${counts.completed}, failed ${counts.failed}`
    : '';
  return `<div class="card"><p>Games are played on ${esc(runner)}${esc(figures)}.</p></div>`;
}

export function tournamentListPage(
  list: TournamentRecord[],
  runner = '',
  playing: (id: string) => boolean = () => false,
  viewer?: TournamentViewer,
): string {
  const rows = list
    .map(
      (t) =>
        `<tr><td><a href="/tournaments/${encodeURIComponent(t.id)}">${esc(t.id)}</a></td>` +
        `<td>${esc(t.game)}</td><td>${t.players}</td><td>${esc(t.format)}</td>` +
        `<td>${esc(statusWord(t, playing(t.id)))} ${cancelForm(t, viewer)}</td>` +
        `<td>${t.gamesDone}/${t.gamesTotal}</td><td>${esc(t.createdAt)}</td></tr>`,
    )
    .join('');
  return layout(
    'Tournaments',
    `<h1>Tournaments</h1>${runner}<div class="scroll"><table>` +
      '<tr><th>id</th><th>game</th><th>players</th><th>format</th><th>status</th><th>games</th><th>started</th></tr>' +
      `${rows}</table></div>` +
      '<p class="muted">Accounts start one with POST /api/tournaments (see docs/arena.md).</p>',
  );
}
