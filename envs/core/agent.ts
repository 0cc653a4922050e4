import { AgoraError } from './errors.js';
import type { GameDefinition, GameState, PlayerView } from './game.js';
import type { Rng } from './rng.js';

/**
 * Everything an agent may know when it decides (architecture "Agents"). An agent never receives
 * the true state: it sees its seat's view and observation, and may only simulate worlds drawn
 * consistently with that view through `sampleWorld`. A context is valid until the next action is
 * applied to the game it came from.
 */
export interface DecisionContext {
  /** The game being played (for evaluate, encode, actionSize...). */
  readonly game: GameDefinition;
  /** The seat deciding. */
  readonly player: number;
  /** What that seat sees. */
  readonly view: PlayerView;
  /** encode(view): the network input. */
  readonly observation: Float32Array;
  /** The legal actions, sorted; the agent must return one of them. */
  readonly legalActions: number[];
  /** The agent's own seeded randomness for this decision. */
  readonly rng: Rng;
  /** A full state consistent with the view (the game's determinize(player)); fresh on every call. */
  sampleWorld(rng: Rng): GameState;
  /** Stable label of an action (the game's actionToString), for logs and people. */
  actionLabel(action: number): string;
}

/** A player: random, greedy, MCTS, a neural policy, a person. */
export interface Agent {
  /** A label for tables and logs, usually the spec string it was built from. */
  readonly name: string;
  /** Chooses one of ctx.legalActions. May be asynchronous (worker, network, person). */
  act(ctx: DecisionContext): number | Promise<number>;
  /** How to build this agent again in another thread (threaded vector envs); makeAgent sets it. */
  readonly recipe?: AgentRecipe;
}

/**
 * An agent as something a worker thread can rebuild: the module (a file URL) exporting a
 * function `(args, game) => Agent`, and its arguments (structured-cloneable). makeAgent's recipe
 * is `{ module: <agents/make-agent.ts>, export: 'makeAgent', args: spec }`.
 */
export interface AgentRecipe {
  readonly module: string;
  readonly export: string;
  readonly args: unknown;
}

/**
 * Builds the decision context of the seat to act in `state`. The view and observation are
 * computed on first use, so agents that never read them (random, search) pay nothing for them.
 */
export function decisionContext(game: GameDefinition, state: GameState, rng: Rng): DecisionContext {
  return new LazyContext(game).aim(state, rng);
}

/**
 * One decision context used again for every decision of a synchronous loop (the environments'
 * opponents): a context is valid only until the next action, so reusing it is within the contract,
 * and a step then builds no context object.
 */
export class DecisionSlot {
  private readonly ctx: LazyContext;

  constructor(game: GameDefinition) {
    this.ctx = new LazyContext(game);
  }

  /** The context of the seat to act in `state`, deciding with `rng`. */
  of(state: GameState, rng: Rng): DecisionContext {
    return this.ctx.aim(state, rng);
  }
}

class LazyContext implements DecisionContext {
  // A true private field: an agent cannot reach the real state even by ignoring the types.
  #state: GameState | undefined;
  #view: PlayerView | undefined;
  #observation: Float32Array | undefined;
  player = -1;
  legalActions: number[] = [];
  rng!: Rng;

  constructor(readonly game: GameDefinition) {}

  aim(state: GameState, rng: Rng): this {
    const player = state.currentPlayer();
    if (player < 0) throw new AgoraError('bad_request', `${this.game.name}: the game is over; nobody is to act`);
    this.#state = state;
    this.#view = undefined;
    this.#observation = undefined;
    this.player = player;
    this.legalActions = state.legalActions();
    this.rng = rng;
    return this;
  }

  get view(): PlayerView {
    return (this.#view ??= this.#state!.view(this.player));
  }

  /** The direct encoder's output, equal to encode(view) (the checker holds every game to it). */
  get observation(): Float32Array {
    return (this.#observation ??= this.#state!.observation(this.player));
  }

  sampleWorld(worldRng: Rng): GameState {
    return this.#state!.determinize(this.player, worldRng);
  }

  actionLabel(action: number): string {
    return this.#state!.actionToString(action);
  }
}

/** Checks an agent's answer, so a faulty agent is named instead of corrupting a game. */
export function checkAgentAction(agent: Agent, ctx: DecisionContext, action: unknown): number {
  if (typeof action !== 'number' || !ctx.legalActions.includes(action)) {
    throw new AgoraError(
      'illegal_action',
      `${ctx.game.name}: agent '${agent.name}' at seat ${ctx.player} chose ${String(action)}, ` +
        `which is not one of the legal actions [${ctx.legalActions.join(', ')}]`,
    );
  }
  return action;
}

/** Runs a synchronous agent; a Promise answer is an error here (use the async play loop instead). */
export function actSync(agent: Agent, ctx: DecisionContext): number {
  const action = agent.act(ctx);
  if (action instanceof Promise) {
    throw new AgoraError(
      'bad_request',
      `agent '${agent.name}' answers asynchronously; ` +
        'synchronous environments (SingleAgentEnv, VectorEnv) need synchronous opponents',
    );
  }
  return checkAgentAction(agent, ctx, action);
}
