/**
 * Envs first..first+count-1 of a vector env, stepped into its buffers. The synchronous vector
 * env is one shard over every env; the threaded one gives each worker thread a shard, so both
 * run this same code on the same seeds and return the same numbers. A shard's envs are learner
 * games against opponents (LearnerGame) or self-play games in which the caller plays every seat
 * (SelfPlayGame); the two differ only in the rewards and in the mask of a finished row.
 */
import type { Agent } from './agent.js';
import type { GameDefinition, GameState } from './game.js';
import { LearnerGame, type LearnerOptions } from './learner-game.js';
import { SelfPlayGame } from './self-play-game.js';
import { renderSeat, type RenderMode } from './single-agent-env.js';
import type { AutoresetMode, VectorBuffers } from './vector-buffers.js';

/**
 * What a shard's envs are made of: the learner options without the agents (given apart), or
 * with selfPlay no agents at all (seat is then unused).
 */
export type ShardOptions = Omit<LearnerOptions<unknown>, 'opponents'> & {
  autoresetMode: AutoresetMode;
  selfPlay?: boolean;
};

/** What the shard needs of one env's episodes: LearnerGame and SelfPlayGame both have it. */
interface Episodes {
  readonly state: GameState;
  /** The seat whose observation and mask the row shows. */
  readonly seat: number;
  /** Decisions of every seat in this episode. */
  readonly decisions: number;
  reset(seed?: number | string): void;
  act(action: number): void;
  isOver(): boolean;
  isTimeUp(): boolean;
  isDone(): boolean;
}

export class VectorShard {
  readonly envs: Episodes[];
  private readonly obsSize: number;
  private readonly actionSize: number;
  private readonly players: number;
  private readonly selfPlay: boolean;

  constructor(
    readonly game: GameDefinition,
    private readonly options: ShardOptions,
    opponents: Agent | readonly Agent[],
    private readonly buffers: VectorBuffers,
    readonly first: number,
    readonly count: number,
  ) {
    const seed = options.seed ?? 0;
    this.selfPlay = options.selfPlay === true;
    const players = options.players ?? game.defaultPlayers;
    this.envs = Array.from({ length: count }, (_, k) =>
      this.selfPlay
        ? new SelfPlayGame(game, { ...options, players, seed: `${seed}:${first + k}` })
        : new LearnerGame(game, { ...options, opponents, seed: `${seed}:${first + k}` }),
    );
    this.players = players;
    this.obsSize = game.observationSize(this.players);
    this.actionSize = game.actionSize;
  }

  /** Resets every env (env i with `${seed}:${i}` when a seed is given). */
  reset(seed: number | string | undefined): void {
    const b = this.buffers;
    for (let k = 0; k < this.count; k++) {
      const i = this.first + k;
      this.envs[k].reset(seed === undefined ? undefined : `${seed}:${i}`);
      this.writeRewards(i, undefined, 0);
      b.terminated[i] = 0;
      b.truncated[i] = 0;
      b.pending[i] = 0;
      b.infos.capped[i] = 0;
      b.infos.reset[i] = 1;
      this.writeRow(k);
    }
  }

  /** Steps every env with buffers.actions (checked legal by the caller) and writes the results. */
  step(): void {
    const b = this.buffers;
    const sameStep = this.options.autoresetMode === 'same-step';
    for (let k = 0; k < this.count; k++) {
      const i = this.first + k;
      const env = this.envs[k];
      b.infos.capped[i] = 0;
      if (b.pending[i] === 1) {
        // 'next-step' mode: the episode ended at the last step; this step starts the next one.
        env.reset(undefined);
        b.pending[i] = 0;
        this.writeRewards(i, undefined, 0);
        b.terminated[i] = 0;
        b.truncated[i] = 0;
        b.infos.reset[i] = 1;
        this.writeRow(k);
        continue;
      }
      env.act(b.actions[i]);
      const over = env.isOver();
      const timeUp = !over && env.isTimeUp();
      b.terminated[i] = over ? 1 : 0;
      b.truncated[i] = timeUp ? 1 : 0;
      this.writeRewards(i, over ? this.writeOutcome(k) : undefined, env.seat);
      b.infos.reset[i] = 0;
      if (!over && !timeUp) {
        this.writeRow(k);
      } else if (sameStep) {
        env.state.observeInto(env.seat, b.infos.finalObservations, i * this.obsSize);
        env.reset(undefined);
        b.infos.reset[i] = 1;
        this.writeRow(k);
      } else {
        this.writeRow(k);
        // The next step resets this env and ignores its action: any action is accepted, and an
        // all-ones mask keeps a masked sampler (a Categorical over the legal actions) working.
        b.actionMasks.fill(1, i * this.actionSize, (i + 1) * this.actionSize);
        b.pending[i] = 1;
      }
    }
  }

  /** Every seat's observation of every env: out[(i * players + seat) * obsSize ..]. */
  observeAllSeats(out: Float32Array): void {
    const rowSize = this.players * this.obsSize;
    for (let k = 0; k < this.count; k++) {
      const state = this.envs[k].state;
      const at = (this.first + k) * rowSize;
      for (let seat = 0; seat < this.players; seat++) state.observeInto(seat, out, at + seat * this.obsSize);
    }
  }

  render(mode: RenderMode): string[] {
    return this.envs.map((env) => renderSeat(this.game, env.state, env.seat, mode));
  }

  /** The env's observation, mask, seat and length in its row (mask all zero once it is done). */
  private writeRow(k: number): void {
    const b = this.buffers;
    const i = this.first + k;
    const env = this.envs[k];
    const state = env.state;
    state.observeInto(env.seat, b.observations, i * this.obsSize);
    const at = i * this.actionSize;
    b.actionMasks.fill(0, at, at + this.actionSize);
    if (!env.isDone()) {
      const legal = state.legalActions();
      for (let j = 0; j < legal.length; j++) b.actionMasks[at + legal[j]] = 1;
    }
    b.infos.seat[i] = env.seat;
    b.infos.episodeLength[i] = env.decisions;
  }

  /**
   * Row i's rewards: the learner's return (one per env) or every seat's (self-play) from
   * `returns`, or zeros where no game ended.
   */
  private writeRewards(i: number, returns: readonly number[] | undefined, seat: number): void {
    const rewards = this.buffers.rewards;
    if (!this.selfPlay) {
      rewards[i] = returns === undefined ? 0 : returns[seat];
      return;
    }
    const at = i * this.players;
    for (let s = 0; s < this.players; s++) rewards[at + s] = returns === undefined ? 0 : returns[s];
  }

  /** Writes the ended game's ranking, scores and returns; gives every seat's return. */
  private writeOutcome(k: number): number[] {
    const b = this.buffers;
    const state = this.envs[k].state;
    const ranking = state.ranking();
    const scores = state.scores();
    const returns = state.returns();
    const at = (this.first + k) * this.players;
    for (let seat = 0; seat < this.players; seat++) {
      b.infos.ranking[at + seat] = ranking[seat];
      b.infos.scores[at + seat] = scores[seat];
      b.infos.returns[at + seat] = returns[seat];
    }
    b.infos.capped[this.first + k] = state.isTruncated() ? 1 : 0;
    return returns;
  }
}
