import type { GameDefinition, PlayerView } from '../../envs/index.js';
import type { AgentRecord, GameRecord } from '../store/store.js';
import { botTitle } from '../services/bot-names.js';
import { BOT_MARK, esc, fmtReturn, layout } from './layout.js';

/** One step of a finished game, seen by a spectator: public information only. */
export function replayPage(
  def: GameDefinition,
  g: GameRecord,
  step: number,
  view: PlayerView,
  seats: (AgentRecord | undefined)[],
  actor: number,
): string {
  const last = g.actions.length;
  const link = (s: number, text: string) => `<a href="/replays/${encodeURIComponent(g.id)}?step=${s}">${text}</a>`;
  const nav = [
    step > 0 ? link(0, '⏮ start') : '⏮ start',
    step > 0 ? link(step - 1, '◀ back') : '◀ back',
    step < last ? link(step + 1, 'next ▶') : 'next ▶',
    step < last ? link(last, 'end ⏭') : 'end ⏭',
  ].join(' · ');
  // A game with its own payoffs shows each seat's return in its unit: what it is rated by.
  const pays = def.returnUnit !== 'rank';
  const players = seats
    .map(
      (a, seat) =>
        `<tr><td>${seat}</td><td>${esc(a ? botTitle(a) : g.seats[seat])}${a?.kind === 'bot' ? BOT_MARK : ''}</td>` +
        `<td>${g.ranking[seat] + 1}</td><td>${esc(String(g.scores[seat]))}</td>` +
        `${pays ? `<td>${esc(fmtReturn(g.returns?.[seat]))}</td>` : ''}</tr>`,
    )
    .join('');
  const body =
    `<h1>${esc(def.title)} replay <span class="muted">game ${esc(g.id)}</span></h1>` +
    '<div class="scroll"><table><tr><th>seat</th><th>player</th><th>final place</th><th>score</th>' +
    `${pays ? `<th>${esc(def.returnUnit)}</th>` : ''}</tr>${players}</table></div>` +
    `<p>Step ${step} of ${last}${step > 0 && actor >= 0 ? ` — seat ${actor} just decided` : ''}. ${nav}</p>` +
    '<form method="get" class="inline">' +
    `<label>Go to step <input type="number" name="step" min="0" max="${last}" value="${step}"></label>` +
    '<button>Go</button></form>' +
    (g.timedOut !== undefined
      ? `<p><strong>Seat ${g.timedOut} ran out of time</strong> after ${last} decisions.</p>`
      : g.resigned !== undefined
        ? `<p><strong>Seat ${g.resigned} resigned</strong> after ${last} decisions.</p>`
        : '') +
    `<div class="card board-card">${def.renderSvg(view)}</div>` +
    `<details class="card"><summary>Text view</summary>${def.renderHtml(view)}</details>` +
    `<p class="muted">Seed ${esc(g.seed)} (shown once a game is over); ${last} decisions. ` +
    'Only public information is shown.</p>';
  return layout(`${def.title} replay`, body);
}
