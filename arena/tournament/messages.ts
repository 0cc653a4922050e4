import type { MatchResult } from '../../agents/index.js';

/** One game for a worker to play. */
export interface GameJob {
  index: number;
  game: string;
  seats: string[];
  seed: string;
  config?: unknown;
}

export type WorkerReply =
  | { index: number; result: MatchResult; ms: number; error?: undefined }
  | { index: number; error: string; result?: undefined };
