/**
 * Issue 36, the arena: a game with its own payoffs (Kuhn poker, chips) is rated by them, through
 * the same play/ratings code `agora tournament` uses, on SQLite and on PostgreSQL, against a
 * listening server. A person wins three small pots (the bot folds: +1 chip each) and loses two big
 * ones (a called bet with the lower card: −2 each): three hands of five, one chip down. By hands
 * won she would rate above the bot; by chips she rates below it, in Elo, its history and
 * Bradley-Terry alike. Returns are shown in chips once a match is over, never before. Ranking-based
 * games rate exactly as before.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, test } from 'vitest';
import {
  gameReturns,
  importStartingLadder,
  openPgStore,
  openSqliteStore,
  type ArenaApp,
  type Store,
} from '../arena/index.js';
import { applyElo, bradleyTerryWithIntervals, fitBradleyTerry } from '../play/index.js';
import { getGame, returnsFromRanking, Rng } from '../envs/index.js';
import { accountKey, testArena } from './arena-helpers.js';
import { openStream } from './bot-streams.js';
import { pgTestUrl, servicesAvailable, uniqueSchema } from './services.js';

type Json = ReturnType<typeof JSON.parse>;

const kuhn = getGame('kuhn');
const PASS = 0;
const BET = 1;

/** The first seed `${prefix}:k` whose deal gives seat 0 `chips` after `actions` (the arena's match seed). */
function seedWhere(prefix: string, actions: number[], chips: number): string {
  for (let k = 0; ; k++) {
    const seed = `${prefix}:${k}`;
    const s = kuhn.newGame({ players: 2, seed });
    for (const a of actions) s.applyAction(a);
    if (s.returns()[0] === chips) return seed;
  }
}

/** Seat 0's hands: a small win (it bets, the bot folds) or a big loss (the bot calls, and holds the higher card). */
const HANDS = [
  { person: BET, bot: PASS, returns: [1, -1], seed: seedWhere('win:0', [BET, PASS], 1) },
  { person: BET, bot: PASS, returns: [1, -1], seed: seedWhere('win:1', [BET, PASS], 1) },
  { person: BET, bot: PASS, returns: [1, -1], seed: seedWhere('win:2', [BET, PASS], 1) },
  { person: BET, bot: BET, returns: [-2, 2], seed: seedWhere('loss:0', [BET, BET], -2) },
  { person: BET, bot: BET, returns: [-2, 2], seed: seedWhere('loss:1', [BET, BET], -2) },
];

type Open = () => Promise<Store>;
const sqlite: Open = async () => openSqliteStore(join(mkdtempSync(join(tmpdir(), 'agora-payoffs-')), 'a.db'));
const postgres: Open = () => openPgStore(pgTestUrl(), { schema: uniqueSchema('payoffs') });
/** Both stores (PostgreSQL where test/global-services.ts could start it). */
const BACKENDS: [string, Open][] = [
  ['sqlite', sqlite],
  ...(servicesAvailable().postgres ? [['postgresql', postgres] as [string, Open]] : []),
];

let app: ArenaApp | undefined;
let server: Server | undefined;
afterEach(async () => {
  server?.close();
  if (app) {
    await app.arena.close();
    await app.arena.ctx.store.close();
  }
  app = server = undefined;
});

