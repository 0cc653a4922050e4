import express, { type Request } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { z } from 'zod';
import { AgoraError, type GameDefinition } from '../envs/index.js';
import { lookupGame } from '../envs/core/registry.js';
import type { ArenaDeps } from './deps.js';
import { errorHandler, parse } from './http-errors.js';
import { homePage } from './pages/home.js';
import { layout } from './pages/layout.js';
import { leaderboardPage } from './pages/leaderboard.js';
import { matchPage } from './pages/match.js';
import { replayPage } from './pages/replay.js';
import { runnerBox, tournamentListPage, tournamentPage } from './pages/tournaments.js';
import { QueueRunner } from './queue/queue-runner.js';
import type { QueueCounts } from './queue/queue-client.js';
import { arenaContext, type ArenaContext } from './services/context.js';
import { LeaderboardService } from './services/leaderboard.js';
import { MatchService } from './services/matches.js';
import { bootstrapArena, registerBot } from './services/roster.js';
import { MAX_TOURNAMENT_GAMES, TournamentService } from './services/tournaments.js';

export interface ArenaServices {
  ctx: ArenaContext;
  matches: MatchService;
  tournaments: TournamentService;
  leaderboard: LeaderboardService;
  /** Registers the default roster, resumes live matches and tournaments, and queues first ladders. */
  bootstrap(options?: { tournament?: boolean; modelsDir?: string }): Promise<void>;
  /** Stops bots and tournaments (finished work stays stored). Does not close the store. */
  close(): Promise<void>;
}

export type ArenaApp = express.Express & { arena: ArenaServices };

const id = z.string().min(1).max(64);
const GameQuery = z.object({ game: z.string().min(1).max(40) });
const NewMatchBody = z.object({
  game: z.string({ error: 'required: the game name' }).min(1).max(40),
  players: z.coerce.number({ error: 'required: the number of players' }).int(),
  // A form with one opponent sends a single value, with several a list.
  opponents: z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z.array(id, { error: 'required: a list of bot agent ids (GET /api/agents?game=...)' }).max(10),
  ),
  name: z.string({ error: 'required: your display name' }).min(1).max(40),
  seat: z.coerce.number().int().optional(),
});
const ActionBody = z.object({
  token: z.string({ error: "required: the seat's token" }).min(1).max(200),
  action: z.coerce.number({ error: 'required: an action id from legalActions' }).int(),
});
const NewTournamentBody = z.object({
  game: z.string().min(1).max(40),
  agents: z.array(id).min(2).max(20),
  games: z.number().int().min(1).max(MAX_TOURNAMENT_GAMES),
  players: z.number().int().optional(),
  format: z.enum(['round-robin', 'gauntlet']).optional(),
});
const NewAgentBody = z.object({ game: z.string().min(1).max(40), spec: z.string().min(1).max(200), name: z.string().min(1).max(60).optional() });

/**
 * The arena: JSON API and HTML pages over one store (style G15). No I/O happens until a request
 * arrives or `arena.bootstrap()` is called.
 */
