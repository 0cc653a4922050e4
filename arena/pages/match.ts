import type { GameDefinition } from '../../envs/index.js';
import type { SeatPage } from '../services/matches.js';
import { csrfField } from './account.js';
import { BOT_MARK, esc, fmtElo, fmtReturn, layout } from './layout.js';
import { count, ordinal } from './ordinal.js';
import { referenceList, termsIn } from './reference.js';

export interface MatchPageOptions {
  error?: string;
  /** Show the text rendering of the board under the drawing. */
  textView?: boolean;
}

/** Seat i as people read it: its name, and "you" for the viewer. */
const who = (p: SeatPage, seat: number) => (seat === p.seat ? 'you' : `${p.seats[seat].name} (seat ${seat})`);

/** The result in a sentence: place of how many, shared places said as such, and the scores. */
function resultLine(p: SeatPage): string {
  const r = p.result!;
  if (r.timedOut === p.seat) return `You ran out of time: you finished last of ${p.players}.`;
  if (r.resigned === p.seat) return `You resigned: you finished last of ${p.players}.`;
  const mine = r.ranking[p.seat];
  const sharing = r.ranking.map((place, s) => (place === mine && s !== p.seat ? s : -1)).filter((s) => s >= 0);
  const place =
    mine === 0
      ? sharing.length
        ? 'You shared the win'
        : 'You won'
      : `You finished ${ordinal(mine + 1)} of ${p.players}`;
  const shared = sharing.length ? ` with ${sharing.map((s) => who(p, s)).join(' and ')}` : '';
  const ended =
    r.timedOut !== undefined
      ? ` after ${who(p, r.timedOut)} ran out of time`
      : r.resigned !== undefined
        ? ` after ${who(p, r.resigned)} resigned`
        : r.truncated
          ? ' (the game reached its turn limit)'
          : '';
  return `${place}${mine > 0 && sharing.length ? ', a shared place,' : ''}${shared}${ended}.`;
}

/** A game with its own payoffs (chips): its result shows every seat's return in that unit. */
const paysOwn = (p: SeatPage): boolean => p.result !== undefined && p.result.returnUnit !== 'rank';

/**
 * The result's figures: the scores, and for a game with its own payoffs each seat's return in its
 * unit ('Chips: you +2 · random −2', what the game is rated by); the scores only when they differ.
 */
function resultFigures(p: SeatPage): string {
  const r = p.result!;
  const name = (seat: number) => esc(seat === p.seat ? 'you' : p.seats[seat].name);
  const scores = `<p>Scores: ${p.seats.map((s) => `${name(s.seat)} ${esc(String(r.scores[s.seat]))}`).join(' · ')}</p>`;
  if (!paysOwn(p)) return scores;
  const unit = r.returnUnit.charAt(0).toUpperCase() + r.returnUnit.slice(1);
  const returns =
    `<p class="returns">${esc(unit)}: ` +
    `${p.seats.map((s) => `${name(s.seat)} ${esc(fmtReturn(r.returns[s.seat]))}`).join(' · ')}</p>`;
  return JSON.stringify(r.scores) === JSON.stringify(r.returns) ? returns : `${returns}${scores}`;
}

/** When the person must move by, and what happens otherwise (an idle match ends: docs/security.md). */
function moveByLine(p: SeatPage): string {
  if (!p.moveBy) return '';
  const at = new Date(p.moveBy.at);
  const clock = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')} UTC`;
  const ending =
    p.moveBy.ending === 'abort' ? 'the match is aborted, unrated' : 'you lose on time (counted as last place)';
  return `<p class="muted move-by">Move by <time datetime="${esc(p.moveBy.at)}">${clock}</time>, or ${ending}.</p>`;
}

