/**
 * One self-play env's episodes: the caller decides for every seat, so there are no opponents; the
 * seat of a row is whoever is to act. The self-play vector env's shards step their games through
 * this class as the learner vector env's step theirs through LearnerGame (the same members), so one
 * shard serves both.
 */
import { AgoraError } from './errors.js';
import type { GameDefinition, GameState } from './game.js';
import { stepLimit } from './learner-game.js';

interface SelfPlayGameOptions<Config = unknown> {
  players: number;
  /** Seed of the first reset() that passes none (default 0). */
  seed?: number | string;
  config?: Config;
  /** A game still running after this many decisions of every seat is truncated (default: none). */
  maxEpisodeSteps?: number;
}

export class SelfPlayGame<Config = unknown> {
  readonly players: number;
  private readonly limit: number;
  private current: GameState | undefined;
  private baseSeed: number | string;
  private episode = 0;
  /**
   * The seat to act; once the game has ended, the seat that took its last decision (so the row's
   * observation stays that seat's view of the end).
   */
  seat = 0;
  /** Decisions taken in this episode by every seat. */
  decisions = 0;

  constructor(
    readonly game: GameDefinition,
    private readonly options: SelfPlayGameOptions<Config>,
  ) {
    this.players = options.players;
    this.baseSeed = options.seed ?? 0;
    this.limit = stepLimit(options.maxEpisodeSteps);
  }

  get state(): GameState {
    if (!this.current) throw new AgoraError('bad_request', 'call reset() before step()');
    return this.current;
  }

  /**
   * Starts an episode. With a seed the game is newGame(seed) and later seedless resets continue
   * from it; without one, episode k after the last seed s uses `${s}#k` (as LearnerGame and AECEnv).
   */
  reset(seed?: number | string): void {
    if (seed !== undefined) {
      this.baseSeed = seed;
      this.episode = 0;
    }
    const gameSeed = this.episode === 0 ? this.baseSeed : `${this.baseSeed}#${this.episode}`;
    this.episode++;
    this.current = this.game.newGame({ players: this.players, seed: gameSeed, config: this.options.config });
    this.decisions = 0;
    this.seat = this.current.currentPlayer();
    if (this.seat < 0) {
      throw new AgoraError('bad_request', `${this.game.name}: game ${String(gameSeed)} is over before any decision`);
    }
  }

  /** Plays the action of the seat to act (IllegalActionError, nothing changed, if illegal). */
  act(action: number): void {
    const state = this.state;
    if (this.isDone()) throw new AgoraError('bad_request', 'the episode is over; call reset()');
    state.applyAction(action);
    this.decisions++;
    const next = state.currentPlayer();
    if (next >= 0) this.seat = next;
  }

  /** The game ended by its rules (its turn cap included): final rewards are real. */
  isOver(): boolean {
    return this.state.isTerminal();
  }

  /** The user's step limit ended a game still running. */
  isTimeUp(): boolean {
    return this.decisions >= this.limit && !this.state.isTerminal();
  }

  isDone(): boolean {
    return this.state.isTerminal() || this.decisions >= this.limit;
  }
}
