export interface BotJob {
  id: number;
  game: string;
  spec: string;
  /** The position as GameState.toJSON(). */
  state: unknown;
  /** Seed of the bot's RNG for this decision. */
  seed: string;
}

export type BotReply = { id: number; action: number; error?: undefined } | { id: number; error: string; action?: undefined };
