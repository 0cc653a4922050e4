import type { GameState } from '../../envs/index.js';

interface Held {
  seed: string;
  /** Actions the position has had since the match's start. */
  length: number;
  state: GameState;
}

/**
 * The positions of live matches a bot thread keeps between decisions, so a decision needs only the
 * actions played since the last one (not the whole state, parsed and validated again). Bounded:
 * past `capacity` the match used least recently is dropped (it gets its whole state again on its
 * next decision). A position is named by the match's key and seed and its action count, so a
 * request that does not fit what is held (another match under the same key, a move the thread
 * never saw) finds nothing instead of a wrong position.
 */
export class BotPositions {
  private readonly held = new Map<string, Held>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0)
      throw new RangeError(`bot positions: capacity must be a whole number >= 0, got ${capacity}`);
  }

  /** Matches held. */
  get size(): number {
    return this.held.size;
  }

  /**
   * The match's position after `actions`, when the thread holds it at exactly `length` actions;
   * otherwise undefined (and whatever was held under the key is dropped).
   */
  advance(match: string, seed: string, length: number, actions: readonly number[]): GameState | undefined {
    const entry = this.held.get(match);
    this.held.delete(match);
    if (!entry || entry.seed !== seed || entry.length !== length) return undefined;
    try {
      for (const action of actions) entry.state.applyAction(action);
    } catch {
      // Not a continuation of this position after all: the half-applied state is dropped.
      return undefined;
    }
    entry.length += actions.length;
    this.held.set(match, entry); // most recently used last
    return entry.state;
  }

  /** Holds `state` as the match's position after `length` actions. */
  put(match: string, seed: string, length: number, state: GameState): void {
    this.held.delete(match);
    if (this.capacity === 0) return;
    if (this.held.size >= this.capacity) this.held.delete(this.held.keys().next().value!);
    this.held.set(match, { seed, length, state });
  }

  forget(match: string): void {
    this.held.delete(match);
  }
}
