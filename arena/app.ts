import express, { type NextFunction, type Request, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { AgoraError } from '../envs/index.js';
import { AccountService } from './accounts/accounts.js';
import type { ArenaDeps } from './deps.js';
import { errorHandler } from './http-errors.js';
import { layout } from './pages/layout.js';
import { accountRouter } from './routes/account-pages.js';
import { apiRouter } from './routes/api.js';
import { checkCsrf, identify, issueCsrf, sameOriginWrites } from './routes/guards.js';
import { pagesRouter, sendPage } from './routes/pages.js';
import { requestIds } from './request-id.js';
import { arenaContext, type ArenaContext } from './services/context.js';
import { hashToken, randomToken } from './services/ids.js';
import { LeaderboardService } from './services/leaderboard.js';
import { RatingRefits } from './ratings/refits.js';
import { MatchService } from './services/matches.js';
import { bootstrapArena } from './services/roster.js';
import { TournamentService } from './services/tournaments.js';

export interface ArenaServices {
  ctx: ArenaContext;
  matches: MatchService;
  tournaments: TournamentService;
  leaderboard: LeaderboardService;
  /** The Bradley-Terry snapshots the leaderboards serve, refit on a worker thread (started by bootstrap). */
  ratings: RatingRefits;
  accounts: AccountService;
  /** Registers the default roster, resumes live matches and tournaments, and queues first ladders. */
  bootstrap(options?: { tournament?: boolean; ladder?: boolean }): Promise<void>;
  /** Stops bots and tournaments (finished work stays stored). Does not close the store. */
  close(): Promise<void>;
}

export type ArenaApp = express.Express & { arena: ArenaServices };

/**
 * A limiter that answers in the one error shape (JSON for /api, a page otherwise), counting per
 * client address unless `key` says what else to count by.
 */
function limiter(limit: number | false, windowMs: number, what: string, key?: (req: Request) => string) {
  if (limit === false) return (_req: Request, _res: Response, next: NextFunction) => next();
  return rateLimit({
    windowMs,
    limit,
    ...(key ? { keyGenerator: key } : {}),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (req, res) => {
      const message = `too many requests: at most ${limit} ${what}`;
      if (req.path.startsWith('/api/')) res.status(429).json({ error: { code: 'rate_limited', message } });
      else
        res
          .status(429)
          .type('html')
          .send(layout('Slow down', `<p class="error">${message}</p>`));
    },
  });
}

/** The Bot API's reads that cost a read of the bot's live matches: each is counted against its token. */
const BOT_POLLS = new Set(['/api/bot/stream', '/api/bot/turns']);

/**
 * Reads (GET, HEAD) per client address: pages and the API, and the Bot API's with ten times the
 * allowance (one host may run several bots); then a bot's stream connects and polls per token,
 * counted before the token is even checked, by its hash.
 */
function readLimits(deps: ArenaDeps) {
  const perAddress = deps.readLimitPerMinute ?? 1200;
  const reads = limiter(perAddress, 60_000, 'reads a minute');
  const botReads = limiter(perAddress === false ? false : 10 * perAddress, 60_000, 'Bot API reads a minute');
  const botPolls = limiter(
    deps.botPollLimitPerMinute ?? 600,
    60_000,
    'stream connects and polls a minute per bot token',
    (req) => `token:${hashToken(req.headers.authorization ?? '')}`,
  );
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!req.path.startsWith('/api/bot/')) return reads(req, res, next);
    botReads(req, res, (err?: unknown) => (err || !BOT_POLLS.has(req.path) ? next(err) : botPolls(req, res, next)));
  };
}

/**
 * The arena: JSON API and HTML pages over one store (style G15). No I/O happens until a request
 * arrives or `arena.bootstrap()` is called. The order of the middleware is the security model's
 * (docs/security.md): rate limits before any body is read, then same-origin and JSON-only writes,
 * body parsing, who is asking, CSRF on every form post, and the routes.
 */
export function createApp(deps: ArenaDeps): ArenaApp {
  const ctx = arenaContext(deps);
  const matches = new MatchService(ctx);
  const tournaments = new TournamentService(ctx, { matches });
  const ratings = new RatingRefits(ctx, deps.refits);
  const leaderboard = new LeaderboardService(ctx, ratings);
  const accounts = new AccountService(ctx);
  let csrfSecret: Promise<string> | undefined;
  // Created once per store, so every arena process sharing it accepts the others' forms.
  const secret = () =>
    (csrfSecret ??= ctx.store.secret('csrf', randomToken()).catch((err) => {
      csrfSecret = undefined;
      throw err;
    }));
  const secure = deps.secureCookies ?? false;

  const app = express() as ArenaApp;
  const arena: ArenaServices = {
    ctx,
    matches,
    tournaments,
    leaderboard,
    ratings,
    accounts,
    bootstrap: async (options) => {
      await bootstrapArena(ctx, tournaments, options);
      ratings.start();
      await tournaments.resumeAll();
      void matches.resumeAll();
      matches.startSweeping();
    },
    close: async () => {
      matches.close();
      await tournaments.close();
      await ratings.close();
      await ctx.bots.close();
      // The tournament threads this arena started (a runner passed in is its caller's to close).
      if (!deps.runner) await ctx.runner.close();
    },
  };
  app.arena = arena;
  app.disable('x-powered-by');
  if (deps.trustProxy !== undefined) app.set('trust proxy', deps.trustProxy);
  app.set('query parser', 'simple');
  // First, so every response (a rate limit's too) carries its X-Request-Id.
  app.use(requestIds(ctx.log));
  // same-origin, not helmet's no-referrer: with no-referrer Chromium sends 'Origin: null' on this
  // site's own form posts, which the same-origin check must refuse. Seat links still never leave
  // the site in a Referer header.
  app.use(helmet({ referrerPolicy: { policy: 'same-origin' } }));
  const writes = limiter(deps.writeLimitPerMinute ?? 120, 60_000, 'writes a minute');
  const logins = limiter(deps.loginLimitPer15Minutes ?? 20, 15 * 60_000, 'log-in and sign-up attempts in 15 minutes');
  // A bot posts a move per decision, often in several matches at once: its own, larger allowance.
  const botWrites = limiter(
    deps.writeLimitPerMinute === false ? false : 10 * (deps.writeLimitPerMinute ?? 120),
    60_000,
    'bot moves a minute',
  );
  app.use((req, res, next) =>
    req.method !== 'POST' ? next() : (req.path.startsWith('/api/bot/') ? botWrites : writes)(req, res, next),
  );
  app.use(['/login', '/signup'], (req, res, next) => (req.method === 'POST' ? logins(req, res, next) : next()));
  app.use(readLimits(deps));
  app.use(sameOriginWrites(deps.origin));
  app.use(express.json({ limit: '32kb' }));
  app.use(express.urlencoded({ extended: false, limit: '32kb' }));
  app.use(identify(accounts, ctx.adminToken));

  app.use('/api', apiRouter(arena));

  app.use(issueCsrf(secret, secure));
  const csrfCheck = checkCsrf(secret);
  app.use((req, res, next) => (req.method === 'POST' ? csrfCheck(req, res, next) : next()));
  app.use(pagesRouter(arena));
  app.use(accountRouter(arena, accounts, secure));

  app.use((req, _res, next) => next(new AgoraError('not_found', `no page ${req.path}`)));
  // Error pages get the header's account links like every other page.
  app.use(errorHandler(ctx.log, (res, status, html) => sendPage(res, html, status)));
  return app;
}
