/** Sign-up, log-in, log-out and the account page (API keys). Forms only; CSRF is checked in app.ts. */
import express, { type Request, type Response } from 'express';
import { AgoraError, lookupGame } from '../../envs/index.js';
import { SESSION_DAYS, type AccountService } from '../accounts/accounts.js';
import { SESSION_COOKIE, parseCookies, serializeCookie } from '../accounts/csrf.js';
import type { ArenaServices } from '../app.js';
import { accountPage, loginPage, signupPage } from '../pages/account.js';
import type { UserRecord } from '../store/store.js';
import { locals, noStore } from './guards.js';
import { sendPage } from './pages.js';

/** Only same-site paths may follow a log-in (no open redirect). */
const safeNext = (next: unknown): string => (typeof next === 'string' && /^\/(?![/\\])[^\s]*$/.test(next) ? next : '/');

export function accountRouter(arena: ArenaServices, accounts: AccountService, secureCookies: boolean): express.Router {
  const { ctx } = arena;
  const router = express.Router();
  router.use(['/signup', '/login', '/logout', '/account'], noStore);
  const csrf = (res: Response) => locals(res).csrf ?? '';
  const field = (req: Request, name: string): unknown => (req.body as Record<string, unknown> | undefined)?.[name];

  const logIn = async (res: Response, user: UserRecord, next: string) => {
    const token = await accounts.openSession(user);
    res.append(
      'Set-Cookie',
      serializeCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: secureCookies,
        path: '/',
        maxAgeSeconds: SESSION_DAYS * 86_400,
      }),
    );
    res.redirect(303, next);
  };

  router.get('/signup', (_req, res) => sendPage(res, signupPage({ csrf: csrf(res) })));
  router.post('/signup', async (req, res) => {
    try {
      await logIn(
        res,
        await accounts.signup(field(req, 'name'), field(req, 'password'), field(req, 'password2')),
        '/account',
      );
    } catch (err) {
      if (!(err instanceof AgoraError)) throw err;
      sendPage(
        res,
        signupPage({
          csrf: csrf(res),
          error: err.message,
          name: typeof field(req, 'name') === 'string' ? String(field(req, 'name')) : '',
        }),
        err.code === 'conflict' ? 409 : 400,
      );
    }
  });

  router.get('/login', (req, res) => sendPage(res, loginPage({ csrf: csrf(res), next: safeNext(req.query.next) })));
  router.post('/login', async (req, res) => {
    try {
      await logIn(
        res,
        await accounts.authenticate(field(req, 'name'), field(req, 'password')),
        safeNext(field(req, 'next')),
      );
    } catch (err) {
      if (!(err instanceof AgoraError)) throw err;
      sendPage(
        res,
        loginPage({
          csrf: csrf(res),
          error: err.message,
          name: typeof field(req, 'name') === 'string' ? String(field(req, 'name')) : '',
          next: safeNext(field(req, 'next')),
        }),
        401,
      );
    }
  });

  router.post('/logout', async (req, res) => {
    const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    if (token) await accounts.closeSession(token);
    res.append(
      'Set-Cookie',
      serializeCookie(SESSION_COOKIE, '', {
        httpOnly: true,
        sameSite: 'Lax',
        secure: secureCookies,
        path: '/',
        maxAgeSeconds: 0,
      }),
    );
    res.redirect(303, '/');
  });

  const showAccount = async (
    res: Response,
    user: UserRecord,
    extra: { newKey?: string; newBotToken?: { bot: string; token: string }; error?: string } = {},
    status = 200,
  ) => {
    const keys = (await ctx.store.listApiKeys(user.id)).filter((k) => !k.revokedAt);
    const ratings: { game: string; title: string; elo: number; games: number }[] = [];
    for (const game of Object.keys(ctx.games)) {
      const agent = await ctx.store.findAgentByKey(game, 'human', user.nameKey);
      if (!agent) continue;
      const rating = (await ctx.store.ratings(game)).find((r) => r.agentId === agent.id);
      if (rating)
        ratings.push({ game, title: lookupGame(ctx.games, game).title, elo: rating.elo, games: rating.games });
    }
    const bots = await arena.matches.external.list(user);
    const games = Object.keys(ctx.games).map((name) => ({ name, title: lookupGame(ctx.games, name).title }));
    sendPage(res, accountPage({ csrf: csrf(res), user, keys, ratings, bots, games, ...extra }), status);
  };

  /** The account page needs a session: anyone else goes to the log-in page and comes back. */
  const sessionUser = (req: Request, res: Response): UserRecord | undefined => {
    const user = locals(res).user;
    if (!user) res.redirect(303, `/login?next=${encodeURIComponent(req.originalUrl.split('?')[0])}`);
    return user;
  };

  router.get('/account', async (req, res) => {
    const user = sessionUser(req, res);
    if (user) await showAccount(res, user);
  });

  router.post('/account/keys', async (req, res) => {
    const user = sessionUser(req, res);
    if (!user) return;
    try {
      await showAccount(res, user, { newKey: (await accounts.createApiKey(user, field(req, 'label'))).key });
    } catch (err) {
      if (!(err instanceof AgoraError)) throw err;
      await showAccount(res, user, { error: err.message }, 400);
    }
  });

  router.post('/account/keys/:id/revoke', async (req, res) => {
    const user = sessionUser(req, res);
    if (!user) return;
    await accounts.revokeApiKey(user, String(req.params.id));
    res.redirect(303, '/account');
  });

  router.post('/account/bots', async (req, res) => {
    const user = sessionUser(req, res);
    if (!user) return;
    try {
      const game = field(req, 'game');
      const made = await arena.matches.external.create(user, typeof game === 'string' ? game : '', field(req, 'name'));
      await showAccount(res, user, { newBotToken: { bot: made.bot.name, token: made.token } });
    } catch (err) {
      if (!(err instanceof AgoraError)) throw err;
      await showAccount(res, user, { error: err.message }, err.code === 'conflict' ? 409 : 400);
    }
  });

  router.post('/account/bots/:id/token', async (req, res) => {
    const user = sessionUser(req, res);
    if (!user) return;
    const renewed = await arena.matches.external.renewToken(user, String(req.params.id));
    await showAccount(res, user, { newBotToken: { bot: renewed.bot.name, token: renewed.token } });
  });

  router.post('/account/bots/:id/revoke', async (req, res) => {
    const user = sessionUser(req, res);
    if (!user) return;
    await arena.matches.external.revoke(user, String(req.params.id));
    res.redirect(303, '/account');
  });

  return router;
}
