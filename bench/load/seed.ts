/**
 * The load test's stored history: finished games played by random agents and recorded under the
 * roster bots' ids, so every one replays (its seed and actions are a real game) and the leaderboards
 * have tens of thousands of games to rank. Their results say nothing about the bots' strength.
 */
import { createApp, gameReturns, type Store } from '../../arena/index.js';
import { GAMES, Rng, lookupGame } from '../../envs/index.js';

export interface StoredGame {
  id: string;
  actions: number;
}

export interface SeedReport {
  games: number;
  /** Wall time of playing and recording them, s. */
  seconds: number;
  /** Stored games per game, with their number of actions (replay views pick among them). */
  stored: Record<string, StoredGame[]>;
}

/**
 * Registers the roster bots the way the arena's start does (bootstrap without tournaments or
 * starting ladders, so the stored games are only ours), then closes that app again: the server
 * process opens its own.
 */
async function registerRoster(store: Store): Promise<void> {
  const app = createApp({ store });
  await app.arena.bootstrap({ tournament: false, ladder: false });
  await app.arena.close();
}

/**
 * Plays `count` random games, spread evenly over `games` at each game's default seat count, and
 * records each with store.recordGame (one transaction each, as the arena records them: SQLite in WAL
 * mode commits without waiting for the disk). Seats are distinct roster bots in a random order.
 */
export async function seedGames(store: Store, count: number, games: readonly string[]): Promise<SeedReport> {
  const start = performance.now();
  await registerRoster(store);
  const rng = Rng.fromSeed('bench:load:seed');
  const stored: Record<string, StoredGame[]> = {};
  const finishedAt = new Date().toISOString();
  for (const [g, game] of games.entries()) {
    const def = lookupGame(GAMES, game);
    const bots = (await store.listAgents(game)).filter((a) => a.kind === 'bot').map((a) => a.id);
    const players = def.defaultPlayers;
    const share = Math.floor(count / games.length) + (g < count % games.length ? 1 : 0);
    stored[game] = [];
    for (let i = 0; i < share; i++) {
      const seed = `bench:load:${game}:${i}`;
      const state = def.newGame({ players, seed });
      const actions: number[] = [];
      while (!state.isTerminal()) {
        const action = rng.pick(state.legalActions());
        state.applyAction(action);
        actions.push(action);
      }
      const id = `load:${game}:${i}`;
      await store.recordGame({
        id,
        game,
        players,
        seed,
        seats: rng.shuffle(bots).slice(0, players),
        actions,
        ranking: state.ranking(),
        scores: state.scores(),
        ...gameReturns(def, state.returns()),
        truncated: state.isTruncated(),
        finishedAt,
      });
      stored[game].push({ id, actions: actions.length });
    }
  }
  return { games: count, seconds: (performance.now() - start) / 1000, stored };
}
