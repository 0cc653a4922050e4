import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import {
  openPgStore,
  openSqliteStore,
  type AgentRecord,
  type GameRecord,
  type MatchRecord,
  type Store,
  type TournamentRecord,
  MIGRATIONS,
  nameKeyOf,
  openStore,
  PG_MIGRATIONS,
  type SqliteCheckpointer,
  type CheckpointStats,
} from '../arena/index.js';
import { pgTestUrl, servicesAvailable, uniqueSchema } from './services.js';

/**
 * The storage contract, run against every Store implementation (one factory per backend), so a
 * new backend is held to the same behaviour. A factory called twice with the same key opens two
 * connections to one database, as two arena processes would.
 */
type Open = (key?: string) => Store | Promise<Store>;
let concurrentRuns = 0;
const sqliteFiles = new Map<string, string>();
const pgSchemas = new Map<string, string>();
const BACKENDS: [string, Open][] = [
  ['sqlite (memory)', () => openSqliteStore(':memory:')],
  [
    'sqlite (file)',
    (key) => {
      const path = (key && sqliteFiles.get(key)) ?? join(mkdtempSync(join(tmpdir(), 'agora-store-')), 'a.db');
      if (key) sqliteFiles.set(key, path);
      return openSqliteStore(path);
    },
  ],
  [
    'postgresql',
    (key) => {
      const schema = (key && pgSchemas.get(key)) ?? uniqueSchema('store');
      if (key) pgSchemas.set(key, schema);
      return openPgStore(pgTestUrl(), { schema });
    },
  ],
];

