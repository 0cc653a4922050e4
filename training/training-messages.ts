import type { MatchResult } from '../agents/index.js';
import type { GameJob } from '../play/index.js';
import type { GameRecord, SelfPlayOptions } from './self-play.js';

/** Games for a training worker: self-play of one model, or matches between agent specs (gating, evaluation). */
export type TrainingTask =
  | {
      id: number;
      kind: 'self-play';
      game: string;
      players: number;
      modelDir: string;
      seed: string;
      options: SelfPlayOptions;
    }
  | { id: number; kind: 'match'; job: GameJob; epoch: number };

export type TrainingReply =
  | { id: number; record: GameRecord; result?: undefined; error?: undefined }
  | { id: number; result: MatchResult; record?: undefined; error?: undefined }
  | { id: number; error: string; record?: undefined; result?: undefined };
