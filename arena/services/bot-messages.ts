export interface BotJob {
  id: number;
  game: string;
  spec: string;
  /** The position as GameState.toJSON(). */
  state: unknown;
  /** Seed of the bot's RNG for this decision. */
  seed: string;
}

/**
 * A worker's messages about a job: `started` once the agent is built (loading a model is not
 * part of a decision's budget), then the action or the error.
 */
export type BotReply =
  | { id: number; started: true; action?: undefined; error?: undefined }
  | { id: number; action: number; started?: undefined; error?: undefined }
  | { id: number; error: string; started?: undefined; action?: undefined };
