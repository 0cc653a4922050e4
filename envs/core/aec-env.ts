import { AgoraError } from './errors.js';
import type { GameDefinition, GameState } from './game.js';
import { assertPlayerCount } from './registry.js';
import { stepLimit } from './learner-game.js';
import { ENV_METADATA, renderModeOf, renderSeat, type RenderMode } from './single-agent-env.js';
import { Box, Discrete } from './spaces.js';

/** What `observe(agent)` returns: PettingZoo's dict observation with an action mask. */
export interface AgentObservation {
  observation: Float32Array;
  /** 1 for each action the agent may take now (all zero when it is not to act). */
  actionMask: Uint8Array;
}

export interface AECInfo {
  /** Legal actions of this agent now (empty unless it is to act). */
  legalActions: number[];
  /** True when the game ended by its rules' turn cap (terminations are then true, with real rewards). */
  capped?: boolean;
  /** Set once the game is over: final places (0 = first) and the game's own scores. */
  ranking?: number[];
  scores?: number[];
}

export interface AECEnvOptions<Config = unknown> {
  /** Seat count (default: the game's defaultPlayers). */
  players?: number;
  /** Seed of the first reset() that passes none (default 0). */
  seed?: number | string;
  config?: Config;
  /**
   * A user step limit (PettingZoo's max_cycles, counted in decisions of every seat): a game still
   * running after this many decisions ends with every truncation true and no rewards.
   */
  maxEpisodeSteps?: number;
  /** What render() returns: the spectator's text board ('ansi', default) or the arena's HTML. */
  renderMode?: RenderMode;
}

/**
 * PettingZoo's agent-environment cycle over one game. Agents are seat numbers. The protocol is
 * PettingZoo's: loop over `agentIter()`, read `last()`, and call `step(action)`, or `step(null)`
 * for an agent whose termination or truncation is set (that removes it from `agents`). Rewards
 * are zero until the game ends; then every seat gets its return from the ranking, once. A game
 * ended by its rules, turn cap included, sets terminations (the cap: infos[a].capped); only the
 * user's maxEpisodeSteps sets truncations.
 */
export class AECEnv<Config = unknown> {
  readonly possibleAgents: readonly number[];
  agents: number[] = [];
  agentSelection = -1;
  /** Indexed by seat, like PettingZoo's dicts keyed by agent. */
  rewards: number[] = [];
  terminations: boolean[] = [];
  truncations: boolean[] = [];
  /** One object per seat, updated in place (no allocation per step). */
  infos: AECInfo[] = [];
  readonly metadata = ENV_METADATA;
  readonly renderMode: RenderMode;
  private cumulativeRewards: number[] = [];
  private current: GameState | undefined;
  private decisions = 0;
  private readonly limit: number;
  private readonly obsSize: number;
  private closed = false;
  private episode = 0;
  private baseSeed: number | string;
  private readonly obsSpace: Box;
  private readonly actSpace: Discrete;

  constructor(
    readonly game: GameDefinition,
    private readonly options: AECEnvOptions<Config> = {},
  ) {
    const players = options.players ?? game.defaultPlayers;
    assertPlayerCount(game, players);
    this.possibleAgents = Array.from({ length: players }, (_, i) => i);
    this.baseSeed = options.seed ?? 0;
    this.obsSize = game.observationSize(players);
    this.obsSpace = new Box(0, 1, [this.obsSize]);
    this.actSpace = new Discrete(game.actionSize);
    this.renderMode = renderModeOf(options.renderMode);
    this.limit = stepLimit(options.maxEpisodeSteps);
  }

  /** The live game (for logging and tests; agents must not read it). */
  get state(): GameState {
    if (this.closed) throw new AgoraError('bad_request', 'this env is closed');
    if (!this.current) throw new AgoraError('bad_request', 'call reset() before using the environment');
    return this.current;
  }

  observationSpace(_agent: number): Box {
    return this.obsSpace;
  }

  actionSpace(_agent: number): Discrete {
    return this.actSpace;
  }

