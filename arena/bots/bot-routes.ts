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
import type { BotEvent } from './bot-events.js';

/** The stream's keep-alive: an empty line this often, as Lichess sends. */
const KEEP_ALIVE_MS = 5_000;

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
      next();
    } catch (err) {
      next(err);
    }
  });
  const botOf = (res: Response): AgentRecord => res.locals.bot as AgentRecord;

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

  router.get('/stream', async (req: Request, res: Response) => {
    const bot = botOf(res);
    await external.seen(bot.id);
    res.status(200).type('application/x-ndjson');
    res.setHeader('X-Accel-Buffering', 'no'); // nginx: pass lines on as they come
    res.flushHeaders();
    const send = (event: BotEvent) => res.write(`${JSON.stringify(event)}\n`);
    // Subscribed before the catch-up is read, so nothing that happens meanwhile is missed; a turn
    // may then come twice, which the decision count makes harmless.
    const stop = arena.matches.events.subscribe(bot.id, send);
    const alive = setInterval(() => res.write('\n'), KEEP_ALIVE_MS);
    const close = () => {
      stop();
      clearInterval(alive);
    };
    req.on('close', close);
    try {
      for (const event of await matches.liveMatchesOf(bot.id)) send(event);
      for (const event of await matches.pendingTurns(bot.id)) send(event);
    } catch (err) {
      close();
      res.end();
      arena.ctx.log.warn(`bot stream of ${bot.id}: ${(err as Error).message}`);
    }
  });

  router.get('/turns', async (req, res) => {
    const bot = botOf(res);
    const { wait = 0 } = parse(TurnsQuery, req.query);
    await external.seen(bot.id);
    let turns = await matches.pendingTurns(bot.id);
    if (turns.length === 0 && wait > 0) {
      await arena.matches.events.next(bot.id, wait);
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
