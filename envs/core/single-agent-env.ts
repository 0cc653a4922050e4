import { actSync, decisionContext, type Agent } from './agent.js';
import { AgoraError } from './errors.js';
import type { GameDefinition, GameState } from './game.js';
import { assertPlayerCount } from './registry.js';
import { returnsFromRanking } from './returns.js';
import { Rng } from './rng.js';
import { Box, Discrete } from './spaces.js';

export interface StepInfo {
  /** 1 for each action the learner may take now (all zero once the episode is over). */
  actionMask: Uint8Array;
  /** The same, as a sorted list. */
  legalActions: number[];
  /** The learner's seat. */
  seat: number;
  /** Decisions taken in this episode so far, by every seat. */
  episodeLength: number;
  /** Set once the episode is over: final places, the game's own scores and every seat's return. */
  ranking?: number[];
  scores?: number[];
  returns?: number[];
}

export type StepResult = [
  observation: Float32Array,
  reward: number,
  terminated: boolean,
  truncated: boolean,
  info: StepInfo,
];

export interface SingleAgentEnvOptions<Config = unknown> {
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
}

/**
 * Gymnasium's single-agent API over a multi-seat game: one learning seat, the others played by
 * the given agents between the learner's moves. The reward is 0 until the end, then the learner's
 * return from the ranking. An episode ended by the rules' turn cap reports truncated = true.
 * Opponents draw from their own stream, seeded from the episode seed, never from the game's RNG.
 */
export class SingleAgentEnv<Config = unknown> {
  readonly observationSpace: Box;
  readonly actionSpace: Discrete;
  readonly players: number;
  private current: GameState | undefined;
  private opponents: Agent[];
  private opponentRng = Rng.fromSeed('unused');
  private baseSeed: number | string;
  private episode = 0;
  private learner = 0;
  private length = 0;

  constructor(
    readonly game: GameDefinition,
    private readonly options: SingleAgentEnvOptions<Config>,
  ) {
    this.players = options.players ?? game.defaultPlayers;
    assertPlayerCount(game, this.players);
    const given = Array.isArray(options.opponents) ? [...options.opponents] : undefined;
    if (given && given.length !== this.players - 1) {
      throw new AgoraError(
        'bad_request',
        `${game.name} with ${this.players} players needs ${this.players - 1} opponents (or one for all); ` +
          `got ${given.length}`,
      );
    }
    this.opponents = given ?? Array.from({ length: this.players - 1 }, () => options.opponents as Agent);
    const seat = options.seat ?? 0;
    if (seat !== 'rotate' && !(Number.isInteger(seat) && seat >= 0 && seat < this.players)) {
      throw new AgoraError('bad_request', `seat must be 0..${this.players - 1} or 'rotate'; got ${String(seat)}`);
    }
    this.baseSeed = options.seed ?? 0;
    this.observationSpace = new Box(0, 1, [game.observationSize(this.players)]);
    this.actionSpace = new Discrete(game.actionSize);
  }

  /** The live game (for logging and tests; the learner should use the observation). */
  get state(): GameState {
    if (!this.current) throw new AgoraError('bad_request', 'call reset() before step()');
    return this.current;
  }

  /** The learner's seat in the current episode. */
  get seat(): number {
    return this.learner;
  }

  /**
   * Starts an episode and plays the opponents up to the learner's first decision. With a seed,
   * the game is newGame(seed) and later seedless resets continue from it; without one, episode k
   * after the last seed s uses `${s}#k`.
   */
  reset(options: { seed?: number | string } = {}): [Float32Array, StepInfo] {
    if (options.seed !== undefined) {
      this.baseSeed = options.seed;
      this.episode = 0;
    }
    const seed = this.episode === 0 ? this.baseSeed : `${this.baseSeed}#${this.episode}`;
    this.learner = this.options.seat === 'rotate' ? this.episode % this.players : (this.options.seat ?? 0);
    this.episode++;
    this.current = this.game.newGame({ players: this.players, seed, config: this.options.config });
    this.opponentRng = Rng.fromSeed(`${seed}:opponents`);
    this.length = 0;
    this.playOpponents();
    return [this.current.observation(this.learner), this.info()];
  }

  /** Plays the learner's action, then the opponents up to the learner's next decision or the end. */
  step(action: number): StepResult {
    const state = this.state;
    if (state.isTerminal()) throw new AgoraError('bad_request', 'the episode is over; call reset()');
    state.applyAction(action);
    this.length++;
    this.playOpponents();
    const obs = state.observation(this.learner);
    if (!state.isTerminal()) return [obs, 0, false, false, this.info()];
    const truncated = state.isTruncated();
    const info = this.info();
    return [obs, info.returns![this.learner], !truncated, truncated, info];
  }

  private playOpponents(): void {
    const state = this.state;
    while (!state.isTerminal() && state.currentPlayer() !== this.learner) {
      const seat = state.currentPlayer();
      const agent = this.opponents[(seat - this.learner - 1 + this.players) % this.players];
      state.applyAction(actSync(agent, decisionContext(this.game, state, this.opponentRng)));
      this.length++;
    }
  }

  private info(): StepInfo {
    const state = this.state;
    const mask = new Uint8Array(this.game.actionSize);
    if (state.isTerminal()) {
      const ranking = state.ranking();
      return {
        actionMask: mask,
        legalActions: [],
        seat: this.learner,
        episodeLength: this.length,
        ranking,
        scores: state.scores(),
        returns: returnsFromRanking(ranking),
      };
    }
    const legal = state.legalActions();
    for (const a of legal) mask[a] = 1;
    return { actionMask: mask, legalActions: legal, seat: this.learner, episodeLength: this.length };
  }
}
