/**
 * The background tournament of the load test. The arena queues ranking tournaments by itself only
 * on a fresh store, so on the seeded store the bench asks for one the way a person would: an
 * account (made in the store before the server starts) with an API key, and POST /api/tournaments.
 */
import { createApp, type Store } from '../../arena/index.js';
import type { Recorder } from './recorder.js';

/** Makes an account and returns an API key for it (Authorization: Bearer <key>). */
export async function benchAccount(store: Store): Promise<string> {
  const app = createApp({ store });
  try {
    // A fresh name each run, so a shared PostgreSQL database takes a second run too.
    const user = await app.arena.accounts.signup(`loadtest-${Date.now().toString(36)}`, 'load test password 1');
    return (await app.arena.accounts.createApiKey(user, 'bench load')).key;
  } finally {
    await app.arena.close();
  }
}

export interface TournamentState {
  id: string;
  game: string;
  status: string;
  gamesDone: number;
  gamesTotal: number;
  agentIds: string[];
}

interface Agent {
  id: string;
  kind: string;
  ownerId?: string;
  retiredAt?: string;
}

/**
 * Starts a round-robin between the game's roster bots (at most 8, an account's limit) of `games`
 * games (at most 500): with the MCTS bots in it, it outlasts a minute-long test.
 */
export async function startTournament(
  recorder: Recorder,
  key: string,
  game: string,
  games: number,
): Promise<TournamentState> {
  const agents = await recorder.request<Agent[]>('GET /api/agents?game=', `/api/agents?game=${game}`);
  if (!agents) throw new Error(`could not list the bots of ${game}: ${recorder.examples.join('; ')}`);
  const bots = agents.body.filter((a) => a.kind === 'bot' && !a.ownerId && !a.retiredAt).slice(0, 8);
  const started = await recorder.request<TournamentState>('POST /api/tournaments', '/api/tournaments', {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: { game, agents: bots.map((b) => b.id), games },
  });
  if (!started) throw new Error(`could not start a tournament: ${recorder.examples.join('; ')}`);
  return started.body;
}

export async function tournamentState(recorder: Recorder, id: string): Promise<TournamentState | undefined> {
  return (await recorder.request<TournamentState>('GET /api/tournaments/:id', `/api/tournaments/${id}`))?.body;
}
