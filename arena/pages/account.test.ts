import { describe, expect, test } from 'vitest';
import { accountPage, csrfField, loginPage, signupPage, type AccountPageData } from './account.js';

const CSRF = 'tok_EN-123';

/** Every <form> with its opening tag and body. */
function forms(html: string): { tag: string; body: string }[] {
  return [...html.matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/g)].map((m) => ({ tag: m[1], body: m[2] }));
}

function expectSafeForms(html: string, count: number): void {
  const found = forms(html);
  expect(found).toHaveLength(count);
  for (const f of found) {
    expect(f.tag).toMatch(/method="post"/);
    expect(f.body).toContain(`<input type="hidden" name="csrf" value="${CSRF}">`);
  }
  expect(html).not.toMatch(/<script/i);
}

const account = {
  csrf: CSRF,
  user: { name: 'Ann', createdAt: '2026-11-01T09:30:00.000Z' },
  keys: [
    { id: 'k1', label: 'my bot', createdAt: '2026-11-02T10:00:00.000Z', lastUsedAt: '2026-11-03T11:15:00.000Z' },
    { id: 'k/2', label: 'unused', createdAt: '2026-11-04T12:00:00.000Z' },
  ],
  ratings: [{ game: 'tictactoe', title: 'Tic-tac-toe', elo: 1523.4, games: 7 }],
  bots: [] as AccountPageData['bots'],
  games: [
    { name: 'tictactoe', title: 'Tic-tac-toe' },
    { name: 'promotion', title: 'Promotion' },
  ],
};

describe('account pages', () => {
  test('csrfField escapes the token', () => {
    expect(csrfField('a"b')).toBe('<input type="hidden" name="csrf" value="a&quot;b">');
  });

  test('sign-up: one POST form to /signup with name, two passwords and the rules', () => {
    const html = signupPage({ csrf: CSRF, error: 'name: is empty', name: 'Zoë' });
    expectSafeForms(html, 1);
    expect(html).toContain('action="/signup"');
    for (const field of ['name="name"', 'name="password"', 'name="password2"']) expect(html).toContain(field);
    expect(html).toContain('value="Zoë"');
    expect(html).toContain('name: is empty');
    expect(html).toMatch(/as a guest/);
    expect(html).toMatch(/letters \(any alphabet\), digits, spaces and _ \. ' -/);
  });

  test('log-in: one POST form to /login carrying next', () => {
    const html = loginPage({ csrf: CSRF, next: '/matches/m1?seat=0&x="y"' });
    expectSafeForms(html, 1);
    expect(html).toContain('action="/login"');
    expect(html).toContain('<input type="hidden" name="next" value="/matches/m1?seat=0&amp;x=&quot;y&quot;">');
  });

  test('account: ratings, keys with revoke forms, create-key, make-a-bot and log-out forms', () => {
    const html = accountPage(account);
    // Two revoke forms, create a key, make a bot, log out.
    expectSafeForms(html, 5);
    expect(html).toContain('action="/account/bots"');
    expect(html).toContain('<option value="promotion">Promotion</option>');
    expect(html).toContain('action="/account/keys/k1/revoke"');
    expect(html).toContain('action="/account/keys/k%2F2/revoke"');
    expect(html).toContain('action="/account/keys"');
    expect(html).toContain('action="/logout"');
    expect(html).toContain('Tic-tac-toe</a></td><td>1523</td><td>7</td>');
    expect(html).toContain('<td>my bot</td><td>2026-11-02 10:00 UTC</td><td>2026-11-03 11:15 UTC</td>');
    expect(html).toContain('<td>unused</td><td>2026-11-04 12:00 UTC</td><td>never</td>');
  });

  test('the new key appears only when given, once, with how to use it', () => {
    expect(accountPage(account)).not.toMatch(/not be shown again/);
    const html = accountPage({ ...account, newKey: 'agk_SECRET123' });
    expect(html).toContain('<code>agk_SECRET123</code>');
    expect(html).toMatch(/will not be shown again/);
    expect(html).toContain('<code>Authorization: Bearer agk_SECRET123</code>');
    expect(html).toContain('/api');
  });

  test('empty lists say so', () => {
    const html = accountPage({ ...account, keys: [], ratings: [] });
    expect(html).toContain('No API keys.');
    expect(html).toContain('No rated games yet.');
    expect(html).toContain('No bots yet.');
    expectSafeForms(html, 3);
  });

  test('bots: status, a new token and revoke per bot; a new token shown once with how to use it', () => {
    const bots: AccountPageData['bots'] = [
      { id: 'b1', game: 'promotion', name: 'Pusher', online: true, missedInARow: 0, token: 'live' },
      { id: 'b/2', game: 'tictactoe', name: 'Sleepy', online: false, missedInARow: 3, token: 'live' },
      { id: 'b3', game: 'tictactoe', name: 'Gone', online: false, missedInARow: 0, token: 'revoked' },
    ];
    const html = accountPage({ ...account, bots });
    // Keys: 2 revoke + create; bots: 3 new-token + 2 revoke + make; log out.
    expectSafeForms(html, 10);
    expect(html).toContain('<td>Pusher</td><td>promotion</td><td>online</td>');
    expect(html).toContain('<td>Sleepy</td><td>tictactoe</td><td>offline (3 missed in a row)</td>');
    expect(html).toContain('<td>Gone</td><td>tictactoe</td><td>token revoked</td>');
    expect(html).toContain('action="/account/bots/b%2F2/revoke"');
    expect(html).not.toContain('action="/account/bots/b3/revoke"');
    expect(html).not.toMatch(/bot-token/);
    const fresh = accountPage({ ...account, bots, newBotToken: { bot: 'Pusher', token: 'agb_SECRET' } });
    expect(fresh).toContain('<code class="bot-token">agb_SECRET</code>');
    expect(fresh).toMatch(/will not be shown again/);
    expect(fresh).toContain('/api/bot/stream');
  });

  test('every piece of text is escaped', () => {
    const evil = '<b>"x"&\'';
    const escaped = '&lt;b&gt;&quot;x&quot;&amp;&#39;';
    const pages = [
      signupPage({ csrf: CSRF, error: evil, name: evil }),
      loginPage({ csrf: CSRF, error: evil, name: evil, next: evil }),
      accountPage({
        csrf: CSRF,
        error: evil,
        newKey: evil,
        user: { name: evil, createdAt: evil },
        keys: [{ id: evil, label: evil, createdAt: evil, lastUsedAt: evil }],
        ratings: [{ game: evil, title: evil, elo: 1500, games: 0 }],
        bots: [{ id: evil, game: evil, name: evil, online: true, missedInARow: 0, token: 'live' }],
        games: [{ name: evil, title: evil }],
        newBotToken: { bot: evil, token: evil },
      }),
    ];
    for (const html of pages) {
      expect(html).not.toContain('<b>');
      expect(html).toContain(escaped);
    }
    expect(pages[2]).toContain(`action="/account/keys/${encodeURIComponent(evil).replace(/'/g, '&#39;')}/revoke"`);
  });
});