/** An arena over `store` listening on a port; match seeds come from `seeds` first. */
async function listening(store: Store, seeds: string[] = []) {
  let n = 0;
  app = await testArena({ store, newSeed: () => seeds.shift() ?? `seed-${++n}` });
  server = app.listen(0);
  return { app, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Ada's account, and Bea's external Kuhn bot 'Chipper' connected over its event stream. */
async function players(a: ArenaApp, base: string) {
  const ada = await accountKey(a, 'ada');
  const bea = await accountKey(a, 'bea');
  const made = await request(base).post('/api/bots').set('Authorization', bea).send({ game: 'kuhn', name: 'Chipper' });
  expect(made.status).toBe(201);
  const stream = openStream(base, made.body.token);
  await stream.opened;
  return { ada, bot: made.body.bot.id as string, botAuth: `Bearer ${made.body.token}`, stream };
}

describe.each(BACKENDS)('%s: a payoff game is rated by its payoffs', (_name, open) => {
  test('three small pots won, two big ones lost: one chip down in Elo, history and Bradley-Terry', async () => {
    const { app: a, base } = await listening(
      await open(),
      HANDS.map((h) => h.seed),
    );
    const { ada, bot, botAuth, stream } = await players(a, base);
    const ids: string[] = [];
    for (const [i, hand] of HANDS.entries()) {
      const made = await request(base)
        .post('/api/matches')
        .set('Authorization', ada)
        .send({ game: 'kuhn', players: 2, opponents: [bot], seat: 0, name: 'ada' });
      expect(made.status).toBe(201);
      const { id, token } = made.body;
      ids.push(id);
      // Live: nothing of the result, returns included, on the person's page or the bot's.
      let page = (await request(base).get(`/api/matches/${id}`).query({ token })).body;
      expect(page).toMatchObject({ status: 'live', isYourTurn: true });
      expect(JSON.stringify(page)).not.toMatch(/"result"|"returns"/);
      expect((await request(base).get(`/matches/${id}`).query({ token })).text).not.toMatch(/Chips:|<th>chips<\/th>/);
      page = (
        await request(base)
          .post(`/api/matches/${id}/actions`)
          .send({ token, action: hand.person, decisions: page.decisions })
      ).body;
      expect(page.status).toBe('live');
      const turn = await stream.next('yourTurn');
      expect(turn).toMatchObject({ match: id, seat: 1, decisions: 1 });
      expect(JSON.stringify(turn)).not.toContain('returns');
      const botPage = (await request(base).get(`/api/bot/matches/${id}`).set('Authorization', botAuth)).body;
      expect(botPage.result).toBeUndefined();
      const reply = await request(base)
        .post(`/api/bot/matches/${id}/actions`)
        .set('Authorization', botAuth)
        .send({ action: hand.bot, decisions: 1 });
      expect(reply.status).toBe(200);

      // Over: the returns in chips, to the person, to the bot's page and in its matchEnd event.
      page = (await request(base).get(`/api/matches/${id}`).query({ token })).body;
      expect(page.status).toBe('done');
      expect(page.result).toMatchObject({ returns: hand.returns, returnUnit: 'chips', scores: hand.returns });
      const end = await stream.next('matchEnd');
      expect(end).toMatchObject({ match: id, seat: 1, result: { returns: hand.returns, returnUnit: 'chips' } });
      expect(
        (await request(base).get(`/api/bot/matches/${id}`).set('Authorization', botAuth)).body.result,
      ).toMatchObject({
        returns: hand.returns,
        returnUnit: 'chips',
      });
      const stored = (await a.arena.ctx.store.getGame(page.result.gameId))!;
      expect(stored).toMatchObject({
        returns: hand.returns,
        payoffScale: 2,
        ranking: hand.returns[0] > 0 ? [0, 1] : [1, 0],
      });
      if (i === 0) {
        // The page says it in chips (scores equal the chips here, so they are not said twice).
        const html = (await request(base).get(`/matches/${id}`).query({ token })).text;
        expect(html).toContain('<p class="returns">Chips: you +1 · Chipper −1</p>');
        expect(html).not.toContain('Scores:');
        expect(html).toMatch(/<th>place<\/th><th>chips<\/th>/);
        const replay = (await request(base).get(`/api/replays/${stored.id}`)).body;
        expect(replay).toMatchObject({ returns: [1, -1], returnUnit: 'chips' });
        expect((await request(base).get(`/replays/${stored.id}`)).text).toMatch(/<th>score<\/th><th>chips<\/th>/);
      }
    }
    stream.close();
    await stream.done;

    // Elo by chips, exactly as play/ratings computes it; by hands won it would go the other way.
    const person = (await a.arena.ctx.store.listAgents('kuhn')).find((x) => x.kind === 'human')!.id;
    const seats = [person, bot];
    const byChips: Record<string, number> = {};
    const byHands: Record<string, number> = {};
    const points: number[][] = [];
    for (const h of HANDS) {
      applyElo(byChips, seats, { ranking: h.returns[0] > 0 ? [0, 1] : [1, 0], returns: h.returns, payoffScale: 2 });
      applyElo(byHands, seats, h.returns[0] > 0 ? [0, 1] : [1, 0]);
      points.push([byChips[person], byChips[bot]]);
    }
    expect(byHands[person]).toBeGreaterThan(1500);
    expect(byChips[person]).toBeLessThan(1500);
    expect(byChips[person]).toBeCloseTo(1487.53, 1);
    const elo = new Map((await a.arena.ctx.store.ratings('kuhn')).map((r) => [r.agentId, r.elo]));
    expect(elo.get(person)).toBeCloseTo(byChips[person], 9);
    expect(elo.get(bot)).toBeCloseTo(byChips[bot], 9);
    const history = await a.arena.ctx.store.ratingHistory('kuhn');
    for (const [k, id] of ids.entries()) {
      const gameId = (await a.arena.ctx.store.getMatch(id))!.gameId;
      const at = (agent: string) => history.find((p) => p.gameId === gameId && p.agentId === agent)!.elo;
      expect([at(person), at(bot)].map((x) => x.toFixed(9))).toEqual(points[k].map((x) => x.toFixed(9)));
    }

    // Bradley-Terry over the stored results: the CLI's fit of the same outcomes, the bot ahead.
    await a.arena.ratings.refit('kuhn');
    const board = (await request(base).get('/api/leaderboard').query({ game: 'kuhn' })).body;
    expect(board).toMatchObject({ returnUnit: 'chips', payoffScale: 2, seatMeanReturns: [-0.2, 0.2] });
    const row = (agent: string) => board.rows.find((r: Json) => r.agentId === agent);
    expect(row(person)).toMatchObject({ games: 5, meanReturn: -0.2 });
    expect(row(bot)).toMatchObject({ games: 5, meanReturn: 0.2, external: true });
    const outcomes = HANDS.map((h) => ({
      seats,
      ranking: h.returns[0] > 0 ? [0, 1] : [1, 0],
      returns: h.returns,
      payoffScale: 2,
    }));
    const fit = fitBradleyTerry(seats, outcomes);
    expect(row(person).bt).toBeCloseTo(fit[person], 6);
    expect(row(bot).bt).toBeCloseTo(fit[bot], 6);
    expect(row(person).bt).toBeLessThan(row(bot).bt);
    expect(
      fitBradleyTerry(
        seats,
        outcomes.map(({ payoffScale: _, ...o }) => o),
      )[person],
    ).toBeGreaterThan(0);
    const html = (await request(base).get('/leaderboard').query({ game: 'kuhn' })).text;
    expect(html).toContain(
      '<th title="mean chips won or lost per game, as of the Bradley-Terry fit">chips / game</th>',
    );
    expect(html).toContain('<td>−0.2</td>');
    expect(html).toContain('not by who won the hand: a game scores 0.5 + (your chips − theirs) / 8');
    expect(html).toContain('Mean chips per game by seat: −0.2, +0.2.');
  });

  test('a resignation pays the most there is to lose; its page gives the chips and the scores apart', async () => {
    const { app: a, base } = await listening(await open());
    const { ada, bot, stream } = await players(a, base);
    const { id, token } = (
      await request(base)
        .post('/api/matches')
        .set('Authorization', ada)
        .send({ game: 'kuhn', players: 2, opponents: [bot], seat: 0, name: 'ada' })
    ).body;
    const page = (await request(base).post(`/api/matches/${id}/resign`).send({ token, decisions: 0 })).body;
    expect(page.result).toMatchObject({ ranking: [1, 0], resigned: 0, returns: [-2, 2], returnUnit: 'chips' });
    expect(await a.arena.ctx.store.getGame(page.result.gameId)).toMatchObject({ returns: [-2, 2], payoffScale: 2 });
    const end = await stream.next('matchEnd');
    expect(end.result).toMatchObject({ returns: [-2, 2], returnUnit: 'chips', resigned: 0 });
    // Resigning loses what the most a hand can: score 0, as a loss by places would be.
    expect(end.eloChange).toBeCloseTo(16, 9);
    const html = (await request(base).get(`/matches/${id}`).query({ token })).text;
    expect(html).toContain('You resigned: you finished last of 2.');
    expect(html).toContain('<p class="returns">Chips: you −2 · Chipper +2</p><p>Scores: you 0 · Chipper 0</p>');
    stream.close();
    await stream.done;
  });

  test('bad input is refused as before and changes nothing', async () => {
    const { app: a, base } = await listening(await open());
    const { ada, bot, stream } = await players(a, base);
    const { id, token } = (
      await request(base)
        .post('/api/matches')
        .set('Authorization', ada)
        .send({ game: 'kuhn', players: 2, opponents: [bot], seat: 0, name: 'ada' })
    ).body;
    const illegal = await request(base).post(`/api/matches/${id}/actions`).send({ token, action: 2, decisions: 0 });
    expect(illegal.status).toBe(409);
    expect(illegal.body.error.code).toBe('illegal_action');
    const players3 = await request(base)
      .post('/api/matches')
      .send({ game: 'kuhn', players: 3, opponents: [bot, bot] });
    expect(players3.status).toBe(400);
    expect((await request(base).get('/api/leaderboard').query({ game: 'poker' })).status).toBe(404);
    expect((await a.arena.ctx.store.getMatch(id))!.actions).toEqual([]);
    expect(await a.arena.ctx.store.countGames('kuhn')).toBe(0);
    stream.close();
    await stream.done;
  });

  test('a Kuhn tournament on the runner stores each game with its chips and rates it by them', async () => {
    const { app: a } = await listening(await open());
    const store = a.arena.ctx.store;
    const bots = (await store.listAgents('kuhn')).filter((x) => x.spec === 'random' || x.spec === 'greedy');
    const t = await a.arena.tournaments.start({ game: 'kuhn', agents: bots.map((b) => b.id), games: 12 });
    await a.arena.tournaments.idle();
    expect((await store.getTournament(t.id))!.status).toBe('done');
    const games = await store.listGames('kuhn', 100);
    expect(games).toHaveLength(12);
    // Games in the order they were rated: their first rating point.
    const history = await store.ratingHistory('kuhn');
    const order = [...new Set(history.map((p) => p.gameId))];
    const expected: Record<string, number> = {};
    for (const id of order) {
      const g = games.find((x) => x.id === id)!;
      const state = kuhn.newGame({ players: 2, seed: g.seed });
      for (const x of g.actions) state.applyAction(x);
      expect(g.returns).toEqual(state.returns());
      expect(g.payoffScale).toBe(2);
      applyElo(expected, g.seats, g);
    }
    for (const r of await store.ratings('kuhn')) if (r.games > 0) expect(r.elo).toBeCloseTo(expected[r.agentId], 9);
    // Chips decided at least one pair's score apart from a whole win or loss (a 1-chip pot scores 0.75).
    expect(games.some((g) => Math.abs(g.returns![0]) === 1)).toBe(true);
  });
});

test("the starting ladder's Kuhn games are imported with their chips and rated by them", async () => {
  app = await testArena();
  const store = app.arena.ctx.store;
  expect(await importStartingLadder(app.arena.ctx, 'kuhn')).toBeGreaterThan(0);
  const history = await store.ratingHistory('kuhn');
  const games = await store.listGames('kuhn', 1000);
  const expected: Record<string, number> = {};
  for (const id of new Set(history.map((p) => p.gameId))) {
    const g = games.find((x) => x.id === id)!;
    const state = kuhn.newGame({ players: 2, seed: g.seed });
    for (const x of g.actions) state.applyAction(x);
    expect(g).toMatchObject({ returns: state.returns(), payoffScale: 2 });
    applyElo(expected, g.seats, g);
  }
  for (const r of await store.ratings('kuhn')) if (r.games > 0) expect(r.elo).toBeCloseTo(expected[r.agentId], 9);
});

describe.each(BACKENDS)('%s: ranking-based games rate exactly as before', (_name, open) => {
  /** Fixed results: tic-tac-toe wins, losses and draws, and four-player Promotion with shared places. */
  const RESULTS: [string, string[], number[]][] = [
    ['tictactoe', ['a', 'b'], [0, 1]],
    ['tictactoe', ['b', 'a'], [0, 0]],
    ['tictactoe', ['a', 'c'], [1, 0]],
    ['tictactoe', ['c', 'b'], [0, 1]],
    ['promotion', ['p', 'q', 'r', 's'], [0, 1, 1, 3]],
    ['promotion', ['q', 'r', 's', 'p'], [2, 0, 2, 1]],
    ['promotion', ['s', 'p', 'q', 'r'], [0, 0, 0, 0]],
  ];
  /** Elo after these games as play/ratings computed it before payoffs (elo.ts and pairs.ts at 2217505^). */
  const BEFORE_PAYOFFS: Record<string, number> = {
    a: 1497.861734152009,
    b: 1470.902431124163,
    c: 1531.235834723828,
    p: 1519.1083029176975,
    q: 1489.9863712924123,
    r: 1515.0214151591833,
    s: 1475.8839106307069,
  };

  test('a fixed set of games gives the Elo, history and Bradley-Terry of the places alone', async () => {
    const store = await open();
    try {
      for (const id of Object.keys(BEFORE_PAYOFFS)) {
        const game = ['a', 'b', 'c'].includes(id) ? 'tictactoe' : 'promotion';
        await store.addAgent({ id, game, spec: `spec-${id}`, name: id, kind: 'bot', createdAt: 'x' });
      }
      const byPlaces: Record<string, number> = {};
      const points: [string, string, number][] = [];
      for (const [i, [game, seats, ranking]] of RESULTS.entries()) {
        expect(getGame(game).returnUnit).toBe('rank');
        const delta = await store.recordGame({
          id: `g${i}`,
          game,
          players: seats.length,
          seed: `s${i}`,
          seats,
          actions: [i],
          ranking,
          scores: ranking.map(() => 0),
          // As every writer stores them now (gameReturns): from the ranking, and no payoffScale.
          ...gameReturns(getGame(game), returnsFromRanking(ranking)),
          truncated: false,
          finishedAt: `2026-01-01T00:00:0${i}.000Z`,
        });
        // The bare ranking: places only, the rule before payoffs.
        expect(delta).toEqual(applyElo(byPlaces, seats, ranking));
        for (const id of new Set(seats)) points.push([`g${i}`, id, byPlaces[id]]);
      }
      for (const [id, elo] of Object.entries(BEFORE_PAYOFFS)) expect(byPlaces[id]).toBeCloseTo(elo, 9);
      for (const game of ['tictactoe', 'promotion']) {
        for (const r of await store.ratings(game)) expect(r.elo).toBe(byPlaces[r.agentId]);
        const results = await store.listResults(game, 0, 100);
        expect(results.every((r) => r.payoffScale === undefined && r.returns?.length === r.players)).toBe(true);
        const agents = [...new Set(results.flatMap((r) => r.seats))];
        const places = results.map((r) => ({ seats: r.seats, ranking: r.ranking }));
        expect(bradleyTerryWithIntervals(agents, results, Rng.fromSeed('bt'), 20)).toEqual(
          bradleyTerryWithIntervals(agents, places, Rng.fromSeed('bt'), 20),
        );
      }
      const history = [...(await store.ratingHistory('tictactoe')), ...(await store.ratingHistory('promotion'))];
      // A game's points in either agent order (SQLite adds them in seat order, PostgreSQL by id).
      const sorted = (list: [string, string, number][]) =>
        [...list].sort((x, y) => `${x[0]} ${x[1]}`.localeCompare(`${y[0]} ${y[1]}`));
      expect(sorted(history.map((p) => [p.gameId, p.agentId, p.elo]))).toEqual(sorted(points));
    } finally {
      await store.close();
    }
  });
});

if (!servicesAvailable().postgres) {
  describe('postgresql: a payoff game is rated by its payoffs', () => {
    test(`not run: ${servicesAvailable().reason}`, (ctx) => {
      if (process.env.AGORA_REQUIRE_SERVICES === '1')
        throw new Error(`the test servers are required but missing: ${servicesAvailable().reason}`);
      ctx.skip();
    });
  });
}
