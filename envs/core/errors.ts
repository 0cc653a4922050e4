/**
 * One error hierarchy for the whole project (style G5). Every error carries a machine-readable
 * `code` (the arena maps codes to HTTP statuses in one place) and a message that says what was
 * given and what is allowed.
 */
import { CHANCE } from './game.js';

export type ErrorCode =
  | 'illegal_action'
  | 'unknown_game'
  | 'bad_player_count'
  | 'bad_state'
  | 'bad_request'
  | 'bad_agent_spec'
  | 'model_version'
  | 'not_found'
  | 'forbidden'
  | 'unauthorized'
  | 'conflict'
  | 'stale'
  | 'unsupported_media_type'
  /** A limit of the caller's own was reached (HTTP 429): the message names the limit. */
  | 'rate_limited'
  | 'unavailable';

export class AgoraError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Shows at most `max` items of a long list, so messages stay readable. */
function listForMessage(items: readonly string[], max = 12): string {
  const shown = items.length > max ? [...items.slice(0, max), `... ${items.length - max} more`] : items;
  return shown.join(', ');
}

/** An action that is not legal for the seat to act. Thrown before anything is mutated. */
export class IllegalActionError extends AgoraError {
  constructor(
    readonly game: string,
    readonly seat: number,
    readonly action: number,
    readonly reason: string,
    legal: readonly string[],
  ) {
    super(
      'illegal_action',
      seat === CHANCE
        ? `${game}: ${action} is not an outcome of this chance point (${reason}). Outcomes: ${listForMessage(legal)}`
        : seat < 0
          ? `${game}: action ${action} cannot be taken: the game is over (no action is legal)`
          : `${game}: seat ${seat} cannot take action ${action} (${reason}). Legal now: ${listForMessage(legal)}`,
    );
  }
}

export class UnknownGameError extends AgoraError {
  constructor(name: string, known: readonly string[]) {
    super('unknown_game', `unknown game '${name}'; known games: ${known.join(', ')}`);
  }
}

export class PlayerCountError extends AgoraError {
  constructor(game: string, given: unknown, min: number, max: number) {
    const allowed = min === max ? `exactly ${min}` : `${min} to ${max}`;
    super('bad_player_count', `${game}: players must be ${allowed} (an integer); got ${String(given)}`);
  }
}

/** A saved state (fromJSON input) that is malformed or inconsistent. */
export class InvalidStateError extends AgoraError {
  constructor(game: string, detail: string) {
    super('bad_state', `${game}: cannot load state: ${detail}`);
  }
}

export class AgentSpecError extends AgoraError {
  constructor(spec: string, detail: string) {
    super('bad_agent_spec', `agent spec '${spec}': ${detail}`);
  }
}

export class ModelVersionError extends AgoraError {
  constructor(detail: string) {
    super('model_version', detail);
  }
}