export function createApp(deps: ArenaDeps): ArenaApp {
  const ctx = arenaContext(deps);
  const matches = new MatchService(ctx);
  const tournaments = new TournamentService(ctx);
  const leaderboard = new LeaderboardService(ctx);
  const game = (name: unknown): GameDefinition => lookupGame(ctx.games, String(name));
  const games = () => Object.keys(ctx.games).map((n) => game(n));

  const app = express() as ArenaApp;
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(helmet());
  app.use(express.json({ limit: '32kb' }));
  app.use(express.urlencoded({ extended: false, limit: '32kb' }));
  const limit = deps.writeLimitPerMinute ?? 120;
  const writeLimiter = limit === false
    ? (_req: Request, _res: express.Response, next: express.NextFunction) => next()
    : rateLimit({
      windowMs: 60_000, limit, standardHeaders: 'draft-7', legacyHeaders: false,
      handler: (req, res) => {
        const message = `too many requests: at most ${limit} writes a minute`;
        if (req.path.startsWith('/api/')) res.status(429).json({ error: { code: 'rate_limited', message } });
        else res.status(429).type('html').send(layout('Slow down', `<p class="error">${message}</p>`));
      },
    });

  // ---- JSON API ---------------------------------------------------------------------------------
  app.get('/api/games', (_req, res) => {
    res.json(games().map((g) => ({
      name: g.name, title: g.title, description: g.description, minPlayers: g.minPlayers, maxPlayers: g.maxPlayers,
      defaultPlayers: g.defaultPlayers, actionSize: g.actionSize, encodingVersion: g.encodingVersion,
      observationSize: Object.fromEntries(Array.from({ length: g.maxPlayers - g.minPlayers + 1 }, (_, i) => [g.minPlayers + i, g.observationSize(g.minPlayers + i)])),
    })));
  });

  app.get('/api/leaderboard', async (req, res) => {
    const { game: name } = parse(GameQuery, req.query);
    res.json(await leaderboard.get(game(name).name));
  });

  app.get('/api/agents', async (req, res) => {
    const name = req.query.game === undefined ? undefined : game(parse(GameQuery, req.query).game).name;
    const ratings = new Map<string, { elo: number; games: number }>();
    for (const g of name ? [name] : Object.keys(ctx.games)) for (const r of await ctx.store.ratings(g)) ratings.set(r.agentId, r);
    res.json((await ctx.store.listAgents(name)).map((a) => ({ ...a, elo: ratings.get(a.id)?.elo, games: ratings.get(a.id)?.games ?? 0 })));
  });

  app.post('/api/agents', writeLimiter, async (req, res) => {
    const body = parse(NewAgentBody, req.body);
    res.status(201).json(await registerBot(ctx, game(body.game).name, body.spec, body.name));
  });

  app.post('/api/tournaments', writeLimiter, async (req, res) => {
    const body = parse(NewTournamentBody, req.body);
    const t = await tournaments.start({ ...body, game: game(body.game).name });
    res.status(202).location(`/api/tournaments/${t.id}`).json(t);
  });

  app.get('/api/tournaments', async (req, res) => {
    res.json(await ctx.store.listTournaments(req.query.game === undefined ? undefined : game(req.query.game).name));
  });

  app.get('/api/tournaments/:id', async (req, res) => {
    const t = await ctx.store.getTournament(String(req.params.id));
    if (!t) throw new AgoraError('not_found', `no tournament '${String(req.params.id)}'`);
    res.json(t);
  });

  app.post('/api/matches', writeLimiter, async (req, res) => {
    const body = parse(NewMatchBody, req.body);
    const created = await matches.create({ ...body, game: game(body.game).name });
    res.status(201).json({ ...created, url: `/matches/${created.id}?token=${created.token}` });
  });

  app.get('/api/matches/:id', async (req, res) => {
    res.json(await matches.seatPage(String(req.params.id), req.query.token));
  });

  app.post('/api/matches/:id/actions', writeLimiter, async (req, res) => {
    const body = parse(ActionBody, req.body);
    res.json(await matches.act(String(req.params.id), body.token, body.action));
  });

  app.get('/api/matches/:id/replay', async (req, res) => {
    res.json(await replay(ctx, matches, String(req.params.id)));
  });

  app.get('/api/replays/:gameId', async (req, res) => {
    res.json(await replayOfGame(ctx, String(req.params.gameId)));
  });

  /** The runner's name and, for the job queue, its live counts (null without a queue). */
  const queueState = async (): Promise<QueueCounts | null> =>
    (ctx.runner instanceof QueueRunner ? ctx.runner.client.counts().catch(() => null) : null);

  app.get('/api/queue', async (_req, res) => {
    res.json({ runner: ctx.runner.name, queue: await queueState() });
  });

  app.use('/api', (req, _res, next) => next(new AgoraError('not_found', `no API route ${req.method} ${req.path}`)));

  // ---- HTML pages (plain forms, no JavaScript) ----------------------------------------------------
  app.get('/', async (req, res) => {
    if (req.query.game === undefined) {
      res.type('html').send(homePage({ games: games() }));
      return;
    }
    const chosen = game(req.query.game);
    const players = req.query.players === undefined ? chosen.defaultPlayers : Number(req.query.players);
    if (!(Number.isInteger(players) && players >= chosen.minPlayers && players <= chosen.maxPlayers)) {
      res.status(400).type('html').send(homePage({ games: games(), chosen, error: `players: ${chosen.title} takes ${chosen.minPlayers} to ${chosen.maxPlayers}` }));
      return;
    }
    const bots = (await leaderboard.get(chosen.name)).rows.filter((r) => r.kind === 'bot');
    res.type('html').send(homePage({ games: games(), chosen, players, bots }));
  });

  app.post('/matches', writeLimiter, async (req, res) => {
    const body = parse(NewMatchBody, req.body);
    const created = await matches.create({ ...body, game: game(body.game).name });
    res.redirect(303, `/matches/${encodeURIComponent(created.id)}?token=${encodeURIComponent(created.token)}`);
  });

  app.get('/matches/:id', async (req, res) => {
    const page = await matches.seatPage(String(req.params.id), req.query.token);
    res.type('html').send(matchPage(game(page.game), page, String(req.query.token)));
  });

  app.post('/matches/:id/actions', writeLimiter, async (req, res) => {
    const body = parse(ActionBody, req.body);
    try {
      await matches.act(String(req.params.id), body.token, body.action);
    } catch (err) {
      // An illegal or stale move shows the page again with the message, nothing changed.
      if (err instanceof AgoraError && (err.code === 'illegal_action' || err.code === 'conflict')) {
        const page = await matches.seatPage(String(req.params.id), body.token);
        res.status(409).type('html').send(matchPage(game(page.game), page, body.token, err.message));
        return;
      }
      throw err;
    }
    res.redirect(303, `/matches/${encodeURIComponent(String(req.params.id))}?token=${encodeURIComponent(body.token)}`);
  });

  app.get('/leaderboard', async (req, res) => {
    if (req.query.game === undefined) {
      // Without a choice, the game with the most games played.
      const counts = await Promise.all(Object.keys(ctx.games).map(async (n) => [n, await ctx.store.countGames(n)] as const));
      const busiest = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
      res.redirect(302, `/leaderboard?game=${encodeURIComponent(busiest)}`);
      return;
    }
    const def = game(req.query.game);
    res.type('html').send(leaderboardPage(def, await leaderboard.get(def.name), await ctx.store.listTournaments(def.name), games()));
  });

  app.get('/tournaments', async (_req, res) => {
    res.type('html').send(tournamentListPage(await ctx.store.listTournaments(), runnerBox(ctx.runner.name, (await queueState()) ?? undefined)));
  });

  app.get('/tournaments/:id', async (req, res) => {
    const t = await ctx.store.getTournament(String(req.params.id));
    if (!t) throw new AgoraError('not_found', `no tournament '${String(req.params.id)}'`);
    const names = await Promise.all(t.agentIds.map(async (a) => (await ctx.store.getAgent(a))?.name ?? a));
    res.type('html').send(tournamentPage(t, names, runnerBox(ctx.runner.name, (await queueState()) ?? undefined)));
  });

  app.get('/replays/:gameId', async (req, res) => {
    const g = await ctx.store.getGame(String(req.params.gameId));
    if (!g) throw new AgoraError('not_found', `no finished game '${String(req.params.gameId)}'`);
    const def = game(g.game);
    const step = req.query.step === undefined ? g.actions.length : Number(req.query.step);
    if (!(Number.isInteger(step) && step >= 0 && step <= g.actions.length)) {
      throw new AgoraError('bad_request', `step: must be an integer from 0 to ${g.actions.length}`);
    }
    const state = def.newGame({ players: g.players, seed: g.seed });
    let actor = -1;
    for (let i = 0; i < step; i++) {
      actor = state.currentPlayer();
      state.applyAction(g.actions[i]);
    }
    const seats = await Promise.all(g.seats.map((a) => ctx.store.getAgent(a)));
    res.type('html').send(replayPage(def, g, step, state.view(-1), seats, actor));
  });

  app.use((req, _res, next) => next(new AgoraError('not_found', `no page ${req.path}`)));
  app.use(errorHandler);

  app.arena = {
    ctx, matches, tournaments, leaderboard,
    bootstrap: async (options) => {
      await bootstrapArena(ctx, tournaments, options);
      await tournaments.resumeAll();
      void matches.resumeAll();
    },
    close: async () => {
      await tournaments.close();
      await ctx.bots.close();
    },
  };
  return app;
}

