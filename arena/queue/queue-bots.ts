import { AgoraError, getGame } from '../../envs/index.js';
import type { DecisionJobData, QueueClient } from '../../play/index.js';
import type { BotAnswer, BotPool, BotRequest } from '../services/bot-pool.js';

/** A worker building the agent (a model read from disk) and replaying the match, beyond the budget. */
const WORKER_LOAD_MS = 60_000;
/**
 * How long a queued decision may wait beyond its budget (for an `agora worker` to take it, and
 * WORKER_LOAD_MS) before the person is told to reload; the job stays queued, and a reload waits
 * for the same job.
 */
const QUEUE_WAIT_MS = 60_000 + WORKER_LOAD_MS;

/**
 * Bot decisions of people's matches as jobs of the Redis queue (REDIS_URL set, as for tournament
 * games): `agora worker` processes make them on their own bot threads (decideQueued), within the
 * same budgets. A job carries the match's seed and actions, not its state: the worker replays
 * them. Its key is the match and decision number, so a decision asked again (a reload, a restart)
 * is the same job.
 */
export class QueueBots {
  constructor(
    private readonly client: QueueClient,
    private readonly waitMs = QUEUE_WAIT_MS,
  ) {}

  async decide(request: BotRequest): Promise<BotAnswer> {
    const { key, budgetMs, game, spec, seed, match, owner } = request;
    const data: DecisionJobData = {
      ...(owner !== undefined ? { owner } : {}),
      kind: 'decision',
      game,
      players: match.players,
      match: key,
      matchSeed: match.seed,
      actions: [...match.actions],
      spec,
      seed,
      budgetMs,
      timeoutMs: WORKER_LOAD_MS + budgetMs,
    };
    let answer: BotAnswer | undefined;
    const waitMs = this.waitMs + budgetMs;
    const signal = AbortSignal.timeout(waitMs);
    try {
      await this.client.run<BotAnswer>(
        [{ key: `decision:${key}:${match.actions.length}`, data }],
        (result) => (answer = result),
        signal,
      );
    } catch (err) {
      if (signal.aborted) {
        throw new AgoraError(
          'unavailable',
          `bot ${spec}: no agora worker answered within ${Math.ceil(waitMs / 1000)} s ` +
            '(with REDIS_URL, bots decide on `agora worker` processes); reload to retry',
        );
      }
      const why = err instanceof Error ? err.message : String(err);
      throw new AgoraError('unavailable', `bot ${spec} failed on the job queue: ${why}; reload to retry`);
    }
    return answer!;
  }
}

/**
 * An `agora worker`'s side of a queued decision: the position rebuilt from the match's seed and
 * actions, decided on the worker's bot threads (which keep the positions of the matches they
 * serve, as the arena's do).
 */
export function decideQueued(bots: BotPool, data: DecisionJobData): Promise<BotAnswer> {
  const state = getGame(data.game).newGame({ players: data.players, seed: data.matchSeed });
  for (const action of data.actions) state.applyAction(action);
  return bots.decide({
    key: data.match,
    ...(data.owner !== undefined ? { owner: data.owner } : {}),
    budgetMs: data.budgetMs,
    game: data.game,
    spec: data.spec,
    seed: data.seed,
    match: { seed: data.matchSeed, players: data.players, actions: data.actions },
    state,
  });
}
