/**
 * Gymnasium 1.x vector environments: N single-agent envs stepped as one batch into arrays the
 * vector env owns (no allocation per step). SyncVectorEnv steps them in this thread;
 * ThreadedVectorEnv (threaded-vector-env.ts) on worker threads over shared memory, with the
 * same results for the same seeds. Either runs learner envs against opponents, or self-play envs
 * in which the caller plays every seat (makeSelfPlayVectorEnv): each row is then the seat to act,
 * and the rewards are every seat's.
 */
import type { Agent } from './agent.js';
import { AgoraError, IllegalActionError } from './errors.js';
import type { GameDefinition, GameState } from './game.js';
import { checkLearnerOptions, stepLimit } from './learner-game.js';
import { assertPlayerCount } from './registry.js';
import { ENV_METADATA, renderModeOf, type RenderMode, type SingleAgentEnvOptions } from './single-agent-env.js';
import { Box, Discrete, MultiDiscrete } from './spaces.js';
import { allocateVectorBuffers, type AutoresetMode, type VectorBuffers, type VectorStep } from './vector-buffers.js';
import { VectorShard, type ShardOptions } from './vector-shard.js';

export interface VectorEnvOptions<Config = unknown> extends SingleAgentEnvOptions<Config> {
  /** How many environments run side by side. */
  num: number;
  /**
   * When a finished env starts its next episode (Gymnasium 1.x's AutoresetMode):
   * 'next-step' (the default, as in Gymnasium) returns the final observation, and the next step
   * resets that env and ignores its action; 'same-step' resets it at once, returning the new
   * episode's first observation and the old one's last in infos.finalObservations.
   */
  autoresetMode?: AutoresetMode;
  /**
   * Worker threads stepping the envs (default 0: this thread). With workers the opponents must
   * be rebuildable in a thread: agents from makeAgent are (they carry a recipe).
   */
  workers?: number;
}

/**
 * A self-play vector env's options: the vector env's without opponents and seat (the caller plays
 * every seat). Each step takes the action of each env's seat to act.
 */
export interface SelfPlayVectorEnvOptions<Config = unknown> extends Omit<
  VectorEnvOptions<Config>,
  'opponents' | 'seat' | 'maxEpisodeSteps'
> {
  /**
   * A game still running after this many decisions, of every seat, ends with truncated = 1 and no
   * rewards (PettingZoo's max_cycles, as in the AEC env). Default: none; every game ends by its rules.
   */
  maxEpisodeSteps?: number;
}

/** What the vector env classes take: a learner's options, or self-play's marked as such. */
export type AnyVectorEnvOptions<Config = unknown> =
  VectorEnvOptions<Config> | (SelfPlayVectorEnvOptions<Config> & { selfPlay: true });

function isSelfPlay(options: AnyVectorEnvOptions<unknown>): options is SelfPlayVectorEnvOptions & { selfPlay: true } {
  return 'selfPlay' in options && options.selfPlay;
}

/** The opponents of a learner's options; none in self-play. */
export function opponentsOf(options: AnyVectorEnvOptions<unknown>): Agent | readonly Agent[] {
  return isSelfPlay(options) ? [] : options.opponents;
}

/** The checked common options of both vector envs. */
function checkVectorOptions(game: GameDefinition, options: AnyVectorEnvOptions<unknown>): number {
  if (!Number.isInteger(options.num) || options.num < 1) {
    throw new AgoraError('bad_request', `num must be a positive integer; got ${String(options.num)}`);
  }
  const mode = options.autoresetMode;
  if (mode !== undefined && mode !== 'next-step' && mode !== 'same-step') {
    throw new AgoraError(
      'bad_request',
      `autoresetMode must be 'next-step' or 'same-step'; got ${JSON.stringify(mode)}`,
    );
  }
  if (!isSelfPlay(options)) return checkLearnerOptions(game, options).players;
  const players = options.players ?? game.defaultPlayers;
  assertPlayerCount(game, players);
  stepLimit(options.maxEpisodeSteps);
  return players;
}

/** The options a shard needs, without the agents: structured-cloneable, for worker threads. */
export function shardOptionsOf(options: AnyVectorEnvOptions<unknown>): ShardOptions {
  const selfPlay = isSelfPlay(options);
  return {
    selfPlay,
    players: options.players,
    seat: selfPlay ? undefined : options.seat,
    seed: options.seed,
    config: options.config,
    maxEpisodeSteps: options.maxEpisodeSteps,
    autoresetMode: options.autoresetMode ?? 'next-step',
  };
}

/** What both vector envs share: spaces, buffers, checks; subclasses say where the envs run. */
export abstract class VectorEnv {
  readonly numEnvs: number;
  readonly players: number;
  readonly singleObservationSpace: Box;
  readonly singleActionSpace: Discrete;
  /** Box(0, 1, [numEnvs, observationSize]). */
  readonly observationSpace: Box;
  /** MultiDiscrete([actionSize] * numEnvs). */
  readonly actionSpace: MultiDiscrete;
  readonly metadata = ENV_METADATA;
  readonly renderMode: RenderMode;
  readonly autoresetMode: AutoresetMode;
  /** True when the caller plays every seat: rows are the seats to act, rewards [numEnvs x players]. */
  readonly selfPlay: boolean;
  protected readonly buffers: VectorBuffers;
  private allSeats: Float32Array | undefined;
  private closed = false;
  private started = false;

