import type { GameDefinition } from '../../envs/index.js';
import type { LeaderboardRow } from '../services/leaderboard.js';
import { csrfField } from './account.js';
import { esc, fmtElo, layout } from './layout.js';

export interface HomeData {
  games: GameDefinition[];
  /** The game chosen in the first step of the form, if any. */
  chosen?: GameDefinition;
  players?: number;
  /** Ranked bots of the chosen game, best first. */
  bots?: LeaderboardRow[];
  error?: string;
  /** The visitor's CSRF token for the challenge form. */
  csrf: string;
  /** The logged-in account's name; without one the person plays as a new guest. */
  user?: string;
}

/**
 * The challenge form in two plain-HTML steps (no JavaScript): pick a game, then the number of
 * players and one opponent per other seat from the ranked bots. A logged-in person plays under
 * their account's name; anyone else as a new guest (guest-xxxxxx), rated on that guest's own row.
 */
export function homePage(d: HomeData): string {
  const gameOptions = d.games
    .map((g) => `<option value="${esc(g.name)}"${d.chosen?.name === g.name ? ' selected' : ''}>${esc(g.title)} (${g.minPlayers === g.maxPlayers ? g.minPlayers : `${g.minPlayers}–${g.maxPlayers}`} players)</option>`)
    .join('');
  const parts = [
    '<h1>Challenge the bots</h1>',
    d.error ? `<p class="error">${esc(d.error)}</p>` : '',
    `<form method="get" action="/" class="card"><label>Game <select name="game">${gameOptions}</select></label>`,
    d.chosen && d.chosen.minPlayers !== d.chosen.maxPlayers
      ? `<label>Players <input type="number" name="players" min="${d.chosen.minPlayers}" max="${d.chosen.maxPlayers}" value="${d.players ?? d.chosen.defaultPlayers}"></label>`
      : '',
    `<button type="submit">${d.chosen ? 'Change' : 'Choose'}</button></form>`,
  ];
  if (d.chosen && d.bots) {
    const g = d.chosen;
    const players = d.players ?? g.defaultPlayers;
    const botOptions = (selected: number) => d.bots!
      .map((b, i) => `<option value="${esc(b.agentId)}"${i === selected ? ' selected' : ''}>${esc(b.name)} — Elo ${fmtElo(b.elo)}${b.games ? `, ${b.games} games` : ', unrated'}</option>`)
      .join('');
    const opponents = Array.from({ length: players - 1 }, (_, i) =>
      `<label>Opponent ${i + 1} <select name="opponents">${botOptions(Math.min(i, d.bots!.length - 1))}</select></label>`).join('');
    parts.push(
      `<form method="post" action="/matches" class="card"><h2>${esc(g.title)}, ${players} players</h2>` +
        `<p class="muted">${esc(g.description)}</p>` +
        `<input type="hidden" name="game" value="${esc(g.name)}"><input type="hidden" name="players" value="${players}">` +
        `${csrfField(d.csrf)}${opponents}` +
        (d.user
          ? `<p>You play as <strong>${esc(d.user)}</strong>; the game counts in your ratings.</p>`
          : '<p>You play as a guest with a new name (guest-…), rated on its own. <a href="/login">Log in</a> or <a href="/signup">sign up</a> to be rated under your own name.</p>') +
        '<button type="submit">Start the game</button></form>',
      `<p><a href="/leaderboard?game=${encodeURIComponent(g.name)}">${esc(g.title)} leaderboard</a></p>`,
    );
  }
  return layout('Play', parts.join(''));
}
