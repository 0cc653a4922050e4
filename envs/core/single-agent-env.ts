import { AgoraError } from './errors.js';
import type { GameDefinition, GameState } from './game.js';
import { LearnerGame, type LearnerOptions } from './learner-game.js';
import { Slab } from './slab.js';
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
  /** True when the game ended by its rules' turn cap (then terminated is true, with real final rewards). */
  capped?: boolean;
  /** Set once the game is over: final places, the game's own scores and every seat's return. */
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

/** How render() draws the learner's view: the text board, or the arena's HTML fragment. */
export type RenderMode = 'ansi' | 'html';

export interface SingleAgentEnvOptions<Config = unknown> extends LearnerOptions<Config> {
  /** What render() returns (default 'ansi', the text board). */
  renderMode?: RenderMode;
}

/** Gymnasium's `metadata`: the render modes every env here offers. */
export const ENV_METADATA = Object.freeze({ renderModes: Object.freeze(['ansi', 'html'] as const) });

/** The checked render mode of an env's options. */
export function renderModeOf(mode: unknown): RenderMode {
  if (mode === undefined) return 'ansi';
  if (mode === 'ansi' || mode === 'html') return mode;
  throw new AgoraError('bad_request', `renderMode must be 'ansi' or 'html'; got ${JSON.stringify(mode)}`);
}

/** The learner's view of `state`, drawn as `mode` says. */
export function renderSeat(game: GameDefinition, state: GameState, seat: number, mode: RenderMode): string {
  const view = state.view(seat);
  return mode === 'html' ? game.renderHtml(view) : game.renderText(view);
}

/**
 * Gymnasium's single-agent API over a multi-seat game: one learning seat, the others played by
 * the given agents between the learner's moves. The reward is 0 until the end, then the learner's
 * return from the ranking. A game ended by its rules, turn cap included, is `terminated` (the cap
 * is told by `info.capped`); `truncated` is only the user's `maxEpisodeSteps`, as in Gymnasium's
 * TimeLimit. Opponents draw from their own stream, seeded from the episode seed, never from the
 * game's RNG. Each step returns new arrays (cut from larger blocks: slab.ts), which the caller
 * may keep; the vector env is the one that refills arrays it owns.
 */
export class SingleAgentEnv<Config = unknown> {
  readonly observationSpace: Box;
  readonly actionSpace: Discrete;
  readonly players: number;
  readonly metadata = ENV_METADATA;
  readonly renderMode: RenderMode;
  private readonly learner: LearnerGame<Config>;
  private readonly obsSize: number;
  private readonly slab = new Slab();
  private closed = false;

  constructor(
    readonly game: GameDefinition,
    options: SingleAgentEnvOptions<Config>,
  ) {
    this.learner = new LearnerGame(game, options);
    this.players = this.learner.players;
    this.renderMode = renderModeOf(options.renderMode);
    this.obsSize = game.observationSize(this.players);
    this.observationSpace = new Box(0, 1, [this.obsSize]);
    this.actionSpace = new Discrete(game.actionSize);
  }

  /** The live game (for logging and tests; the learner should use the observation). */
  get state(): GameState {
    return this.learner.state;
  }

  /** The learner's seat in the current episode. */
  get seat(): number {
    return this.learner.seat;
  }

  /**
   * Starts an episode and plays the opponents up to the learner's first decision. With a seed,
   * the game is newGame(seed) and later seedless resets continue from it; without one, episode k
   * after the last seed s uses `${s}#k`.
   */
  reset(options: { seed?: number | string } = {}): [Float32Array, StepInfo] {
    this.checkOpen();
    this.learner.reset(options.seed);
    return [this.observe(), this.info()];
  }

  /** Plays the learner's action, then the opponents up to the learner's next decision or the end. */
  step(action: number): StepResult {
    this.checkOpen();
    const learner = this.learner;
    learner.act(action);
    const obs = this.observe();
    const info = this.info();
    if (learner.isOver()) return [obs, info.returns![learner.seat], true, false, info];
    return [obs, 0, false, learner.isTimeUp(), info];
  }

  /** The learner's view drawn as text ('ansi') or as the arena's HTML fragment ('html'). */
  render(): string {
    this.checkOpen();
    return renderSeat(this.game, this.state, this.seat, this.renderMode);
  }

  /** Ends the env: later calls throw. (Nothing is held outside this object.) */
  close(): void {
    this.closed = true;
  }

  private checkOpen(): void {
    if (this.closed) throw new AgoraError('bad_request', 'this env is closed');
  }

  private observe(): Float32Array {
    const obs = this.slab.floats(this.obsSize);
    this.state.observeInto(this.seat, obs, 0);
    return obs;
  }

  private info(): StepInfo {
    const state = this.state;
    const mask = this.slab.bytes(this.game.actionSize);
    const seat = this.seat;
    const episodeLength = this.learner.decisions;
    if (state.isTerminal()) {
      const ranking = state.ranking();
      return {
        actionMask: mask,
        legalActions: [],
        seat,
        episodeLength,
        capped: state.isTruncated(),
        ranking,
        scores: state.scores(),
        returns: state.returns(),
      };
    }
    if (this.learner.isTimeUp()) return { actionMask: mask, legalActions: [], seat, episodeLength };
    const legal = state.legalActions();
    for (let i = 0; i < legal.length; i++) mask[legal[i]] = 1;
    return { actionMask: mask, legalActions: legal, seat, episodeLength };
  }
}
