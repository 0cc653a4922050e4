/** The JSON API: everything the pages show, as data. Writes are JSON only, same-origin, rate limited. */
import express, { type Request, type Response } from 'express';
import { AgoraError, type GameDefinition, lookupGame } from '../../envs/index.js';
import type { ArenaServices } from '../app.js';
import { parse } from '../http-errors.js';
import { QueueRunner } from '../queue/queue-runner.js';
import type { QueueCounts } from '../../play/index.js';
import { matchReplay, gameReplay } from '../services/replays.js';
import { registerBot } from '../services/roster.js';
import { publicTournament } from '../services/tournaments.js';
import { locals, noStore, requireOperator, requireUser } from './guards.js';
import { matchOrigin } from './match-origin.js';
import {
  ActionJson,
  GameQuery,
  LeaderboardQuery,
  ladderView,
  NewAgentJson,
  NewMatchJson,
  NewTournamentJson,
  ResignJson,
} from './schemas.js';
import { normalizeName } from '../accounts/names.js';
import { isAccountName, isAdminToken } from '../accounts/accounts.js';
import { botAccountRouter, botRouter } from '../bots/bot-routes.js';

export function apiRouter(arena: ArenaServices): express.Router {
  const { ctx, matches, tournaments, leaderboard } = arena;
  const router = express.Router();
  const game = (name: unknown): GameDefinition => lookupGame(ctx.games, String(name));

  router.get('/games', (_req, res) => {
    res.json(
      Object.keys(ctx.games)
        .map((n) => game(n))
        .map((g) => ({
          name: g.name,
          title: g.title,
          description: g.description,
          minPlayers: g.minPlayers,
          maxPlayers: g.maxPlayers,
          defaultPlayers: g.defaultPlayers,
          actionSize: g.actionSize,
          encodingVersion: g.encodingVersion,
          // What results' returns count ('rank', or the game's own unit: 'chips') and their range.
          returnUnit: g.returnUnit,
          returnScale: g.returnScale,
          observationSize: Object.fromEntries(
            Array.from({ length: g.maxPlayers - g.minPlayers + 1 }, (_, i) => [
              g.minPlayers + i,
              g.observationSize(g.minPlayers + i),
            ]),
          ),
        })),
    );
  });

  router.get('/leaderboard', async (req, res) => {
    const q = parse(LeaderboardQuery, req.query);
    res.json(await leaderboard.get(game(q.game).name, ladderView(q)));
  });

  router.get('/agents', async (req, res) => {
    const name = req.query.game === undefined ? undefined : game(parse(GameQuery, req.query).game).name;
    const ratings = new Map<string, { elo: number; games: number; overruns: number }>();
    for (const g of name ? [name] : Object.keys(ctx.games))
      for (const r of await ctx.store.ratings(g)) ratings.set(r.agentId, r);
    res.json(
      (await ctx.store.listAgents(name)).map(({ nameKey: _key, ...a }) => ({
        ...a,
        elo: ratings.get(a.id)?.elo,
        games: ratings.get(a.id)?.games ?? 0,
        overruns: ratings.get(a.id)?.overruns ?? 0,
      })),
    );
  });

  router.post('/agents', async (req, res) => {
    const user = requireUser(res, 'registering a bot');
    const body = parse(NewAgentJson, req.body);
    res.status(201).json(await registerBot(ctx, game(body.game).name, body.spec, body.name, user));
  });

  router.post('/agents/:id/retire', async (req, res) => {
    requireOperator(req, ctx.adminToken);
    const id = String(req.params.id);
    if (!(await ctx.store.getAgent(id))) throw new AgoraError('not_found', `no agent '${id}'`);
    if (!(await ctx.store.retireAgent(id, ctx.now().toISOString())))
      throw new AgoraError('conflict', `agent ${id} is retired already`);
    res.json(await ctx.store.getAgent(id));
  });

  router.post('/tournaments', async (req, res) => {
    const user = requireUser(res, 'starting a tournament');
    const body = parse(NewTournamentJson, req.body);
    const t = await tournaments.start({ ...body, game: game(body.game).name, requestedBy: user.id });
    res.status(202).location(`/api/tournaments/${t.id}`).json(publicTournament(t));
  });

  router.get('/tournaments', async (req, res) => {
    res.json(
      (await ctx.store.listTournaments(req.query.game === undefined ? undefined : game(req.query.game).name)).map(
        publicTournament,
      ),
    );
  });

  router.get('/tournaments/:id', async (req, res) => {
    const t = await ctx.store.getTournament(String(req.params.id));
    if (!t) throw new AgoraError('not_found', `no tournament '${String(req.params.id)}'`);
    res.json(publicTournament(t));
  });

  // The operator's token, or the session or API key of the account that started the tournament.
  router.post('/tournaments/:id/cancel', async (req, res) => {
    const id = String(req.params.id);
    if (isAdminToken(ctx.adminToken, /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1])) {
      res.json(publicTournament(await tournaments.cancel(id)));
      return;
    }
    const user = requireUser(res, 'cancelling a tournament');
    res.json(publicTournament(await tournaments.cancelOwn(id, user)));
  });

  router.post('/matches', async (req, res) => {
    const body = parse(NewMatchJson, req.body);
    const user = locals(res).user;
    if (body.name !== undefined) {
      // A rated game under a name is that account's: its session or one of its API keys.
      const { name, key } = normalizeName(body.name, 'person');
      if (!user)
        throw new AgoraError(
          'unauthorized',
          `playing as '${name}' needs that account's session or API key; leave out name to play as a guest`,
        );
      if (!isAccountName(user, { name, key }))
        throw new AgoraError('forbidden', `you are logged in as '${user.name}', not '${name}'`);
    }
    const { name: _name, ...rest } = body;
    const created = await matches.create({
      ...rest,
      game: game(body.game).name,
      player: user ? { user } : { guest: true },
      origin: matchOrigin(req),
    });
    res.status(201).json({ ...created, url: `/matches/${created.id}?token=${created.token}` });
  });

  router.get('/matches/:id', noStore, async (req, res) => {
    res.json(await matches.seatPage(String(req.params.id), req.query.token));
  });

  router.post('/matches/:id/actions', noStore, async (req, res) => {
    const body = parse(ActionJson, req.body);
    res.json(await matches.act(String(req.params.id), body.token, body.action, body.decisions));
  });

  router.post('/matches/:id/resign', noStore, async (req, res) => {
    const body = parse(ResignJson, req.body ?? {});
    res.json(await matches.resign(String(req.params.id), body.token, body.decisions));
  });

  router.get('/matches/:id/replay', async (req, res) => {
    res.json(await matchReplay(ctx, String(req.params.id)));
  });

  router.get('/replays/:gameId', async (req, res) => {
    res.json(await gameReplay(ctx, String(req.params.gameId)));
  });

  /** The runner's name and, for the job queue, its live counts (null without a queue). */
  router.get('/queue', async (_req, res) => {
    res.json({ runner: ctx.runner.name, queue: await queueState(arena) });
  });

  router.use('/bots', botAccountRouter(arena));
  router.use('/bot', botRouter(arena));

  router.use((req: Request, _res: Response, next) =>
    next(new AgoraError('not_found', `no API route ${req.method} /api${req.path}`)),
  );
  return router;
}

/** The job queue's live counts, or null (no queue, or Redis unreachable). */
export function queueState(arena: ArenaServices): Promise<QueueCounts | null> {
  const runner = arena.ctx.runner;
  return runner instanceof QueueRunner ? runner.client.counts().catch(() => null) : Promise.resolve(null);
}
