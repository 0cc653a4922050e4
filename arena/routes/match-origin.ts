import type { Request } from 'express';
import { CSRF_COOKIE, parseCookies } from '../accounts/csrf.js';
import type { MatchOrigin } from '../services/matches.js';

/**
 * Who asks for a new match, as the live-match caps count it: the client's address (express's
 * req.ip, which honours AGORA_TRUST_PROXY) and, for a guest's browser, the cookie every page
 * visitor gets (the CSRF binding). A script without cookies is counted by its address alone.
 */
export function matchOrigin(req: Request): MatchOrigin {
  const cookie = parseCookies(req.headers.cookie)[CSRF_COOKIE];
  return {
    ...(req.ip ? { address: req.ip } : {}),
    ...(cookie && /^[A-Za-z0-9_-]{32,64}$/.test(cookie) ? { guest: cookie } : {}),
  };
}
