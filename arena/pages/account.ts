import { NAME_MAX } from '../accounts/names.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../accounts/passwords.js';
import { esc, layout } from './layout.js';
import type { OwnBot } from '../bots/external-bots.js';

/**
 * Sign-up, log-in and account pages: plain POST forms, no scripts. Every form carries the
 * visitor's CSRF token in a hidden `csrf` field (see accounts/csrf.ts); the routes check it.
 */

/** The hidden CSRF input every POST form must carry. */
export function csrfField(token: string): string {
  return `<input type="hidden" name="csrf" value="${esc(token)}">`;
}

const errorBox = (error?: string): string => (error ? `<p class="error">${esc(error)}</p>` : '');

/** An ISO time as 'YYYY-MM-DD HH:MM UTC'; anything else is shown as given. */
function fmtTime(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : esc(iso);
}

const passwordInput = (name: string, label: string, autocomplete: string): string =>
  `<label>${label} <input type="password" name="${name}" required ` +
  `minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}" autocomplete="${autocomplete}"></label>`;

export interface SignupPageData {
  csrf: string;
  error?: string;
  /** The name typed before an error, shown again. */
  name?: string;
}

export function signupPage(d: SignupPageData): string {
  const body =
    '<h1>Create an account</h1>' +
    errorBox(d.error) +
    '<p class="muted">You can play without an account, as a guest. ' +
    'An account keeps your name and ratings, and gives you API keys for your bots.</p>' +
    `<form method="post" action="/signup" class="card">${csrfField(d.csrf)}` +
    `<label>Name <input name="name" required maxlength="${NAME_MAX.person}" autocomplete="username" ` +
    `value="${esc(d.name ?? '')}"></label>` +
    `<p class="muted">1 to ${NAME_MAX.person} letters (any alphabet), digits, spaces and _ . ' -, ` +
    'starting with a letter or digit; names starting with guest- are for guests.</p>' +
    passwordInput('password', 'Password', 'new-password') +
    passwordInput('password2', 'Password again', 'new-password') +
    `<p class="muted">${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not your name and not a common password: ` +
    'a few unrelated words are easy to remember and hard to guess.</p>' +
    '<button type="submit">Create the account</button></form>' +
    '<p>Have an account? <a href="/login">Log in</a>.</p>';
  return layout('Create an account', body);
}

export interface LoginPageData {
  csrf: string;
  error?: string;
  name?: string;
  /** Where to go after logging in (a local path; the route checks it). */
  next?: string;
}

export function loginPage(d: LoginPageData): string {
  const body =
    '<h1>Log in</h1>' +
    errorBox(d.error) +
    `<form method="post" action="/login" class="card">${csrfField(d.csrf)}` +
    `<input type="hidden" name="next" value="${esc(d.next ?? '')}">` +
    `<label>Name <input name="name" required maxlength="${NAME_MAX.person}" autocomplete="username" ` +
    `value="${esc(d.name ?? '')}"></label>` +
    passwordInput('password', 'Password', 'current-password') +
    '<button type="submit">Log in</button></form>' +
    '<p>No account? <a href="/signup">Create one</a>, or just play as a guest.</p>';
  return layout('Log in', body);
}

interface AccountKey {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt?: string;
}

interface AccountRating {
  game: string;
  title: string;
  elo: number;
  games: number;
}

/** One of the account's external bots (docs/bot-api.md), as the page shows it. */
type AccountBot = Pick<OwnBot, 'id' | 'game' | 'name' | 'online' | 'missedInARow' | 'token'>;

export interface AccountPageData {
  csrf: string;
  user: { name: string; createdAt: string };
  keys: AccountKey[];
  /** A key just created: shown this once (only its hash is stored). */
  newKey?: string;
  ratings: AccountRating[];
  bots: AccountBot[];
  /** The games a bot can be made for: name and title. */
  games: { name: string; title: string }[];
  /** A bot token just made: shown this once, with its bot's name. */
  newBotToken?: { bot: string; token: string };
  error?: string;
}