const agent = (id: string, kind: AgentRecord['kind'] = 'bot'): AgentRecord => ({
  id,
  game: 'tictactoe',
  spec: kind === 'bot' ? `spec-${id}` : 'human',
  name: `name-${id}`,
  kind,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const finished = (id: string, seats: string[], ranking: number[], extra: Partial<GameRecord> = {}): GameRecord => ({
  id,
  game: 'tictactoe',
  players: seats.length,
  seed: `s-${id}`,
  seats,
  actions: [4, 0, 8],
  ranking,
  scores: ranking.map((r) => (r === 0 ? 1 : 0)),
  truncated: false,
  finishedAt: `2026-01-01T00:00:0${id.length}.000Z`,
  ...extra,
});

/** A live tic-tac-toe match of a person's agent against a bot, nothing played. */
const personMatch = (id: string, person: string, bot: string): MatchRecord => ({
  id,
  game: 'tictactoe',
  players: 2,
  seed: `s-${id}`,
  seats: [
    { agentId: person, kind: 'human', name: person, tokenHash: 'x' },
    { agentId: bot, kind: 'bot', name: bot },
  ],
  actions: [],
  status: 'live',
  createdAt: at(0),
  updatedAt: at(0),
});

/** A running tournament for the lease tests (the lease needs no agents or games). */
const leased = (id: string): TournamentRecord => ({
  id,
  game: 'tictactoe',
  players: 2,
  format: 'round-robin',
  agentIds: ['a', 'b'],
  gamesTotal: 2,
  gamesDone: 0,
  status: 'running',
  seed: 's',
  createdAt: 'x',
});

/** A live tic-tac-toe match of these agents ('h' is a person), created as many seconds in as `id`'s number. */
const liveMatch = (id: string, seats: string[], extra: Partial<MatchRecord> = {}): MatchRecord => ({
  id,
  game: 'tictactoe',
  players: seats.length,
  seed: `s-${id}`,
  seats: seats.map((agentId) => ({
    agentId,
    kind: agentId === 'h' ? 'human' : 'bot',
    name: agentId,
  })),
  actions: [],
  status: 'live',
  createdAt: `2026-01-01T00:00:0${id.slice(1)}.000Z`,
  updatedAt: 'u',
  ...extra,
});

/** Lease times: `s` seconds into the day, as ISO strings (they order as text). */
const at = (s: number) => `2026-01-01T00:00:${String(s).padStart(2, '0')}.000Z`;

describe.each(BACKENDS.filter(([name]) => name !== 'postgresql' || servicesAvailable().postgres))(
  '%s store',
  (name, open) => {
    test('agents: added with a 1500 rating, listed, found by name key; a taken name is refused', async () => {
      const store = await open();
      await store.addAgent(agent('a'));
      await store.addAgent(agent('h', 'human'));
      expect((await store.listAgents('tictactoe')).map((a) => a.id)).toEqual(['a', 'h']);
      expect(await store.findAgentByKey('tictactoe', 'human', nameKeyOf('name-h'))).toMatchObject({
        kind: 'human',
        nameKey: nameKeyOf('name-h'),
      });
      expect(await store.findAgentByKey('tictactoe', 'bot', nameKeyOf('name-h'))).toBeUndefined();
      expect(await store.getAgent('zz')).toBeUndefined();
      expect((await store.ratings('tictactoe')).map((r) => [r.agentId, r.elo, r.games])).toEqual([
        ['a', 1500, 0],
        ['h', 1500, 0],
      ]);
      await expect(store.addAgent({ ...agent('b'), name: 'name-a' })).rejects.toThrow();
      // Names are unique without regard to case (the key), and people and bots are separate namespaces.
      await expect(store.addAgent({ ...agent('c'), name: 'NAME-A' })).rejects.toThrow();
      expect(await store.listAgents('tictactoe')).toHaveLength(2);
      await store.addAgent({ ...agent('p', 'human'), name: 'name-a' });
      expect(await store.listAgents('tictactoe')).toHaveLength(3);
      await store.close();
    });

    test('agents: owned, retired once; overruns are counted per agent with the game', async () => {
      const store = await open();
      await store.addAgent({ ...agent('a'), ownerId: 'u1' });
      await store.addAgent(agent('b'));
      expect(await store.getAgent('a')).toMatchObject({ ownerId: 'u1' });
      expect(await store.retireAgent('b', 'r1')).toBe(true);
      expect(await store.retireAgent('b', 'r2')).toBe(false);
      expect(await store.retireAgent('ghost', 'r2')).toBe(false);
      expect(await store.getAgent('b')).toMatchObject({ retiredAt: 'r1' });
      const game = finished('g1', ['a', 'b'], [0, 1], { overruns: [2, 0] });
      await store.recordGame(game);
      await store.recordGame(finished('g2', ['b', 'a'], [0, 1], { overruns: [1, 3], resigned: 1 }));
      expect(await store.getGame('g1')).toEqual(game);
      expect(await store.getGame('g2')).toMatchObject({ resigned: 1, overruns: [1, 3] });
      expect((await store.ratings('tictactoe')).map((r) => [r.agentId, r.overruns]).sort()).toEqual([
        ['a', 5],
        ['b', 1],
      ]);
      // A retry of the same game changes nothing; another resignation under its id is another result.
      expect(await store.recordGame({ ...game })).toEqual({});
      await expect(store.recordGame({ ...game, resigned: 0 })).rejects.toThrow(/another result/);
      await store.close();
    });

    test('accounts: users unique by key, sessions, API keys used and revoked, secrets created once', async () => {
      const store = await open();
      const user = { id: 'u1', name: 'Ada', nameKey: 'ada', passwordHash: 'scrypt$x', createdAt: 'c' };
      await store.addUser(user);
      await expect(store.addUser({ ...user, id: 'u2', name: 'ADA' })).rejects.toThrow();
      expect(await store.getUser('u1')).toEqual(user);
      expect(await store.findUserByKey('ada')).toEqual(user);
      expect(await store.findUserByKey('bob')).toBeUndefined();
      await store.addSession({ tokenHash: 'h1', userId: 'u1', createdAt: 'c', expiresAt: 'e' });
      expect(await store.getSession('h1')).toEqual({ tokenHash: 'h1', userId: 'u1', createdAt: 'c', expiresAt: 'e' });
      await store.deleteSession('h1');
      expect(await store.getSession('h1')).toBeUndefined();
      await store.addApiKey({ id: 'k1', userId: 'u1', label: 'bot script', keyHash: 'kh1', createdAt: 'c' });
      expect(await store.useApiKey('kh1', 'used1')).toMatchObject({ id: 'k1', userId: 'u1', lastUsedAt: 'used1' });
      expect(await store.useApiKey('nope', 'used1')).toBeUndefined();
      expect(await store.revokeApiKey('u2', 'k1', 'r')).toBe(false); // not its owner
      expect(await store.revokeApiKey('u1', 'k1', 'r')).toBe(true);
      expect(await store.revokeApiKey('u1', 'k1', 'r')).toBe(false);
      expect(await store.useApiKey('kh1', 'used2')).toBeUndefined();
      expect(await store.listApiKeys('u1')).toEqual([
        {
          id: 'k1',
          userId: 'u1',
          label: 'bot script',
          keyHash: 'kh1',
          createdAt: 'c',
          lastUsedAt: 'used1',
          revokedAt: 'r',
        },
      ]);
      expect(await store.secret('csrf', 'first')).toBe('first');
      expect(await store.secret('csrf', 'second')).toBe('first');
      await store.close();
    });

    test('tournaments: cancelled only while running, with the reason; requester kept', async () => {
      const store = await open();
      await store.addTournament({ ...leased('t1'), requestedBy: 'u1' });
      expect(await store.getTournament('t1')).toMatchObject({ requestedBy: 'u1' });
      expect(await store.claimTournament('t1', 'p1', at(0), at(10))).toBe(true);
      expect(await store.cancelTournament('t1', 'by the operator')).toBe(true);
      expect(await store.getTournament('t1')).toMatchObject({ status: 'cancelled', error: 'by the operator' });
      expect(await store.cancelTournament('t1', 'again')).toBe(false);
      // Its holder's next renewal is refused, so it stops.
      expect(await store.claimTournament('t1', 'p1', at(1), at(11))).toBe(false);
      await store.close();
    });

    test('a finished game updates both ratings, history and counts in one go', async () => {
      const store = await open();
      await store.addAgent(agent('a'));
      await store.addAgent(agent('b'));
      const delta = await store.recordGame(finished('g1', ['a', 'b'], [0, 1]));
      expect(delta).toEqual({ a: 16, b: -16 });
      expect((await store.ratings('tictactoe')).map((r) => [r.agentId, r.elo, r.games])).toEqual([
        ['a', 1516, 1],
        ['b', 1484, 1],
      ]);
      // A match's seats alone (the page of every move), without the game's whole table.
      await store.addAgent(agent('c'));
      const of = async (ids: string[]) =>
        (await store.ratingsOf(ids)).map((r) => [r.agentId, r.game, r.elo, r.games]).sort();
      expect(await of(['b', 'a'])).toEqual([
        ['a', 'tictactoe', 1516, 1],
        ['b', 'tictactoe', 1484, 1],
      ]);
      expect(await of(['c', 'nobody'])).toEqual([['c', 'tictactoe', 1500, 0]]);
      expect(await of([])).toEqual([]);
      expect((await store.ratingHistory('tictactoe')).map((p) => [p.agentId, p.gameId, p.elo])).toEqual([
        ['a', 'g1', 1516],
        ['b', 'g1', 1484],
      ]);
      expect(await store.getGame('g1')).toEqual(finished('g1', ['a', 'b'], [0, 1]));
      expect(await store.countGames('tictactoe')).toBe(1);
      await store.close();
    });

    test('a game that cannot be stored (duplicate id, unknown agent) changes nothing', async () => {
      const store = await open();
      await store.addAgent(agent('a'));
      await store.addAgent(agent('b'));
      await store.recordGame(finished('g1', ['a', 'b'], [0, 1]));
      await expect(store.recordGame(finished('g1', ['a', 'b'], [1, 0]))).rejects.toThrow();
      await expect(store.recordGame(finished('g2', ['a', 'ghost'], [1, 0]))).rejects.toThrow();
      expect((await store.ratings('tictactoe')).map((r) => r.elo)).toEqual([1516, 1484]);
      expect(await store.countGames('tictactoe')).toBe(1);
      await store.close();
    });

    test('a game recorded again (a retried job) changes nothing; another result under its id is refused', async () => {
      const store = await open();
      await store.addAgent(agent('a'));
      await store.addAgent(agent('b'));
      await store.addTournament({
        id: 't1',
        game: 'tictactoe',
        players: 2,
        format: 'round-robin',
        agentIds: ['a', 'b'],
        gamesTotal: 3,
        gamesDone: 0,
        status: 'running',
        seed: 's',
        createdAt: 'x',
      });
      const game = finished('t1:0', ['a', 'b'], [0, 1], { tournamentId: 't1' });
      expect(await store.recordGame(game)).toEqual({ a: 16, b: -16 });
      expect(await store.recordGame({ ...game, finishedAt: '2026-01-02T00:00:00.000Z' })).toEqual({});
      await expect(store.recordGame({ ...game, ranking: [1, 0] })).rejects.toThrow(
        /already stored with another result/,
      );
      expect((await store.ratings('tictactoe')).map((r) => [r.agentId, r.elo, r.games])).toEqual([
        ['a', 1516, 1],
        ['b', 1484, 1],
      ]);
      expect(await store.ratingHistory('tictactoe')).toHaveLength(2);
      expect(await store.getTournament('t1')).toMatchObject({ gamesDone: 1 });
      expect(await store.countGames('tictactoe')).toBe(1);
      await store.close();
    });

    // An in-memory SQLite database cannot be opened twice; the file and server backends can.
    if (name !== 'sqlite (memory)')
      test('two connections recording games at once lose no rating update and count every game once', async () => {
        const key = `concurrent-${++concurrentRuns}`;
        const first = await open(key);
        const second = await open(key);
        for (const id of ['a', 'b', 'c']) await first.addAgent(agent(id));
        // 40 games over three agents, split between the two connections and issued together.
        const games = Array.from({ length: 40 }, (_, i) => {
          const seats = [
            ['a', 'b'],
            ['b', 'c'],
            ['c', 'a'],
          ][i % 3];
          return finished(`c${i}`, seats, i % 2 === 0 ? [0, 1] : [1, 0]);
        });
        await Promise.all(games.map((g, i) => (i % 2 === 0 ? first : second).recordGame(g)));
        const ratings = await first.ratings('tictactoe');
        expect(ratings.reduce((sum, r) => sum + r.games, 0)).toBe(80);
        // Elo is zero-sum: a lost update would break the total.
        expect(ratings.reduce((sum, r) => sum + r.elo, 0)).toBeCloseTo(4500, 6);
        const history = await second.ratingHistory('tictactoe');
        expect(history).toHaveLength(80);
        // Every agent's history is a chain: each game's rating follows from the previous one.
        expect(await first.countGames('tictactoe')).toBe(40);
        const last = new Map<string, number>();
        for (const p of history) last.set(p.agentId, p.elo);
        for (const r of ratings) expect(last.get(r.agentId)).toBeCloseTo(r.elo, 9);
        await first.close();
        await second.close();
      });

    test('tournaments count their games and finish when all are in', async () => {
      const store = await open();
      await store.addAgent(agent('a'));
      await store.addAgent(agent('b'));
      await store.addTournament({
        id: 't1',
        game: 'tictactoe',
        players: 2,
        format: 'round-robin',
        agentIds: ['a', 'b'],
        gamesTotal: 2,
        gamesDone: 0,
        status: 'running',
        seed: 's',
        createdAt: 'x',
      });
      await store.recordGame(finished('t1:0', ['a', 'b'], [0, 1], { tournamentId: 't1' }));
      expect(await store.getTournament('t1')).toMatchObject({ gamesDone: 1, status: 'running' });
      await store.recordGame(finished('t1:1', ['b', 'a'], [0, 0], { tournamentId: 't1' }));
      expect(await store.getTournament('t1')).toMatchObject({ gamesDone: 2, status: 'done' });
      await store.setTournamentStatus('t1', 'failed', 'why');
      expect(await store.getTournament('t1')).toMatchObject({ status: 'failed', error: 'why' });
      await store.close();
    });

    test('lease: first claim wins, the holder renews, a lapsed one is taken; only the holder releases', async () => {
      const store = await open();
      const t = leased('t1');
      await store.addTournament(t);
      expect(await store.claimTournament('t1', 'p1', at(0), at(10))).toBe(true);
      expect(await store.claimTournament('t1', 'p2', at(5), at(15))).toBe(false); // p1's lease is live
      expect(await store.claimTournament('t1', 'p1', at(8), at(18))).toBe(true); // p1 renews
      expect(await store.claimTournament('t1', 'p2', at(12), at(22))).toBe(false); // the old expiry is gone
      expect(await store.claimTournament('t1', 'p2', at(18), at(28))).toBe(false); // lapses only after its last instant
      expect(await store.claimTournament('t1', 'p2', at(19), at(29))).toBe(true); // p1 stopped renewing: p2 takes over
      expect(await store.claimTournament('t1', 'p1', at(20), at(30))).toBe(false); // and p1 cannot take it back
      await store.releaseTournament('t1', 'p1'); // not the holder: changes nothing
      expect(await store.claimTournament('t1', 'p3', at(21), at(31))).toBe(false);
      await store.releaseTournament('t1', 'p2');
      // Released: free before its lease ends.
      expect(await store.claimTournament('t1', 'p3', at(22), at(32))).toBe(true);
      expect(await store.getTournament('t1')).toEqual(t); // the lease is not part of the record
      expect(await store.claimTournament('ghost', 'p1', at(0), at(10))).toBe(false);
      await store.close();
    });

    test('tournament lease: a tournament no longer running cannot be claimed, not even by its holder', async () => {
      const store = await open();
      await store.addTournament(leased('done'));
      expect(await store.claimTournament('done', 'p1', at(0), at(10))).toBe(true);
      await store.setTournamentStatus('done', 'done');
      expect(await store.claimTournament('done', 'p1', at(1), at(11))).toBe(false);
      expect(await store.claimTournament('done', 'p2', at(50), at(59))).toBe(false);
      await store.addTournament(leased('failed'));
      await store.setTournamentStatus('failed', 'failed', 'why');
      expect(await store.claimTournament('failed', 'p1', at(0), at(10))).toBe(false);
      await store.close();
    });

    if (name !== 'sqlite (memory)')
      test('tournament lease: two connections claiming at once, exactly one wins each tournament', async () => {
        const key = `lease-${++concurrentRuns}`;
        const first = await open(key);
        const second = await open(key);
        const ids = Array.from({ length: 20 }, (_, i) => `lt${i}`);
        for (const id of ids) await first.addTournament(leased(id));
        const claim = (store: Store, owner: string, id: string) => store.claimTournament(id, owner, at(0), at(10));
        // Both claims of every tournament issued together (who goes first alternates); results as [p1, p2].
        const claims = await Promise.all(
          ids.map((id, i) =>
            Promise.all(
              i % 2 === 0
                ? [claim(first, 'p1', id), claim(second, 'p2', id)]
                : [claim(second, 'p2', id), claim(first, 'p1', id)].reverse(),
            ),
          ),
        );
        for (const [p1, p2] of claims) expect(Number(p1) + Number(p2)).toBe(1);
        // The losers see the winners' leases: a winner renews, a loser is still refused.
        for (const [i, id] of ids.entries()) {
          const winner = claims[i][0] ? 'p1' : 'p2';
          const loser = winner === 'p1' ? 'p2' : 'p1';
          expect(await (winner === 'p1' ? second : first).claimTournament(id, loser, at(1), at(11))).toBe(false);
          expect(await (winner === 'p1' ? first : second).claimTournament(id, winner, at(1), at(11))).toBe(true);
        }
        await first.close();
        await second.close();
      });

    test('matches append moves only at the expected length, and close when their game is recorded', async () => {
      const store = await open();
      await store.addAgent(agent('a'));
      await store.addAgent(agent('h', 'human'));
      await store.addMatch({
        id: 'm1',
        game: 'tictactoe',
        players: 2,
        seed: 's',
        seats: [
          { agentId: 'h', kind: 'human', name: 'h', tokenHash: 'x' },
          { agentId: 'a', kind: 'bot', name: 'a' },
        ],
        actions: [],
        status: 'live',
        createdAt: 'c',
        updatedAt: 'c',
      });
      expect(await store.appendMatchActions('m1', 0, [4], 'u1')).toBe(true);
      expect(await store.appendMatchActions('m1', 0, [5], 'u2')).toBe(false); // a stale writer loses
      expect((await store.getMatch('m1'))!.actions).toEqual([4]);
      // A bot's overrun counted with its move.
      expect(await store.appendMatchActions('m1', 1, [1], 'u2', [0, 1])).toBe(true);
      expect(await store.appendMatchActions('m1', 2, [2], 'u2')).toBe(true); // without overruns: the count stays
      expect(await store.getMatch('m1')).toMatchObject({ actions: [4, 1, 2], overruns: [0, 1] });
      await store.recordGame(finished('g9', ['h', 'a'], [1, 0], { matchId: 'm1' }));
      expect(await store.getMatch('m1')).toMatchObject({ status: 'done', gameId: 'g9' });
      expect(await store.appendMatchActions('m1', 3, [0], 'u3')).toBe(false);
      expect(await store.listMatches('live')).toEqual([]);
      await store.close();
    });

    test('live matches: capped in all, per opener, per address, in one step; a guest stored with it', async () => {
      const store = await open();
      await store.addAgent(agent('a'));
      const live = (id: string, openedBy: string, address: string): MatchRecord => ({
        ...personMatch(id, 'h', 'a'),
        openedBy,
        address,
      });
      const limits = { total: 4, opener: 2, address: 3 };
      expect(await store.addMatch(live('m1', 'guest:1', 'x'), limits, agent('g1', 'human'))).toBeUndefined();
      expect(await store.addMatch(live('m2', 'guest:1', 'x'), limits)).toBeUndefined();
      // The opener's third is refused, and the guest made for it is not stored.
      expect(await store.addMatch(live('m3', 'guest:1', 'y'), limits, agent('g3', 'human'))).toBe('opener');
      expect(await store.getAgent('g3')).toBeUndefined();
      expect(await store.getAgent('g1')).toMatchObject({ id: 'g1', kind: 'human' });
      expect(await store.addMatch(live('m3', 'guest:2', 'x'), limits)).toBeUndefined();
      expect(await store.addMatch(live('m4', 'guest:3', 'x'), limits)).toBe('address');
      expect(await store.addMatch(live('m4', 'guest:3', 'y'), limits)).toBeUndefined();
      expect(await store.addMatch(live('m5', 'guest:4', 'z'), limits)).toBe('total');
      expect(await store.countLiveMatches()).toBe(4);
      expect(await store.getMatch('m1')).toMatchObject({ openedBy: 'guest:1', address: 'x', status: 'live' });
      // An ended match frees its places; without limits (tournaments) nothing is counted.
      await store.addAgent(agent('h', 'human'));
      await store.recordGame(finished('g9', ['h', 'a'], [1, 0], { matchId: 'm1' }));
      expect(await store.countLiveMatches()).toBe(3);
      expect(await store.addMatch(live('m5', 'guest:4', 'z'), limits)).toBeUndefined();
      expect(await store.addMatch(live('m6', 'guest:5', 'z'))).toBeUndefined();
      expect(await store.countLiveMatches()).toBe(5);
      await store.close();
    });

    test("idle matches: people's matches unchanged since a time, oldest first; aborted once, guests too", async () => {
      const store = await open();
      await store.addAgent(agent('a'));
      await store.addAgent(agent('g', 'human'));
      await store.addAgent({ ...agent('u', 'human'), ownerId: 'acct' });
      await store.addMatch({ ...personMatch('m1', 'g', 'a'), updatedAt: at(5) });
      await store.addMatch({ ...personMatch('m2', 'u', 'a'), updatedAt: at(3) });
      await store.addMatch({
        ...personMatch('m3', 'g', 'a'),
        updatedAt: at(1),
        tournament: { id: 't', gameId: 't:0' },
      });
      await store.addMatch({ ...personMatch('m4', 'g', 'a'), updatedAt: at(9) });
      expect((await store.idleMatches(at(6), 10)).map((m) => m.id)).toEqual(['m2', 'm1']);
      expect((await store.idleMatches(at(6), 1)).map((m) => m.id)).toEqual(['m2']);
      // Only at its length and while live: a match that moved on, or ended, stays.
      expect(await store.abortMatch('m1', 1, at(7))).toBe(false);
      expect(await store.abortMatch('m1', 0, at(7))).toBe(true);
      expect(await store.abortMatch('m1', 0, at(8))).toBe(false);
      expect(await store.getMatch('m1')).toMatchObject({ status: 'aborted', updatedAt: at(7) });
      // It left the index of live seats, as an ended match does.
      expect((await store.liveMatchesOf('a')).map((m) => m.id)).toEqual(['m2', 'm3', 'm4']);
      expect(await store.appendMatchActions('m1', 0, [4], at(8))).toBe(false);
      expect(await store.getGame('m1')).toBeUndefined();
      // The guest's unrated agent went with it; the account's stays.
      expect(await store.getAgent('g')).toBeUndefined();
      expect(await store.ratingsOf(['g'])).toEqual([]);
      expect(await store.abortMatch('m2', 0, at(7))).toBe(true);
      expect(await store.getAgent('u')).toMatchObject({ id: 'u' });
      expect((await store.idleMatches(at(60), 10)).map((m) => m.id)).toEqual(['m4']);
      // A game recorded for a match that is no longer live is refused, and changes nothing.
      await expect(store.recordGame(finished('g1', ['u', 'a'], [1, 0], { matchId: 'm2' }))).rejects.toThrow(
        /match m2 has ended already/,
      );
      expect(await store.getGame('g1')).toBeUndefined();
      expect((await store.ratingsOf(['u']))[0].games).toBe(0);
      await store.close();
    });

    test('ladder: bots always, people once rated, guests on request; best Elo first, paged, with a total', async () => {
      const store = await open();
      for (const id of ['b1', 'b2', 'b3']) await store.addAgent(agent(id));
      await store.addAgent({ ...agent('p1', 'human'), ownerId: 'acct1' });
      await store.addAgent({ ...agent('p2', 'human'), ownerId: 'acct2' }); // no game yet
      await store.addAgent(agent('g1', 'human'));
      await store.addAgent(agent('g2', 'human')); // a guest without a rated game
      await store.recordGame(finished('x1', ['b1', 'p1'], [0, 1]));
      await store.recordGame(finished('x2', ['g1', 'b2'], [0, 1]));
      const ids = async (guests: boolean, offset = 0, limit = 10) => {
        const page = await store.ladder('tictactoe', { guests, offset, limit });
        return [page.total, page.rows.map((r) => r.agent.id)];
      };
      // Rated first by Elo (b1 and g1 won, p1 and b2 lost; ties by id), then the unrated bot.
      expect(await ids(false)).toEqual([4, ['b1', 'b2', 'p1', 'b3']]);
      expect(await ids(true)).toEqual([5, ['b1', 'g1', 'b2', 'p1', 'b3']]);
      expect(await ids(true, 1, 2)).toEqual([5, ['g1', 'b2']]);
      const [row] = (await store.ladder('tictactoe', { guests: false, offset: 0, limit: 1 })).rows;
      expect(row.rating).toMatchObject({ agentId: 'b1', games: 1, overruns: 0 });
      expect(row.rating.elo).toBeGreaterThan(1500);
      expect(row.agent).toMatchObject({ id: 'b1', kind: 'bot', spec: 'spec-b1', name: 'name-b1' });
      await store.close();
    });

    test("an agent's live matches come from the index of live seats, which a match leaves when it ends", async () => {
      const store = await open();
      for (const id of ['a', 'b', 'c']) await store.addAgent(agent(id));
      await store.addAgent(agent('h', 'human'));
      await store.addMatch(liveMatch('m1', ['h', 'a']));
      await store.addMatch(liveMatch('m2', ['h', 'b']));
      await store.addMatch(liveMatch('m3', ['a', 'a', 'h'])); // two seats of one agent: listed once
      await store.addMatch(liveMatch('m4', ['a', 'b'], { tournament: { id: 't1', gameId: 't1:0' } }));
      await store.addMatch(liveMatch('m5', ['a', 'c'], { status: 'done', gameId: 'old' }));
      const ids = async (agentId: string) => (await store.liveMatchesOf(agentId)).map((m) => m.id);
      expect(await ids('a')).toEqual(['m1', 'm3', 'm4']);
      expect(await ids('b')).toEqual(['m2', 'm4']);
      expect(await ids('c')).toEqual([]);
      expect(await ids('nobody')).toEqual([]);
      expect((await store.liveMatchesOf('h'))[0]).toEqual(await store.getMatch('m1'));
      expect(await store.liveTournamentMatch('t1:0')).toEqual(await store.getMatch('m4'));
      expect(await store.liveTournamentMatch('t1:1')).toBeUndefined();
      // Its game recorded, a match leaves every seat's list; a retried record changes nothing.
      await store.recordGame(finished('g1', ['h', 'a'], [1, 0], { matchId: 'm1' }));
      await store.recordGame(finished('g1', ['h', 'a'], [1, 0], { matchId: 'm1' }));
      expect(await ids('a')).toEqual(['m3', 'm4']);
      expect(await ids('h')).toEqual(['m2', 'm3']);
      await store.recordGame(finished('t1:0', ['a', 'b'], [0, 1], { matchId: 'm4', tournamentId: 't1' }));
      expect(await store.liveTournamentMatch('t1:0')).toBeUndefined();
      expect(await ids('a')).toEqual(['m3']);
      expect(await ids('b')).toEqual(['m2']);
      await store.close();
    });

    test('results, rating points and tournament game ids: after a store order, oldest first, paged', async () => {
      const store = await open();
      await store.addAgent(agent('a'));
      await store.addAgent(agent('b'));
      await store.recordGame(finished('g1', ['a', 'b'], [0, 1]));
      await store.recordGame(finished('g2', ['b', 'a'], [0, 0], { truncated: true, actions: [1, 2, 3, 4, 5] }));
      await store.recordGame(finished('g3', ['a', 'b'], [1, 0]));
      const all = await store.listResults('tictactoe', 0, 10);
      expect(all.map(({ seq: _, ...r }) => r)).toEqual([
        { players: 2, seats: ['a', 'b'], ranking: [0, 1], length: 3, truncated: false },
        { players: 2, seats: ['b', 'a'], ranking: [0, 0], length: 5, truncated: true },
        { players: 2, seats: ['a', 'b'], ranking: [1, 0], length: 3, truncated: false },
      ]);
      expect(all[0].seq).toBeLessThan(all[1].seq);
      expect(all[1].seq).toBeLessThan(all[2].seq);
      expect(await store.listResults('tictactoe', all[0].seq, 1)).toEqual([all[1]]);
      expect(await store.listResults('tictactoe', all[2].seq, 10)).toEqual([]);
      expect(await store.listResults('promotion', 0, 10)).toEqual([]);
      await store.recordGame(finished('g4', ['a', 'b'], [0, 1], { tournamentId: 't1' }));
      await store.recordGame(finished('g5', ['b', 'a'], [0, 1], { tournamentId: 't2' }));
      await store.recordGame(finished('g6', ['a', 'b'], [1, 0], { tournamentId: 't1' }));
      expect((await store.tournamentGameIds('t1')).sort()).toEqual(['g4', 'g6']);
      expect(await store.tournamentGameIds('t3')).toEqual([]);
      const points = await store.ratingHistory('tictactoe');
      expect(points).toHaveLength(12);
      expect(points.map((p) => p.seq)).toEqual([...points.map((p) => p.seq)].sort((x, y) => x - y));
      expect(await store.ratingHistory('tictactoe', points[1].seq, 3)).toEqual(points.slice(2, 5));
      expect(await store.ratingHistory('tictactoe', points[11].seq)).toEqual([]);
      await store.close();
    });

    test('rating snapshots: stored per game; one covering fewer games never replaces a newer one', async () => {
      const store = await open();
      expect(await store.getRatingSnapshot('tictactoe')).toBeUndefined();
      const snap = { game: 'tictactoe', games: 10, seq: 12, fittedAt: at(1), data: '{"x":1}' };
      await store.putRatingSnapshot(snap);
      expect(await store.getRatingSnapshot('tictactoe')).toEqual(snap);
      await store.putRatingSnapshot({ ...snap, games: 8, seq: 9, fittedAt: at(2), data: '{"x":0}' });
      expect(await store.getRatingSnapshot('tictactoe')).toEqual(snap);
      const later = { ...snap, games: 14, seq: 16, fittedAt: at(3), data: '{"x":2}' };
      await store.putRatingSnapshot(later);
      expect(await store.getRatingSnapshot('tictactoe')).toEqual(later);
      expect(await store.getRatingSnapshot('promotion')).toBeUndefined();
      await store.close();
    });
  },
);

// Without PostgreSQL binaries and no AGORA_TEST_DATABASE_URL, the contract cannot run against it: say so as a skip.
if (!servicesAvailable().postgres) {
  describe('postgresql store', () => {
    test(`not run: ${servicesAvailable().reason}`, (ctx) => {
      // .ci/run requires the servers: there their absence fails the run instead of passing as a skip.
      if (process.env.AGORA_REQUIRE_SERVICES === '1')
        throw new Error(`the test servers are required but missing: ${servicesAvailable().reason}`);
      ctx.skip();
    });
  });
}

describe('choosing the store', () => {
  test('both backends have the same number of schema versions (a migration added to one is added to the other)', () => {
    expect(PG_MIGRATIONS.length).toBe(MIGRATIONS.length);
  });

  test('a version-2 SQLite file upgrades: agents keep ids, ratings, games; old people become legacy rows', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agora-upgrade-')), 'old.db');
    const old = new Database(path);
    old.exec(MIGRATIONS[0] as string);
    old.exec(MIGRATIONS[1] as string);
    old.pragma('user_version = 2');
    old
      .prepare(
        "INSERT INTO agents VALUES ('a', 'tictactoe', 'random', 'Random', 'bot', 'c1'), " +
          "('h', 'tictactoe', 'human', 'alice', 'human', 'c2')",
      )
      .run();
    old.prepare(`INSERT INTO ratings VALUES ('a', 'tictactoe', 1510, 1), ('h', 'tictactoe', 1490, 1)`).run();
    old
      .prepare(
        `INSERT INTO games VALUES ('g1', 'tictactoe', 2, 's', '["a","h"]', '[4]', ` +
          "'[0,1]', '[1,0]', 0, NULL, NULL, 'f')",
      )
      .run();
    old
      .prepare(
        `INSERT INTO rating_history (agent_id, game, game_id, elo, at) VALUES ('a', 'tictactoe', 'g1', 1510, 'f')`,
      )
      .run();
    old.close();
    const store = openSqliteStore(path);
    try {
      expect(await store.getAgent('a')).toMatchObject({ name: 'Random', nameKey: nameKeyOf('random'), kind: 'bot' });
      expect(await store.getAgent('h')).toMatchObject({ name: 'alice', nameKey: 'legacy:h', kind: 'human' });
      expect((await store.ratings('tictactoe')).map((r) => [r.agentId, r.elo, r.overruns])).toEqual([
        ['a', 1510, 0],
        ['h', 1490, 0],
      ]);
      expect(await store.getGame('g1')).toMatchObject({ seats: ['a', 'h'] });
      expect(await store.ratingHistory('tictactoe')).toHaveLength(1);
      // Foreign keys hold again after the rebuild: a rating of an unknown agent is refused.
      await expect(store.recordGame(finished('g2', ['a', 'ghost'], [0, 1]))).rejects.toThrow();
    } finally {
      await store.close();
    }
  });

  /** The schema step that adds the index of live seats, wherever the list has put it. */
  const liveSeatsStep = (steps: readonly unknown[]) =>
    steps.findIndex((step) => typeof step === 'string' && step.includes('CREATE TABLE live_match_seats'));
  /** The SQL of the steps before `end` (the steps that are functions come after it). */
  const sqlBefore = (steps: readonly unknown[], end: number): string[] =>
    steps.slice(0, end).map((step, i) => {
      if (typeof step !== 'string') throw new Error(`schema step ${i + 1} is not SQL`);
      return step;
    });
  const OLD_SEATS = JSON.stringify([
    { agentId: 'h', kind: 'human', name: 'h' },
    { agentId: 'a', kind: 'bot', name: 'a' },
  ]);
  const OLD_MATCHES =
    'INSERT INTO matches (id, game, players, seed, seats, actions, status, created_at, updated_at) VALUES ' +
    `('live1', 'tictactoe', 2, 's', '${OLD_SEATS}', '[]', 'live', 'c1', 'c1'), ` +
    `('done1', 'tictactoe', 2, 's', '${OLD_SEATS}', '[4]', 'done', 'c2', 'c2')`;

  test('upgrading a SQLite file fills the index of live seats with the matches live then', async () => {
    const step = liveSeatsStep(MIGRATIONS);
    expect(step).toBeGreaterThan(0);
    const path = join(mkdtempSync(join(tmpdir(), 'agora-upgrade-')), 'old.db');
    const old = new Database(path);
    old.function('agora_name_key', (name: unknown) => String(name).toLowerCase());
    for (const sql of sqlBefore(MIGRATIONS, step)) old.exec(sql);
    old.pragma(`user_version = ${step}`);
    old.exec(OLD_MATCHES);
    old.close();
    const store = openSqliteStore(path);
    try {
      expect((await store.liveMatchesOf('a')).map((m) => m.id)).toEqual(['live1']);
      expect((await store.liveMatchesOf('h')).map((m) => m.id)).toEqual(['live1']);
    } finally {
      await store.close();
    }
  });

  test.runIf(servicesAvailable().postgres)(
    'upgrading a PostgreSQL schema fills the index of live seats with the matches live then',
    async () => {
      const step = liveSeatsStep(PG_MIGRATIONS);
      expect(step).toBe(liveSeatsStep(MIGRATIONS));
      const schema = uniqueSchema('upgrade');
      const client = new pg.Client({ connectionString: pgTestUrl() });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA ${schema}; SET search_path = ${schema}`);
        for (const sql of sqlBefore(PG_MIGRATIONS, step)) await client.query(sql);
        await client.query(
          `CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (${step})`,
        );
        await client.query(OLD_MATCHES);
      } finally {
        await client.end();
      }
      const store = await openPgStore(pgTestUrl(), { schema });
      try {
        expect((await store.liveMatchesOf('a')).map((m) => m.id)).toEqual(['live1']);
        expect((await store.liveMatchesOf('h')).map((m) => m.id)).toEqual(['live1']);
      } finally {
        await store.close();
      }
    },
  );

  test("SQLite's write-ahead log is checkpointed by its own thread, not by the commit that fills it", async () => {
    const writes = async (checkpointMs: number) => {
      const path = join(mkdtempSync(join(tmpdir(), 'agora-wal-')), 'w.db');
      const store = openSqliteStore(path, { checkpointMs });
      const fileSize = () => statSync(path).size;
      const before = fileSize();
      // 100 agents: several hundred log frames (each commit writes the agent, its rating and their
      // indexes), below the 1,000 at which a commit checkpoints itself.
      for (let i = 0; i < 100; i++) await store.addAgent({ ...agent(`a${i}`), name: `name-a${i}` });
      const checkpointer = (store as unknown as { checkpointer?: SqliteCheckpointer }).checkpointer;
      let stats = await checkpointer?.stats();
      for (let tries = 0; checkpointer && (stats?.frames ?? 0) === 0 && tries < 100; tries++) {
        await new Promise((r) => setTimeout(r, 20));
        stats = await checkpointer.stats();
      }
      const grown = fileSize() > before;
      expect((await store.listAgents('tictactoe')).length).toBe(100);
      await store.close();
      // Closed, the data is whole in the file (the last checkpoint ran before the connection closed).
      const reopened = openSqliteStore(path, { checkpointMs: 0 });
      expect((await reopened.listAgents('tictactoe')).length).toBe(100);
      await reopened.close();
      return { grown, stats };
    };
    const threaded = await writes(20);
    expect(threaded.stats!.frames).toBeGreaterThan(0);
    expect(threaded.grown).toBe(true);
    // Without the thread nothing copies the log into the file below the threshold: the file stays as it was.
    const plain = await writes(0);
    expect(plain.stats).toBeUndefined();
    expect(plain.grown).toBe(false);
  });

  test('with the checkpoint thread, commits leave the log to it (to 10,000 pages); alone, at 1,000', async () => {
    // The thread's interval is longer than the test: only the committing connection could checkpoint.
    const grow = async (checkpointMs: number) => {
      const path = join(mkdtempSync(join(tmpdir(), 'agora-wal-')), 'w.db');
      const store = openSqliteStore(path, { checkpointMs });
      const before = statSync(path).size;
      // 1,200 agents: about 2,500 log pages, past SQLite's 1,000 and well short of 10,000.
      for (let i = 0; i < 1200; i++) await store.addAgent({ ...agent(`a${i}`), name: `name-a${i}` });
      const logPages = statSync(`${path}-wal`).size / 4096;
      const fileGrew = statSync(path).size > before;
      await store.close();
      return { logPages, fileGrew };
    };
    const threaded = await grow(60 * 60_000);
    expect(threaded.logPages).toBeGreaterThan(1000);
    expect(threaded.fileGrew).toBe(false);
    const plain = await grow(0);
    expect(plain.fileGrew).toBe(true);
    expect(plain.logPages).toBeLessThan(threaded.logPages);
  });

  test('the checkpoint thread counts the restarts of the log that writers make once it has copied it all', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agora-wal-')), 'w.db');
    const store = openSqliteStore(path, { checkpointMs: 20 });
    const checkpointer = (store as unknown as { checkpointer: SqliteCheckpointer }).checkpointer;
    const until = async (done: (s: CheckpointStats) => boolean) => {
      for (let tries = 0; tries < 500; tries++) {
        const stats = await checkpointer.stats();
        if (done(stats)) return stats;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`the checkpoint thread did not get there: ${JSON.stringify(await checkpointer.stats())}`);
    };
    try {
      for (let i = 0; i < 20; i++) await store.addAgent({ ...agent(`a${i}`), name: `name-a${i}` });
      const copied = await until((s) => s.frames > 0);
      expect(copied.restarts).toBe(0);
      // Nothing is written meanwhile: the thread copies every frame, and the next commit starts the log over.
      await until((s) => s.checkpoints >= copied.checkpoints + 2);
      await store.addAgent({ ...agent('after'), name: 'name-after' });
      const restarted = await until((s) => s.restarts > 0);
      expect(restarted.restarts).toBe(1);
      expect((await store.listAgents('tictactoe')).length).toBe(21);
    } finally {
      await store.close();
    }
  });

  test('SQLite at AGORA_DB without DATABASE_URL', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agora-open-')), 'chosen.db');
    const { store, description } = await openStore({ AGORA_DB: path });
    try {
      expect(description).toBe(`SQLite ${path}`);
      await store.addAgent(agent('a'));
      expect((await store.listAgents('tictactoe')).map((a) => a.id)).toEqual(['a']);
    } finally {
      await store.close();
    }
  });

  test.runIf(servicesAvailable().postgres)(
    'PostgreSQL when DATABASE_URL is set, its password masked in the description',
    async () => {
      const url = new URL(pgTestUrl());
      url.password = 'not-a-secret';
      const { store, description } = await openStore({
        DATABASE_URL: pgTestUrl(),
        AGORA_DB: '/nonexistent/never-opened.db',
      });
      try {
        expect(description).toMatch(/^PostgreSQL postgres/);
        expect(await store.listAgents('no-such-game')).toEqual([]);
      } finally {
        await store.close();
      }
      const masked = await openStore({ DATABASE_URL: url.toString() });
      try {
        expect(masked.description).toContain('//postgres:***@');
        expect(masked.description).not.toContain('not-a-secret');
      } finally {
        await masked.store.close();
      }
    },
  );
});
