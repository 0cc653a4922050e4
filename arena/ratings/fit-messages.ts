import type { ResultRow } from '../store/store.js';
import type { RatingSnapshot } from './snapshot.js';

/**
 * One refit: the results stored since the thread's last request for the game (all of them after
 * `reset`), which the thread appends to the list it keeps, and the agents to rate.
 */
export interface FitRequest {
  id: number;
  game: string;
  reset: boolean;
  rows: ResultRow[];
  rated: string[];
  bootstrap: number;
}

export type FitReply = { id: number } & (
  | { ok: true; games: number; fit: Pick<RatingSnapshot, 'ratings' | 'balance' | 'meanReturns'> }
  | { ok: false; error: string }
);
