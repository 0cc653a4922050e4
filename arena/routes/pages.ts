/** The HTML pages: plain forms, no JavaScript. Every POST form carries a CSRF token (checked in app.ts). */
import express, { type Response } from 'express';
import { AgoraError, type GameDefinition, lookupGame } from '../../envs/index.js';
import type { ArenaServices } from '../app.js';
import { httpStatus, parse } from '../http-errors.js';
import { homePage } from '../pages/home.js';
import { withAccountNav } from '../pages/layout.js';
import { leaderboardPage } from '../pages/leaderboard.js';
import { matchPage } from '../pages/match.js';
import { replayPage } from '../pages/replay.js';
import { finishedGame, replayGame } from '../services/replays.js';
import { rulesPage } from '../pages/rules.js';
import { runnerBox, tournamentListPage, tournamentPage } from '../pages/tournaments.js';
import { queueState } from './api.js';
import { locals, noStore, requireUser } from './guards.js';
import { matchOrigin } from './match-origin.js';
import { ActionForm, LeaderboardQuery, NewMatchForm, ResignForm, ladderView } from './schemas.js';

/** Sends a page with the header's account links filled in for this visitor. */
export function sendPage(res: Response, html: string, status = 200): void {
  res
    .status(status)
    .type('html')
    .send(withAccountNav(html, locals(res).user));
}

