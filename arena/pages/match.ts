import type { GameDefinition } from '../../envs/index.js';
import type { SeatPage } from '../services/matches.js';
import { csrfField } from './account.js';
import { BOT_MARK, esc, fmtElo, layout } from './layout.js';

/**
 * One seat's page: its view (the game's renderHtml), the players, and one form with this seat's
 * legal actions, or the result at the end. The token travels in the URL and hidden fields only.
 * Every form carries the page's decision count, so a second click of a move (or a move from an
 * older tab) is refused as stale instead of being played in a position nobody saw.
 */
export function matchPage(def: GameDefinition, p: SeatPage, token: string, csrf: string, error?: string): string {
  const players = p.seats
    .map((s) => `<tr${s.seat === p.seat ? ' class="you"' : ''}><td>${s.seat}</td><td>${esc(s.name)}${s.kind === 'bot' ? BOT_MARK : ''}${s.seat === p.seat ? ' (you)' : ''}</td>` +
      `<td>${s.kind}</td><td>${fmtElo(s.elo)}</td><td>${s.kind === 'bot' ? s.overruns : ''}</td>` +
      (p.result ? `<td>${p.result.ranking[s.seat] + 1}</td><td>${esc(String(p.result.scores[s.seat]))}</td>` : '') + '</tr>')
    .join('');
  const head = `<tr><th>seat</th><th>player</th><th>kind</th><th>Elo</th><th title="bot decisions over the time budget, played as a random legal move">overruns</th>${p.result ? '<th>place</th><th>score</th>' : ''}</tr>`;
  const base = `/matches/${encodeURIComponent(p.id)}`;
  const hidden = `<input type="hidden" name="token" value="${esc(token)}"><input type="hidden" name="decisions" value="${p.decisions}">${csrfField(csrf)}`;
  let controls: string;
  if (p.result) {
    const mine = p.result.ranking[p.seat];
    const verdict = p.result.resigned === p.seat
      ? 'You resigned.'
      : mine === 0 ? (p.result.ranking.filter((r) => r === 0).length > 1 ? 'You share the win!' : 'You win!') : `You finished in place ${mine + 1}.`;
    controls = `<div class="card"><h2>Game over</h2><p><strong>${verdict}</strong>${p.result.truncated ? ' (ended by the turn cap)' : ''}</p>` +
      (p.result.gameId ? `<p><a href="/replays/${encodeURIComponent(p.result.gameId)}">Replay this game</a> · ` : '<p>') +
      `<a href="/leaderboard?game=${encodeURIComponent(p.game)}">Leaderboard</a> · <a href="/?game=${encodeURIComponent(p.game)}">Play again</a></p></div>`;
  } else if (p.isYourTurn) {
    const buttons = p.legalActions
      .map((a) => `<button type="submit" name="action" value="${a.action}">${esc(a.label)}</button>`)
      .join('');
    controls = `<form method="post" action="${base}/actions" class="card actions"><h2>Your move</h2>${hidden}${buttons}</form>`;
  } else {
    controls = `<div class="card"><p>Waiting for seat ${p.view.toAct}. <a href="?token=${encodeURIComponent(token)}">Refresh</a></p></div>`;
  }
  const resign = p.result ? '' : `<form method="post" action="${base}/resign" class="card"><p class="muted">Resigning ends the game now and counts as last place.</p>` +
    `${hidden}<button type="submit">Resign</button></form>`;
  const body = `<h1>${esc(p.title)} <span class="muted">match ${esc(p.id)}, seat ${p.seat}</span></h1>` +
    (error ? `<p class="error">${esc(error)}</p>` : '') +
    `<p class="muted">Keep this page's link: it is the only key to your seat.</p>` +
    `<table>${head}${players}</table>${controls}<div class="card">${def.renderHtml(p.view)}</div>${resign}`;
  return layout(`${p.title} match`, body, p.isYourTurn || p.result ? {} : { refreshSeconds: 2 });
}
