/**
 * The Bot API's routes (docs/bot-api.md): `/api/bots` for an account's bots and tokens, and
 * `/api/bot` for the bot itself (its token in Authorization: Bearer), Lichess-style: a stream of
 * NDJSON events (or polling), and one POST per move.
 */
import express, { type Request, type Response } from 'express';
import { AgoraError } from '../../envs/index.js';
import type { ArenaServices } from '../app.js';
import { parse } from '../http-errors.js';
import { noStore, requireUser } from '../routes/guards.js';
import { BotActionJson, NewBotJson, TurnsQuery } from '../routes/schemas.js';
import type { AgentRecord } from '../store/store.js';
import { streamBotEvents } from './bot-stream.js';

/** The account's side: make bots, renew and revoke their tokens, list them. */
export function botAccountRouter(arena: ArenaServices): express.Router {
  const external = arena.matches.external;
  const router = express.Router();
  router.use(noStore);
  router.get('/', async (_req, res) => {
    res.json(await external.list(requireUser(res, 'listing your bots')));
  });
  router.post('/', async (req, res) => {
    const user = requireUser(res, 'making a bot');
    const body = parse(NewBotJson, req.body);
    res.status(201).json(await external.create(user, body.game, body.name));
  });
  router.post('/:id/token', async (req, res) => {
    res.json(await external.renewToken(requireUser(res, 'renewing a bot token'), String(req.params.id)));
  });
  router.post('/:id/revoke', async (req, res) => {
    res.json(await external.revoke(requireUser(res, 'revoking a bot token'), String(req.params.id)));
  });
  return router;
}

/** The bot's side, every route behind its token. */
export function botRouter(arena: ArenaServices): express.Router {
  const { matches } = arena;
  const external = matches.external;
  const router = express.Router();
  router.use(noStore);
  router.use(async (req, res, next) => {
    try {
      const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      res.locals.bot = await external.authenticate(m?.[1]);
      res.locals.botToken = m?.[1];
      next();
    } catch (err) {
      next(err);
    }
  });
  const botOf = (res: Response): AgentRecord => res.locals.bot as AgentRecord;
  /** The token the request authenticated with, checked again by streams and waiting polls. */
  const tokenOf = (res: Response): string => res.locals.botToken as string;

  router.get('/account', async (_req, res) => {
    const bot = botOf(res);
    const row = await arena.ctx.store.getExternalBot(bot.id);
    res.json({
      id: bot.id,
      game: bot.game,
      name: bot.name,
      online: row?.online ?? false,
      missedInARow: row?.missedInARow ?? 0,
      timeLimitMs: external.timeLimitMs(bot.game),
    });
  });

  router.get('/stream', async (_req: Request, res: Response) => {
    const bot = botOf(res);
    await external.seen(bot.id);
    res.status(200).type('application/x-ndjson');
    res.setHeader('X-Accel-Buffering', 'no'); // nginx: pass lines on as they come
    res.flushHeaders();
    streamBotEvents(res, {
      agentId: bot.id,
      events: matches.events,
      connections: external.connections,
      recheckToken: () => external.recheck(bot.id, tokenOf(res)),
      catchUp: () => matches.catchUp(bot.id),
      log: arena.ctx.log,
    });
  });

  router.get('/turns', async (req, res) => {
    const bot = botOf(res);
    const { wait = 0 } = parse(TurnsQuery, req.query);
    await external.seen(bot.id);
    let turns = await matches.pendingTurns(bot.id);
    if (turns.length === 0 && wait > 0) {
      // Woken by the bot's next event, or at once when its token is revoked or renewed here.
      const woken = new AbortController();
      const forget = external.connections.waitingPoll(bot.id, () => woken.abort());
      try {
        await matches.events.next(bot.id, wait, woken.signal);
      } finally {
        forget();
      }
      // The token may have changed while the poll waited (here, or in another arena process): 401.
      await external.recheck(bot.id, tokenOf(res));
      turns = await matches.pendingTurns(bot.id);
    }
    res.json({ turns });
  });

  router.get('/matches/:id', async (req, res) => {
    res.json(await matches.botPage(String(req.params.id), botOf(res).id));
  });

  router.post('/matches/:id/actions', async (req, res) => {
    const body = parse(BotActionJson, req.body);
    res.json(await matches.botAct(String(req.params.id), botOf(res).id, body.action, body.decisions));
  });

  router.use((req: Request, _res: Response, next) =>
    next(new AgoraError('not_found', `no Bot API route ${req.method} /api/bot${req.path}`)),
  );
  return router;
}