  protected constructor(
    readonly game: GameDefinition,
    options: AnyVectorEnvOptions<unknown>,
    shared: boolean,
  ) {
    this.players = checkVectorOptions(game, options);
    this.selfPlay = isSelfPlay(options);
    this.numEnvs = options.num;
    this.renderMode = renderModeOf(options.renderMode);
    this.autoresetMode = options.autoresetMode ?? 'next-step';
    const obsSize = game.observationSize(this.players);
    this.singleObservationSpace = new Box(0, 1, [obsSize]);
    this.singleActionSpace = new Discrete(game.actionSize);
    this.observationSpace = new Box(0, 1, [this.numEnvs, obsSize]);
    this.actionSpace = new MultiDiscrete(Array.from({ length: this.numEnvs }, () => game.actionSize));
    const sizes = {
      num: this.numEnvs,
      obsSize,
      actionSize: game.actionSize,
      players: this.players,
      rewardsPerEnv: this.selfPlay ? this.players : 1,
    };
    this.buffers = allocateVectorBuffers(sizes, shared);
  }

  /**
   * Starts every env; with a seed env i plays the seed `${seed}:${i}` (then seedless resets move
   * on as SingleAgentEnv's do). Rewards, terminated and truncated are 0; infos.reset is all 1.
   */
  reset(options: { seed?: number | string } = {}): VectorStep {
    this.checkOpen();
    this.runReset(options.seed);
    this.started = true;
    return this.buffers;
  }

  /**
   * Plays one action per env (in self-play, for the env's seat to act). Every action is checked
   * against its env's mask before any env moves, so a bad batch changes nothing
   * (IllegalActionError naming the env and the seat). An env whose episode ended at the last step
   * ('next-step' mode) resets instead, and its action, whatever it is, is ignored.
   */
  step(actions: ArrayLike<number>): VectorStep {
    this.checkOpen();
    if (!this.started) throw new AgoraError('bad_request', 'call reset() before step()');
    const b = this.buffers;
    const n = this.numEnvs;
    if (actions.length !== n) {
      throw new AgoraError('bad_request', `step needs ${n} actions, one per env; got ${actions.length}`);
    }
    const size = this.game.actionSize;
    for (let i = 0; i < n; i++) {
      if (b.pending[i] === 1) continue;
      const a = actions[i];
      if (!(Number.isInteger(a) && a >= 0 && a < size && b.actionMasks[i * size + a] === 1)) this.refuse(i, a);
    }
    for (let i = 0; i < n; i++) b.actions[i] = b.pending[i] === 1 ? 0 : actions[i];
    this.runStep();
    return b;
  }

  /**
   * Every seat's observation of every env, for centralised critics and the parallel API:
   * [numEnvs x players x observationSize], seats in table order (not rotated to the learner).
   * The array is the env's own, refilled at each call.
   */
  observeAllSeats(): Float32Array {
    this.checkOpen();
    if (!this.started) throw new AgoraError('bad_request', 'call reset() before observeAllSeats()');
    this.allSeats ??= this.allocateAllSeats(this.numEnvs * this.players * this.singleObservationSpace.size);
    this.runObserveAllSeats(this.allSeats);
    return this.allSeats;
  }

  /** Each env's learner view (self-play: the seat to act's), drawn as renderMode says ('ansi' text or 'html'). */
  render(): string[] {
    this.checkOpen();
    if (!this.started) throw new AgoraError('bad_request', 'call reset() before render()');
    return this.runRender(this.renderMode);
  }

  /** Ends the env (and its threads); later calls throw. Resolves once every thread is gone. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.runClose();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  protected checkOpen(): void {
    if (this.closed) throw new AgoraError('bad_request', 'this vector env is closed');
  }

  private refuse(i: number, action: number): never {
    const size = this.game.actionSize;
    const legal: string[] = [];
    for (let a = 0; a < size; a++) if (this.buffers.actionMasks[i * size + a] === 1) legal.push(String(a));
    const why =
      Number.isInteger(action) && action >= 0 && action < size
        ? `it is not legal now in env ${i}`
        : `actions are integers 0..${size - 1} (env ${i})`;
    throw new IllegalActionError(this.game.name, this.buffers.infos.seat[i], action, why, legal);
  }

  protected abstract runReset(seed: number | string | undefined): void;
  protected abstract runStep(): void;
  protected abstract allocateAllSeats(length: number): Float32Array;
  protected abstract runObserveAllSeats(out: Float32Array): void;
  protected abstract runRender(mode: RenderMode): string[];
  protected abstract runClose(): Promise<void>;
}

/** The vector env in this thread (Gymnasium's SyncVectorEnv). */
export class SyncVectorEnv<Config = unknown> extends VectorEnv {
  private readonly shard: VectorShard;

  constructor(game: GameDefinition, options: AnyVectorEnvOptions<Config>) {
    super(game, options as AnyVectorEnvOptions<unknown>, false);
    const opts = options as AnyVectorEnvOptions<unknown>;
    this.shard = new VectorShard(game, shardOptionsOf(opts), opponentsOf(opts), this.buffers, 0, this.numEnvs);
  }

  /** The envs' live games (tests and logging). */
  get states(): readonly GameState[] {
    return this.shard.envs.map((env) => env.state);
  }

  protected runReset(seed: number | string | undefined): void {
    this.shard.reset(seed);
  }

  protected runStep(): void {
    this.shard.step();
  }

  protected allocateAllSeats(length: number): Float32Array {
    return new Float32Array(length);
  }

  protected runObserveAllSeats(out: Float32Array): void {
    this.shard.observeAllSeats(out);
  }

  protected runRender(mode: RenderMode): string[] {
    return this.shard.render(mode);
  }

  protected async runClose(): Promise<void> {}
}
