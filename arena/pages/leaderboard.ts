import type { GameDefinition } from '../../envs/index.js';
import type { Leaderboard } from '../services/leaderboard.js';
import type { TournamentRecord } from '../store/store.js';
import { ratingChart } from './chart.js';
import { BOT_MARK, esc, fmtElo, fmtReturn, layout } from './layout.js';
import { count } from './ordinal.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** '40 s ago', '3 min ago', '2 h ago'. */
function ago(at: string, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - Date.parse(at)) / 1000));
  if (s < 90) return `${s} s ago`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

/** How old the Bradley-Terry figures are: they are refit off the request path, after enough new games. */
function fitAge(board: Leaderboard, now: Date): string {
  if (!board.fit) return 'Bradley-Terry figures are being computed; they appear within seconds. ';
  const behind = board.games - board.fit.games;
  return (
    `Bradley-Terry (on the Elo scale, mean 0) was fitted over ${count(board.fit.games, 'game')} ` +
    `${ago(board.fit.fittedAt, now)}${behind > 0 ? ` (${count(behind, 'newer game')} not in it yet)` : ''} ` +
    `and is refit as games come in; its interval comes from ${board.fit.bootstrap} bootstrap resamples. `
  );
}

/** Page links and the guests switch: a ladder is read a page at a time. */
function pager(def: GameDefinition, board: Leaderboard): string {
  const { number, pages, total, guests, perPage } = board.page;
  const link = (page: number, withGuests: boolean, text: string) =>
    `<a href="/leaderboard?game=${encodeURIComponent(def.name)}${withGuests ? '&amp;guests=1' : ''}` +
    `${page > 1 ? `&amp;page=${page}` : ''}${perPage !== 100 ? `&amp;perPage=${perPage}` : ''}">${text}</a>`;
  const nav = [
    number > 1 ? link(number - 1, guests, '← previous') : '',
    pages > 1 ? `page ${number} of ${pages}` : '',
    number < pages ? link(number + 1, guests, 'next →') : '',
  ].filter(Boolean);
  const who = guests
    ? `Bots, people and guests: ${count(total, 'row')}. ${link(1, false, 'Hide guests')}`
    : `Bots and people with an account: ${count(total, 'row')}. ${link(1, true, 'Show guests too')}`;
  return `<p class="muted pager">${who}${nav.length ? ` · ${nav.join(' · ')}` : ''}</p>`;
}

export function leaderboardPage(
  def: GameDefinition,
  board: Leaderboard,
  tournaments: TournamentRecord[],
  games: GameDefinition[],
  now: Date,
): string {
  const offset = (board.page.number - 1) * board.page.perPage;
  // A game with its own payoffs (chips) is rated by them: its board shows what each player won.
  const pays = board.payoffScale !== null;
  const unit = esc(board.returnUnit);
  const rows = board.rows
    .map(
      (r, i) =>
        `<tr><td>${r.games > 0 ? offset + i + 1 : '—'}</td><td>${esc(r.name)}${r.kind === 'bot' ? BOT_MARK : ''}` +
        `${r.retired ? ' <span class="muted">(retired)</span>' : ''}` +
        `${r.owner ? ` <span class="muted">by ${esc(r.owner)}</span>` : ''}` +
        `${r.strength ? `<br><span class="muted small" title="${esc(r.spec)}">${esc(r.strength)}</span>` : ''}</td>` +
        `<td>${r.kind}</td><td>${fmtElo(r.elo)}</td><td>${r.games}</td>` +
        (pays ? `<td>${esc(fmtReturn(r.meanReturn))}</td>` : '') +
        `<td>${fmtElo(r.bt)}</td><td>${r.btLow === null ? '—' : `${fmtElo(r.btLow)} … ${fmtElo(r.btHigh)}`}</td>` +
        `<td>${r.kind === 'bot' ? r.overruns : ''}</td></tr>`,
    )
    .join('');
  const b = board.balance;
  const chart = ratingChart(
    board.rows
      .filter((r) => r.games > 0)
      .map((r) => ({ name: r.name, points: (board.history[r.agentId] ?? []).map((p) => p.elo) })),
  );
  const running = tournaments
    .filter((t) => t.status === 'running')
    .map(
      (t) =>
        `<li><a href="/tournaments/${encodeURIComponent(t.id)}">tournament ${esc(t.id)}</a>: ` +
        `${t.gamesDone} of ${count(t.gamesTotal, 'game')}</li>`,
    )
    .join('');
  const switcher = games
    .map((g) =>
      g.name === def.name
        ? `<strong>${esc(g.title)}</strong>`
        : `<a href="/leaderboard?game=${encodeURIComponent(g.name)}">${esc(g.title)}</a>`,
    )
    .join(' · ');
  const body =
    `<p>${switcher}</p><h1>${esc(def.title)} leaderboard</h1>` +
    (running ? `<div class="card">Running now:<ul>${running}</ul></div>` : '') +
    '<div class="scroll"><table><tr><th>#</th><th>player</th><th>kind</th><th>Elo</th><th>games</th>' +
    (pays ? `<th title="mean ${unit} won or lost per game, as of the Bradley-Terry fit">${unit} / game</th>` : '') +
    `<th>Bradley-Terry</th><th>95% interval</th><th>overruns</th></tr>${rows}</table></div>` +
    pager(def, board) +
    '<p class="muted">Elo starts at 1500 and moves after every game ' +
    `(multiplayer games count as all pairs, K = 32 / (players − 1)). ` +
    (pays
      ? `${esc(def.title)} is played for ${unit}, and both ratings score it by them, not by who won the hand: ` +
        `a game scores 0.5 + (your ${unit} − theirs) / ${4 * board.payoffScale!}, ` +
        `so winning many small pots and losing big ones rates as it pays. `
      : '') +
    fitAge(board, now) +
    'Overruns are bot decisions that ran past their time budget and were played as a random legal move instead.</p>' +
    '<p class="muted">Why the two orders can differ: Elo moves game by game, ' +
    'so it weighs recent games more and depends on the order games were played; ' +
    'Bradley-Terry weighs every game alike and says how sure it is. ' +
    'Trust Bradley-Terry, and read two players whose intervals overlap as not yet told apart.</p>' +
    `<h2>Rating history</h2><div class="card">${chart}</div>` +
    `<h2>Balance</h2><p>${count(b.games, 'game')}. First-seat win share ${pct(b.firstSeatWinShare)} ` +
    `(by seat: ${b.seatWinShares.map(pct).join(', ')}); ` +
    `average length ${b.meanLength.toFixed(1)} decisions; ended by the turn cap ${pct(b.truncatedShare)}.` +
    (pays && board.seatMeanReturns.length
      ? ` Mean ${unit} per game by seat: ${board.seatMeanReturns.map((x) => esc(fmtReturn(x))).join(', ')}.`
      : '') +
    '</p>' +
    `<p><a href="/?game=${encodeURIComponent(def.name)}">Challenge the bots</a></p>`;
  return layout(`${def.title} leaderboard`, body, running ? { refreshSeconds: 10 } : {});
}
