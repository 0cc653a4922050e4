import { describe, expect, test } from 'vitest';
import { CSRF_COOKIE, SESSION_COOKIE, csrfToken, csrfValid, parseCookies, serializeCookie } from './csrf.js';

const SECRET = 'server secret';

describe('CSRF tokens', () => {
  test('a token is valid for its binding and secret only', () => {
    const token = csrfToken(SECRET, 'visitor-1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrfToken(SECRET, 'visitor-1')).toBe(token);
    expect(csrfValid(SECRET, 'visitor-1', token)).toBe(true);
    expect(csrfValid(SECRET, 'visitor-2', token)).toBe(false);
    expect(csrfValid('other secret', 'visitor-1', token)).toBe(false);
  });

  test('anything else is false, without throwing', () => {
    const token = csrfToken(SECRET, 'v');
    for (const bad of [
      undefined,
      null,
      42,
      ['x'],
      '',
      token.slice(1),
      `${token}A`,
      `${token.slice(0, -1)}é`,
      'visitor-1',
    ]) {
      expect(csrfValid(SECRET, 'v', bad)).toBe(false);
    }
  });

  test('no binding (no cookie) is never valid', () => {
    expect(csrfValid(SECRET, '', csrfToken(SECRET, ''))).toBe(false);
    expect(csrfValid(SECRET, undefined, csrfToken(SECRET, ''))).toBe(false);
  });

  test('cookie names', () => {
    expect(CSRF_COOKIE).toBe('agora_csrf');
    expect(SESSION_COOKIE).toBe('agora_session');
  });
});

describe('parseCookies', () => {
  test('pairs, spaces, quotes and %xx', () => {
    expect(parseCookies('a=1; b = two ;c="quoted"; d=x%20y%3B')).toEqual({ a: '1', b: 'two', c: 'quoted', d: 'x y;' });
  });

  test('missing or empty header', () => {
    expect(parseCookies(undefined)).toEqual({});
    expect(parseCookies('')).toEqual({});
  });

  test('malformed pairs are skipped; bad %-escapes stay raw; the first of a repeated name wins', () => {
    expect(parseCookies('novalue; =empty; bad name=1; ok=%E0%A4%A; ok=second; pct=100%; e=')).toEqual({
      ok: '%E0%A4%A',
      pct: '100%',
      e: '',
    });
  });

  test('__proto__ is an ordinary key', () => {
    const cookies = parseCookies('__proto__=x; constructor=y');
    expect(cookies.__proto__).toBe('x');
    expect(cookies.constructor).toBe('y');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('serializeCookie', () => {
  test('safe defaults: HttpOnly, SameSite=Lax, Path=/', () => {
    expect(serializeCookie('agora_csrf', 'abc')).toBe('agora_csrf=abc; Path=/; HttpOnly; SameSite=Lax');
  });

  test('every option', () => {
    expect(
      serializeCookie('agora_session', 'a b;c', {
        httpOnly: false,
        sameSite: 'Strict',
        secure: true,
        maxAgeSeconds: 3600,
        path: '/account',
      }),
    ).toBe('agora_session=a%20b%3Bc; Path=/account; Max-Age=3600; Secure; SameSite=Strict');
    expect(serializeCookie('agora_session', '', { maxAgeSeconds: 0 })).toBe(
      'agora_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  });

  test('round trip through parseCookies', () => {
    const value = 'tok=en; ünïcode';
    const header = serializeCookie('x', value).split(';')[0];
    expect(parseCookies(header).x).toBe(value);
  });

  test('bad names, paths and ages throw', () => {
    expect(() => serializeCookie('bad name', 'v')).toThrow(/not an RFC 6265 token/);
    expect(() => serializeCookie('a;b', 'v')).toThrow(/not an RFC 6265 token/);
    expect(() => serializeCookie('n', 'v', { path: '/a;Domain=evil' })).toThrow(/cookie path/);
    expect(() => serializeCookie('n', 'v', { path: 'relative' })).toThrow(/cookie path/);
    expect(() => serializeCookie('n', 'v', { maxAgeSeconds: -1 })).toThrow(/whole number/);
    expect(() => serializeCookie('n', 'v', { maxAgeSeconds: 1.5 })).toThrow(/whole number/);
  });
});