  /**
   * Starts a new game. With a seed, the game is newGame(seed) and later seedless resets continue
   * from it; without one, episode k after the last seed s uses the seed `${s}#k`.
   */
  reset(options: { seed?: number | string } = {}): void {
    if (this.closed) throw new AgoraError('bad_request', 'this env is closed');
    if (options.seed !== undefined) {
      this.baseSeed = options.seed;
      this.episode = 0;
    }
    const seed = this.episode === 0 ? this.baseSeed : `${this.baseSeed}#${this.episode}`;
    this.episode++;
    this.current = this.game.newGame({ players: this.possibleAgents.length, seed, config: this.options.config });
    this.agents = [...this.possibleAgents];
    this.decisions = 0;
    for (const a of this.agents) {
      this.rewards[a] = 0;
      this.cumulativeRewards[a] = 0;
      this.terminations[a] = false;
      this.truncations[a] = false;
      this.infos[a] = { legalActions: NONE };
    }
    this.agentSelection = -1;
    this.afterMove();
  }

  observe(agent: number): AgentObservation {
    const state = this.state;
    if (!this.possibleAgents.includes(agent)) {
      throw new AgoraError('bad_request', `no agent ${agent}; agents are ${this.possibleAgents.join(', ')}`);
    }
    const mask = new Uint8Array(this.game.actionSize);
    const live = !this.truncations[agent] && state.currentPlayer() === agent;
    if (live) for (const a of this.infos[agent].legalActions) mask[a] = 1;
    return { observation: state.observation(agent), actionMask: mask };
  }

  /**
   * Every seat's observation at once, [players x observationSize] in seat order (the parallel
   * API's observations and a centralised critic's input), written into `out` when given.
   */
  observeAll(out = new Float32Array(this.possibleAgents.length * this.obsSize)): Float32Array {
    const state = this.state;
    for (const seat of this.possibleAgents) state.observeInto(seat, out, seat * this.obsSize);
    return out;
  }

  /** The spectator's view (public information only), drawn as renderMode says. */
  render(): string {
    return renderSeat(this.game, this.state, -1, this.renderMode);
  }

  /** Ends the env: later calls throw. */
  close(): void {
    this.closed = true;
  }

  /** [observation, cumulative reward since it last acted, terminated, truncated, info] of agentSelection. */
  last(): [AgentObservation, number, boolean, boolean, AECInfo] {
    const a = this.agentSelection;
    return [this.observe(a), this.cumulativeRewards[a], this.terminations[a], this.truncations[a], this.infos[a]];
  }

  /**
   * Acts for agentSelection. A live agent's action must be legal (IllegalActionError otherwise,
   * nothing changed); a done agent must pass null, which removes it.
   */
  step(action: number | null): void {
    const state = this.state;
    const agent = this.agentSelection;
    if (this.agents.length === 0) throw new AgoraError('bad_request', 'every agent is done; call reset()');
    if (this.terminations[agent] || this.truncations[agent]) {
      if (action !== null) {
        throw new AgoraError('bad_request', `agent ${agent} is done; step(null) removes it (got ${action})`);
      }
      this.agents = this.agents.filter((a) => a !== agent);
      this.cumulativeRewards[agent] = 0;
      this.agentSelection = this.agents.length > 0 ? this.agents[0] : -1;
      return;
    }
    if (action === null)
      throw new AgoraError('bad_request', `agent ${agent} is live and must act; null is only for done agents`);
    state.applyAction(action);
    this.decisions++;
    this.cumulativeRewards[agent] = 0;
    this.afterMove();
  }

  /** Yields agentSelection until every agent is done (at most maxSteps times, as a guard). */
  *agentIter(maxSteps = 1e9): Generator<number> {
    for (let i = 0; i < maxSteps && this.agents.length > 0; i++) yield this.agentSelection;
  }

  private afterMove(): void {
    const state = this.state;
    const actor = state.currentPlayer();
    if (actor >= 0 && this.decisions >= this.limit) {
      for (const a of this.agents) {
        this.truncations[a] = true;
        this.infos[a] = { legalActions: NONE };
      }
      this.agentSelection = this.agents[0];
      return;
    }
    if (actor >= 0) {
      // The hot path: rewards stay 0 until the end, and only the previous and the new actor's
      // infos change; currentPlayer() >= 0 doubles as the liveness test.
      if (this.agentSelection >= 0) this.infos[this.agentSelection].legalActions = NONE;
      this.infos[actor].legalActions = state.legalActions();
      this.agentSelection = actor;
      return;
    }
    const ranking = state.ranking();
    const returns = state.returns();
    const capped = state.isTruncated();
    const scores = state.scores();
    for (const a of this.agents) {
      this.rewards[a] = returns[a];
      this.cumulativeRewards[a] += returns[a];
      this.terminations[a] = true;
      this.infos[a] = { legalActions: [], capped, ranking, scores };
    }
    this.agentSelection = this.agents[0];
  }
}

const NONE = Object.freeze([]) as unknown as number[];
