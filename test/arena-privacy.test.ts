import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPgStore, openSqliteStore, type ArenaApp, type Store } from '../arena/index.js';
import { Rng, getGame, listGames, type GameState } from '../envs/index.js';
import { testArena } from './arena-helpers.js';
import { pgTestUrl, servicesAvailable, uniqueSchema } from './services.js';

/**
 * No response for a seat holds anything that seat may not see. For every game: play matches through
 * the API and, at every response, rebuild the true position from the store and check that the
 * response is a function of view(seat) alone: the same response would have come from any world
 * that seat cannot tell apart (a determinization), and the HTML page shows exactly renderSvg(view)
 * (the drawn board) and, in its text view, renderHtml(view), both the same for that world.
 */
const BACKENDS: [string, () => Promise<Store>][] = [
  ['SQLite', async () => openSqliteStore(':memory:')],
  ...(servicesAvailable().postgres
    ? [
        ['PostgreSQL', () => openPgStore(pgTestUrl(), { schema: uniqueSchema('privacy') })] as [
          string,
          () => Promise<Store>,
        ],
      ]
    : []),
];

describe.each(BACKENDS)('%s store', (_backend, open) => {
  let app: ArenaApp;
  // One listening server for the file: supertest given the app itself opens and closes a server for
  // each of the file's thousands of requests (about a twentieth of its CPU time).
  let server: Server;
  beforeAll(async () => {
    app = await testArena({ store: await open() });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await app.arena.close();
    await app.arena.ctx.store.close();
  });

  // The true position of each match, replayed from the store's seed and actions: each call applies
  // the actions stored since the last (a replay from the start at every step was quadratic).
  const replayed = new Map<string, { state: GameState; applied: number }>();
  async function truePosition(id: string): Promise<GameState> {
    const m = (await app.arena.ctx.store.getMatch(id))!;
    let r = replayed.get(id);
    if (!r) {
      r = { state: getGame(m.game).newGame({ players: m.players, seed: m.seed }), applied: 0 };
      replayed.set(id, r);
    }
    expect(m.actions.length).toBeGreaterThanOrEqual(r.applied);
    for (; r.applied < m.actions.length; r.applied++) r.state.applyAction(m.actions[r.applied]);
    return r.state;
  }

  describe.each(listGames())("%s: seat responses hold only that seat's information", (name) => {
    test('API and HTML responses over 3 matches', async () => {
      const def = getGame(name);
      const bots = (await app.arena.ctx.store.listAgents(name)).filter((a) => a.kind === 'bot' && a.spec === 'random');
      const rng = Rng.fromSeed(`privacy:${name}`);
      let checked = 0;
      let hiddenSeen = 0;
      for (let m = 0; m < 3; m++) {
        const seat = m % def.defaultPlayers;
        const { id, token } = (
          await request(server)
            .post('/api/matches')
            .send({
              game: name,
              players: def.defaultPlayers,
              opponents: Array(def.defaultPlayers - 1).fill(bots[0].id),
              seat,
            })
        ).body;
        let page = (await request(server).get(`/api/matches/${id}`).query({ token })).body;
        for (;;) {
          const state = await truePosition(id);
          const view = state.view(seat);
          expect(page.view).toEqual(JSON.parse(JSON.stringify(view)));
          // Any world this seat cannot tell apart gives the same view, labels and seat list.
          const world = state.determinize(seat, rng.fork('world'));
          expect(JSON.parse(JSON.stringify(world.view(seat)))).toEqual(page.view);
          if (page.isYourTurn) {
            expect(page.legalActions).toEqual(
              world.legalActions().map((a) => ({ action: a, label: world.actionToString(a) })),
            );
          }
          // Somebody else sees something this seat does not: the test exercises hidden information.
          for (let q = 0; q < state.players; q++) {
            if (q !== seat && JSON.stringify(world.view(q)) !== JSON.stringify(state.view(q))) {
              hiddenSeen++;
              break;
            }
          }
          const html = (await request(server).get(`/matches/${id}`).query({ token })).text;
          expect(html).toContain(def.renderSvg(view));
          expect(def.renderSvg(world.view(seat))).toBe(def.renderSvg(view));
          expect(def.describeDecision(world.view(seat))).toBe(def.describeDecision(view));
          const text = (await request(server).get(`/matches/${id}`).query({ token, view: 'text' })).text;
          expect(text).toContain(def.renderHtml(view));
          checked++;
          if (page.status !== 'live') break;
          page = (
            await request(server)
              .post(`/api/matches/${id}/actions`)
              .send({
                token,
                action: page.legalActions[rng.int(page.legalActions.length)].action,
                decisions: page.decisions,
              })
          ).body;
        }
      }
      expect(checked).toBeGreaterThan(3);
      // Promotion hides committed rows: some responses were taken while others' rows were hidden.
      if (name === 'promotion') expect(hiddenSeen).toBeGreaterThan(0);
    });

    test("Bot API: an external bot's turns hold only its seat's view and observation", async () => {
      const def = getGame(name);
      const random = (await app.arena.ctx.store.listAgents(name)).find((a) => a.kind === 'bot' && a.spec === 'random')!;
      const owner = await app.arena.accounts.signup(`owner-${name}`, 'correct horse battery');
      const { bot, token } = await app.arena.matches.external.create(owner, name, `Private ${name}`);
      const auth = `Bearer ${token}`;
      await request(server).get('/api/bot/turns').set('Authorization', auth); // online
      // The bot holds one seat among random bots; the person's seat is a random bot's stand-in.
      const { id, token: seatToken } = (
        await request(server)
          .post('/api/matches')
          .send({
            game: name,
            players: def.defaultPlayers,
            opponents: [bot.id, ...Array(def.defaultPlayers - 2).fill(random.id)],
            seat: 0,
          })
      ).body;
      const rng = Rng.fromSeed(`bot-privacy:${name}`);
      let turns = 0;
      for (;;) {
        const page = (await request(server).get(`/api/matches/${id}`).query({ token: seatToken })).body;
        if (page.status === 'done') break;
        if (page.isYourTurn) {
          await request(server)
            .post(`/api/matches/${id}/actions`)
            .send({
              token: seatToken,
              action: page.legalActions[rng.int(page.legalActions.length)].action,
              decisions: page.decisions,
            });
          continue;
        }
        const polled = (await request(server).get('/api/bot/turns').query({ wait: 500 }).set('Authorization', auth))
          .body;
        for (const turn of polled.turns) {
          const state = await truePosition(id);
          const world = state.determinize(turn.seat, rng.fork('world'));
          expect(turn.view).toEqual(JSON.parse(JSON.stringify(state.view(turn.seat))));
          expect(JSON.parse(JSON.stringify(world.view(turn.seat)))).toEqual(turn.view);
          expect(turn.observation).toEqual(Array.from(world.observation(turn.seat)));
          expect(turn.legalActions).toEqual(
            world.legalActions().map((a) => ({ action: a, label: world.actionToString(a) })),
          );
          turns++;
          await request(server)
            .post(`/api/bot/matches/${id}/actions`)
            .set('Authorization', auth)
            .send({ action: turn.legalActions[rng.int(turn.legalActions.length)].action, decisions: turn.decisions });
        }
      }
      expect(turns).toBeGreaterThan(0);
    });
  });
});
