import type { GameDefinition } from '../../envs/index.js';
import type { LeaderboardRow } from '../services/leaderboard.js';
import { csrfField } from './account.js';
import { esc, fmtElo, layout } from './layout.js';
import { count } from './ordinal.js';

export interface HomeData {
  games: GameDefinition[];
  /** The game chosen in the first step of the form, if any. */
  chosen?: GameDefinition;
  players?: number;
  /** Ranked bots of the chosen game, strongest first. */
  bots?: LeaderboardRow[];
  /** A refused challenge: its message, shown beside the field it names, and the choices to keep. */
  error?: string;
  selected?: string[];
  autoplay?: boolean;
  /** The visitor's CSRF token for the challenge form. */
  csrf: string;
  /** The logged-in account's name; without one the person plays as a new guest. */
  user?: string;
}

/** The field an error message names ('opponents: ...'), so the message can stand beside it. */
const fieldOf = (error?: string) => /^(\w+):/.exec(error ?? '')?.[1];

/**
 * The challenge form in two plain-HTML steps (no JavaScript): pick a game, then the number of
 * players and one opponent per other seat from the ranked bots, strongest first, each with its
 * rating and what kind of player it is. A logged-in person plays under their account's name;
 * anyone else as a new guest (guest-xxxxxx), rated on that guest's own row. A refused challenge
 * comes back as this form with the choices kept and the message beside its field.
 */
export function homePage(d: HomeData): string {
  const field = fieldOf(d.error);
  const errorBeside = (name: string) =>
    d.error && field === name ? `<span class="error inline">${esc(d.error)}</span>` : '';
  const gameOptions = d.games
    .map(
      (g) =>
        `<option value="${esc(g.name)}"${d.chosen?.name === g.name ? ' selected' : ''}>${esc(g.title)} ` +
        `(${g.minPlayers === g.maxPlayers ? g.minPlayers : `${g.minPlayers}–${g.maxPlayers}`} players)</option>`,
    )
    .join('');
  const parts = [
    '<h1>Challenge the bots</h1>',
    d.error && !['opponents', 'players', 'seat'].includes(field ?? '') ? `<p class="error">${esc(d.error)}</p>` : '',
    `<form method="get" action="/" class="card"><label>Game <select name="game">${gameOptions}</select></label>`,
    d.chosen && d.chosen.minPlayers !== d.chosen.maxPlayers
      ? `<label>Players <input type="number" name="players" ` +
        `min="${d.chosen.minPlayers}" max="${d.chosen.maxPlayers}" value="${d.players ?? d.chosen.defaultPlayers}">` +
        `</label>${errorBeside('players')}`
      : '',
    `<button type="submit">${d.chosen ? 'Change' : 'Choose'}</button>`,
    d.chosen ? ` <a href="/games/${encodeURIComponent(d.chosen.name)}/rules">Rules of ${esc(d.chosen.title)}</a>` : '',
    '</form>',
  ];
  if (!d.chosen) {
    parts.push(
      `<div class="card"><h2>The games</h2><ul>${d.games
        .map(
          (g) =>
            `<li><a href="/?game=${encodeURIComponent(g.name)}">${esc(g.title)}</a>: ${esc(g.description)} ` +
            `<a href="/games/${encodeURIComponent(g.name)}/rules">Rules</a></li>`,
        )
        .join('')}</ul></div>`,
    );
  }
  if (d.chosen && d.bots) {
    const g = d.chosen;
    const players = d.players ?? g.defaultPlayers;
    const strength = (b: LeaderboardRow) =>
      `${b.games ? `Elo ${fmtElo(b.elo)}, ${count(b.games, 'game')}` : 'unrated'} — ${b.strength}`;
    const botOptions = (i: number) =>
      d
        .bots!.map((b, k) => {
          const chosen =
            d.selected?.[i] !== undefined ? d.selected[i] === b.agentId : k === Math.min(i, d.bots!.length - 1);
          return (
            `<option value="${esc(b.agentId)}"${chosen ? ' selected' : ''}>` +
            `${esc(b.name)} — ${esc(strength(b))}</option>`
          );
        })
        .join('');
    const opponents = Array.from(
      { length: players - 1 },
      (_, i) => `<label>Opponent ${i + 1} <select name="opponents">${botOptions(i)}</select></label>`,
    ).join('');
    parts.push(
      `<form method="post" action="/matches" class="card"><h2>${esc(g.title)}, ${players} players</h2>` +
        `<p class="muted">${esc(g.description)}</p>` +
        `<input type="hidden" name="game" value="${esc(g.name)}">` +
        `<input type="hidden" name="players" value="${players}">` +
        `${csrfField(d.csrf)}${opponents}${errorBeside('opponents')}${errorBeside('seat')}` +
        '<p class="muted">Opponents are listed strongest first.</p>' +
        '<label><input type="hidden" name="autoplay" value="0">' +
        `<input type="checkbox" name="autoplay" value="1"${d.autoplay === false ? '' : ' checked'}> ` +
        'Play my forced moves for me (a decision with only one choice)</label>' +
        (d.user
          ? `<p>You play as <strong>${esc(d.user)}</strong>; the game counts in your ratings.</p>`
          : '<p>You play as a guest with a new name (guest-…), rated on its own. ' +
            '<a href="/login">Log in</a> or <a href="/signup">sign up</a> to be rated under your own name.</p>') +
        '<button type="submit">Start the game</button></form>',
      `<p><a href="/leaderboard?game=${encodeURIComponent(g.name)}">${esc(g.title)} leaderboard</a></p>`,
    );
  }
  return layout('Play', parts.join(''));
}
