import type { MatchResult } from '../agents/index.js';
import type { GameJob } from '../play/index.js';
import type { GameRecord, SelfPlayOptions } from './self-play.js';

/**
 * Games for a training worker: self-play games of one model (played in flight together, records in
 * seed order), or a match between agent specs (gating, evaluation).
 */
export type TrainingTask =
  | {
      id: number;
      kind: 'self-play';
      game: string;
      players: number;
      modelDir: string;
      seeds: string[];
      options: SelfPlayOptions;
    }
  | { id: number; kind: 'match'; job: GameJob; epoch: number };

export type TrainingReply =
  | { id: number; records: GameRecord[]; result?: undefined; error?: undefined }
  | { id: number; result: MatchResult; records?: undefined; error?: undefined }
  | { id: number; error: string; records?: undefined; result?: undefined };