/** The public replay of a person's finished match. */
async function replay(ctx: ArenaContext, _matches: MatchService, matchId: string) {
  const m = await ctx.store.getMatch(matchId);
  if (!m) throw new AgoraError('not_found', `no match '${matchId}'`);
  if (m.status !== 'done' || !m.gameId) throw new AgoraError('conflict', 'the match is still being played; its replay opens when it ends');
  return replayOfGame(ctx, m.gameId);
}

/**
 * A finished game step by step, public information only: the spectator's view after every
 * decision and which seat made it (never the action's label, which could name a hidden choice).
 */
async function replayOfGame(ctx: ArenaContext, gameId: string) {
  const g = await ctx.store.getGame(gameId);
  if (!g) throw new AgoraError('not_found', `no finished game '${gameId}'`);
  const def = lookupGame(ctx.games, g.game);
  const state = def.newGame({ players: g.players, seed: g.seed });
  const steps = [{ step: 0, actor: -1, view: state.view(-1) }];
  g.actions.forEach((a, i) => {
    const actor = state.currentPlayer();
    state.applyAction(a);
    steps.push({ step: i + 1, actor, view: state.view(-1) });
  });
  const seats = await Promise.all(g.seats.map(async (a) => (await ctx.store.getAgent(a))?.name ?? a));
  return { id: g.id, game: g.game, players: g.players, seats, ranking: g.ranking, scores: g.scores, truncated: g.truncated, finishedAt: g.finishedAt, steps };
}
