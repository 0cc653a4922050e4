/**
 * The arena's request guards: who is asking (session cookie or API key), CSRF tokens on forms,
 * same-origin and JSON-only API writes, no-store on private pages, and operator-only routes.
 */
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AgoraError } from '../../envs/index.js';
import { isAdminToken, type AccountService } from '../accounts/accounts.js';
import { CSRF_COOKIE, SESSION_COOKIE, csrfToken, csrfValid, parseCookies, serializeCookie } from '../accounts/csrf.js';
import type { UserRecord } from '../store/store.js';
import { BOT_TOKEN_PREFIX } from '../bots/external.js';

/** What the guards learn about a request, kept in res.locals. */
export interface RequestLocals {
  user?: UserRecord;
  /** The visitor's CSRF binding (the agora_csrf cookie) and the token forms carry. */
  csrf?: string;
}

export const locals = (res: Response): RequestLocals => res.locals as RequestLocals;

/** Bearer token of the Authorization header, if any. */
function bearer(req: Request): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}

/**
 * The operator's routes (requireOperator): a bearer there that is neither the operator's token nor a
 * live API key is a wrong operator token, which docs/security.md answers with 403, not 401.
 */
const OPERATOR_ROUTES = [/^\/api\/agents\/[^/]+\/retire\/?$/, /^\/api\/tournaments\/[^/]+\/cancel\/?$/];
const isOperatorRoute = (req: Request): boolean =>
  req.method === 'POST' && OPERATOR_ROUTES.some((route) => route.test(req.path));

/**
 * Finds the account: the session cookie, or (API requests) an API key. A bad API key is refused
 * outright rather than treated as a guest, so a script with a revoked key notices: 401, or 403 on
 * an operator route (it is taken for a wrong operator token there).
 */
export function identify(accounts: AccountService, adminToken: string | undefined) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      // The operator's token is not an account's key: operator routes check it themselves.
      // The Bot API's routes take a bot's token, which they check themselves.
      const given = req.path.startsWith('/api/') && !req.path.startsWith('/api/bot/') ? bearer(req) : undefined;
      // Nor is a bot's token (sent elsewhere by mistake): it is no account's key either.
      const key =
        given !== undefined && !isAdminToken(adminToken, given) && !given.startsWith(BOT_TOKEN_PREFIX)
          ? given
          : undefined;
      if (key !== undefined) {
        const user = await accounts.fromApiKey(key);
        if (!user && isOperatorRoute(req))
          throw new AgoraError(
            'forbidden',
            'operator routes need Authorization: Bearer <AGORA_ADMIN_TOKEN>; this token is not it (nor a live API key)',
          );
        if (!user)
          throw new AgoraError(
            'unauthorized',
            'this API key is not valid (revoked, or never made): make one on /account',
          );
        locals(res).user = user;
        res.locals.via = 'api-key';
      } else {
        const user = await accounts.fromSession(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
        if (user) locals(res).user = user;
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Gives every page visitor a CSRF binding cookie and puts the matching form token in res.locals
 * (signed double-submit: the token is an HMAC of the cookie, so a site that cannot read the
 * cookie cannot make the token). Form posts are checked by checkCsrf.
 */
export function issueCsrf(secret: () => Promise<string>, secure: boolean) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      let binding = parseCookies(req.headers.cookie)[CSRF_COOKIE];
      if (!binding || !/^[A-Za-z0-9_-]{32,64}$/.test(binding)) {
        binding = randomBytes(32).toString('base64url');
        res.append(
          'Set-Cookie',
          serializeCookie(CSRF_COOKIE, binding, { httpOnly: true, sameSite: 'Lax', secure, path: '/' }),
        );
      }
      locals(res).csrf = csrfToken(await secret(), binding);
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Refuses a form post whose csrf field does not match the visitor's cookie. */
export function checkCsrf(secret: () => Promise<string>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const binding = parseCookies(req.headers.cookie)[CSRF_COOKIE];
      const token = (req.body as Record<string, unknown> | undefined)?.csrf;
      if (!csrfValid(await secret(), binding, token)) {
        throw new AgoraError(
          'forbidden',
          'this form has expired or did not come from this site (its csrf token does not match your cookie); ' +
            'go back, reload the page and try again',
        );
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Refuses writes from another site: an Origin header (sent by browsers on every cross-origin POST)
 * that is not this arena's, or Sec-Fetch-Site: cross-site. API writes must be JSON, which a plain
 * cross-site form cannot send.
 */
export function sameOriginWrites(origin: string | undefined) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.method !== 'POST') return next();
    const own = origin ?? `${req.protocol}://${req.headers.host ?? ''}`;
    const given = req.headers.origin;
    // Without a configured origin, the Origin's host must be this request's Host: behind a TLS proxy
    // the browser says https while express sees http, and only the host's owner can serve either.
    const sameSite =
      given === undefined || (origin ? given === origin : hostOf(given) === (req.headers.host ?? '').toLowerCase());
    // 'null' (a sandboxed frame, a data: URL) is not this arena either.
    if (!sameSite || req.headers['sec-fetch-site'] === 'cross-site') {
      return next(
        new AgoraError(
          'forbidden',
          `writes from another site are refused (Origin ${given ?? 'missing'}, this arena is ${own})`,
        ),
      );
    }
    if (req.path.startsWith('/api/')) {
      // The header itself, not req.is(): that answers null for a request without a body, so an
      // empty JSON POST was refused as not JSON. Without a body the route says what is missing.
      const type = req.headers['content-type'];
      if (type !== undefined && type.split(';')[0].trim().toLowerCase() !== 'application/json') {
        return next(
          new AgoraError(
            'unsupported_media_type',
            `API writes take JSON: send content-type application/json; got ${type.slice(0, 60)}`,
          ),
        );
      }
    }
    next();
  };
}

/** The host (and port) of an Origin header, lower case; '' for 'null' or anything unparsable. */
function hostOf(origin: string): string {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return '';
  }
}

/** Pages and answers that hold a seat's view or an account's data are never cached. */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.set('Cache-Control', 'no-store');
  next();
}

/** The account a request needs: 401 naming how to authenticate otherwise. */
export function requireUser(res: Response, what: string): UserRecord {
  const user = locals(res).user;
  if (!user)
    throw new AgoraError(
      'unauthorized',
      `${what} needs an account: log in (a session cookie from /login) ` +
        'or send Authorization: Bearer <API key from /account>',
    );
  return user;
}

/** Operator routes: Authorization: Bearer <AGORA_ADMIN_TOKEN>. */
export function requireOperator(req: Request, adminToken: string | undefined): void {
  if (!adminToken) throw new AgoraError('forbidden', 'operator routes are off: the server has no AGORA_ADMIN_TOKEN');
  if (!isAdminToken(adminToken, bearer(req)))
    throw new AgoraError('forbidden', 'operator routes need Authorization: Bearer <AGORA_ADMIN_TOKEN>');
}