export function pagesRouter(arena: ArenaServices): express.Router {
  /** The bots a person may challenge: active ones, external ones only while online. */
  const offeredBots = async (name: string) => {
    // Bots come on the ladder whether rated or not; the largest page holds every one a game has in practice.
    const rows = (await arena.leaderboard.get(name, { perPage: 500 })).rows.filter(
      (r) => r.kind === 'bot' && !r.retired,
    );
    const online = await Promise.all(rows.map((r) => !r.external || arena.matches.external.isOnline(r.agentId)));
    return rows.filter((_, i) => online[i]);
  };
  const { ctx, matches, leaderboard } = arena;
  const router = express.Router();
  const game = (name: unknown): GameDefinition => lookupGame(ctx.games, String(name));
  const games = () => Object.keys(ctx.games).map((n) => game(n));
  const csrf = (res: Response) => locals(res).csrf ?? '';

  router.get('/', async (req, res) => {
    const user = locals(res).user?.name;
    if (req.query.game === undefined) {
      sendPage(res, homePage({ games: games(), csrf: csrf(res), user }));
      return;
    }
    const chosen = game(req.query.game);
    const players = req.query.players === undefined ? chosen.defaultPlayers : Number(req.query.players);
    if (!(Number.isInteger(players) && players >= chosen.minPlayers && players <= chosen.maxPlayers)) {
      sendPage(
        res,
        homePage({
          games: games(),
          chosen,
          csrf: csrf(res),
          user,
          error: `players: ${chosen.title} takes ${chosen.minPlayers} to ${chosen.maxPlayers}`,
        }),
        400,
      );
      return;
    }
    const bots = await offeredBots(chosen.name);
    sendPage(res, homePage({ games: games(), chosen, players, bots, csrf: csrf(res), user }));
  });

  router.post('/matches', async (req, res) => {
    const raw = req.body as Record<string, unknown>;
    try {
      const body = parse(NewMatchForm, raw);
      const user = locals(res).user;
      const created = await matches.create(
        { ...body, game: game(body.game).name, player: user ? { user } : { guest: true }, origin: matchOrigin(req) },
        { wait: false },
      );
      res.redirect(303, `/matches/${encodeURIComponent(created.id)}?token=${encodeURIComponent(created.token)}`);
    } catch (err) {
      // A refused challenge comes back as the same form, choices kept, the message beside its field.
      if (
        !(err instanceof AgoraError) ||
        !['bad_request', 'bad_player_count', 'unknown_game', 'rate_limited', 'unavailable'].includes(err.code) ||
        typeof raw?.game !== 'string' ||
        !(raw.game in ctx.games)
      )
        throw err;
      const chosen = game(raw.game);
      const players =
        typeof raw.players === 'string' && /^[0-9]{1,2}$/.test(raw.players)
          ? Number(raw.players)
          : chosen.defaultPlayers;
      const shown = players >= chosen.minPlayers && players <= chosen.maxPlayers ? players : chosen.defaultPlayers;
      const selected = (
        typeof raw.opponents === 'string' ? [raw.opponents] : Array.isArray(raw.opponents) ? raw.opponents : []
      ).map(String);
      const bots = await offeredBots(chosen.name);
      const autoplay = Array.isArray(raw.autoplay) ? raw.autoplay.includes('1') : raw.autoplay === '1';
      sendPage(
        res,
        homePage({
          games: games(),
          chosen,
          players: shown,
          bots,
          csrf: csrf(res),
          user: locals(res).user?.name,
          error: err.message,
          selected,
          autoplay,
        }),
        httpStatus(err.code),
      );
    }
  });

  router.get('/matches/:id', noStore, async (req, res) => {
    const page = await matches.seatPage(String(req.params.id), req.query.token, { wait: false });
    sendPage(
      res,
      matchPage(game(page.game), page, String(req.query.token), csrf(res), { textView: req.query.view === 'text' }),
    );
  });

  /** Where a form goes back to: the seat's page, in the text view if the form came from it. */
  const seatUrl = (id: string, token: string, body: unknown) =>
    `/matches/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}` +
    `${(body as { view?: unknown }).view === 'text' ? '&view=text' : ''}`;

  /** A refused move (illegal, out of turn, stale) shows the current page again with the reason, nothing changed. */
  const retry = async (res: Response, id: string, token: string, body: unknown, err: unknown) => {
    if (!(err instanceof AgoraError && ['illegal_action', 'conflict', 'stale'].includes(err.code))) throw err;
    const page = await matches.seatPage(id, token, { wait: false });
    sendPage(
      res,
      matchPage(game(page.game), page, token, csrf(res), {
        error: err.message,
        textView: (body as { view?: unknown }).view === 'text',
      }),
      409,
    );
  };

  router.post('/matches/:id/actions', noStore, async (req, res) => {
    const id = String(req.params.id);
    const body = parse(ActionForm, req.body);
    try {
      // The bots answer in the background: the page shows the board at once, and who is thinking.
      await matches.act(id, body.token, body.action, body.decisions, { wait: false });
    } catch (err) {
      await retry(res, id, body.token, req.body, err);
      return;
    }
    res.redirect(303, seatUrl(id, body.token, req.body));
  });

  router.post('/matches/:id/resign', noStore, async (req, res) => {
    const id = String(req.params.id);
    const body = parse(ResignForm, req.body);
    try {
      await matches.resign(id, body.token, body.decisions);
    } catch (err) {
      await retry(res, id, body.token, req.body, err);
      return;
    }
    res.redirect(303, seatUrl(id, body.token, req.body));
  });

  router.get('/games/:game/rules', (req, res) => {
    const def = game(req.params.game);
    sendPage(res, rulesPage(def, games()));
  });

  router.get('/leaderboard', async (req, res) => {
    if (req.query.game === undefined) {
      // Without a choice, the game with the most games played.
      const counts = await Promise.all(
        Object.keys(ctx.games).map(async (n) => [n, await ctx.store.countGames(n)] as const),
      );
      const busiest = counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
      res.redirect(302, `/leaderboard?game=${encodeURIComponent(busiest)}`);
      return;
    }
    const q = parse(LeaderboardQuery, req.query);
    const def = game(q.game);
    sendPage(
      res,
      leaderboardPage(
        def,
        await leaderboard.get(def.name, ladderView(q)),
        await ctx.store.listTournaments(def.name),
        games(),
        ctx.now(),
      ),
    );
  });

  /** Who is looking at a tournament page: an account sees a cancel button on its own running tournaments. */
  const viewer = (res: Response) => {
    const user = locals(res).user;
    return user ? { userId: user.id, csrf: csrf(res) } : undefined;
  };

  router.get('/tournaments', async (_req, res) => {
    sendPage(
      res,
      tournamentListPage(
        await ctx.store.listTournaments(),
        runnerBox(ctx.runner.name, (await queueState(arena)) ?? undefined),
        (id) => arena.tournaments.isPlaying(id),
        viewer(res),
      ),
    );
  });

  router.post('/tournaments/:id/cancel', async (req, res) => {
    const id = String(req.params.id);
    await arena.tournaments.cancelOwn(id, requireUser(res, 'cancelling a tournament'));
    res.redirect(303, `/tournaments/${encodeURIComponent(id)}`);
  });

  router.get('/tournaments/:id', async (req, res) => {
    const t = await ctx.store.getTournament(String(req.params.id));
    if (!t) throw new AgoraError('not_found', `no tournament '${String(req.params.id)}'`);
    const names = await Promise.all(t.agentIds.map(async (a) => (await ctx.store.getAgent(a))?.name ?? a));
    sendPage(
      res,
      tournamentPage(
        t,
        names,
        runnerBox(ctx.runner.name, (await queueState(arena)) ?? undefined),
        arena.tournaments.isPlaying(t.id),
        viewer(res),
      ),
    );
  });

  router.get('/replays/:gameId', async (req, res) => {
    const g = await finishedGame(ctx, String(req.params.gameId));
    const def = game(g.game);
    const step = req.query.step === undefined ? g.actions.length : Number(req.query.step);
    if (!(Number.isInteger(step) && step >= 0 && step <= g.actions.length)) {
      throw new AgoraError('bad_request', `step: must be an integer from 0 to ${g.actions.length}`);
    }
    const { state, actor } = replayGame(def, g, step);
    const seats = await Promise.all(g.seats.map((a) => ctx.store.getAgent(a)));
    sendPage(res, replayPage(def, g, step, state.view(-1), seats, actor));
  });

  return router;
}