function botsCard(d: AccountPageData, csrf: string): string {
  const fresh =
    d.newBotToken === undefined
      ? ''
      : `<div class="notice"><p>The token of <strong>${esc(d.newBotToken.bot)}</strong>:</p>` +
        `<p><code class="bot-token">${esc(d.newBotToken.token)}</code></p>` +
        '<p><strong>Copy it now: it will not be shown again.</strong> Your program sends it as ' +
        '<code>Authorization: Bearer &lt;token&gt;</code> to <code>/api/bot/stream</code>.</p></div>';
  const rows =
    d.bots.length === 0
      ? '<p class="muted">No bots yet.</p>'
      : '<table><tr><th>bot</th><th>game</th><th>status</th><th></th></tr>' +
        d.bots
          .map((b) => {
            const action = (what: string, label: string) =>
              `<form method="post" action="/account/bots/${esc(encodeURIComponent(b.id))}/${what}" class="inline">` +
              `${csrf}<button type="submit">${label}</button></form>`;
            const status =
              b.token === 'revoked'
                ? 'token revoked'
                : b.online
                  ? 'online'
                  : `offline${b.missedInARow > 0 ? ` (${b.missedInARow} missed in a row)` : ''}`;
            return (
              `<tr><td>${esc(b.name)}</td><td>${esc(b.game)}</td><td>${status}</td>` +
              `<td>${action('token', 'New token')}` +
              `${b.token === 'live' ? action('revoke', 'Revoke token') : ''}</td></tr>`
            );
          })
          .join('') +
        '</table>';
  const options = d.games.map((g) => `<option value="${esc(g.name)}">${esc(g.title)}</option>`).join('');
  return (
    '<div class="card"><h2>Your bots</h2>' +
    '<p class="muted">A bot is your own program on the ladder: it reads its turns and answers them over ' +
    'the Bot API (docs/bot-api.md in the project), with a token of its own.</p>' +
    fresh +
    rows +
    `<form method="post" action="/account/bots">${csrf}` +
    `<label>Game <select name="game">${options}</select></label>` +
    '<label>Name <input name="name" required maxlength="40" placeholder="my-bot"></label>' +
    '<button type="submit">Make a bot</button></form></div>'
  );
}

export function accountPage(d: AccountPageData): string {
  const csrf = csrfField(d.csrf);
  const ratings =
    d.ratings.length === 0
      ? '<p class="muted">No rated games yet.</p>'
      : '<table><tr><th>game</th><th>Elo</th><th>games</th></tr>' +
        d.ratings
          .map(
            (r) =>
              `<tr><td><a href="/leaderboard?game=${esc(encodeURIComponent(r.game))}">${esc(r.title)}</a></td>` +
              `<td>${r.elo.toFixed(0)}</td><td>${r.games}</td></tr>`,
          )
          .join('') +
        '</table>';
  const newKey =
    d.newKey === undefined
      ? ''
      : '<div class="card"><h2>Your new API key</h2>' +
        `<p><code>${esc(d.newKey)}</code></p>` +
        '<p><strong>Copy it now: it will not be shown again.</strong> ' +
        'Send it with every request to /api as the header ' +
        `<code>Authorization: Bearer ${esc(d.newKey)}</code>.</p></div>`;
  const keys =
    d.keys.length === 0
      ? '<p class="muted">No API keys.</p>'
      : '<table><tr><th>label</th><th>created</th><th>last used</th><th></th></tr>' +
        d.keys
          .map(
            (k) =>
              `<tr><td>${esc(k.label)}</td><td>${fmtTime(k.createdAt)}</td>` +
              `<td>${k.lastUsedAt ? fmtTime(k.lastUsedAt) : 'never'}</td>` +
              `<td><form method="post" action="/account/keys/${esc(encodeURIComponent(k.id))}/revoke" class="inline">` +
              `${csrf}<button type="submit">Revoke</button></form></td></tr>`,
          )
          .join('') +
        '</table>';
  const body =
    `<h1>${esc(d.user.name)}</h1>` +
    errorBox(d.error) +
    `<p class="muted">Account since ${fmtTime(d.user.createdAt)}.</p>` +
    `<div class="card"><h2>Ratings</h2>${ratings}</div>` +
    newKey +
    botsCard(d, csrf) +
    '<div class="card"><h2>API keys</h2>' +
    `<p class="muted">A key lets a program (your bot) use the /api as you.</p>${keys}` +
    `<form method="post" action="/account/keys">${csrf}` +
    '<label>Label <input name="label" required maxlength="60" placeholder="my bot"></label>' +
    '<button type="submit">Create a key</button></form></div>' +
    `<form method="post" action="/logout">${csrf}<button type="submit">Log out</button></form>`;
  return layout(`Account ${d.user.name}`, body);
}
