/**
 * What external bots are told (docs/bot-api.md, "Events"): a hub per process from which each
 * bot's open streams and waiting polls take the events meant for that bot, and for no other.
 */
import type { PlayerView } from '../../envs/index.js';

interface MatchStartEvent {
  type: 'matchStart';
  match: string;
  game: string;
  players: number;
  seat: number;
  seats: { seat: number; name: string; kind: 'bot' | 'human' }[];
  timeLimitMs: number;
}

export interface YourTurnEvent {
  type: 'yourTurn';
  match: string;
  game: string;
  seat: number;
  decisions: number;
  view: PlayerView;
  observation: number[];
  legalActions: { action: number; label: string }[];
  timeLeftMs: number;
}

interface MatchEndEvent {
  type: 'matchEnd';
  match: string;
  game: string;
  seat: number;
  result: {
    ranking: number[];
    scores: number[];
    /** Every seat's return in `returnUnit` (chips for Kuhn poker, which is rated by them). */
    returns: number[];
    /** The game's returnUnit: 'rank' (returns from the ranking) or its own unit ('chips'). */
    returnUnit: string;
    truncated: boolean;
    resigned?: number;
    /** The seat whose person ran out of time (ranked as a resignation). */
    timedOut?: number;
  };
  gameId: string;
  /** The bot's Elo change from this game (0 when the game was not rated again, e.g. a retried record). */
  eloChange: number;
}

/** A people's match ended without a game: its person never moved and it went idle. Unrated. */
interface MatchAbortedEvent {
  type: 'matchAborted';
  match: string;
  game: string;
  seat: number;
}

export type BotEvent = MatchStartEvent | YourTurnEvent | MatchEndEvent | MatchAbortedEvent;

type Listener = (event: BotEvent) => void;

export class BotEvents {
  private readonly listeners = new Map<string, Set<Listener>>();

  /** Calls `listener` with each event for the bot until the returned function is called. */
  subscribe(agentId: string, listener: Listener): () => void {
    let set = this.listeners.get(agentId);
    if (!set) this.listeners.set(agentId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(agentId);
    };
  }

  emit(agentId: string, event: BotEvent): void {
    for (const listener of this.listeners.get(agentId) ?? []) listener(event);
  }

  /** Whether any stream or poll of the bot is listening now. */
  listening(agentId: string): boolean {
    return this.listeners.has(agentId);
  }

  /** Resolves at the bot's next event, after `ms`, or when `signal` aborts (a poll waiting for its turn). */
  next(agentId: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const stop = this.subscribe(agentId, done);
      signal?.addEventListener('abort', done, { once: true });
      if (signal?.aborted) done();
      function done() {
        clearTimeout(timer);
        stop();
        signal?.removeEventListener('abort', done);
        resolve();
      }
    });
  }
}
