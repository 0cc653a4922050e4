import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed double-submit CSRF tokens. Each visitor gets a random `agora_csrf` cookie (the binding);
 * every form carries HMAC(secret, 'csrf:' + binding) in a hidden field. Another site can make the
 * browser send the cookie but can neither read it nor compute the HMAC without the server's
 * secret, so it cannot fill in the field. Signing (rather than echoing the cookie) also means a
 * cookie planted by a sibling subdomain does not help an attacker. The cookie itself can be
 * HttpOnly: pages are rendered on the server, no script needs to read it.
 */

export const CSRF_COOKIE = 'agora_csrf';
export const SESSION_COOKIE = 'agora_session';

/** The form token for a visitor's binding (their `agora_csrf` cookie value): base64url, 43 characters. */
export function csrfToken(secret: string, binding: string): string {
  return createHmac('sha256', secret).update(`csrf:${binding}`).digest('base64url');
}

/**
 * Whether `token` (from the form) matches the binding. Constant time; false for anything but a
 * string of the right length.
 */
export function csrfValid(secret: string, binding: unknown, token: unknown): boolean {
  // No cookie means no binding: never accept, or the token for '' would work for every cookie-less visitor.
  if (typeof binding !== 'string' || binding === '' || typeof token !== 'string') return false;
  const expected = Buffer.from(csrfToken(secret, binding));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// RFC 6265 cookie-name token characters.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a stray % (or bad UTF-8) keeps the raw text rather than failing the request
  }
}

/**
 * Parses a Cookie header. Pairs without '=' or with a name that is not an RFC 6265 token are
 * skipped; surrounding quotes are dropped and %xx decoded. The first of repeated names wins (the
 * browser sends the most specific path first). The object has no prototype, so a cookie named
 * `__proto__` or `constructor` is just a key.
 */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    if (!TOKEN.test(name) || name in cookies) continue;
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    cookies[name] = decode(value);
  }
  return cookies;
}

export interface CookieOptions {
  /** Hidden from page scripts. Default true: no page here needs a script to read a cookie. */
  httpOnly?: boolean;
  /** Default 'Lax': sent on top-level links from other sites (so a shared link opens logged in), not on their POSTs. */
  sameSite?: 'Lax' | 'Strict';
  /** Only over HTTPS. Default false so http://localhost works; set it behind TLS. */
  secure?: boolean;
  /** Lifetime; 0 deletes the cookie; omitted makes a session cookie (gone when the browser closes). */
  maxAgeSeconds?: number;
  /** Default '/'. */
  path?: string;
}

/** A Set-Cookie header value. The value is %-encoded (parseCookies decodes it). Throws on a bad name, path or age. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!TOKEN.test(name)) throw new TypeError(`cookie name '${name}' is not an RFC 6265 token`);
  const path = options.path ?? '/';
  if (!/^\/[\x21-\x3a\x3c-\x7e]*$/.test(path))
    throw new TypeError(`cookie path '${path}' must start with / and hold no ';', spaces or control characters`);
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${path}`];
  if (options.maxAgeSeconds !== undefined) {
    if (!Number.isInteger(options.maxAgeSeconds) || options.maxAgeSeconds < 0) {
      throw new TypeError(`cookie maxAgeSeconds must be a whole number >= 0; got ${options.maxAgeSeconds}`);
    }
    parts.push(`Max-Age=${options.maxAgeSeconds}`);
  }
  if (options.httpOnly ?? true) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}
