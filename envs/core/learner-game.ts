/**
 * One learner's episodes of a game: the seat it plays, the opponents played between its moves,
 * the seeds, and the episode's counts. SingleAgentEnv, VectorEnv and the vector env's worker
 * threads all step their games through this class, so the three agree move for move.
 */
import { actSync, DecisionSlot, type Agent } from './agent.js';
import { AgoraError } from './errors.js';
import type { GameDefinition, GameState } from './game.js';
import { assertPlayerCount } from './registry.js';
import { Rng } from './rng.js';

/** What makes a learner's games: the options SingleAgentEnv and VectorEnv share. */
export interface LearnerOptions<Config = unknown> {
  /** Seat count (default: the game's defaultPlayers). */
  players?: number;
  /** The learner's seat (default 0), or 'rotate' to move it one seat on at every reset. */
  seat?: number | 'rotate';
  /**
   * The other seats' agents: one for all, or one per other seat, listed by clockwise offset from the
   * learner (opponents[0] sits just after it). Must act synchronously.
   */
  opponents: Agent | readonly Agent[];
  /** Seed of the first reset() that passes none (default 0). */
  seed?: number | string;
  config?: Config;
  /**
   * Gymnasium's TimeLimit: an episode still running after this many learner steps ends with
   * truncated = true (no final rewards). Default: no limit; every game ends by its rules.
   */
  maxEpisodeSteps?: number;
}

/** The checked player count, seat and opponents of a learner's options (constructors call this once). */
export function checkLearnerOptions(
  game: GameDefinition,
  options: LearnerOptions<unknown>,
): { players: number; opponents: Agent[] } {
  const players = options.players ?? game.defaultPlayers;
  assertPlayerCount(game, players);
  const given = Array.isArray(options.opponents) ? [...(options.opponents as Agent[])] : undefined;
  if (given && given.length !== players - 1) {
    throw new AgoraError(
      'bad_request',
      `${game.name} with ${players} players needs ${players - 1} opponents (or one for all); got ${given.length}`,
    );
  }
  const opponents = given ?? Array.from({ length: players - 1 }, () => options.opponents as Agent);
  const seat = options.seat ?? 0;
  if (seat !== 'rotate' && !(Number.isInteger(seat) && seat >= 0 && seat < players)) {
    throw new AgoraError('bad_request', `seat must be 0..${players - 1} or 'rotate'; got ${String(seat)}`);
  }
  stepLimit(options.maxEpisodeSteps);
  return { players, opponents };
}

/** The checked maxEpisodeSteps option as a limit (Infinity when not given): every env takes it. */
export function stepLimit(limit: number | undefined): number {
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) {
    throw new AgoraError('bad_request', `maxEpisodeSteps must be a positive integer; got ${String(limit)}`);
  }
  return limit ?? Infinity;
}

/** Episodes over before the learner's first decision that reset() skips before it gives up. */
const MAX_SKIPPED = 100;

export class LearnerGame<Config = unknown> {
  readonly players: number;
  private readonly opponents: Agent[];
  private readonly slot: DecisionSlot;
  private readonly limit: number;
  private current: GameState | undefined;
  private opponentRng = Rng.fromSeed('unused');
  private baseSeed: number | string;
  private episode = 0;
  /** The learner's seat in this episode. */
  seat = 0;
  /** Decisions taken in this episode by every seat. */
  decisions = 0;
  /** The learner's steps in this episode. */
  steps = 0;

  constructor(
    readonly game: GameDefinition,
    private readonly options: LearnerOptions<Config>,
  ) {
    const checked = checkLearnerOptions(game, options);
    this.players = checked.players;
    this.opponents = checked.opponents;
    this.slot = new DecisionSlot(game);
    this.baseSeed = options.seed ?? 0;
    this.limit = stepLimit(options.maxEpisodeSteps);
  }

  get state(): GameState {
    if (!this.current) throw new AgoraError('bad_request', 'call reset() before step()');
    return this.current;
  }

  get started(): boolean {
    return this.current !== undefined;
  }

  /**
   * Starts an episode and plays the opponents up to the learner's first decision. With a seed,
   * the game is newGame(seed) and later seedless resets continue from it; without one, episode k
   * after the last seed s uses `${s}#k`. A game over before the learner's first decision is
   * skipped: the next episode's game starts instead.
   */
  reset(seed?: number | string): void {
    if (seed !== undefined) {
      this.baseSeed = seed;
      this.episode = 0;
    }
    // A game can end before the learner's first decision (a Filthy Rich opponent may win within
    // its first turns): such an episode gives the learner nothing to do, so the next one starts.
    for (let tries = 0; ; tries++) {
      this.start();
      if (!this.current!.isTerminal()) return;
      if (tries >= MAX_SKIPPED) {
        throw new AgoraError(
          'bad_request',
          `${this.game.name}: ${MAX_SKIPPED + 1} games in a row ended before seat ${this.seat}'s first decision`,
        );
      }
    }
  }

  private start(): void {
    const gameSeed = this.episode === 0 ? this.baseSeed : `${this.baseSeed}#${this.episode}`;
    this.seat = this.options.seat === 'rotate' ? this.episode % this.players : (this.options.seat ?? 0);
    this.episode++;
    this.current = this.game.newGame({ players: this.players, seed: gameSeed, config: this.options.config });
    this.opponentRng = Rng.fromSeed(`${gameSeed}:opponents`);
    this.decisions = 0;
    this.steps = 0;
    this.playOpponents();
  }

  /** Plays the learner's action (IllegalActionError, nothing changed, if illegal), then the opponents. */
  act(action: number): void {
    const state = this.state;
    if (this.isDone()) throw new AgoraError('bad_request', 'the episode is over; call reset()');
    state.applyAction(action);
    this.decisions++;
    this.steps++;
    this.playOpponents();
  }

  /** The game ended by its rules (its turn cap included): final rewards are real. */
  isOver(): boolean {
    return this.state.isTerminal();
  }

  /** The user's step limit ended a game still running. */
  isTimeUp(): boolean {
    return this.steps >= this.limit && !this.state.isTerminal();
  }

  isDone(): boolean {
    return this.state.isTerminal() || this.steps >= this.limit;
  }

  private playOpponents(): void {
    const state = this.state;
    const learner = this.seat;
    const players = this.players;
    for (let seat = state.currentPlayer(); seat >= 0 && seat !== learner; seat = state.currentPlayer()) {
      const agent = this.opponents[(seat - learner - 1 + players) % players];
      state.applyAction(actSync(agent, this.slot.of(state, this.opponentRng)));
      this.decisions++;
    }
  }
}
