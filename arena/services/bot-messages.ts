/**
 * A decision for one match. The thread keeps the match's position between decisions (a
 * BotPositions cache), so the common request carries only the actions played since its last one:
 * `held` is how many actions the thread should already hold, `actions` the new ones. When the main
 * side knows the thread cannot hold it (a new thread, another thread's match), it sends `state`.
 */
export interface DecideJob {
  id: number;
  type: 'decide';
  game: string;
  spec: string;
  /** Seed of the bot's RNG for this decision. */
  seed: string;
  /** The match's key (its id) and secret seed: together they name the position the thread holds. */
  match: string;
  matchSeed: string;
  /** Actions of the match the thread should hold already (with `state`: the actions that state has had). */
  held: number;
  /** Actions played since (empty with `state`). */
  actions: number[];
  /** The whole position as GameState.toJSON(): sent when the thread does not hold the match. */
  state?: unknown;
}

/** The match ended: the thread drops its position. No reply. */
interface ForgetJob {
  id: number;
  type: 'forget';
  match: string;
}

export type BotJob = DecideJob | ForgetJob;

/**
 * A worker's messages about a decision: `started` once the agent is built and the position is
 * ready (loading a model is not part of a decision's budget), then the action or the error; or
 * `missing` at once when the thread does not hold the match at `held` actions (the main side then
 * sends the whole state). `positions` is how many matches the thread holds after the decision.
 */
export type BotReply =
  | { id: number; started: true; action?: undefined; error?: undefined; missing?: undefined }
  | { id: number; action: number; positions: number; started?: undefined; error?: undefined; missing?: undefined }
  | { id: number; error: string; started?: undefined; action?: undefined; missing?: undefined }
  | { id: number; missing: true; started?: undefined; action?: undefined; error?: undefined };