/** Buttons grouped by the first word of their labels (post, acquire, explore...), each group a fieldset. */
function moveButtons(p: SeatPage, glossary: GameDefinition['glossary']): string {
  const groups = new Map<string, { action: number; label: string }[]>();
  for (const a of p.legalActions) {
    const kind = a.label.split(/[\s(:]/)[0] || 'move';
    groups.set(kind, [...(groups.get(kind) ?? []), a]);
  }
  const button = (a: { action: number; label: string }) => {
    const explained = termsIn(a.label, glossary)
      .map((g) => `${g.term}: ${g.text}`)
      .join('\n');
    return (
      `<button type="submit" name="action" value="${a.action}"${explained ? ` title="${esc(explained)}"` : ''}>` +
      `${esc(a.label)}</button>`
    );
  };
  if (groups.size <= 1) return `<div class="buttons">${p.legalActions.map(button).join('')}</div>`;
  return [...groups]
    .map(([kind, actions]) => `<fieldset><legend>${esc(kind)}</legend>${actions.map(button).join('')}</fieldset>`)
    .join('');
}

/**
 * One seat's page: the board drawn beside a panel with the decision (or who is thinking, or the
 * result), so both are in view together on a 1280×800 screen; on a phone the panel comes first.
 * The token travels in the URL and hidden fields only. Every form carries the page's decision
 * count, so a second click of a move (or a move from an older tab) is refused as stale.
 */
export function matchPage(
  def: GameDefinition,
  p: SeatPage,
  token: string,
  csrf: string,
  options: MatchPageOptions = {},
): string {
  const base = `/matches/${encodeURIComponent(p.id)}`;
  const self = `${base}?token=${encodeURIComponent(token)}`;
  const here = options.textView ? `${self}&amp;view=text` : self;
  const hidden =
    `<input type="hidden" name="token" value="${esc(token)}">` +
    `<input type="hidden" name="decisions" value="${p.decisions}">${csrfField(csrf)}` +
    (options.textView ? '<input type="hidden" name="view" value="text">' : '');
  const decision = def.describeDecision(p.view);

  const over = p.result !== undefined || p.status === 'aborted';
  let status: string;
  if (p.status === 'aborted') {
    status =
      '<div class="card status done"><h2>Match aborted</h2>' +
      '<p><strong>You made no move before the time ran out, so the match ended unrated.</strong></p>' +
      `<p><a href="/?game=${encodeURIComponent(p.game)}">Play again</a></p></div>`;
  } else if (p.result) {
    status =
      `<div class="card status done"><h2>Game over</h2><p><strong>${esc(resultLine(p))}</strong></p>` +
      resultFigures(p) +
      (p.result.gameId
        ? `<p><a href="/replays/${encodeURIComponent(p.result.gameId)}">Replay this game</a> · `
        : '<p>') +
      `<a href="/leaderboard?game=${encodeURIComponent(p.game)}">Leaderboard</a> · ` +
      `<a href="/?game=${encodeURIComponent(p.game)}">Play again</a></p></div>`;
  } else if (p.isYourTurn) {
    status =
      `<form method="post" action="${base}/actions" class="card actions"><h2>Your move</h2>` +
      (decision ? `<p class="decision">${esc(decision)}</p>` : '') +
      `${hidden}${moveButtons(p, def.glossary)}${moveByLine(p)}</form>`;
  } else {
    const thinker = p.thinking >= 0 ? p.thinking : p.view.toAct;
    status =
      '<div class="card status waiting">' +
      `<p><strong>${esc(who(p, thinker))} ${p.thinking >= 0 ? 'is thinking…' : 'is to move.'}</strong></p>` +
      `<p class="muted">This page updates by itself. <a href="${here}">Refresh</a></p></div>`;
  }

  const since = p.sinceYourLastDecision
    .map((n, s) => (n > 0 && s !== p.seat ? `<li>${esc(who(p, s))}: ${count(n, 'decision')}</li>` : ''))
    .join('');
  const players = p.seats
    .map(
      (s) =>
        `<tr${s.seat === p.seat ? ' class="you"' : ''}>` +
        `<td><span class="seat-dot seat-${s.seat}"></span>${s.seat}</td>` +
        `<td>${esc(s.name)}${s.kind === 'bot' ? BOT_MARK : ''}${s.seat === p.seat ? ' (you)' : ''}</td>` +
        `<td>${fmtElo(s.elo)}</td>` +
        `<td>${s.kind === 'bot' ? s.overruns : ''}</td>` +
        (p.result ? `<td>${ordinal(p.result.ranking[s.seat] + 1)}</td>` : '') +
        (paysOwn(p) ? `<td>${esc(fmtReturn(p.result!.returns[s.seat]))}</td>` : '') +
        '</tr>',
    )
    .join('');
  const head =
    '<tr><th>seat</th><th>player</th><th>Elo</th>' +
    '<th title="bot decisions over their time budget, played as a random legal move">overruns</th>' +
    `${p.result ? '<th>place</th>' : ''}${paysOwn(p) ? `<th>${esc(p.result!.returnUnit)}</th>` : ''}</tr>`;
  const resign = over
    ? ''
    : `<form method="post" action="${base}/resign" class="resign">${hidden}` +
      '<button type="submit" class="quiet">Resign</button> ' +
      '<span class="muted">ends the game now, counted as last place</span></form>';

  const board = def.renderSvg(p.view);
  const text = def.renderHtml(p.view);
  const reference = referenceList(def.glossary, `${text} ${board} ${p.legalActions.map((a) => a.label).join(' ')}`);
  const viewLink = options.textView
    ? `<a href="${self}">Hide the text view</a>`
    : `<a href="${self}&amp;view=text">Text view</a>`;
  const body =
    `<h1>${esc(p.title)} <span class="muted">match ${esc(p.id)} · you are seat ${p.seat}</span></h1>` +
    (options.error ? `<p class="error">${esc(options.error)}</p>` : '') +
    '<div class="match">' +
    `<aside class="panel">${status}` +
    (since && !over ? `<div class="card since"><p>Since your last decision:</p><ul>${since}</ul></div>` : '') +
    `<div class="scroll"><table class="players">${head}${players}</table></div>${resign}</aside>` +
    `<div class="board-col"><div class="card board-card">${board}</div>` +
    `<p class="muted">${viewLink} · ` +
    `<a href="/games/${encodeURIComponent(p.game)}/rules">Rules of ${esc(p.title)}</a></p>` +
    (options.textView ? `<div class="card text-view">${text}</div>` : '') +
    (reference
      ? '<details class="card reference"><summary>Reference: the cards and places on this page</summary>' +
        `${reference}</details>`
      : '') +
    '<p class="muted">Keep this page\'s link: it is the only key to your seat. ' +
    `Forced moves are ${p.autoplay ? 'played for you' : 'left to you'}.</p>` +
    '</div></div>';
  return layout(`${p.title} match`, body, p.isYourTurn || over ? {} : { refreshSeconds: p.thinking >= 0 ? 1 : 2 });
}
